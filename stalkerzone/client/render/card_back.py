"""The back of a card, as every hidden card is drawn (TURN-3): a card shown face down (a bot's
fight event kept for its next fight, EVENT-1) or a pile of loot in flight (DEATH-2).

The same back as the printed cards': the deck's colour, a cream frame, two hexagons around a
radiation trefoil, the game's name and the deck's name under it, in the player's language;
drawn in the window's pixels.
"""

from __future__ import annotations

import math

import arcade
from arcade.types import Color

from stalkerzone.client.render.fonts import FONT
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import theme

CREAM = Color(233, 223, 196)
"""The printed back's lines and letters."""
PLAIN = Color(42, 47, 36)
"""A back whose deck is not known (a pile of loot): the monster deck's dark green."""
DECKS = ("event",)
"""The decks whose name a back carries (its words: ``reveal.back_<deck>``)."""
NAME_SMALLEST = 40.0
"""Px of card width under which the words are left off (a card in flight)."""

_texts: dict[tuple[str, int, bool], arcade.Text] = {}


def hexagon(cx: float, cy: float, radius: float, width: float) -> None:
    points = [
        (
            cx + radius * math.cos(math.radians(60 * k + 30)),
            cy + radius * math.sin(math.radians(60 * k + 30)),
        )
        for k in range(6)
    ]
    arcade.draw_polygon_outline(points, CREAM, width)


def trefoil(cx: float, cy: float, radius: float, ground: Color) -> None:
    """The radiation sign: three blades and a hub on ``ground``."""
    for k in range(3):
        start = k * 120 + 30
        points = [(cx, cy)]
        for step in range(11):
            angle = math.radians(start + step * 6)
            points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
        arcade.draw_polygon_filled(points, CREAM)
    arcade.draw_circle_filled(cx, cy, radius * 0.22, ground)
    arcade.draw_circle_filled(cx, cy, radius * 0.16, CREAM)


def words(text: str, size: int, bold: bool) -> arcade.Text:
    """A line of the back (kept per text and size)."""
    key = (text, size, bold)
    found = _texts.get(key)
    if found is None:
        if len(_texts) > 32:
            _texts.clear()
        found = arcade.Text(text, 0, 0, CREAM, size, font_name=FONT, bold=bold, anchor_x="center")
        _texts[key] = found
    return found


def fitted(text: str, size: int, room: float, bold: bool) -> arcade.Text:
    """``text`` at ``size`` points, or smaller until it is ``room`` pixels wide at most."""
    found = words(text, size, bold)
    while found.content_width > room and size > 6:
        size -= 1
        found = words(text, size, bold)
    return found


def back_words(width: float, deck: str | None) -> list[arcade.Text]:
    """The game's name and the deck's name, fitted to a back ``width`` pixels wide."""
    room = width * 0.8
    lines = [fitted(i18n.t("app.title").upper(), max(6, int(width / 13)), room, True)]
    if deck in DECKS:
        name = i18n.t(f"reveal.back_{deck}").upper()
        lines.append(fitted(name, max(6, int(width / 20)), room, False))
    return lines


def draw_card_back(x: float, y: float, w: float, h: float, deck: str | None = None) -> None:
    """The back of a card of ``deck`` (None: not known) in the box whose lower left corner is
    (x, y)."""
    ground = theme.CARD_KIND.get(deck or "", PLAIN) if deck in DECKS else PLAIN
    arcade.draw_lrbt_rectangle_filled(x, x + w, y, y + h, ground)
    inset = min(w, h) * 0.07
    line = max(1.0, min(w, h) * 0.012)
    arcade.draw_lrbt_rectangle_outline(
        x + inset, x + w - inset, y + inset, y + h - inset, CREAM, line
    )
    cx, cy = x + w / 2, y + h * 0.55
    hexagon(cx, cy, w * 0.27, line * 1.6)
    hexagon(cx, cy, w * 0.19, line * 0.8)
    trefoil(cx, cy, w * 0.145, ground)
    if w < NAME_SMALLEST:
        return
    below = y + h * 0.55 - w * 0.27 - h * 0.1
    for text in back_words(w, deck):
        text.position = (cx, below)
        text.draw()
        below -= text.content_height * 1.2
