"""Laying out the Zone (TURN-4): the screen in :mod:`.screen`, slot outlines in :mod:`.slots`,
what the tray, checklist and slots show in the pure :mod:`.presenter`."""

from stalkerzone.client.screens.layout.screen import LayoutView
from stalkerzone.client.screens.layout.slots import BORDER

__all__ = ["BORDER", "LayoutView"]
