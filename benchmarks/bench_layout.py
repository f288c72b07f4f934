# ruff: noqa: B023  (each lambda is called at once, inside its loop)
"""Benchmark the Zone layout engine: legal placements, foresight, random Zones.

Targets (ARCHITECTURE.md): legal placements ≤ 2 ms on any partial Zone, dead-end foresight
≤ 50 ms, a random valid Zone ≤ 20 ms. Each figure is a median, shown next to a naive baseline
measured in the same run:

* legal placements — naive: every slot of the bounding box, every face and rotation, edges
  turned and compared one by one from the face data (no masks, no precomputed tables);
* foresight — naive: the same completion search without the memo of failed states;
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
from stalkerzone.engine import foresight, layout
from stalkerzone.engine.hexes import slot_neighbour
from stalkerzone.engine.layout import (
    Placement,
    Sector,
    Zone,
    check_zone,
    completable,
    dead_ends,
    legal_placements,
    random_zone,
)


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


class _NoMemo(set[object]):
    def add(self, item: object) -> None:  # the naive search remembers nothing
        pass


def naive_completable(zone: Zone, p: Placement, sectors: Sequence[Sector]) -> bool:
    saved = dict(layout._SEARCHES)
    layout._SEARCHES.clear()
    try:
        tab = layout.tables(sectors)
        search = foresight._Search(tab, False, None)
        search.failed = _NoMemo()
        layout._SEARCHES[(id(tab), False)] = search
        return completable(zone, p, sectors)
    finally:
        layout._SEARCHES.clear()
        layout._SEARCHES.update(saved)


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
                assert set(a) == set(b)  # type: ignore[arg-type]
                ours.append(t)
                naive.append(tn)
        all_ours += ours
        all_naive += naive
        print(row(f"legal placements, {size} placed", ours, naive, "≤ 2 ms"))
    print(row("legal placements, all sizes", all_ours, all_naive, "≤ 2 ms"))

    ours, naive = [], []
    for z in zones[: max(3, args.zones // 4)]:
        for size in (2, 4, 6, 8):
            partial = Zone(z.placements[:size])
            sid = z.placements[size].sector
            for p in legal_placements(partial, sid, sectors)[:12]:
                t, a = timed(lambda: completable(partial, p, sectors))
                tn, b = timed(lambda: naive_completable(partial, p, sectors))
                ours.append(t)
                naive.append(tn)
    print(row("foresight, one placement", ours, naive, "≤ 50 ms"))
    ours = []
    for z in zones[: max(3, args.zones // 4)]:
        for size in (2, 4, 6, 8):
            partial = Zone(z.placements[:size])
            sid = z.placements[size].sector
            ours.append(timed(lambda: dead_ends(partial, sid, sectors))[0])
    print(row("foresight, every placement of one", ours, [], "(the client's query)"))

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
