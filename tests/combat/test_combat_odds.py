"""Exact odds: agreement with a seeded Monte Carlo of the same engine, sums, policies, live odds."""

from __future__ import annotations

import math

import pytest

from stalkerzone.engine.core import (
    Colour,
    Drain,
    FirstStrike,
    IllegalFightAction,
    MultiAttack,
    Paralysis,
    PerColour,
    Regeneration,
)
from stalkerzone.engine.fight import Decision, Fight, Roll
from stalkerzone.odds import Odds, best_decision, decision_odds, odds
from tests.support.base import base_cards
from tests.support.fights import (
    ATTACK,
    ESCAPE,
    agrees,
    fresh,
    monster,
    monte_carlo,
    script,
    stalker,
)

COLOURS = (Colour.GREEN, Colour.YELLOW, Colour.RED)


def close(a: Odds, b: Odds, tol: float = 1e-9) -> bool:
    same_rounds = (math.isinf(a.expected_rounds) and math.isinf(b.expected_rounds)) or abs(
        a.expected_rounds - b.expected_rounds
    ) <= tol * max(1.0, a.expected_rounds)
    return (
        abs(a.win - b.win) <= tol
        and abs(a.death - b.death) <= tol
        and abs(a.escape - b.escape) <= tol
        and same_rounds
    )


def total(o: Odds) -> float:
    return o.win + o.death + o.escape + o.endless


COMBOS = {
    "first+drain+regen": (
        monster(
            FirstStrike(),
            Drain(PerColour.same(1)),
            Regeneration(PerColour(1, 2, 3)),
            health=(10, 20, 30),
        ),
        None,
    ),
    "paralysis+first": (monster(Paralysis(PerColour(1, 2, 3)), FirstStrike()), None),
    "paralysis+drain, max attack": (
        monster(Paralysis(PerColour(1, 2, 3)), Drain(PerColour.same(2))),
        "monster_max_attack",
    ),
    "multi+first, max attack": (
        monster(MultiAttack(PerColour.same(3)), FirstStrike()),
        "monster_max_attack",
    ),
    "multi, monster first": (monster(MultiAttack(PerColour(2, 3, 3))), "monster_attacks_first"),
    "regen, stalker twice": (monster(Regeneration(PerColour(1, 2, 3))), "stalker_attacks_twice"),
    "regen+first, stalker twice": (
        monster(Regeneration(PerColour(2, 2, 4)), FirstStrike()),
        "stalker_attacks_twice",
    ),
    "regen, self-loops": (monster(Regeneration(PerColour(1, 2, 3)), defence=(2, 3, 4)), None),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(COMBOS))
@pytest.mark.parametrize("policy", ["attack", "escape", "best"])
def test_ability_combinations_agree_with_monte_carlo(name: str, policy: str) -> None:
    beast, event = COMBOS[name]
    side = stalker(attack="2d6", defence=2, reputation=4)
    fight = fresh(side, beast, Colour.RED, event=event)
    exact = odds(fight, policy)  # type: ignore[arg-type]
    assert total(exact) == pytest.approx(1.0, abs=1e-12)
    n = 1500
    sampled, _ = monte_carlo(fight, n, policy, seed=sum(map(ord, name)))
    assert not agrees(exact, sampled, n)


@pytest.mark.slow
def test_every_base_monster_and_colour_agrees_with_monte_carlo() -> None:
    cards = base_cards()
    side = stalker(attack="2d6+1", one_die_bonus=3, defence=2, reputation=3)
    problems = []
    for number, beast in enumerate(cards.monsters):
        for colour in COLOURS:
            fight = fresh(side, beast, colour, epicenter=beast.deck == "epicenter")
            exact = odds(fight)
            assert total(exact) == pytest.approx(1.0, abs=1e-12)
            n = 600
            sampled, _ = monte_carlo(fight, n, "attack", seed=number * 3 + colour.value.__len__())
            problems += [f"{beast.id} {colour.value}: {p}" for p in agrees(exact, sampled, n)]
    assert not problems


