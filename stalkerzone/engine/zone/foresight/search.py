"""Dead-end foresight (TURN-4, MAP-5, MAP-7): can a partial Zone still be completed?

TURN-4: a placement after which the Zone can no longer be completed to a valid Zone is not
legal, and every other placement whose roads meet (MAP-4) is. :class:`Foresight` answers exactly
with a :data:`Verdict`: ``True`` with a completion found (a proof: :meth:`Foresight.completion`
gives it), ``False`` when the search has proved that none exists. ``None`` (undecided) is only a
deterministic safety bound (``FORESIGHT_BUDGET`` search nodes a placement, the same on every
machine); no question of the benchmark's Zones, free or closed roads, comes near it, and an
undecided placement is refused with its own reason ("could not confirm"), so the table's Zone
can always be completed.

**The search is exact.** A state is the occupied slots with their world edge masks, the slots
decided to stay empty and how many sectors of each kind remain. In a valid Zone every sector is
reachable by road from the Village (MAP-5), so taken in breadth-first order along the roads each
remaining sector lies on an empty slot faced by a road of one placed before it: the search takes
one empty slot faced by a road and branches on every sector that fits there (MAP-4) and, with
free roads, on the slot staying empty for good (with closed roads, MAP-7, it must be filled).
Every completion lies in one branch, so a search that ends without one proves there is none.
It ends at once where a rule can no longer be met: a remaining sector without roads (never
reachable by road; custom packs), a road network no longer faced by any open slot, too few
sectors left to join every road network (:mod:`stalkerzone.engine.zone.foresight.bounds`: moats on
grid distances, then on distances that heed the fit, then an exact Steiner tree of the joins
where the moats and the tree of shortest joins straddle the sectors left), and with closed
roads (MAP-7) road ends that cannot all be paired (``ends_pair`` there), more open slots and
sectors they force than sectors left, or no sector of its own for each open slot
(``closing_moves``, which also keeps each open slot to the moves that leave that possible).
Each bound counts sectors any real completion needs at least (or a rule it must meet), so pruning
with it loses no completion. Unique sites need no search: the content holds each exactly once
(checked once, ``sites_ok``) and a finished Zone holds every sector, so MAP-5's "exactly one
Village, Military Base, Laboratory, Epicenter" follows. With closed roads and the shipped sectors
there is no search: :mod:`~stalkerzone.engine.zone.foresight.library` holds every closed Zone (880).

**Joining is the hard part.** With free roads and one road network, the remaining sectors can
nearly always be laid out as a row or a snake continuing a road, each sector meeting all its
neighbours: the search proves that at once (a straight row, :func:`straight_road_out`, or
:meth:`Foresight._snake_out`). It is not assumed, though: a snake can run into its own roads and
a road end can face a slot no remaining sector fits, so without a row the search goes on. With
several networks and sectors to spare, a greedy join of the nearest networks is tried first
(:func:`~stalkerzone.engine.zone.foresight.greedy.greedy_join`,
a proof when it ends in one network);
else the search branches on the network with the fewest slots from which another is in reach,
trying the moves that lead nearer first; the bounds make the dead branches short.

**Work is shared.** A completion found for one placement of a sector is tried on the others
(:func:`~stalkerzone.engine.zone.foresight.geometry.completes`): most placements of a completable
Zone are proven without a search. A slot is usually a dead end for every mask of the sector or
for none: after two masks on a slot are dead at their first node, one relaxed state proves the
slot's other masks dead together where it can (:mod:`~stalkerzone.engine.zone.foresight.slots`).
States searched are memoised, completable or dead, the first
of each question up to symmetry (translation, the six rotations of the whole Zone, the mirror
image when every sector's set of masks is mirror-closed, sectors with the same masks as one
kind). The memo lives for one question (every placement of one sector on one Zone), so an answer
depends on the question only; the answers are kept (bounded) by the :class:`Foresight` object,
which a game owns in its context.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from stalkerzone.engine.zone import (
    UNIQUE_SITES,
    CutOff,
    Placement,
    Sector,
    Slot,
    Zone,
    constraint,
    legal_placements,
    occupancy,
    road_components,
    tables,
)
from stalkerzone.engine.zone.foresight.bounds import (
    closing_moves,
    ends_pair,
    grid_distances,
    joining_bound,
    road_end_totals,
)
from stalkerzone.engine.zone.foresight.branch import join_slot
from stalkerzone.engine.zone.foresight.collector import collector_paused
from stalkerzone.engine.zone.foresight.cover import slots_meeting
from stalkerzone.engine.zone.foresight.geometry import (
    canonical_key,
    completes,
    road_networks,
    straight_road_out,
    symmetries,
)
from stalkerzone.engine.zone.foresight.greedy import greedy_join
from stalkerzone.engine.zone.foresight.library import library_for
from stalkerzone.engine.zone.foresight.moves import Move, MoveTable
from stalkerzone.engine.zone.foresight.reasons import why_not
from stalkerzone.engine.zone.foresight.seer import State, Verdict
from stalkerzone.engine.zone.foresight.slots import slot_dead
from stalkerzone.engine.zone.foresight.snake import snake_out

Step = tuple[Slot, int, int]
"""One sector of a completion: (slot, sector kind, world edge mask)."""

FORESIGHT_BUDGET = 20_000
"""Search nodes one placement's question may expand before it is answered "undecided": a
safety bound only (the hardest question of the benchmark, a dead end with closed roads, needs
under 2,000; with free roads, as the game plays, none needs 1,000)."""
SECTOR_BUDGET = 100_000
"""Search nodes the questions about one sector's placements share; past it each remaining
placement gets at most ``LAST_BUDGET`` nodes, so one sector costs at most SECTOR_BUDGET plus
LAST_BUDGET per placement (never reached on the benchmark either)."""
LAST_BUDGET = 2_000
STEINER_SLACK = 2
"""The Steiner bound is worked out when the moat bound is within this of the sectors left."""
WITNESSES = 8
"""Completions found for one sector's placements that are tried on its other placements."""
SNAKE_STEPS = 60
"""Placements one look for a snake-shaped completion may try (:meth:`Foresight._snake_out`)."""
JOIN_SLACK = 2
"""A greedy join (:func:`~stalkerzone.engine.zone.foresight.greedy.greedy_join`) is tried where the
grid moats leave at least this many sectors to spare."""
JOIN_STEPS = 8
"""Placements one greedy join may try."""
SLOT_AFTER = 2
"""Masks on one slot dead at their first search node before the slot's other masks are
proven dead together, if they are (:func:`~stalkerzone.engine.zone.foresight.slots.slot_dead`)."""


