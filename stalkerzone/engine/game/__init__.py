"""The game: new_game, legal_actions, apply, player_view; its record and undo."""

from stalkerzone.engine.game.game import (
    MAX_PLAYERS,
    GameSetup,
    PlayerSetup,
    ZoneMode,
    apply,
    legal_actions,
    new_game,
    player_view,
)
from stalkerzone.engine.game.record import Divergence, GameRecord
from stalkerzone.engine.game.undo import UndoCheck

__all__ = [
    "MAX_PLAYERS",
    "Divergence",
    "GameRecord",
    "GameSetup",
    "PlayerSetup",
    "UndoCheck",
    "ZoneMode",
    "apply",
    "legal_actions",
    "new_game",
    "player_view",
]
