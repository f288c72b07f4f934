"""The ``stalkerzone`` command line (ARCHITECTURE.md): one sub-command per module.

Each module in :mod:`stalkerzone.commands` has ``add_parser(subparsers)`` and ``run(args)``.
Bad values give a one-line message and exit 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from stalkerzone import __version__
from stalkerzone.errors import UserError

COMMANDS = ("play", "cards", "map", "odds", "simulate", "watch", "replay")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="stalkerzone",
        description="Stalker Zone (Зона Сталкеров): the hex-map adventure board game.",
    )
    parser.add_argument("--version", action="version", version=f"stalkerzone {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"stalkerzone.commands.{name}").add_parser(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; with no command, open the game (``play``)."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    starts_with_option = bool(args_list) and args_list[0].startswith("-")
    if not args_list or (starts_with_option and args_list[0] not in ("-h", "--help", "--version")):
        args_list.insert(0, "play")
    args = parser.parse_args(args_list)
    module = importlib.import_module(f"stalkerzone.commands.{args.command}")
    try:
        code: int = module.run(args)
    except UserError as error:
        print(f"stalkerzone: {error}", file=sys.stderr)
        return error.exit_code
    except KeyboardInterrupt:
        return 130
    return code
