"""The board's marks for where the stalker can go (TURN-2): every reachable hex lit, and the
path to the hex under the mouse.

The light is amber, a hue no terrain has (none is as saturated, and water is its opposite), so a
lit hex is never taken for water or a field; it reads by lightness too, for players who do not
tell hues apart: a bright edge on every lit hex over a light fill.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from arcade.shape_list import Shape, ShapeElementList, create_line, create_polygon
from arcade.types import RGBA255

from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.render.zone_layer import HEX
from stalkerzone.client.widgets import theme
from stalkerzone.engine.zone import Hex

EDGE_WIDTH = 3.0


def hex_outline(h: Hex, colour: RGBA255, width: float) -> list[Shape]:
    """The six sides of hex ``h``, inside it (world coordinates)."""
    x, y = hexgeom.world(h.q, h.r, HEX)
    points = hexgeom.corners(x, y, HEX - width / 2)
    return [create_line(*points[k], *points[(k + 1) % 6], colour, width) for k in range(6)]


def reach_shapes(hexes: Iterable[Hex]) -> ShapeElementList[Shape]:
    """Every reachable hex: the light fill, then the bright edge."""
    shapes: ShapeElementList[Shape] = ShapeElementList()
    for h in hexes:
        x, y = hexgeom.world(h.q, h.r, HEX)
        shapes.append(create_polygon(hexgeom.corners(x, y, HEX - 2), theme.REACH))
        for side in hex_outline(h, theme.REACH_EDGE, EDGE_WIDTH):
            shapes.append(side)
    return shapes


def path_shapes(start: Hex, path: Iterable[Hex], target: Hex) -> ShapeElementList[Shape]:
    """The way from ``start`` through ``path`` and the target hex outlined."""
    shapes: ShapeElementList[Shape] = ShapeElementList()
    points = [hexgeom.world(h.q, h.r, HEX) for h in (start, *path)]
    for (ax, ay), (bx, by) in itertools.pairwise(points):
        shapes.append(create_line(ax, ay, bx, by, theme.PATH, 5))
    for side in hex_outline(target, theme.PATH, 3):
        shapes.append(side)
    return shapes
