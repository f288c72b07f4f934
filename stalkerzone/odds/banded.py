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
SMALLEST_BLOCK = 32  # fewer, larger blocks: fewer numpy calls per solve


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
