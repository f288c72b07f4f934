"""The reference solver: the plain specification of the exact odds (docs/architecture.md,
Exact odds).

A normal round from stalker health ``s`` and monster health ``m`` (``rounds.NormalRound``): the
monster strikes first if it has ABIL-FIRST-STRIKE, the stalker attacks (win if the monster's health
reaches 0, FIGHT-6) or tries to escape (FIGHT-3), the monster replies if it did not strike first
(death at 0), drain (ABIL-DRAIN) and regeneration (ABIL-REGENERATION) end the round. Stalker health
never rises, so the values are solved level by level in increasing ``s``. A level may refer to
itself (a harmless monster attack without drain): each level is solved as one linear system for a
fixed choice of action per monster health (numpy), and ``best`` improves the choices until no state
prefers the other action (policy iteration: first the chance to come out alive, then, among the
actions within ``TIE`` of the best of it, the chance to win; ties go to attack). States that can
never end, or surely end, are found by reachability. Everything before the normal rounds — the
paralysis sequence, round 1 with its event or multi-attack, a fight in progress — is a recursion
over the fight engine's own nodes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from stalkerzone.engine.fight import (
    Core,
    Decision,
    Fight,
    FightSetup,
    Phase,
    chances,
    decide,
    resolve,
)
from stalkerzone.odds.outcome import TIE, Odds, Policy, check_policy, make_odds, prefers
from stalkerzone.odds.rounds import ATTACK, ESCAPE, Action, NormalRound

# The phases as globals: compared in the inner loop, where a global is cheaper than Phase.X.
ACTION = Phase.ACTION
OVER = Phase.OVER
FIRST_STRIKE = Phase.FIRST_STRIKE


@dataclass(frozen=True)
class Outcome:
    """Chances of each ending and the expected number of rounds still to play."""

    win: float = 0.0
    death: float = 0.0
    escape: float = 0.0
    rounds: float = 0.0

    def plus(self, other: Outcome, p: float = 1.0) -> Outcome:
        return Outcome(
            self.win + p * other.win,
            self.death + p * other.death,
            self.escape + p * other.escape,
            self.rounds + p * other.rounds,
        )

    @property
    def alive(self) -> float:
        return self.win + self.escape


WIN, DEATH, ESCAPED, ONE_ROUND = (
    Outcome(win=1.0),
    Outcome(death=1.0),
    Outcome(escape=1.0),
    Outcome(rounds=1.0),
)


@dataclass
class Linear:
    """``known + Σ weight·x[m]``: a value in terms of the unknowns ``x`` of the level solved."""

    known: Outcome = field(default_factory=Outcome)
    weights: dict[int, float] = field(default_factory=dict)

    def add(self, other: Linear, p: float) -> None:
        self.known = self.known.plus(other.known, p)
        for m, w in other.weights.items():
            self.weights[m] = self.weights.get(m, 0.0) + p * w

    def value(self, x: list[Outcome]) -> Outcome:
        total = self.known
        for m, w in self.weights.items():
            total = total.plus(x[m], w)
        return total


class ReferenceSolver:
    """Exact values of one fight set-up under one policy, by the definitions above."""

    def __init__(self, setup: FightSetup, policy: Policy) -> None:
        check_policy(policy)
        self.setup = setup
        self.round = NormalRound.of(setup, policy)
        self.levels: dict[int, list[Outcome]] = {}  # stalker health → value per monster health
        self.decisions: dict[int, list[Outcome]] = {}  # first strike: after the strike, per m
        self.memo: dict[Core, Outcome] = {}

    # --- normal rounds ---------------------------------------------------------------------

    def state(self, s: int, m: int, solving: int) -> Linear:
        """The value at the start of a normal round (an unknown while level ``s`` is solved)."""
        if s <= 0:
            return Linear(DEATH)
        if s == solving:
            return Linear(weights={m: 1.0})
        return Linear(self.level(s)[m])

    def act(self, action: Action, s: int, m: int, solving: int) -> Linear:
        """The stalker's action at (s, m); ``s`` is the health the monster's reply starts from."""
        rnd, total = self.round, Linear()
        if action == ESCAPE:
            total.add(Linear(ESCAPED), rnd.escape_chance)
            total.add(self.after_action(s, m, solving), 1.0 - rnd.escape_chance)
            return total
        for d, p in rnd.stalker_damage:
            total.add(Linear(WIN) if d >= m else self.after_action(s, m - d, solving), p)
        return total

    def after_action(self, s: int, m: int, solving: int) -> Linear:
        """The rest of the round after the action: the reply (unless struck first), drain, regen."""
        rnd, total = self.round, Linear()
        replies = ((0, 1.0),) if rnd.first_strike else rnd.monster_damage
        for a, p in replies:
            total.add(self.state(s - a - rnd.drain, rnd.regenerated(m), solving), p)
        return total

    def round_value(self, s: int, m: int, choice: Action, solving: int) -> Linear:
        """A whole normal round from (s, m), the stalker's action at this level being ``choice``."""
        total = Linear(ONE_ROUND)
        if not self.round.first_strike:
            total.add(self.act(choice, s, m, solving), 1.0)
            return total
        for a, p in self.round.monster_damage:
            if s - a <= 0:
                total.add(Linear(DEATH), p)
            elif s - a == s and self.round.drain == 0:
                total.add(self.act(choice, s, m, solving), p)  # the decision refers to x
            else:
                total.add(Linear(self.decision(s - a)[m]), p)
        return total

    def option(self, s: int, m: int, action: Action, x: list[Outcome]) -> Outcome:
        """What ``best`` compares at (s, m): the round (or, struck first, the decision) value."""
        if self.round.first_strike:
            return self.act(action, s, m, s).value(x)
        return self.round_value(s, m, action, s).value(x)

    def level(self, s: int) -> list[Outcome]:
        """Values at stalker health ``s`` for every monster health (index 0 unused)."""
        if s in self.levels:
            return self.levels[s]
        top = self.round.monster_health
        choice = [ESCAPE if ESCAPE in self.round.actions else ATTACK] * (top + 1)
        near: list[set[Action]] = []  # stage 2: the actions within TIE of the best chance alive
        final = False  # stage 3 done: ties went to attack
        while True:
            rows = [self.round_value(s, m, choice[m], s) for m in range(1, top + 1)]
            x = solve_level(rows)
            if final:
                break
            changed = False
            for m in range(1, top + 1):
                options = {a: self.option(s, m, a, x) for a in self.round.actions}
                for action, o in options.items():
                    current = options[choice[m]]
                    if (not near and o.alive > current.alive + TIE) or (
                        near and action in near[m] and o.win > current.win + TIE
                    ):
                        choice[m], changed = action, True
            if changed:
                continue
            if near:  # stage 3: where attacking is as good as escaping, attack (if it may hurt:
                final = True  # a never-hurt stalker attacking "as well" may attack for ever)
                if self.round.never_hurts:
                    break
                for m in range(1, top + 1):
                    options = {a: self.option(s, m, a, x) for a in self.round.actions}
                    if choice[m] == ESCAPE and ATTACK in near[m]:
                        choice[m] = (
                            ATTACK if options[ATTACK].win >= options[ESCAPE].win - TIE else ESCAPE
                        )
                continue
            near = [set()]
            for m in range(1, top + 1):
                options = {a: self.option(s, m, a, x) for a in self.round.actions}
                most = max(o.alive for o in options.values())
                near.append({a for a, o in options.items() if o.alive >= most - TIE})
        self.levels[s] = x
        if self.round.first_strike and self.round.drain == 0:
            self.decisions[s] = [Outcome()] + [
                max_by_preference([self.act(a, s, m, s).value(x) for a in self.round.actions])
                for m in range(1, top + 1)
            ]
        return x

    def decision(self, s: int) -> list[Outcome]:
        """First strike: the stalker's best action after the strike left it at health ``s``."""
        if s not in self.decisions:
            if self.round.drain == 0:
                self.level(s)  # solving the level records the decisions made at its health
            else:  # after the strike, drain ends the round: the decision refers to lower levels
                self.decisions[s] = [Outcome()] + [
                    max_by_preference([self.act(a, s, m, 0).value([]) for a in self.round.actions])
                    for m in range(1, self.round.monster_health + 1)
                ]
        return self.decisions[s]

    # --- everything before the normal rounds: the engine's own nodes ---------------------------

    def value(self, core: Core) -> Outcome:
        """The value of a fight node; ``rounds`` is the expected number of the final round."""
        setup = self.setup
        if core.phase == OVER:
            ends = {"win": WIN, "death": DEATH, "escape": ESCAPED}[str(core.outcome)]
            return ends.plus(ONE_ROUND, core.round)
        first = setup.monster_first(core.round)
        if core.round >= setup.normal_from and (
            (
                first
                and core.phase == FIRST_STRIKE
                and core.remaining == setup.monster_attacks(core.round)
            )
            or (
                not first
                and core.phase == ACTION
                and core.remaining == setup.stalker_actions(core.round)
            )
        ):
            return self.level(core.stalker_health)[core.monster_health].plus(
                ONE_ROUND, core.round - 1
            )
        key = core._replace(grenades=(), stims=())
        if key not in self.memo:
            if key.phase == ACTION:
                options = [
                    self.value(decide(setup, key, Decision(a), None)) for a in self.round.actions
                ]
                self.memo[key] = max_by_preference(options)
            else:
                total = Outcome()
                for roll, p in chances(setup, key).items():
                    total = total.plus(self.value(resolve(setup, key, roll, None)), p)
                self.memo[key] = total
        return self.memo[key]


