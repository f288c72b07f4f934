"""`stalkerzone print`: print-and-play sheets of every card and sector face (PDF).

``print [--cards DIR]… [--pack ID]… [--no-user] [--lang en|ru] --out FILE.pdf``. Loads the base
pack, the user card folder and the given packs (skipped cards on stderr, one line each), and the
ten sectors; ``--pack`` prints only the cards of those packs (the sectors only with ``base``);
bad values are one line and exit 2.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from stalkerzone.errors import UserError

LANGS = ("en", "ru")


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "print", help="print-and-play sheets of every card and sector face (PDF)"
    )
    parser.add_argument(
        "--cards",
        action="append",
        default=[],
        type=Path,
        metavar="DIR",
        help="extra card pack or folder of packs (repeatable)",
    )
    parser.add_argument(
        "--pack",
        action="append",
        default=[],
        metavar="ID",
        help="print only the cards of this pack id (repeatable); the sector faces only with "
        "the base pack ('base')",
    )
    parser.add_argument("--no-user", action="store_true", help="skip the user card folder")
    parser.add_argument("--lang", default="en", metavar="LANG", help="en or ru (default en)")
    parser.add_argument(
        "--out", type=Path, default=None, metavar="FILE.pdf", help="the PDF to write"
    )


def check_out(out: Path | None) -> Path:
    """The ``--out`` file, or a one-line error: given, a PDF name, in an existing folder."""
    if out is None:
        raise UserError("print: give --out FILE.pdf")
    if out.is_dir():
        raise UserError(f"print: --out {out}: is a folder, not a file")
    folder = out.parent if str(out.parent) else Path(".")
    if not folder.is_dir():
        what = "is not a folder" if folder.exists() else "does not exist"
        raise UserError(f"print: --out {out}: the folder {folder} {what}")
    return out


BASE_PACK = "base"


def _chosen_packs(given: list[str], loaded: list[str]) -> frozenset[str] | None:
    """The ``--pack`` ids (None: every pack), each one a loaded pack's."""
    from stalkerzone.content.messages import hint

    for pack_id in given:
        if pack_id not in loaded:
            raise UserError(
                f"print: --pack {pack_id}: no loaded pack has this id{hint(pack_id, loaded)}; "
                f"loaded: {', '.join(loaded)}"
            )
    return frozenset(given) or None


def run(args: argparse.Namespace) -> int:
    if args.lang not in LANGS:
        raise UserError(f"print: --lang {args.lang}: unknown language; one of {', '.join(LANGS)}")
    out = check_out(args.out)
    for folder in args.cards:
        if not folder.is_dir():
            what = "is not a folder" if folder.exists() else "does not exist"
            raise UserError(f"print: --cards {folder} {what}")
    from stalkerzone.content.loader import load_packs
    from stalkerzone.content.report import report
    from stalkerzone.content.tiles import load_sectors
    from stalkerzone.printing.document import build_pdf

    started = time.perf_counter()
    result = load_packs(list(args.cards), include_user=not args.no_user)
    report(result, "print")
    packs = _chosen_packs(args.pack, [info.id for info in result.packs if info.loaded])
    sectors = load_sectors() if packs is None or BASE_PACK in packs else ()
    summary = build_pdf(out, result.cards, sectors, args.lang, packs=packs)
    seconds = time.perf_counter() - started
    print(
        f"{out}: {summary.pages} pages A4 ({summary.card_faces} card faces on "
        f"{summary.card_pages} front + {summary.back_pages} back pages, "
        f"{summary.sector_faces} sector faces on {summary.sector_pages} pages) "
        f"in {seconds:.1f} s"
    )
    return 0
