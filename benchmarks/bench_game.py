"""Benchmark: a full 4-bot standard game, headless (target ≤ 100 ms median), in games/second.

    python benchmarks/bench_game.py [--games 15] [--warmup 3] [--level hard] [--variant standard]
        [--scale-games 200] [--scale-runs 3] [--no-scaling | --only-scaling]

Three figures for the same seeded games, medians per game (CPU time and wall time; the machine
may be shared, CPU time is the fairer figure):

- **bots**: the bots as shipped (exact fight odds and planning estimates memoised in one
  ``BotMemory`` across the games of the process, as a ``simulate`` worker plays them), after
  ``--warmup`` games;
- **engine only**: the same actions replayed through ``apply`` + ``legal_actions`` alone, the
  floor that the rules engine sets;
- **naive baseline**: a fresh ``BotMemory`` for every decision (odds solved afresh: the odds
  solver's own memo cleared before each game) and the whole state deep-copied at every step, as
  a naive loop would.

Then the **scaling** row: ``simulate``'s ``iter_games`` for ``--scale-games`` 4-player games with
one worker process and with two, alternately, ``--scale-runs`` times: median wall times, their
ratio (target ≥ 1.7 on two idle cores) and whether the summaries are identical. The load average
before the row is printed: on a shared machine the ratio says little without it.
"""

from __future__ import annotations

import argparse
import copy
import os
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stalkerzone.bots import players as bots
from stalkerzone.bots.memory import BotMemory
from stalkerzone.content.loader import load_packs
from stalkerzone.content.tiles import load_sectors
from stalkerzone.content.variants import load_variant
from stalkerzone.engine.game import GameSetup, PlayerSetup, apply, legal_actions, new_game
from stalkerzone.engine.play import Action
from stalkerzone.odds import solver as odds_module
from stalkerzone.simulation.runner import SimConfig, deal_stalkers, game_seed, run_games, summarise

STALKERS = 4


def play(
    setup: GameSetup,
    cards: object,
    sectors: object,
    level: str,
    *,
    memory: BotMemory | None,
    cap: int,
) -> tuple[float, float, list[Action], int]:
    """One game: CPU seconds, wall seconds, the actions, the number of rounds. Without a
    ``memory`` (the naive baseline) every decision starts from nothing."""
    naive = memory is None
    if naive:
        solver_memo = getattr(odds_module, "_SOLVERS", None)
        if solver_memo is not None:
            solver_memo.clear()
    wall, cpu = time.perf_counter(), time.process_time()
    state = new_game(setup, cards, sectors)  # type: ignore[arg-type]
    done: list[Action] = []
    while not state.is_terminal and state.turn <= cap:
        if naive:
            state = copy.deepcopy(state, {id(state.ctx): state.ctx})
        legal = legal_actions(state)
        action = bots.choose(state, None, level, legal, memory=memory)
        state = apply(state, action)
        done.append(action)
    rounds = (state.turn - 1) // len(setup.players) + 1
    return time.process_time() - cpu, time.perf_counter() - wall, done, rounds


