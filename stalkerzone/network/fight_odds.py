"""The exact odds a seat is shown beside its fight decisions (FIGHT-2, FIGHT-3, FIGHT-4).

Worked out on the host from the seat's own view of the fight (``player_view``: what the seat
may see, nothing else) with :mod:`stalkerzone.odds`, as the desktop's fight screen does: the
odds now under the best play, the best decision, and for each decision the seat may send, the
odds of taking it now and playing best afterwards. One solver per table keeps the solutions of
recent fight set-ups, so a fight's later decisions cost little.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from stalkerzone.engine.fight import ActionKind, Decision, Fight
from stalkerzone.engine.play import FightDecision
from stalkerzone.odds import Odds, OddsSolver
from stalkerzone.persistence.serialize import (
    JSON,
    SnapshotError,
    action_from_json,
    action_to_json,
)

SOLUTIONS_KEPT = 8
"""Fight set-ups whose solutions the table keeps (a fight, its grenades and stimulators)."""


def odds_json(odds: Odds) -> dict[str, JSON]:
    """Win, death and escape chances as numbers from 0 to 1."""
    return {"win": odds.win, "death": odds.death, "escape": odds.escape}


def decision_of(action: JSON) -> Decision | None:
    """The fight decision of a ``FightDecision`` action in its JSON form (read as every action
    is, ``action_from_json``), else None."""
    try:
        read = action_from_json(action)
    except SnapshotError:
        return None
    if not isinstance(read, FightDecision) or read.action not in ("attack", "grenade", "escape"):
        return None
    return Decision(cast(ActionKind, read.action), read.grenade, read.stimulator)


class FightOdds:
    """The odds of the fights at one table, for the seat that fights."""

    def __init__(self) -> None:
        self.solver = OddsSolver(size=SOLUTIONS_KEPT)
        self.known: tuple[object, dict[str, JSON]] | None = None

    def of(self, fight: Fight, legal: Sequence[JSON]) -> dict[str, JSON] | None:
        """``{"can_escape": bool, "now": odds, "best": action, "decisions": [{"action", "win",
        "death", "escape"}]}`` for the decisions in ``legal`` (the seat's legal actions in
        JSON), or None when the fight waits for no decision of the seat. Where an escape is
        possible (FIGHT-3) the best play is the safest (likeliest to come out alive)."""
        if fight.is_terminal or fight.is_chance:
            return None
        offered = [a for a in legal if decision_of(a) is not None]
        if not offered:
            return None
        key = (fight.setup, fight.core, tuple(map(repr, offered)))
        if self.known is not None and self.known[0] == key:
            return self.known[1]
        best = self.solver.best_decision(fight)
        rows: list[JSON] = []
        for action in offered:
            decision = decision_of(action)
            assert decision is not None
            rows.append({"action": action, **odds_json(self.solver.decision_odds(fight, decision))})
        found: dict[str, JSON] = {
            "can_escape": fight.setup.can_escape,  # FIGHT-4: the best play is then the safest
            "now": odds_json(self.solver.odds(fight, "best")),
            "best": action_to_json(FightDecision(best.action, best.grenade, best.stimulator)),
            "decisions": rows,
        }
        self.known = (key, found)
        return found
