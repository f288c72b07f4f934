"""`stalkerzone cards check|schema|new|show|pack|install` (docs/cards.md "Tools for card
authors", "Sharing a pack")."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from stalkerzone.content.loader import CARD_SET_FIELDS, load_packs
from stalkerzone.content.messages import count_of
from stalkerzone.engine.core import Colour
from stalkerzone.errors import UserError
from stalkerzone.paths import user_cards_dir

CARD_KINDS = tuple(CARD_SET_FIELDS)
"""The card kinds, named without importing the card models (``check`` on cached packs never
builds them, nor the schema or the templates: those are imported inside their verbs)."""
TEMPLATE_KINDS = (*CARD_KINDS, "pack")
"""What ``cards new`` writes a template of: each card kind and ``pack`` (pack.toml)."""
COLOUR_NAMES = ", ".join(c.value for c in Colour)
LANGUAGE_NAMES = "en or ru"


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "cards",
        help="check card packs, print or write the JSON Schemas, print a template, draw a card",
    )
    verbs = parser.add_subparsers(dest="cards_command", metavar="VERB")
    check = verbs.add_parser(
        "check", help="validate the base pack, the user card folder and the given packs"
    )
    check.add_argument(
        "dirs", nargs="*", type=Path, metavar="DIR", help="a pack or a folder of packs"
    )
    check.add_argument("--no-user", action="store_true", help="skip the user card folder")
    check.add_argument(
        "--odds",
        action="store_true",
        help="also each monster's exact win chances at each colour against the kit of each "
        "stage of a game, with outliers against the base set flagged (seconds, no simulation)",
    )
    schema = verbs.add_parser("schema", help="print the JSON Schema of a card file")
    schema.add_argument("--pack", action="store_true", help="the schema of pack.toml instead")
    schema.add_argument(
        "--out",
        type=Path,
        metavar="DIR",
        help="write card.schema.json and pack.schema.json into DIR instead of printing",
    )
    new = verbs.add_parser(
        "new",
        help="print a commented template of a card (or of pack.toml) and write the schemas "
        "into the user card folder",
    )
    new.add_argument("kind", metavar="KIND", help=f"one of: {', '.join(TEMPLATE_KINDS)}")
    pack = verbs.add_parser(
        "pack", help="check a pack and write it as one file to share (a zip with digests)"
    )
    pack.add_argument("folder", type=Path, metavar="DIR", help="the pack folder")
    pack.add_argument(
        "--out", type=Path, metavar="FILE", help="the archive to write (default ID-VERSION.szpack)"
    )
    install = verbs.add_parser(
        "install", help="check a shared pack file and install it into the user card folder"
    )
    install.add_argument("file", type=Path, metavar="FILE", help="a .szpack file")
    install.add_argument(
        "--replace", action="store_true", help="replace an installed pack of the same id"
    )
    show = verbs.add_parser("show", help="draw one card as the game does, into a PNG file")
    show.add_argument("card_id", metavar="ID", help="the card's id")
    show.add_argument("--png", type=Path, required=True, metavar="FILE", help="the PNG to write")
    show.add_argument("--colour", metavar="C", help=f"a monster's colour: {COLOUR_NAMES}")
    show.add_argument(
        "--cards", action="append", default=[], type=Path, metavar="DIR", help="extra card pack"
    )
    show.add_argument("--lang", default="en", metavar="L", help=LANGUAGE_NAMES)
    show.add_argument("--no-user", action="store_true", help="skip the user card folder")
    show.add_argument(
        "--watch",
        action="store_true",
        help="draw the card again each time a file of the packs changes (Ctrl-C stops)",
    )


def run(args: argparse.Namespace) -> int:
    verb = getattr(args, "cards_command", None)
    if verb == "check":
        return _check(list(args.dirs), include_user=not args.no_user, odds=args.odds)
    if verb == "schema":
        if args.out is not None:
            for path in _write_schemas(args.out, "cards schema"):
                print(path)
            return 0
        from stalkerzone.content.schema import card_file_schema, pack_file_schema

        schema = pack_file_schema() if args.pack else card_file_schema()
        print(json.dumps(schema, indent=2, ensure_ascii=False))
        return 0
    if verb == "new":
        if args.kind not in TEMPLATE_KINDS:
            kinds = ", ".join(TEMPLATE_KINDS)
            raise UserError(f"cards new: unknown card kind '{args.kind}'; kinds: {kinds}")
        from stalkerzone.content.templates import template

        folder = user_cards_dir()
        written = _write_schemas(folder, "cards new")
        print(
            f"schemas for editors: {', '.join(p.name for p in written)} in {folder}",
            file=sys.stderr,
        )
        print(template(args.kind), end="")
        return 0
    if verb == "show":
        from stalkerzone.commands.card_show import show_card

        return show_card(args)
    if verb == "pack":
        from stalkerzone.content.pack_archive import write_archive

        made = write_archive(args.folder, args.out)
        print(
            f"{made.path}: pack {made.pack_id} {made.version}, "
            f"{count_of(len(made.files), 'file')}, sha256 {made.digest}"
        )
        return 0
    if verb == "install":
        from stalkerzone.content.pack_archive import install_archive

        done = install_archive(args.file, user_cards_dir(), replace=args.replace)
        print(
            f"installed pack {done.pack_id} {done.version} into {done.path} "
            f"(sha256 {done.digest} checked, {count_of(len(done.files), 'file')})"
        )
        return 0
    raise UserError(
        "cards: give a verb: check [DIR…], schema [--pack | --out DIR], new KIND, show ID, "
        "pack DIR or install FILE"
    )


def _write_schemas(folder: Path, command: str) -> list[Path]:
    from stalkerzone.content.schema import write_schemas

    try:
        return write_schemas(folder)
    except OSError as error:
        raise UserError(
            f"{command}: cannot write the schemas into {folder}: {error.strerror or error}"
        ) from None


def _check(dirs: list[Path], *, include_user: bool, odds: bool = False) -> int:
    """Every problem on its own line, then one summary line per pack; exit 0 clean, 2 errors."""
    missing = [d for d in dirs if not d.is_dir()]
    if missing:
        what = "is not a folder" if missing[0].exists() else "does not exist"
        raise UserError(f"cards check: {missing[0]} {what}")
    result = load_packs(dirs, include_user=include_user)
    for problem in (*result.problems, *result.warnings):
        print(problem)
    for pack in result.packs:
        label = f"{pack.id} {pack.version}" if pack.loaded else str(pack.path)
        warned = f", {count_of(len(pack.warnings), 'warning')}" if pack.warnings else ""
        if not pack.loaded:
            print(f"{label}: skipped ({count_of(len(pack.problems), 'problem')})")
        elif pack.ok:
            print(f"{label}: {count_of(pack.cards, 'card')} OK{warned}")
        else:
            cards = count_of(pack.cards, "card")
            print(f"{label}: {cards} loaded, {count_of(len(pack.problems), 'problem')}{warned}")
    if include_user:
        print(f"user card folder: {user_cards_dir()}", file=sys.stderr)
    if odds:
        from stalkerzone.commands.card_balance import print_balance

        print_balance(result.cards)
    if result.problems:
        print(count_of(len(result.problems), "problem"))
        return 2
    if result.warnings:
        print(count_of(len(result.warnings), "warning"))
    return 0
