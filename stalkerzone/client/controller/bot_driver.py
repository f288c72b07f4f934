"""Bot seats in the client: ``choose`` asks ``stalkerzone.bots.players`` for the current seat's
action. It runs in the session's worker thread (``GameSession.play_bot``), never in a frame."""

from __future__ import annotations

from stalkerzone.bots import players as bots
from stalkerzone.engine.actions import Action
from stalkerzone.engine.state import GameState


def choose(state: GameState, legal: tuple[Action, ...], strength: str | None) -> Action:
    """The bot's action (one of ``legal``) at its strength: easy, normal or hard."""
    return bots.choose(state, None, strength or "normal", legal)
