"""Undo at a network table (TURN-2, TURN-3): the same rule as at one screen.

The seat to act may take back its own actions of this turn, one at a time, until dice were
rolled or a hidden card was revealed (``engine.game.undo``). The host offers it as one more
entry of the seat's legal actions, ``{"type": "Undo"}``, and every view of that seat says
whether it may and, if not, why (``undo``: allowed, rule, message, key); the host checks again
when an undo comes.

A stand-in bot's actions for an absent player are not that player's own: the player, back at
the table mid-turn, cannot take them back (as at one screen, never another seat's or a bot's
action). A refusal carries its parameters (``undo_not_yours``: the player's name), only public
facts.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from stalkerzone.engine.core import IllegalAction, params_of
from stalkerzone.engine.game import GameRecord, UndoCheck, UndoRefused
from stalkerzone.engine.game import undo as undoing
from stalkerzone.engine.turn import seat_refusal
from stalkerzone.network import protocol
from stalkerzone.network.protocol import ActionMessage, ProtocolError
from stalkerzone.persistence.serialize import JSON

if TYPE_CHECKING:
    from stalkerzone.network.table import Connection, GameTable, Outgoing

UNDO_TYPE = "Undo"


def undo_action() -> dict[str, JSON]:
    """The undo entry of a legal list and of an ``action`` message."""
    return {"type": UNDO_TYPE}


def is_undo(action: dict[str, object]) -> bool:
    """Whether an ``action`` message asks for an undo (nothing else in it)."""
    return action.get("type") == UNDO_TYPE


BOT_REFUSAL = "TURN-2: a bot's action cannot be taken back"


def check_for(
    record: GameRecord, seats: Sequence[int], stand_in_moves: Collection[int] = ()
) -> UndoCheck | None:
    """May the holder of ``seats`` take back the last action now? None when it is not the
    turn of one of its seats (nothing to say). ``stand_in_moves``: the indices of the actions
    a stand-in bot played (never the player's to take back)."""
    state = record.state
    if state.phase == "over" or state.current_player not in seats:
        return None
    if record.actions and len(record.actions) - 1 in stand_in_moves:
        name = state.players[state.current_player].name
        return UndoCheck(False, BOT_REFUSAL, key="undo_bot", params=params_of({"player": name}))
    return undoing.check(record, state.current_player)


def undo_json(verdict: UndoCheck) -> dict[str, JSON]:
    """A view's ``undo``: allowed, and if not, the rule id, the reason, its key and the
    reason's parameters (``{"player": name}``)."""
    rule, _, reason = verdict.reason.partition(": ")
    return {
        "allowed": verdict.allowed,
        "rule": rule if verdict.reason else "",
        "message": reason,
        "key": verdict.key,
        "params": {name: value for name, value in verdict.params},
    }


def take_back(table: GameTable, conn: Connection, message: ActionMessage) -> list[Outgoing]:
    """TURN-2: the seat to act takes back its own last action; everyone is told (an ``undo``
    event) and gets its view of the position before it. A refusal changes nothing."""
    if message.action != undo_action():
        raise ProtocolError("action: an undo has no other field")
    error = seat_refusal(table.state, conn.seats or ())
    if error is not None:
        return [(conn.id, protocol.refusal(error, message.id))]
    seat = table.state.current_player
    verdict = check_for(table.record, (seat,), table.stand_in_moves)
    try:
        if verdict is not None and not verdict.allowed:
            rule, _, reason = verdict.reason.partition(": ")
            raise UndoRefused(rule, reason, key=verdict.key, **dict(verdict.params))
        table.record = undoing.undo(table.record, seat)
    except IllegalAction as refused:
        return [(conn.id, protocol.refusal(refused, message.id))]
    table.stand_in_moves.discard(len(table.record.actions))
    table.forget_position()
    event: dict[str, JSON] = {
        "type": "event",
        "kind": "undo",
        "version": table.version,
        "seat": seat,
        "name": table.seats[seat].name,
    }
    return table.views_to_all((conn.id, message.id), event)
