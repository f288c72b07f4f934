"""A connection joins a table (docs/protocol.md, "Joining"): the seats it takes (by token, by
number, any free one, or none to watch), its name and stalker (ST-3), and the first view it
gets; the others are told. Functions of the :class:`GameTable` they change.

A name given when joining is the seat's name everywhere: the table's list of seats and the
players of the game itself, so every view, heading and turn-log line names the seat so
(:func:`named`).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from stalkerzone.engine.core import IllegalAction
from stalkerzone.engine.game import GameRecord
from stalkerzone.engine.game import record as records
from stalkerzone.network import admission, protocol, stalker_choice
from stalkerzone.network import limits as bounds
from stalkerzone.network.limits import new_token
from stalkerzone.network.protocol import JoinMessage, ProtocolError
from stalkerzone.persistence.serialize import JSON

if TYPE_CHECKING:
    from stalkerzone.network.table import Connection, GameTable, Outgoing


def join(table: GameTable, conn: Connection, message: JoinMessage) -> list[Outgoing]:
    """Everything a ``join`` causes: the joiner's first view (its token with it), the seat
    taken back from an older connection with the same token, the others told."""
    from stalkerzone.network.table import CLOSE

    if message.protocol != protocol.VERSION:
        problem = f"protocol {message.protocol} is not spoken here (version {protocol.VERSION})"
        return [(conn.id, protocol.protocol_refusal(problem)), (conn.id, CLOSE)]
    if conn.seats is not None:
        raise ProtocolError("joined already")
    host = message.token is not None and message.token == table.host_key
    # a token this table gave out is a rejoin: it needs no code (a phone's join code is
    # spent by then); any other join gives the table code or an unspent join code
    coded = bool(table.code) and not host and message.token not in table.tokens
    if coded:
        wrong = admission.wrong_code(table, conn, message.code)
        if wrong is not None:
            return wrong
    seats = claim(table, message)
    if not seats and not host and table.watchers() >= table.limits.max_watchers:
        problem = f"this table has its {table.limits.max_watchers} spectators already"
        return table.cut(conn.id, bounds.BYE_WATCHERS_FULL, problem)
    name = (message.name or "").strip()
    if name and admission.name_taken(table, name, seats):
        problem = f"the name {name!r} is taken at this table"
        return [(conn.id, protocol.limit_refusal(bounds.REFUSED_NAME, problem))]
    if message.stalker is not None:  # ST-3: checked before anything changes
        table.record = stalker_choice.choose(table, seats, message.stalker)
        table.forget_position()
    if coded:
        admission.spend_join_code(table, message.code)
    out: list[Outgoing] = []
    renamed = False
    conn.seats = seats
    conn.display = host and table.public_display
    for index in seats:
        previous = table.seats[index].holder
        if previous is not None and previous in table.connections and previous != conn.id:
            table.connections[previous].seats = ()  # a rejoin takes the seat back: told so
            reason = "your seat was taken over by another connection with its token"
            out += [(previous, protocol.goodbye(reason, bounds.BYE_TAKEN_OVER))]
            out += [(previous, CLOSE)]
        table.seats[index].holder = conn.id
        table.seats[index].stand_in = False  # back from the bot (rejoin)
        table.absent_since.pop(index, None)
    if seats and not table.free_seats():  # the table is full: no QR code admits anyone
        table.join_codes.forget_all()
    if name and len(seats) == 1:
        table.seats[seats[0]].name = name
        record = named(table.record, seats[0], name)
        renamed = record is not table.record
        if renamed:
            table.record = record
            table.forget_position()
    conn.name = name or ", ".join(table.seats[i].name for i in seats) or f"Watcher {conn.id}"
    if message.token is not None and (message.token in table.tokens or host):
        conn.token = message.token
    elif seats:
        conn.token = new_token()
        table.tokens[conn.token] = seats
        table.keep_tokens()
    if not seats and host:  # the host's own window: its welcome names its key, unshared
        return [(conn.id, table.view_message(conn, first=True))]
    if not seats:  # a spectator: one welcome shared by all, and no seat changed
        return [(conn.id, spectator_welcome(table, conn))]
    event = table.seat_event("joined", conn)
    others = [(c, m) for c, m in table.to_all(event) if c != conn.id]
    if message.stalker is not None or renamed:  # the others see the new stalkers and name
        others += [(c, m) for c, m in table.views_to_all(None) if c != conn.id]
    return [(conn.id, table.view_message(conn, first=True)), *out, *others]


def spectator_welcome(table: GameTable, conn: Connection) -> dict[str, JSON]:
    """The first view of a spectator: the same message for every spectator joining at one
    version and seating (written as text once by the server)."""
    key = (table.version, tuple((s.name, s.holder, s.stand_in) for s in table.seats))
    if table.welcome is None or table.welcome[0] != key:
        table.welcome = (key, table.view_message(conn, first=True))
    return table.welcome[1]


def claim(table: GameTable, message: JoinMessage) -> tuple[int, ...]:
    """The seats a join takes: by token (a rejoin, or the host's own hot-seat seats), else
    free remote seats by number, else none (a spectator)."""
    if message.token is not None:
        if message.token == table.host_key:
            return tuple(s.index for s in table.seats if s.kind == "local")
        found = table.tokens.get(message.token)
        if found is None:
            raise ProtocolError("unknown token: this game did not give it out")
        return found
    reserved = {i for seats in table.tokens.values() for i in seats}
    if message.any_seat and not message.seats:
        free = [
            s.index
            for s in table.seats
            if s.kind == "remote" and s.holder is None and s.index not in reserved
        ]
        if not free:
            raise ProtocolError("every remote seat is taken (join to watch instead)")
        return (free[0],)
    for index in message.seats:
        if index >= len(table.seats):
            raise ProtocolError(f"there is no seat {index + 1}")
        seat = table.seats[index]
        if seat.kind != "remote":
            raise ProtocolError(f"seat {index + 1} ({seat.name}) is not a remote seat")
        if seat.holder is not None or index in reserved:
            raise ProtocolError(f"seat {index + 1} ({seat.name}) is taken")
    return tuple(sorted(set(message.seats)))


def named(record: GameRecord, seat: int, name: str) -> GameRecord:
    """The game record with ``seat``'s player called ``name``: started again from its set-up
    with the new name and its actions played again (a name changes no dice), so the states and
    their notes name the player so. A record that cannot be started again (resumed from a
    snapshot) or whose player has that name already is returned as it is."""
    players = list(record.setup.players)
    if players[seat].name == name or record.initial is None:
        return record
    players[seat] = dataclasses.replace(players[seat], name=name)
    setup = dataclasses.replace(record.setup, players=tuple(players))
    try:
        return records.played_again(record, setup)
    except IllegalAction:  # not expected: a name decides nothing
        return record
