"""Exact fight odds (docs/architecture.md, Exact odds): win, death, escape, expected rounds.

Policies: ``attack`` (attack every round, no grenades or stimulators), ``escape`` (try to escape
every round where FIGHT-4 allows it, else attack) and ``best`` (per state, the action among
attack and escape that maximises the chance to come out alive — win or escape — ties going to
the higher chance to win). ``best`` does not spend grenades or stimulators (they outlive the fight).
``reference.py`` is the plain specification; this solver gives the same numbers, fast:

- From round ``setup.normal_from`` on every round is alike: ``levels.LevelGrid`` solves them
  level by level over stalker health with numpy, a cyclic level without regeneration by one
  sweep (``triangular``), others by a direct banded solve (``banded``), ``best`` by policy
  iteration; ``steady`` if the monster can never hurt. ``small.SmallGrid`` is the same grid in
  plain Python, which an ``OddsSolver`` takes for its first fights while numpy is not imported
  (numpy is imported on first use only).
- Everything before that (the paralysis sequence, a special round 1, a fight in progress
  mid-round) is finite and acyclic: memoised recursion on the fight engine's own chance nodes,
  the paralysis opening followed as a spread of stalker health and consecutive monster attacks
  summed into one volley. Tests check ``odds(f) = Σ p·odds(f after roll)`` at every chance node
  and the agreement with the reference on random fights.

``expected_rounds`` is the expected number of the round in which the fight ends (round 1
includes the opening paralysis sequence), infinite if the fight may never end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Protocol

from stalkerzone.engine.core import IllegalFightAction, damage_distribution
from stalkerzone.engine.fight import (
    Core,
    Decision,
    Fight,
    FightSetup,
    Outcome,
    Phase,
    attack_round,
    chances,
    decide,
    monster_attacks_done,
    monster_dist,
    paralysis_chance,
    resolve,
    round_start,
)
from stalkerzone.odds.outcome import Odds, Policy, check_policy, make_odds, prefers
from stalkerzone.odds.rounds import NormalRound
from stalkerzone.odds.small import SmallGrid

# The phases as globals: compared in the inner loop, where a global is cheaper than Phase.X.
ACTION = Phase.ACTION
OVER = Phase.OVER
PARALYSIS_ATTACK = Phase.PARALYSIS_ATTACK
PARALYSIS_ROLL = Phase.PARALYSIS_ROLL
MONSTER_ATTACK = Phase.MONSTER_ATTACK
FIRST_STRIKE = Phase.FIRST_STRIKE


if TYPE_CHECKING:
    from stalkerzone.odds.steady import SteadyLevel

__all__ = [
    "FightSolver",
    "OddsSolver",
    "best_decision",
    "decision_odds",
    "odds",
]


class Value(NamedTuple):
    """Win, death and never-ending chances (escape is the rest), expected final round number."""

    win: float
    death: float
    endless: float
    rounds: float

    def better_than(self, other: Value) -> bool:
        """``best`` prefers this: more alive, ties → more wins."""
        return prefers(
            1.0 - self.death - self.endless, self.win, 1.0 - other.death - other.endless, other.win
        )


def mix(parts: list[tuple[float, Value]]) -> Value:
    """Σ p·value."""
    return Value(
        sum(p * v.win for p, v in parts),
        sum(p * v.death for p, v in parts),
        sum(p * v.endless for p, v in parts),
        sum(p * v.rounds for p, v in parts),
    )


class Grid(Protocol):
    """Normal-round values per stalker and monster health, solved on demand (``levels``)."""

    def value(self, s: int, m: int) -> tuple[float, float, float, float]:
        """(win, death, endless, rounds) at the start of a normal round at (s, m)."""
        ...

    def mix(self, parts: list[tuple[int, float]], m: int) -> tuple[float, float, float]:
        """Σ p·(win, death, rounds) at the start of a normal round at (s, m), (s, p) in parts."""
        ...


class FightSolver:
    """Memoised exact values of one fight set-up under one policy; ``plain``: on the plain
    Python grid (``small``) where it supports the fight, else on the numpy one (``levels``)."""

    def __init__(self, setup: FightSetup, policy: Policy, plain: bool = False) -> None:
        check_policy(policy)
        self.setup = setup
        self.policy = policy
        self.plain = plain
        self.round = NormalRound.of(setup, policy)
        self.steady: SteadyLevel | None = None
        self.grid: Grid | None = None
        if self.round.never_hurts:
            from stalkerzone.odds.steady import SteadyLevel  # numpy: imported on first use

            self.steady = SteadyLevel(self.round)
        else:
            self.grid = self.level_grid(max(setup.stalker.max_health, setup.stalker.health))
        self.memo: dict[Core, Value] = {}
        self.volleys: dict[tuple[bool, int], dict[int, float]] = {}

    def level_grid(self, capacity: int) -> Grid:
        """The normal rounds' values up to stalker health ``capacity`` (solved on demand)."""
        if self.plain and SmallGrid.supports(self.round):
            return SmallGrid(self.round)
        from stalkerzone.odds.levels import LevelGrid  # numpy: imported on first use

        return LevelGrid(self.round, capacity)

    def normal(self, s: int, m: int) -> Value:
        """The value at the start of a normal round (rounds counted from it, inclusive)."""
        if self.steady is not None:
            return Value(*self.steady.value(m))
        assert self.grid is not None
        return Value(*self.grid.value(s, m))

    def at_round_start(self, core: Core) -> bool:
        setup, r = self.setup, core.round
        if setup.monster_first(r):
            return core.phase == FIRST_STRIKE and core.remaining == setup.monster_attacks(r)
        return core.phase == ACTION and core.remaining == setup.stalker_actions(r)

    def decisions(self) -> list[Decision]:
        return [Decision(action) for action in self.round.actions]

    def total(self, core: Core) -> Value:
        """The value of a fight node; ``rounds`` is the expected number of the final round."""
        if core.phase == OVER:
            return Value(
                float(core.outcome == "win"), float(core.outcome == "death"), 0.0, float(core.round)
            )
        if core.round >= self.setup.normal_from and self.at_round_start(core):
            v = self.normal(core.stalker_health, core.monster_health)
            return v._replace(rounds=v.rounds + core.round - 1)
        key = core._replace(grenades=(), stims=())
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        if key.phase in (PARALYSIS_ROLL, PARALYSIS_ATTACK):
            value = self.paralysis(key)
        elif key.phase == MONSTER_ATTACK and key.round + 1 >= self.setup.normal_from:
            value = self.last_volley(key)
        elif key.phase == ACTION:
            value = self.choose(
                [self.total(decide(self.setup, key, d, None)) for d in self.decisions()]
            )
        else:
            value = mix([(p, self.total(nxt)) for nxt, p in self.next_nodes(key).items()])
        self.memo[key] = value
        return value

    @staticmethod
    def choose(options: list[Value]) -> Value:
        chosen = options[0]
        for v in options[1:]:
            if v.better_than(chosen):
                chosen = v
        return chosen

    def next_nodes(self, core: Core) -> dict[Core, float]:
        """The nodes after a chance node, merged; consecutive monster attacks as one volley."""
        setup, merged = self.setup, dict[Core, float]()
        if core.phase in (FIRST_STRIKE, MONSTER_ATTACK) and core.remaining > 1:
            # ABIL-MULTI-ATTACK: health only falls, so the sum of the damage decides
            for damage, p in self.volley(core.round, core.remaining).items():
                if core.stalker_health - damage <= 0:
                    nxt = core._replace(
                        stalker_health=0, phase=OVER, outcome=Outcome.DEATH, remaining=0
                    )
                else:
                    nxt = monster_attacks_done(
                        setup,
                        core._replace(stalker_health=core.stalker_health - damage, remaining=1),
                        None,
                    )
                merged[nxt] = merged.get(nxt, 0.0) + p
            return merged
        for roll, p in chances(setup, core).items():
            nxt = resolve(setup, core, roll, None)
            merged[nxt] = merged.get(nxt, 0.0) + p
        return merged

    def paralysis(self, core: Core) -> Value:
        """ABIL-PARALYSIS: the opening sequence only moves stalker health; follow its spread.

        Same steps as the engine (``combat.resolve``): a roll, on success an attack (two for a
        one-roll monster), another roll while rolls are left; a failure or the last attack
        leads to round 1 proper. Death during the sequence ends the fight in round 1.
        """
        setup = self.setup
        success = paralysis_chance(setup)
        hits = damage_distribution(monster_dist(setup, attack_round(core)), setup.stalker.defence)
        one_roll = setup.monster.paralysis_rolls == 1
        spread: dict[int, float] = {core.stalker_health: 1.0}
        ends: dict[int, float] = {}
        death = 0.0
        phase, left, second_attack = core.phase, core.remaining, core.second_attack_due
        while spread:
            if phase == PARALYSIS_ROLL:
                for s, w in spread.items():
                    ends[s] = ends.get(s, 0.0) + w * (1.0 - success)
                spread = {s: w * success for s, w in spread.items()} if success else {}
                phase, left, second_attack = PARALYSIS_ATTACK, left - 1, one_roll
                continue
            after: dict[int, float] = {}
            for s, w in spread.items():
                for a, p in hits:
                    if s - a <= 0:
                        death += w * p
                    else:
                        after[s - a] = after.get(s - a, 0.0) + w * p
            spread = after
            if second_attack:
                second_attack = False
            elif left > 0:
                phase = PARALYSIS_ROLL
            else:
                for s, w in spread.items():
                    ends[s] = ends.get(s, 0.0) + w
                spread = {}
        opening = core._replace(phase=ACTION, remaining=0, second_attack_due=False)
        parts = [(death, Value(0.0, 1.0, 0.0, float(core.round)))]
        for s, w in ends.items():
            parts.append(
                (
                    w,
                    self.total(
                        round_start(setup, opening._replace(stalker_health=s), None, announce=False)
                    ),
                )
            )
        return mix(parts)

    def last_volley(self, core: Core) -> Value:
        """The monster's attack(s) after the stalker, drain, regeneration, then a normal round."""
        mon = self.setup.monster
        m = min(mon.health, core.monster_health + mon.regeneration)
        dead, alive = 0.0, list[tuple[int, float]]()
        for damage, p in self.volley(core.round, core.remaining).items():
            s = core.stalker_health - damage - mon.drain  # the drain is never negative
            if s > 0:
                alive.append((s, p))
            else:
                dead += p
        if not alive:
            return Value(0.0, dead, 0.0, float(core.round))
        if self.steady is not None:  # the same values at every stalker health
            v, total = Value(*self.steady.value(m)), sum(p for _, p in alive)
            win, death, endless, rounds = (total * part for part in v)
        else:
            assert self.grid is not None
            win, death, rounds = self.grid.mix(alive, m)
            endless = 0.0
        return Value(win, dead + death, endless, rounds + core.round)

    def volley(self, round_no: int, count: int) -> dict[int, float]:
        """Total damage of ``count`` monster attacks this round (DMG-2 on each)."""
        key = (self.setup.max_attack(round_no), count)
        if key not in self.volleys:
            one = damage_distribution(
                monster_dist(self.setup, round_no), self.setup.stalker.defence
            )
            total: dict[int, float] = {0: 1.0}
            for _ in range(count):
                step: dict[int, float] = {}
                for a, pa in total.items():
                    for b, pb in one:
                        step[a + b] = step.get(a + b, 0.0) + pa * pb
                total = step
            self.volleys[key] = total
        return self.volleys[key]


