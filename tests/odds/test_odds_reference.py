"""The fast solver agrees with the reference solver (the specification) on random small fights."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stalkerzone.engine.cards import Colour
from stalkerzone.engine.combat import FIGHT_EVENTS, Fight, MonsterSide, StalkerSide, start_fight
from stalkerzone.engine.dice import Dice
from stalkerzone.odds import Odds, odds
from stalkerzone.odds.outcome import Policy
from stalkerzone.odds.reference import reference_odds
from tests.support.fights import monster, stalker

DICE = ["1d6", "2d6", "1d6+2", "2d6+2", "3d6", "1d3", "1d4+1", "2d6-2", "1d6+1d4"]


def same(a: Odds, b: Odds, tol: float = 1e-9) -> bool:
    rounds = (math.isinf(a.expected_rounds) and math.isinf(b.expected_rounds)) or abs(
        a.expected_rounds - b.expected_rounds
    ) <= tol * max(1.0, abs(b.expected_rounds))
    return rounds and all(
        abs(getattr(a, f) - getattr(b, f)) <= tol for f in ("win", "death", "escape", "endless")
    )


monsters = st.builds(
    lambda health, attack, defence, drain, rolls, first, regen, multi, rounds: MonsterSide(
        "Beast",
        Colour.RED,
        health,
        Dice.parse(attack),
        defence,
        drain=drain,
        paralysis_rolls=rolls,
        first_strike=first,
        regeneration=regen,
        multi_attacks=multi,
        multi_rounds=frozenset(rounds),
    ),
    st.integers(1, 14),
    st.sampled_from(DICE),
    st.integers(0, 5),
    st.sampled_from([0, 0, 1, 2]),
    st.sampled_from([0, 0, 1, 2, 3]),
    st.booleans(),
    st.sampled_from([0, 0, 1, 2, 3, 5]),
    st.sampled_from([1, 1, 2, 3]),
    st.sets(st.integers(1, 3), max_size=2),
)
stalkers = st.builds(
    lambda health, attack, bonus, defence, reputation, escape_bonus: StalkerSide(
        health,
        health,
        Dice.parse(attack),
        one_die_bonus=bonus,
        defence=defence,
        reputation=reputation,
        escape_bonus=escape_bonus,
    ),
    st.integers(1, 16),
    st.sampled_from(DICE),
    st.sampled_from([0, 0, 1, 3]),
    st.integers(0, 9),
    st.integers(0, 7),
    st.sampled_from([0, 0, 1]),
)
policies = st.sampled_from(["attack", "escape", "best"])


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(stalkers, monsters, st.sampled_from([None, *FIGHT_EVENTS]), st.booleans(), policies)
def test_fast_solver_agrees_with_the_reference(
    side: StalkerSide, beast: MonsterSide, event: str | None, epicenter: bool, policy: Policy
) -> None:
    fight = start_fight(side, beast, event=event, epicenter=epicenter)
    assert same(odds(fight, policy), reference_odds(fight, policy))


def play(fight: Fight, choices: list[int]) -> Fight:
    """Walk into a fight in progress: each number picks a chance outcome or a decision."""
    for pick in choices:
        if fight.is_terminal:
            break
        moves = [r for r, _ in fight.chance_outcomes()] if fight.is_chance else fight.decisions()
        fight = fight.apply(moves[pick % len(moves)])
    return fight


@pytest.mark.slow
@settings(max_examples=120, deadline=None)
@given(stalkers, monsters, st.lists(st.integers(0, 50), max_size=8), policies)
def test_fights_in_progress_agree_with_the_reference(
    side: StalkerSide, beast: MonsterSide, choices: list[int], policy: Policy
) -> None:
    fight = play(start_fight(side, beast, event="stalker_attacks_twice"), choices)
    assert same(odds(fight, policy), reference_odds(fight, policy))


def test_the_reference_on_hand_checked_fights() -> None:
    # one round decides: 1d6 against health 1 and no defence always wins in round 1
    sure = reference_odds(start_fight(stalker(health=5, attack="1d6"), monster(health=(1, 1, 1))))
    assert same(sure, Odds(1.0, 0.0, 0.0, 1.0), tol=1e-12)
    # escape only, no damage either way: FIGHT-3 with 1d6 >= 4 is 1/2 per round, 2 rounds expected
    stand_off = start_fight(
        stalker(attack="1d6", defence=6, reputation=4), monster(defence=(6, 6, 6))
    )
    fled = reference_odds(stand_off, "escape")
    assert abs(fled.escape - 1.0) < 1e-12 and abs(fled.expected_rounds - 2.0) < 1e-12
    never = reference_odds(stand_off, "attack")
    assert never.endless == 1.0 and math.isinf(never.expected_rounds)
