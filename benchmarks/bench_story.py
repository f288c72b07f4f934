"""Benchmark: building the story of a game (money, health, Elements per round; fights; luck by
the exact odds) for the game-over screen and ``replay --json``.

    python benchmarks/bench_story.py [--repeat 5] [--seed 3] [--bots 4]

Measured in the same run, on one bot game played to its end:

- ``story, states kept``: ``build_story`` on the session's record (every state kept: only the
  fights' odds are solved);
- ``story, from a snapshot``: ``build_story`` on a record read from a save's snapshot (the
  actions replayed from the seed first, then the odds);
- ``replay only`` (reference): ``engine.game.record.replay`` of the same actions, what
  ``stalkerzone replay`` costs anyway.

Printed as medians and as ratios against the reference. A frame is 16.7 ms: a story that takes
longer is why the game-over screen builds it on the worker thread.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stalkerzone.bots import players as bots
from stalkerzone.bots.memory import BotMemory
from stalkerzone.content.loader import load_packs
from stalkerzone.content.tiles import load_sectors
from stalkerzone.content.variants import load_variant
from stalkerzone.engine.game import GameRecord, GameSetup, PlayerSetup
from stalkerzone.engine.game import record as records
from stalkerzone.story import build_story

STALKERS = ("gromoboy", "nosorog", "shustry", "mazhor", "sledopyt", "bugai")


def bot_game(seed: int, seats: int) -> GameRecord:
    cards = load_packs((), include_user=False).cards
    players = tuple(PlayerSetup(f"Bot {k + 1}", STALKERS[k % 6], "hard") for k in range(seats))
    setup = GameSetup(seed, players, load_variant("standard"), "free")
    record = records.start(setup, cards, tuple(load_sectors()))
    memory = BotMemory()
    while not record.state.is_terminal and len(record.actions) < 20000:
        record = records.play(record, bots.choose(record.state, None, "hard", memory=memory))
    return record


def median_ms(job: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        job()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--bots", type=int, default=4)
    args = parser.parse_args()
    record = bot_game(args.seed, args.bots)
    state = record.state
    snapshot = records.from_snapshot(record.setup, record.actions, state)
    story = build_story(record)
    print(
        f"game: seed {args.seed}, {args.bots} bots, {len(record.actions)} actions, "
        f"{story.rounds} rounds, {len(story.fights)} fights"
    )
    ctx = state.ctx
    reference = median_ms(
        lambda: records.replay(record.setup, ctx.cards, ctx.sectors, record.actions), args.repeat
    )
    kept = median_ms(lambda: build_story(record), args.repeat)
    replayed = median_ms(lambda: build_story(snapshot), args.repeat)
    print(f"{'replay only (reference)':28} {reference:9.1f} ms   1.00x")
    print(f"{'story, states kept':28} {kept:9.1f} ms   {kept / reference:.2f}x")
    print(f"{'story, from a snapshot':28} {replayed:9.1f} ms   {replayed / reference:.2f}x")


if __name__ == "__main__":
    main()