class _OutOfBudget(Exception):
    """The question has expanded its ``budget`` of search nodes."""


@dataclass(frozen=True, slots=True)
class SectorVerdicts:
    """The verdicts on every legal placement (MAP-4) of one sector on one Zone."""

    verdicts: Mapping[Placement, Verdict]

    @property
    def completable(self) -> tuple[Placement, ...]:
        """The placements proven to keep the Zone completable: the legal ones (TURN-4)."""
        return tuple(p for p, v in self.verdicts.items() if v)

    @property
    def dead(self) -> frozenset[Placement]:
        """The placements that are not legal: proven dead ends and undecided ones."""
        return frozenset(p for p, v in self.verdicts.items() if not v)


class Foresight:
    """Completion search for one set of sectors and variant; keeps its answers (bounded)."""

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
        self.steiner_slack = STEINER_SLACK
        self.answers: dict[object, object] = {}
        """Answers already given, by question (a pure function of the question: kept)."""
        self.memo: dict[object, bool] = {}
        """States searched during the current question, completable or not."""
        self.nodes = 0
        """Search nodes expanded so far, every question together (a measure of the work)."""
        self._spent = 0
        self._limit = 0
        self.path: list[Step] = []
        """The sectors placed on the way to the current state of the search."""
        self.found: list[Step] | None = None
        """The rest of the completion the last proven question found (``None``: not known)."""
        self._lock = threading.RLock()  # one question at a time (the client asks off the frame)
        kinds: dict[tuple[int, ...], int] = {}
        self.kind: dict[str, int] = {}
        for sid in self.tab.ids:
            masks = tuple(sorted(m for m, _ in self.tab.distinct[sid]))
            self.kind[sid] = kinds.setdefault(masks, len(kinds))
        self.kind_masks: tuple[tuple[int, ...], ...] = tuple(kinds)
        self._maps = symmetries(self.kind_masks)
        self.end_totals: dict[tuple[int, ...], frozenset[int]] = {}
        """Sectors left → :meth:`_end_totals` (closed roads; bounded)."""
        self.moves = MoveTable(self.kind_masks)
        """Which sectors fit an empty slot (MAP-4), kept per content."""
        self.roadless = tuple(not any(ms) for ms in self.kind_masks)
        self.sites_ok = all(
            sum(site in self.tab.unique[sid] for sid in self.tab.ids) == 1 for site in UNIQUE_SITES
        )
        self.library = library_for(self) if closed_roads else None
        """Closed roads: every closed Zone of these sectors, when kept for them (no search)."""

    # --- questions -------------------------------------------------------------------------
    def _remember(self, key: object, value: object) -> None:
        if len(self.answers) >= self.answers_limit:
            self.answers.clear()
        self.answers[key] = value

    def sector_verdicts(self, zone: Zone, sector_id: str) -> SectorVerdicts:
        """The verdict on every legal placement (MAP-4) of ``sector_id`` on ``zone``.
        Placements with the same slot and world edge mask share one search; all of them share
        the memo of this question."""
        with self._lock, collector_paused():
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
            rests: list[list[Step]] = []
            at_slot: dict[Slot, set[int]] = {}
            for p in legal:
                at_slot.setdefault(p.slot, set()).add(masks[(p.face, p.rotation)])
            dead_slots: set[Slot] = set()
            shut: dict[Slot, int] = {}
            for p in legal:
                mk = (p.slot, masks[(p.face, p.rotation)])
                if p.slot in dead_slots:
                    by_mask[mk] = False
                if mk not in by_mask:
                    if any(completes(occupied, mk, rest, self.closed) for rest in rests):
                        by_mask[mk] = True  # another placement's completion fits this one too
                        verdicts[p] = True
                        continue
                    occupied[p.slot] = mk[1]
                    budget = min(self.budget, max(left, LAST_BUDGET))
                    by_mask[mk] = self._bounded(occupied, blocked, fewer, budget)
                    left -= self._spent
                    del occupied[p.slot]
                    if self.found is not None and self.library is None:  # (no search)
                        rests.insert(0, self.found)
                        del rests[WITNESSES:]
                    elif by_mask[mk] is False and self._spent == 1 and not self.closed:
                        # dead at once: after the second such mask on a slot, are the slot's
                        # other masks dead ends too?
                        shut[p.slot] = shut.get(p.slot, 0) + 1
                        on_slot = at_slot[p.slot]
                        on_slot.discard(mk[1])
                        if (
                            shut[p.slot] == SLOT_AFTER
                            and on_slot
                            and slot_dead(
                                self.moves, occupied, p.slot, on_slot, fewer, self.steiner_slack
                            )
                        ):
                            dead_slots.add(p.slot)
                verdicts[p] = by_mask[mk]
            self.memo = {}
        result = SectorVerdicts(verdicts)
        self._remember(key, result)
        return result

    def dead_ends(self, zone: Zone, sector_id: str) -> frozenset[Placement]:
        """The legal placements (MAP-4) of ``sector_id`` that TURN-4 refuses: proven dead ends
        and the (rare) undecided ones."""
        return self.sector_verdicts(zone, sector_id).dead

    def zone_verdict(self, zone: Zone) -> Verdict:
        """Can this partial Zone still be completed with the sectors not yet on it?"""
        with self._lock, collector_paused():
            return self._zone_verdict(zone)

    def _zone_verdict(self, zone: Zone) -> Verdict:
        key = ("zone", zone.placements)
        if key in self.answers:
            return self.answers[key]  # type: ignore[return-value]
        start = self._start(zone)
        verdict: Verdict = False
        if start is not None:
            self.memo = {}
            verdict = self._bounded(*start)
            self.memo = {}
        self._remember(key, verdict)
        return verdict

    def completion(self, zone: Zone) -> Zone | None:
        """A valid Zone (MAP-5, MAP-7 with closed roads) that keeps every placement of ``zone``
        and adds the sectors not yet on it: the proof behind a ``True`` verdict; ``None`` for a
        dead end or an undecided question."""
        with self._lock, collector_paused():
            start = self._start(zone)
            if start is None:
                return None
            self.memo = {}
            try:
                proven = self._bounded(*start)
                steps = self.found
            finally:
                self.memo = {}
            if not proven or steps is None:
                return None
            placed = zone.sector_ids()
            pool = [sid for sid in self.tab.ids if sid not in placed]
            out = list(zone.placements)
            for slot, kind, mask in steps:
                sid = next(s for s in pool if self.kind[s] == kind)
                pool.remove(sid)
                face, rotation = next(
                    g for m, group in self.tab.distinct[sid] if m == mask for g in group
                )
                out.append(Placement(sid, face, rotation, slot))
            return Zone(tuple(out))

    def completable(self, zone: Zone, placement: Placement) -> bool:
        """Is the Zone with ``placement`` proven completable (MAP-5, MAP-7 if closed roads)?"""
        return self.zone_verdict(zone.place(placement)) is True

    def cut_off(self, zone: Zone, placement: Placement) -> CutOff | None:
        """``None`` if the Zone with ``placement`` is proven completable, else why not: what
        it would cut off (a sector, and where it lies from the Village) or the rule that fails."""
        return self.zone_cut_off(zone.place(placement))

    def zone_cut_off(self, zone: Zone) -> CutOff | None:
        """``None`` if this partial Zone is proven completable, else why not (see
        :meth:`cut_off`)."""
        with self._lock, collector_paused():
            return self._zone_cut_off(zone)

    def free_roads_verdict(self, zone: Zone) -> Verdict:
        """The verdict on ``zone`` if roads might end at empty space (no MAP-7)."""
        return Foresight(self.sectors).zone_verdict(zone)

    def _zone_cut_off(self, zone: Zone) -> CutOff | None:
        verdict = self.zone_verdict(zone)
        return None if verdict else why_not(self, zone, verdict)

    # --- the search --------------------------------------------------------------------------
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
        self.path = []
        self.found = None
        if self.library is not None:  # closed roads (MAP-7): the complete list decides
            self.found = self.library.rest(occupied, counts)
            return self.found is not None
        if not self.closed and occupied and any(counts):
            comps = road_components(occupied)
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
        occupied = occupancy(zone, self.tab)
        if len(occupied) != len(zone.placements):
            return None
        for p in zone.placements:
            if not 0 <= p.rotation < 6 or p.face not in {
                f for f, _, _ in self.tab.options[p.sector]
            }:
                return None
        for slot, m in occupied.items():
            touch, need = constraint(occupied, slot)
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
        """One search node: the bounds and shortcuts that decide it at once, else a branch on
        the sectors that fit one slot (and, free roads, on leaving that slot empty)."""
        self.nodes += 1
        self._spent += 1
        if self._spent > self._limit:
            raise _OutOfBudget
        if not occupied:
            return self._expand_empty(blocked, counts)
        networks = road_networks(occupied)
        if not any(counts):
            return self._finished(networks)
        faced = [open_slots - blocked for _, open_slots in networks]
        early = self._decided_early(occupied, blocked, counts, faced)
        if early is not None:
            return early
        every: set[Slot] = set().union(*faced)
        if self.closed and len(every) > sum(counts):
            return False  # every road must be closed, one sector per open slot at most
        if not self.closed and len(networks) == 1 and self._grows_out(occupied, blocked, counts):
            return True
        narrowed = self._branch_options(occupied, blocked, counts, faced, every)
        if narrowed is None:
            return False
        options, blocked, faced = narrowed
        chosen = None
        if len(networks) > 1:
            chosen = join_slot(
                self.moves, occupied, blocked, counts, faced, options, self.steiner_slack
            )
            if chosen is None:
                return False  # too few sectors left to join every network (moats)
        if chosen is None or self.closed:  # closed roads: every faced slot is filled anyway
            slot = min(options, key=lambda s: (len(options[s]), s))
            chosen = slot, options[slot]
        return self._branch(occupied, blocked, counts, *chosen)

    def _expand_empty(self, blocked: frozenset[Slot], counts: tuple[int, ...]) -> bool:
        """An empty Zone: some sector on some slot first."""
        for kind, masks in enumerate(self.kind_masks):
            for m in masks if counts[kind] else ():
                fewer = (*counts[:kind], counts[kind] - 1, *counts[kind + 1 :])
                self.path.append(((0, 0), kind, m))
                ok = self._search({(0, 0): m}, blocked, fewer)
                self.path.pop()
                if ok:
                    return True
        return False

    def _finished(self, networks: list[tuple[set[Slot], set[Slot]]]) -> bool:
        """Every sector placed: complete when one road network is left (with closed roads, one
        facing no empty slot: MAP-5, MAP-7)."""
        done = len(networks) == 1 and not (self.closed and networks[0][1])
        if done:
            self.found = list(self.path)
        return done

    def _decided_early(
        self,
        occupied: dict[Slot, int],
        blocked: frozenset[Slot],
        counts: tuple[int, ...],
        faced: list[set[Slot]],
    ) -> Verdict:
        """``False`` when a bound proves the state dead, ``True`` when a greedy join completes
        it, ``None`` when the search must go on."""
        if any(n and self.roadless[k] for k, n in enumerate(counts)):
            return False  # a sector without roads is never reachable by road (MAP-5)
        if not all(faced):
            return False  # a road network that can never grow nor meet the others
        if len(faced) == 1:
            return None
        left = sum(counts)
        if slots_meeting(faced) > left:
            return False  # too few sectors left to meet every network by road (MAP-5)
        apart = joining_bound(grid_distances(faced))
        if apart > left:
            return False  # too few sectors left to join every network, even ignoring fit
        if not self.closed and apart + JOIN_SLACK <= left:
            joined = greedy_join(self.moves, occupied, blocked, counts, self.path, JOIN_STEPS)
            if joined is not None:
                self.found = joined
                return True
        return None

    def _grows_out(
        self, occupied: dict[Slot, int], blocked: frozenset[Slot], counts: tuple[int, ...]
    ) -> bool:
        """Free roads, one road network: a straight row or a snake of the sectors left completes
        the Zone (a proof, kept in :attr:`found`)."""
        row = straight_road_out(occupied, blocked, counts, self.kind_masks)
        if row is not None:
            self.found = [*self.path, *row]
            return True
        return self._snake_out(occupied, counts)

    def _branch_options(
        self,
        occupied: dict[Slot, int],
        blocked: frozenset[Slot],
        counts: tuple[int, ...],
        faced: list[set[Slot]],
        every: set[Slot],
    ) -> tuple[dict[Slot, tuple[Move, ...]], frozenset[Slot], list[set[Slot]]] | None:
        """The moves of each faced slot worth branching on, with the slots and faced slots
        once those where nothing fits stay empty; ``None`` when that leaves the state dead."""
        options = self.moves.options_at(occupied, counts, sorted(every))
        stuck = {s for s, moves in options.items() if not moves}
        if stuck:  # nothing fits there, now or later: the slots stay empty (free roads only)
            if self.closed:
                return None
            blocked, faced = blocked | stuck, [f - stuck for f in faced]
            if not all(faced):
                return None  # a road network that can never grow nor meet the others
            options = {s: moves for s, moves in options.items() if s not in stuck}
        if self.closed:  # MAP-7: the road ends must pair up, each open slot get a sector
            if not ends_pair(occupied, sum(counts), self._end_totals(counts)):
                return None
            closing = closing_moves(occupied, every, options, counts)
            if closing is None:
                return None
            options = closing
        return options, blocked, faced

    def _branch(
        self,
        occupied: dict[Slot, int],
        blocked: frozenset[Slot],
        counts: tuple[int, ...],
        slot: Slot,
        moves: tuple[Move, ...],
    ) -> bool:
        """Each of ``moves`` on ``slot`` in turn, then (free roads) the slot left empty."""
        for kind, m in moves:
            occupied[slot] = m
            self.path.append((slot, kind, m))
            fewer = (*counts[:kind], counts[kind] - 1, *counts[kind + 1 :])
            ok = self._search(occupied, blocked, fewer)
            self.path.pop()
            del occupied[slot]
            if ok:
                return True
        if self.closed:
            return False
        return self._search(occupied, blocked | {slot}, counts)

    def _end_totals(self, counts: tuple[int, ...]) -> frozenset[int]:
        """The road ends the sectors left may have in all, over every choice of faces."""
        totals = self.end_totals.get(counts)
        if totals is None:
            totals = road_end_totals(self.kind_masks, counts)
            if len(self.end_totals) > 50_000:
                self.end_totals.clear()
            self.end_totals[counts] = totals
        return totals

    def _snake_out(self, occupied: dict[Slot, int], counts: tuple[int, ...]) -> bool:
        """Free roads, one road network: a snake-shaped completion within ``SNAKE_STEPS``
        steps (:func:`~stalkerzone.engine.zone.foresight.snake.snake_out`), kept in ``found``."""
        found = snake_out(self.moves, occupied, counts, self.path, SNAKE_STEPS)
        if found is not None:
            self.found = found
        return found is not None
