"""The notes of every action a session applied since the window last looked (no arcade).

The window plays the sounds of new notes (:func:`~stalkerzone.client.sound.cues.note_sounds`)
whoever acted: a screen, a bot seat, a skipped bot turn. It reads the session's record, which
keeps every state: so nothing is missed when several actions come between two frames, an undo
plays nothing, and a game just started or loaded plays nothing of its past.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from stalkerzone.client.sound.cues import note_sounds

if TYPE_CHECKING:
    from stalkerzone.engine.game import GameRecord

MAX_ACTIONS = 12  # at most this many actions' notes at once (a long bot run skipped)


class HasRecord(Protocol):
    """What the feed reads of a :class:`~stalkerzone.client.controller.session.GameSession`."""

    @property
    def record(self) -> GameRecord: ...


@dataclass(frozen=True, slots=True)
class ActionNotes:
    """One action's notes; ``fought``: it started, continued or finished a fight (FIGHT-1),
    so the fight screen plays its sounds as it shows the fight; ``turn``: the turn it was
    taken in (TURN-1)."""

    notes: tuple[str, ...]
    fought: bool
    turn: int = 0


class NoteFeed:
    """Follows one session at a time (the window's ``app.session``)."""

    def __init__(self) -> None:
        self._session: object = None
        self._seen = 0

    def take(self, session: HasRecord | None) -> list[ActionNotes]:
        """The notes of the actions applied since the last call, oldest first."""
        if session is None:
            self._session, self._seen = None, 0
            return []
        record = session.record
        count = len(record.actions)
        if session is not self._session or count <= self._seen:
            self._session, self._seen = session, count  # a new game, a loaded one, an undo
            return []
        out: list[ActionNotes] = []
        for index in range(max(self._seen, count - MAX_ACTIONS), count):
            before, after = record.before(index), record.after(index)
            if after is None:
                continue
            fought = after.phase == "fight" or (
                before is not None
                and (before.phase == "fight" or after.last_fight is not before.last_fight)
            )
            turn = before.turn if before is not None else after.turn
            out.append(ActionNotes(tuple(after.notes), fought, turn))
        self._seen = count
        return out


def sounds_of(actions: Iterable[ActionNotes]) -> list[str]:
    """The sounds of new actions' notes, each once; fights are left to the fight screen."""
    names: list[str] = []
    for action in actions:
        if action.fought:
            continue
        names += [name for name in note_sounds(action.notes) if name not in names]
    return names
