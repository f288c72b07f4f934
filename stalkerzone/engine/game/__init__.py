"""The game: new_game, legal_actions, apply, player_view; its record and undo."""

from stalkerzone.engine.game.game import (
    MAX_PLAYERS,
    GameSetup,
    PlayerSetup,
    ZoneMode,
    apply,
    legal_actions,
    new_game,
)
from stalkerzone.engine.game.record import Divergence, GameRecord
from stalkerzone.engine.game.undo import UndoCheck, UndoRefused
from stalkerzone.engine.game.views import HIDDEN_CARD, notes_seen, player_view

__all__ = [
    "HIDDEN_CARD",
    "MAX_PLAYERS",
    "Divergence",
    "GameRecord",
    "GameSetup",
    "PlayerSetup",
    "UndoCheck",
    "UndoRefused",
    "ZoneMode",
    "apply",
    "legal_actions",
    "new_game",
    "notes_seen",
    "player_view",
]
