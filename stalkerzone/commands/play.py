"""`stalkerzone play` (docs/architecture.md, The command line): open the game window on the
title screen.

``stalkerzone`` with no command does the same. The options preset the new-game screen; a bad
value gives one line and exit 2 (values are checked here, not by argparse, so that the message
is a single line).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from stalkerzone.commands.options import parse_cards, parse_int, parse_seed, parse_text, quoted
from stalkerzone.errors import UserError

VARIANTS = ("standard", "express")
LANGS = ("en", "ru")


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser("play", help="open the game window (the default command)")
    add_common_options(parser)
    parser.add_argument("--players", metavar="N", help="number of players, 1-6 (default 2)")
    parser.add_argument("--bots", metavar="K", help="how many of the players are bots (default 0)")
    parser.add_argument("--variant", metavar="NAME", help="standard (default) or express")
    parser.add_argument("--express", action="store_true", help="same as --variant express")
    parser.add_argument(
        "--try",
        dest="try_dirs",
        metavar="DIR",
        action="append",
        default=[],
        help="a card pack to try: loaded like --cards, and its cards come first in every deck "
        "(repeatable)",
    )


def add_common_options(parser: argparse.ArgumentParser) -> None:
    """Options ``play`` and ``watch`` share: --seed, --cards, --lang."""
    parser.add_argument("--seed", metavar="S", help="seed of the game (a whole number >= 0)")
    parser.add_argument(
        "--cards",
        metavar="DIR",
        action="append",
        default=[],
        help="an extra card pack folder (repeatable)",
    )
    parser.add_argument("--lang", metavar="LANG", help="language: en or ru")


def parse_lang(value: str | None) -> str | None:
    value = parse_text(value, "--lang")
    if value is not None and value not in LANGS:
        raise UserError(f"--lang: {quoted(value)} is not a language (use {' or '.join(LANGS)})")
    return value


def presets_from_args(args: argparse.Namespace) -> Any:
    """Check every option and build the client's ``Presets``."""
    from stalkerzone.client.app.context import Presets

    players = parse_int(args.players, "--players", 1, 6)
    bots = parse_int(args.bots, "--bots", 0, 6)
    seed = parse_seed(args.seed)
    variant = parse_text(args.variant, "--variant") or "standard"
    if args.express:
        if args.variant not in (None, "express"):
            raise UserError(f"--express contradicts --variant {quoted(args.variant)}")
        variant = "express"
    if variant not in VARIANTS:
        raise UserError(f"--variant: {quoted(variant)} is not a variant (use standard or express)")
    if players is None:
        players = max(2, bots or 0)
    if bots is not None and bots > players:
        raise UserError(f"--bots: {bots} bots do not fit in {players} players")
    tried = parse_cards(getattr(args, "try_dirs", []))
    return Presets(
        players=players,
        bots=bots or 0,
        seed=seed,
        variant=variant,
        card_dirs=(*parse_cards(args.cards), *tried),
        lang=parse_lang(args.lang),
        tried_packs=tried_pack_ids(tried),
    )


def tried_pack_ids(folders: tuple[Path, ...]) -> tuple[str, ...]:
    """The ids of the packs in ``folders`` (``--try``); a folder with no valid pack is one line,
    exit 2."""
    if not folders:
        return ()
    from stalkerzone.content.loader import load_packs

    result = load_packs(list(folders), include_user=False)
    roots = [f.resolve() for f in folders]
    ids = tuple(
        info.id
        for info in result.packs
        if info.loaded and any(info.path.resolve().is_relative_to(r) for r in roots)
    )
    if not ids:
        raise UserError(f"--try: {folders[0]}: no card pack loads from it (see: cards check)")
    return ids


def run(args: argparse.Namespace) -> int:
    presets = presets_from_args(args)
    from stalkerzone.client.app.window import run_app
    from stalkerzone.content.loader import load_packs
    from stalkerzone.content.report import report

    report(load_packs(list(presets.card_dirs)), "play")  # nothing silent (docs/cards.md)

    return run_app(presets)
