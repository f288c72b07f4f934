"""Benchmark: what counting every card's figures (``CardTally``, ``simulate``) costs per game.

    python benchmarks/bench_card_stats.py [--games 6] [--runs 5]

The same seeded 4-player standard games are recorded once (every ``(before, after, action)``
step). Then, per game, medians over ``--runs``:

- **engine**: the recorded actions replayed through ``apply`` + ``legal_actions`` (what a game
  costs before any bot thinking: the floor);
- **tally**: ``CardTally.observe`` over the recorded steps (what the card figures add);
- **naive baseline**: the same figures found by rescanning every seat's cards after every step
  (no identity check of unchanged seats), as a naive counter would.

Printed as medians in milliseconds and as ratios: tally / engine and tally / naive.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stalkerzone.bots import players as bots
from stalkerzone.bots.memory import BotMemory
from stalkerzone.engine.game import GameSetup, PlayerSetup, apply, legal_actions, new_game
from stalkerzone.engine.play import Action, GameState
from stalkerzone.simulation.card_stats import CardTally
from stalkerzone.simulation.runner import SimConfig, deal_stalkers, game_seed, load_world

Step = tuple[GameState, GameState, Action]


def record(config: SimConfig, index: int) -> tuple[GameState, list[Step]]:
    cards, sectors, variant = load_world(config)
    seed = game_seed(config.seed, index)
    stalkers = deal_stalkers(cards, config.players, seed)
    seats = tuple(PlayerSetup(f"Bot {k + 1}", s, config.level) for k, s in enumerate(stalkers))
    start = new_game(GameSetup(seed, seats, variant, config.zone_mode), cards, sectors)  # type: ignore[arg-type]
    memory = BotMemory()
    state, steps = start, []
    while not state.is_terminal and state.turn <= config.round_cap * config.players:
        action = bots.choose(state, None, config.level, legal_actions(state), memory=memory)
        after = apply(state, action)
        steps.append((state, after, action))
        state = after
    return start, steps


def time_engine(steps: list[Step]) -> float:
    started = time.perf_counter()
    for before, _, action in steps:
        legal_actions(before)
        apply(before, action)
    return time.perf_counter() - started


def time_tally(start: GameState, steps: list[Step]) -> float:
    started = time.perf_counter()
    tally = CardTally(start)
    for before, after, action in steps:
        tally.observe(before, after, action)
    tally.result(steps[-1][1])
    return time.perf_counter() - started


class NaiveTally(CardTally):
    """Every seat rescanned after every step."""

    def observe(self, before: GameState, after: GameState, action: object) -> None:
        super().observe(before, after, action)
        for k, player in enumerate(after.players):
            self._hold(k, player)


def time_naive(start: GameState, steps: list[Step]) -> float:
    started = time.perf_counter()
    tally = NaiveTally(start)
    for before, after, action in steps:
        tally.observe(before, after, action)
    tally.result(steps[-1][1])
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    config = SimConfig(games=args.games, players=4, seed=1, include_user=False)
    games = [record(config, i) for i in range(args.games)]
    engine, tally, naive = [], [], []
    for _ in range(args.runs):
        for start, steps in games:
            engine.append(time_engine(steps))
            tally.append(time_tally(start, steps))
            naive.append(time_naive(start, steps))
    steps_per_game = statistics.median(len(s) for _, s in games)
    e, t, n = (1000 * statistics.median(v) for v in (engine, tally, naive))
    print(f"{args.games} standard 4-player games, {steps_per_game:.0f} actions per game (median)")
    print(f"engine replay (apply + legal_actions): {e:8.2f} ms per game")
    print(f"card tally (CardTally.observe):        {t:8.2f} ms per game")
    print(f"naive baseline (rescan every seat):    {n:8.2f} ms per game")
    print(f"ratio tally / engine: {t / e:.3f}; tally / naive: {t / n:.3f}")


if __name__ == "__main__":
    main()
