"""Small drawing helpers shared by screens (panels, bars). Shapes only; texts use BaseView.label."""

from __future__ import annotations

import arcade
from arcade.types import Color

from stalkerzone.client.widgets import theme

BAR_BACK = Color(60, 30, 30)


def panel(
    left: float,
    right: float,
    bottom: float,
    top: float,
    *,
    light: bool = False,
    edge: Color | None = None,
) -> None:
    """A filled panel with a thin edge."""
    arcade.draw_lrbt_rectangle_filled(
        left, right, bottom, top, theme.PANEL_LIGHT if light else theme.PANEL
    )
    arcade.draw_lrbt_rectangle_outline(left, right, bottom, top, edge or theme.PANEL_EDGE, 1)


def bar(
    left: float,
    bottom: float,
    width: float,
    height: float,
    fraction: float,
    colour: Color,
    back: Color = BAR_BACK,
) -> None:
    """A horizontal bar (health), ``fraction`` in 0..1."""
    fraction = max(0.0, min(1.0, fraction))
    arcade.draw_lrbt_rectangle_filled(left, left + width, bottom, bottom + height, back)
    if fraction > 0:
        arcade.draw_lrbt_rectangle_filled(
            left, left + width * fraction, bottom, bottom + height, colour
        )
    arcade.draw_lrbt_rectangle_outline(
        left, left + width, bottom, bottom + height, theme.PANEL_EDGE, 1
    )
