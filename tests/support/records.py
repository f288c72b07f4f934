"""Helpers for the lifecycle tests: cards, sectors, bot-played records (memoised)."""

from __future__ import annotations

from functools import cache

from stalkerzone.bots import players as bots
from stalkerzone.bots.memory import BotMemory
from stalkerzone.content.variants import load_variant
from stalkerzone.engine.game import GameRecord, GameSetup, PlayerSetup
from stalkerzone.engine.game import record as records
from tests.support.base import base_cards, base_load, sectors

STALKERS = ("gromoboy", "nosorog", "shustry", "mazhor", "sledopyt", "bugai")


@cache
def packs() -> tuple[object, ...]:
    return tuple(base_load().packs)


def setup(
    seed: int = 3,
    players: int = 3,
    *,
    variant: str = "standard",
    zone_mode: str = "free",
    bot: str | None = "hard",
) -> GameSetup:
    seats = tuple(PlayerSetup(f"P{k + 1}", STALKERS[k % 6], bot) for k in range(players))
    return GameSetup(seed, seats, load_variant(variant), zone_mode)  # type: ignore[arg-type]


def start(**kwargs: object) -> GameRecord:
    return records.start(setup(**kwargs), base_cards(), sectors())  # type: ignore[arg-type]


def bot_record(steps: int, *, stop_in_fight: bool = False, **kwargs: object) -> GameRecord:
    """A record of ``steps`` bot actions (or up to the first fight after half of them)."""
    record = start(**kwargs)
    memory = BotMemory()
    for k in range(steps):
        if record.state.is_terminal:
            break
        record = records.play(record, bots.choose(record.state, None, "hard", memory=memory))
        if stop_in_fight and k > steps // 2 and record.state.phase == "fight":
            break
    return record
