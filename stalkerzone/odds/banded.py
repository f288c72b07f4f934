"""A direct solver for the banded linear system of one cyclic level (ARCHITECTURE.md ``odds``).

The matrix ``I - q·P`` of a level (``q`` the chance of a harmless monster attack, ``P`` the moves
of monster health) is banded — monster health moves by at most the stalker's top damage or the
regeneration in one round — and strictly diagonally dominant by rows (``q < 1``), so block
Gaussian elimination without pivoting is exact up to rounding and stable. The band is cut into
blocks at least as wide as it, which makes the matrix block tridiagonal; the elimination is
done once per matrix and every right-hand side then costs two sweeps of small products.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.floating[Any]]
SMALLEST_BLOCK = 64  # fewer, larger blocks: fewer numpy calls per solve


class BandedSystem:
    """``matrix · x = rhs`` for one banded, row diagonally dominant ``matrix``, many ``rhs``.

    ``bandwidth``: no entry is further than this from the diagonal.
    """

    def __init__(self, matrix: Array, bandwidth: int) -> None:
        n = len(matrix)
        size = min(n, max(bandwidth, SMALLEST_BLOCK))
        blocks = -(-n // size)
        padded = np.eye(blocks * size)
        padded[:n, :n] = matrix
        self.n, self.size, self.blocks = n, size, blocks

        def block(i: int, j: int) -> Array:
            return padded[i * size : (i + 1) * size, j * size : (j + 1) * size]

        self.upper = [block(i, i + 1) for i in range(blocks - 1)]
        self.inverse: list[Array] = [np.linalg.inv(block(0, 0))]
        self.carry: list[Array] = [np.zeros((size, size))]  # L_i · S_{i-1}^-1
        for i in range(1, blocks):
            carry = block(i, i - 1) @ self.inverse[i - 1]
            schur = block(i, i) - carry @ self.upper[i - 1]
            self.carry.append(carry)
            self.inverse.append(np.linalg.inv(schur))

    def solve(self, rhs: Array) -> Array:
        """The solution for ``rhs`` (one column per right-hand side)."""
        size, blocks = self.size, self.blocks
        padded = np.zeros((blocks * size, rhs.shape[1]))
        padded[: self.n] = rhs
        forward = [padded[:size]]
        for i in range(1, blocks):
            forward.append(padded[i * size : (i + 1) * size] - self.carry[i] @ forward[i - 1])
        x = [np.empty(0)] * blocks
        x[-1] = self.inverse[-1] @ forward[-1]
        for i in range(blocks - 2, -1, -1):
            x[i] = self.inverse[i] @ (forward[i] - self.upper[i] @ x[i + 1])
        return np.concatenate(x)[: self.n]


class LevelSystem:
    """``(I - q·P) x = rhs`` where row ``i`` of ``P`` is attack's or escape's, as chosen.

    One choice (the *base*) is eliminated (:class:`BandedSystem`); another choice that differs
    in ``k`` rows is the base plus a rank-``k`` change, solved exactly by the Woodbury identity
    with one base solve of ``k`` more columns and a ``k × k`` system. After more than
    ``MOST_CHANGED`` differing rows the new choice becomes the base. A matrix of one block is
    inverted instead, and the inverses of the last choices are kept.
    """

    MOST_CHANGED = 32
    KEPT_INVERSES = 16

    def __init__(self, attack_moves: Array, escape_moves: Array, q: float, bandwidth: int) -> None:
        self.attack_moves, self.escape_moves = attack_moves, escape_moves
        self.q, self.bandwidth = q, bandwidth
        self.base_escaping: npt.NDArray[np.bool_] | None = None
        self.base: BandedSystem | None = None
        self.small_inverses: dict[bytes, Array] = {}  # one block: inverse per choice

    def matrix_rows(self, escaping: npt.NDArray[np.bool_], rows: npt.NDArray[np.intp]) -> Array:
        moves = np.where(escaping[rows, None], self.escape_moves[rows], self.attack_moves[rows])
        out: Array = -self.q * moves
        out[np.arange(len(rows)), rows] += 1.0
        return out

    def solve(self, escaping: npt.NDArray[np.bool_], rhs: Array) -> Array:
        """The solution for the choice ``escaping`` (per row: escape, else attack)."""
        if len(escaping) <= SMALLEST_BLOCK:  # one block: the inverse, kept per choice
            key = escaping.tobytes()
            inverse = self.small_inverses.pop(key, None)
            if inverse is None:
                moves = np.where(escaping[:, None], self.escape_moves, self.attack_moves)
                inverse = np.linalg.inv(np.eye(len(escaping)) - self.q * moves)
                if len(self.small_inverses) >= self.KEPT_INVERSES:
                    self.small_inverses.pop(next(iter(self.small_inverses)))
            self.small_inverses[key] = inverse  # the most recent last
            return inverse @ rhs
        changed = (
            np.flatnonzero(escaping != self.base_escaping)
            if self.base_escaping is not None
            else None
        )
        if self.base is None or changed is None or len(changed) > self.MOST_CHANGED:
            everything = np.arange(len(escaping))
            self.base = BandedSystem(self.matrix_rows(escaping, everything), self.bandwidth)
            self.base_escaping = escaping.copy()
            return self.base.solve(rhs)
        if not len(changed):
            return self.base.solve(rhs)
        assert self.base_escaping is not None
        # new matrix = base + E·C, E the unit columns of the changed rows, C their change
        change = self.matrix_rows(escaping, changed) - self.matrix_rows(self.base_escaping, changed)
        units = np.zeros((len(escaping), len(changed)))
        units[changed, np.arange(len(changed))] = 1.0
        both = self.base.solve(np.hstack([rhs, units]))
        y, z = both[:, : rhs.shape[1]], both[:, rhs.shape[1] :]
        small = np.eye(len(changed)) + change @ z
        return y - z @ np.linalg.solve(small, change @ y)
