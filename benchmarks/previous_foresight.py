"""The dead-end foresight as it was before the exact search (TURN-4), kept as the baseline of
``bench_layout.py``: a completion search per placement with a node budget ("undecided" past it,
refused), pruned by straight-line distances between road networks only.

Only what ``sector_verdicts`` needs is kept (the reasons in words are the engine's).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping

from stalkerzone.engine.foresight_geometry import canonical_key, road_networks, symmetries
from stalkerzone.engine.hexes import SLOT_DIRECTIONS, Slot, slot_neighbours
from stalkerzone.engine.layout import (
    ROTATED,
    UNIQUE_SITES,
    Placement,
    Sector,
    SectorVerdicts,
    Verdict,
    Zone,
    _constraint,
    _occupancy,
    _road_components,
    legal_placements,
    tables,
)

Move = tuple[int, int]
State = tuple[dict[Slot, int], frozenset[Slot], tuple[int, ...]]
FORESIGHT_BUDGET = 80
SECTOR_BUDGET = 400
LAST_BUDGET = 6
SNAKE_STEPS = 60
_SIDES: tuple[tuple[int, int, int, int], ...] = tuple(
    (1 << d, (d + 3) % 6, di, dj) for d, (di, dj) in enumerate(SLOT_DIRECTIONS)
)


class _OutOfBudget(Exception):
    """The question has expanded its ``budget`` of search nodes."""


class PreviousForesight:
    """The budgeted completion search (the baseline); keeps its answers (bounded)."""

    def __init__(
        self,
        sectors: Iterable[Sector],
        *,
        closed_roads: bool = False,
        budget: int = FORESIGHT_BUDGET,
        sector_budget: int = SECTOR_BUDGET,
        answers_limit: int = 2048,
    ) -> None:
        self.sectors = tuple(sectors)
        self.tab = tables(self.sectors)
        self.closed = closed_roads
        self.budget = budget
        self.sector_budget = sector_budget
        self.answers_limit = answers_limit
        self.answers: dict[object, object] = {}
        """Answers already given, by question (a pure function of the question: kept)."""
        self.memo: dict[object, bool] = {}
        """States searched during the current question, completable or not."""
        self.nodes = 0
        """Search nodes expanded so far, every question together (a measure of the work)."""
        self._spent = 0
        self._limit = 0
        self._lock = threading.RLock()  # one question at a time (the client asks off the frame)
        kinds: dict[tuple[int, ...], int] = {}
        self.kind: dict[str, int] = {}
        for sid in self.tab.ids:
            masks = tuple(sorted(m for m, _ in self.tab.distinct[sid]))
            self.kind[sid] = kinds.setdefault(masks, len(kinds))
        self.kind_masks: tuple[tuple[int, ...], ...] = tuple(kinds)
        self._maps = symmetries(self.kind_masks)
        self._fits: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}
        """(touching sides, sides needing a road) → the fitting masks of each kind (MAP-4)."""
        self._moves: dict[tuple[int, int, tuple[int, ...]], tuple[Move, ...]] = {}
        """(touching sides, sides needing a road, sectors left) → :meth:`_moves_at` (bounded)."""
        self._sides: dict[tuple[int, int, tuple[int, ...]], int] = {}
        """(touching sides, sides needing a road, sectors left) → :meth:`_road_sides`."""
        self.straight = tuple(any(m & ROTATED[m][3] for m in ms) for ms in self.kind_masks)
        """Per kind: can a road run straight through it (two opposite road edges)?"""
        self.roadless = tuple(not any(ms) for ms in self.kind_masks)
        self.sites_ok = all(
            sum(site in self.tab.unique[sid] for sid in self.tab.ids) == 1 for site in UNIQUE_SITES
        )

    # --- questions -------------------------------------------------------------------------
    def _remember(self, key: object, value: object) -> None:
        if len(self.answers) >= self.answers_limit:
            self.answers.clear()
        self.answers[key] = value

    def sector_verdicts(self, zone: Zone, sector_id: str) -> SectorVerdicts:
        """The verdict on every legal placement (MAP-4) of ``sector_id`` on ``zone``.
        Placements with the same slot and world edge mask share one search; all of them share
        the memo of this question."""
        with self._lock:
            return self._sector_verdicts(zone, sector_id)

    def _sector_verdicts(self, zone: Zone, sector_id: str) -> SectorVerdicts:
        key = ("sector", zone.placements, sector_id)
        found = self.answers.get(key)
        if isinstance(found, SectorVerdicts):
            return found
        legal = legal_placements(zone, sector_id, self.tab)
        start = self._start(zone)
        verdicts: dict[Placement, Verdict] = {}
        if start is None:
            verdicts = dict.fromkeys(legal, False)
        else:
            occupied, blocked, counts = start
            kind = self.kind[sector_id]
            fewer = (*counts[:kind], counts[kind] - 1, *counts[kind + 1 :])
            masks = {(f, r): m for f, r, m in self.tab.options[sector_id]}
            by_mask: dict[tuple[Slot, int], Verdict] = {}
            self.memo = {}
            left = self.sector_budget
            for p in legal:
                mk = (p.slot, masks[(p.face, p.rotation)])
                if mk not in by_mask:
                    occupied[p.slot] = mk[1]
                    budget = min(self.budget, left) if left > LAST_BUDGET else LAST_BUDGET
                    by_mask[mk] = self._bounded(occupied, blocked, fewer, budget)
                    left -= self._spent
                    del occupied[p.slot]
                verdicts[p] = by_mask[mk]
            self.memo = {}
        result = SectorVerdicts(verdicts)
        self._remember(key, result)
        return result

    def _bounded(
        self,
        occupied: dict[Slot, int],
        blocked: frozenset[Slot],
        counts: tuple[int, ...],
        budget: int | None = None,
    ) -> Verdict:
        """One placement's question with its node budget: ``None`` when it runs out."""
        self._spent = 0
        self._limit = self.budget if budget is None else budget
        if not self.closed and occupied and any(counts):
            comps = _road_components(occupied)
            if len(comps) == 1 and self._snake_out(occupied, counts):
                return True  # the common case: one road network that can grow (no memo needed)
        try:
            return self._search(dict(occupied), blocked, counts, canonical=True)
        except _OutOfBudget:
            return None

    def _start(self, zone: Zone) -> State | None:
        """The search state of a partial Zone, or ``None`` when it breaks MAP-1/2/4 already."""
        placed = zone.sector_ids()
        if not self.sites_ok or len(placed) != len(zone.placements):
            return None
        if not placed <= set(self.tab.ids):
            return None
        occupied = _occupancy(zone, self.tab)
        if len(occupied) != len(zone.placements):
            return None
        for p in zone.placements:
            if not 0 <= p.rotation < 6 or p.face not in {
                f for f, _, _ in self.tab.options[p.sector]
            }:
                return None
        for slot, m in occupied.items():
            touch, need = _constraint(occupied, slot)
            if (m ^ need) & touch:
                return None
        counts = [0] * len(self.kind_masks)
        for sid in self.tab.ids:
            if sid not in placed:
                counts[self.kind[sid]] += 1
        return occupied, frozenset(), tuple(counts)

    def _key(
        self, occupied: Mapping[Slot, int], blocked: frozenset[Slot], counts: tuple[int, ...]
    ) -> object:
        """The state up to translation, rotation (and mirror) of the whole Zone."""
        return canonical_key(self._maps, occupied, blocked, counts)

    def _search(
        self,
        occupied: dict[Slot, int],
        blocked: frozenset[Slot],
        counts: tuple[int, ...],
        canonical: bool = False,
    ) -> bool:
        """Memoised: a placement's state up to symmetry (``canonical``: placements of one
        sector that give turned or moved copies share one answer), inner states as they lie
        (within one question the Zone does not move, so equal states lie equally)."""
        key: object
        if canonical:
            key = self._key(occupied, blocked, counts)
        else:
            key = (counts, frozenset(occupied.items()), blocked)
        found = self.memo.get(key)
        if found is None:
            found = self._expand(occupied, blocked, counts)
            self.memo[key] = found
        return found

    def _expand(
        self, occupied: dict[Slot, int], blocked: frozenset[Slot], counts: tuple[int, ...]
    ) -> bool:
        self.nodes += 1
        self._spent += 1
        if self._spent > self._limit:
            raise _OutOfBudget
        if not occupied:  # an empty Zone: some sector on some slot first
            for kind, masks in enumerate(self.kind_masks):
                for m in masks if counts[kind] else ():
                    fewer = (*counts[:kind], counts[kind] - 1, *counts[kind + 1 :])
                    if self._search({(0, 0): m}, blocked, fewer):
                        return True
            return False
        networks = road_networks(occupied)
        comps = [comp for comp, _ in networks]
        if not any(counts):
            if len(comps) != 1:
                return False
            return not (self.closed and networks[0][1])
        if any(n and self.roadless[k] for k, n in enumerate(counts)):
            return False  # a sector without roads is never reachable by road (MAP-5)
        faced = [open_slots - blocked for _, open_slots in networks]
        if not all(faced):
            return False  # a road network that can never grow nor meet the others
        left = sum(counts)
        every: set[Slot] = set().union(*faced)
        if self.closed and len(every) > left:
            return False  # every road must be closed, one sector per open slot at most
        if (
            not self.closed
            and len(comps) == 1
            and (
                straight_road_out(occupied, blocked, counts, self.straight)
                or self._snake_out(occupied, counts)
            )
        ):
            return True
        options = {slot: self._moves_at(occupied, counts, slot) for slot in sorted(every)}
        stuck = next((s for s, moves in options.items() if not moves), None)
        if stuck is not None:  # nothing fits there: the slot stays empty (free roads only)
            return not self.closed and self._search(occupied, blocked | {stuck}, counts)
        if len(comps) > 1:
            # every network must still meet another one; branch on the most constrained
            best: tuple[int, int, Slot, set[Slot]] | None = None
            for k, mine in enumerate(faced):
                goals = set().union(*(f for n, f in enumerate(faced) if n != k))
                dist = rows_in_the_open(goals, mine, left)
                if not dist:
                    return False  # this network can no longer meet another one
                pick = min(dist, key=lambda s: (dist[s], len(options[s]), s))
                rank = (len(dist), dist[pick], pick, goals)
                if best is None or rank[:3] < best[:3]:
                    best = rank
            assert best is not None
            _, _, slot, goals = best
            dist = rows_in_the_open(goals, set(slot_neighbours(slot)), left + 1)
            moves = tuple(sorted(options[slot], key=lambda mv: toward(slot, mv[1], dist)))
        else:
            slot = min(options, key=lambda s: (len(options[s]), s))
            moves = options[slot]
        for kind, m in moves:
            occupied[slot] = m
            fewer = (*counts[:kind], counts[kind] - 1, *counts[kind + 1 :])
            ok = self._search(occupied, blocked, fewer)
            del occupied[slot]
            if ok:
                return True
        if self.closed:
            return False
        return self._search(occupied, blocked | {slot}, counts)

    def _snake_out(self, occupied: dict[Slot, int], counts: tuple[int, ...]) -> bool:
        """Free roads, one road network: look (at most ``SNAKE_STEPS`` steps) for a completion
        in which every remaining sector continues the road of the one placed before it, each
        on a slot where it fits every neighbour (MAP-4): the Zone stays one road network."""
        steps = [SNAKE_STEPS]
        for slot in sorted(occupied):
            if self._snake(occupied, counts, slot, steps):
                return True
            if steps[0] <= 0:
                return False
        return False

    def _snake(
        self, occupied: dict[Slot, int], counts: tuple[int, ...], tip: Slot, steps: list[int]
    ) -> bool:
        if not any(counts):
            return True
        i, j = tip
        m = occupied[tip]
        for d, (di, dj) in enumerate(SLOT_DIRECTIONS):
            n = (i + di, j + dj)
            if not m >> d & 1 or n in occupied:
                continue
            moves = sorted(self._moves_at(occupied, counts, n), key=lambda mv: -mv[1].bit_count())
            for kind, mask in moves:
                steps[0] -= 1
                if steps[0] <= 0:
                    return False
                occupied[n] = mask
                fewer = (*counts[:kind], counts[kind] - 1, *counts[kind + 1 :])
                ok = self._snake(occupied, fewer, n, steps)
                del occupied[n]
                if ok:
                    return True
        return False

    def _moves_at(
        self, occupied: Mapping[Slot, int], counts: tuple[int, ...], slot: Slot
    ) -> tuple[Move, ...]:
        """The (kind, world mask) of every remaining sector that fits on an empty ``slot``
        (MAP-4), kept per (touching sides, sides needing a road, sectors left)."""
        touch = need = 0
        i, j = slot
        for bit, back, di, dj in _SIDES:
            m = occupied.get((i + di, j + dj))
            if m is not None:
                touch |= bit
                if m >> back & 1:
                    need |= bit
        key = (touch, need, counts)
        moves = self._moves.get(key)
        if moves is None:
            fits = self._fits.get((touch, need))
            if fits is None:
                fits = tuple(
                    tuple(m for m in masks if not (m ^ need) & touch) for masks in self.kind_masks
                )
                self._fits[(touch, need)] = fits  # at most 64 × 64 entries
            moves = tuple((kind, m) for kind, n in enumerate(counts) if n for m in fits[kind])
            if len(self._moves) > 50_000:
                self._moves.clear()
            self._moves[key] = moves
        return moves


