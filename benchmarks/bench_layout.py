# ruff: noqa: B023  (each lambda is called at once, inside its loop)
"""Benchmark the Zone layout engine: legal placements, foresight, random Zones.

Targets (ARCHITECTURE.md): legal placements ≤ 2 ms on any partial Zone, dead-end foresight
≤ 50 ms, a random valid Zone ≤ 20 ms. Each figure is a median, shown next to a naive baseline
measured in the same run:

* legal placements — naive: every slot of the bounding box, every face and rotation, edges
  turned and compared one by one from the face data (no masks, no precomputed tables);
* foresight — every placement of one sector on many half-built Zones (prefixes of random
  Zones and Zones laid by random legal placements), against the previous search (a budgeted
  completion search per placement that memoised failures only and answered "completable" when
  out of budget), measured in the same run; median and worst, and how many were undecided;
* random Zone — naive: grow at random without backtracking, restart on a dead end, keep the
  first Zone that passes ``check_zone``.

Run: ``python benchmarks/bench_layout.py [--zones N]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence

from stalkerzone.content.tiles import load_sectors
from stalkerzone.engine import layout
from stalkerzone.engine.foresight import Foresight
from stalkerzone.engine.hexes import slot_neighbour
from stalkerzone.engine.layout import (
    Placement,
    Sector,
    Zone,
    check_zone,
    legal_placements,
    random_zone,
)
from stalkerzone.engine.random_zones import _OutOfBudget, _Search


def timed(fn: Callable[[], object]) -> tuple[float, object]:
    t = time.perf_counter()
    out = fn()
    return (time.perf_counter() - t) * 1000.0, out


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


class PreviousForesight:
    """The previous dead-end foresight, kept here as the baseline: a completion search per
    placement with 600 nodes and 4 restarts, failed states memoised, "completable" when out of
    budget."""

    def __init__(self, sectors: Sequence[Sector]) -> None:
        self.sectors = tuple(sectors)
        self.tab = layout.tables(self.sectors)
        self.search = _Search(self.tab, False, None)

    def completable(self, zone: Zone, placement: Placement) -> bool:
        z = zone.place(placement)
        occupied = layout._occupancy(z, self.tab)
        remaining = frozenset(self.tab.ids) - z.sector_ids()
        for attempt in range(4):
            self.search.rng = None if attempt == 0 else random.Random(attempt)
            self.search.nodes = 0
            self.search.budget = 600
            try:
                return self.search.free(dict(occupied), remaining, [])
            except _OutOfBudget:
                continue
            finally:
                self.search.rng = None
                self.search.budget = None
        return True

    def dead_ends(self, zone: Zone, sid: str) -> frozenset[Placement]:
        return frozenset(
            p for p in legal_placements(zone, sid, self.tab) if not self.completable(zone, p)
        )


def half_built(sectors: Sequence[Sector], count: int) -> list[tuple[Zone, str]]:
    """(Zone, next sector) pairs: prefixes of random Zones and Zones laid by random legal
    placements (what a table may build), 3 to 7 sectors placed."""
    out = []
    for seed in range(count):
        size = 3 + seed % 5
        if seed % 2:
            z = random_zone(sectors, random.Random(seed))
            out.append((Zone(z.placements[:size]), z.placements[size].sector))
            continue
        rnd = random.Random(seed)
        seer = Foresight(sectors)
        zone = Zone((Placement("s01", "a", rnd.randrange(6), (0, 0)),))
        while len(zone.placements) < size:
            todo = [s.id for s in sectors if s.id not in zone.sector_ids()]
            options = seer.sector_verdicts(zone, rnd.choice(todo)).completable
            if options:
                zone = zone.place(rnd.choice(options))
        todo = [s.id for s in sectors if s.id not in zone.sector_ids()]
        out.append((zone, rnd.choice(todo)))
    return out


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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--zones", type=int, default=20)
    parser.add_argument("--foresight", type=int, default=40, help="half-built Zones to ask")
    args = parser.parse_args()
    sectors = load_sectors()
    zones = [random_zone(sectors, random.Random(seed)) for seed in range(args.zones)]
    tab = layout.tables(sectors)  # kept, as the game's Foresight keeps its sectors' tables
    print(f"{'measure (ms)':<36} {'median':>9} {'max':>9} {'naive':>10} {'ratio':>8}  target")
    all_ours: list[float] = []
    all_naive: list[float] = []
    for size in range(10):
        ours, naive = [], []
        for z in zones:
            partial = Zone(z.placements[:size])
            for sid in (p.sector for p in z.placements[size:]):
                t, a = timed(lambda: legal_placements(partial, sid, tab))
                tn, b = timed(lambda: naive_legal(partial, sid, sectors))
                assert set(a) == set(b)  # type: ignore[call-overload]
                ours.append(t)
                naive.append(tn)
        all_ours += ours
        all_naive += naive
        print(row(f"legal placements, {size} placed", ours, naive, "≤ 2 ms"))
    print(row("legal placements, all sizes", all_ours, all_naive, "≤ 2 ms"))

    ours, again, naive = [], [], []
    undecided = proven = 0
    previous = PreviousForesight(sectors)
    for zone, sid in half_built(sectors, args.foresight):
        seer = Foresight(sectors)
        t, verdicts = timed(lambda: seer.sector_verdicts(zone, sid))
        ours.append(t)
        again.append(timed(lambda: seer.sector_verdicts(zone, sid))[0])
        naive.append(timed(lambda: previous.dead_ends(zone, sid))[0])
        values = list(verdicts.verdicts.values())  # type: ignore[attr-defined]
        undecided += values.count(None)
        proven += len(values) - values.count(None)
    print(row("foresight, every placement of one", ours, naive, "≤ 50 ms worst"))
    print(row("foresight, the same asked again", again, naive, "(kept answers)"))
    print(f"  placements proven: {proven}, undecided (refused, budget): {undecided}")

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
