"""What a solve answers (:class:`Odds`), the policies, and the ``best`` policy's preference.

``best`` (docs/architecture.md, Exact odds) prefers, per state, the action with the higher chance
to come out alive (win or escape, FIGHT-3, FIGHT-6); within ``TIE`` of each other, the higher
chance to win.
"""

from __future__ import annotations

import math
from typing import Literal

from stalkerzone.engine.core import frozen

Policy = Literal["attack", "escape", "best"]
POLICIES: tuple[str, ...] = ("attack", "escape", "best")
TIE = 1e-12  # two chances closer than this are equal for ``best``
ENDLESS = 1e-12  # a fight that may never end with more than this chance has infinite rounds


@frozen
class Odds:
    """Outcome probabilities (sum to 1 with ``endless``) and the expected number of rounds."""

    win: float
    death: float
    escape: float
    expected_rounds: float
    endless: float = 0.0

    @property
    def alive(self) -> float:
        return self.win + self.escape


def prefers(alive: float, win: float, over_alive: float, over_win: float) -> bool:
    """``best``: (alive, win) strictly better than (over_alive, over_win)."""
    gain = alive - over_alive
    return gain > TIE or (gain >= -TIE and win > over_win + TIE)


def make_odds(win: float, death: float, endless: float, rounds: float) -> Odds:
    """Odds from win, death and never-ending chances (escape is the rest) and expected rounds."""
    escape = 1.0 - win - death - endless
    escape = 0.0 if escape < 1e-14 else escape
    endless = endless if endless > ENDLESS else 0.0
    return Odds(win, death, escape, math.inf if endless else rounds, endless)


def check_policy(policy: str) -> None:
    if policy not in POLICIES:
        raise ValueError(f"unknown policy '{policy}' (attack, escape or best)")
