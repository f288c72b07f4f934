"""Benchmark: exact fight odds (target ≤ 5 ms) against a plain Monte Carlo in the same run.

    python benchmarks/bench_odds.py [--mc 100000] [--repeat 15]

Exact odds are timed cold (every memo cleared before each run); medians are printed. The Monte
Carlo plays ``--mc`` fights of the same engine with seeded dice (policy attack) for the heaviest
base fight and the 35-health stalker against the 30-health first-striking, draining,
regenerating monster, and reports its time, its estimate and the estimate's standard error.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stalkerzone.content.loader import load_packs
from stalkerzone.content.variants import load_variant
from stalkerzone.engine.cards import (
    CardSet,
    Colour,
    Drain,
    FirstStrike,
    Monster,
    MonsterStats,
    PerColour,
    Regeneration,
    Text,
)
from stalkerzone.engine.combat import Decision, Fight, StalkerSide, play_chance, start_fight
from stalkerzone.engine.dice import Dice
from stalkerzone.engine.loadout import Loadout
from stalkerzone.odds import Odds, odds
from stalkerzone.odds import solver as odds_module

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
        head=next((a for a in arm if a.slot == "head"), None),  # type: ignore[attr-defined]
        body=next((a for a in arm if a.slot == "body"), None),  # type: ignore[attr-defined]
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


def timed(fight: Fight, policy: str, repeat: int) -> tuple[float, float, Odds]:
    """Median CPU time and median wall time of a cold exact solve, and its result."""
    cpu, wall = [], []
    result = None
    for _ in range(repeat):
        odds_module._SOLVERS.clear()
        start, start_cpu = time.perf_counter(), time.process_time()
        result = odds(fight, policy)  # type: ignore[arg-type]
        cpu.append(time.process_time() - start_cpu)
        wall.append(time.perf_counter() - start)
    assert result is not None
    return statistics.median(cpu), statistics.median(wall), result


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
    for monster_id in (
        "guardian",
        "pseudogiant",
        "chimera",
        "blind-mole",
        "gorynych",
        "leshak",
        "cerberus",
        "yellowbreast",
    ):
        beast = cards.get(monster_id)
        assert isinstance(beast, Monster)
        for label, hero in (("bugai+ak47+def7", strong), ("gromoboy+berdan+6", medium)):
            fight = start_fight(hero, beast, Colour.RED, epicenter=beast.deck == "epicenter")
            fights.append((f"{monster_id} red vs {label}", fight))
    fights.append(("35hp vs 30hp first+drain+regen", combo_fight()))
    print("median ms of a cold exact solve, CPU (wall) — the machine may be shared")
    print(f"{'fight':<40} {'attack':>15} {'escape':>15} {'best':>15}  win(attack)")
    worst = 0.0
    for name, fight in fights:
        row = [timed(fight, policy, args.repeat) for policy in ("attack", "escape", "best")]
        worst = max(worst, row[0][0])
        cells = " ".join(f"{c * 1e3:>6.2f} ({w * 1e3:>6.2f})" for c, w, _ in row)
        print(f"{name:<40} {cells}  {row[0][2].win:.6f}")
    print(f"worst median CPU time (attack policy): {worst * 1e3:.2f} ms")
    if args.mc:
        heaviest = max(fights[:-1], key=lambda item: timed(item[1], "attack", 3)[0])
        for name, fight in (heaviest, fights[-1]):
            cpu, wall, exact = timed(fight, "attack", args.repeat)
            t_mc, p, se = monte_carlo(fight, args.mc)
            print(
                f"{name}: exact win {exact.win:.6f} in {cpu * 1e3:.2f} ms CPU "
                f"({wall * 1e3:.2f} ms wall); Monte Carlo {args.mc} fights: {p:.6f} ± {se:.6f} "
                f"(standard error) in {t_mc:.1f} s wall; |MC - exact| = "
                f"{abs(p - exact.win) / se if se else 0.0:.2f} SE"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
