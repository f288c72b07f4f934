"""Dice formulas (DMG-1, DMG-3, DMG-4): parsed into a value type, never evaluated as code.

The formulas card packs may use are ``NdS``, ``NdS+K``, ``NdS-K`` and ``NdS+MdT+K`` with
``1 <= N <= 20`` and ``S`` in {2, 3, 4, 6, 8, 10, 12, 20} (docs/cards.md). Rolls take a
``random.Random`` from the caller, so every draw comes from the RNG inside the game state.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from random import Random

from stalkerzone.engine.core.frozen_classes import frozen

ALLOWED_SIDES = frozenset({2, 3, 4, 6, 8, 10, 12, 20})
MAX_DICE = 20

_FORMULA = (  # compiled by ``re`` on first use: a cached card load parses no formula
    r"^\s*(?P<n>\d{1,5})\s*d\s*(?P<s>\d{1,3})"
    r"(?:\s*\+\s*(?P<m>\d{1,5})\s*d\s*(?P<t>\d{1,3}))?"
    r"(?:\s*(?P<sign>[+-])\s*(?P<k>\d{1,4}))?\s*$"
)


class DiceError(ValueError):
    """A dice formula that the card format (docs/cards.md) does not allow (DMG-4)."""


@frozen
class Throw:
    """One roll as it lies on the table (DMG-4): each die's face, the formula's flat
    ``modifier`` and "+k to one die" (``one_die``, added to the highest die)."""

    faces: tuple[int, ...]
    modifier: int = 0
    one_die: int = 0

    @property
    def total(self) -> int:
        """The rolled total; never below 0, however large a negative modifier."""
        return max(0, sum(self.faces) + self.modifier + self.one_die)


@frozen
class Dice:
    """A dice formula: groups of ``count`` dice with ``sides`` sides plus a flat ``bonus``."""

    groups: tuple[tuple[int, int], ...]
    bonus: int = 0

    @classmethod
    def parse(cls, text: str) -> Dice:
        """Parse a formula such as ``2d6+1`` (DMG-4); raise :class:`DiceError` if it is not one."""
        if not isinstance(text, str):
            raise DiceError(f"a dice formula must be text such as '2d6+1', not {text!r}")
        match = re.match(_FORMULA, text, re.IGNORECASE)
        if match is None:
            raise DiceError(
                f"'{text}' is not a dice formula: use NdS, NdS+K, NdS-K or NdS+MdT+K (e.g. '2d6+1')"
            )
        groups = [(int(match["n"]), int(match["s"]))]
        if match["m"] is not None:
            groups.append((int(match["m"]), int(match["t"])))
        for count, sides in groups:
            if not 1 <= count <= MAX_DICE:
                raise DiceError(f"'{text}': the number of dice must be 1..{MAX_DICE}, not {count}")
            if sides not in ALLOWED_SIDES:
                allowed = ", ".join(str(s) for s in sorted(ALLOWED_SIDES))
                raise DiceError(f"'{text}': dice have {allowed} sides, not {sides}")
        bonus = int(match["k"] or 0) * (-1 if match["sign"] == "-" else 1)
        return cls(tuple(groups), bonus)

    def __str__(self) -> str:
        text = "+".join(f"{count}d{sides}" for count, sides in self.groups)
        if self.bonus:
            text += f"{self.bonus:+d}"
        return text

    @property
    def dice_count(self) -> int:
        """How many dice are rolled."""
        return sum(count for count, _ in self.groups)

    def plus(self, bonus: int) -> Dice:
        """The same dice with ``bonus`` more added (character, modifier or artifact bonuses)."""
        return Dice(self.groups, self.bonus + bonus) if bonus else self

    def minimum(self, one_die_bonus: int = 0) -> int:
        """The smallest possible damage before defence."""
        return max(0, self.dice_count + self.bonus + one_die_bonus)

    def maximum(self, one_die_bonus: int = 0) -> int:
        """Damage when every die shows its highest face (DMG-3, "maximum attack")."""
        top = sum(count * sides for count, sides in self.groups)
        return max(0, top + self.bonus + one_die_bonus)

    @property
    def sides(self) -> tuple[int, ...]:
        """The sides of every die, one entry per die, in the order they are rolled."""
        return tuple(sides for count, sides in self.groups for _ in range(count))

    def throw(self, rng: Random, one_die_bonus: int = 0) -> Throw:
        """Roll the formula with ``rng`` and keep every die's face (DMG-4): what the table sees.

        The draws are the very ones :meth:`roll` makes, so recording faces changes no game.
        """
        faces = tuple(rng.randint(1, sides) for count, sides in self.groups for _ in range(count))
        return Throw(faces, self.bonus, one_die_bonus)

    def highest(self, one_die_bonus: int = 0) -> Throw:
        """Every die at its highest face (DMG-3, "maximum attack"), nothing drawn."""
        return Throw(self.sides, self.bonus, one_die_bonus)

    def roll(self, rng: Random, one_die_bonus: int = 0) -> int:
        """Roll the formula with ``rng``; "+k to one die" adds k to the highest die (DMG-4).

        Damage is never negative, however large a negative bonus.
        """
        return self.throw(rng, one_die_bonus).total

    def counts(self, one_die_bonus: int = 0) -> Mapping[int, int]:
        """Exact number of equally likely face combinations giving each damage value."""
        return _counts(self.groups, self.bonus + one_die_bonus)

    def distribution(self, one_die_bonus: int = 0) -> Mapping[int, float]:
        """Exact probability of each damage value (sums to 1)."""
        return _distribution(self.groups, self.bonus + one_die_bonus)

    def mean(self, one_die_bonus: int = 0) -> float:
        """Expected damage before defence."""
        return sum(value * p for value, p in self.distribution(one_die_bonus).items())


@cache
def _counts(groups: tuple[tuple[int, int], ...], flat: int) -> Mapping[int, int]:
    ways: dict[int, int] = {0: 1}
    for count, sides in groups:
        for _ in range(count):
            step: dict[int, int] = {}
            for total, n in ways.items():
                for face in range(1, sides + 1):
                    step[total + face] = step.get(total + face, 0) + n
            ways = step
    result: dict[int, int] = {}
    for total, n in ways.items():
        value = max(0, total + flat)
        result[value] = result.get(value, 0) + n
    return dict(sorted(result.items()))


@cache
def _distribution(groups: tuple[tuple[int, int], ...], flat: int) -> Mapping[int, float]:
    counts = _counts(groups, flat)
    total = sum(counts.values())
    return {value: n / total for value, n in counts.items()}


FISTS = Dice(((1, 6),))
"""EQ-9: a stalker without a weapon attacks with fists, 1d6."""
