"""Geometry for the dead-end foresight (TURN-4, MAP-4, MAP-5): symmetries and rows of slots.

The completion search of :mod:`~stalkerzone.engine.zone.foresight.search`
keys its memo up to the symmetries
of the slot grid (:func:`symmetries`, :func:`canonical_key`), finds the road networks
(:func:`road_networks`), proves completions with a straight row out of the Zone
(:func:`straight_road_out`) and tries a completion found for one placement on another
(:func:`completes`); the reasons in words measure rows between networks (:func:`rows_to`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from stalkerzone.engine.zone import SLOT_DIRECTIONS, Slot

Symmetry = tuple[int, int, int, int, tuple[int, ...]]
"""(a, b, c, d) on axial slots, (q, r) → (a·q + b·r, c·q + d·r), and its table of turned masks
(index 64 = a slot decided to stay empty)."""
_TURNED: tuple[tuple[int, ...], ...] = tuple(
    tuple(((m << r) | (m >> (6 - r))) & 0x3F for r in range(6)) for m in range(64)
)
"""``_TURNED[mask][ρ]``: an edge mask turned by ρ sixths (as ``layout.ROTATED``; kept here so
this module imports without the layout module, which imports the foresight)."""
RoadSides = Callable[[Slot], int]
"""Per empty slot: the sides on which some remaining sector that fits there has a road."""

TURNS: tuple[tuple[int, int, int, int], ...] = (
    (1, 0, 0, 1),
    (0, -1, 1, 1),
    (-1, -1, 1, 0),
    (-1, 0, 0, -1),
    (0, 1, -1, -1),
    (1, 1, -1, 0),
)
"""Axial slot (q, r) turned about (0, 0) by ρ sixths: (a·q + b·r, c·q + d·r) (one step:
(q, r) → (−r, q + r), as :func:`stalkerzone.engine.zone.hexes.rotate_slot`)."""


def mirror_mask(mask: int) -> int:
    """Swapping q and r maps slot direction ``d`` to ``(1 − d) mod 6``."""
    return sum(1 << ((1 - d) % 6) for d in range(6) if mask >> d & 1)


def _linear(rotation: int, mirror: bool) -> Symmetry:
    """A symmetry as (a, b, c, d) on axial slots and its table of turned masks (64 = empty)."""
    a, b, c, d = TURNS[rotation]
    if mirror:
        a, b, c, d = b, a, d, c  # swap q and r first
    masks = tuple(_TURNED[mirror_mask(m) if mirror else m][rotation] for m in range(64))
    return (a, b, c, d, (*masks, 64))


def symmetries(kind_masks: tuple[tuple[int, ...], ...]) -> tuple[Symmetry, ...]:
    """The six rotations of the whole Zone (every sector can be turned), and their mirror
    images when every kind's set of masks is mirror-closed."""
    mirror_closed = all({mirror_mask(m) for m in masks} == set(masks) for masks in kind_masks)
    return tuple(
        _linear(rho, mirror)
        for mirror in ((False, True) if mirror_closed else (False,))
        for rho in range(6)
    )


def canonical_key(
    maps: tuple[Symmetry, ...],
    occupied: Mapping[Slot, int],
    blocked: frozenset[Slot],
    counts: tuple[int, ...],
) -> object:
    """The state up to translation and the ``maps``: the smallest sorted cell list over the
    symmetries, moved so that its first cell is at (0, 0)."""
    items = [(q, r, m) for (q, r), m in occupied.items()]
    items += [(q, r, 64) for q, r in blocked]
    if not items:
        return (counts, ())
    best: tuple[tuple[int, int, int], ...] | None = None
    for a, b, c, d, turned in maps:
        cells = sorted([(a * q + b * r, c * q + d * r, turned[m]) for q, r, m in items])
        x0, y0, _ = cells[0]
        shape = tuple([(x - x0, y - y0, m) for x, y, m in cells])
        if best is None or shape < best:
            best = shape
    return (counts, best)


_STEPS: tuple[tuple[int, int, int, int], ...] = tuple(
    (d, (d + 3) % 6, di, dj) for d, (di, dj) in enumerate(SLOT_DIRECTIONS)
)


_ROADS: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((back, di, dj) for d, back, di, dj in _STEPS if m >> d & 1) for m in range(64)
)
"""Per world edge mask: (the opposite side, the step to the neighbour) of each of its roads."""


def road_networks(occupied: Mapping[Slot, int]) -> list[tuple[set[Slot], set[Slot]]]:
    """The road networks of the placed sectors (MAP-5), each with the empty slots its roads
    face, in one pass."""
    left = set(occupied)
    out: list[tuple[set[Slot], set[Slot]]] = []
    while left:
        start = next(iter(left))
        comp = {start}
        faced: set[Slot] = set()
        todo = [start]
        while todo:
            i, j = todo.pop()
            for back, di, dj in _ROADS[occupied[(i, j)]]:
                n = (i + di, j + dj)
                other = occupied.get(n)
                if other is None:
                    faced.add(n)
                elif other >> back & 1 and n not in comp:
                    comp.add(n)
                    todo.append(n)
        left -= comp
        out.append((comp, faced))
    return out


