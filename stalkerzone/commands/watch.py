"""`stalkerzone watch --bots N --seed S [--turns T] [--screenshots DIR] [--lang en|ru]`.

Bots play a whole game in the real client; with ``ARCADE_HEADLESS=1`` it runs offscreen as fast
as it can and writes a PNG per screen kind into ``--screenshots``.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from stalkerzone.commands.play import (
    VARIANTS,
    add_common_options,
    parse_cards,
    parse_int,
    parse_lang,
)
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
    parser.add_argument("--variant", metavar="NAME", help="standard (default) or express")
    parser.add_argument("--express", action="store_true", help="same as --variant express")
    parser.add_argument(
        "--zone",
        metavar="HOW",
        help="hand (bots lay it out, default), free, ring, line or compact (dealt)",
    )


def run(args: argparse.Namespace) -> int:
    bots = parse_int(args.bots, "--bots", 1, 6) or 4
    seed = parse_int(args.seed, "--seed", 0, 2**63 - 1) or 0
    turns = parse_int(args.turns, "--turns", 1)
    variant = "express" if args.express else (args.variant or "standard")
    if variant not in VARIANTS:
        raise UserError(f"--variant: '{variant}' is not a variant (use standard or express)")
    zone = args.zone or "hand"
    if zone not in ZONES:
        raise UserError(f"--zone: '{zone}' is not one of {', '.join(ZONES)}")
    shots = Path(args.screenshots) if args.screenshots else None
    if shots is not None and shots.exists() and not shots.is_dir():
        raise UserError(f"--screenshots: '{shots}' is a file, not a folder")
    from stalkerzone.client.controller.watch import run_watch

    return run_watch(
        bots=bots,
        seed=seed,
        turns=turns,
        shots=shots,
        lang=parse_lang(args.lang),
        card_dirs=parse_cards(args.cards),
        variant=variant,
        zone_mode=zone,
    )
