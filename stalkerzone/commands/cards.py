"""`stalkerzone cards check|schema|new` (CARDS.md "Tools for card authors")."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from stalkerzone.content.loader import CARD_SET_FIELDS, load_packs
from stalkerzone.errors import UserError
from stalkerzone.paths import user_cards_dir

CARD_KINDS = tuple(CARD_SET_FIELDS)
"""The card kinds, named without importing the card models (``check`` on cached packs never
builds them)."""


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "cards", help="check card packs, print the card JSON Schema or a card template"
    )
    verbs = parser.add_subparsers(dest="cards_command", metavar="VERB")
    check = verbs.add_parser(
        "check", help="validate the base pack, the user card folder and the given packs"
    )
    check.add_argument(
        "dirs", nargs="*", type=Path, metavar="DIR", help="a pack or a folder of packs"
    )
    check.add_argument("--no-user", action="store_true", help="skip the user card folder")
    schema = verbs.add_parser("schema", help="print the JSON Schema of a card file")
    schema.add_argument("--pack", action="store_true", help="the schema of pack.toml instead")
    new = verbs.add_parser("new", help="print a commented template of a card")
    new.add_argument("kind", metavar="KIND", help=f"one of: {', '.join(CARD_KINDS)}")


def run(args: argparse.Namespace) -> int:
    verb = getattr(args, "cards_command", None)
    if verb == "check":
        return _check(list(args.dirs), include_user=not args.no_user)
    if verb == "schema":
        from stalkerzone.content.schema import card_file_schema, pack_file_schema

        schema = pack_file_schema() if args.pack else card_file_schema()
        print(json.dumps(schema, indent=2, ensure_ascii=False))
        return 0
    if verb == "new":
        if args.kind not in CARD_KINDS:
            kinds = ", ".join(CARD_KINDS)
            raise UserError(f"cards new: unknown card kind '{args.kind}'; kinds: {kinds}")
        from stalkerzone.content.templates import template

        print(template(args.kind), end="")
        return 0
    raise UserError("cards: give a verb: check [DIR…], schema [--pack] or new KIND")


def _check(dirs: list[Path], *, include_user: bool) -> int:
    """Every problem on its own line, then one summary line per pack; exit 0 clean, 2 errors."""
    missing = [d for d in dirs if not d.is_dir()]
    if missing:
        what = "is not a folder" if missing[0].exists() else "does not exist"
        raise UserError(f"cards check: {missing[0]} {what}")
    result = load_packs(dirs, include_user=include_user)
    for problem in result.problems:
        print(problem)
    for pack in result.packs:
        label = f"{pack.id} {pack.version}" if pack.loaded else str(pack.path)
        if not pack.loaded:
            print(f"{label}: skipped ({len(pack.problems)} problem(s))")
        elif pack.ok:
            print(f"{label}: {pack.cards} cards OK")
        else:
            print(f"{label}: {pack.cards} cards loaded, {len(pack.problems)} problem(s)")
    if include_user:
        print(f"user card folder: {user_cards_dir()}", file=sys.stderr)
    if result.problems:
        print(f"{len(result.problems)} problem(s)")
        return 2
    return 0
