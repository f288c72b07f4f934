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
from stalkerzone.engine.play import LootPile

OWN = arcade.types.Color(150, 98, 52)  # leather: unlike every player's colour (tokens)
OTHER = arcade.types.Color(120, 116, 104)
EDGE = arcade.types.Color(245, 232, 196)  # a light rim: a sack, not a token
COUNT = arcade.types.Color(255, 244, 214)


def pile_cards(pile: LootPile) -> int:
    """How many cards lie in a pile: equipment and trophies (money and Elements are not cards)."""
    return len(pile.cards) + len(pile.trophies)


def badge(pile: LootPile) -> str:
    """What the owner reads on a sack: how many cards, else "$" for money alone (a "0" read as
    an empty sack); nothing else (the hover says all it holds)."""
    cards = pile_cards(pile)
    if cards:
        return str(cards)
    return "$" if pile.money else ""


def marker_spot(pile: LootPile) -> tuple[float, float]:
    """World position of a pile's marker: the lower right of its hex, clear of the tokens'
    centre and of the site icon."""
    x, y = hexgeom.world(pile.hex.q, pile.hex.r, HEX)
    return x + HEX * 0.36, y - HEX * 0.38


def bag(x: float, y: float, r: float, fill: arcade.types.Color) -> list[Shape]:
    """A tied sack of radius ``r``: a round body under a knot, with a dark edge and a shadow
    (arcade's ellipses take their full width and height)."""
    out: list[Shape] = [create_ellipse_filled(x + 2, y - 3, 2.1 * r, 1.9 * r, (0, 0, 0, 120))]
    knot = [(x - r * 0.55, y + r * 1.35), (x + r * 0.55, y + r * 1.35), (x, y + r * 0.55)]
    out.append(create_polygon([(kx, ky + 2) for kx, ky in knot], EDGE))
    out.append(create_polygon(knot, fill))
    out.append(create_ellipse_filled(x, y, 2.2 * r, 2.0 * r, EDGE))
    out.append(create_ellipse_filled(x, y, 1.84 * r, 1.66 * r, fill))
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
        r = HEX * 0.36 * scale
        for pile in piles:
            own = pile.owner == viewer
            x, y = marker_spot(pile)
            for shape in bag(x, y, r, OWN if own else OTHER):
                self.shapes.append(shape)
            self.spots.append((x, y, own))
            if own and badge(pile):  # what it holds is for the owner's eyes only (DEATH-2)
                text = arcade.Text(
                    badge(pile),
                    x,
                    y - r * 0.05,
                    COUNT,
                    r * 1.05,
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
