"""Fonts: Liberation Sans everywhere, because it carries Cyrillic (docs/architecture.md, Arcade
notes).

Arcade ships Liberation (SIL OFL) under ``:system:fonts/ttf/Liberation/``; the bundled Kenney
fonts have no Cyrillic. Call :func:`load_fonts` once after the window exists (``app.py`` does)
and pass ``font_name=FONT`` to every ``arcade.Text`` and widget style.

Start-up: pyglet's FreeType renderer (Linux) turns every new glyph's grey bitmap into BGRA with
a Python loop over its pixels, about half a millisecond a glyph, and the first screens render a
few hundred glyphs. :func:`load_fonts` gives the renderer :func:`expand_grey_to_bgra`, which
builds the same bytes with two slice copies, after checking that it gives exactly what pyglet's
own loop gives (otherwise pyglet's stays).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import arcade

FONT = "Liberation Sans"

_FILES = (
    "Liberation_Sans_Regular.ttf",
    "Liberation_Sans_Bold.ttf",
    "Liberation_Sans_Italic.ttf",
)

Expander = Callable[[Any, Any, str, str], bytes]


def load_fonts() -> None:
    """Register the Liberation fonts with pyglet (the window does it when it opens) and give
    its FreeType renderer the fast glyph expansion (:func:`use_fast_glyphs`)."""
    use_fast_glyphs()
    for name in _FILES:
        arcade.load_font(f":system:fonts/ttf/Liberation/{name}")


def expand_grey_to_bgra(data: Any, src_format: str, dst_format: str) -> bytes:
    """A glyph's one-byte-per-pixel coverage as white BGRA pixels with that alpha (what pyglet's
    ``_expand_to_rgba(data, "R", "BGRA")`` returns); other formats: ``b""`` (not handled)."""
    if src_format != "R" or dst_format != "BGRA":
        return b""
    grey = bytes(data)
    out = bytearray(b"\xff" * (4 * len(grey)))
    out[3::4] = grey
    return bytes(out)


def use_fast_glyphs() -> bool:
    """Make pyglet's FreeType glyph renderer expand grey glyphs with
    :func:`expand_grey_to_bgra` (idempotent); True if it does. Nothing changes where pyglet
    has no FreeType renderer (Windows, macOS) or where the result would differ."""
    try:
        from pyglet.font.freetype import FreeTypeGlyphRenderer
    except ImportError:
        return False
    current = FreeTypeGlyphRenderer.__dict__.get("_expand_to_rgba")
    if getattr(current, "fast_glyphs", False):
        return True
    if current is None:
        return False
    sample = bytes([0, 1, 127, 128, 254, 255, 3])
    if current(None, sample, "R", "BGRA") != expand_grey_to_bgra(sample, "R", "BGRA"):
        return False
    original: Expander = current

    def expand(self: Any, data: Any, src_format: str, dst_format: str) -> bytes:
        fast = expand_grey_to_bgra(data, src_format, dst_format)
        return fast if fast else original(self, data, src_format, dst_format)

    expand.fast_glyphs = True  # type: ignore[attr-defined]
    expand.original = original  # type: ignore[attr-defined]
    FreeTypeGlyphRenderer._expand_to_rgba = expand  # type: ignore[method-assign]
    return True
