# ruff: noqa: B023  (each lambda is called at once, inside its loop)
"""Benchmark the Zone layout engine (issue 3): legal placements, foresight, random Zones.

Targets (ARCHITECTURE.md): legal placements ≤ 2 ms on any partial Zone, dead-end foresight
≤ 50 ms, a random valid Zone ≤ 20 ms. Each figure is a median, shown next to a naive baseline
measured in the same run:

* legal placements — naive: every slot of the bounding box, every face and rotation, edges
  turned and compared one by one from the face data (no masks, no precomputed tables);
* foresight — the previous method, measured in the same run: a depth-first search that memoised
  failed states only, restarted four times with a budget of 600 nodes and then answered
  "completable" without proof (so its answers can be wrong; the count of disagreements with the
  exact foresight is printed). Both are timed in CPU time (``time.process_time``) over every
  legal placement of one sector on half-built Zones: prefixes of random Zones and Zones laid by
  random legal placements, asked once with a fresh foresight and asked again;
* random Zone — naive: grow at random without backtracking, restart on a dead end, keep the
  first Zone that passes ``check_zone``.

Run: ``python benchmarks/bench_layout.py [--zones N]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence

from stalkerzone.content.tiles import load_sectors
from stalkerzone.engine.hexes import Slot, slot_neighbour
from stalkerzone.engine.layout import (
    Foresight,
    Placement,
    Sector,
    Zone,
    check_zone,
    legal_placements,
    random_zone,
)
from stalkerzone.engine.layout.placements import (
    Tables,
    constraint,
    occupancy,
    open_road_slots,
    road_components,
    tables,
)


def timed(fn: Callable[[], object]) -> tuple[float, object]:
    t = time.perf_counter()
    out = fn()
    return (time.perf_counter() - t) * 1000.0, out


def cpu(fn: Callable[[], object]) -> tuple[float, object]:
    t = time.process_time()
    out = fn()
    return (time.process_time() - t) * 1000.0, out


def naive_legal(zone: Zone, sid: str, sectors: Sequence[Sector]) -> tuple[Placement, ...]:
    by_id = {s.id: s for s in sectors}
    if any(p.sector == sid for p in zone.placements):
        return ()
    if not zone.placements:
        return tuple(Placement(sid, f, r, (0, 0)) for f in ("a", "b") for r in range(6))

    def world_edge(p: Placement, d: int) -> bool:
        return by_id[p.sector].faces[p.face].edges[(d - p.rotation) % 6]

    i0 = min(p.slot[0] for p in zone.placements) - 1
    i1 = max(p.slot[0] for p in zone.placements) + 1
    j0 = min(p.slot[1] for p in zone.placements) - 1
    j1 = max(p.slot[1] for p in zone.placements) + 1
    out = []
    for i in range(i0, i1 + 1):
        for j in range(j0, j1 + 1):
            if any(p.slot == (i, j) for p in zone.placements):
                continue
            for f in ("a", "b"):
                for r in range(6):
                    cand = Placement(sid, f, r, (i, j))
                    touching = 0
                    ok = True
                    for d in range(6):
                        n = slot_neighbour((i, j), d)
                        for p in zone.placements:
                            if p.slot == n:
                                touching += 1
                                if world_edge(cand, d) != world_edge(p, (d + 3) % 6):
                                    ok = False
                    if ok and touching:
                        out.append(cand)
    return tuple(out)


# --- the previous foresight (budgeted, memo of failures only), kept here as the baseline ---


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


def _tightness(occupied: Mapping[Slot, int], slot: Slot) -> int:
    return sum(slot_neighbour(slot, d) in occupied for d in range(6))


def old_dead_ends(
    zone: Zone, sid: str, sectors: Sequence[Sector], search: _Search
) -> frozenset[Placement]:
    """The previous ``dead_ends``: one budgeted search per legal placement."""
    out = set()
    for placement in legal_placements(zone, sid, sectors):
        occupied = occupancy(zone.place(placement), search.tab)
        remaining = frozenset(search.tab.ids) - zone.sector_ids() - {sid}
        proven = False
        for attempt in range(4):
            search.rng = None if attempt == 0 else random.Random(attempt)
            search.nodes = 0
            search.budget = 600
            try:
                proven = not search.free(dict(occupied), remaining, [])
                break
            except _OutOfBudget:
                continue
        search.rng = None
        search.budget = None
        if proven:
            out.add(placement)
    return frozenset(out)


def hand_laid(sectors: Sequence[Sector], seed: int, size: int, seer: Foresight) -> Zone:
    """A Zone laid by random legal placements (TURN-4: none a dead end), ``size`` sectors."""
    rng = random.Random(seed)
    village = next(s.id for s in sectors if "village" in {x.value for x in s.unique_sites()})
    zone = Zone()
    while len(zone.placements) < size:
        todo = (
            [s.id for s in sectors if s.id not in zone.sector_ids()]
            if zone.placements
            else [village]
        )
        sid = rng.choice(todo)
        dead = seer.dead_ends(zone, sid)
        options = [p for p in legal_placements(zone, sid, sectors) if p not in dead]
        if options:
            zone = zone.place(rng.choice(options))
    return zone


def naive_random(sectors: Sequence[Sector], rng: random.Random) -> Zone:
    for _ in range(100_000):
        ids = [s.id for s in sectors]
        rng.shuffle(ids)
        zone = Zone()
        for sid in ids:
            options = legal_placements(zone, sid, sectors)
            if not options:
                break
            zone = zone.place(rng.choice(options))
        else:
            if not check_zone(zone, sectors):
                return zone
    raise RuntimeError("naive generator gave up")


def row(name: str, ours: list[float], naive: list[float], target: str) -> str:
    a = statistics.median(ours)
    worst = max(ours)
    if not naive:
        return f"{name:<36} {a:>9.3f} {worst:>9.2f} {'-':>10} {'-':>8}  {target}"
    b = statistics.median(naive)
    return f"{name:<36} {a:>9.3f} {worst:>9.2f} {b:>10.3f} {b / a:>7.1f}x  {target}"


def foresight_rows(sectors: Sequence[Sector], zones: list[Zone], count: int) -> None:
    """Every legal placement of one sector on half-built Zones: new (fresh memo, asked again)
    and the previous method, CPU milliseconds."""
    halves = [Zone(z.placements[: 2 + k % 7]) for k, z in enumerate(zones)]
    halves += [hand_laid(sectors, k, 2 + k % 7, Foresight(sectors)) for k in range(count)]
    fresh, again, before, wrong, asked = [], [], [], 0, 0
    for k, zone in enumerate(halves):
        todo = [s.id for s in sectors if s.id not in zone.sector_ids()]
        sid = todo[k % len(todo)]
        seer = Foresight(sectors)
        t, dead = cpu(lambda: seer.dead_ends(zone, sid))
        fresh.append(t)
        again.append(cpu(lambda: seer.dead_ends(zone, sid))[0])
        if k < max(6, count // 2):
            search = _Search(tables(sectors), False, None)
            tb, old = cpu(lambda: old_dead_ends(zone, sid, sectors, search))
            before.append(tb)
            wrong += len(old ^ dead)  # type: ignore[operator]
            asked += len(legal_placements(zone, sid, sectors))
    print(row("foresight, every placement of one", fresh, before, "≤ 50 ms (CPU)"))
    print(row("  the same, asked again", again, before, "(memo)"))
    print(
        f"  {len(halves)} half-built Zones; previous method: {len(before)} of them, "
        f"worst {max(before):.1f} ms, {wrong} wrong answers of {asked}"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--zones", type=int, default=20)
    args = parser.parse_args()
    sectors = load_sectors()
    zones = [random_zone(sectors, random.Random(seed)) for seed in range(args.zones)]
    print(f"{'measure (ms)':<36} {'median':>9} {'max':>9} {'naive':>10} {'ratio':>8}  target")
    all_ours: list[float] = []
    all_naive: list[float] = []
    for size in range(10):
        ours, naive = [], []
        for z in zones:
            partial = Zone(z.placements[:size])
            for sid in (p.sector for p in z.placements[size:]):
                t, a = timed(lambda: legal_placements(partial, sid, sectors))
                tn, b = timed(lambda: naive_legal(partial, sid, sectors))
                assert isinstance(a, tuple) and isinstance(b, tuple) and set(a) == set(b)
                ours.append(t)
                naive.append(tn)
        all_ours += ours
        all_naive += naive
        print(row(f"legal placements, {size} placed", ours, naive, "≤ 2 ms"))
    print(row("legal placements, all sizes", all_ours, all_naive, "≤ 2 ms"))

    foresight_rows(sectors, zones, args.zones)

    for shape in ("free", "ring", "line", "compact"):
        ours = [timed(lambda: random_zone(sectors, random.Random(s), shape))[0] for s in range(40)]
        naive = []
        if shape == "free":
            naive = [timed(lambda: naive_random(sectors, random.Random(s)))[0] for s in range(10)]
        print(row(f"random Zone, {shape}", ours, naive, "≤ 20 ms"))
    for shape in ("free", "compact"):
        ours = [
            timed(lambda: random_zone(sectors, random.Random(s), shape, True))[0] for s in range(20)
        ]
        print(row(f"random Zone, {shape}, closed roads", ours, [], "≤ 20 ms"))


if __name__ == "__main__":
    main()
