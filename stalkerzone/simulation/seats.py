"""Per-level figures of a run (TURN-1: bot seats at different levels) and how long bots hold the
Elements they need before entering the Epicenter (WIN-1). Plain JSON for ``simulate``'s summary,
the same for any number of workers (no timings except the per-decision seconds, kept apart)."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

from stalkerzone.simulation.card_stats import wilson
from stalkerzone.simulation.runner import GameResult


def level_summary(results: Sequence[GameResult]) -> dict[str, dict[str, Any]]:
    """For each bot level: seat-games played, wins (a drawn game is no win), win rate and its
    95% Wilson interval, in the order the levels first sit down."""
    rows: dict[str, dict[str, int]] = {}
    for r in results:
        for seat, level in enumerate(r.levels):
            row = rows.setdefault(level, {"games": 0, "wins": 0})
            row["games"] += 1
            row["wins"] += 1 if r.winner_seat == seat and not r.capped else 0
    out: dict[str, dict[str, Any]] = {}
    for level, row in rows.items():
        interval = wilson(row["wins"], row["games"])
        out[level] = {
            "games": row["games"],
            "wins": row["wins"],
            "win_rate": round(row["wins"] / max(1, row["games"]), 4),
            "ci95": [round(x, 4) for x in interval] if interval else None,
        }
    return out


def decision_seconds(results: Sequence[GameResult]) -> dict[str, float | None]:
    """Mean seconds per bot decision for each level (a timing: differs from run to run)."""
    spent: dict[str, list[float]] = {}
    for r in results:
        for seat, level in enumerate(r.levels):
            if seat < len(r.decisions):
                row = spent.setdefault(level, [0.0, 0.0])
                row[0] += r.decision_seconds[seat] if seat < len(r.decision_seconds) else 0.0
                row[1] += r.decisions[seat]
    return {level: (s / n if n else None) for level, (s, n) in spent.items()}


def decision_timing(results: Sequence[GameResult]) -> dict[str, dict[str, float]]:
    """Seconds per bot decision for each level: mean, median and worst (a timing: differs from
    run to run and machine to machine)."""
    spent: dict[str, list[float]] = {}
    for r in results:
        for seat, level in enumerate(r.levels):
            if seat < len(r.decision_times):
                spent.setdefault(level, []).extend(r.decision_times[seat])
    return {
        level: {
            "mean": statistics.fmean(times),
            "median": statistics.median(times),
            "worst": max(times),
        }
        for level, times in spent.items()
        if times
    }


def holding_summary(results: Sequence[GameResult]) -> dict[str, Any]:
    """WIN-1: the spells of holding enough Elements, in rounds before entering the Epicenter
    (or losing them, or the game's end): how many, median, 90th percentile, max, and how many
    spells lasted each number of rounds."""
    spells = sorted(s for r in results for s in r.holding)
    counts: dict[str, int] = {}
    for s in spells:
        counts[str(s)] = counts.get(str(s), 0) + 1
    return {
        "spells": len(spells),
        "median": statistics.median(spells) if spells else None,
        "p90": percentile(spells, 0.9),
        "max": spells[-1] if spells else None,
        "rounds": counts,
    }


def percentile(ordered: Sequence[int], share: float) -> int | None:
    """The nearest-rank percentile of sorted values (None if there are none)."""
    if not ordered:
        return None
    rank = max(1, -(-int(share * 1000) * len(ordered) // 1000))
    return ordered[min(len(ordered), rank) - 1]
