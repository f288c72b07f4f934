"""Benchmark: exact fight odds against the reference solver and a Monte Carlo in the same run.

    python benchmarks/bench_odds.py [--mc 100000] [--repeat 15] [--worst-repeat 3]

Targets (docs/architecture.md, Speed targets): every base-set fight ≤ 5 ms for attack, escape and
best; the worst fight the card schema allows (health 1000 on both sides, any mix of abilities)
≤ 1 s and ≤ 200 MB. Exact odds are timed cold (a fresh ``OddsSolver`` for each run) in CPU time;
medians and the middle half are printed. Every base monster at every colour is fought by two base
stalkers with typical gear; the heaviest of them are also solved by the reference solver
(``stalkerzone.odds.reference``, the specification) for the ratio
and the agreement. The worst fights report their peak memory (tracemalloc). The one-shot cost is
the CPU time of a child interpreter that imports the solver and solves one base fight, against a
bare interpreter (median of ``--oneshot`` runs). The Monte Carlo plays ``--mc`` fights of the same
engine with seeded dice (policy attack) for the heaviest base fight and the 35-health stalker
against the 30-health first-striking, draining, regenerating monster.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stalkerzone.content.loader import load_packs
from stalkerzone.content.variants import load_variant
from stalkerzone.engine.core import (
    CardSet,
    Colour,
    Dice,
    Drain,
    FirstStrike,
    Loadout,
    Monster,
    MonsterStats,
    PerColour,
    Regeneration,
    Text,
)
from stalkerzone.engine.fight import (
    Decision,
    Fight,
    MonsterSide,
    StalkerSide,
    play_chance,
    start_fight,
)
from stalkerzone.odds import Odds, OddsSolver
from stalkerzone.odds.reference import reference_odds
from stalkerzone.odds.solver import FightSolver

ATTACK = Decision("attack")


def side(
    cards: CardSet, stalker: str, weapon: str, mods: str, armour: str, rep: int
) -> StalkerSide:
    def get(i: str) -> object:
        return cards.get(i)

    arm = [get(a) for a in armour.split(",") if a]
    loadout = Loadout(
        get(stalker),  # type: ignore[arg-type]
        get(weapon),  # type: ignore[arg-type]
        tuple(get(m) for m in mods.split(",") if m),  # type: ignore[misc]
        head=next((a for a in arm if a.slot == "head"), None),  # type: ignore[attr-defined,arg-type]
        body=next((a for a in arm if a.slot == "body"), None),  # type: ignore[attr-defined,arg-type]
    )
    variant = load_variant("standard")
    return StalkerSide.from_loadout(loadout, variant, 10**6, rep)


def combo_fight() -> Fight:
    stats = MonsterStats(30, Dice.parse("3d6+2"), 3, 500)
    name = Text.plain("Combo horror")
    beast = Monster(
        "combo",
        name,
        trophy=name,
        green=stats,
        yellow=stats,
        red=stats,
        abilities=(FirstStrike(), Drain(PerColour.same(1)), Regeneration(PerColour(1, 2, 3))),
    )
    hero = StalkerSide(35, 35, Dice.parse("2d6+1"), one_die_bonus=6, defence=4, reputation=3)
    return start_fight(hero, beast, Colour.RED)


def timed(fight: Fight, policy: str, repeat: int) -> tuple[list[float], Odds]:
    """CPU times of cold exact solves (a fresh solver for each) and the result."""
    cpu = []
    result = None
    for _ in range(repeat):
        solver = OddsSolver()  # cold: nothing kept from an earlier run
        start_cpu = time.process_time()
        result = solver.odds(fight, policy)  # type: ignore[arg-type]
        cpu.append(time.process_time() - start_cpu)
    assert result is not None
    return cpu, result


def timed_plain(fight: Fight, policy: str, repeat: int) -> list[float]:
    """CPU times of cold solves on the plain Python grid (``odds.small``) where it applies."""
    cpu = []
    for _ in range(repeat):
        start_cpu = time.process_time()
        FightSolver(fight.setup, policy, plain=True).total(fight.core)  # type: ignore[arg-type]
        cpu.append(time.process_time() - start_cpu)
    return cpu


def child_cpu(code: str, runs: int) -> float:
    """Median CPU time (user + system) of a child ``python -c code``."""
    times = []
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-c", code], check=True, env=env)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(times)


def one_shot_code(fight: Fight) -> str:
    """A child program that builds ``fight`` from its sides and solves it (``best``)."""

    def build(side: object) -> str:
        fields = dataclasses.fields(side)  # type: ignore[arg-type]
        args = ", ".join(f"{f.name}={getattr(side, f.name)!r}" for f in fields)
        return f"{type(side).__name__}({args})".replace("<Colour.RED: 'red'>", "Colour.RED")

    setup = fight.setup
    return (
        "from stalkerzone.engine.core.cards import Colour\n"
        "from stalkerzone.engine.fight.combat import MonsterSide, StalkerSide, start_fight\n"
        "from stalkerzone.engine.core.dice import Dice\n"
        "from stalkerzone.odds import OddsSolver\n"
        f"fight = start_fight({build(setup.stalker)}, {build(setup.monster)})\n"
        "OddsSolver(plain_states=OddsSolver.PLAIN_STATES).odds(fight, 'best')\n"
    )


def spread(times: list[float]) -> str:
    """Median and the range of the middle half, in ms."""
    if len(times) < 4:
        return f"{statistics.median(times) * 1e3:7.2f}"
    q = statistics.quantiles(times, n=4)
    return f"{statistics.median(times) * 1e3:7.2f} [{q[0] * 1e3:.2f}-{q[2] * 1e3:.2f}]"


def reference_time(fight: Fight, policy: str) -> tuple[float, Odds]:
    start = time.process_time()
    result = reference_odds(fight, policy)  # type: ignore[arg-type]
    return time.process_time() - start, result


def peak_memory(fight: Fight, policy: str) -> float:
    """Peak memory of one cold solve in MB (tracemalloc: Python and numpy allocations)."""
    tracemalloc.start()
    OddsSolver().odds(fight, policy)  # type: ignore[arg-type]
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 1e6


def worst_fights() -> list[tuple[str, Fight]]:
    """The largest fights the card schema allows (health 1000) and the heavy cyclic cases."""

    def beast(health: int, **abilities: object) -> MonsterSide:
        return MonsterSide("Beast", Colour.RED, health, Dice.parse("3d6+2"), 3, **abilities)  # type: ignore[arg-type]

    def hero(health: int, defence: int) -> StalkerSide:
        return StalkerSide(health, health, Dice.parse("2d6+3"), defence=defence, reputation=4)

    every = {
        "first_strike": True,
        "regeneration": 3,
        "drain": 1,
        "paralysis_rolls": 3,
        "multi_attacks": 3,
        "multi_rounds": frozenset({1}),
    }
    no_drain = {k: v for k, v in every.items() if k != "drain"}
    return [
        (
            "92hp def10 vs 120hp first+regen3",
            start_fight(hero(92, 10), beast(120, first_strike=True, regeneration=3)),
        ),
        (
            "250hp def10 vs 120hp first+regen3",
            start_fight(hero(250, 10), beast(120, first_strike=True, regeneration=3)),
        ),
        ("1000 vs 1000 every ability", start_fight(hero(1000, 4), beast(1000, **every))),
        ("1000 def10 vs 1000 all but drain", start_fight(hero(1000, 10), beast(1000, **no_drain))),
        ("1000 def10 vs 1000 regen3", start_fight(hero(1000, 10), beast(1000, regeneration=3))),
        ("1000 def4 vs 1000 plain", start_fight(hero(1000, 4), beast(1000))),
    ]


def monte_carlo(fight: Fight, n: int, seed: int = 1) -> tuple[float, float, float]:
    rng = random.Random(seed)
    wins = 0
    start = time.perf_counter()
    for _ in range(n):
        f = play_chance(fight, rng)
        while not f.is_terminal:
            f = play_chance(f.apply(ATTACK), rng)
        wins += f.outcome == "win"
    p = wins / n
    return time.perf_counter() - start, p, (p * (1 - p) / n) ** 0.5


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mc", type=int, default=100_000, help="Monte Carlo fights")
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--worst-repeat", type=int, default=3)
    parser.add_argument("--oneshot", type=int, default=9, help="child interpreters per figure")
    args = parser.parse_args()
    cards = load_packs(include_user=False).cards
    strong = side(
        cards,
        "bugai",
        "ak-47",
        "automatic-collimator,automatic-ap-rounds",
        "sphere-helmet,exoskeleton",
        3,
    )
    medium = side(
        cards,
        "gromoboy",
        "berdan-rifle",
        "rifle-sighting,rifle-rifling,rifle-scope",
        "army-helmet,stalker-suit",
        3,
    )
    fights: list[tuple[str, Fight]] = []
    for beast in cards.monsters:
        for colour in (Colour.GREEN, Colour.YELLOW, Colour.RED):
            for label, hero in (("bugai+ak47+def7", strong), ("gromoboy+berdan+6", medium)):
                fight = start_fight(hero, beast, colour, epicenter=beast.deck == "epicenter")
                fights.append((f"{beast.id} {colour.value} vs {label}", fight))
    fights.append(("35hp vs 30hp first+drain+regen", combo_fight()))
    policies = ("attack", "escape", "best")
    print("CPU ms of a cold exact solve: median [middle half] — the machine may be shared")
    print(f"{'fight':<44} {'attack':>22} {'escape':>22} {'best':>22}")
    worst = dict.fromkeys(policies, (0.0, ""))
    for name, fight in fights:
        row = [timed(fight, policy, args.repeat)[0] for policy in policies]
        for policy, now in zip(policies, row, strict=True):
            if statistics.median(now) > worst[policy][0]:
                worst[policy] = (statistics.median(now), name)
        print(f"{name:<44} " + " ".join(f"{spread(now):>22}" for now in row))
    for policy in policies:
        ms, name = worst[policy]
        print(f"worst median, {policy}: {ms * 1e3:.2f} ms ({name}); target 5 ms")
    for policy in policies:  # the plain Python grid, which a one-shot owner asks for
        plain = max(
            (statistics.median(timed_plain(fight, policy, 3)), name) for name, fight in fights
        )
        print(
            f"plain grid (no numpy), worst median, {policy}: {plain[0] * 1e3:.2f} ms "
            f"({plain[1]}): {plain[0] / worst[policy][0]:.1f}x the numpy grid's worst"
        )
    if args.oneshot:
        gorynych = next(f for n, f in fights if n == "gorynych red vs bugai+ak47+def7")
        bare = child_cpu("pass", args.oneshot)
        solve = child_cpu(one_shot_code(gorynych), args.oneshot)
        print(
            f"one-shot: a child interpreter that imports the solver and solves gorynych red vs "
            f"bugai+ak47+def7 (best) {solve * 1e3:.0f} ms CPU, a bare interpreter "
            f"{bare * 1e3:.0f} ms: {(solve - bare) * 1e3:.0f} ms for the odds (median of "
            f"{args.oneshot})"
        )
    print("\nagainst the reference solver (the specification), same fights, same run:")
    heavy = sorted(fights, key=lambda item: -statistics.median(timed(item[1], "best", 3)[0]))[:3]
    for name, fight in heavy:
        for policy in policies:
            times, fast = timed(fight, policy, args.repeat)
            ref_time, ref = reference_time(fight, policy)
            gap = max(
                abs(fast.win - ref.win), abs(fast.death - ref.death), abs(fast.escape - ref.escape)
            )
            print(
                f"{name:<44} {policy:<7} fast {statistics.median(times) * 1e3:7.2f} ms, "
                f"reference {ref_time * 1e3:8.1f} ms: {ref_time / statistics.median(times):6.0f}x, "
                f"|fast - reference| {gap:.1e}"
            )
    print("\nthe worst legal fights (targets: 1 s, 200 MB):")
    for name, fight in worst_fights():
        for policy in policies:
            times, result = timed(fight, policy, args.worst_repeat)
            print(
                f"{name:<36} {policy:<7} {spread(times)} ms, "
                f"peak {peak_memory(fight, policy):6.1f} MB, "
                f"win {result.win:.6f} death {result.death:.6f}"
            )
    if args.mc:
        heaviest = max(
            fights[:-1], key=lambda item: statistics.median(timed(item[1], "attack", 3)[0])
        )
        for name, fight in (heaviest, fights[-1]):
            times, exact = timed(fight, "attack", args.repeat)
            t_mc, p, se = monte_carlo(fight, args.mc)
            print(
                f"{name}: exact win {exact.win:.6f} in "
                f"{statistics.median(times) * 1e3:.2f} ms CPU; "
                f"Monte Carlo {args.mc} fights: {p:.6f} ± {se:.6f} (standard error) in "
                f"{t_mc:.1f} s wall ({t_mc / statistics.median(times):.0f}x); |MC - exact| = "
                f"{abs(p - exact.win) / se if se else 0.0:.2f} SE"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
