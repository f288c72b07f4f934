"""Shapes and the random Zone (MAP-6): templates for line, ring and compact Zones, and a random
valid Zone dealt from a seed (MAP-5, MAP-7 with closed roads)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from stalkerzone.engine.foresight import _OutOfBudget, _Search
from stalkerzone.engine.hexes import (
    SLOT_DIRECTIONS,
    Slot,
    slot_distance,
    slot_neighbour,
    slot_neighbours,
)
from stalkerzone.engine.layout import (
    SHAPES,
    Placement,
    Sector,
    Zone,
    ZoneImpossible,
    tables,
)


def _line_templates() -> list[tuple[Slot, ...]]:
    return [
        tuple((k * SLOT_DIRECTIONS[d][0], k * SLOT_DIRECTIONS[d][1]) for k in range(10))
        for d in range(3)
    ]


def _ring_around(hole: Sequence[Slot]) -> tuple[Slot, ...]:
    around = {n for h in hole for n in slot_neighbours(h)} - set(hole)
    return tuple(sorted(around))


def _ring_templates() -> list[tuple[Slot, ...]]:
    """The 10 slots around a hole of three slots in a row or bent (MAP-6 "closed ring")."""
    holes: set[tuple[Slot, ...]] = set()
    for d1 in range(6):
        for d2 in range(6):
            a = SLOT_DIRECTIONS[d1]
            b = (a[0] + SLOT_DIRECTIONS[d2][0], a[1] + SLOT_DIRECTIONS[d2][1])
            hole = tuple(sorted({(0, 0), a, b}))
            if len(hole) == 3:
                holes.add(hole)
    rings = {_ring_around(h) for h in holes}
    return sorted(r for r in rings if len(r) == 10)


def _compact_templates() -> list[tuple[Slot, ...]]:
    """A flower (a slot and its six neighbours) and three slots of the next ring."""
    inner = [(0, 0), *slot_neighbours((0, 0))]
    outer = sorted(
        (i, j) for i in range(-2, 3) for j in range(-2, 3) if slot_distance((i, j), (0, 0)) == 2
    )
    out = []
    for a in range(len(outer)):
        for b in range(a + 1, len(outer)):
            for c in range(b + 1, len(outer)):
                out.append(tuple(sorted([*inner, outer[a], outer[b], outer[c]])))
    return out


# Ten-slot shapes in which the shipped sectors can close every road (MAP-7). Found offline by an
# exhaustive template search over random 10-slot shapes; a free Zone with closed roads is dealt
# on one of them (turned at random), since few shapes close at all.
CLOSED_SHAPES: tuple[tuple[Slot, ...], ...] = (
    ((-2, 1), (-2, 2), (-1, 0), (-1, 1), (-1, 2), (0, -1), (0, 0), (0, 1), (1, -1), (1, 0)),
    ((-2, 0), (-2, 1), (-2, 2), (-1, 0), (-1, 1), (-1, 2), (-1, 3), (0, 0), (0, 1), (0, 2)),
    ((-1, 0), (-1, 1), (0, -1), (0, 0), (1, -2), (1, -1), (1, 0), (2, -2), (2, -1), (2, 0)),
    ((-1, 1), (0, 0), (0, 1), (0, 2), (1, -1), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1)),
    ((-1, 1), (-1, 2), (0, 0), (0, 1), (0, 2), (1, -2), (1, -1), (1, 0), (2, -2), (2, -1)),
    ((-2, 1), (-2, 2), (-1, 0), (-1, 1), (-1, 2), (-1, 3), (0, 0), (0, 1), (0, 2), (1, 0)),
    ((-1, -1), (0, -2), (0, -1), (0, 0), (0, 1), (1, -2), (1, -1), (1, 0), (1, 1), (2, 0)),
    ((-1, 0), (-1, 1), (-1, 2), (0, -2), (0, -1), (0, 0), (0, 1), (1, -2), (1, -1), (1, 0)),
    ((-2, 1), (-1, 0), (-1, 1), (0, -1), (0, 0), (0, 1), (0, 2), (1, -1), (1, 0), (1, 1)),
    ((-2, 0), (-2, 1), (-1, -1), (-1, 0), (-1, 1), (-1, 2), (0, -1), (0, 0), (0, 1), (1, 0)),
    ((-1, 0), (-1, 1), (0, 0), (0, 1), (1, -1), (1, 0), (1, 1), (2, -2), (2, -1), (2, 0)),
    ((-2, 2), (-1, 1), (-1, 2), (-1, 3), (0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 1)),
    ((-2, 1), (-1, -1), (-1, 0), (-1, 1), (0, -2), (0, -1), (0, 0), (0, 1), (1, -1), (1, 0)),
    ((-1, 0), (-1, 1), (0, 0), (0, 1), (0, 2), (1, -1), (1, 0), (1, 1), (2, -1), (2, 0)),
)


def shape_templates(shape: str, closed_roads: bool = False) -> list[tuple[Slot, ...]]:
    """The slot sets a shape hint allows (MAP-6); ``free`` has none (any connected shape)."""
    if shape == "line":
        return _line_templates()
    if shape == "ring":
        return _ring_templates()
    if shape == "compact":
        return _compact_templates()
    if closed_roads:
        return list(CLOSED_SHAPES)
    return []


def _bfs_order(slots: Sequence[Slot], start: Slot) -> list[Slot]:
    inside = set(slots)
    order = [start]
    seen = {start}
    k = 0
    while k < len(order):
        for n in slot_neighbours(order[k]):
            if n in inside and n not in seen:
                seen.add(n)
                order.append(n)
        k += 1
    return order


def random_zone(
    sectors: Iterable[Sector],
    rng: random.Random,
    shape: str = "free",
    closed_roads: bool = False,
) -> Zone:
    """Deal a random valid Zone (MAP-5, MAP-7 if asked) of a shape hint (MAP-6):
    ``free`` (any), ``ring`` (ten slots around a hole), ``line`` (ten in a row), ``compact``
    (a flower of seven and three more). Raises :class:`ZoneImpossible` when no such Zone exists."""
    sectors = tuple(sectors)
    if shape not in SHAPES:
        raise ZoneImpossible(f"unknown shape {shape!r} (one of {', '.join(SHAPES)})")
    tab = tables(sectors)
    if len(tab.ids) == 0:
        raise ZoneImpossible("no sectors")
    search = _Search(tab, closed_roads, rng)
    chosen: list[tuple[str, Slot, int]] = []
    attempts: list[tuple[Slot, ...]] | list[tuple[str, int]]
    if shape == "free" and not closed_roads:
        attempts = [(sid, m) for sid in tab.ids for m, _ in tab.distinct[sid]]
    else:
        attempts = [t for t in shape_templates(shape, closed_roads) if len(t) == len(tab.ids)]
    budget = 400
    ok = False
    while attempts and not ok:
        pick = rng.randrange(len(attempts))
        attempt = attempts[pick]
        search.nodes = 0
        search.budget = budget
        chosen = []
        try:
            if isinstance(attempt[0], str):
                sid, m = attempt
                chosen = [(sid, (0, 0), m)]
                ok = search.free({(0, 0): m}, frozenset(tab.ids) - {sid}, chosen)
            else:
                tpl = attempt
                inside = set(tpl)
                outside = {
                    s: sum(1 << d for d in range(6) if slot_neighbour(s, d) not in inside)
                    for s in tpl
                }
                most = max(bin(outside[s]).count("1") for s in tpl)
                start = rng.choice([s for s in tpl if bin(outside[s]).count("1") == most])
                order = _bfs_order(tpl, start)  # the most exposed slot first
                search.failed.clear()  # template memo keys are only valid for one order
                ok = search.template(order, outside, {}, frozenset(tab.ids), chosen)
        except _OutOfBudget:
            budget = budget * 3 // 2  # restart elsewhere with a larger budget
            continue
        if not ok:
            del attempts[pick]  # searched to the end: this start can never work
    if not ok:
        roads = " with closed roads" if closed_roads else ""
        raise ZoneImpossible(
            f"no {shape} Zone{roads} can be built from these {len(tab.ids)} sectors"
        )
    turn = rng.randrange(6) if shape == "free" else 0
    placements = []
    for sid, slot, m in chosen:
        faces = dict(tab.distinct[sid])[m]
        face, rot = rng.choice(faces)
        placements.append(Placement(sid, face, rot, slot))
    return Zone(tuple(placements)).transformed(turn)
