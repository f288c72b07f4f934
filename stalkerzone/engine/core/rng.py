"""The game's random generator, whose whole state is one plain int kept inside the game state.

A splitmix64 generator (Steele, Lea, Flood 2014) dressed as a :class:`random.Random`, so that
``Dice.roll(rng)``, ``rng.shuffle`` and the Zone generator all draw from it. The same state gives
the same draws in every process and on every platform (nothing depends on hash seeds).
"""

from __future__ import annotations

import random
from typing import Any

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def seed_state(seed: int) -> int:
    """The generator state for a game seed (any int, negative and huge ones included)."""
    return _mix(seed & _MASK ^ ((seed >> 64) & _MASK))


class Rng(random.Random):
    """splitmix64 behind the :class:`random.Random` interface; ``state`` is a plain int."""

    state: int

    def __init__(self, state: int = 0) -> None:
        self.state = state & _MASK
        super().__init__(state)

    def seed(self, a: Any = None, version: int = 2) -> None:
        """Set the state directly to ``a`` (an int); the base class calls this on creation."""
        self.state = int(a or 0) & _MASK
        self.gauss_next = None

    def next64(self) -> int:
        """The next 64 random bits."""
        self.state = (self.state + _GAMMA) & _MASK
        return _mix(self.state)

    def getrandbits(self, k: int) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        value, have = 0, 0
        while have < k:
            value = (value << 64) | self.next64()
            have += 64
        return value >> (have - k)

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def getstate(self) -> tuple[Any, ...]:
        return (self.state,)

    def setstate(self, state: tuple[Any, ...]) -> None:
        self.state = int(state[0]) & _MASK