def replay(setup: GameSetup, cards: object, sectors: object, done: list[Action]) -> float:
    cpu = time.process_time()
    state = new_game(setup, cards, sectors)  # type: ignore[arg-type]
    for action in done:
        legal_actions(state)
        state = apply(state, action)
    return time.process_time() - cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=15)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-rounds", type=int, default=150)
    parser.add_argument("--no-baseline", action="store_true")
    parser.add_argument("--base", type=Path, default=None, help="another base card folder")
    parser.add_argument("--scale-games", type=int, default=200)
    parser.add_argument("--scale-runs", type=int, default=3)
    parser.add_argument("--no-scaling", action="store_true")
    parser.add_argument("--only-scaling", action="store_true", help="the scaling row alone")
    args = parser.parse_args()
    if args.only_scaling:
        scaling(args.scale_games, args.scale_runs, args.seed, args.variant)
        return 0
    cards = load_packs(include_user=False, base_dir=args.base).cards
    sectors = tuple(load_sectors())
    variant = load_variant(args.variant)

    def setup(i: int) -> GameSetup:
        seed = game_seed(args.seed, i)
        seats = tuple(
            PlayerSetup(f"Bot {k + 1}", s, args.level)
            for k, s in enumerate(deal_stalkers(cards, STALKERS, seed))
        )
        return GameSetup(seed, seats, variant, "free")

    cap = args.max_rounds * STALKERS
    memory = BotMemory()
    for i in range(args.warmup):
        play(setup(10_000 + i), cards, sectors, args.level, memory=memory, cap=cap)
    rows = []
    for i in range(args.games):
        cpu, wall, done, rounds = play(setup(i), cards, sectors, args.level, memory=memory, cap=cap)
        engine = replay(setup(i), cards, sectors, done)
        rows.append((cpu, wall, engine, len(done), rounds))
    cpu_med = statistics.median(r[0] for r in rows)
    wall_med = statistics.median(r[1] for r in rows)
    engine_med = statistics.median(r[2] for r in rows)
    actions = statistics.median(r[3] for r in rows)
    median_rounds = statistics.median(r[4] for r in rows)
    print(
        f"{args.games} games, 4 {args.level} bots, {args.variant}, random Zone; medians per game:"
    )
    print(f"  rounds {median_rounds:.0f}, actions {actions:.0f}")
    print(
        f"  bots (memoised):  {cpu_med * 1e3:8.1f} ms CPU  ({wall_med * 1e3:8.1f} ms wall)  "
        f"{1 / cpu_med:6.2f} games/s  {cpu_med * 1e6 / actions:6.0f} µs/action"
    )
    print(
        f"  engine only:      {engine_med * 1e3:8.1f} ms CPU  "
        f"(apply + legal_actions, {engine_med * 1e6 / actions:.0f} µs/action)"
    )
    if not args.no_baseline:
        base = []
        for i in range(min(args.games, 5)):
            cpu, wall, done, _ = play(setup(i), cards, sectors, args.level, memory=None, cap=cap)
            base.append(cpu)
        base_med = statistics.median(base)
        print(
            f"  naive baseline:   {base_med * 1e3:8.1f} ms CPU  (fresh memory each decision, "
            f"deep copy each step; {len(base)} games)  ×{base_med / cpu_med:.1f} slower"
        )
    target = "meets" if cpu_med <= 0.100 else "misses"
    print(f"target ≤ 100 ms median: {target} ({cpu_med * 1e3:.1f} ms CPU)")
    if not args.no_scaling:
        scaling(args.scale_games, args.scale_runs, args.seed, args.variant)
    return 0


def _cpu_all() -> float:
    """CPU seconds of this process and of its finished children (the worker processes)."""
    own, children = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def scaling(games: int, runs: int, seed: int, variant: str) -> None:
    """``simulate``'s games with one worker process and with two: median wall times, ratio."""
    config = SimConfig(games, STALKERS, seed, variant=variant, include_user=False)
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"scaling: {games} games, {STALKERS} hard bots; load average before: {load}")
    walls: dict[int, list[float]] = {1: [], 2: []}
    cpus: dict[int, list[float]] = {1: [], 2: []}
    summaries: dict[int, object] = {}
    for _ in range(runs):
        for workers in (1, 2):
            wall, cpu = time.perf_counter(), _cpu_all()
            results = run_games(config, workers=workers)
            walls[workers].append(time.perf_counter() - wall)
            cpus[workers].append(_cpu_all() - cpu)
            summaries[workers] = summarise(config, results)
    one, two = statistics.median(walls[1]), statistics.median(walls[2])
    cpu_one, cpu_two = statistics.median(cpus[1]), statistics.median(cpus[2])
    spread = {w: f"{min(v):.1f}–{max(v):.1f}" for w, v in walls.items()}
    same = "identical" if summaries[1] == summaries[2] else "DIFFERENT"
    print(
        f"  --workers 1: {one:6.1f} s wall (median of {runs}, {spread[1]} s), "
        f"{cpu_one:6.1f} s CPU in all processes\n"
        f"  --workers 2: {two:6.1f} s wall (median of {runs}, {spread[2]} s), "
        f"{cpu_two:6.1f} s CPU in all processes\n"
        f"  speed-up ×{one / two:.2f} wall (target ≥ 1.7 on two idle cores); "
        f"CPU overhead of two workers ×{cpu_two / cpu_one:.2f}; summaries {same}\n"
        f"  on a busy machine the wall ratio says little; from CPU time alone two idle cores "
        f"would give at most ×{2 * cpu_one / cpu_two:.2f}"
    )
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"  load average after: {load}")


if __name__ == "__main__":
    raise SystemExit(main())
