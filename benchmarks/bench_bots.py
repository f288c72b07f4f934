"""Benchmark: the bot level ladder (TURN-1), each level against three of the level below.

    python benchmarks/bench_bots.py [--games 800] [--workers 1] [--seed 1] [--variant standard]

For each step of the ladder (normal vs 3 easy, hard vs 3 normal, expert vs 3 hard) it plays
``--games`` 4-seat games with dealt free Zones, the strong seat turning one seat per game
(``simulate --seats``), and prints the strong seat's wins, win rate and 95% Wilson interval (a
fair share is 25%; the step holds when the interval's lower bound is above it), then the seconds
per decision of each level, mean, median and worst (a timing: it depends on the machine and its
load), and how many rounds bots held the Elements they need before going in (WIN-1).
``--steps expert`` plays only the steps up to the named levels (e.g. the expert's alone).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stalkerzone.bots.levels import LEVELS
from stalkerzone.simulation.runner import GameResult, SimConfig, iter_games, load_world
from stalkerzone.simulation.seats import decision_timing, holding_summary, level_summary

PLAYERS = 4


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=800, help="games per step of the ladder")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="standard")
    parser.add_argument(
        "--steps", default=",".join(LEVELS[1:]), help="the strong levels to play (default: all)"
    )
    args = parser.parse_args()
    steps = args.steps.split(",")
    fair = 1 / PLAYERS
    print(f"{args.games} games per step, {PLAYERS} seats, variant {args.variant}, seed {args.seed}")
    print(f"{'level':<8}{'vs 3':<8}{'games':>7}{'wins':>7}{'win %':>8}  {'95% interval':<14} holds")
    played: list[GameResult] = []
    held = True
    for weak, strong in itertools.pairwise(LEVELS):
        if strong not in steps:
            continue
        seats = (strong,) + (weak,) * (PLAYERS - 1)
        config = SimConfig(args.games, PLAYERS, args.seed, args.variant, seats=seats)
        started = time.perf_counter()
        results = list(iter_games(config, args.workers, load_world(config)))
        elapsed = time.perf_counter() - started
        row = level_summary(results)[strong]
        low, high = row["ci95"]
        ok = low > fair
        held = held and ok
        print(
            f"{strong:<8}{weak:<8}{row['games']:>7}{row['wins']:>7}{100 * row['win_rate']:>8.1f}"
            f"  {100 * low:5.1f}–{100 * high:5.1f}%   {'yes' if ok else 'NO'}"
            f"   ({elapsed:.0f} s)"
        )
        played.extend(results)
    print(f"seconds per decision: {'mean':>9}{'median':>9}{'worst':>9}")
    timing_by_level = decision_timing(played)
    for level in (level for level in LEVELS if level in timing_by_level):
        timing = timing_by_level[level]
        print(f"  {level:<18}{timing['mean']:9.4f}{timing['median']:9.4f}{timing['worst']:9.3f}")
    hold = holding_summary(played)
    print(
        f"rounds holding the Elements before going in: {hold['spells']} spells, median "
        f"{hold['median']}, 90th percentile {hold['p90']}, max {hold['max']}"
    )
    print("the ladder holds" if held else "the ladder does NOT hold")
    return 0 if held else 1


if __name__ == "__main__":
    raise SystemExit(main())
