"""The odds solver's level grid as it was before the triangular sweep (baseline for the bench).

A copy of ``stalkerzone/odds/levels.py`` and ``banded.py`` at commit ccc386e: numpy policy
iteration on every cyclic level, banded / Woodbury solves. ``bench_odds.py`` times it against the
package's solver in the same run (the package does not use it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from stalkerzone.odds.outcome import TIE
from stalkerzone.odds.rounds import ESCAPE, NormalRound

Floats = npt.NDArray[np.floating[Any]]
Index = npt.NDArray[np.intp]
Array = npt.NDArray[np.float64]
Mask = npt.NDArray[np.bool_]
WIN, DEATH, ROUNDS = 0, 1, 2  # the fields of a value
FIELDS = 3
DENSE_TOP = 128  # up to this monster health a matrix product beats three convolutions


def preferred(new: Array, old: Array) -> Mask:
    """Per state, ``best`` prefers ``new`` to ``old``: more alive (1 - death), ties → more wins."""
    gain = old[:, DEATH] - new[:, DEATH]
    return (gain > TIE) | ((gain >= -TIE) & (new[:, WIN] > old[:, WIN] + TIE))


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
        self.harmless = rnd.harmless_chance if rnd.drain == 0 else 0.0  # stays at this level
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
        if_attack, if_escape = attack_now + self.one_round, self.escape(lower) + self.one_round
        if self.harmless == 0.0:
            value, self.escaping = self.choose(if_attack, if_escape)
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
        rnd, q, regen = self.rnd, self.rnd.harmless_chance, self.regenerated
        struck = self.lower_mix(self.decisions, s)  # strikes that hurt: decisions lower down
        struck[:, ROUNDS] += 1.0
        if rnd.drain > 0:  # the decision after a harmless strike refers to level s - drain
            after = self.values[self.row(s - rnd.drain)][regen]
            decision, self.escaping = self.choose(self.attack(after), self.escape(after))
            self.values[self.row(s)] = struck + q * decision
        elif q == 0.0:  # every strike hurts: the decisions at this level come after it
            self.values[self.row(s)] = struck
            after = struck[regen]
            decision, self.escaping = self.choose(self.attack(after), self.escape(after))
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
            constant = np.where(escaping[:, None], if_escape, if_attack)
            x = np.zeros((self.top + 1, FIELDS))
            x[1:] = self._system().solve(escaping[1:], constant[1:])
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

    def _system(self) -> LevelSystem:
        """The linear system of a cyclic level (the same at every level: only choices differ)."""
        if self.system is None:
            top, regen = self.top, self.regenerated
            health = np.arange(1, top + 1)
            attack_moves = np.zeros((top, top))
            for d, p in self.rnd.stalker_damage:
                rows = health[health > d]
                attack_moves[rows - 1, regen[rows - d] - 1] += p
            escape_moves = np.zeros((top, top))
            escape_moves[health - 1, regen[health] - 1] = self.stay
            self.system = LevelSystem(attack_moves, escape_moves, self.harmless)
        return self.system


SMALLEST_BLOCK = 64  # fewer, larger blocks: a smaller reduced system
SMALL_PRODUCT = 250_000  # multiply-adds below which OpenBLAS multiplies on one thread


def bandwidths(matrix: Floats) -> tuple[int, int]:
    """How far the non-zero entries reach below and above the diagonal."""
    rows, cols = np.nonzero(matrix)
    if not len(rows):
        return 0, 0
    return max(0, int((rows - cols).max())), max(0, int((cols - rows).max()))


def reduced_inverse(lower: Floats, upper: Floats) -> Floats:
    """The inverse of the block tridiagonal ``I + lower·(edges before) + upper·(edges after)``.

    ``lower[i]`` / ``upper[i]`` (``blocks × width × width``) couple the edges of block ``i`` to
    those of blocks ``i - 1`` / ``i + 1``. Block elimination applied to the identity: many small
    products instead of one large inversion.
    """
    blocks, width = len(lower), lower.shape[1]
    n = blocks * width
    inverses: list[Floats] = []
    forward: list[Floats] = []
    pivot = np.eye(width)
    for i in range(blocks):
        unit = np.zeros((width, n))
        unit[:, i * width : (i + 1) * width] = np.eye(width)
        if i:
            carry = lower[i] @ inverses[-1]
            pivot = np.eye(width) - carry @ upper[i - 1]
            unit -= carry @ forward[-1]
        inverses.append(np.linalg.inv(pivot))
        forward.append(unit)
    rows: list[Floats] = [inverses[-1] @ forward[-1]] * blocks
    for i in range(blocks - 2, -1, -1):
        rows[i] = inverses[i] @ (forward[i] - upper[i] @ rows[i + 1])
    return np.vstack(rows)


class BandedSystem:
    """``matrix · x = rhs`` for one banded, row diagonally dominant ``matrix``, many ``rhs``.

    ``below`` / ``above``: no entry is further than this below / above the diagonal. Every
    product stays small: OpenBLAS runs larger ones on several threads, whose waiting costs far
    more than the product on a busy machine.
    """

    def __init__(self, matrix: Floats, below: int, above: int) -> None:
        n = self.n = len(matrix)
        width = max(below + above, 1)  # the edge unknowns a block shares with its neighbours
        size = max(SMALLEST_BLOCK, width, round((2 * n * width * width) ** (1 / 3)))
        if size >= n:  # one block: its inverse
            self.inverse: Floats | None = np.linalg.inv(matrix)
            return
        self.inverse = None
        blocks = self.blocks = -(-n // size)
        self.size = size
        padded = np.eye(blocks * size)
        padded[:n, :n] = matrix

        def block(i: int, j: int) -> Floats:
            return padded[i * size : (i + 1) * size, j * size : (j + 1) * size]

        inverses = np.linalg.inv(np.stack([block(i, i) for i in range(blocks)]))
        # the couplings: to the first ``above`` unknowns of the next block and the last
        # ``below`` of the previous one
        coupling = np.zeros((blocks, size, width))
        for i in range(blocks):
            if i + 1 < blocks and above:
                coupling[i, :, :above] = block(i, i + 1)[:, :above]
            if i > 0 and below:
                coupling[i, :, above:] = block(i, i - 1)[:, size - below :]
        # the products below run with the right-hand sides as rows (faster for few of them)
        self.inverses_t = np.ascontiguousarray(inverses.transpose(0, 2, 1))
        spikes = inverses @ coupling  # x_i = g_i - spikes_i · (edges of the neighbours)
        self.spikes_t = np.ascontiguousarray(spikes.transpose(0, 2, 1))
        # edge unknowns of block j: its first ``above`` and last ``below`` rows
        edge_rows = np.concatenate([np.arange(above), np.arange(size - below, size)])
        self.edge_rows = edge_rows.astype(np.intp)
        # the neighbours' edges block i needs, as positions in the stacked edges
        wanted = np.full((blocks, width), blocks * width, dtype=np.intp)  # none: a zero
        for i in range(blocks):
            if i + 1 < blocks:
                wanted[i, :above] = (i + 1) * width + np.arange(above)
            if i > 0:
                wanted[i, above:] = (i - 1) * width + above + np.arange(below)
        self.wanted = wanted
        # edges = select(g) - select(spikes) · (the neighbours' edges): block tridiagonal
        picked = spikes[:, edge_rows, :]  # (blocks, width, width)
        lower, upper = np.zeros_like(picked), np.zeros_like(picked)
        upper[:, :, :above] = picked[:, :, :above]  # the next block's first rows
        lower[:, :, width - below :] = picked[:, :, above:]  # the previous block's last rows
        self.reduced_t = np.ascontiguousarray(reduced_inverse(lower, upper).T)
        reduced = len(self.reduced_t)
        self.chunk = max(1, SMALL_PRODUCT // (reduced * reduced))  # columns per reduced product

    def solve(self, rhs: Floats) -> Floats:
        """The solution for ``rhs`` (one column per right-hand side)."""
        if self.inverse is not None:
            return self.inverse @ rhs
        size, blocks, columns = self.size, self.blocks, rhs.shape[1]
        flat = np.zeros((columns, blocks * size))
        flat[:, : self.n] = rhs.T
        rows = np.ascontiguousarray(flat.reshape(columns, blocks, size).transpose(1, 0, 2))
        g = rows @ self.inverses_t  # (blocks, columns, size)
        edges = g[:, :, self.edge_rows].transpose(1, 0, 2).reshape(columns, -1)
        solved = np.zeros((columns, len(self.reduced_t) + 1))  # the last: the missing edge
        for start in range(0, columns, self.chunk):
            part = slice(start, start + self.chunk)
            solved[part, :-1] = edges[part] @ self.reduced_t
        neighbours = solved[:, self.wanted].transpose(1, 0, 2)  # (blocks, columns, width)
        x = g - neighbours @ self.spikes_t
        return x.transpose(1, 0, 2).reshape(columns, blocks * size)[:, : self.n].T


class LevelSystem:
    """``(I - q·P) x = rhs`` where row ``i`` of ``P`` is attack's or escape's, as chosen.

    One choice (the *base*) is eliminated (:class:`BandedSystem`); another choice that differs
    in ``k`` rows is the base plus a rank-``k`` change, solved exactly by the Woodbury identity:
    the base's solutions for the ``k`` changed rows and the ``k × k`` system are kept per choice
    (the same choice returns level after level), so a solve is one base solve and two small
    products. After more than ``MOST_CHANGED`` differing rows the new choice becomes the base.
    A matrix of one block is inverted instead (or the last inverse updated, the same identity),
    and the inverses of the last choices are kept.
    """

    MOST_CHANGED = 48
    KEPT_CHOICES = 16
    MOST_UPDATED = 6  # one block: rows changed for which the last inverse is updated
    MOST_CHAINED = 16  # one block: updates in a row before a fresh inversion

    def __init__(self, attack_moves: Floats, escape_moves: Floats, q: float) -> None:
        self.attack_moves, self.escape_moves = attack_moves, escape_moves
        self.q = q
        self.below, self.above = bandwidths((attack_moves != 0) | (escape_moves != 0))
        self.base_escaping: Mask | None = None
        self.base: BandedSystem | None = None
        self.choices: dict[bytes, Correction | None] = {}  # per choice (its bytes)
        self.small_inverses: dict[bytes, Floats] = {}  # one block: the inverse per choice
        self.full: tuple[Floats, Floats] | None = None  # one block: I - q·P for attack, escape
        if len(attack_moves) <= SMALLEST_BLOCK:
            unit = np.eye(len(attack_moves))
            self.full = (unit - q * attack_moves, unit - q * escape_moves)
        self.last_small: tuple[Mask, Floats, int] | None = None  # choice, inverse, updates

    def matrix_rows(self, escaping: Mask, rows: Index) -> Floats:
        moves = np.where(escaping[rows, None], self.escape_moves[rows], self.attack_moves[rows])
        out: Floats = -self.q * moves
        out[np.arange(len(rows)), rows] += 1.0
        return out

    def solve(self, escaping: Mask, rhs: Floats) -> Floats:
        """The solution for the choice ``escaping`` (per row: escape, else attack)."""
        key = escaping.tobytes()
        if self.full is not None:  # one block: the inverse, kept per choice
            inverse = self.small_inverses.pop(key, None)
            if inverse is None:
                inverse = self._small_inverse(escaping)
                if len(self.small_inverses) >= self.KEPT_CHOICES:
                    self.small_inverses.pop(next(iter(self.small_inverses)))
            self.small_inverses[key] = inverse  # the most recent last
            return inverse @ rhs
        if key not in self.choices:
            self._prepare(escaping, key)
        correction = self.choices.pop(key)
        self.choices[key] = correction  # the most recent last
        assert self.base is not None
        y = self.base.solve(rhs)
        return y if correction is None else correction.apply(y)

    def _small_inverse(self, escaping: Mask) -> Floats:
        """The inverse of a one-block matrix: the last inverse updated (Woodbury) if the choice
        differs from the last one in at most ``MOST_UPDATED`` rows, else a fresh inversion.

        With ``E`` the unit columns of the ``k`` changed rows and ``C`` their change:
        ``(A + E·C)^-1 = A^-1 - A^-1·E·(I + C·A^-1·E)^-1·C·A^-1`` — products of ``n × k``
        matrices instead of an ``n × n`` inversion. After ``MOST_CHAINED`` updates in a row
        the inverse is computed afresh, so rounding cannot build up.
        """
        assert self.full is not None
        attack, escape = self.full
        last = self.last_small
        if last is not None and last[2] < self.MOST_CHAINED:
            last_escaping, last_inverse, chained = last
            changed = np.flatnonzero(escaping != last_escaping)
            if len(changed) <= self.MOST_UPDATED:
                sign = np.where(escaping[changed], 1.0, -1.0)[:, None]
                change = sign * (escape[changed] - attack[changed])  # k × n
                left = last_inverse[:, changed]  # A^-1·E
                right = change @ last_inverse  # C·A^-1
                small = np.eye(len(changed)) + right[:, changed]  # I + C·A^-1·E
                if len(changed) == 1:
                    inverse = np.asarray(last_inverse - left @ (right / small[0, 0]))
                else:
                    inverse = np.asarray(last_inverse - left @ np.linalg.solve(small, right))
                self.last_small = (escaping.copy(), inverse, chained + 1)
                return inverse
        inverse = np.asarray(np.linalg.inv(np.where(escaping[:, None], escape, attack)))
        self.last_small = (escaping.copy(), inverse, 0)
        return inverse

    def _prepare(self, escaping: Mask, key: bytes) -> None:
        changed = (
            np.flatnonzero(escaping != self.base_escaping)
            if self.base_escaping is not None
            else None
        )
        if self.base is None or changed is None or len(changed) > self.MOST_CHANGED:
            everything = np.arange(len(escaping))
            matrix = self.matrix_rows(escaping, everything)
            self.base = BandedSystem(matrix, self.below, self.above)
            self.base_escaping = escaping.copy()
            self.choices.clear()
            self.choices[key] = None
            return
        if len(self.choices) >= self.KEPT_CHOICES:
            self.choices.pop(next(iter(self.choices)))
        if not len(changed):
            self.choices[key] = None
            return
        assert self.base_escaping is not None
        # new matrix = base + E·C, E the unit columns of the changed rows, C their change
        change = self.matrix_rows(escaping, changed) - self.matrix_rows(self.base_escaping, changed)
        units = np.zeros((len(escaping), len(changed)))
        units[changed, np.arange(len(changed))] = 1.0
        self.choices[key] = Correction(
            changed, change, self.base.solve(units), self.below, self.above
        )


class Correction:
    """The Woodbury identity for a base ``A`` changed by ``E·C`` (``C``: the new minus the old
    rows ``changed``): ``(A + E·C)^-1 b = y - z·(I + C·z)^-1·C·y`` with ``y = A^-1 b`` and
    ``z = A^-1 E``. The rows of ``C`` are banded, so ``C·`` gathers a few entries per row."""

    def __init__(self, changed: Index, change: Floats, z: Floats, below: int, above: int) -> None:
        n = len(z)
        columns = changed[:, None] + np.arange(-below, above + 1)[None, :]
        inside = (columns >= 0) & (columns < n)
        self.columns = np.clip(columns, 0, n - 1)
        self.band = np.where(inside, np.take_along_axis(change, self.columns, axis=1), 0.0)
        self.z = z
        small = np.eye(len(changed)) + self.times_change(z)
        self.small_inverse = np.linalg.inv(small)

    def times_change(self, y: Floats) -> Floats:
        """``C·y``: per changed row, its band entries times the rows of ``y`` they meet."""
        return np.asarray(np.einsum("kb,kbc->kc", self.band, y[self.columns]))

    def apply(self, y: Floats) -> Floats:
        return np.asarray(y - self.z @ (self.small_inverse @ self.times_change(y)))
