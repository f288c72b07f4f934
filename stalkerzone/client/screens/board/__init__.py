"""The board screen (TURN-2): map interaction in :mod:`.screen`, the HUD, turn log and button
bar in :mod:`.hud`, what they say in the pure :mod:`.presenter`."""

from stalkerzone.client.screens.board.screen import BoardView

__all__ = ["BoardView"]
