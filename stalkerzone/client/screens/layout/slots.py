"""Shapes that mark a macro slot of the Zone on the layout map: its outline and its fill."""

from __future__ import annotations

from arcade.shape_list import Shape, create_line, create_polygon
from arcade.types import RGBA255

from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.render.zone_layer import HEX, side_points
from stalkerzone.engine.hexes import SECTOR_HEX_SET, SECTOR_HEXES, Hex, Slot, neighbour, slot_centre

# The outer sides of a sector (local hex, side), for outlining a slot.
BORDER: tuple[tuple[Hex, int], ...] = tuple(
    (h, side) for h in SECTOR_HEXES for side in range(6) if neighbour(h, side) not in SECTOR_HEX_SET
)


def slot_outline(slot: Slot, colour: RGBA255, width: float) -> list[Shape]:
    c = slot_centre(slot)
    out: list[Shape] = []
    for local, side in BORDER:
        h = Hex(local.q + c.q, local.r + c.r)
        (ax, ay), (bx, by) = side_points(h, side, HEX)
        out.append(create_line(ax, ay, bx, by, colour, width))
    return out


def slot_fill(slot: Slot, colour: RGBA255) -> list[Shape]:
    c = slot_centre(slot)
    out: list[Shape] = []
    for local in SECTOR_HEXES:
        x, y = hexgeom.world(local.q + c.q, local.r + c.r, HEX)
        out.append(create_polygon(hexgeom.corners(x, y, HEX), colour))
    return out
