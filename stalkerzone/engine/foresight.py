"""Dead-end foresight (TURN-4, MAP-5, MAP-7): can a partial Zone still be completed? The same
completion search also deals the random Zone (:mod:`stalkerzone.engine.random_zones`)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from stalkerzone.engine.hexes import SLOT_DIRECTIONS, Slot, slot_neighbours
from stalkerzone.engine.layout import (
    Placement,
    Sector,
    Tables,
    Zone,
    _constraint,
    _occupancy,
    _open_road_slots,
    _road_components,
    legal_placements,
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