def test_expected_rounds_agree_with_monte_carlo() -> None:
    beast, _ = COMBOS["first+drain+regen"]
    fight = fresh(stalker(attack="2d6+2", defence=1), beast, Colour.YELLOW)
    exact = odds(fight)
    n = 2000
    _, mean = monte_carlo(fight, n, "attack", seed=5)
    assert abs(mean - exact.expected_rounds) < 0.15


def walk(fight: Fight, depth: int) -> list[Fight]:
    """Fights reachable within ``depth`` steps (a few chance outcomes each)."""
    found = [fight]
    if depth == 0 or fight.is_terminal:
        return found
    if fight.is_chance:
        outcomes = fight.chance_outcomes()
        picks = {outcomes[0][0], outcomes[len(outcomes) // 2][0], outcomes[-1][0]}
        for roll in picks:
            found += walk(fight.apply(roll), depth - 1)
    else:
        for decision in fight.decisions()[:2]:
            found += walk(fight.apply(decision), depth - 1)
    return found


@pytest.mark.slow  # every roll of every ability combination, solved afresh each time
@pytest.mark.parametrize("name", sorted(COMBOS))
def test_live_odds_are_consistent_after_every_roll(name: str) -> None:
    """odds(f) = Σ p·odds(f after outcome) at chance nodes: exact for fights in progress."""
    beast, event = COMBOS[name]
    fight = fresh(stalker(attack="2d6", defence=1, reputation=3), beast, Colour.YELLOW, event=event)
    for state in walk(fight, 5):
        if state.is_terminal:
            continue
        for policy in ("attack", "escape"):
            here = odds(state, policy)
            if state.is_chance:
                parts = [(p, odds(state.apply(r), policy)) for r, p in state.chance_outcomes()]
                mixed = Odds(
                    sum(p * o.win for p, o in parts),
                    sum(p * o.death for p, o in parts),
                    sum(p * o.escape for p, o in parts),
                    sum(p * o.expected_rounds for p, o in parts),
                )
                assert close(here, mixed), (policy, state.core)
            else:
                step = ESCAPE if policy == "escape" and state.setup.can_escape else ATTACK
                assert close(here, odds(state.apply(step), policy))


@pytest.mark.parametrize("name", sorted(COMBOS))
def test_best_is_never_worse_than_attack_or_escape(name: str) -> None:
    beast, event = COMBOS[name]
    for reputation in (2, 4, 6):
        for colour in COLOURS:
            fight = fresh(stalker(reputation=reputation, defence=1), beast, colour, event=event)
            best = odds(fight, "best")
            for other in ("attack", "escape"):
                o = odds(fight, other)
                assert best.alive >= o.alive - 1e-12
            assert total(best) == pytest.approx(1.0, abs=1e-12)


def test_best_decision_and_its_odds() -> None:
    beast, _ = COMBOS["paralysis+first"]
    strong = fresh(stalker(attack="3d6+4", defence=3, reputation=1), beast, Colour.GREEN)
    strong = script(strong, [1, 2])  # no paralysis; the first strike
    assert best_decision(strong) == ATTACK
    weak = fresh(stalker(health=5, attack="1d6", reputation=1), monster(), Colour.RED)
    assert best_decision(weak) == ESCAPE
    assert decision_odds(weak, ESCAPE).escape == pytest.approx(1.0)
    with pytest.raises(IllegalFightAction):
        best_decision(fresh(stalker(), monster(FirstStrike()), Colour.RED))


def test_terminal_and_impossible_fights() -> None:
    won = script(fresh(stalker(), monster(), Colour.GREEN), [ATTACK, 12])
    assert odds(won) == Odds(1.0, 0.0, 0.0, 1.0)
    # neither side can ever hurt the other: the fight never ends under "attack"
    stand_off = fresh(stalker(attack="1d6", defence=6, reputation=3), monster(defence=(6, 6, 6)))
    o = odds(stand_off)
    assert o.endless == pytest.approx(1.0) and math.isinf(o.expected_rounds)
    flee = odds(stand_off, "escape")
    assert flee.escape == pytest.approx(1.0) and flee.expected_rounds == pytest.approx(1.5)
    assert odds(stand_off, "best").escape == pytest.approx(1.0)


def test_invulnerable_stalker_wins_surely() -> None:
    fight = fresh(stalker(attack="1d6", defence=6), monster(Regeneration(PerColour.same(1))))
    o = odds(fight)
    assert o.win == pytest.approx(1.0) and o.death == 0.0 and o.expected_rounds > 1


def test_escape_policy_attacks_in_the_epicenter() -> None:
    fight = fresh(stalker(reputation=0), monster(), Colour.GREEN, epicenter=True)
    assert close(odds(fight, "escape"), odds(fight, "attack"))
    assert odds(fight, "escape").escape == 0.0


def test_grenades_and_stimulators_do_not_change_attack_odds() -> None:
    from tests.support.fights import grenade, stimulator

    plain = fresh(stalker(), monster(), Colour.RED)
    rich = fresh(stalker(grenades=[grenade()], stimulators=[stimulator()]), monster(), Colour.RED)
    assert close(odds(plain), odds(rich))
    with pytest.raises(ValueError):
        odds(plain, "cautious")  # type: ignore[arg-type]


def test_chance_outcomes_sum_to_one() -> None:
    fight = fresh(stalker(), monster(Paralysis(PerColour(1, 2, 3))), Colour.RED)
    for state in walk(fight, 4):
        if state.is_chance:
            assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
            assert all(isinstance(r, Roll) for r, _ in state.chance_outcomes())
    assert Decision("attack") in fresh(stalker(), monster()).decisions()


@pytest.mark.slow  # long fights solved after every roll
@pytest.mark.parametrize(
    "abilities",
    [
        (),
        (FirstStrike(),),
        (Regeneration(PerColour(1, 2, 3)),),
        (FirstStrike(), Drain(PerColour.same(1))),
    ],
)
def test_harmless_monster_attacks_with_escape_are_consistent(abilities: tuple[object, ...]) -> None:
    """The stalker's defence makes the monster's damage often 0 (a cyclic level): escape and best
    must satisfy the one-step recursion at the first decision and after each roll."""
    beast = monster(*abilities, health=(10, 20, 30))  # type: ignore[arg-type]
    fight = fresh(stalker(attack="2d6", defence=3, reputation=3), beast, Colour.YELLOW)
    for state in walk(fight, 4):
        if state.is_terminal:
            continue
        for policy in ("escape", "best"):
            here = odds(state, policy)
            if state.is_chance:
                parts = [(p, odds(state.apply(r), policy)) for r, p in state.chance_outcomes()]
                assert here.death == pytest.approx(sum(p * o.death for p, o in parts), abs=1e-9)
                assert here.win == pytest.approx(sum(p * o.win for p, o in parts), abs=1e-9)
            elif policy == "escape":
                assert close(here, odds(state.apply(ESCAPE), policy))
            else:
                after = [decision_odds(state, d) for d in state.decisions()[:2]]
                assert here.alive == pytest.approx(max(o.alive for o in after), abs=1e-9)


def test_best_decision_escapes_when_attacking_gains_nothing() -> None:
    """FIGHT-4 odds: neither side can finish the other this round and the escape is certain,
    so attacking and escaping tie (alive 100%, win 0%); the advice is to escape, not to take a
    round of damage for nothing."""
    fight = fresh(
        stalker(health=16, attack="2d8+1", defence=1, reputation=0),
        monster(health=(19, 19, 19), attack=("2d6+3",) * 3, defence=(2, 2, 2)),
        Colour.RED,
    )
    attack, escape = decision_odds(fight, ATTACK), decision_odds(fight, ESCAPE)
    assert (attack.win, attack.alive) == (escape.win, escape.alive) == (0.0, 1.0)
    assert best_decision(fight) == ESCAPE
