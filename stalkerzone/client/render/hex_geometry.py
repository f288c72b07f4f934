"""Screen geometry of pointy-top hexes (axial q, r) for drawing and picking.

World coordinates have y pointing up (Arcade). ``world(q, r, size)`` is the hex centre;
``pick(x, y, size)`` rounds a world point to the hex under it (cube rounding), so the map is
picked with ``camera.unproject`` + :func:`pick`, never with hit boxes (docs/architecture.md,
Arcade notes).
"""

from __future__ import annotations

import math

from stalkerzone.engine.zone import hexes

SQRT3 = math.sqrt(3.0)


def world(q: int, r: int, size: float) -> tuple[float, float]:
    """Centre of hex (q, r); r grows downwards on screen, as on the printed tiles."""
    return size * SQRT3 * (q + r / 2.0), -size * 1.5 * r


def pick(x: float, y: float, size: float) -> tuple[int, int]:
    """The hex (q, r) whose area contains world point (x, y)."""
    fy = -y
    qf = (SQRT3 / 3.0 * x - fy / 3.0) / size
    rf = (2.0 / 3.0 * fy) / size
    h = hexes.cube_round(qf, rf)
    return h.q, h.r


def corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    """The six corners of a pointy-top hex, counter-clockwise from the upper right."""
    points = []
    for i in range(6):
        angle = math.radians(60 * i + 30)
        points.append((cx + size * math.cos(angle), cy + size * math.sin(angle)))
    return points
