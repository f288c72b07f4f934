"""``simulate --compare PACK``: the same seeds played without and with a pack, and what changed.

Both runs use the same game seeds (:func:`~stalkerzone.simulation.runner.game_seed`), so a
difference comes from the pack and the chance it brings, not from other deals. A change is
called *clear* when the two 95% Wilson intervals do not overlap.
"""

from __future__ import annotations

from typing import Any

from stalkerzone.simulation.card_stats import COUNTS


def _clear(before: list[float] | None, after: list[float] | None) -> bool:
    """Whether two 95% intervals do not overlap."""
    if not before or not after:
        return False
    return after[0] > before[1] or after[1] < before[0]


def _delta(before: float | None, after: float | None, digits: int = 4) -> float | None:
    if before is None or after is None:
        return None
    return round(after - before, digits)


def compare_summaries(without: dict[str, Any], with_pack: dict[str, Any]) -> dict[str, Any]:
    """What changed between two :func:`~stalkerzone.simulation.summary.full_summary` results
    (the run without the pack first): per stalker win rate (WIN-1), game length, per card."""
    stalkers: dict[str, Any] = {}
    for name in sorted(set(without["characters"]) | set(with_pack["characters"])):
        old = without["characters"].get(name)
        new = with_pack["characters"].get(name)
        stalkers[name] = {
            "win_rate_without": old["win_rate"] if old else None,
            "win_rate_with": new["win_rate"] if new else None,
            "change": _delta(old["win_rate"] if old else None, new["win_rate"] if new else None),
            "clear": _clear(old.get("ci95") if old else None, new.get("ci95") if new else None),
        }
    cards: dict[str, Any] = {}
    for cid, new in with_pack["cards"].items():
        old = without["cards"].get(cid)
        row: dict[str, Any] = {"kind": new["kind"], "pack": new["pack"], "new": old is None}
        for counter in COUNTS:
            row[counter] = {"without": old[counter] if old else 0, "with": new[counter]}
        old_rate = old["with"]["win_rate"] if old else None
        row["win_rate_with_card"] = {"without": old_rate, "with": new["with"]["win_rate"]}
        row["change"] = _delta(old_rate, new["with"]["win_rate"])
        row["clear"] = _clear(old["with"]["ci95"] if old else None, new["with"]["ci95"])
        cards[cid] = row
    gone = sorted(set(without["cards"]) - set(with_pack["cards"]))
    old_rounds, new_rounds = without["rounds"], with_pack["rounds"]
    return {
        "games": with_pack["games"],
        "rounds": {
            "mean_without": old_rounds["mean"],
            "mean_with": new_rounds["mean"],
            "change": _delta(old_rounds["mean"], new_rounds["mean"], 2),
        },
        "draws": {"without": without["draws"], "with": with_pack["draws"]},
        "deaths_per_game": {
            "without": without["deaths_per_game"],
            "with": with_pack["deaths_per_game"],
        },
        "stalkers": stalkers,
        "cards": cards,
        "cards_gone": gone,
    }


def changed_cards(changes: dict[str, Any]) -> list[str]:
    """The card ids worth showing in a text comparison: new cards and cards whose figures moved."""
    shown = []
    for cid, row in changes["cards"].items():
        moved = any(row[c]["with"] != row[c]["without"] for c in COUNTS)
        if row["new"] or moved or row["clear"]:
            shown.append(cid)
    return shown
