"""Fonts: Liberation Sans everywhere (ARCADE-NOTES.md), because it carries Cyrillic.

Arcade ships Liberation (SIL OFL) under ``:system:fonts/ttf/Liberation/``; the bundled Kenney
fonts have no Cyrillic. Call :func:`load_fonts` once after the window exists (``app.py`` does)
and pass ``font_name=FONT`` to every ``arcade.Text`` and widget style.
"""

from __future__ import annotations

import arcade

FONT = "Liberation Sans"

_FILES = (
    "Liberation_Sans_Regular.ttf",
    "Liberation_Sans_Bold.ttf",
    "Liberation_Sans_Italic.ttf",
)


def load_fonts() -> None:
    """Register the Liberation fonts with pyglet (the window does it when it opens)."""
    for name in _FILES:
        arcade.load_font(f":system:fonts/ttf/Liberation/{name}")
