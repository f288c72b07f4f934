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
from typing import Any

from stalkerzone.engine.core import IllegalAction, Params, params_of
from stalkerzone.engine.game.record import GameRecord
from stalkerzone.engine.play import EndTurn, GameState

HIDDEN_PILES = ("monsters", "guardians", "artifacts", "events")
"""Draw piles whose order nobody sees (``player_view`` hides it)."""


class UndoRefused(IllegalAction):
    """The last action cannot be taken back (the reason says why)."""


@dataclass(frozen=True, slots=True)
class UndoCheck:
    """Whether undo is possible now and, if not, why (one line, rule id first; ``key`` and
    ``params`` say the same as data, see :mod:`stalkerzone.engine.core.messages`)."""

    allowed: bool
    reason: str = ""
    key: str = ""
    params: Params = ()

    def __bool__(self) -> bool:
        return self.allowed


def _why(text: str, *, key: str) -> tuple[str, str]:
    return text, key


def _irreversible(before: GameState, after: GameState) -> tuple[str, str] | None:
    """Why (English text, message key) an action cannot be taken back, or None."""
    if after.rng != before.rng:
        return _why("dice were rolled", key="undo_dice")
    for pile in HIDDEN_PILES:
        if getattr(after.decks, pile) != getattr(before.decks, pile):
            return _why("a card was drawn", key="undo_card_drawn")
    if after.fight is not None or after.phase == "fight":
        return _why("a fight has started", key="undo_fight")
    if after.phase == "over":
        return _why("the game is over", key="undo_game_over")
    hidden_before = {(p.hex, p.owner) for p in before.loot if p.owner != before.current_player}
    hidden_after = {(p.hex, p.owner) for p in after.loot if p.owner != before.current_player}
    if hidden_before - hidden_after:
        return _why("another player's loot was revealed", key="undo_loot")
    if any(
        a.held_event != b.held_event for a, b in zip(after.players, before.players, strict=True)
    ):
        return _why("an event card was revealed", key="undo_event")
    return None


def irreversible(before: GameState, after: GameState) -> str | None:
    """Why an action that led from ``before`` to ``after`` cannot be taken back, or None."""
    found = _irreversible(before, after)
    return None if found is None else found[0]


def _refused(reason: str, *, key: str, **params: Any) -> UndoCheck:
    return UndoCheck(False, reason, key, params_of(params))


def check(record: GameRecord, player: int | None = None) -> UndoCheck:
    """Can ``player`` (default: whoever made the last action) take back the last action?
    Never across the start of play, and in play only the seat whose turn it is, its own."""
    if not record.actions:
        return _refused("TURN-2: nothing has been done yet", key="undo_nothing")
    index = len(record.actions) - 1
    before, after = record.before(index), record.after(index)
    if before is None or after is None:
        return _refused("TURN-2: the game was loaded after that action", key="undo_loaded")
    actor = before.current_player
    if before.phase == "layout" and after.phase != "layout":  # play began: a new turn
        return _refused("TURN-2: nothing of yours to take back this turn", key="undo_none_yours")
    if player is not None and player != actor and record.state.phase != "layout":
        return _refused("TURN-2: nothing of yours to take back this turn", key="undo_none_yours")
    if player is not None and player != actor:
        name = before.players[actor].name
        return _refused(
            f"TURN-2: only {name} can take back {name}'s own action",
            key="undo_not_yours",
            player=name,
        )
    if before.players[actor].bot is not None:
        return _refused("TURN-2: a bot's action cannot be taken back", key="undo_bot")
    if isinstance(record.actions[index], EndTurn):
        return _refused("TURN-2: the turn is over", key="undo_turn_over")
    why = _irreversible(before, after)
    if why is not None:
        text, key = why
        return UndoCheck(False, f"TURN-2: {text}; that cannot be taken back", key)
    return UndoCheck(True)


def can_undo(record: GameRecord, player: int | None = None) -> bool:
    """True when :func:`undo` would succeed now (for greying the button)."""
    return check(record, player).allowed


def undo(record: GameRecord, player: int | None = None) -> GameRecord:
    """The record without its last action; :class:`UndoRefused` (reason first) if not allowed."""
    verdict = check(record, player)
    if not verdict.allowed:
        rule, _, reason = verdict.reason.partition(": ")
        raise UndoRefused(rule, reason, key=verdict.key, **dict(verdict.params))
    return GameRecord(
        record.setup, record.actions[:-1], record.states[:-1], record.base, record.trail
    )
