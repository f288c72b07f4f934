"""`stalkerzone host [--port P] [--seats KINDS] [--bots K] [--table] …`: an authoritative game host.

Headless: it serves the game (docs/protocol.md) until the game is over, Ctrl-C or SIGTERM (both
tell every client and save), prints the table code, who joins and what happens, and saves after
every turn (``--load SAVE`` resumes a saved game with its seats). Remote players join with
``stalkerzone join ADDRESS --code CODE``, the title screen's "Join a game", or a browser: the
host prints a URL on its LAN address with a one-time join code and its QR code (a fresh one
after each is used while seats are free). Bot seats are played here, and with ``--bot-takeover``
a bot plays a seat whose player is away on its turn. With ``--table`` the game window opens as
the table's public display (the board, the turn, fights, the log: nothing private).
"""

from __future__ import annotations

import argparse
import secrets
import signal
import time
from pathlib import Path
from typing import Any

from stalkerzone.bots.levels import LEVELS
from stalkerzone.commands.options import parse_cards, parse_int, parse_seed, parse_text, quoted
from stalkerzone.commands.play import VARIANTS
from stalkerzone.errors import UserError
from stalkerzone.network.limits import Limits

ZONES = ("hand", "free", "ring", "line", "compact")
STRENGTHS = LEVELS
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
        "--local-only", action="store_true", help="listen on 127.0.0.1: this computer only"
    )
    parser.add_argument(
        "--code", metavar="CODE", help="the table code to join or watch (default: a new one)"
    )
    parser.add_argument(
        "--max-watchers", metavar="N", help=f"spectators at once (default {Limits.max_watchers})"
    )
    parser.add_argument(
        "--max-connections",
        metavar="N",
        help=f"connections at once (default {Limits.max_connections})",
    )
    parser.add_argument(
        "--bot-takeover",
        metavar="SECONDS",
        help="a bot plays a remote seat absent that long on its turn, until its player rejoins",
    )
    parser.add_argument(
        "--seats",
        metavar="KINDS",
        help="seat kinds in order: remote,remote,bot (default 2 remote); local (hot-seat at "
        "the window) with --table",
    )
    parser.add_argument("--bots", metavar="K", help="bot seats added after --seats (default 0)")
    parser.add_argument(
        "--strength", metavar="S", help="bots: easy, normal (default), hard or expert"
    )
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
    parser.add_argument(
        "--table",
        action="store_true",
        help="open the game window as the table's public display (the board, whose turn, "
        "fights, the log; nothing private); players join from their phones",
    )


def parse_seats(seats: str | None, bots: int, *, window: bool = False) -> tuple[Any, ...]:
    """Seat kinds from ``--seats`` (default two remote seats) plus ``bots`` bot seats; hot-seat
    (``local``) seats only with the game ``window`` (``--table``)."""
    from stalkerzone.network.table import seat_kinds

    text = parse_text(seats, "--seats")
    words = [w.strip() for w in text.split(",")] if text else ["remote", "remote"]
    try:
        kinds = seat_kinds(words) + ("bot",) * bots
    except ValueError as error:
        raise UserError(f"--seats: {error}") from None
    if "local" in kinds and not window:
        raise UserError(
            "--seats: local seats need the game window (--table, or the title screen: Host a game)"
        )
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
    kinds = parse_seats(args.seats, bots, window=bool(getattr(args, "table", False)))
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


def parse_seconds(text: str | None, option: str, default: float | None) -> float | None:
    """A number of seconds from 0 to 3600 (``default`` when not given)."""
    value = parse_text(text, option)
    if value is None:
        return default
    try:
        seconds = float(value)
    except ValueError:
        raise UserError(f"{option}: {quoted(value)} is not a number") from None
    if not 0 <= seconds <= 3600:
        raise UserError(f"{option}: between 0 and 3600 seconds")
    return seconds


def parse_limits(args: argparse.Namespace) -> Limits:
    """The caps of ``--max-connections`` and ``--max-watchers`` (defaults: :class:`Limits`)."""
    connections = parse_int(args.max_connections, "--max-connections", 1, 100_000)
    watchers = parse_int(args.max_watchers, "--max-watchers", 0, 100_000)
    default = Limits()
    return Limits(
        max_connections=default.max_connections if connections is None else connections,
        max_watchers=default.max_watchers if watchers is None else watchers,
    )


def parse_code(text: str | None) -> str:
    """``--code`` read (letters and digits, case and dashes ignored), else a new code."""
    from stalkerzone.network.limits import new_code, read_code

    given = parse_text(text, "--code")
    if given is None:
        return new_code()
    try:
        return read_code(given)
    except ValueError as error:
        raise UserError(f"--code: {error}") from None


