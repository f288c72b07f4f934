"""The dim field of terrain hexes behind the menus, the hand-over page, the lobby and the end
screen: built once per window size and seed and kept by the window (each hand-over page
built its ~400 hexes again, the longest part of passing the screen)."""

from __future__ import annotations

import random

from arcade.shape_list import Shape, ShapeElementList, create_polygon

from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.widgets import theme

KEPT = 4  # sizes × seeds kept: the screens in use at one window size, and a resize


def backdrop(width: int, height: int, seed: int = 7) -> ShapeElementList[Shape]:
    """A dim field of terrain hexes covering ``width`` × ``height`` (the same for a seed)."""
    shapes: ShapeElementList[Shape] = ShapeElementList()
    rng = random.Random(seed)
    size = 38.0
    colours = list(theme.TERRAIN.values())
    for r in range(-1, int(height / (size * 1.5)) + 3):
        for q in range(-r // 2 - 2, int(width / (size * hexgeom.SQRT3)) + 2):
            x, y = hexgeom.world(q, r, size)
            y += height
            base = rng.choice(colours)
            fade = 0.22 + 0.18 * rng.random()
            colour = (int(base.r * fade), int(base.g * fade), int(base.b * fade), 255)
            shapes.append(create_polygon(hexgeom.corners(x, y, size - 1.5), colour))
    return shapes


class Backdrops:
    """The backdrops the window's screens draw, kept for the window's life (the last few)."""

    def __init__(self) -> None:
        self.kept: dict[tuple[int, int, int], ShapeElementList[Shape]] = {}

    def get(self, width: int, height: int, seed: int = 7) -> ShapeElementList[Shape]:
        key = (width, height, seed)
        shapes = self.kept.pop(key, None)
        if shapes is None:
            shapes = backdrop(width, height, seed)
        self.kept[key] = shapes  # the most recent last
        while len(self.kept) > KEPT:
            del self.kept[next(iter(self.kept))]
        return shapes
