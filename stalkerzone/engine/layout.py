"""Sectors, faces, placements and the Zone under construction (MAP-1 … MAP-7).

A :class:`Sector` has two :class:`Face` s ("a", "b"); a face has 19 :class:`HexTile` s and six
edge flags (does a road cross the gate of edge ``k``). A :class:`Placement` puts one face of a
sector on a slot of the macro grid, turned by ``rotation`` sixths: edge ``k`` then faces slot
direction ``(k + rotation) mod 6`` (see :mod:`stalkerzone.engine.hexes`).

Edge flags are kept as 6-bit masks (bit ``k`` = edge ``k`` carries a road) and every query works
on precomputed per-sector tables (:func:`tables`), so legal placements, the MAP-5 check and the
completion search are plain integer work.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from stalkerzone.engine.cards import Site, Terrain, Text
from stalkerzone.engine.hexes import (
    SLOT_DIRECTIONS,
    Hex,
    Slot,
    rotate_slot,
    slot_distance,
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
OPPOSITE: tuple[int, ...] = tuple(_rot(m, 3) for m in range(64))


def canonical_pattern(mask: int) -> int:
    """The smallest mask among the six rotations: the edge pattern "up to rotation"."""
    return min(ROTATED[mask])


# --- precomputed tables --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Tables:
    """Per-sector edge data precomputed once for a set of sectors."""

    ids: tuple[str, ...]
    options: Mapping[str, tuple[tuple[str, int, int], ...]]  # (face, rotation, world mask)
    distinct: Mapping[str, tuple[tuple[int, tuple[tuple[str, int], ...]], ...]]  # by world mask
    unique: Mapping[str, frozenset[Site]]
    village: str | None


_TABLES: dict[object, Tables] = {}


def tables(sectors: Iterable[Sector]) -> Tables:
    """The precomputed tables for ``sectors`` (cached on their ids and edges)."""
    sectors = tuple(sectors)
    key = tuple((s.id, tuple((n, f.edges) for n, f in s.faces.items())) for s in sectors)
    found = _TABLES.get(key)
    if found is not None:
        return found
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
    result = Tables(tuple(s.id for s in sectors), options, distinct, unique, village)
    if len(_TABLES) > 32:
        _TABLES.clear()
    _TABLES[key] = result
    return result


def _occupancy(zone: Zone, tab: Tables) -> dict[Slot, int]:
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


def _constraint(occupied: Mapping[Slot, int], slot: Slot) -> tuple[int, int]:
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
    occupied = _occupancy(zone, tab)
    out: list[Placement] = []
    for slot in _frontier(occupied):
        touch, need = _constraint(occupied, slot)
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
    problems: list[ZoneProblem] = []
    seen: dict[str, Placement] = {}
    placed: dict[Slot, Placement] = {}
    for p in zone.placements:
        sector = by_id.get(p.sector)
        if sector is None:
            problems.append(ZoneProblem("MAP-1", _where(p), f"unknown sector {p.sector!r}"))
            continue
        if p.face not in sector.faces:
            problems.append(ZoneProblem("MAP-1", _where(p), f"sector has no face {p.face!r}"))
            continue
        if not 0 <= p.rotation < 6:
            problems.append(ZoneProblem("MAP-3", _where(p), f"rotation {p.rotation} is not 0…5"))
            continue
        if p.sector in seen:
            problems.append(
                ZoneProblem("MAP-1", _where(p), f"sector already placed ({_where(seen[p.sector])})")
            )
            continue
        if p.slot in placed:
            problems.append(
                ZoneProblem("MAP-2", _where(p), f"slot already holds {placed[p.slot].sector}")
            )
            continue
        seen[p.sector] = p
        placed[p.slot] = p
    for sid in tab.ids:
        if sid not in seen:
            problems.append(ZoneProblem("MAP-1", sid, "sector not placed (all 10 are used)"))
    if not placed:
        return tuple(problems)
    occupied = _occupancy(Zone(tuple(placed.values())), tab)
    # connected (MAP-5)
    start = next(iter(placed))
    group = _flood(occupied, start, roads_only=False)
    for slot, p in placed.items():
        if slot not in group:
            problems.append(
                ZoneProblem("MAP-5", _where(p), f"not connected to {_where(placed[start])}")
            )
    # edges match (MAP-4)
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
    # unique sites (MAP-5)
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
    # road reachability from the Village sector (MAP-5)
    village_slots = [p.slot for p in carriers[Site.VILLAGE]]
    if village_slots:
        reached = _flood(occupied, village_slots[0], roads_only=True)
        for slot, p in placed.items():
            if slot not in reached:
                problems.append(
                    ZoneProblem("MAP-5", _where(p), "not reachable by road from the Village sector")
                )
    # closed roads (MAP-7)
    if closed_roads:
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
    return tuple(problems)


def _flood(occupied: Mapping[Slot, int], start: Slot, *, roads_only: bool) -> set[Slot]:
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


def _road_components(occupied: Mapping[Slot, int]) -> list[set[Slot]]:
    left = set(occupied)
    out = []
    while left:
        comp = _flood(occupied, next(iter(left)), roads_only=True)
        out.append(comp)
        left -= comp
    return out


def _open_road_slots(occupied: Mapping[Slot, int], slots: Iterable[Slot]) -> set[Slot]:
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


# --- completion search: foresight and the generator ---------------------------------------


class _OutOfBudget(Exception):
    """A restart: this attempt has used up its node budget."""


class _Search:
    """Depth-first completion search with pruning; failed states are memoised.

    A state is what matters for the future: the remaining sectors and the occupied slots with
    their world edge masks, translated so that the smallest slot is (0, 0).
    Completeness (free shape): in any valid completion the remaining sectors can be placed in an
    order where each one joins the Zone through a road (breadth-first from the Village sector
    over road joins), so only such placements are tried. With closed roads (MAP-7) some empty
    slot faced by a road must be filled, so only that slot is tried.
    """

    def __init__(self, tab: Tables, closed_roads: bool, rng: random.Random | None) -> None:
        self.tab = tab
        self.closed = closed_roads
        self.rng = rng
        self.failed: set[object] = set()
        self.nodes = 0
        self.budget: int | None = None

    def _tick(self) -> None:
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise _OutOfBudget

    def _key(self, occupied: Mapping[Slot, int], remaining: frozenset[str]) -> object:
        mi = min(s[0] for s in occupied)
        mj = min(s[1] for s in occupied)
        return (remaining, frozenset(((i - mi, j - mj), m) for (i, j), m in occupied.items()))

    def free(
        self,
        occupied: dict[Slot, int],
        remaining: frozenset[str],
        chosen: list[tuple[str, Slot, int]],
    ) -> bool:
        self._tick()
        comps = _road_components(occupied)
        if not remaining:
            if len(comps) != 1:
                return False
            return not (self.closed and _open_road_slots(occupied, occupied))
        for comp in comps:
            if not _open_road_slots(occupied, comp):
                return False  # a road network that can never grow nor meet the others
        key = self._key(occupied, remaining)
        if key in self.failed:
            return False
        targets = _open_road_slots(occupied, occupied)
        if self.closed and len(targets) > len(remaining):
            self.failed.add(key)
            return False
        moves: list[tuple[str, Slot, int]] = []
        slots = sorted(targets)
        if self.closed:
            best: list[tuple[str, Slot, int]] | None = None
            for slot in slots:
                cand = self._moves_at(occupied, remaining, slot)
                if best is None or len(cand) < len(best):
                    best = cand
                    if not cand:
                        break
            moves = best or []
        else:
            for slot in slots:
                moves.extend(self._moves_at(occupied, remaining, slot))
            if self.rng is None:
                moves.sort(key=lambda mv: -_tightness(occupied, mv[1]))
        if self.rng is not None:
            self.rng.shuffle(moves)
        for sid, slot, m in moves:
            occupied[slot] = m
            chosen.append((sid, slot, m))
            if self.free(occupied, remaining - {sid}, chosen):
                return True
            chosen.pop()
            del occupied[slot]
        self.failed.add(key)
        return False

    def _moves_at(
        self, occupied: Mapping[Slot, int], remaining: frozenset[str], slot: Slot
    ) -> list[tuple[str, Slot, int]]:
        touch, need = _constraint(occupied, slot)
        out = []
        for sid in sorted(remaining):
            for m, _ in self.tab.distinct[sid]:
                if not (m ^ need) & touch and m & need:
                    out.append((sid, slot, m))
        return out

    def template(
        self,
        order: Sequence[Slot],
        outside: Mapping[Slot, int],
        occupied: dict[Slot, int],
        remaining: frozenset[str],
        chosen: list[tuple[str, Slot, int]],
    ) -> bool:
        """Fill the template slots (``order[0]`` first), always next filling the slot next to
        the Zone with the fewest fitting sectors (forward checking: none fits = dead end)."""
        self._tick()
        if len(occupied) == len(order):
            return len(_road_components(occupied)) == 1
        key = (remaining, frozenset(occupied.items()))
        if key in self.failed:
            return False
        todo = [s for s in order if s not in occupied]
        best: list[tuple[str, int]] | None = None
        slot = order[0]
        if occupied:
            if not _can_still_join(occupied, set(todo)):
                self.failed.add(key)
                return False
            for cand in todo:
                touch, need = _constraint(occupied, cand)
                if not touch:
                    continue
                moves = self._moves_in(cand, touch, need, outside, remaining)
                if best is None or len(moves) < len(best):
                    best, slot = moves, cand
                    if not moves:
                        break
        else:
            best = self._moves_in(slot, 0, 0, outside, remaining)
        if best is None:
            best = []
        if self.rng is not None:
            self.rng.shuffle(best)
        for sid, m in best:
            occupied[slot] = m
            chosen.append((sid, slot, m))
            if self.template(order, outside, occupied, remaining - {sid}, chosen):
                return True
            chosen.pop()
            del occupied[slot]
        self.failed.add(key)
        return False

    def _moves_in(
        self,
        slot: Slot,
        touch: int,
        need: int,
        outside: Mapping[Slot, int],
        remaining: frozenset[str],
    ) -> list[tuple[str, int]]:
        banned = outside[slot] if self.closed else 0
        return [
            (sid, m)
            for sid in sorted(remaining)
            for m, _ in self.tab.distinct[sid]
            if not (m ^ need) & touch and not m & banned
        ]


def _can_still_join(occupied: Mapping[Slot, int], todo: set[Slot]) -> bool:
    """Whether every road network could still meet the others through the empty ``todo`` slots
    (roads enter an empty slot from a road edge; empty slots link to their empty neighbours)."""
    comps = _road_components(occupied)
    if len(comps) == 1:
        return len(todo) == 0 or bool(_open_road_slots(occupied, comps[0]) & todo)
    owner = {slot: k for k, comp in enumerate(comps) for slot in comp}
    reached = {0}
    frontier = list(_open_road_slots(occupied, comps[0]) & todo)
    seen = set(frontier)
    while frontier:
        slot = frontier.pop()
        i, j = slot
        for d in range(6):
            di, dj = SLOT_DIRECTIONS[d]
            n = (i + di, j + dj)
            if n in todo:
                if n not in seen:
                    seen.add(n)
                    frontier.append(n)
            elif n in occupied and occupied[n] >> ((d + 3) % 6) & 1:
                k = owner[n]
                if k not in reached:
                    reached.add(k)
                    for m in _open_road_slots(occupied, comps[k]) & todo:
                        if m not in seen:
                            seen.add(m)
                            frontier.append(m)
    return len(reached) == len(comps)


def _tightness(occupied: Mapping[Slot, int], slot: Slot) -> int:
    """How many placed sectors a slot touches (foresight tries snug places first)."""
    return sum(n in occupied for n in slot_neighbours(slot))


_SEARCHES: dict[tuple[int, bool], _Search] = {}


def completable(
    zone: Zone, placement: Placement, sectors: Iterable[Sector], *, closed_roads: bool = False
) -> bool:
    """Dead-end foresight: can the Zone with ``placement`` still be finished into a valid Zone
    (MAP-5, and MAP-7 if ``closed_roads``) with the remaining sectors?

    ``False`` only when proven (the search ran to the end); failed states are memoised across
    calls. A search that runs out of its node budget on every restart answers ``True`` (the
    placement is not marked as a dead end)."""
    tab = tables(sectors)
    z = zone.place(placement)
    placed = z.sector_ids()
    if len(placed) != len(z.placements) or not placed <= set(tab.ids):
        return False
    occupied = _occupancy(z, tab)
    if len(occupied) != len(z.placements):
        return False
    for slot in occupied:
        touch, need = _constraint(occupied, slot)
        if (occupied[slot] ^ need) & touch:
            return False
    search = _SEARCHES.get((id(tab), closed_roads))
    if search is None or search.tab is not tab:
        search = _Search(tab, closed_roads, None)
        _SEARCHES[(id(tab), closed_roads)] = search
    if len(search.failed) > 200_000:
        search.failed.clear()
    remaining = frozenset(tab.ids) - placed
    for attempt in range(FORESIGHT_RESTARTS):
        search.rng = None if attempt == 0 else random.Random(attempt)
        search.nodes = 0
        search.budget = FORESIGHT_BUDGET
        try:
            return search.free(dict(occupied), remaining, [])
        except _OutOfBudget:
            continue
        finally:
            search.rng = None
            search.budget = None
    return True  # not proven a dead end within the budget


FORESIGHT_BUDGET = 600
"""Search nodes per foresight attempt; after FORESIGHT_RESTARTS attempts the answer is "maybe"."""
FORESIGHT_RESTARTS = 4


def dead_ends(
    zone: Zone, sector_id: str, sectors: Iterable[Sector], *, closed_roads: bool = False
) -> frozenset[Placement]:
    """The legal placements of ``sector_id`` after which the Zone can no longer be finished."""
    sectors = tuple(sectors)
    return frozenset(
        p
        for p in legal_placements(zone, sector_id, sectors)
        if not completable(zone, p, sectors, closed_roads=closed_roads)
    )


# --- shapes and the random Zone (MAP-6) -----------------------------------------------------


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
