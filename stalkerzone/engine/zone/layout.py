"""Sectors, faces, placements and the Zone under construction (MAP-1 … MAP-7).

A :class:`Sector` has two :class:`Face` s ("a", "b"); a face has 19 :class:`HexTile` s and six
edge flags (does a road cross the gate of edge ``k``). A :class:`Placement` puts one face of a
sector on a slot of the macro grid, turned by ``rotation`` sixths: edge ``k`` then faces slot
direction ``(k + rotation) mod 6`` (see :mod:`stalkerzone.engine.zone.hexes`).

Edge flags are kept as 6-bit masks (bit ``k`` = edge ``k`` carries a road) and every query works
on precomputed per-sector tables (:func:`tables`), so legal placements, the MAP-5 check and the
completion search are plain integer work.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from stalkerzone.engine.core import Site, Terrain, Text
from stalkerzone.engine.zone.hexes import (
    SLOT_DIRECTIONS,
    Hex,
    Slot,
    rotate_slot,
    slot_neighbour,
    slot_neighbours,
)

FACE_NAMES: tuple[str, ...] = ("a", "b")
UNIQUE_SITES: tuple[Site, ...] = (Site.VILLAGE, Site.MILITARY_BASE, Site.LABORATORY, Site.EPICENTER)
Shape = Literal["free", "ring", "line", "compact"]
SHAPES: tuple[str, ...] = ("free", "ring", "line", "compact")


@dataclass(frozen=True, slots=True)
class HexTile:
    """One small hex of a face: terrain, at most one site, and the sides a road leaves by."""

    terrain: Terrain
    site: Site | None
    roads: frozenset[int]


@dataclass(frozen=True, slots=True)
class Face:
    """One side of a sector: 19 hexes (local coordinates) and its edge flags (MAP-2)."""

    hexes: Mapping[Hex, HexTile]
    edges: tuple[bool, ...]
    name: Text = field(default_factory=lambda: Text.plain(""))

    @property
    def mask(self) -> int:
        return edge_mask(self.edges)

    def sites(self) -> tuple[Site, ...]:
        return tuple(t.site for t in self.hexes.values() if t.site is not None)


@dataclass(frozen=True, slots=True)
class Sector:
    """A two-sided sector (MAP-1): ``faces["a"]`` and ``faces["b"]``."""

    id: str
    name: Text
    faces: Mapping[str, Face]

    def unique_sites(self) -> frozenset[Site]:
        return frozenset(s for f in self.faces.values() for s in f.sites() if s in UNIQUE_SITES)


@dataclass(frozen=True, slots=True)
class Placement:
    """One face of a sector on ``slot``, turned by ``rotation`` sixths (MAP-3)."""

    sector: str
    face: str
    rotation: int
    slot: Slot


@dataclass(frozen=True, slots=True)
class Zone:
    """A Zone, finished or under construction: the placements in the order they were made."""

    placements: tuple[Placement, ...] = ()

    def place(self, placement: Placement) -> Zone:
        return Zone((*self.placements, placement))

    def by_slot(self) -> dict[Slot, Placement]:
        return {p.slot: p for p in self.placements}

    def sector_ids(self) -> frozenset[str]:
        return frozenset(p.sector for p in self.placements)

    def transformed(self, rotation: int = 0, offset: Slot = (0, 0)) -> Zone:
        """The whole Zone turned about slot (0, 0) by ``rotation`` then moved by ``offset``."""
        out = []
        for p in self.placements:
            i, j = rotate_slot(p.slot, rotation)
            slot = (i + offset[0], j + offset[1])
            out.append(Placement(p.sector, p.face, (p.rotation + rotation) % 6, slot))
        return Zone(tuple(out))


@dataclass(frozen=True, slots=True)
class ZoneProblem:
    """A broken rule of a Zone: rule id (``MAP-4``), where (sectors, slots, edges), message."""

    rule: str
    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.where}: {self.message}"


class ZoneImpossible(ValueError):
    """No Zone of the requested shape can be built from these sectors (MAP-6, MAP-7)."""


# --- edge masks --------------------------------------------------------------------------


def edge_mask(edges: Sequence[bool]) -> int:
    return sum(1 << k for k, e in enumerate(edges) if e)


def _rot(mask: int, steps: int) -> int:
    steps %= 6
    return ((mask << steps) | (mask >> (6 - steps))) & 0x3F


ROTATED: tuple[tuple[int, ...], ...] = tuple(tuple(_rot(m, r) for r in range(6)) for m in range(64))
"""``ROTATED[mask][ρ]``: the world edge mask of a face turned by ρ."""


def canonical_pattern(mask: int) -> int:
    """The smallest mask among the six rotations: the edge pattern "up to rotation"."""
    return min(ROTATED[mask])


# --- precomputed tables --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Tables:
    """Per-sector edge data precomputed once for a set of sectors. Built by :func:`tables`;
    whoever asks often keeps one (the game's
    :class:`~stalkerzone.engine.zone.foresight.search.Foresight`
    holds the tables of its sectors) and passes it where sectors are asked for."""

    ids: tuple[str, ...]
    options: Mapping[str, tuple[tuple[str, int, int], ...]]  # (face, rotation, world mask)
    distinct: Mapping[str, tuple[tuple[int, tuple[tuple[str, int], ...]], ...]]  # by world mask
    unique: Mapping[str, frozenset[Site]]
    village: str | None


def tables(sectors: Iterable[Sector] | Tables) -> Tables:
    """The precomputed tables for ``sectors`` (built afresh; a :class:`Tables` is returned
    as it is, so a caller that keeps one pays nothing)."""
    if isinstance(sectors, Tables):
        return sectors
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


def _frontier(occupied: Mapping[Slot, int]) -> list[Slot]:
    seen: set[Slot] = set()
    for slot in occupied:
        for n in slot_neighbours(slot):
            if n not in occupied:
                seen.add(n)
    return sorted(seen)


# --- legal placements (MAP-4) --------------------------------------------------------------


def legal_placements(
    zone: Zone, sector_id: str, sectors: Iterable[Sector] | Tables
) -> tuple[Placement, ...]:
    """Every (slot, face, rotation) of ``sector_id`` that touches the Zone and matches every
    touching edge (MAP-4). On an empty Zone: every face and rotation on slot (0, 0). A sector
    already placed has none (MAP-1). ``sectors`` may be their :func:`tables`, kept by the
    caller."""
    tab = tables(sectors)
    options = tab.options.get(sector_id)
    if options is None or any(p.sector == sector_id for p in zone.placements):
        return ()
    if not zone.placements:
        return tuple(Placement(sector_id, f, r, (0, 0)) for f, r, _ in options)
    occupied = occupancy(zone, tab)
    out: list[Placement] = []
    for slot in _frontier(occupied):
        touch, need = constraint(occupied, slot)
        for f, r, m in options:
            if not (m ^ need) & touch:
                out.append(Placement(sector_id, f, r, slot))
    return tuple(out)


# --- the 36 joins of two faces (MAP-3) -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Join:
    """Face ``b`` on slot direction ``direction`` of an unturned face ``a``, turned by
    ``rotation``; ``matched`` when the touching edges agree (MAP-4)."""

    direction: int
    rotation: int
    matched: bool


def joins(a: Face, b: Face) -> tuple[Join, ...]:
    """The 6 × 6 = 36 geometric joins of two faces (MAP-3)."""
    return tuple(
        Join(k, rho, a.edges[k] == b.edges[(k + 3 - rho) % 6]) for k in range(6) for rho in range(6)
    )


def matched_joins(a: Face, b: Face) -> int:
    return sum(j.matched for j in joins(a, b))


# --- the MAP-5 / MAP-7 check ---------------------------------------------------------------


def _where(p: Placement) -> str:
    return f"{p.sector}{p.face} at slot ({p.slot[0]}, {p.slot[1]})"


def check_zone(
    zone: Zone, sectors: Iterable[Sector], *, closed_roads: bool = False
) -> tuple[ZoneProblem, ...]:
    """Every broken rule of a finished Zone (MAP-1, MAP-2, MAP-4, MAP-5, MAP-7 if asked)."""
    sectors = tuple(sectors)
    tab = tables(sectors)
    by_id = {s.id: s for s in sectors}
    problems, placed = _placed(zone, by_id)
    seen = {p.sector for p in placed.values()}
    for sid in tab.ids:
        if sid not in seen:
            problems.append(ZoneProblem("MAP-1", sid, "sector not placed (all 10 are used)"))
    if not placed:
        return tuple(problems)
    occupied = occupancy(Zone(tuple(placed.values())), tab)
    start = next(iter(placed))
    group = _flood(occupied, start, roads_only=False)
    for slot, p in placed.items():
        if slot not in group:
            problems.append(
                ZoneProblem("MAP-5", _where(p), f"not connected to {_where(placed[start])}")
            )
    problems += _edge_problems(placed, occupied)
    carriers: dict[Site, list[Placement]] = {s: [] for s in UNIQUE_SITES}
    for p in placed.values():
        for site in by_id[p.sector].faces[p.face].sites():
            if site in carriers:
                carriers[site].append(p)
    for site, ps in carriers.items():
        if len(ps) != 1:
            where = ", ".join(_where(p) for p in ps) or "zone"
            problems.append(
                ZoneProblem("MAP-5", where, f"{len(ps)} × {site.value} (exactly one is needed)")
            )
    village_slots = [p.slot for p in carriers[Site.VILLAGE]]
    if village_slots:
        reached = _flood(occupied, village_slots[0], roads_only=True)
        for slot, p in placed.items():
            if slot not in reached:
                problems.append(
                    ZoneProblem("MAP-5", _where(p), "not reachable by road from the Village sector")
                )
    if closed_roads:
        problems += _open_road_problems(placed, occupied)
    return tuple(problems)


def _placed(
    zone: Zone, by_id: Mapping[str, Sector]
) -> tuple[list[ZoneProblem], dict[Slot, Placement]]:
    """The placements that name a known sector, face and rotation, each sector and slot once
    (MAP-1, MAP-2, MAP-3), by slot; and the problems of the others."""
    problems: list[ZoneProblem] = []
    seen: dict[str, Placement] = {}
    placed: dict[Slot, Placement] = {}
    for p in zone.placements:
        sector = by_id.get(p.sector)
        if sector is None:
            problems.append(ZoneProblem("MAP-1", _where(p), f"unknown sector {p.sector!r}"))
        elif p.face not in sector.faces:
            problems.append(ZoneProblem("MAP-1", _where(p), f"sector has no face {p.face!r}"))
        elif not 0 <= p.rotation < 6:
            problems.append(ZoneProblem("MAP-3", _where(p), f"rotation {p.rotation} is not 0…5"))
        elif p.sector in seen:
            problems.append(
                ZoneProblem("MAP-1", _where(p), f"sector already placed ({_where(seen[p.sector])})")
            )
        elif p.slot in placed:
            problems.append(
                ZoneProblem("MAP-2", _where(p), f"slot already holds {placed[p.slot].sector}")
            )
        else:
            seen[p.sector] = p
            placed[p.slot] = p
    return problems, placed


def _edge_problems(
    placed: Mapping[Slot, Placement], occupied: Mapping[Slot, int]
) -> list[ZoneProblem]:
    """Touching edges that do not match (MAP-4), each pair once."""
    problems = []
    for slot, p in placed.items():
        m = occupied[slot]
        for d in range(3):
            n = slot_neighbour(slot, d)
            if n in placed and (m >> d & 1) != (occupied[n] >> ((d + 3) % 6) & 1):
                road_here = "road" if m >> d & 1 else "no road"
                road_there = "road" if occupied[n] >> ((d + 3) % 6) & 1 else "no road"
                problems.append(
                    ZoneProblem(
                        "MAP-4",
                        f"{_where(p)} | {_where(placed[n])}",
                        f"edges do not match: {road_here} meets {road_there}",
                    )
                )
    return problems


def _open_road_problems(
    placed: Mapping[Slot, Placement], occupied: Mapping[Slot, int]
) -> list[ZoneProblem]:
    """Roads that lead into empty space (MAP-7, closed roads)."""
    problems = []
    for slot, p in placed.items():
        m = occupied[slot]
        for d in range(6):
            if m >> d & 1 and slot_neighbour(slot, d) not in placed:
                problems.append(
                    ZoneProblem(
                        "MAP-7",
                        f"{_where(p)} world edge {d}",
                        "a road leads into empty space (closed roads)",
                    )
                )
    return problems


_STEPS: tuple[tuple[int, int, int, int], ...] = tuple(
    (d, (d + 3) % 6, di, dj) for d, (di, dj) in enumerate(SLOT_DIRECTIONS)
)


def _flood(occupied: Mapping[Slot, int], start: Slot, *, roads_only: bool) -> set[Slot]:
    seen = {start}
    todo = [start]
    while todo:
        slot = todo.pop()
        m = occupied[slot]
        i, j = slot
        for d, back, di, dj in _STEPS:
            if roads_only and not m >> d & 1:
                continue
            n = (i + di, j + dj)
            other = occupied.get(n)
            if other is None or n in seen:
                continue
            if roads_only and not other >> back & 1:
                continue
            seen.add(n)
            todo.append(n)
    return seen


def road_components(occupied: Mapping[Slot, int]) -> list[set[Slot]]:
    """The road networks of a Zone: the slots joined by roads, one set per network (MAP-5)."""
    left = set(occupied)
    out = []
    while left:
        comp = _flood(occupied, next(iter(left)), roads_only=True)
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
