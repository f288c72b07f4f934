"""Damage after defence (DMG-2): the one place that subtracts defence from a rolled total."""

from __future__ import annotations

from collections.abc import Mapping


def damage_after_defence(total: int, defence: int) -> int:
    """DMG-2: the rolled damage minus the target's defence; never below 0."""
    return max(0, total - defence)


def damage_distribution(totals: Mapping[int, float], defence: int) -> list[tuple[int, float]]:
    """DMG-2 over a distribution of rolled totals: each damage with its probability, ascending."""
    merged: dict[int, float] = {}
    for total, p in totals.items():
        hit = damage_after_defence(total, defence)
        merged[hit] = merged.get(hit, 0.0) + p
    return sorted(merged.items())
