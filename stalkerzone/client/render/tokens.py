"""Stalker tokens on the map: a disc in the player's colour with the seat number (colour-blind
players read the number), the current stalker ringed in amber; several on one hex fan out."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import arcade
import pyglet
from arcade.shape_list import (
    Shape,
    ShapeElementList,
    create_ellipse_filled,
    create_ellipse_outline,
)

from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.render.fonts import FONT
from stalkerzone.client.render.zone_layer import HEX
from stalkerzone.client.widgets import theme
from stalkerzone.engine.zone import Hex

RADIUS = HEX * 0.62


def token_spots(positions: Mapping[int, Hex]) -> dict[int, tuple[float, float]]:
    """World position of each player's token; tokens sharing a hex sit around its centre."""
    by_hex: dict[Hex, list[int]] = {}
    for index, where in sorted(positions.items()):
        by_hex.setdefault(where, []).append(index)
    out = {}
    for where, players in by_hex.items():
        x, y = hexgeom.world(where.q, where.r, HEX)
        if len(players) == 1:
            out[players[0]] = (x, y)
            continue
        for k, index in enumerate(players):
            angle = 2 * math.pi * k / len(players) + math.pi / 2
            out[index] = (x + math.cos(angle) * HEX * 0.5, y + math.sin(angle) * HEX * 0.5)
    return out


class TokenLayer:
    """Shapes + numbers of every token (rebuilt when positions change)."""

    def __init__(self) -> None:
        self.shapes: ShapeElementList[Shape] = ShapeElementList()
        self.batch = pyglet.graphics.Batch()
        self.texts: list[arcade.Text] = []

    def build(
        self,
        spots: Mapping[int, tuple[float, float]],
        current: int | None,
        skip: Sequence[int] = (),
        scale: float = 1.0,
    ) -> None:
        """``scale`` grows the tokens when the map is zoomed out, so they stay legible."""
        self.shapes = ShapeElementList()
        self.batch = pyglet.graphics.Batch()
        self.texts = []
        for index, (x, y) in spots.items():
            if index in skip:
                continue
            for shape in token_shapes(index, x, y, index == current, scale):
                self.shapes.append(shape)
            self.texts.append(token_text(index, x, y, self.batch, scale))

    def draw(self) -> None:
        self.shapes.draw()
        self.batch.draw()


def token_shapes(
    index: int, x: float, y: float, current: bool, scale: float = 1.0
) -> list[arcade.shape_list.Shape]:
    colour = theme.PLAYER_COLOURS[index % len(theme.PLAYER_COLOURS)]
    r = RADIUS * scale
    out = [create_ellipse_filled(x + 2, y - 3, r, r, (0, 0, 0, 110))]
    if current:
        out.append(create_ellipse_filled(x, y, r + 5 * scale, r + 5 * scale, theme.ACCENT))
    out.append(create_ellipse_filled(x, y, r, r, colour))
    out.append(create_ellipse_outline(x, y, r, r, (15, 15, 12, 255), 2))
    return out


def token_text(
    index: int, x: float, y: float, batch: pyglet.graphics.Batch | None, scale: float = 1.0
) -> arcade.Text:
    return arcade.Text(
        str(index + 1),
        x,
        y,
        (15, 15, 12),
        14 * scale,
        font_name=FONT,
        bold=True,
        anchor_x="center",
        anchor_y="center",
        batch=batch,
    )


def draw_token(index: int, x: float, y: float, current: bool) -> None:
    """One moving token, drawn directly (only while it walks)."""
    colour = theme.PLAYER_COLOURS[index % len(theme.PLAYER_COLOURS)]
    if current:
        arcade.draw_circle_filled(x, y, RADIUS + 5, theme.ACCENT)
    arcade.draw_circle_filled(x, y, RADIUS, colour)
    arcade.draw_circle_outline(x, y, RADIUS, (15, 15, 12), 2)
