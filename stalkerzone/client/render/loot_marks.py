"""Loot piles on the map (DEATH-1, DEATH-2): a bag-shaped marker on the hex where a stalker's
gear lies. The board draws the piles of the view it renders (``player_view``): one's own, with
how many cards it holds; another's (when the view shows it) as a bare pile, its contents hidden.
"""

from __future__ import annotations

from collections.abc import Iterable

import arcade
import pyglet
from arcade.shape_list import (
    Shape,
    ShapeElementList,
    create_ellipse_filled,
    create_polygon,
)

from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.render.fonts import FONT
from stalkerzone.client.render.zone_layer import HEX
from stalkerzone.engine.state import LootPile

OWN = arcade.types.Color(255, 214, 80)
OTHER = arcade.types.Color(170, 160, 140)
EDGE = arcade.types.Color(30, 24, 10)


def pile_cards(pile: LootPile) -> int:
    """How many cards lie in a pile: equipment and trophies (money and Elements are not cards)."""
    return len(pile.cards) + len(pile.trophies)


def marker_spot(pile: LootPile) -> tuple[float, float]:
    """World position of a pile's marker: the lower right of its hex, clear of the tokens'
    centre and of the site icon."""
    x, y = hexgeom.world(pile.hex.q, pile.hex.r, HEX)
    return x + HEX * 0.42, y - HEX * 0.40


def bag(x: float, y: float, r: float, fill: arcade.types.Color) -> list[Shape]:
    """A tied sack: a round body under a small knot, with a dark edge."""
    out: list[Shape] = [create_ellipse_filled(x + 2, y - 3, r * 1.05, r * 0.95, (0, 0, 0, 120))]
    out.append(create_ellipse_filled(x, y, r * 1.08, r * 0.98, EDGE))
    out.append(create_ellipse_filled(x, y, r * 0.92, r * 0.82, fill))
    knot = [(x - r * 0.45, y + r * 1.25), (x + r * 0.45, y + r * 1.25), (x, y + r * 0.6)]
    out.append(create_polygon([(px, py + 1) for px, py in knot], EDGE))
    out.append(create_polygon(knot, fill))
    return out


class LootMarks:
    """The markers of the piles a view shows (rebuilt with the board's layers)."""

    def __init__(self) -> None:
        self.shapes: ShapeElementList[Shape] = ShapeElementList()
        self.batch = pyglet.graphics.Batch()
        self.texts: list[arcade.Text] = []
        self.spots: list[tuple[float, float, bool]] = []  # x, y, own (world; for tests)

    def build(self, piles: Iterable[LootPile], viewer: int, scale: float = 1.0) -> None:
        self.shapes = ShapeElementList()
        self.batch = pyglet.graphics.Batch()
        self.texts = []
        self.spots = []
        r = HEX * 0.26 * scale
        for pile in piles:
            own = pile.owner == viewer
            x, y = marker_spot(pile)
            for shape in bag(x, y, r, OWN if own else OTHER):
                self.shapes.append(shape)
            self.spots.append((x, y, own))
            if own:  # the count is for the owner's eyes only (DEATH-2)
                text = arcade.Text(
                    str(pile_cards(pile)),
                    x,
                    y - r * 0.1,
                    EDGE,
                    r * 0.95,
                    font_name=FONT,
                    bold=True,
                    anchor_x="center",
                    anchor_y="center",
                    batch=self.batch,
                )
                self.texts.append(text)

    def draw(self) -> None:
        self.shapes.draw()
        self.batch.draw()
