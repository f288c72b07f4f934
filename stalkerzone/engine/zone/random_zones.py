"""Shapes and the random Zone (MAP-6): templates for line, ring and compact Zones, and a random
valid Zone dealt from a seed (MAP-5, MAP-7 with closed roads) by a randomised completion search
with a node budget and restarts."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from stalkerzone.engine.zone.hexes import (
    SLOT_DIRECTIONS,
    Slot,
    slot_distance,
    slot_neighbour,
    slot_neighbours,
)
from stalkerzone.engine.zone.layout import (
    SHAPES,
    Placement,
    Sector,
    Tables,
    Zone,
    ZoneImpossible,
    constraint,
    open_road_slots,
    road_components,
    tables,
)


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
        comps = road_components(occupied)
        if not remaining:
            if len(comps) != 1:
                return False
            return not (self.closed and open_road_slots(occupied, occupied))
        for comp in comps:
            if not open_road_slots(occupied, comp):
                return False  # a road network that can never grow nor meet the others
        key = self._key(occupied, remaining)
        if key in self.failed:
            return False
        targets = open_road_slots(occupied, occupied)
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
        touch, need = constraint(occupied, slot)
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
            return len(road_components(occupied)) == 1
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
                touch, need = constraint(occupied, cand)
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
    comps = road_components(occupied)
    if len(comps) == 1:
        return len(todo) == 0 or bool(open_road_slots(occupied, comps[0]) & todo)
    owner = {slot: k for k, comp in enumerate(comps) for slot in comp}
    reached = {0}
    frontier = list(open_road_slots(occupied, comps[0]) & todo)
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
                    for m in open_road_slots(occupied, comps[k]) & todo:
                        if m not in seen:
                            seen.add(m)
                            frontier.append(m)
    return len(reached) == len(comps)


def _tightness(occupied: Mapping[Slot, int], slot: Slot) -> int:
    """How many placed sectors a slot touches (foresight tries snug places first)."""
    return sum(n in occupied for n in slot_neighbours(slot))


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