class OddsSolver:
    """Exact odds that keep the solutions of the most recent fight set-ups (bounded, oldest out).

    The owner decides the lifetime: a fight screen holds one for the fights it shows (it asks
    again after every roll of the same fight), a bot for its game. ``size`` bounds the number
    of (set-up, policy) solutions kept; ``clear`` drops them all.

    ``plain_states``: how many (stalker health × monster health) states this owner may solve
    on the plain Python grid (``small``) instead of numpy's. The plain grid is several times
    slower per fight, but it needs no numpy import, which costs about ``PLAIN_STATES`` states of
    it: a one-shot command (``stalkerzone odds``) asks for that many and solves a base fight
    without importing numpy. Owners that solve many fights (bots, the fight screen) keep the
    default 0: numpy's grid every time. The choice depends on the owner's own history only,
    never on what else the process has imported, so a game's odds are the same in any process.
    """

    PLAIN_STATES = 12_000  # (stalker health × monster health) states ≈ the numpy import

    def __init__(self, size: int = 64, plain_states: int = 0) -> None:
        self.size = size
        self.solvers: dict[tuple[FightSetup, str], FightSolver] = {}
        self.plain_states = plain_states  # left to solve on the plain grid

    def _plain(self, setup: FightSetup) -> int:
        """The states to solve ``setup`` on the plain grid, 0 if numpy's should."""
        states = max(setup.stalker.max_health, setup.stalker.health) * (setup.monster.health + 1)
        return states if states <= self.plain_states else 0

    def solver(self, setup: FightSetup, policy: Policy) -> FightSolver:
        """The memoised solver of ``setup`` under ``policy`` (made on first use)."""
        key = (setup, policy)
        solver = self.solvers.pop(key, None)
        if solver is None:
            check_policy(policy)
            if len(self.solvers) >= self.size:
                self.solvers.pop(next(iter(self.solvers)))
            states = self._plain(setup)
            solver = FightSolver(setup, policy, plain=states > 0)
            if isinstance(solver.grid, SmallGrid):
                self.plain_states -= states
        self.solvers[key] = solver  # most recent last
        return solver

    def clear(self) -> None:
        self.solvers.clear()

    def odds(self, fight: Fight, policy: Policy = "attack") -> Odds:
        """Exact odds of ``fight`` (fresh or in progress) under ``policy``."""
        check_policy(policy)
        return _to_odds(self.solver(fight.setup, policy).total(fight.core))

    def decision_odds(self, fight: Fight, decision: Decision) -> Odds:
        """Exact odds of taking ``decision`` now and playing ``best`` afterwards."""
        solver = self.solver(fight.setup, "best")
        return _to_odds(solver.total(decide(fight.setup, fight.core, decision, None)))

    def best_decision(self, fight: Fight) -> Decision:
        """The decision of the ``best`` policy now: more alive, then more wins (FIGHT-4); on a
        tie, escape (attacking then gains nothing and costs health, e.g. when neither side can
        finish the other this round and the escape is certain)."""
        if fight.is_terminal or fight.is_chance:
            raise IllegalFightAction(
                "FIGHT-2: the fight is not waiting for a decision", key="not_deciding"
            )
        solver = self.solver(fight.setup, "best")
        best = Decision("attack")
        value = solver.total(decide(fight.setup, fight.core, best, None))
        for decision in solver.decisions()[1:]:
            v = solver.total(decide(fight.setup, fight.core, decision, None))
            tie = decision.action == "escape" and not value.better_than(v)
            if tie or v.better_than(value):
                best, value = decision, v
        return best


def _to_odds(v: Value) -> Odds:
    return make_odds(v.win, v.death, v.endless, v.rounds)


# The function API: one call, one solve, unless the caller passes the ``OddsSolver`` it owns.


def odds(fight: Fight, policy: Policy = "attack", solver: OddsSolver | None = None) -> Odds:
    """Exact odds of ``fight`` (fresh or in progress) under ``policy``."""
    return (solver or OddsSolver(size=1)).odds(fight, policy)


def decision_odds(fight: Fight, decision: Decision, solver: OddsSolver | None = None) -> Odds:
    """Exact odds of taking ``decision`` now and playing ``best`` afterwards."""
    return (solver or OddsSolver(size=1)).decision_odds(fight, decision)


def best_decision(fight: Fight, solver: OddsSolver | None = None) -> Decision:
    """The decision of the ``best`` policy now (attack or escape; ties → escape)."""
    return (solver or OddsSolver(size=1)).best_decision(fight)
