"""Exact fight odds off the frame: ``engine.odds`` in a background thread.

:meth:`OddsWorker.get` answers at once: the odds of the fight at a decision node under the best
play, the best decision and the odds of each button's decision — or ``None`` while they are being
computed. The frame never waits (``synchronous=True`` only for tests and headless runs).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from stalkerzone.client.controller.worker import Worker
from stalkerzone.engine.fight import Core, Decision, Fight, FightSetup
from stalkerzone.odds import Odds, OddsSolver


@dataclass(frozen=True, slots=True)
class FightOdds:
    """Odds now (best play), the best decision, and odds per plain decision (no stimulator)."""

    best: Odds
    decision: Decision | None
    per_decision: tuple[tuple[Decision, Odds], ...] = ()

    def of(self, decision: Decision) -> Odds | None:
        for d, o in self.per_decision:
            if d == decision:
                return o
        return None


def compute(fight: Fight, solver: OddsSolver | None = None) -> FightOdds:
    """The odds of ``fight`` now (it may be at a decision, a chance node or over); one solve
    of the fight's set-up serves every figure (and, with the caller's ``solver``, later rolls)."""
    solver = solver or OddsSolver(size=1)
    now = solver.odds(fight, "best")
    if fight.is_terminal or fight.is_chance:
        return FightOdds(now, None)
    best = solver.best_decision(fight)
    per = []
    for decision in fight.decisions():
        if decision.stimulator is None:
            per.append((decision, solver.decision_odds(fight, decision)))
    return FightOdds(now, best, tuple(per))


class OddsWorker:
    """One background job per fight position, keyed by the fight's setup and core. The worker
    owns the solutions of the fights it was asked about (an ``OddsSolver``, one job at a time)."""

    def __init__(self, synchronous: bool = False) -> None:
        self.worker = Worker(synchronous=synchronous)
        self.solver = OddsSolver(size=8)
        self.solving = threading.Lock()

    def _compute(self, fight: Fight) -> FightOdds:
        with self.solving:
            return compute(fight, self.solver)

    @staticmethod
    def key(fight: Fight) -> tuple[str, FightSetup, Core]:
        return ("odds", fight.setup, fight.core)

    def request(self, fight: Fight) -> None:
        self.worker.submit(self.key(fight), lambda: self._compute(fight))

    def get(self, fight: Fight) -> FightOdds | None:
        """The odds if ready (starting the job if needed), else None."""
        self.request(fight)
        try:
            result: FightOdds | None = self.worker.result(self.key(fight))
        except Exception:
            return None
        return result

    def wait(self, fight: Fight) -> FightOdds:
        self.request(fight)
        result: FightOdds = self.worker.wait(self.key(fight))
        return result

    def forget(self) -> None:
        self.worker.forget()
