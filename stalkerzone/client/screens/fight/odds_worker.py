"""Exact fight odds off the frame: ``engine.odds`` in a background thread.

:meth:`OddsWorker.get` answers at once: the odds of the fight at a decision node under the best
play, the best decision and the odds of each button's decision — or ``None`` while they are being
computed. The frame never waits (``synchronous=True`` only for tests and headless runs).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

from stalkerzone.client.controller.worker import Worker
from stalkerzone.engine.core import damage_distribution
from stalkerzone.engine.fight import Core, Decision, Fight, FightSetup
from stalkerzone.odds import Odds, OddsSolver

if TYPE_CHECKING:
    from stalkerzone.bots.memory import BotMemory


@dataclass(frozen=True, slots=True)
class FightOdds:
    """Odds now (the best decision taken, best play after it), the best decision (a grenade or
    a stimulator with it where the kit helps), and the odds of every legal decision (a
    stimulator taken with it included)."""

    best: Odds
    decision: Decision | None
    per_decision: tuple[tuple[Decision, Odds], ...] = ()
    at_least: frozenset[Decision] = frozenset()
    """Decisions whose odds leave the kit out after them while a way with it does better (in
    the Epicenter): their true chance to win is at least the figure shown."""

    def of(self, decision: Decision) -> Odds | None:
        for d, o in self.per_decision:
            if d == decision:
                return o
        return None


def compute(
    fight: Fight, solver: OddsSolver | None = None, memory: BotMemory | None = None
) -> FightOdds:
    """The odds of ``fight`` now (it may be at a decision, a chance node or over); one solve
    of the fight's set-up serves every figure (and, with the caller's ``solver``, later rolls).
    At a decision the best decision weighs the kit too (:func:`kit_decisions`), and the odds
    shown are that decision's: taken now, the best play after it. In the Epicenter with
    grenades or stimulators left, the way the bots fight it (FIGHT-4: the strongest grenade,
    a heal once low, every round) is solved exactly as well (``bots.guardian``); when it does
    better, its first decision's button and the best shown both carry that way's own odds
    (the panel said 72 % while no button said more than 19 %)."""
    solver = solver or OddsSolver(size=1)
    if fight.is_terminal or fight.is_chance:
        return FightOdds(solver.odds(fight, "best"), None)
    best = solver.best_decision(fight)
    best_odds = solver.decision_odds(fight, best)
    per = [(decision, solver.decision_odds(fight, decision)) for decision in fight.decisions()]
    by_decision = dict(per)
    for decision in kit_decisions(fight):
        o = by_decision[decision]
        if _better(o, best_odds):
            best, best_odds = decision, o
    if fight.setup.epicenter and (fight.core.grenades or fight.core.stims):
        from stalkerzone.bots.guardian import with_kit_way  # the bots load on first use
        from stalkerzone.bots.memory import BotMemory

        shown, kit_decision = with_kit_way(memory or BotMemory(), fight, by_decision)
        if kit_decision is not None:  # its button says what the best above it says
            per = list(shown.items())
            if _better(shown[kit_decision], best_odds):
                best, best_odds = kit_decision, shown[kit_decision]
            bounds = frozenset(d for d in shown if d != kit_decision)
            return FightOdds(best_odds, best, tuple(per), bounds)
    return FightOdds(best_odds, best, tuple(per))


def _better(odds: Odds, than: Odds) -> bool:
    """FIGHT-2, as the solver's ``best`` weighs: more alive, then more wins (a gain below a
    rounding error is a tie, which the plain decision keeps)."""
    tie = 1e-9
    gain = than.death + than.endless - odds.death - odds.endless
    return gain > tie or (gain >= -tie and odds.win > than.win + tie)


def next_hit_can_kill(fight: Fight) -> bool:
    """The monster's attacks of this round can take the stalker's last health (DMG-1, DMG-2)."""
    setup = fight.setup
    spread = damage_distribution(setup.monster.attack.distribution(), setup.stalker.defence)
    worst = max((damage for damage, p in spread if p > 0), default=0)
    return worst * setup.monster_attacks(fight.core.round) >= fight.stalker_health


def kit_decisions(fight: Fight) -> list[Decision]:
    """The decisions with a grenade or a stimulator worth weighing against the plain best: in the
    Epicenter (FIGHT-4: no escape, the fight decides the game) every one; elsewhere, where the
    kit outlives the fight, a stimulator only when the next hit can kill. The odds after such a
    decision leave the kit out, so a kit decision wins only where it makes the fight safer or
    likelier won now."""
    legal = fight.decisions()
    if fight.setup.epicenter:
        return [d for d in legal if d.grenade is not None or d.stimulator is not None]
    if not next_hit_can_kill(fight):
        return []
    # the smallest heal first: of two that save as well, the bigger stays for later
    heal = {s.id: s.heal for s in fight.setup.stalker.stimulators}
    stims = [d for d in legal if d.stimulator is not None]
    return sorted(stims, key=lambda d: heal.get(d.stimulator or "", 0))


class OddsWorker:
    """One background job per fight position, keyed by the fight's setup and core. The worker
    owns the solutions of the fights it was asked about (an ``OddsSolver``, one job at a time)."""

    def __init__(self, synchronous: bool = False) -> None:
        self.worker = Worker(synchronous=synchronous)
        self.solver = OddsSolver(size=8)
        self.memory: BotMemory | None = None  # the Epicenter's kit odds (bots.guardian)
        self.solving = threading.Lock()

    def _compute(self, fight: Fight) -> FightOdds:
        with self.solving:
            if self.memory is None and fight.setup.epicenter:
                from stalkerzone.bots.memory import BotMemory

                self.memory = BotMemory()
            return compute(fight, self.solver, self.memory)

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
