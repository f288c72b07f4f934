"""The ``stalkerzone`` command line (docs/architecture.md): one sub-command per module.

Each module in :mod:`stalkerzone.commands` has ``add_parser(subparsers)`` and ``run(args)``.
Only the module of the command being run is imported: the others are listed by the one-line
summaries below, so ``stalkerzone --help`` imports no command module (and neither pydantic,
numpy nor arcade). Bad values give a one-line message and exit 2, never a traceback.

``stalkerzone --no-cache COMMAND …`` runs the command without the cache of validated content
(:mod:`stalkerzone.content.pack_cache`), as ``STALKERZONE_NO_CACHE=1`` does.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NoReturn, cast

from stalkerzone import __version__
from stalkerzone.errors import UserError

# Sub-command -> its summary in ``stalkerzone --help``; the same text as the ``help=`` that
# the command's own ``add_parser`` gives (a test checks that they agree).
COMMANDS: dict[str, str] = {
    "play": "open the game window (the default command)",
    "cards": "check card packs, print or write the JSON Schemas, print a template, draw a card",
    "map": "the sectors, random Zones, layout checks",
    "odds": "exact odds of a fight (win, death, escape, expected rounds)",
    "simulate": "play bot games headless and print balance statistics",
    "watch": "bots play a game in the client",
    "replay": "re-run a saved game from seed + actions and check it ends in the same state",
    "print": "print-and-play sheets of every card and sector face (PDF)",
    "host": "host a network game: remote players join it, bots play on the host",
    "join": "join a network game in the game window",
}
DEFAULT_COMMAND = "play"
NO_CACHE = "--no-cache"


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser, with the full sub-parser of ``command`` (its module imported) only."""
    parser = argparse.ArgumentParser(
        prog="stalkerzone",
        description="Stalker Zone (Зона Сталкеров): the hex-map adventure board game.",
    )
    parser.add_argument("--version", action="version", version=f"stalkerzone {__version__}")
    parser.add_argument(
        NO_CACHE, action="store_true", help="validate the card packs again (no cached content)"
    )
    subparsers = parser.add_subparsers(
        dest="command", metavar="COMMAND", parser_class=cast(Any, _sub_parser)
    )
    listed: dict[str, Any] = {_LISTED: True}
    for name, summary in COMMANDS.items():
        if name == command:
            importlib.import_module(f"stalkerzone.commands.{name}").add_parser(subparsers)
        else:
            subparsers.add_parser(name, help=summary, add_help=False, **listed)
    return parser


_LISTED = "listed_only"
"""The keyword that makes the sub-parser of a command not being run a :class:`ListedCommand`."""


class ListedCommand:
    """The sub-parser of a command that is not run: it is only listed, with its summary, in
    ``stalkerzone --help`` (a full parser per command costs ~0.2 ms, gettext's look-ups
    included). Never asked to parse: ``main`` builds the full parser of the command given."""

    def __init__(self, prog: str) -> None:
        self.prog = prog

    def parse_known_args(self, args: Sequence[str], namespace: object) -> NoReturn:
        raise AssertionError(f"{self.prog}: build_parser() was not given this command")


def _sub_parser(**options: Any) -> argparse.ArgumentParser | ListedCommand:
    """The ``parser_class`` of the sub-commands: a full parser, or a listed one (``_LISTED``)."""
    if options.pop(_LISTED, False):
        return ListedCommand(options["prog"])
    return argparse.ArgumentParser(**options)


def chosen_command(args: Sequence[str]) -> str | None:
    """The sub-command ``args`` (as given to :func:`main`, ``play`` already put first) run."""
    if args and args[0] in COMMANDS:
        return args[0]
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; with no command, open the game (``play``). ``argv`` None: the process's
    own command line (``sys.argv``), whose command module is imported for good first."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    no_cache = bool(args_list) and args_list[0] == NO_CACHE
    if no_cache:
        args_list.pop(0)
    starts_with_option = bool(args_list) and args_list[0].startswith("-")
    if not args_list or (starts_with_option and args_list[0] not in ("-h", "--help", "--version")):
        args_list.insert(0, DEFAULT_COMMAND)
    command = chosen_command(args_list)
    if command is not None and argv is None:
        _import_for_good(command)
    args = build_parser(command).parse_args(args_list)
    module = importlib.import_module(f"stalkerzone.commands.{args.command}")
    try:
        with _cache_turned_off(no_cache):
            code: int = module.run(args)
    except UserError as error:
        print(f"stalkerzone: {error}", file=sys.stderr)
        return error.exit_code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return _reader_went_away()
    return code


SIGPIPE_EXIT = 141
"""What a shell reports for a command whose reader went away (128 + SIGPIPE)."""


def _reader_went_away() -> int:
    """The output's reader closed the pipe (``stalkerzone map random --json | head``): stop
    quietly, as a Unix tool does, with nothing more written to the closed pipe at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no real file behind stdout (a caller's stand-in)
        pass
    return SIGPIPE_EXIT


def _import_for_good(command: str) -> None:
    """Import the command's module for the rest of the process without cyclic garbage
    collection: the import makes thousands of objects that live as long as the process
    (classes, functions, their tables), and the collector's passes over them find nothing to
    free (a tenth of a one-shot command's own start-up), so they are then kept out of its
    passes (``gc.freeze``). Only for the process's own command line: the objects of a caller of
    :func:`main` (a test) are never frozen."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        importlib.import_module(f"stalkerzone.commands.{command}")
    finally:
        gc.freeze()
        if enabled:
            gc.enable()


@contextmanager
def _cache_turned_off(off: bool) -> Iterator[None]:
    """``--no-cache``: the environment says so while the command runs (its worker processes
    inherit it), as it was afterwards."""
    if not off:
        yield
        return
    from stalkerzone.content.pack_cache import NO_CACHE_VARIABLE

    before = os.environ.get(NO_CACHE_VARIABLE)
    os.environ[NO_CACHE_VARIABLE] = "1"
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(NO_CACHE_VARIABLE, None)
        else:
            os.environ[NO_CACHE_VARIABLE] = before
