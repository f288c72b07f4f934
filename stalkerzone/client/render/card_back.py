"""The back of a card, as every hidden card is drawn (TURN-3): a card shown face down (a bot's
fight event kept for its next fight, EVENT-1) or a pile of loot in flight (DEATH-2).

A dark card in a double amber frame, a radiation trefoil in a ring in the middle and the
game's name across its foot in the player's language; drawn in the window's pixels.
"""

from __future__ import annotations

import math

import arcade
from arcade.types import RGBOrA255

from stalkerzone.client.render.fonts import FONT
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import theme

FACE = arcade.types.Color(30, 34, 28, 255)
PATTERN = arcade.types.Color(226, 178, 64, 38)  # the frame's amber, faint: the back's hatching
NAME_SMALLEST = 40.0  # px of card width under which the name is left off (a tiny card)

_names: dict[tuple[str, int], arcade.Text] = {}


def trefoil(cx: float, cy: float, r: float, colour: RGBOrA255) -> None:
    """The radiation sign: three blades around a hub, in a ring."""
    for k in range(3):
        start = 90 + k * 120 - 30
        points = [(cx, cy)]
        for step in range(9):
            angle = math.radians(start + step * 60 / 8)
            points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
        arcade.draw_polygon_filled(points, colour)
    arcade.draw_circle_filled(cx, cy, r * 0.36, FACE)
    arcade.draw_circle_filled(cx, cy, r * 0.22, colour)
    arcade.draw_circle_outline(cx, cy, r * 1.25, colour, max(1.5, r * 0.1))


def name_text(width: float) -> arcade.Text:
    """The game's name for a back ``width`` pixels wide (kept per language and size)."""
    words = i18n.t("app.title")
    size = max(6, int(width / 14))
    key = (words, size)
    found = _names.get(key)
    if found is None:
        if len(_names) > 32:
            _names.clear()
        found = arcade.Text(
            words.upper(), 0, 0, theme.ACCENT, size, font_name=FONT, bold=True, anchor_x="center"
        )
        _names[key] = found
    return found


def draw_card_back(x: float, y: float, w: float, h: float, edge: RGBOrA255 = theme.ACCENT) -> None:
    """A card back in the box whose lower left corner is (x, y)."""
    arcade.draw_lrbt_rectangle_filled(x, x + w, y, y + h, FACE)
    step = max(6.0, min(w, h) / 9)
    k = -h
    while k < w:  # diagonal hatching, clipped to the card by hand
        x0, y0 = x + max(0.0, k), y + max(0.0, -k)
        run = min(w - max(0.0, k), h - max(0.0, -k))
        if run > 0:
            arcade.draw_line(x0, y0, x0 + run, y0 + run, PATTERN, 1)
        k += step
    frame = max(2.0, min(w, h) * 0.018)
    arcade.draw_lrbt_rectangle_outline(x, x + w, y, y + h, edge, frame)
    inset = min(w, h) * 0.08
    arcade.draw_lrbt_rectangle_outline(
        x + inset, x + w - inset, y + inset, y + h - inset, edge, max(1.0, frame / 2)
    )
    cx, cy = x + w / 2, y + h * 0.56
    trefoil(cx, cy, min(w, h) * 0.22, edge)
    if w >= NAME_SMALLEST:
        name = name_text(w - 2 * inset)
        if name.content_width <= w - 2.5 * inset:
            name.position = (cx, y + inset + h * 0.08)
            name.draw()
