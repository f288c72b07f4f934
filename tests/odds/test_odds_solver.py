"""The direct solve of cyclic levels (``odds.banded``), the owned solution cache (``OddsSolver``)
and complete answers on the large and cyclic fights the card schema allows (ABIL-FIRST-STRIKE,
ABIL-REGENERATION, ABIL-DRAIN, DMG-2: a hit the defence absorbs keeps the stalker's health)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from stalkerzone.client.screens.fight.odds_worker import OddsWorker
from stalkerzone.engine.core import Colour, Dice
from stalkerzone.engine.fight import MonsterSide, StalkerSide, start_fight
from stalkerzone.odds import Odds, OddsSolver, best_decision, decision_odds, odds
from stalkerzone.odds.banded import BandedSystem, LevelSystem, bandwidths
from stalkerzone.odds.levels import LevelGrid
from stalkerzone.odds.outcome import Policy
from stalkerzone.odds.reference import reference_odds
from stalkerzone.odds.rounds import NormalRound
from tests.odds.test_odds_reference import same

Array = npt.NDArray[np.float64]


def banded_matrix(rng: np.random.Generator, n: int, below: int, above: int) -> Array:
    """A row diagonally dominant matrix ``I - q·P`` with ``P`` substochastic inside the band."""
    moves = np.zeros((n, n))
    for offset in range(-below, above + 1):
        diagonal = np.diagonal(moves, offset)
        np.fill_diagonal(moves[max(0, -offset) :, max(0, offset) :], rng.random(len(diagonal)))
    moves /= moves.sum(axis=1, keepdims=True)
    return np.eye(n) - 0.97 * moves


@pytest.mark.parametrize(
    ("n", "below", "above", "columns"),
    [
        (30, 4, 1, 3),
        (64, 2, 2, 1),
        (65, 12, 3, 3),
        (200, 19, 0, 3),
        (700, 15, 3, 60),
        (600, 40, 5, 3),
    ],
)
def test_the_banded_solve_is_exact(n: int, below: int, above: int, columns: int) -> None:
    rng = np.random.default_rng(n + below)
    matrix = banded_matrix(rng, n, below, above)
    assert bandwidths(matrix) == (below, above)
    rhs = rng.random((n, columns))
    x = BandedSystem(matrix, below, above).solve(rhs)
    assert np.abs(x - np.linalg.solve(matrix, rhs)).max() < 1e-12


@pytest.mark.slow
@pytest.mark.parametrize("n", [40, 300])
def test_a_changed_choice_of_actions_is_solved_exactly(n: int) -> None:
    """Woodbury corrections on the base (kept per choice), rebuilt bases, repeated choices."""
    rng = np.random.default_rng(n)
    attack = np.eye(n) - banded_matrix(rng, n, 14, 3)
    escape = np.zeros((n, n))
    escape[np.arange(n), np.minimum(np.arange(n) + 3, n - 1)] = 0.5
    system = LevelSystem(attack / 0.97, escape, 0.6)
    escaping = np.zeros(n, dtype=bool)
    choices = []
    for flips in (0, 1, 5, 0, 40, 200, 2, 0):
        escaping = escaping.copy()
        escaping[rng.choice(n, size=min(flips, n), replace=False)] ^= True
        choices.append(escaping)
    for escaping in [*choices, choices[2], choices[0]]:
        moves = np.where(escaping[:, None], escape, attack / 0.97)
        rhs = rng.random((n, 3))
        exact = np.linalg.solve(np.eye(n) - 0.6 * moves, rhs)
        assert np.abs(system.solve(escaping, rhs) - exact).max() < 1e-12
    assert len(system.choices) <= LevelSystem.KEPT_CHOICES


def test_a_one_block_inverse_updated_many_times_stays_exact() -> None:
    """A small level's inverse follows choices a few rows apart (Woodbury updates in a row,
    refreshed after ``MOST_CHAINED``) and stays exact."""
    n = 34
    rng = np.random.default_rng(7)
    attack = (np.eye(n) - banded_matrix(rng, n, 11, 0)) / 0.97
    escape = np.zeros((n, n))
    escape[np.arange(n), np.arange(n)] = 0.7
    system = LevelSystem(attack, escape, 0.16)
    escaping = np.zeros(n, dtype=bool)
    for step in range(3 * LevelSystem.MOST_CHAINED):
        escaping = escaping.copy()
        flips = 1 + step % (LevelSystem.MOST_UPDATED + 2)  # updates and fresh inversions
        escaping[rng.choice(n, size=flips, replace=False)] ^= True
        rhs = rng.random((n, 3))
        moves = np.where(escaping[:, None], escape, attack)
        exact = np.linalg.solve(np.eye(n) - 0.16 * moves, rhs)
        assert np.abs(system.solve(escaping, rhs) - exact).max() < 1e-12
    assert len(system.small_inverses) <= LevelSystem.KEPT_CHOICES


def hero(health: int, defence: int, attack: str = "2d6+3", reputation: int = 4) -> StalkerSide:
    return StalkerSide(health, health, Dice.parse(attack), defence=defence, reputation=reputation)


def beast(health: int, *, attack: str = "3d6+2", **abilities: Any) -> MonsterSide:
    return MonsterSide("Beast", Colour.RED, health, Dice.parse(attack), 3, **abilities)


def complete(o: Odds) -> bool:
    """Every chance is a number in [0, 1], they sum to 1, rounds are infinite only if endless."""
    chances = (o.win, o.death, o.escape, o.endless)
    return (
        all(0.0 <= c <= 1.0 for c in chances)
        and abs(sum(chances) - 1.0) < 1e-12
        and (math.isinf(o.expected_rounds) == (o.endless > 0.0))
        and not math.isnan(o.expected_rounds)
    )


def test_the_cyclic_level_that_used_to_hit_the_sweep_cap() -> None:
    """A first-striking regenerating monster against a stalker whose defence absorbs some hits:
    every level refers to itself. Solved directly: a complete answer, and the value of the
    fresh fight is the chance-weighted value after its first roll."""
    fight = start_fight(hero(92, 10), beast(120, first_strike=True, regeneration=3))
    assert NormalRound.of(fight.setup, "best").cyclic
    solver = OddsSolver()
    for policy in ("attack", "escape", "best"):
        now = solver.odds(fight, policy)
        assert complete(now)
        after = [(p, solver.odds(fight.apply(roll), policy)) for roll, p in fight.chance_outcomes()]
        assert abs(sum(p * o.win for p, o in after) - now.win) < 1e-12
        assert abs(sum(p * o.death for p, o in after) - now.death) < 1e-12


@pytest.mark.parametrize(
    ("abilities", "policy"),
    [
        ({"first_strike": True, "regeneration": 3}, "best"),
        ({"regeneration": 2}, "attack"),
        ({"first_strike": True, "drain": 1}, "escape"),
    ],
)
def test_cyclic_levels_of_many_blocks_agree_with_the_reference(
    abilities: dict[str, Any], policy: Policy
) -> None:
    """Monster health 72: more than one block of the banded solve (ABIL-REGENERATION moves
    monster health up, absorbed hits keep the stalker's)."""
    fight = start_fight(hero(5, 10, "4d6+6", 1), beast(72, attack="2d6+1", **abilities))
    assert same(odds(fight, policy), reference_odds(fight, policy))


@pytest.mark.parametrize(
    "abilities",
    [
        {"first_strike": True, "regeneration": 3, "paralysis_rolls": 3, "multi_attacks": 3},
        {"regeneration": 3, "drain": 1, "multi_rounds": frozenset({1}), "multi_attacks": 2},
    ],
)
def test_large_fights_give_complete_answers(abilities: dict[str, Any]) -> None:
    fight = start_fight(hero(300, 10), beast(300, **abilities), event="stalker_attacks_twice")
    for policy in ("attack", "escape", "best"):
        assert complete(odds(fight, policy))


def test_the_solver_object_keeps_its_solutions_bounded() -> None:
    solver = OddsSolver(size=2)
    fights = [start_fight(hero(h, 5), beast(25)) for h in (10, 11, 12)]
    for fight in fights:
        for policy in ("attack", "best"):
            assert same(solver.odds(fight, policy), odds(fight, policy))
            assert len(solver.solvers) <= 2
    solver.clear()
    assert not solver.solvers


def test_the_function_api_and_the_solver_object_agree() -> None:
    solver = OddsSolver()
    fight = start_fight(hero(20, 5), beast(25, regeneration=1))
    while fight.is_chance:
        fight = fight.apply(fight.chance_outcomes()[0][0])
    assert best_decision(fight) == solver.best_decision(fight)
    for decision in fight.decisions():
        assert same(decision_odds(fight, decision), solver.decision_odds(fight, decision))
    assert len(solver.solvers) == 1  # one solution of the set-up served every question


def test_the_grid_answers_many_stalker_healths_at_once() -> None:
    fight = start_fight(hero(30, 5), beast(40, regeneration=2, first_strike=True))
    grid = LevelGrid(NormalRound.of(fight.setup, "best"), 30)
    healths = np.array([3, 17, 30], dtype=np.intp)
    values = grid.values_at(healths, 12)
    for s, row in zip(healths.tolist(), values, strict=True):
        win, death, _, rounds = grid.value(s, 12)
        assert (win, death, rounds) == tuple(row.tolist())


def test_live_odds_are_solved_off_the_frame() -> None:
    """The fight screen's worker answers at once (nothing while it solves) and owns one solver
    for the set-ups it was asked about: a later position of the same fight reuses the solution."""
    worker = OddsWorker()
    fight = start_fight(hero(300, 10), beast(300, first_strike=True, regeneration=3))
    assert worker.get(fight) is None  # a solve of many cyclic levels is still running
    assert same(worker.wait(fight).best, odds(fight, "best"))
    later = fight.apply(fight.chance_outcomes()[0][0])
    assert same(worker.wait(later).best, odds(later, "best"))
    assert len(worker.solver.solvers) == 1


def test_odds_paralysis_attacks_are_rolled_even_with_the_maximum_attack_event() -> None:
    """ABIL-PARALYSIS, DMG-3: the paralysis sequence comes before round 1, so the "maximum
    attack" event spares its attacks (the reading changed these odds: before it, both attacks
    of a green Gorynych were maximal and this stalker died for sure). A sure paralysis and two
    1d6 attacks kill 12 health only on double six; then the stalker's round-1 attack wins."""
    side = StalkerSide(12, 12, Dice.parse("1d6+20"))
    gorynych = MonsterSide(
        "Gorynych",
        Colour.GREEN,
        1,
        Dice.parse("1d6"),
        0,
        paralysis_rolls=1,
        paralysis_faces=frozenset(range(1, 7)),
    )
    fight = start_fight(side, gorynych, event="monster_max_attack")
    exact = odds(fight, "attack")
    assert exact.death == pytest.approx(1 / 36) and exact.win == pytest.approx(35 / 36)
    assert same(exact, reference_odds(fight, "attack"))
