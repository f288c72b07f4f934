"""Normal-round values on a numpy grid, level by level (docs/architecture.md, Exact odds).

The grid holds, for every stalker health ``s`` (a *level*) and monster health ``m``, the chance
to win, the chance to die and the expected number of rounds from the start of a normal round
(``rounds.NormalRound``); escape is the rest. Stalker health never rises, so level ``s`` needs
only lower levels — and itself when a monster attack can be harmless and there is no drain
(a *cyclic* level). One level is a few vector operations over monster health:

- the monster's reply (or first strike) mixes lower levels with the damage chances: one matrix
  product over a contiguous block of rows;
- the stalker's attack is a convolution with the damage chances (win where the monster's
  health reaches 0, FIGHT-6), a failed escape keeps the monster's health (FIGHT-3); both refer
  to the monster's health after regeneration (ABIL-REGENERATION);
- a cyclic level is the linear system ``(I - q·P) x = c`` of the chosen actions, solved directly
  (``banded.LevelSystem``); ``best`` improves the choices and solves again until no state
  prefers the other action (policy iteration, warm-started from the level below); without
  ABIL-REGENERATION the system is triangular and one sweep solves it, choices included
  (``triangular.TriangularLevel``).

A monster that can never hurt the stalker has one level for every health (``steady``).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from stalkerzone.odds.banded import LevelSystem
from stalkerzone.odds.outcome import TIE
from stalkerzone.odds.rounds import ESCAPE, NormalRound
from stalkerzone.odds.triangular import TriangularLevel, preferred

Array = npt.NDArray[np.float64]
Mask = npt.NDArray[np.bool_]
WIN, DEATH, ROUNDS = 0, 1, 2  # the fields of a value
FIELDS = 3
DENSE_TOP = 128  # up to this monster health a matrix product beats three convolutions


class Improvement:
    """Policy iteration for ``best``: first the chance to come out alive, then the chance to win.

    Stage 1 switches a state to the other action if it is more than ``TIE`` more alive. Once
    none is, each state keeps the actions within ``TIE`` of its best chance to come out alive,
    and stage 2 switches among those to one more than ``TIE`` likelier to win. Each stage only
    improves its own chance, so both end. Last, a state that escapes where attacking is as good
    (within ``TIE`` on both) attacks — ties go to attack, as in ``preferred`` — and the choices
    are final. Not for a never-hurt stalker (``steady``): there attacking "as well" may be
    attacking for ever, so ties keep the choice reached from escaping everywhere.
    """

    def __init__(self, ties_to_attack: bool = True) -> None:
        self.near: tuple[Mask, Mask] | None = None  # stage 2: attack, escape near the best
        self.final = False
        self.ties_to_attack = ties_to_attack

    def switches(self, attack: Array, escape: Array, escaping: Mask) -> Mask:
        """The states that switch action (columns: win, 1 - alive)."""
        chosen = np.where(escaping[:, None], escape, attack)
        other = np.where(escaping[:, None], attack, escape)
        switch: Mask
        if self.final:
            return np.zeros(len(escaping), dtype=bool)
        if self.near is None:
            switch = other[:, DEATH] < chosen[:, DEATH] - TIE
            switch[0] = False
            if switch.any():
                return switch
            least = np.minimum(attack[:, DEATH], escape[:, DEATH])
            self.near = (attack[:, DEATH] <= least + TIE, escape[:, DEATH] <= least + TIE)
        allowed = np.where(escaping, self.near[0], self.near[1])
        switch = allowed & (other[:, WIN] > chosen[:, WIN] + TIE)
        switch[0] = False
        if not switch.any():
            self.final = True
            if self.ties_to_attack:
                switch = escaping & self.near[0] & (attack[:, WIN] >= escape[:, WIN] - TIE)
        return switch


class LevelGrid:
    """Values at the start of a normal round, solved on demand up to a stalker health."""

    def __init__(self, rnd: NormalRound, capacity: int) -> None:
        self.rnd = rnd
        top = self.top = rnd.monster_health
        self.regenerated = np.minimum(np.arange(top + 1) + rnd.regeneration, top)
        self.one_round = np.zeros((top + 1, FIELDS))  # one more round, added to every value
        self.one_round[:, ROUNDS] = 1.0
        top_hit = max(d for d, _ in rnd.stalker_damage)
        self.hit_chance = np.zeros(top_hit + 1)
        for d, p in rnd.stalker_damage:
            self.hit_chance[d] += p
        beyond = np.zeros(max(top_hit, top) + 2)
        beyond[: top_hit + 1] = self.hit_chance
        self.win_part = np.cumsum(beyond[::-1])[::-1][: top + 1]  # Σ_{d >= m} chance(d)
        self.win_part[0] = 0.0
        self.stay = 1.0 - rnd.escape_chance  # a failed escape
        self.hit_matrix: Array | None = None  # small fights: the attack as one matrix product
        if top <= DENSE_TOP:
            gap = np.arange(top + 1)[:, None] - np.arange(top + 1)[None, :]  # damage from j to m
            inside = (gap >= 0) & (gap <= top_hit)
            self.hit_matrix = np.where(inside, self.hit_chance[np.clip(gap, 0, top_hit)], 0.0)
            self.hit_matrix[0] = self.hit_matrix[:, 0] = 0.0  # health 0 is no state
        self.win_add = np.zeros((top + 1, FIELDS))
        self.win_add[:, WIN] = self.win_part
        self.strike_harmless = rnd.harmless_chance  # one monster attack does no damage
        self.harmless = self.strike_harmless if rnd.drain == 0 else 0.0  # stays at this level
        self.escape_allowed = ESCAPE in rnd.actions
        self.attack_allowed = len(rnd.actions) > 1 or not self.escape_allowed
        # the monster's damage (plus drain) as a drop of stalker health, without the in-level 0
        drops = [
            (a + (0 if rnd.first_strike else rnd.drain), p)
            for a, p in rnd.monster_damage
            if a + (0 if rnd.first_strike else rnd.drain) > 0
        ]
        self.deepest = max([rnd.drain, *(drop for drop, _ in drops)]) + 1
        self.drop_weights = np.zeros(self.deepest)  # index: deepest - 1 - drop (rows ascending)
        for drop, p in drops:
            self.drop_weights[self.deepest - 1 - drop] += p
        self.values = self._rows(capacity)
        self.decisions = self._rows(capacity) if rnd.first_strike else self.values
        self.solved = 0
        self.escaping: Mask = np.full(top + 1, self.escape_allowed)  # the last level's choices
        self.system: LevelSystem | None = None  # cyclic levels: I - q·P, built on first use
        self.lift: Array | None = None  # the last level's x in its attack option (``_level``)
        # no regeneration: a cyclic level's moves only lower monster health, one sweep solves it
        self.triangular = rnd.regeneration == 0 and self.hit_matrix is not None
        self.sweep: TriangularLevel | None = None  # made on the first cyclic level
        self.strike_win = self.harmless * self.win_add  # a harmless strike, then a winning attack
        # regeneration that every hit outweighs: ``_split``, from two inverses (made once)
        self.splits = (
            self.hit_matrix is not None
            and not rnd.first_strike
            and 0 < rnd.regeneration <= min(d for d, _ in rnd.stalker_damage)
        )
        self.split_systems: tuple[Array, Array, Array, Array] | None = None

    def _rows(self, capacity: int) -> Array:
        rows = np.zeros((self.deepest + capacity + 1, self.top + 1, FIELDS))
        rows[: self.deepest + 1, :, DEATH] = 1.0  # stalker health 0 and below: death
        return rows

    def row(self, s: int) -> int:
        return s + self.deepest

    def value(self, s: int, m: int) -> tuple[float, float, float, float]:
        """(win, death, endless, rounds) at the start of a normal round at (s, m)."""
        self.solve_to(s)
        win, death, rounds = self.values[self.row(s), m]
        return (float(win), float(death), 0.0, float(rounds))

    def values_at(self, healths: npt.NDArray[np.intp], m: int) -> Array:
        """(win, death, rounds) at the start of a normal round at each (s, m), s in ``healths``."""
        self.solve_to(int(healths.max()))
        return np.asarray(self.values[healths + self.deepest, m])

    def mix(self, parts: list[tuple[int, float]], m: int) -> tuple[float, float, float]:
        """Σ p·(win, death, rounds) at the start of a normal round at (s, m), (s, p) in parts."""
        healths = np.fromiter((s for s, _ in parts), dtype=np.intp, count=len(parts))
        chances = np.fromiter((p for _, p in parts), dtype=np.float64, count=len(parts))
        win, death, rounds = (chances @ self.values_at(healths, m)).tolist()
        return win, death, rounds

    def solve_to(self, s: int) -> None:
        if self.row(s) >= len(self.values):
            grow = max(s, 2 * (len(self.values) - self.deepest))
            self.values = np.concatenate([self.values, self._rows(grow)[self.deepest + 1 :]])
            if self.rnd.first_strike:
                self.decisions = np.concatenate(
                    [self.decisions, self._rows(grow)[self.deepest + 1 :]]
                )
            else:
                self.decisions = self.values
        for level in range(self.solved + 1, s + 1):
            if self.rnd.first_strike:
                self._first_strike_level(level)
            else:
                self._level(level)
            self.solved = level

    # --- vector steps ----------------------------------------------------------------------

    def lower_mix(self, grid: Array, s: int) -> Array:
        """Σ chance(drop)·grid[s - drop] over the monster's damage (and drain), drop > 0."""
        block = grid[self.row(s) - self.deepest + 1 : self.row(s) + 1]
        mixed = self.drop_weights @ block.reshape(self.deepest, -1)
        return np.asarray(mixed.reshape(self.top + 1, FIELDS))

    def attack(self, after: Array) -> Array:
        """The stalker attacks; ``after[j]``: the value once the monster is left at health j."""
        if self.hit_matrix is not None:
            return np.asarray(self.hit_matrix @ after + self.win_add)
        out = self.win_add.copy()
        for f in range(FIELDS):
            out[1:, f] += np.convolve(after[1:, f], self.hit_chance)[: self.top]
        return out

    def regenerate(self, grid: Array) -> Array:
        """``grid`` at each monster health after ABIL-REGENERATION (itself without it)."""
        return grid if self.rnd.regeneration == 0 else grid[self.regenerated]

    def escape(self, after: Array) -> Array:
        """The stalker tries to escape: the fight goes on only if the roll fails (FIGHT-3)."""
        return self.stay * after

    def choose(self, attack: Array, escape: Array) -> tuple[Array, Mask]:
        """The policy's action per state (``best``: ``preferred``) and the value it gives."""
        if not self.escape_allowed:
            return attack, np.zeros(self.top + 1, dtype=bool)
        if not self.attack_allowed:
            return escape, np.ones(self.top + 1, dtype=bool)
        escaping = preferred(escape, attack)
        return np.where(escaping[:, None], escape, attack), escaping

    # --- one level -------------------------------------------------------------------------

    def _level(self, s: int) -> None:
        """The stalker acts first: action, the monster's reply, drain, regeneration."""
        lower = self.regenerate(self.lower_mix(self.values, s))
        attack_now = self.attack(lower)
        if_attack = attack_now + self.one_round
        if_escape = self.escape(lower) + self.one_round if self.escape_allowed else if_attack
        if self.harmless == 0.0:
            value, self.escaping = self.choose(if_attack, if_escape)
        elif self.triangular:
            value, self.escaping, _ = self._sweep().solve(if_attack, if_escape)
        elif (split := self._split(if_attack, if_escape)) is not None:
            (value, self.escaping), self.lift = split, None
        else:
            q, below = self.harmless, self.values[self.row(s - 1)]
            guessed = None
            if self.lift is not None:  # attacking is linear: the level below's part, reused
                guessed = (attack_now + self.lift, self.escape(lower + q * self.regenerate(below)))
            value, self.escaping, options = self._policy_iteration(
                if_attack, if_escape, lambda x: lower + q * self.regenerate(x), below, guessed
            )
            # attack(lower + q·x[regen]) - attack(lower): the part of x in the attack option
            self.lift = None if options is None else options[0] - attack_now
        self.values[self.row(s)] = value
        self.values[self.row(s), 0] = 0.0

    def _first_strike_level(self, s: int) -> None:
        """ABIL-FIRST-STRIKE: the strike, the stalker's action, drain, regeneration."""
        rnd, q, regen = self.rnd, self.strike_harmless, self.regenerated
        struck = self.lower_mix(self.decisions, s)  # strikes that hurt: decisions lower down
        struck += self.one_round
        if rnd.drain > 0:  # the decision after a harmless strike refers to level s - drain
            after = self.values[self.row(s - rnd.drain)][regen]
            decision, self.escaping = self.choose(self.attack(after), self.escape(after))
            self.values[self.row(s)] = struck + q * decision
        elif q == 0.0:  # every strike hurts: the decisions at this level come after it
            self.values[self.row(s)] = struck
            after = struck[regen]
            decision, self.escaping = self.choose(self.attack(after), self.escape(after))
        elif self.triangular:  # a harmless strike: this level's system, triangular
            self.values[self.row(s)], self.escaping, sweep_decision = self._sweep().solve(
                struck + self.strike_win, struck
            )
            assert sweep_decision is not None
            decision = sweep_decision
        else:  # a harmless strike leaves the decision at this level: a linear system
            win_now = np.zeros((self.top + 1, FIELDS))
            win_now[:, WIN] = q * self.win_part
            # a guess of this level's values: the decisions of the level below after the strike
            guess = struck + q * self.decisions[self.row(s - 1)]
            value, self.escaping, options = self._policy_iteration(
                struck + win_now, struck, lambda x: x[regen], guess
            )
            self.values[self.row(s)] = value
            if options is not None:  # the decisions at this level: computed by the last check
                decision = np.where(self.escaping[:, None], options[1], options[0])
            elif self.escape_allowed:
                decision = self.escape(value[regen])
            else:
                decision = self.attack(value[regen])
        self.values[self.row(s), 0] = 0.0
        self.decisions[self.row(s)] = decision
        self.decisions[self.row(s), 0] = 0.0

    def _policy_iteration(
        self,
        if_attack: Array,
        if_escape: Array,
        after: Callable[[Array], Array],
        guess: Array,
        guessed: tuple[Array, Array] | None = None,
    ) -> tuple[Array, Mask, tuple[Array, Array] | None]:
        """Solve ``x = c_a + q·P_a x`` for the chosen actions ``a``; improve the choices.

        ``if_attack`` / ``if_escape``: the constant part per action; ``after(x)`` the values once
        the action is taken (the stalker's options are ``attack(after(x))`` and
        ``escape(after(x))``). The first choices are the ones ``guess`` (the level below) makes
        best (``guessed``: its options, if known); ``Improvement`` switches only states that
        strictly prefer the other action, so the choices stop changing after a few solves. Also
        returned: both options at the solution (``None`` if the policy has one action only).
        """
        escaping = self.escaping.copy()
        if self.escape_allowed and self.attack_allowed:
            if guessed is None:
                guessed_after = after(guess)
                guessed = (self.attack(guessed_after), self.escape(guessed_after))
            escaping[1:] = preferred(guessed[1], guessed[0])[1:]
        improvement = Improvement()
        for _ in range(2 * self.top + 4):
            x = self._banded(if_attack, if_escape, escaping)
            if not (self.escape_allowed and self.attack_allowed):
                return x, escaping, None
            options_after = after(x)
            attack, escape = self.attack(options_after), self.escape(options_after)
            if improvement.near is None:
                # where no state strictly prefers the other action, the stages below would
                # switch nothing either (ties already attack): the choices are final
                wanted = preferred(escape, attack)
                wanted[0] = escaping[0]
                if wanted.tobytes() == escaping.tobytes():
                    return x, escaping, (attack, escape)
            switch = improvement.switches(attack, escape, escaping)
            switch[0] = False
            if not switch.any():
                return x, escaping, (attack, escape)
            escaping = escaping ^ switch  # the last solve has the final choices
        raise RuntimeError("odds: the choices of a level kept changing")  # pragma: no cover

    def _banded(self, if_attack: Array, if_escape: Array, escaping: Mask) -> Array:
        """The values of one choice of actions on a cyclic level: the direct banded solve."""
        constant = np.where(escaping[:, None], if_escape, if_attack)
        x = np.zeros((self.top + 1, FIELDS))
        x[1:] = self._system().solve(escaping[1:], constant[1:])
        return x

    def _split(self, if_attack: Array, if_escape: Array) -> tuple[Array, Mask] | None:
        """A cyclic level with ABIL-REGENERATION where every hit outweighs the regeneration:
        attacking only lowers monster health (a lower triangular system), a failed escape only
        raises it (an upper triangular one). Attacking everywhere, each state's value is final
        as long as every state below it attacks; escaping everywhere, as long as every state
        above it escapes. So a choice "attack up to a health, escape above" is read off the two
        solutions, and where each state's own comparison of them gives such a choice and the
        policy-iteration check accepts it, it is the level's answer (values, choices).
        ``None``: not such a level, or not accepted.
        """
        if self.split_systems is None:
            if not self.splits:
                return None
            top, q = self.top, self.harmless
            pad = np.zeros((4, top + 1, top + 1))  # q·P and (I - q·P)^-1, attack and escape
            for i, moves in enumerate(self._moves()):
                pad[i, 1:, 1:] = q * moves
                pad[2 + i, 1:, 1:] = np.linalg.inv(np.eye(top) - pad[i, 1:, 1:])
            self.split_systems = (pad[0], pad[1], pad[2], pad[3])
        attack_moves, escape_moves, attack_inverse, escape_inverse = self.split_systems
        attack_all = attack_inverse @ if_attack
        if not self.escape_allowed:
            return attack_all, self.escaping
        escape_all = escape_inverse @ if_escape
        escape_all[0] = 0.0
        if not self.attack_allowed:
            return escape_all, self.escaping
        wanted = preferred(escape_all, attack_all)
        wanted[0] = False
        first = int(wanted.argmax()) if wanted.any() else self.top + 1
        if not wanted[first:].all():
            return None
        x = np.where(wanted[:, None], escape_all, attack_all)
        # the one-step options at x: attack(lower + q·x[regen]) and the escape, plus a round
        check = preferred(if_escape + escape_moves @ x, if_attack + attack_moves @ x)
        check[0] = False
        if check.tobytes() != wanted.tobytes():
            return None
        return x, wanted

    def _sweep(self) -> TriangularLevel:
        """The sweep of a cyclic level without regeneration (the same at every level)."""
        if self.sweep is None:
            assert self.hit_matrix is not None
            self.sweep = TriangularLevel(
                self.hit_matrix,
                self.win_add,
                self.harmless,
                self.stay,
                (self.attack_allowed, self.escape_allowed),
                self.rnd.first_strike,
            )
        return self.sweep

    def _system(self) -> LevelSystem:
        """The linear system of a cyclic level (the same at every level: only choices differ)."""
        if self.system is None:
            self.system = LevelSystem(*self._moves(), self.harmless)
        return self.system

    def _moves(self) -> tuple[Array, Array]:
        """A cyclic level's moves of monster health (1..top) by an attack and a failed escape."""
        top, regen = self.top, self.regenerated
        health = np.arange(1, top + 1)
        attack_moves = np.zeros((top, top))
        for d, p in self.rnd.stalker_damage:
            rows = health[health > d]
            attack_moves[rows - 1, regen[rows - d] - 1] += p
        escape_moves = np.zeros((top, top))
        escape_moves[health - 1, regen[health] - 1] = self.stay
        return attack_moves, escape_moves
