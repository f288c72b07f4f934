"""`stalkerzone host [--port P] [--seats KINDS] [--bots K] …`: an authoritative game host.

Headless: it serves the game (docs/protocol.md) until the game is over or Ctrl-C, prints who
joins and what happens, and saves after every turn (``--load SAVE`` resumes a saved game with
its seats). Remote players join with ``stalkerzone join ADDRESS`` or the title screen's "Join a
game"; bot seats are played here.
"""

from __future__ import annotations

import argparse
import secrets
import time
from pathlib import Path
from typing import Any

from stalkerzone.commands.options import parse_cards, parse_int, parse_seed, parse_text, quoted
from stalkerzone.commands.play import VARIANTS
from stalkerzone.errors import UserError

ZONES = ("hand", "free", "ring", "line", "compact")
STRENGTHS = ("easy", "normal", "hard")
DEFAULT_PORT = 41717


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "host", help="host a network game: remote players join it, bots play on the host"
    )
    parser.add_argument("--port", metavar="P", help=f"port to serve on (default {DEFAULT_PORT})")
    parser.add_argument(
        "--bind", metavar="ADDRESS", help="address to listen on (default 0.0.0.0: the network)"
    )
    parser.add_argument(
        "--seats", metavar="KINDS", help="seat kinds in order: remote,remote,bot (default 2 remote)"
    )
    parser.add_argument("--bots", metavar="K", help="bot seats added after --seats (default 0)")
    parser.add_argument("--strength", metavar="S", help="bots: easy, normal (default) or hard")
    parser.add_argument("--seed", metavar="S", help="seed of the game (a whole number >= 0)")
    parser.add_argument("--variant", metavar="NAME", help="standard (default) or express")
    parser.add_argument("--zone", metavar="HOW", help="hand (default), free, ring, line, compact")
    parser.add_argument("--load", metavar="SAVE", help="resume a saved game with its seats")
    parser.add_argument(
        "--cards", metavar="DIR", action="append", default=[], help="an extra card pack folder"
    )
    parser.add_argument(
        "--bot-delay", metavar="SECONDS", help="pause between bot actions (default 0.5)"
    )
    parser.add_argument("--no-lan", action="store_true", help="do not announce on the network")


def parse_seats(seats: str | None, bots: int) -> tuple[Any, ...]:
    """Seat kinds from ``--seats`` (default two remote seats) plus ``bots`` bot seats."""
    from stalkerzone.network.table import seat_kinds

    text = parse_text(seats, "--seats")
    words = [w.strip() for w in text.split(",")] if text else ["remote", "remote"]
    try:
        kinds = seat_kinds(words) + ("bot",) * bots
    except ValueError as error:
        raise UserError(f"--seats: {error}") from None
    if "local" in kinds:
        raise UserError("--seats: local seats need the game window (title screen: Host a game)")
    if not 1 <= len(kinds) <= 6:
        raise UserError(f"--seats: 1 to 6 seats, not {len(kinds)}")
    return kinds


def table_from_args(args: argparse.Namespace) -> Any:
    """The game table the options describe (a new game, or ``--load``)."""
    from stalkerzone.network.hosting import HostPlan, new_table, resumed_table

    card_dirs = parse_cards(args.cards)
    load = parse_text(args.load, "--load")
    if load is not None:
        return resumed_table(Path(load), card_dirs=card_dirs)
    bots = parse_int(args.bots, "--bots", 0, 6) or 0
    kinds = parse_seats(args.seats, bots)
    variant = parse_text(args.variant, "--variant") or "standard"
    if variant not in VARIANTS:
        raise UserError(f"--variant: {quoted(variant)} is not a variant (use standard or express)")
    zone = parse_text(args.zone, "--zone") or "hand"
    if zone not in ZONES:
        raise UserError(f"--zone: {quoted(zone)} is not one of {', '.join(ZONES)}")
    strength = parse_text(args.strength, "--strength") or "normal"
    if strength not in STRENGTHS:
        raise UserError(f"--strength: {quoted(strength)} is not one of {', '.join(STRENGTHS)}")
    seed = parse_seed(args.seed)
    plan = HostPlan(
        kinds,
        seed=seed if seed is not None else secrets.randbits(63),
        variant=variant,
        zone_mode=zone,  # type: ignore[arg-type]
        card_dirs=card_dirs,
        bot_strength=strength,
    )
    return new_table(plan)


def run(args: argparse.Namespace) -> int:
    port = parse_int(args.port, "--port", 0, 65535)
    bind = parse_text(args.bind, "--bind") or "0.0.0.0"
    delay_text = parse_text(args.bot_delay, "--bot-delay")
    try:
        delay = float(delay_text) if delay_text is not None else 0.5
    except ValueError:
        raise UserError(f"--bot-delay: {quoted(delay_text or '')} is not a number") from None
    if not 0 <= delay <= 60:
        raise UserError("--bot-delay: between 0 and 60 seconds")
    table = table_from_args(args)
    from stalkerzone.network.discovery import advertise, lan_address
    from stalkerzone.network.server import GameServer

    server = GameServer(
        table, host=bind, port=DEFAULT_PORT if port is None else port, bot_delay=delay
    )
    try:
        server.start()
    except OSError as error:
        raise UserError(str(error), exit_code=1) from None
    shown = lan_address() if bind in ("0.0.0.0", "") else bind
    print(f"hosting on {shown}:{server.port} (join with: stalkerzone join {shown}:{server.port})")
    for seat in table.seats:
        print(f"  seat {seat.index + 1}: {seat.name} ({seat.kind})")
    lan = None
    if not args.no_lan and bind != "127.0.0.1":
        free = sum(1 for s in table.seats if s.kind == "remote")
        lan = advertise(f"Stalker Zone {shown}:{server.port}", server.port, free_seats=free)
        if lan.problem:
            print(lan.problem)
    try:
        return watch(server)
    except KeyboardInterrupt:
        return 0
    finally:
        if lan is not None:
            lan.close()
        server.stop()


def watch(server: Any) -> int:
    """Print the game's progress until it is over (then serve a little longer, so that every
    client sees the end) or the server stops."""
    table = server.table
    shown = -1
    while server.running:
        time.sleep(0.5)
        state = server.call(lambda: table.state)
        if table.version != shown:
            shown = table.version
            name = state.players[state.current_player].name
            print(f"  action {shown}: turn {state.turn}, {name} to play")
        if state.phase == "over":
            time.sleep(5.0)
            print("the game is over")
            return 0
    return 1