def rows_in_the_open(goals: set[Slot], targets: set[Slot], left: int) -> dict[Slot, int]:
    """For the ``targets``: the fewest sectors of a row from there to one of the ``goals``
    (1 = on it) if nothing stood in the way, when at most ``left`` (a lower bound of
    :func:`rows_to`, so pruning with it is sound)."""
    out: dict[Slot, int] = {}
    cubes = [(gx, gy, gx + gy) for gx, gy in goals]
    for x, y in targets:
        s = x + y
        # slot distance (axial): the largest of the three cube coordinate differences
        near = min([max(abs(x - gx), abs(y - gy), abs(s - gs)) for gx, gy, gs in cubes], default=99)
        if near < left:
            out[(x, y)] = near + 1
    return out


def toward(slot: Slot, mask: int, dist: Mapping[Slot, int]) -> int:
    """How far the nearest goal is from the roads of ``mask`` on ``slot`` (try near first)."""
    i, j = slot
    best = 99
    for d in range(6):
        if mask >> d & 1:
            di, dj = SLOT_DIRECTIONS[d]
            best = min(best, dist.get((i + di, j + dj), 99))
    return best


def straight_road_out(
    occupied: Mapping[Slot, int],
    blocked: frozenset[Slot],
    counts: tuple[int, ...],
    straight: tuple[bool, ...],
) -> bool:
    """Free roads, one road network: a completion exists when the remaining sectors fit in a
    straight row leading out of the Zone from one of its roads, each row slot touching only its
    row neighbours (and the first one its road sector). Every sector of the row but the last
    needs two opposite road edges (``straight`` per kind); the last needs any road."""
    bent = sum(n for k, n in enumerate(counts) if not straight[k])
    if bent > 1:
        return False
    left = sum(counts)
    for slot, m in occupied.items():
        for d in range(6):
            if not m >> d & 1:
                continue
            di, dj = SLOT_DIRECTIONS[d]
            row = [(slot[0] + di * t, slot[1] + dj * t) for t in range(1, left + 1)]
            if _row_is_free(occupied, blocked, slot, row):
                return True
    return False


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
