"""A stalker chosen when joining (ST-3): each seat plays its own character, one of the box.

The host deals every seat a stalker when it sets the game up; a player joining a free remote
seat may take another one that no taken seat plays (a bot's, a hot-seat player's, a seat held
or kept by its token). If another free seat plays the one chosen, the two seats swap. The
choice stands only before play begins (the layout, TURN-4): the game is started again from its
set-up with the new stalkers and the layout's actions are played again (a stalker changes none
of the dice, ST-3), so everybody's view stays the same but for the stalkers.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection
from typing import TYPE_CHECKING

from stalkerzone.engine.core import IllegalAction, StalkerCard
from stalkerzone.engine.game import GameRecord
from stalkerzone.engine.game import record as records
from stalkerzone.network.protocol import ProtocolError

if TYPE_CHECKING:
    from stalkerzone.network.table import GameTable


def taken_seats(table: GameTable, claiming: Collection[int] = ()) -> set[int]:
    """Seats whose stalker nobody else may take: bots, hot-seat seats, remote seats held or
    kept by a token; never those in ``claiming`` (the seats a join takes now)."""
    reserved = {i for seats in table.tokens.values() for i in seats}
    return {
        s.index
        for s in table.seats
        if s.index not in claiming
        and (s.kind != "remote" or s.holder is not None or s.index in reserved)
    }


def stalker_ids(record: GameRecord) -> list[str]:
    """Every stalker card of the game's packs, in the packs' order."""
    return [c.id for c in record.state.ctx.cards if isinstance(c, StalkerCard)]


def free_stalkers(table: GameTable, claiming: Collection[int] = ()) -> list[str]:
    """The stalkers a player joining now may choose (none once play has begun)."""
    record = table.record
    if not open_to_choice(record):
        return []
    taken = taken_seats(table, claiming)
    played = {p.stalker for i, p in enumerate(record.state.players) if i in taken}
    return [s for s in stalker_ids(record) if s not in played]


def open_to_choice(record: GameRecord) -> bool:
    """Whether stalkers may still change: the layout (play has not begun) of a game this host
    started (so its start can be dealt again)."""
    return record.state.phase == "layout" and record.base == 0 and record.initial is not None


def choose(table: GameTable, seats: tuple[int, ...], stalker: str) -> GameRecord:
    """The game record with ``stalker`` played by the one seat in ``seats`` (swapped with the
    free seat that played it, if any); :class:`ProtocolError` saying why not."""
    if len(seats) != 1:
        raise ProtocolError("stalker: a join chooses the stalker of exactly one seat")
    record = table.record
    if not open_to_choice(record):
        raise ProtocolError("stalker: play has begun; the stalkers are chosen")
    if stalker not in free_stalkers(table, seats):
        raise ProtocolError(f"stalker: {stalker!r:.48} is not a free stalker of this game")
    seat = seats[0]
    players = list(record.setup.players)
    mine = players[seat].stalker
    for index, player in enumerate(players):
        if player.stalker == stalker and index != seat:
            players[index] = dataclasses.replace(player, stalker=mine)
    players[seat] = dataclasses.replace(players[seat], stalker=stalker)
    setup = dataclasses.replace(record.setup, players=tuple(players))
    try:
        again = records.played_again(record, setup)
    except IllegalAction as error:  # not expected: a stalker changes nothing of the layout
        raise ProtocolError(f"stalker: the layout cannot be played again ({error})") from None
    return dataclasses.replace(again, trail=record.trail)
