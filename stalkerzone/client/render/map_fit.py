"""Where the whole Zone goes in the map area when something lies over the map (MAP-2 geometry).

The board's first view and Home show every hex, clear of what the board draws over the map:
the banner under the top bar (a margin at the top) and the goal panel with its buttons in the
top left corner. :func:`clear_fit` tries the largest zoom first (the Zone fitted to the area
under the top margin), then a little less, down to :data:`MAX_LOSS` of it, each at a few
places in the room left around the Zone, and takes the first that leaves no hex under the
panel (the place nearest the middle); if none does, the one with the fewest (pure geometry:
no arcade).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

Box = tuple[float, float, float, float]  # left, right, bottom, top (window pixels)

MAX_LOSS = 0.2  # the most zoom given up to keep the Zone clear of the panel
ZOOM_STEPS = 5  # zooms tried from the largest down to (1 - MAX_LOSS) of it
PLACES = 7  # places tried along each axis in the room left around the Zone


@dataclass(frozen=True, slots=True)
class Fit:
    """The camera's zoom and centre (world units) and how many hexes lie under the cover."""

    zoom: float
    centre: tuple[float, float]
    covered: int


def covered(
    centres: Sequence[tuple[float, float]],
    zoom: float,
    camera_centre: tuple[float, float],
    area: tuple[float, float, float, float],
    cover: Box,
    reach: float = 0.0,
) -> int:
    """How many of the hex ``centres`` (world) the camera puts under ``cover`` (window pixels;
    grown by ``reach`` world units at this zoom: a hex half under counts)."""
    left, bottom, width, height = area
    mid_x, mid_y = left + width / 2, bottom + height / 2
    cx, cy = camera_centre
    grow = reach * zoom
    c_left, c_right, c_bottom, c_top = cover
    c_left, c_right, c_bottom, c_top = c_left - grow, c_right + grow, c_bottom - grow, c_top + grow
    count = 0
    for x, y in centres:
        sx, sy = mid_x + (x - cx) * zoom, mid_y + (y - cy) * zoom
        if c_left <= sx <= c_right and c_bottom <= sy <= c_top:
            count += 1
    return count


def clear_fit(
    centres: Sequence[tuple[float, float]],
    area: tuple[float, float, float, float],
    *,
    margin: float,
    top_clear: float,
    cover: Box | None,
    reach: float,
    max_zoom: float,
) -> Fit:
    """The whole Zone (hex ``centres``, world units, with ``margin`` around them) in the map
    ``area`` (left, bottom, width, height) less ``top_clear`` pixels at its top, as large as
    it goes while no hex lies under ``cover`` (within :data:`MAX_LOSS`)."""
    xs = [x for x, _y in centres] or [0.0]
    ys = [y for _x, y in centres] or [0.0]
    w_left, w_right, w_bottom, w_top = min(xs), max(xs), min(ys), max(ys)
    left, bottom, width, height = area
    room_h = max(1.0, height - top_clear)
    zone_w = max(1.0, w_right - w_left + 2 * margin)
    zone_h = max(1.0, w_top - w_bottom + 2 * margin)
    largest = min(max_zoom, width / zone_w, room_h / zone_h)
    best: tuple[int, int, float, Fit] | None = None
    for step in range(ZOOM_STEPS):
        zoom = largest * (1 - MAX_LOSS * step / (ZOOM_STEPS - 1))
        slack_x = max(0.0, width - zone_w * zoom)
        slack_y = max(0.0, room_h - zone_h * zoom)
        for i in range(PLACES):
            for j in range(PLACES):
                # the Zone's box at this place: its left edge and top edge in the window
                box_left = left + slack_x * i / (PLACES - 1)
                box_top = bottom + room_h - slack_y * j / (PLACES - 1)
                screen_x = box_left + zone_w * zoom / 2
                screen_y = box_top - zone_h * zoom / 2
                centre = (
                    (w_left + w_right) / 2 - (screen_x - (left + width / 2)) / zoom,
                    (w_bottom + w_top) / 2 - (screen_y - (bottom + height / 2)) / zoom,
                )
                under = covered(centres, zoom, centre, area, cover, reach) if cover else 0
                off_middle = abs(i - (PLACES - 1) / 2) + abs(j - (PLACES - 1) / 2)
                rank = (under, step, off_middle, Fit(zoom, centre, under))
                if best is None or rank[:3] < best[:3]:
                    best = rank
        if best is not None and best[0] == 0:
            break
    assert best is not None
    return best[3]