def run(args: argparse.Namespace) -> int:
    port = parse_int(args.port, "--port", 0, 65535)
    bind = parse_text(args.bind, "--bind") or "0.0.0.0"
    if args.local_only:
        if args.bind is not None:
            raise UserError("--local-only: listens on 127.0.0.1, give no --bind")
        bind = "127.0.0.1"
    delay = parse_seconds(args.bot_delay, "--bot-delay", 0.5) or 0.0
    if delay > 60:
        raise UserError("--bot-delay: between 0 and 60 seconds")
    takeover = parse_seconds(args.bot_takeover, "--bot-takeover", None)
    limits = parse_limits(args)
    code = parse_code(args.code)
    table = table_from_args(args)
    table.limits, table.code, table.bot_takeover = limits, code, takeover
    table.public_display = args.table
    from stalkerzone.network.discovery import advertise, announced
    from stalkerzone.network.join_link import qr_matrix
    from stalkerzone.network.lan_address import shown_address
    from stalkerzone.network.server import GameServer

    qr_matrix("http://127.0.0.1/")  # the QR library loaded now: later, files may be scarce
    server = GameServer(
        table, host=bind, port=DEFAULT_PORT if port is None else port, bot_delay=delay
    )
    try:
        server.start()
    except OSError as error:
        raise UserError(str(error), exit_code=1) from None
    lan = None
    previous = signal.signal(signal.SIGTERM, _interrupted)  # from here SIGTERM saves the game
    try:
        place = shown_address(bind)
        shown = place.address
        join = f"stalkerzone join {shown}:{server.port} --code {code}"
        print(f"hosting on {shown}:{server.port}, table code {code} (join with: {join})")
        if place.note:
            print(f"note: {place.note}")
        for seat in table.seats:
            print(f"  seat {seat.index + 1}: {seat.name} ({seat.kind})")
        print_join_link(shown, server.port, table.join_codes.mint())
        if not args.no_lan and announced(bind):
            name = f"Stalker Zone {shown}:{server.port}"
            host = None if bind in ("0.0.0.0", "") else bind
            lan = advertise(name, server.port, free_seats=table.free_seats(), host=host)
            if lan.problem:
                print(lan.problem)
        if args.table:
            from stalkerzone.client.controller.table_display import run_table_display

            lan, owned = None, lan  # the window's session closes the announcement
            return run_table_display(server, owned, card_dirs=parse_cards(args.cards))
        return watch(server, lan, link_address=shown)
    except KeyboardInterrupt:
        return 0
    finally:
        signal.signal(signal.SIGTERM, previous)
        if lan is not None:
            lan.close()
        server.stop()  # every client gets ``bye``, the game is saved
        saved = f"; the game is saved in {table.saved_at}" if table.saved_at else ""
        print(f"the host stopped{saved}")


def print_join_link(address: str, port: int, code: str) -> None:
    """The page's URL with a one-time join ``code`` and its QR code, drawn in half blocks
    (``#`` where the terminal cannot write them)."""
    import sys

    from stalkerzone.network.join_link import join_url, qr_matrix, terminal_lines

    url = join_url(address, port, code)
    print(f"join from a phone or a browser (one join per code): {url}")
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        "█▀▄".encode(encoding)
        unicode = True
    except (LookupError, UnicodeEncodeError):
        unicode = False
    try:
        lines = terminal_lines(qr_matrix(url), unicode=unicode)
    except (OSError, ValueError) as error:  # no QR code must stop the host: the URL is there
        lines = [f"(no QR code: {error})"]
    for line in lines:
        print(line)
    sys.stdout.flush()


def _interrupted(signum: int, frame: Any) -> None:
    """SIGTERM ends the host as Ctrl-C does (a ``bye`` to everyone, then a save)."""
    raise KeyboardInterrupt


def watch(
    server: Any,
    lan: Any = None,
    *,
    tick: float = 0.5,
    linger: float = 5.0,
    link_address: str | None = None,
) -> int:
    """Print the game's progress until it is over (then serve ``linger`` seconds longer, so
    that every client sees the end) or the server stops; keep the free-seat count announced
    current. With ``link_address``: a fresh join URL and QR code each time the last printed
    join code was used and a remote seat is still free. A host too busy to answer in time is
    asked again at the next tick."""
    table = server.table
    shown = -1
    used = table.join_codes.spent
    while server.running:
        time.sleep(tick)
        try:
            state, version, free, spent = server.call(
                lambda: (table.state, table.version, table.free_seats(), table.join_codes.spent),
                timeout=tick * 4,
            )
        except TimeoutError:
            continue  # the table is busy: it plays on, the next tick reads it
        if lan is not None:
            lan.set_free_seats(free)
        if link_address is not None and spent != used:
            used = spent
            if free:
                print_join_link(link_address, server.port, table.join_codes.mint())
        if version != shown:
            shown = version
            name = state.players[state.current_player].name
            print(f"  action {shown}: turn {state.turn}, {name} to play")
        if state.phase == "over":
            time.sleep(linger)
            print("the game is over")
            return 0
    return 1
