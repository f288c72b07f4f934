"""`stalkerzone join ADDRESS --code CODE [--seat N] [--token T] [--stalker ID] [--watch]`: play
a seat of a hosted game (the table code is the one the host shows), with the stalker chosen if
play has not begun (ST-3).

Opens the game window on the host's game (docs/protocol.md): the window shows only this seat's
view. ``--list`` prints the games announced on the local network instead.
"""

from __future__ import annotations

import argparse
from typing import Any

from stalkerzone.commands.options import parse_cards, parse_int, parse_text
from stalkerzone.commands.play import parse_lang
from stalkerzone.errors import UserError


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser("join", help="join a network game in the game window")
    parser.add_argument("address", nargs="?", metavar="ADDRESS", help="HOST or HOST:PORT")
    parser.add_argument("--seat", metavar="N", help="the seat to take, 1-6 (default: a free one)")
    parser.add_argument("--token", metavar="T", help="take back your seat after a drop")
    parser.add_argument("--code", metavar="CODE", help="the table code the host shows")
    parser.add_argument("--name", metavar="NAME", help="your name at the table")
    parser.add_argument(
        "--stalker",
        metavar="ID",
        help="the stalker to play, one no taken seat plays (its card id), before play begins",
    )
    parser.add_argument("--watch", action="store_true", help="watch the public board")
    parser.add_argument("--list", action="store_true", help="list games on the local network")
    parser.add_argument(
        "--cards", metavar="DIR", action="append", default=[], help="an extra card pack folder"
    )
    parser.add_argument("--lang", metavar="LANG", help="language: en or ru")
    parser.add_argument(
        "--accept-packs",
        action="store_true",
        help="install the card packs the host offers that are missing here (checked against "
        "the host's digests) and join",
    )


def run(args: argparse.Namespace) -> int:
    if args.list:
        from stalkerzone.network.discovery import browse

        found, problem = browse()
        for game in found:
            print(f"{game.address}\t{game.name}\t{game.free_seats} free seats")
        if problem:
            print(problem)
            return 1
        if not found:
            print("no games found on the local network")
        return 0
    address = parse_text(args.address, "ADDRESS")
    if address is None:
        raise UserError("ADDRESS: give the host's address (HOST or HOST:PORT), or --list")
    seat = parse_int(args.seat, "--seat", 1, 6)
    token = parse_text(args.token, "--token")
    name = parse_text(args.name, "--name")
    code = parse_text(args.code, "--code")
    stalker = parse_text(args.stalker, "--stalker")
    if args.watch and (seat is not None or token is not None or stalker is not None):
        raise UserError("--watch takes no seat: a spectator sees the public board")
    from stalkerzone.client.app.context import Presets
    from stalkerzone.client.controller.remote import run_joined

    presets = Presets(card_dirs=parse_cards(args.cards), lang=parse_lang(args.lang))
    seats = () if seat is None else (seat - 1,)
    return run_joined(
        presets,
        address,
        seats,
        token=token,
        name=name,
        code=code,
        any_seat=not args.watch and not seats,
        accept_packs=args.accept_packs,
        stalker=stalker,
    )
