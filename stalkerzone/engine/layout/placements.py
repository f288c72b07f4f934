"""Legal placements (MAP-4) and the edge-mask tables and road floods they are built on.

:func:`tables` precomputes, once per set of sectors, every (face, rotation, world mask) of each
sector; an occupied Zone is then a map slot → world edge mask (:func:`occupancy`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from stalkerzone.engine.cards import Site
from stalkerzone.engine.hexes import SLOT_DIRECTIONS, Slot, slot_neighbour, slot_neighbours
from stalkerzone.engine.layout.sectors import ROTATED, Placement, Sector, Zone


@dataclass(frozen=True, slots=True)
class Tables:
    """Per-sector edge data precomputed once for a set of sectors."""

    ids: tuple[str, ...]
    options: Mapping[str, tuple[tuple[str, int, int], ...]]  # (face, rotation, world mask)
    distinct: Mapping[str, tuple[tuple[int, tuple[tuple[str, int], ...]], ...]]  # by world mask
    unique: Mapping[str, frozenset[Site]]
    village: str | None


def tables(sectors: Iterable[Sector]) -> Tables:
    """The precomputed tables for ``sectors`` (cheap: 12 options per sector; callers that ask
    often keep the result, as :class:`~stalkerzone.engine.layout.foresight.Foresight` does)."""
    sectors = tuple(sectors)
    options: dict[str, tuple[tuple[str, int, int], ...]] = {}
    distinct: dict[str, tuple[tuple[int, tuple[tuple[str, int], ...]], ...]] = {}
    unique: dict[str, frozenset[Site]] = {}
    village = None
    for s in sectors:
        opts = [
            (name, rot, ROTATED[face.mask][rot])
            for name, face in sorted(s.faces.items())
            for rot in range(6)
        ]
        options[s.id] = tuple(opts)
        groups: dict[int, list[tuple[str, int]]] = {}
        for name, rot, m in opts:
            groups.setdefault(m, []).append((name, rot))
        distinct[s.id] = tuple((m, tuple(g)) for m, g in groups.items())
        unique[s.id] = s.unique_sites()
        if Site.VILLAGE in unique[s.id] and village is None:
            village = s.id
    return Tables(tuple(s.id for s in sectors), options, distinct, unique, village)


def occupancy(zone: Zone, tab: Tables) -> dict[Slot, int]:
    """World edge mask per occupied slot (unknown sectors/faces count as no roads)."""
    out: dict[Slot, int] = {}
    for p in zone.placements:
        mask = 0
        for name, rot, m in tab.options.get(p.sector, ()):
            if name == p.face and rot == p.rotation % 6:
                mask = m
                break
        out.setdefault(p.slot, mask)
    return out


def constraint(occupied: Mapping[Slot, int], slot: Slot) -> tuple[int, int]:
    """(touching sides, sides that must carry a road) for an empty ``slot`` (MAP-4)."""
    touch = need = 0
    i, j = slot
    for d in range(6):
        di, dj = SLOT_DIRECTIONS[d]
        m = occupied.get((i + di, j + dj))
        if m is not None:
            touch |= 1 << d
            if m >> ((d + 3) % 6) & 1:
                need |= 1 << d
    return touch, need


def frontier(occupied: Mapping[Slot, int]) -> list[Slot]:
    seen: set[Slot] = set()
    for slot in occupied:
        for n in slot_neighbours(slot):
            if n not in occupied:
                seen.add(n)
    return sorted(seen)


# --- legal placements (MAP-4) --------------------------------------------------------------


def legal_placements(
    zone: Zone, sector_id: str, sectors: Iterable[Sector]
) -> tuple[Placement, ...]:
    """Every (slot, face, rotation) of ``sector_id`` that touches the Zone and matches every
    touching edge (MAP-4). On an empty Zone: every face and rotation on slot (0, 0). A sector
    already placed has none (MAP-1)."""
    tab = tables(sectors)
    options = tab.options.get(sector_id)
    if options is None or any(p.sector == sector_id for p in zone.placements):
        return ()
    if not zone.placements:
        return tuple(Placement(sector_id, f, r, (0, 0)) for f, r, _ in options)
    occupied = occupancy(zone, tab)
    out: list[Placement] = []
    for slot in frontier(occupied):
        touch, need = constraint(occupied, slot)
        for f, r, m in options:
            if not (m ^ need) & touch:
                out.append(Placement(sector_id, f, r, slot))
    return tuple(out)


def flood(occupied: Mapping[Slot, int], start: Slot, *, roads_only: bool) -> set[Slot]:
    seen = {start}
    todo = [start]
    while todo:
        slot = todo.pop()
        m = occupied[slot]
        for d in range(6):
            if roads_only and not m >> d & 1:
                continue
            n = slot_neighbour(slot, d)
            other = occupied.get(n)
            if other is None or n in seen:
                continue
            if roads_only and not other >> ((d + 3) % 6) & 1:
                continue
            seen.add(n)
            todo.append(n)
    return seen


def road_components(occupied: Mapping[Slot, int]) -> list[set[Slot]]:
    left = set(occupied)
    out = []
    while left:
        comp = flood(occupied, next(iter(left)), roads_only=True)
        out.append(comp)
        left -= comp
    return out


def open_road_slots(occupied: Mapping[Slot, int], slots: Iterable[Slot]) -> set[Slot]:
    """Empty slots faced by a road edge of one of ``slots``."""
    out: set[Slot] = set()
    for slot in slots:
        m = occupied[slot]
        i, j = slot
        for d in range(6):
            if m >> d & 1:
                di, dj = SLOT_DIRECTIONS[d]
                n = (i + di, j + dj)
                if n not in occupied:
                    out.add(n)
    return out
