"""Cards coming into play (EVENT-1, ANOM-1, TROPHY-1, ORDER-1, EQ-10): the pure
:mod:`.presenter` says which and what they did; :mod:`.overlay` shows them over the board."""

from stalkerzone.client.screens.reveal.overlay import RevealOverlay, RevealQueue
from stalkerzone.client.screens.reveal.presenter import Reveal, reveals

__all__ = ["Reveal", "RevealOverlay", "RevealQueue", "reveals"]
