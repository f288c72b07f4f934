"""Network games in tests: a host on 127.0.0.1 (port 0: the system picks a free port) and
clients joining it, all in this process."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from stalkerzone.network.client import HostConnection, RemoteGame
from stalkerzone.network.hosting import HostPlan, ZoneMode, new_table
from stalkerzone.network.server import GameServer
from stalkerzone.network.table import GameTable, SeatKind
from stalkerzone.persistence.saves import pack_refs
from tests.support.base import base_load, sectors

LOOPBACK = "127.0.0.1"


def table(
    kinds: Sequence[SeatKind] = ("remote", "remote"),
    seed: int = 3,
    zone_mode: ZoneMode = "hand",
    variant: str = "standard",
) -> GameTable:
    """A new game of the base pack for seats of ``kinds`` (no saving; ``zone_mode``: a Zone
    laid out by hand, or dealt)."""
    plan = HostPlan(tuple(kinds), seed=seed, zone_mode=zone_mode, variant=variant)
    return new_table(plan, loaded=base_load(), autosave=False)


@contextmanager
def hosted(game: GameTable) -> Iterator[GameServer]:
    """``game`` served on 127.0.0.1 until the block ends."""
    server = GameServer(game, host=LOOPBACK, port=0)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def client(server: GameServer) -> RemoteGame:
    """A client of ``server`` (not joined yet) reading views with the base pack."""
    from stalkerzone.content.variants import load_variant

    loaded = base_load()
    digests = {p.id: p.digest for p in pack_refs(loaded.cards, loaded.packs)}
    connection = HostConnection(f"{LOOPBACK}:{server.port}")
    return RemoteGame(connection, loaded.cards, sectors(), load_variant, pack_digests=digests)


def joined(server: GameServer, seats: Sequence[int] = (), **options: object) -> RemoteGame:
    """A client of ``server`` that took ``seats`` (``options``: token, any_seat, name)."""
    game = client(server)
    game.join(seats, **options)  # type: ignore[arg-type]
    return game
