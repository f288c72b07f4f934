"""Hex math: axial/cube coordinates, rotation, pointy-top pixels, sector slots (MAP-2).

Small hexes use axial coordinates ``Hex(q, r)`` (cube ``s = -q - r``). Side ``k`` of a small hex
points along ``DIRECTIONS[k]``; one rotation step maps cube ``(q, r, s)`` to ``(-r, -s, -q)`` and
turns side ``k`` into side ``k + 1``.

Sectors are hexagons of radius ``RADIUS`` (19 hexes) sitting on a macro grid of slots: slot
``(i, j)`` is centred on small hex ``i·A + j·B`` (MAP-2). Edge ``k`` of an unturned sector faces
slot direction ``SLOT_DIRECTIONS[k]``; turned by ``ρ`` it faces ``(k + ρ) mod 6``. Two
neighbouring sectors touch along five pairs of adjacent small hexes (``BORDERS[k]``); the middle
pair is the **gate** (``GATES[k]``) where a road crosses.
"""

from __future__ import annotations

import math
from typing import NamedTuple

Slot = tuple[int, int]


class Hex(NamedTuple):
    """A small hex in axial coordinates."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r


DIRECTIONS: tuple[Hex, ...] = (Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(-1, 0), Hex(0, -1), Hex(1, -1))
"""Side ``k`` of a small hex leads to ``h + DIRECTIONS[k]``; side ``k + 3`` is opposite."""

RADIUS = 2
SLOT_A = Hex(2 * RADIUS + 1, -RADIUS)
SLOT_B = Hex(RADIUS, RADIUS + 1)
SLOT_DIRECTIONS: tuple[Slot, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
"""Slot direction ``k``: the neighbouring slot that edge ``k`` of an unturned sector faces."""

SQRT3 = math.sqrt(3.0)


def add(a: Hex, b: Hex) -> Hex:
    return Hex(a.q + b.q, a.r + b.r)


def neighbour(h: Hex, side: int) -> Hex:
    d = DIRECTIONS[side % 6]
    return Hex(h.q + d.q, h.r + d.r)


def neighbours(h: Hex) -> tuple[Hex, ...]:
    q, r = h
    return tuple(Hex(q + d.q, r + d.r) for d in DIRECTIONS)


def distance(a: Hex, b: Hex) -> int:
    dq = a.q - b.q
    dr = a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def rotate(h: Hex, steps: int) -> Hex:
    """Turn ``h`` about the origin by ``steps`` sixths; one step: (q, r, s) -> (-r, -s, -q)."""
    q, r = h
    s = -q - r
    steps %= 6
    if steps == 0:
        return h
    if steps == 1:
        return Hex(-r, -s)
    if steps == 2:
        return Hex(s, q)
    if steps == 3:
        return Hex(-q, -r)
    if steps == 4:
        return Hex(r, s)
    return Hex(-s, -q)


def rotate_slot(slot: Slot, steps: int) -> Slot:
    """Turn a slot of the macro grid about slot (0, 0); same rule as :func:`rotate`."""
    h = rotate(Hex(slot[0], slot[1]), steps)
    return (h.q, h.r)


def hex_to_pixel(h: Hex, size: float) -> tuple[float, float]:
    """Centre of ``h`` for pointy-top hexes of circumradius ``size`` (y grows with r)."""
    return (size * SQRT3 * (h.q + h.r / 2.0), size * 1.5 * h.r)


def cube_round(q: float, r: float) -> Hex:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def pixel_to_hex(x: float, y: float, size: float) -> Hex:
    """The pointy-top hex containing pixel ``(x, y)`` (inverse of :func:`hex_to_pixel`)."""
    q = (SQRT3 / 3.0 * x - y / 3.0) / size
    r = (2.0 / 3.0 * y) / size
    return cube_round(q, r)


def spiral(radius: int) -> tuple[Hex, ...]:
    """All hexes within ``radius`` of the origin, sorted by (r, q)."""
    cells = [
        Hex(q, r)
        for r in range(-radius, radius + 1)
        for q in range(-radius, radius + 1)
        if distance(Hex(q, r), Hex(0, 0)) <= radius
    ]
    return tuple(sorted(cells, key=lambda h: (h.r, h.q)))


SECTOR_HEXES: tuple[Hex, ...] = spiral(RADIUS)
"""The 19 local hexes of a sector (MAP-2)."""
SECTOR_HEX_SET: frozenset[Hex] = frozenset(SECTOR_HEXES)


def slot_centre(slot: Slot) -> Hex:
    """Small hex at the centre of slot ``(i, j)``: ``i·A + j·B`` (MAP-2)."""
    i, j = slot
    return Hex(i * SLOT_A.q + j * SLOT_B.q, i * SLOT_A.r + j * SLOT_B.r)


def slot_neighbour(slot: Slot, direction: int) -> Slot:
    di, dj = SLOT_DIRECTIONS[direction % 6]
    return (slot[0] + di, slot[1] + dj)


def slot_neighbours(slot: Slot) -> tuple[Slot, ...]:
    i, j = slot
    return tuple((i + di, j + dj) for di, dj in SLOT_DIRECTIONS)


def slot_distance(a: Slot, b: Slot) -> int:
    """Grid steps between two slots (axial, as :func:`distance`)."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def world_hex(slot: Slot, rotation: int, local: Hex) -> Hex:
    """World position of ``local`` of a sector placed on ``slot`` turned by ``rotation``."""
    c = slot_centre(slot)
    h = rotate(local, rotation)
    return Hex(c.q + h.q, c.r + h.r)


