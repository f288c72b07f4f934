# ruff: noqa: B023  (each lambda is called at once, inside its loop)
"""Benchmark the Zone layout engine: legal placements, foresight, random Zones.

Targets (docs/architecture.md, Speed targets): legal placements ≤ 2 ms on any partial Zone,
dead-end foresight ≤ 50 ms, a random valid Zone ≤ 20 ms. Each figure is a median, shown next to
a naive baseline measured in the same run:

* legal placements — naive: every slot of the bounding box, every face and rotation, edges
  turned and compared one by one from the face data (no masks, no precomputed tables);
* foresight — every placement of one sector on many half-built Zones (prefixes of random
  Zones, Zones laid by legal placements and Zones laid by random MAP-4 placements, often with
  many road networks), free and closed roads, against a naive budgeted search (the random
  Zone's completion search, ``random_zones._Search``, run afresh for every placement,
  "undecided" past ``NAIVE_NODES`` nodes), measured in the same run: median, middle half,
  worst, and how many were undecided. Each question's figure is the median of ``REPEAT``
  askings, each with a fresh Foresight (the worst is the worst question, not the worst
  moment of the machine); the baseline is asked once;
* random Zone — naive: grow at random without backtracking, restart on a dead end, keep the
  first Zone that passes ``check_zone``.

  The early Zones (0 to 3 sectors placed, laid as the layout screen lays them, free and
  closed roads) have rows of their own. With ``--against TREE`` (another checkout, such as
  the main one) the same questions (sent as JSON) are also timed with that tree's engine in a
  child process of the run, and shown as a second ratio.

Run: ``python benchmarks/bench_layout.py [--zones N] [--early N] [--against TREE] [--free-only]``
(``--free-only``: the foresight with free roads alone).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from stalkerzone.content.tiles import load_sectors
from stalkerzone.engine.zone import (
    Placement,
    Sector,
    Zone,
    check_zone,
    layout,
    legal_placements,
    random_zone,
)
from stalkerzone.engine.zone.foresight import Foresight
from stalkerzone.engine.zone.hexes import slot_neighbour
from stalkerzone.engine.zone.random_zones import _OutOfBudget, _Search

NAIVE_NODES = 400
"""Search nodes the naive baseline may spend on one placement before it is "undecided"."""


class BudgetedForesight:
    """The naive baseline: a completion search per placement with no memo shared between
    placements, no lower bounds and no symmetry; ``None`` past ``NAIVE_NODES`` nodes."""

    def __init__(self, sectors: Sequence[Sector], closed_roads: bool = False) -> None:
        self.tab = layout.tables(tuple(sectors))
        self.closed = closed_roads

    def verdict(self, zone: Zone) -> bool | None:
        search = _Search(self.tab, self.closed, None)
        search.budget = NAIVE_NODES
        occupied = layout.occupancy(zone, self.tab)
        try:
            return search.free(occupied, frozenset(self.tab.ids) - zone.sector_ids(), [])
        except _OutOfBudget:
            return None

    def sector_verdicts(self, zone: Zone, sid: str) -> dict[Placement, bool | None]:
        return {p: self.verdict(zone.place(p)) for p in legal_placements(zone, sid, self.tab)}


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


def grown(
    zone: Zone,
    size: int,
    rnd: random.Random,
    sectors: Sequence[Sector],
    options: Callable[[Zone, str], Sequence[Placement]],
) -> tuple[Zone, str]:
    """``zone`` grown to ``size`` sectors, each step a random sector not yet placed (the Village
    first, TURN-4) on a random one of ``options(zone, sector)``; and the next sector to ask."""

    def todo(z: Zone) -> list[str]:
        return [s.id for s in sectors if s.id not in z.sector_ids()] if z.placements else ["s01"]

    while len(zone.placements) < size:
        found = options(zone, rnd.choice(todo(zone)))
        if found:
            zone = zone.place(rnd.choice(found))
    return zone, rnd.choice(todo(zone))


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
        out.append(
            grown(zone, size, rnd, sectors, lambda z, sid: seer.sector_verdicts(z, sid).completable)
        )
    return out


def random_walks(sectors: Sequence[Sector], count: int) -> list[tuple[Zone, str]]:
    """(Zone, next sector) pairs laid by random MAP-4-legal placements, 4 to 7 sectors, with no
    foresight at all: many road networks, often dead ends already (the nastiest questions)."""
    out = []
    for seed in range(count):
        rnd = random.Random(1000 + seed)
        zone = Zone((Placement("s01", "a", rnd.randrange(6), (0, 0)),))
        out.append(
            grown(
                zone, 4 + seed % 4, rnd, sectors, lambda z, sid: legal_placements(z, sid, sectors)
            )
        )
    return out


def early_zones(sectors: Sequence[Sector], count: int) -> list[tuple[Zone, str]]:
    """(Zone, next sector) pairs with 0 to 3 sectors placed, laid as the layout screen lays them
    (TURN-4: the Village first, then sectors on placements the foresight proves completable),
    half with the free-roads foresight and half with the closed-roads one (MAP-7), seeded."""
    out = []
    for seed in range(count):
        rnd = random.Random(2000 + seed)
        seer = Foresight(sectors, closed_roads=bool(seed % 2))
        size = seed // 2 % 4
        out.append(
            grown(
                Zone(()),
                size,
                rnd,
                sectors,
                lambda z, sid: seer.sector_verdicts(z, sid).completable,
            )
        )
    return out


def spread(name: str, ours: list[float], base: list[float]) -> str:
    """Median, middle half and worst of ``ours``; the ratio of the medians and of the worst."""
    q = statistics.quantiles(ours, n=4)
    qb = statistics.quantiles(base, n=4)
    return (
        f"{name:<36} {q[1]:>9.3f} {max(ours):>9.2f} {qb[1]:>10.3f} {qb[1] / q[1]:>7.1f}x"
        f"  middle half {q[0]:.1f}-{q[2]:.1f}, baseline worst {max(base):.1f} "
        f"({max(base) / max(ours):.1f}x)"
    )


REPEAT = 3
"""Times each question is asked, a fresh Foresight each time: its figure is their median (the
machine's own speed drifts by a third from second to second; the search is deterministic)."""


def asked(
    sectors: Sequence[Sector], zone: Zone, sid: str, closed: bool, repeat: int = REPEAT
) -> tuple[float, Foresight, dict[Placement, bool | None]]:
    """Process time (ms, the median of ``repeat`` fresh Foresights) of every placement of one
    sector, with the last Foresight and its verdicts."""
    times = []
    for _ in range(repeat):
        seer = Foresight(sectors, closed_roads=closed)
        t = time.process_time()
        verdicts = dict(seer.sector_verdicts(zone, sid).verdicts)
        times.append((time.process_time() - t) * 1000.0)
    return statistics.median(times), seer, verdicts


def foresight_times(
    sectors: Sequence[Sector], corpus: list[tuple[Zone, str]], closed: bool
) -> list[float]:
    """Process time (ms) of every placement of one sector per question (:func:`asked`)."""
    return [asked(sectors, zone, sid, closed)[0] for zone, sid in corpus]


Corpus = list[tuple[Zone, str]]


def corpus_json(corpus: Corpus) -> list[object]:
    """Questions as JSON: per question its placements (sector, face, rotation, q, r) and the
    sector asked about."""
    return [
        [[[p.sector, p.face, p.rotation, *p.slot] for p in zone.placements], sid]
        for zone, sid in corpus
    ]


def corpus_of(data: list[Any]) -> Corpus:
    """The inverse of :func:`corpus_json`."""
    out = []
    for placements, sid in data:
        zone = Zone(tuple(Placement(s, f, r, (q, w)) for s, f, r, q, w in placements))
        out.append((zone, str(sid)))
    return out


def times_elsewhere(
    tree: str, corpora: dict[str, Corpus], free_only: bool = False
) -> dict[str, dict[str, list[float]]]:
    """:func:`foresight_times` of the same questions (``corpora`` by row, sent as JSON), both
    variants, measured with the engine of another checkout (``tree``: its folder) in a child
    process of this run."""
    env = dict(os.environ, PYTHONPATH=tree)
    sent = json.dumps({name: corpus_json(corpus) for name, corpus in corpora.items()})
    args = [sys.executable, __file__, "--times-json"] + (["--free-only"] if free_only else [])
    out = subprocess.run(
        args, env=env, check=True, capture_output=True, text=True, input=sent
    ).stdout
    times: dict[str, dict[str, list[float]]] = json.loads(out)
    return times


def foresight_rows(
    sectors: Sequence[Sector],
    corpus: list[tuple[Zone, str]],
    against: dict[str, list[float]],
    what: str = "one sector",
    variants: tuple[bool, ...] = (False, True),
) -> None:
    """Every placement of one sector per question, both variants, ours (the median of
    ``REPEAT`` askings per question) against the budgeted search, asked once (and, with
    ``--against``, against another checkout's engine, asked as ours); process time (the
    machine may be shared)."""
    for closed in variants:
        ours, again, base = [], [], []
        undecided = proven = base_undecided = nodes = 0
        for zone, sid in corpus:
            took, seer, verdicts = asked(sectors, zone, sid, closed)
            ours.append(took)
            t = time.process_time()
            seer.sector_verdicts(zone, sid)
            again.append((time.process_time() - t) * 1000.0)
            nodes = max(nodes, seer.nodes)
            old = BudgetedForesight(sectors, closed_roads=closed)
            t = time.process_time()
            old_verdicts = old.sector_verdicts(zone, sid)
            base.append((time.process_time() - t) * 1000.0)
            values = list(verdicts.values())
            undecided += values.count(None)
            proven += len(values) - values.count(None)
            base_undecided += list(old_verdicts.values()).count(None)
        roads = "closed roads" if closed else "free roads"
        print(spread(f"foresight, {what}, {roads}", ours, base) + "  ≤ 50 ms worst")
        tree = against.get(roads)
        if tree is not None:
            # the other checkout measured just before, the same questions
            print(spread(f"  against --against, {roads}", ours, tree))
        print(row(f"  asked again, {roads}", again, base, "(kept answers)"))
        print(
            f"  {len(corpus)} questions, placements proven: {proven}, undecided: {undecided} "
            f"(budgeted search: {base_undecided}); most search nodes for one sector: {nodes}"
        )


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
    parser.add_argument(
        "--against", metavar="TREE", help="another checkout whose foresight is timed as well"
    )
    parser.add_argument(
        "--early", type=int, default=40, help="Zones with 0 to 3 sectors placed to ask"
    )
    parser.add_argument(
        "--free-only", action="store_true", help="only the foresight with free roads"
    )
    parser.add_argument("--times-json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    sectors = load_sectors()
    variants = (False,) if args.free_only else (False, True)
    if args.times_json:  # the child of --against: this checkout's foresight times only
        corpora = {name: corpus_of(data) for name, data in json.load(sys.stdin).items()}
        roads = {False: "free roads", True: "closed roads"}
        print(
            json.dumps(
                {
                    name: {roads[c]: foresight_times(sectors, corpus, c) for c in variants}
                    for name, corpus in corpora.items()
                }
            )
        )
        return
    corpus = half_built(sectors, args.foresight) + random_walks(sectors, args.foresight // 2)
    early = early_zones(sectors, args.early)
    elsewhere = (
        times_elsewhere(args.against, {"one sector": corpus, "early": early}, args.free_only)
        if args.against
        else {}
    )
    if args.free_only:
        print(f"{'measure (ms)':<36} {'median':>9} {'max':>9} {'naive':>10} {'ratio':>8}  target")
        foresight_rows(sectors, corpus, elsewhere.get("one sector", {}), variants=variants)
        early_rows = elsewhere.get("early", {})
        foresight_rows(sectors, early, early_rows, "early Zones (0-3 placed)", variants)
        return
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

    foresight_rows(sectors, corpus, elsewhere.get("one sector", {}))
    foresight_rows(sectors, early, elsewhere.get("early", {}), "early Zones (0-3 placed)")

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
