"""Layers a screen carries over its own drawing: the goal panel, the map legend, the bot's hint,
one-time tips. Each is built after the screen (its own widgets and texts), drawn over everything
every frame, and may take a key or Esc before the screen does (:class:`BaseView` calls them)."""

from __future__ import annotations


class Overlay:
    """A layer over a screen; by default it builds, draws and takes nothing."""

    def build(self) -> None:
        """Called after the screen's own ``build`` (same size, language and state)."""

    def key(self, symbol: int) -> bool:
        """A key the layer takes (True: the screen does not see it)."""
        return False

    def escape(self) -> bool:
        """Esc closes the layer if it is open (True: it was)."""
        return False

    def showing(self) -> bool:
        """Whether the layer holds the player's attention now (a tip waits meanwhile)."""
        return False

    def draw(self) -> None:
        """Drawn over the screen and its widgets, every frame."""