def _slot_basis_inverse() -> tuple[float, float, float, float]:
    det = SLOT_A.q * SLOT_B.r - SLOT_B.q * SLOT_A.r
    return (SLOT_B.r / det, -SLOT_B.q / det, -SLOT_A.r / det, SLOT_A.q / det)


_INV = _slot_basis_inverse()


def slot_of(h: Hex) -> tuple[Slot, Hex]:
    """The slot whose sector contains world hex ``h``, and ``h`` relative to the slot centre."""
    fi = _INV[0] * h.q + _INV[1] * h.r
    fj = _INV[2] * h.q + _INV[3] * h.r
    base_i, base_j = math.floor(fi), math.floor(fj)
    for i in (base_i, base_i + 1, base_i - 1, base_i + 2):
        for j in (base_j, base_j + 1, base_j - 1, base_j + 2):
            c = slot_centre((i, j))
            local = Hex(h.q - c.q, h.r - c.r)
            if distance(local, Hex(0, 0)) <= RADIUS:
                return (i, j), local
    raise AssertionError(f"no slot holds {h}")  # the sectors tile the plane


def _border(direction: int) -> tuple[tuple[Hex, int], ...]:
    """The five (local hex, outward side) pairs along edge ``direction``, in side order."""
    other = slot_centre(SLOT_DIRECTIONS[direction])
    pairs = []
    for h in SECTOR_HEXES:
        for side, d in enumerate(DIRECTIONS):
            n = Hex(h.q + d.q, h.r + d.r)
            if distance(n, other) <= RADIUS:
                pairs.append((h, side))
    pairs.sort(key=lambda p: _along(p, direction))
    return tuple(pairs)


def _along(pair: tuple[Hex, int], direction: int) -> float:
    """Position of a border pair along edge ``direction`` (projection on the edge's tangent)."""
    cx, cy = hex_to_pixel(slot_centre(SLOT_DIRECTIONS[direction]), 1.0)
    hx, hy = hex_to_pixel(pair[0], 1.0)
    nx, ny = hex_to_pixel(neighbour(pair[0], pair[1]), 1.0)
    mx, my = (hx + nx) / 2.0, (hy + ny) / 2.0
    return -cy * mx + cx * my


BORDERS: tuple[tuple[tuple[Hex, int], ...], ...] = tuple(_border(k) for k in range(6))
"""``BORDERS[k]``: the 2R+1 = 5 adjacencies (local hex, outward side) along edge ``k``."""
GATES: tuple[tuple[Hex, int], ...] = tuple(b[len(b) // 2] for b in BORDERS)
"""``GATES[k]``: the gate hex of edge ``k`` and the side a road leaves it by (MAP-2)."""
GATE_OF: dict[tuple[Hex, int], int] = {g: k for k, g in enumerate(GATES)}
"""Edge index of a (gate hex, outward side) pair."""
