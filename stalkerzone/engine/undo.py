"""Undo in the manner of boardgame.io and JCloisterZone (TURN-2, TURN-3).

A player may take back their own actions of the current turn, one by one, until dice were
rolled or hidden information was revealed. Which actions those are is read from what an action
did, not from its kind: the RNG state moved (dice, a shuffle), a hidden pile changed (a monster,
guardian, artifact or event card was drawn), a fight began, another player's hidden loot was
taken, or the turn or game ended. Everything else (equipment, trading, a quiet move, a sector
placement) can be taken back, so the client can grey the button with :func:`can_undo`.
"""

from __future__ import annotations

from dataclasses import dataclass

from stalkerzone.engine.actions import EndTurn
from stalkerzone.engine.illegal import IllegalAction
from stalkerzone.engine.record import GameRecord
from stalkerzone.engine.state import GameState

HIDDEN_PILES = ("monsters", "guardians", "artifacts", "events")
"""Draw piles whose order nobody sees (``player_view`` hides it)."""


class UndoRefused(IllegalAction):
    """The last action cannot be taken back (the reason says why)."""


@dataclass(frozen=True, slots=True)
class UndoCheck:
    """Whether undo is possible now and, if not, why (one line, rule id first)."""

    allowed: bool
    reason: str = ""

    def __bool__(self) -> bool:
        return self.allowed


def irreversible(before: GameState, after: GameState) -> str | None:
    """Why an action that led from ``before`` to ``after`` cannot be taken back, or None."""
    if after.rng != before.rng:
        return "dice were rolled"
    for pile in HIDDEN_PILES:
        if getattr(after.decks, pile) != getattr(before.decks, pile):
            return "a card was drawn"
    if after.fight is not None or after.phase == "fight":
        return "a fight has started"
    if after.phase == "over":
        return "the game is over"
    hidden_before = {(p.hex, p.owner) for p in before.loot if p.owner != before.current_player}
    hidden_after = {(p.hex, p.owner) for p in after.loot if p.owner != before.current_player}
    if hidden_before - hidden_after:
        return "another player's loot was revealed"
    if any(
        a.held_event != b.held_event for a, b in zip(after.players, before.players, strict=True)
    ):
        return "an event card was revealed"
    return None


def check(record: GameRecord, player: int | None = None) -> UndoCheck:
    """Can ``player`` (default: whoever made the last action) take back the last action?"""
    if not record.actions:
        return UndoCheck(False, "TURN-2: nothing has been done yet")
    index = len(record.actions) - 1
    before, after = record.before(index), record.after(index)
    if before is None or after is None:
        return UndoCheck(False, "TURN-2: the game was loaded after that action")
    actor = before.current_player
    if player is not None and player != actor:
        name = before.players[actor].name
        return UndoCheck(False, f"TURN-2: only {name} can take back {name}'s own action")
    if before.players[actor].bot is not None:
        return UndoCheck(False, "TURN-2: a bot's action cannot be taken back")
    if isinstance(record.actions[index], EndTurn):
        return UndoCheck(False, "TURN-2: the turn is over")
    why = irreversible(before, after)
    if why is not None:
        return UndoCheck(False, f"TURN-2: {why}; that cannot be taken back")
    return UndoCheck(True)


def can_undo(record: GameRecord, player: int | None = None) -> bool:
    """True when :func:`undo` would succeed now (for greying the button)."""
    return check(record, player).allowed


def undo(record: GameRecord, player: int | None = None) -> GameRecord:
    """The record without its last action; :class:`UndoRefused` (reason first) if not allowed."""
    verdict = check(record, player)
    if not verdict.allowed:
        rule, _, reason = verdict.reason.partition(": ")
        raise UndoRefused(rule, reason)
    return GameRecord(
        record.setup, record.actions[:-1], record.states[:-1], record.base, record.trail
    )