def rows_to(
    occupied: Mapping[Slot, int],
    blocked: frozenset[Slot],
    left: int,
    goals: set[Slot],
    targets: set[Slot],
    road_sides: RoadSides,
) -> dict[Slot, int]:
    """For empty slots: the fewest sectors of a row from there to one of the ``goals`` (1 = on
    it; only goals where some sector fits, ``road_sides`` not 0 there or not touching), through
    empty slots with a road towards the row's next slot (MAP-5); up to ``left`` sectors, and one
    ring beyond the last of the ``targets`` reached."""
    dist = dict.fromkeys(goals, 1)
    ring = list(dist)
    missing = len(targets - dist.keys())
    last = left
    for depth in range(2, left + 1):
        if not missing:
            last = min(last, depth)
        if depth > last:
            break
        nxt = []
        for i, j in ring:
            for d, (di, dj) in enumerate(SLOT_DIRECTIONS):
                n = (i + di, j + dj)
                if n in dist or n in occupied or n in blocked:
                    continue
                if road_sides(n) >> ((d + 3) % 6) & 1:  # a road from n towards (i, j)
                    dist[n] = depth
                    nxt.append(n)
                    missing -= n in targets
        ring = nxt
    return dist


def straight_road_out(
    occupied: Mapping[Slot, int],
    blocked: frozenset[Slot],
    counts: tuple[int, ...],
    kind_masks: tuple[tuple[int, ...], ...],
) -> list[tuple[Slot, int, int]] | None:
    """Free roads, one road network: a completion, when the remaining sectors fit in a straight
    row leading out of the Zone from one of its roads, each row slot touching only its row
    neighbours (and the first one its road sector): the row's (slot, kind, world mask) list. Every
    sector of the row but the last needs a road in and the opposite road out; the last one a
    road in (MAP-4: a row slot meets only its row neighbours)."""
    left = sum(counts)
    for slot, m in occupied.items():
        for d in range(6):
            if not m >> d & 1:
                continue
            di, dj = SLOT_DIRECTIONS[d]
            row = [(slot[0] + di * t, slot[1] + dj * t) for t in range(1, left + 1)]
            if not _row_is_free(occupied, blocked, slot, row):
                continue
            masks = _row_masks(counts, kind_masks, 1 << ((d + 3) % 6), 1 << d)
            if masks is not None:
                return [(cell, kind, m) for cell, (kind, m) in zip(row, masks, strict=True)]
    return None


def _row_masks(
    counts: tuple[int, ...], kind_masks: tuple[tuple[int, ...], ...], back: int, ahead: int
) -> list[tuple[int, int]] | None:
    """World masks for a straight row entered by ``back`` and left by ``ahead``: every sector
    with a mask that has both, one (the last) with ``back`` only."""
    through = back | ahead
    row: list[tuple[int, int]] = []
    last: tuple[int, int] | None = None
    for kind, n in enumerate(counts):
        if not n:
            continue
        on = next((m for m in kind_masks[kind] if m & through == through), None)
        if on is not None:
            row += [(kind, on)] * n
            continue
        end = next((m for m in kind_masks[kind] if m & back), None)
        if end is None or n > 1 or last is not None:
            return None
        last = kind, end
    return row if last is None else [*row, last]


def _row_is_free(
    occupied: Mapping[Slot, int], blocked: frozenset[Slot], start: Slot, row: list[Slot]
) -> bool:
    inside = {start, *row}
    for cell in row:
        if cell in occupied or cell in blocked:
            return False
        i, j = cell
        for di, dj in SLOT_DIRECTIONS:
            n = (i + di, j + dj)
            if n in occupied and n not in inside:
                return False
    return True


def completes(
    occupied: Mapping[Slot, int],
    placed: tuple[Slot, int],
    rest: list[tuple[Slot, int, int]],
    closed_roads: bool,
) -> bool:
    """Do the ``rest`` (slot, kind, world mask) of another placement's completion complete this
    partial Zone with ``placed`` on it? The rest holds exactly the sectors left, each on a
    slot where it met its neighbours then (MAP-4); so it does when no slot is taken twice,
    ``placed`` meets every neighbour, the whole is one road network (MAP-5) and, with closed
    roads, no road faces empty space (MAP-7)."""
    slot, mask = placed
    mine = {s: m for s, _kind, m in rest}
    if slot in mine or len(mine) != len(rest):
        return False
    i, j = slot
    for d, back, di, dj in _STEPS:  # MAP-4, before the whole Zone is put together
        other = mine.get((i + di, j + dj))
        if other is None:
            other = occupied.get((i + di, j + dj))
        if other is not None and (mask >> d & 1) != (other >> back & 1):
            return False
    whole = dict(occupied)
    whole[slot] = mask
    for s, m in mine.items():
        if s in whole:
            return False
        whole[s] = m
    networks = road_networks(whole)
    return len(networks) == 1 and not (closed_roads and networks[0][1])
