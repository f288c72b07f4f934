"""Lists that show that they scroll: a scroll bar for a list longer than its page."""

from __future__ import annotations

from stalkerzone.client.widgets import theme

Box = tuple[float, float, float, float]  # left, right, bottom, top
ScrollBar = tuple[Box, Box]  # the track, the thumb


def scroll_bar(x: float, bottom: float, top: float, first: int, rows: int, total: int) -> ScrollBar:
    """A vertical bar centred on ``x`` from ``bottom`` to ``top`` for a list of ``total`` rows
    that shows ``rows`` of them from ``first`` (0-based): the thumb's height is the share shown,
    its place the share scrolled past (at the top when ``first`` is 0)."""
    half = theme.px(2)
    track: Box = (x - half, x + half, bottom, top)
    height = max(0.0, top - bottom)
    shown = min(1.0, rows / total) if total else 1.0
    thumb_h = max(theme.px(12), height * shown)
    moved = min(1.0, first / max(1, total - rows)) if total > rows else 0.0
    thumb_top = top - (height - thumb_h) * moved
    thumb: Box = (x - half - 1, x + half + 1, max(bottom, thumb_top - thumb_h), thumb_top)
    return track, thumb
