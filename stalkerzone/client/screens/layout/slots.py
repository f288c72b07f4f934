"""Shapes that mark a macro slot of the Zone on the layout map (its outline and its fill), and
the part of the world the layout camera frames (MAP-2 geometry)."""

from __future__ import annotations

from arcade.shape_list import Shape, ShapeElementList, create_line, create_polygon
from arcade.types import RGBA255

from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.render.zone_layer import HEX, side_points
from stalkerzone.client.widgets import theme
from stalkerzone.engine.zone import (
    SECTOR_HEX_SET,
    SECTOR_HEXES,
    Hex,
    Slot,
    Zone,
    neighbour,
    slot_centre,
    slot_neighbours,
)

RING = HEX * 4.5  # a sector reaches 2.5 hexes beyond its centre hex

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


def zone_bounds(zone: Zone) -> tuple[float, float, float, float]:
    """World (left, right, bottom, top) of the placed sectors and the slots around them."""
    slots = {p.slot for p in zone.placements} or {(0, 0)}
    around = set(slots)
    for s in slots:
        around.update(slot_neighbours(s))
    points = [hexgeom.world(*slot_centre(s), HEX) for s in around]
    xs = [x for x, _y in points]
    ys = [y for _x, y in points]
    return min(xs) - RING, max(xs) + RING, min(ys) - RING, max(ys) + RING


def slot_marks(
    good: set[Slot], dead: set[Slot], other: set[Slot]
) -> tuple[ShapeElementList[Shape], ShapeElementList[Shape]]:
    """The layout map's marks (TURN-4): legal slots filled and outlined in the accent colour,
    dead ends crossed out, the slots the sector fits nowhere faintly outlined; and the dead-end
    marks alone (drawn again over the preview)."""
    marks: ShapeElementList[Shape] = ShapeElementList()
    for slot in other:
        if slot not in good and slot not in dead:
            for shape in slot_outline(slot, (200, 200, 190, 90), 2):
                marks.append(shape)
    dead_marks: ShapeElementList[Shape] = ShapeElementList()
    for slot in dead:
        for shape in slot_fill(slot, (200, 90, 200, 40)):
            marks.append(shape)
        for shape in slot_outline(slot, theme.DEAD_END, 4):
            marks.append(shape)
            dead_marks.append(shape)
        x, y = hexgeom.world(*slot_centre(slot), HEX)
        s = HEX * 1.2
        for shape in (
            create_line(x - s, y - s, x + s, y + s, theme.DEAD_END, 7),
            create_line(x - s, y + s, x + s, y - s, theme.DEAD_END, 7),
        ):
            marks.append(shape)
            dead_marks.append(shape)
    for slot in good:
        for shape in slot_fill(slot, (226, 178, 64, 45)):
            marks.append(shape)
        for shape in slot_outline(slot, theme.ACCENT, 4):
            marks.append(shape)
    return marks, dead_marks
