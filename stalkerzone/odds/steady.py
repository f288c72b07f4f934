"""A monster that can never hurt the stalker (docs/architecture.md, Exact odds): one level for all.

Every monster attack does no damage after the stalker's defence (DMG-2) and there is no drain, so
the stalker's health never changes in normal rounds: the values per monster health solve ``x = c_a
+ P_a x`` for the actions chosen. States from which the fight cannot end (neither a win nor an
escape is reachable) are found by reachability and never end, those from which no such state is
reachable surely end; the rest is a direct linear solve. ``best`` starts from escaping everywhere
(the fight then surely ends if escape can succeed) and improves the choices until no state prefers
the other action.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from stalkerzone.odds.levels import Improvement
from stalkerzone.odds.rounds import ATTACK, ESCAPE, NormalRound

Array = npt.NDArray[np.float64]
Mask = npt.NDArray[np.bool_]
WIN, DEATH, ENDLESS, ROUNDS = 0, 1, 2, 3


class SteadyLevel:
    """Values (win, death = 0, endless, rounds) per monster health of a never-hurt stalker."""

    def __init__(self, rnd: NormalRound) -> None:
        top = self.top = rnd.monster_health
        self.rnd = rnd
        regen = np.minimum(np.arange(top + 1) + rnd.regeneration, top)
        health = np.arange(1, top + 1)
        self.attack_moves = np.zeros((top, top))
        self.attack_wins = np.zeros(top)
        for d, p in rnd.stalker_damage:
            going = health > d
            self.attack_moves[health[going] - 1, regen[health[going] - d] - 1] += p
            self.attack_wins[~going] += p
        self.escape_moves = np.zeros((top, top))
        self.escape_moves[health - 1, regen[health] - 1] = 1.0 - rnd.escape_chance
        escaping = np.full(top, ESCAPE in rnd.actions)
        improvement = Improvement(ties_to_attack=False)
        for _ in range(2 * top + 4):
            values = self.solve(escaping)
            if ATTACK not in rnd.actions or ESCAPE not in rnd.actions:
                break
            attack, escape = self.option(values, False), self.option(values, True)
            switch = improvement.switches(
                np.vstack([[0, 1], attack]),
                np.vstack([[0, 1], escape]),
                np.concatenate([[False], escaping]),
            )[1:]
            if not switch.any():
                break
            escaping = escaping ^ switch
        else:  # pragma: no cover
            raise RuntimeError("odds: the choices of the steady level kept changing")
        self.values = np.vstack([np.zeros(4), values])

    def option(self, values: Array, escaping: bool) -> Array:
        """(win, 1 - alive) of one action everywhere, then the values of ``values``."""
        moves = self.escape_moves if escaping else self.attack_moves
        win = moves @ values[:, WIN] + (0.0 if escaping else self.attack_wins)
        return np.column_stack([win, moves @ values[:, ENDLESS]])

    def solve(self, escaping: Mask) -> Array:
        """The values of one choice of actions (rows: monster health 1..top)."""
        moves = np.where(escaping[:, None], self.escape_moves, self.attack_moves)
        wins = np.where(escaping, 0.0, self.attack_wins)
        escapes = np.where(escaping, self.rnd.escape_chance, 0.0)
        live = self.reaching(moves, wins + escapes > 0.0)
        values = np.zeros((self.top, 4))
        values[:, ENDLESS] = 1.0
        values[:, ROUNDS] = math.inf
        if live.any():
            system = np.eye(int(live.sum())) - moves[np.ix_(live, live)]
            ends = np.linalg.solve(system, np.column_stack([wins[live], escapes[live]]))
            values[live, WIN] = ends[:, 0]
            values[live, ENDLESS] = np.maximum(0.0, 1.0 - ends.sum(axis=1))
            sure = ~self.reaching(moves, ~live)  # no state that cannot end is reachable
            values[sure, ENDLESS] = 0.0
            if sure.any():
                system = np.eye(int(sure.sum())) - moves[np.ix_(sure, sure)]
                values[sure, ROUNDS] = np.linalg.solve(system, np.ones(int(sure.sum())))
        return values

    @staticmethod
    def reaching(moves: Array, exits: Mask) -> Mask:
        """The states from which an exit is reachable through ``moves``."""
        sources, targets = np.nonzero(moves)
        comes_from: list[list[int]] = [[] for _ in range(len(moves))]
        for a, b in zip(sources.tolist(), targets.tolist(), strict=True):
            comes_from[b].append(a)
        found = exits.copy()
        stack: list[int] = np.flatnonzero(exits).tolist()
        while stack:
            for a in comes_from[stack.pop()]:
                if not found[a]:
                    found[a] = True
                    stack.append(a)
        return found

    def value(self, m: int) -> tuple[float, float, float, float]:
        win, death, endless, rounds = self.values[m]
        return (float(win), float(death), float(endless), float(rounds))
