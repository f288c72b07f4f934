"""The whole summary of a run: :func:`~stalkerzone.simulation.runner.summarise` plus what each
card did (:mod:`~stalkerzone.simulation.card_stats`), win-rate intervals per stalker and per bot
level, how long bots held the Elements they needed, and the length of every finished game. Plain
JSON, the same for any number of workers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stalkerzone.engine.core import CardSet
from stalkerzone.simulation.card_stats import MIN_SEAT_GAMES, card_summary, wilson
from stalkerzone.simulation.runner import GameResult, SimConfig, summarise
from stalkerzone.simulation.seats import holding_summary, level_summary


def full_summary(
    config: SimConfig, results: Sequence[GameResult], cards: CardSet
) -> dict[str, Any]:
    """Every figure of a run (WIN-1 wins, FIGHT-* fights, EQ-10 cards gained …) as JSON."""
    monsters = [m.id for m in cards.monsters if m.deck == "zone"]
    summary = summarise(config, results, monsters=monsters)
    for row in summary["characters"].values():
        interval = wilson(row["wins"], row["games"])
        row["ci95"] = list(interval) if interval else None
        row["meaningful"] = row["games"] >= MIN_SEAT_GAMES
    summary["game_rounds"] = [r.rounds for r in results if not r.capped]
    summary["cards"] = card_summary(results, cards)
    summary["min_seat_games"] = MIN_SEAT_GAMES
    summary["levels"] = level_summary(results)
    summary["holding_elements"] = holding_summary(results)
    return summary


def percent(value: float | None) -> str:
    """A proportion as a percentage for tables ("-" for none)."""
    return "-" if value is None else f"{100 * value:.1f}"


def interval_text(ci: Sequence[float] | None) -> str:
    """A 95% interval as "lo–hi" percentages for tables."""
    return "-" if not ci else f"{100 * ci[0]:.0f}–{100 * ci[1]:.0f}"
