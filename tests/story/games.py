"""The short bot games the story tests read (memoised: one replay per test session)."""

from __future__ import annotations

from functools import cache

from stalkerzone.engine.game import GameRecord
from tests.support.records import bot_record


@cache
def played() -> GameRecord:
    """A 3-seat bot game played to its end (seed 3: 23 rounds, a dozen fights)."""
    record = bot_record(3000, seed=3, players=3)
    assert record.state.phase == "over"
    return record
