"""A direct solver for the banded linear system of one cyclic level (docs/architecture.md,
Exact odds).

The matrix ``I - q·P`` of a level (``q`` the chance of a harmless monster attack, ``P`` the moves
of monster health) is banded — monster health falls by at most the stalker's top damage and rises
by at most the regeneration in one round — and strictly diagonally dominant by rows (``q < 1``),
so every elimination below is exact up to rounding and stable without pivoting.

The matrix is cut into diagonal blocks at least as wide as the band (the SPIKE method): each block
couples only to the few edge unknowns of its neighbours. The blocks are inverted together, the
edge unknowns of all blocks form one small *reduced* system, inverted once, and then every
right-hand side costs a handful of whole-array products instead of a sweep over the blocks.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.floating[Any]]
Mask = npt.NDArray[np.bool_]
Index = npt.NDArray[np.intp]
SMALLEST_BLOCK = 64  # fewer, larger blocks: a smaller reduced system
SMALL_PRODUCT = 250_000  # multiply-adds below which OpenBLAS multiplies on one thread


def bandwidths(matrix: Array) -> tuple[int, int]:
    """How far the non-zero entries reach below and above the diagonal."""
    rows, cols = np.nonzero(matrix)
    if not len(rows):
        return 0, 0
    return max(0, int((rows - cols).max())), max(0, int((cols - rows).max()))


def reduced_inverse(lower: Array, upper: Array) -> Array:
    """The inverse of the block tridiagonal ``I + lower·(edges before) + upper·(edges after)``.

    ``lower[i]`` / ``upper[i]`` (``blocks × width × width``) couple the edges of block ``i`` to
    those of blocks ``i - 1`` / ``i + 1``. Block elimination applied to the identity: many small
    products instead of one large inversion.
    """
    blocks, width = len(lower), lower.shape[1]
    n = blocks * width
    inverses: list[Array] = []
    forward: list[Array] = []
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
    rows: list[Array] = [inverses[-1] @ forward[-1]] * blocks
    for i in range(blocks - 2, -1, -1):
        rows[i] = inverses[i] @ (forward[i] - upper[i] @ rows[i + 1])
    return np.vstack(rows)


class BandedSystem:
    """``matrix · x = rhs`` for one banded, row diagonally dominant ``matrix``, many ``rhs``.

    ``below`` / ``above``: no entry is further than this below / above the diagonal. Every
    product stays small: OpenBLAS runs larger ones on several threads, whose waiting costs far
    more than the product on a busy machine.
    """

    def __init__(self, matrix: Array, below: int, above: int) -> None:
        n = self.n = len(matrix)
        width = max(below + above, 1)  # the edge unknowns a block shares with its neighbours
        size = max(SMALLEST_BLOCK, width, round((2 * n * width * width) ** (1 / 3)))
        if size >= n:  # one block: its inverse
            self.inverse: Array | None = np.linalg.inv(matrix)
            return
        self.inverse = None
        blocks = self.blocks = -(-n // size)
        self.size = size
        padded = np.eye(blocks * size)
        padded[:n, :n] = matrix

        def block(i: int, j: int) -> Array:
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

    def solve(self, rhs: Array) -> Array:
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

    def __init__(self, attack_moves: Array, escape_moves: Array, q: float) -> None:
        self.attack_moves, self.escape_moves = attack_moves, escape_moves
        self.q = q
        self.below, self.above = bandwidths((attack_moves != 0) | (escape_moves != 0))
        self.base_escaping: Mask | None = None
        self.base: BandedSystem | None = None
        self.choices: dict[bytes, Correction | None] = {}  # per choice (its bytes)
        self.small_inverses: dict[bytes, Array] = {}  # one block: the inverse per choice
        self.full: tuple[Array, Array] | None = None  # one block: I - q·P for attack, escape
        if len(attack_moves) <= SMALLEST_BLOCK:
            unit = np.eye(len(attack_moves))
            self.full = (unit - q * attack_moves, unit - q * escape_moves)
        self.last_small: tuple[Mask, Array, int] | None = None  # choice, inverse, updates

    def matrix_rows(self, escaping: Mask, rows: Index) -> Array:
        moves = np.where(escaping[rows, None], self.escape_moves[rows], self.attack_moves[rows])
        out: Array = -self.q * moves
        out[np.arange(len(rows)), rows] += 1.0
        return out

    def solve(self, escaping: Mask, rhs: Array) -> Array:
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

    def _small_inverse(self, escaping: Mask) -> Array:
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

    def __init__(self, changed: Index, change: Array, z: Array, below: int, above: int) -> None:
        n = len(z)
        columns = changed[:, None] + np.arange(-below, above + 1)[None, :]
        inside = (columns >= 0) & (columns < n)
        self.columns = np.clip(columns, 0, n - 1)
        self.band = np.where(inside, np.take_along_axis(change, self.columns, axis=1), 0.0)
        self.z = z
        small = np.eye(len(changed)) + self.times_change(z)
        self.small_inverse = np.linalg.inv(small)

    def times_change(self, y: Array) -> Array:
        """``C·y``: per changed row, its band entries times the rows of ``y`` they meet."""
        return np.asarray(np.einsum("kb,kbc->kc", self.band, y[self.columns]))

    def apply(self, y: Array) -> Array:
        return np.asarray(y - self.z @ (self.small_inverse @ self.times_change(y)))