def max_by_preference(options: list[Outcome]) -> Outcome:
    """``best``: the first option that no later one is preferred to (ties → the first)."""
    chosen = options[0]
    for o in options[1:]:
        if prefers(o.alive, o.win, chosen.alive, chosen.win):
            chosen = o
    return chosen


def solve_level(rows: list[Linear]) -> list[Outcome]:
    """Solve ``x[m] = rows[m-1]`` exactly; states that can never end get escape = 0, rounds = ∞."""
    n = len(rows)
    weights = np.zeros((n + 1, n + 1))
    known = np.zeros((n + 1, 4))
    for m, row in enumerate(rows, 1):
        for ref, w in row.weights.items():
            weights[m, ref] += w
        k = row.known
        known[m] = (k.win, k.death, k.escape, k.rounds)
    live = reaching(weights, {m for m in range(1, n + 1) if weights[m].sum() < 1.0 - 1e-15})
    cannot_end = set(range(1, n + 1)) - live
    surely_ends = set(range(1, n + 1)) - reaching(weights, cannot_end)
    x = [Outcome(rounds=math.inf)] * (n + 1)
    idx = sorted(live)
    if not idx:
        return x
    ends = np.linalg.solve(np.eye(len(idx)) - weights[np.ix_(idx, idx)], known[idx, :3])
    sure = sorted(surely_ends)
    rounds = dict.fromkeys(idx, math.inf)
    if sure:
        matrix = np.eye(len(sure)) - weights[np.ix_(sure, sure)]
        rounds.update(zip(sure, np.linalg.solve(matrix, known[sure, 3]).tolist(), strict=True))
    for i, m in enumerate(idx):
        win, death, escape = ends[i].tolist()
        if m in surely_ends:  # exactly: no rounding may leave a chance of never ending
            escape = 1.0 - win - death
        x[m] = Outcome(win, death, escape, rounds[m])
    return x


def reaching(weights: npt.NDArray[np.float64], targets: set[int]) -> set[int]:
    """The states from which one of ``targets`` is reachable (through positive weights)."""
    found = set(targets)
    grew = True
    while grew:
        grew = False
        for m in range(1, len(weights)):
            if m not in found and any(weights[m, ref] > 0 for ref in found):
                found.add(m)
                grew = True
    return found


def reference_odds(fight: Fight, policy: Policy = "attack") -> Odds:
    """Exact odds of ``fight`` (fresh or in progress) under ``policy``, by the specification."""
    v = ReferenceSolver(fight.setup, policy).value(fight.core)
    endless = max(0.0, 1.0 - v.win - v.death - v.escape)
    return make_odds(v.win, v.death, endless, v.rounds)
