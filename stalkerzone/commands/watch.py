"""`stalkerzone watch --bots N --seed S [--turns T] [--screenshots DIR] [--log FILE] [--lang L]`.

Bots play a whole game in the real client; with ``ARCADE_HEADLESS=1`` it runs offscreen as fast
as it can and writes a PNG per screen kind into ``--screenshots``. ``--log FILE`` writes a line
per bot choice with its reason and the alternatives it weighed (``-`` for stdout).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

from stalkerzone.commands.options import parse_cards, parse_int, parse_seed, parse_text, quoted
from stalkerzone.commands.play import VARIANTS, add_common_options, parse_lang
from stalkerzone.errors import UserError

ZONES = ("hand", "free", "ring", "line", "compact")


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser("watch", help="bots play a game in the client")
    add_common_options(parser)
    parser.add_argument("--bots", metavar="N", help="number of bots, 1-6 (default 4)")
    parser.add_argument(
        "--turns", metavar="T", help="stop after T turns (default: 150 rounds if nobody wins)"
    )
    parser.add_argument("--screenshots", metavar="DIR", help="write a PNG per screen kind here")
    parser.add_argument(
        "--log", metavar="FILE", help="write each bot choice with its reason here ('-': stdout)"
    )
    parser.add_argument("--variant", metavar="NAME", help="standard (default) or express")
    parser.add_argument("--express", action="store_true", help="same as --variant express")
    parser.add_argument(
        "--zone",
        metavar="HOW",
        help="hand (bots lay it out, default), free, ring, line or compact (dealt)",
    )


def run(args: argparse.Namespace) -> int:
    bots = parse_int(args.bots, "--bots", 1, 6) or 4
    seed = parse_seed(args.seed) or 0
    turns = parse_int(args.turns, "--turns", 1)
    variant = "express" if args.express else (parse_text(args.variant, "--variant") or "standard")
    if variant not in VARIANTS:
        raise UserError(f"--variant: {quoted(variant)} is not a variant (use standard or express)")
    zone = parse_text(args.zone, "--zone") or "hand"
    if zone not in ZONES:
        raise UserError(f"--zone: {quoted(zone)} is not one of {', '.join(ZONES)}")
    shots = screenshot_folder(parse_text(args.screenshots, "--screenshots"))
    card_dirs = parse_cards(args.cards)
    from stalkerzone.content.loader import load_packs
    from stalkerzone.content.report import report

    report(load_packs(list(card_dirs)), "watch")  # nothing silent (docs/cards.md)
    lang = parse_lang(args.lang)
    options: dict[str, Any] = {
        "bots": bots,
        "seed": seed,
        "turns": turns,
        "shots": shots,
        "lang": lang,
        "card_dirs": card_dirs,
        "variant": variant,
        "zone_mode": zone,
    }
    log_path = parse_text(args.log, "--log")
    if log_path is None:
        return _watch(options, None)
    if log_path == "-":
        return _watch(options, sys.stdout)
    try:
        stream = open(log_path, "w", encoding="utf-8")  # noqa: SIM115 (closed below)
    except OSError as error:
        raise UserError(f"--log: cannot write to {quoted(log_path)}: {error.strerror}") from None
    with stream:
        return _watch(options, stream)


def _watch(options: dict[str, Any], stream: TextIO | None) -> int:
    """Run the watch, logging each bot choice with its reason to ``stream`` if given."""
    from stalkerzone.client.controller.bot_driver import BotLog
    from stalkerzone.client.controller.watch import run_watch

    log = BotLog(stream, options["lang"] or "en") if stream is not None else None
    return run_watch(**options, log=log)


def screenshot_folder(value: str | None) -> Path | None:
    """The ``--screenshots`` folder, made now if missing, so that a folder that cannot be made
    (``/proc/zzz``, a file in the way) is one line before the game starts."""
    if value is None:
        return None
    shots = Path(value)
    try:
        if shots.exists() and not shots.is_dir():
            raise UserError(f"--screenshots: {quoted(value)} is a file, not a folder")
        shots.mkdir(parents=True, exist_ok=True)
        probe = shots / ".stalkerzone-write-test"
        probe.write_bytes(b"")
        probe.unlink()
    except (OSError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise UserError(f"--screenshots: cannot write to {quoted(value)}: {reason}") from None
    return shots
