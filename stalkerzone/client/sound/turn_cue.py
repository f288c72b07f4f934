"""When a human player's turn starts (TURN-1), the window plays a chime (no arcade).

:class:`TurnCue` follows the window's session: a new turn of play (the engine's turn counter
and the current seat; a fight within the turn is no new turn) that belongs to a person at this
machine (not a bot, not a remote seat) asks for the ``turn`` sound once. A game just started or
loaded is looked at first, so the turn on screen when it opens plays nothing; the first turn
after the layout does.
"""

from __future__ import annotations

from typing import Protocol

from stalkerzone.engine.play import GameState


class SeatSession(Protocol):
    """What the cue reads of a :class:`~stalkerzone.client.controller.session.GameSession`."""

    @property
    def state(self) -> GameState: ...

    def is_bot(self, index: int | None = None) -> bool: ...

    def is_remote(self, index: int) -> bool: ...


class TurnCue:
    """Remembers the last turn seen; :meth:`take` is True once per new human turn."""

    def __init__(self) -> None:
        self._session: object = None
        self._turn: tuple[int, int, bool] | None = None

    def take(self, session: SeatSession | None) -> bool:
        if session is None:
            self._session, self._turn = None, None
            return False
        state = session.state
        turn = (state.turn, state.current_player, state.phase == "layout")
        if session is not self._session:
            self._session, self._turn = session, turn
            return False
        if turn == self._turn:
            return False
        self._turn = turn
        seat = state.current_player
        return state.phase == "turn" and not session.is_bot(seat) and not session.is_remote(seat)
