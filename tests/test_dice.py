"""Dice formulas (DMG-1, DMG-3, DMG-4): parsing, exact distributions, seeded rolls."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stalkerzone.engine.core import ALLOWED_SIDES, FISTS, Dice, DiceError
from stalkerzone.engine.core.dice import MAX_DICE

VALID = {
    "1d6": (((1, 6),), 0),
    "2d6": (((2, 6),), 0),
    "2d6+1": (((2, 6),), 1),
    "3d6-2": (((3, 6),), -2),
    "1d6+1d4+2": (((1, 6), (1, 4)), 2),
    "20d20": (((20, 20),), 0),
    " 2D6 + 3 ": (((2, 6),), 3),
    "1d2": (((1, 2),), 0),
}

INVALID = [
    "",
    "d6",
    "d0",
    "0d6",
    "21d6",
    "1000d6",
    "1d7",
    "1d0",
    "1d100",
    "2d6+",
    "2d6*2",
    "2d6+__import__('os')",
    "__import__('os').system('echo')",
    "2d6+1d6+1d6",
    "six",
    "2d6 1",
    "1d6+1d0",
]


@pytest.mark.parametrize("text", sorted(VALID))
def test_parse_valid(text: str) -> None:
    dice = Dice.parse(text)
    assert (dice.groups, dice.bonus) == VALID[text]
    assert Dice.parse(str(dice)) == dice


@pytest.mark.parametrize("text", INVALID)
def test_parse_invalid(text: str) -> None:
    with pytest.raises(DiceError):
        Dice.parse(text)


@pytest.mark.parametrize("value", [6, None, 2.5, ["2d6"]])
def test_parse_rejects_non_text(value: object) -> None:
    with pytest.raises(DiceError, match="must be text"):
        Dice.parse(value)  # type: ignore[arg-type]


def test_str_round_trip() -> None:
    assert str(Dice.parse("2d6+1")) == "2d6+1"
    assert str(Dice.parse("3d6-2")) == "3d6-2"
    assert str(Dice.parse("1d6+1d4")) == "1d6+1d4"
    assert str(FISTS) == "1d6"  # EQ-9


def _enumerate(dice: Dice, one_die_bonus: int = 0) -> Counter[int]:
    """Every equally likely face combination, by brute force (itertools.product)."""
    faces = [range(1, sides + 1) for count, sides in dice.groups for _ in range(count)]
    return Counter(
        max(0, sum(combo) + dice.bonus + one_die_bonus) for combo in itertools.product(*faces)
    )


SMALL = ["1d6", "2d6", "2d6+1", "3d6-2", "1d6+1d4+2", "2d4-9", "1d20", "3d3", "2d8+1d2-1"]


@pytest.mark.parametrize("text", SMALL)
@pytest.mark.parametrize("one_die_bonus", [0, 3])
def test_distribution_matches_exhaustive_enumeration(text: str, one_die_bonus: int) -> None:
    dice = Dice.parse(text)
    brute = _enumerate(dice, one_die_bonus)
    total = sum(brute.values())
    assert dict(dice.counts(one_die_bonus)) == dict(brute)
    distribution = dice.distribution(one_die_bonus)
    assert sum(distribution.values()) == pytest.approx(1.0)
    for value, ways in brute.items():
        assert distribution[value] == pytest.approx(float(Fraction(ways, total)))
    assert dice.mean(one_die_bonus) == pytest.approx(sum(v * n for v, n in brute.items()) / total)


@settings(max_examples=30, deadline=None)
@given(
    count=st.integers(1, MAX_DICE),
    sides=st.sampled_from(sorted(ALLOWED_SIDES)),
    bonus=st.integers(-10, 10),
)
def test_distribution_sums_to_one_and_spans_min_to_max(count: int, sides: int, bonus: int) -> None:
    dice = Dice(((count, sides),), bonus)
    distribution = dice.distribution()
    assert sum(distribution.values()) == pytest.approx(1.0)
    assert all(p > 0 for p in distribution.values())
    assert min(distribution) == dice.minimum()
    assert max(distribution) == dice.maximum()
    assert sum(dice.counts().values()) == sides**count


def test_damage_is_never_negative() -> None:
    dice = Dice.parse("1d6-5")
    assert min(dice.distribution()) == 0
    assert dice.distribution()[0] == pytest.approx(5 / 6)
    assert all(dice.roll(Random(seed)) >= 0 for seed in range(50))


def test_rolls_are_reproducible_from_a_seed() -> None:
    dice = Dice.parse("2d6+1d4+1")
    first = [dice.roll(Random(42)) for _ in range(3)]
    rng_a, rng_b = Random(7), Random(7)
    a = [dice.roll(rng_a, one_die_bonus=2) for _ in range(100)]
    b = [dice.roll(rng_b, one_die_bonus=2) for _ in range(100)]
    assert a == b
    assert len(set(first)) == 1
    assert a != [dice.roll(Random(8), one_die_bonus=2) for _ in range(100)]


def test_rolls_stay_in_range_and_follow_the_distribution() -> None:
    dice = Dice.parse("2d6")
    rng = Random(2026)
    rolls = Counter(dice.roll(rng) for _ in range(20_000))
    assert set(rolls) <= set(dice.distribution())
    for value, p in dice.distribution().items():
        assert rolls[value] / 20_000 == pytest.approx(p, abs=0.015)


def test_maximum_attack_every_die_shows_its_top_face() -> None:
    """DMG-3: maximum attack = every die at its highest face (plus flat bonuses)."""
    assert Dice.parse("2d6").maximum() == 12
    assert Dice.parse("3d6+2").maximum() == 20
    assert Dice.parse("1d6+1d4-1").maximum() == 9
    assert Dice.parse("2d6").maximum(one_die_bonus=6) == 18
    assert Dice.parse("1d4-9").maximum() == 0


def test_one_die_bonus_adds_to_the_total_once() -> None:
    """DMG-4 / EQ-4: three Berdan mods (+1, +2, +3) add +6 to one die, not to every die."""
    rifle = Dice.parse("2d6")
    with_mods = rifle.distribution(one_die_bonus=6)
    assert min(with_mods) == 2 + 6 and max(with_mods) == 12 + 6
    assert with_mods[8] == pytest.approx(1 / 36)
    assert rifle.minimum(one_die_bonus=6) == 8
    assert rifle.mean(one_die_bonus=6) == pytest.approx(rifle.mean() + 6)
    rolls = [rifle.roll(Random(s), one_die_bonus=6) for s in range(200)]
    assert min(rolls) >= 8 and max(rolls) <= 18


def test_plus_adds_a_flat_bonus() -> None:
    dice = Dice.parse("2d6")
    assert dice.plus(0) is dice
    assert dice.plus(2) == Dice.parse("2d6+2")
    assert dice.plus(2).plus(-2) == dice
    assert dice.dice_count == 2 and Dice.parse("1d6+2d4").dice_count == 3
