"""Exact dead-end foresight (TURN-4, MAP-5, MAP-7): can a partial Zone still be completed?

TURN-4: a placement after which the Zone can no longer be completed to a valid Zone is not
legal. :class:`Foresight` answers that exactly, with no search budget: ``False`` is a proof that
no completion exists, ``True`` comes with one (:meth:`Foresight.completion` builds it).

The search ("fill or leave empty"): a state is the occupied slots with their world edge masks,
the slots decided to stay empty, and how many sectors of each kind remain. In any valid Zone every
sector is reachable by road from the Village (MAP-5), so the remaining sectors can be added one
by one, each joining the Zone through a road. So the search takes one empty slot faced by a road
and branches: one of the sectors that fit goes there, or (free roads only) the slot stays empty
for good. With closed roads (MAP-7) every such slot must be filled. The slot: one where nothing
fits (it stays empty), else, while there are several road networks, the nearest slot of the
network with the fewest ways to meet another one (every network must still be able to meet
another through empty slots where some remaining sector fits: a necessary condition that cuts
most dead branches), else the slot with the fewest fitting sectors. With one road network and
free roads, a straight row of the remaining sectors leading out of the Zone is a completion found
at once. There is no budget: every answer is proven.

Work is shared through one memo of every state searched, completable or not, keyed up to
symmetry: translation, the six rotations of the whole Zone (every sector can be turned), the
mirror image when every sector's set of masks is mirror-closed, and sectors with the same masks
counted as one kind. The memo belongs to the :class:`Foresight` object (a game keeps one in its
context) and is bounded: past ``memo_limit`` states it is emptied, which costs time, never
correctness.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from stalkerzone.engine.hexes import SLOT_DIRECTIONS, Slot
from stalkerzone.engine.layout.placements import (
    constraint,
    legal_placements,
    occupancy,
    open_road_slots,
    road_components,
    tables,
)
from stalkerzone.engine.layout.sectors import (
    ROTATED,
    UNIQUE_SITES,
    Placement,
    Sector,
    Zone,
)
from stalkerzone.engine.messages import Params, params_of

Move = tuple[int, int]
"""(sector kind, world edge mask) for one slot."""
Symmetry = tuple[int, bool]
"""(rotation sixths, mirrored)."""


_TURNS: tuple[tuple[int, int, int, int], ...] = (
    (1, 0, 0, 1),
    (0, -1, 1, 1),
    (-1, -1, 1, 0),
    (-1, 0, 0, -1),
    (0, 1, -1, -1),
    (1, 1, -1, 0),
)
"""Axial slot (q, r) turned about (0, 0) by ρ sixths: (a·q + b·r, c·q + d·r) (one step:
(q, r) → (−r, q + r), as :func:`stalkerzone.engine.hexes.rotate_slot`)."""


def _linear(rotation: int, mirror: bool) -> tuple[int, int, int, int, tuple[int, ...]]:
    """A symmetry as (a, b, c, d) on axial slots and its table of turned masks (64 = empty)."""
    a, b, c, d = _TURNS[rotation]
    if mirror:
        a, b, c, d = b, a, d, c  # swap q and r first
    masks = tuple(ROTATED[_mirror_mask(m) if mirror else m][rotation] for m in range(64))
    return (a, b, c, d, (*masks, 64))


def _mirror_mask(mask: int) -> int:
    """Swapping q and r maps slot direction ``d`` to ``(1 − d) mod 6``."""
    return sum(1 << ((1 - d) % 6) for d in range(6) if mask >> d & 1)


@dataclass(frozen=True, slots=True)
class CutOff:
    """Why a placement cuts the Zone off (TURN-4): the rule that can no longer be met, a
    message key and its parameters (``sector``: a sector id the client names; ``count``)."""

    rule: str
    key: str
    params: Params

    def english(self, names: Mapping[str, str]) -> str:
        """The reason in English words, sectors named by ``names`` (id → name)."""
        values = {k: names.get(str(v), str(v)) if k == "sector" else v for k, v in self.params}
        return CUT_OFF_TEXT[self.key].format(**values)


CUT_OFF_TEXT: Mapping[str, str] = {
    "misfit": "the roads of {sector} do not meet the roads of its neighbours",
    "unknown": "the layout holds a sector that is not in the box or is placed twice",
    "roads_closed": "every road of the Zone is closed: no further sector can join by road",
    "network_cut_off": "the roads of {sector} can no longer meet the roads of the other sectors",
    "road_unclosable": "a road of {sector} leads to a place no remaining sector can close",
    "sector_cut_off": "{sector} could no longer be placed on a road of the Zone",
    "zone_cut_off": "the {count} remaining sectors can no longer all be joined to the Village "
    "by road",
    "sites": "the sectors do not hold exactly one Village, Military Base, Laboratory and Epicenter",
}
"""English wording of every :class:`CutOff` key (the client has its own per language)."""


class Foresight:
    """Exact completion search for one set of sectors, with its memo (see the module text)."""

    def __init__(
        self, sectors: Iterable[Sector], *, closed_roads: bool = False, memo_limit: int = 400_000
    ) -> None:
        self.sectors = tuple(sectors)
        self.tab = tables(self.sectors)
        self.closed = closed_roads
        self.memo_limit = memo_limit
        self.memo: dict[object, bool] = {}
        self.nodes = 0
        """Search nodes expanded so far (memo misses): a measure of the work done."""
        kinds: dict[tuple[int, ...], int] = {}
        self.kind: dict[str, int] = {}
        for sid in self.tab.ids:
            masks = tuple(sorted(m for m, _ in self.tab.distinct[sid]))
            self.kind[sid] = kinds.setdefault(masks, len(kinds))
        self.kind_masks: tuple[tuple[int, ...], ...] = tuple(kinds)
        mirror_closed = all(
            {_mirror_mask(m) for m in masks} == set(masks) for masks in self.kind_masks
        )
        self.symmetries: tuple[Symmetry, ...] = tuple(
            (rho, mirror)
            for mirror in ((False, True) if mirror_closed else (False,))
            for rho in range(6)
        )
        self._fits: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}
        """(touching sides, sides needing a road) → the fitting masks of each kind (MAP-4)."""
        self._maps = tuple(_linear(rho, mirror) for rho, mirror in self.symmetries)
        self.straight = tuple(any(m & ROTATED[m][3] for m in ms) for ms in self.kind_masks)
        """Per kind: can a road run straight through it (two opposite road edges)?"""
        self.roadless = tuple(not any(ms) for ms in self.kind_masks)
        self.sites_ok = all(
            sum(site in self.tab.unique[sid] for sid in self.tab.ids) == 1 for site in UNIQUE_SITES
        )

    # --- questions -------------------------------------------------------------------------
    def completable(self, zone: Zone, placement: Placement) -> bool:
        """Can the Zone with ``placement`` still be completed (MAP-5, MAP-7 if closed roads)?"""
        return self.zone_completable(zone.place(placement))

    def zone_completable(self, zone: Zone) -> bool:
        """Can this partial Zone still be completed with the sectors not yet on it?"""
        start = self._start(zone)
        return start is not None and self._search(*start)

    def dead_ends(self, zone: Zone, sector_id: str) -> frozenset[Placement]:
        """The legal placements (MAP-4) of ``sector_id`` after which the Zone can no longer be
        completed. Placements with the same world edge mask share one answer."""
        legal = legal_placements(zone, sector_id, self.sectors)
        start = self._start(zone)
        if not legal or start is None:
            return frozenset(legal)
        occupied, blocked, counts = start
        kind = self.kind[sector_id]
        fewer = (*counts[:kind], counts[kind] - 1, *counts[kind + 1 :])
        masks = {(f, r): m for f, r, m in self.tab.options[sector_id]}
        verdict: dict[tuple[Slot, int], bool] = {}
        out = set()
        for p in legal:
            key = (p.slot, masks[(p.face, p.rotation)])
            if key not in verdict:
                occupied[p.slot] = key[1]
                verdict[key] = self._search(occupied, blocked, fewer)
                del occupied[p.slot]
            if not verdict[key]:
                out.add(p)
        return frozenset(out)

    def cut_off(self, zone: Zone, placement: Placement) -> CutOff | None:
        """``None`` if the Zone with ``placement`` can still be completed, else why not: the
        sector that could no longer be placed, or the rule of MAP-5/MAP-7 that fails."""
        return self.zone_cut_off(zone.place(placement))

    def zone_cut_off(self, zone: Zone) -> CutOff | None:
        """``None`` if this partial Zone can still be completed, else why not (see
        :meth:`cut_off`)."""
        start = self._start(zone)
        if start is None:
            return self._invalid(zone)
        occupied, blocked, counts = start
        if self._search(occupied, blocked, counts):
            return None
        comps = road_components(occupied)
        owner = {p.slot: p.sector for p in zone.placements}
        left = sum(counts)
        if left:
            sealed = [c for c in comps if not open_road_slots(occupied, c)]
            if sealed and len(comps) == 1:
                return CutOff("MAP-5", "roads_closed", ())
            if sealed:
                village = {p.slot for p in zone.placements if p.sector == self.tab.village}
                cut = next((c for c in sealed if not c & village), sealed[0])
                return CutOff("MAP-5", "network_cut_off", params_of({"sector": owner[min(cut)]}))
        if self.closed:
            for slot, _m in sorted(occupied.items()):
                for target in sorted(open_road_slots(occupied, [slot])):
                    if not self._moves_at(occupied, counts, target):
                        return CutOff(
                            "MAP-7", "road_unclosable", params_of({"sector": owner[slot]})
                        )
        placed = zone.sector_ids()
        for sid in self.tab.ids:
            kind = self.kind[sid]
            if sid in placed or not counts[kind]:
                continue
            fewer = (*counts[:kind], counts[kind] - 1, *counts[kind + 1 :])
            if self._search(dict(occupied), frozenset(), fewer):
                return CutOff("MAP-5", "sector_cut_off", params_of({"sector": sid}))
        return CutOff("MAP-5", "zone_cut_off", params_of({"count": left}))

    def completion(self, zone: Zone, rng: random.Random) -> Zone | None:
        """The Zone completed with every remaining sector ("deal the rest", TURN-4), keeping
        every placement already made (at least one); a random one of the completions, ``None``
        if none."""
        start = self._start(zone)
        if start is None or not self._search(*start):
            return None
        occupied, blocked, counts = start
        left = {k: [s for s in self.tab.ids if self.kind[s] == k] for k in range(len(counts))}
        for sid in zone.sector_ids():
            left[self.kind[sid]].remove(sid)
        placements = list(zone.placements)
        while sum(counts):
            slot, moves = self._branch_slot(occupied, blocked, counts)
            rng.shuffle(moves)
            for kind, m in moves:
                occupied[slot] = m
                fewer = (*counts[:kind], counts[kind] - 1, *counts[kind + 1 :])
                if self._search(occupied, blocked, fewer):
                    counts = fewer
                    sid = left[kind].pop(rng.randrange(len(left[kind])))
                    face, rotation = rng.choice(dict(self.tab.distinct[sid])[m])
                    placements.append(Placement(sid, face, rotation, slot))
                    break
                del occupied[slot]
            else:
                blocked = blocked | {slot}  # the completion leaves this slot empty
        return Zone(tuple(placements))

    # --- the search --------------------------------------------------------------------------
    def _start(self, zone: Zone) -> tuple[dict[Slot, int], frozenset[Slot], tuple[int, ...]] | None:
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

    def _invalid(self, zone: Zone) -> CutOff:
        if not self.sites_ok:
            return CutOff("MAP-5", "sites", ())
        occupied = occupancy(zone, self.tab)
        known = set(self.tab.ids)
        if len(zone.sector_ids()) == len(zone.placements) == len(occupied) and all(
            p.sector in known for p in zone.placements
        ):
            for p in zone.placements:
                touch, need = constraint(occupied, p.slot)
                if (occupied[p.slot] ^ need) & touch:
                    return CutOff("MAP-4", "misfit", params_of({"sector": p.sector}))
        return CutOff("MAP-1", "unknown", ())

    def _key(
        self, occupied: Mapping[Slot, int], blocked: frozenset[Slot], counts: tuple[int, ...]
    ) -> object:
        """The state up to translation, rotation (and mirror) of the whole Zone: the smallest
        sorted cell list over the symmetries, moved so that its first cell is at (0, 0)."""
        items = [(q, r, m) for (q, r), m in occupied.items()]
        items += [(q, r, 64) for q, r in blocked]
        if not items:
            return (counts, ())
        best: tuple[tuple[int, int, int], ...] | None = None
        for a, b, c, d, turned in self._maps:
            cells = sorted([(a * q + b * r, c * q + d * r, turned[m]) for q, r, m in items])
            x0, y0, _ = cells[0]
            shape = tuple([(x - x0, y - y0, m) for x, y, m in cells])
            if best is None or shape < best:
                best = shape
        return (counts, best)

    def _search(
        self, occupied: dict[Slot, int], blocked: frozenset[Slot], counts: tuple[int, ...]
    ) -> bool:
        key = self._key(occupied, blocked, counts)
        found = self.memo.get(key)
        if found is None:
            found = self._expand(occupied, blocked, counts)
            if len(self.memo) >= self.memo_limit:
                self.memo.clear()
            self.memo[key] = found
        return found

    def _expand(
        self, occupied: dict[Slot, int], blocked: frozenset[Slot], counts: tuple[int, ...]
    ) -> bool:
        self.nodes += 1
        if not occupied:  # an empty Zone: some sector on some slot first
            for kind, masks in enumerate(self.kind_masks):
                for m in masks if counts[kind] else ():
                    fewer = (*counts[:kind], counts[kind] - 1, *counts[kind + 1 :])
                    if self._search({(0, 0): m}, blocked, fewer):
                        return True
            return False
        comps = road_components(occupied)
        if not any(counts):
            if len(comps) != 1:
                return False
            return not (self.closed and open_road_slots(occupied, occupied))
        if any(n and self.roadless[k] for k, n in enumerate(counts)):
            return False  # a sector without roads is never reachable by road (MAP-5)
        faced = [open_road_slots(occupied, c) - blocked for c in comps]
        if not all(faced):
            return False  # a road network that can never grow nor meet the others
        left = sum(counts)
        every = set().union(*faced)
        if self.closed and len(every) > left:
            return False  # every road must be closed, one sector per open slot at most
        if (
            not self.closed
            and len(comps) == 1
            and self._straight_road_out(occupied, blocked, counts)
        ):
            return True
        options = {slot: self._moves_at(occupied, counts, slot) for slot in sorted(every)}
        stuck = next((s for s, moves in options.items() if not moves), None)
        if stuck is not None:  # nothing fits there: the slot stays empty (free roads only)
            return not self.closed and self._search(occupied, blocked | {stuck}, counts)
        if len(comps) > 1:
            # every network must still meet another one; branch on the most constrained
            best: tuple[int, int, Slot, dict[Slot, int]] | None = None
            for k, mine in enumerate(faced):
                goals = set().union(*(f for n, f in enumerate(faced) if n != k))
                dist = self._rows_to(occupied, blocked, counts, goals)
                near = [s for s in mine if s in dist]
                if not near:
                    return False  # this network can no longer meet another one
                pick = min(near, key=lambda s: (dist[s], len(options[s]), s))
                rank = (len(near), dist[pick], pick, dist)
                if best is None or rank[:3] < best[:3]:
                    best = rank
            assert best is not None
            _, _, slot, dist = best
            moves = sorted(options[slot], key=lambda mv: self._toward(slot, mv[1], dist))
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

    def _rows_to(
        self,
        occupied: Mapping[Slot, int],
        blocked: frozenset[Slot],
        counts: tuple[int, ...],
        goals: set[Slot],
    ) -> dict[Slot, int]:
        """For empty slots: the fewest sectors of a row from there to a slot faced by another
        network's road (1 = on it), through empty slots where some remaining sector fits its
        placed neighbours with a road towards the row's next slot; up to the sectors left."""
        dist = {g: 1 for g in goals if self._moves_at(occupied, counts, g)}
        ring = list(dist)
        for depth in range(2, sum(counts) + 1):
            nxt = []
            for i, j in ring:
                for d, (di, dj) in enumerate(SLOT_DIRECTIONS):
                    n = (i + di, j + dj)
                    if n in dist or n in occupied or n in blocked:
                        continue
                    back = 1 << ((d + 3) % 6)  # the road from n towards (i, j)
                    if any(m & back for _, m in self._moves_at(occupied, counts, n)):
                        dist[n] = depth
                        nxt.append(n)
            ring = nxt
        return dist

    @staticmethod
    def _toward(slot: Slot, mask: int, dist: Mapping[Slot, int]) -> int:
        """How far the nearest goal is from the roads of ``mask`` on ``slot`` (try near first)."""
        i, j = slot
        best = 99
        for d in range(6):
            if mask >> d & 1:
                di, dj = SLOT_DIRECTIONS[d]
                best = min(best, dist.get((i + di, j + dj), 99))
        return best

    def _straight_road_out(
        self, occupied: Mapping[Slot, int], blocked: frozenset[Slot], counts: tuple[int, ...]
    ) -> bool:
        """Free roads, one road network: a completion exists when the remaining sectors fit
        in a straight row leading out of the Zone from one of its roads, each row slot touching
        only its row neighbours (and the first one its road sector). Every sector of the row
        but the last needs two opposite road edges; the last needs any road."""
        bent = sum(n for k, n in enumerate(counts) if not self.straight[k])
        if bent > 1:
            return False
        left = sum(counts)
        for slot, m in occupied.items():
            for d in range(6):
                if not m >> d & 1:
                    continue
                di, dj = SLOT_DIRECTIONS[d]
                row = [(slot[0] + di * t, slot[1] + dj * t) for t in range(1, left + 1)]
                if self._row_is_free(occupied, blocked, slot, row):
                    return True
        return False

    @staticmethod
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

    def _branch_slot(
        self, occupied: Mapping[Slot, int], blocked: frozenset[Slot], counts: tuple[int, ...]
    ) -> tuple[Slot, list[Move]]:
        """The empty slot faced by a road with the fewest fitting moves, and those moves."""
        best: tuple[Slot, list[Move]] | None = None
        for slot in sorted(open_road_slots(occupied, occupied) - blocked):
            moves = self._moves_at(occupied, counts, slot)
            if best is None or len(moves) < len(best[1]):
                best = (slot, moves)
                if not moves:
                    break
        assert best is not None  # callers checked that a road leads somewhere
        return best

    def _moves_at(
        self, occupied: Mapping[Slot, int], counts: tuple[int, ...], slot: Slot
    ) -> list[Move]:
        fits = self._fits.get(constraint(occupied, slot))
        if fits is None:
            touch, need = constraint(occupied, slot)
            fits = tuple(
                tuple(m for m in masks if not (m ^ need) & touch) for masks in self.kind_masks
            )
            self._fits[(touch, need)] = fits  # at most 64 × 64 entries
        return [(kind, m) for kind, n in enumerate(counts) if n for m in fits[kind]]


def completable(
    zone: Zone,
    placement: Placement,
    sectors: Iterable[Sector],
    *,
    closed_roads: bool = False,
    foresight: Foresight | None = None,
) -> bool:
    """Dead-end foresight (TURN-4): can the Zone with ``placement`` still be completed into a
    valid Zone (MAP-5, MAP-7 if ``closed_roads``)? Exact. Pass a ``foresight`` (for these
    sectors and this variant) to share its memo between questions; without one the answer is
    searched afresh."""
    if foresight is None:
        foresight = Foresight(sectors, closed_roads=closed_roads)
    return foresight.completable(zone, placement)


def dead_ends(
    zone: Zone,
    sector_id: str,
    sectors: Iterable[Sector],
    *,
    closed_roads: bool = False,
    foresight: Foresight | None = None,
) -> frozenset[Placement]:
    """The legal placements of ``sector_id`` after which the Zone can no longer be completed."""
    if foresight is None:
        foresight = Foresight(sectors, closed_roads=closed_roads)
    return foresight.dead_ends(zone, sector_id)
