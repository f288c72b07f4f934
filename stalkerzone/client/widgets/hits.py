"""Hit regions: the clickable rectangles a screen draws itself (cards, log lines, rule links),
which are not widgets, each with its tooltip and what a click does."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Hit:
    """A clickable rectangle drawn by a screen (not a widget)."""

    left: float
    bottom: float
    right: float
    top: float
    key: Any
    on_click: Callable[[], None] | None = None
    tip: str = ""
    rule: str = ""  # the rule it refers to: F1 over it opens that rule

    def contains(self, x: float, y: float) -> bool:
        return self.left <= x <= self.right and self.bottom <= y <= self.top


@dataclass
class HitMap:
    """The hit regions of a screen; the one drawn last wins where they overlap."""

    items: list[Hit] = field(default_factory=list)

    def clear(self) -> None:
        self.items.clear()

    def add(self, hit: Hit) -> Hit:
        self.items.append(hit)
        return hit

    def at(self, x: float, y: float) -> Hit | None:
        for hit in reversed(self.items):
            if hit.contains(x, y):
                return hit
        return None
