"""The plain Python grid (``odds.small``) and the triangular sweep (``odds.triangular``) give the
exact odds: against the reference on random fights, against the numpy grid on the base set; a
base fight is solved without importing numpy, a large one with it (ABIL-*, FIGHT-3, FIGHT-6)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stalkerzone.engine.core import Colour, Dice
from stalkerzone.engine.fight import MonsterSide, StalkerSide, start_fight
from stalkerzone.engine.fight.setup import FIGHT_EVENTS
from stalkerzone.odds import Odds, OddsSolver
from stalkerzone.odds.levels import LevelGrid
from stalkerzone.odds.outcome import Policy, make_odds
from stalkerzone.odds.reference import reference_odds
from stalkerzone.odds.small import SmallGrid
from stalkerzone.odds.solver import FightSolver
from stalkerzone.odds.triangular import TriangularLevel, preferred
from tests.odds.test_odds_reference import monsters, policies, same, stalkers
from tests.support.base import base_cards

REPO = Path(__file__).resolve().parents[2]


def solved(fight_setup: object, core: object, policy: Policy, plain: bool) -> tuple[Odds, bool]:
    """The odds by a fresh fight solver and whether the plain grid gave them."""
    solver = FightSolver(fight_setup, policy, plain=plain)  # type: ignore[arg-type]
    v = solver.total(core)  # type: ignore[arg-type]
    return make_odds(v.win, v.death, v.endless, v.rounds), isinstance(solver.grid, SmallGrid)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(stalkers, monsters, st.sampled_from([None, *FIGHT_EVENTS]), st.booleans(), policies)
def test_the_plain_grid_agrees_with_the_reference(
    side: StalkerSide, beast: MonsterSide, event: str | None, epicenter: bool, policy: Policy
) -> None:
    fight = start_fight(side, beast, event=event, epicenter=epicenter)
    plain, _ = solved(fight.setup, fight.core, policy, plain=True)
    assert same(plain, reference_odds(fight, policy))


def test_the_plain_grid_takes_what_it_supports() -> None:
    """A cyclic level with ABIL-REGENERATION goes to the numpy grid; the rest to the plain one."""
    hero = StalkerSide(20, 20, Dice.parse("2d6"), defence=6, reputation=3)
    for regeneration, plain in ((0, True), (2, False)):
        beast = MonsterSide(
            "Beast", Colour.RED, 20, Dice.parse("2d6"), 1, regeneration=regeneration
        )
        solver = FightSolver(start_fight(hero, beast).setup, "best", plain=True)
        assert isinstance(solver.grid, SmallGrid) is plain
        assert isinstance(solver.grid, LevelGrid) is not plain


@pytest.mark.slow
def test_the_plain_grid_agrees_with_numpy_on_the_base_set() -> None:
    """Every base monster at every colour against a strong stalker, every policy: the plain and
    the numpy grid to 1e-12 (the triangular sweep, the regeneration split, first strikes)."""
    hero = StalkerSide(35, 35, Dice.parse("3d6+2"), one_die_bonus=2, defence=7, reputation=3)
    plain_used = 0
    for beast in base_cards().monsters:
        for colour in Colour:
            fight = start_fight(hero, beast, colour, epicenter=beast.deck == "epicenter")
            for policy in ("attack", "escape", "best"):
                plain, used = solved(fight.setup, fight.core, policy, plain=True)
                fast, _ = solved(fight.setup, fight.core, policy, plain=False)
                assert same(plain, fast, tol=1e-12), (beast.id, colour, policy)
                plain_used += used
    assert plain_used > 100  # most of the base set runs on the plain grid


def test_the_grid_is_the_owners_choice_not_the_processes() -> None:
    """An owner that asks for no plain states (bots, the fight screen) always gets numpy's grid;
    one that asks for them (the one-shot command) gets the plain grid although numpy is imported
    here: the odds a game sees never depend on what else the process imported."""
    hero = StalkerSide(20, 20, Dice.parse("2d6"), defence=2, reputation=3)
    fight = start_fight(hero, MonsterSide("Beast", Colour.RED, 15, Dice.parse("2d6"), 1))
    assert "numpy" in sys.modules
    solver = OddsSolver()
    solver.odds(fight, "best")
    assert isinstance(solver.solver(fight.setup, "best").grid, LevelGrid)
    assert solver.plain_states == 0
    one_shot = OddsSolver(plain_states=OddsSolver.PLAIN_STATES)
    one_shot.odds(fight, "best")
    assert isinstance(one_shot.solver(fight.setup, "best").grid, SmallGrid)
    assert one_shot.plain_states == OddsSolver.PLAIN_STATES - 20 * 16


CHILD = """
import json, sys
from stalkerzone.engine.core.cards import Colour
from stalkerzone.engine.fight.combat import MonsterSide, StalkerSide, start_fight
from stalkerzone.engine.core.dice import Dice
from stalkerzone.odds import OddsSolver
imported = "numpy" in sys.modules
hero = StalkerSide(35, 35, Dice.parse("3d6+2"), one_die_bonus=2, defence=7, reputation=3)
gorynych = MonsterSide(
    "Gorynych", Colour.RED, 32, Dice.parse("3d6+2"), 3, paralysis_rolls=3,
    paralysis_faces=frozenset({4, 5, 6}),
)
solver = OddsSolver(plain_states=OddsSolver.PLAIN_STATES)
base = [solver.odds(start_fight(hero, gorynych), p) for p in ("attack", "escape", "best")]
after_base = ("numpy" in sys.modules, solver.plain_states)
large = StalkerSide(150, 150, Dice.parse("2d6+3"), defence=10, reputation=4)
beast = MonsterSide("Beast", Colour.RED, 120, Dice.parse("3d6+2"), 3, first_strike=True)
big = solver.odds(start_fight(large, beast), "best")
print(json.dumps({
    "imported": imported, "after_base": after_base, "after_large": "numpy" in sys.modules,
    "odds": [[o.win, o.death, o.escape, o.expected_rounds] for o in [*base, big]],
}))
"""


def test_a_base_fight_is_solved_without_numpy_and_a_large_one_with_it() -> None:
    """In a fresh interpreter: importing the solver and solving gorynych red (ABIL-PARALYSIS,
    35 × 33 states) under every policy imports no numpy, and charges the owner's plain budget;
    a fight over what is left of it (150 × 121 states) goes to numpy. Same odds as here."""
    out = subprocess.run(
        [sys.executable, "-c", CHILD],
        capture_output=True,
        text=True,
        check=True,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    child = json.loads(out.stdout)
    assert child["imported"] is False
    assert child["after_base"] == [False, OddsSolver.PLAIN_STATES - 3 * 35 * 33]
    hero = StalkerSide(35, 35, Dice.parse("3d6+2"), one_die_bonus=2, defence=7, reputation=3)
    gorynych = MonsterSide(
        "Gorynych",
        Colour.RED,
        32,
        Dice.parse("3d6+2"),
        3,
        paralysis_rolls=3,
        paralysis_faces=frozenset({4, 5, 6}),
    )
    large = StalkerSide(150, 150, Dice.parse("2d6+3"), defence=10, reputation=4)
    beast = MonsterSide("Beast", Colour.RED, 120, Dice.parse("3d6+2"), 3, first_strike=True)
    fights = [(start_fight(hero, gorynych), p) for p in ("attack", "escape", "best")]
    fights.append((start_fight(large, beast), "best"))
    for (fight, policy), got in zip(fights, child["odds"], strict=True):
        here = OddsSolver().odds(fight, policy)  # type: ignore[arg-type]
        assert same(Odds(*got), here, tol=1e-12)
    assert child["after_large"] is True


def test_the_sweep_solves_its_choices_exactly_and_no_state_prefers_the_other_action() -> None:
    """Random triangular levels (an attack that only lowers the state, an escape that keeps it):
    the values solve the chosen system, and at them no state's one-step option of the other
    action is preferred — the policy-iteration fixed point, reached in one sweep; the choices
    include ones of several runs, not only "attack up to a health, escape above"."""
    rng = np.random.default_rng(5)
    several_runs = 0
    for trial in range(60):
        top = int(rng.integers(3, 25))
        hits = np.zeros((top + 1, top + 1))
        for m in range(1, top + 1):
            reach = min(m - 1, 6)
            hits[m, m - reach : m + 1] = rng.random(reach + 1) * rng.uniform(0.2, 1.0) / (reach + 1)
        win_add = np.zeros((top + 1, 3))
        win_add[1:, 0] = 1.0 - hits[1:].sum(axis=1)
        q, stay, after_strike = rng.uniform(0.05, 0.9), rng.uniform(0.0, 0.95), trial % 2 == 1
        c_attack, c_escape = rng.random((top + 1, 3)), rng.random((top + 1, 3))
        if after_strike:  # both actions after the same strike: x = struck + q·decision
            c_attack = c_escape + q * win_add
        level = TriangularLevel(hits, win_add, q, stay, (True, True), after_strike)
        x, escaping, decision = level.solve(c_attack, c_escape)
        moves = np.where(escaping[:, None], stay * np.eye(top + 1), hits)
        constant = np.where(escaping[:, None], c_escape, c_attack)
        assert np.abs(x[1:] - constant[1:] - q * moves[1:] @ x).max() < 1e-12
        if after_strike:  # the decisions after the strike are compared (and kept)
            attack, escape = hits @ x + win_add, stay * x
            assert decision is not None
            chosen = np.where(escaping[:, None], escape, attack)
            assert np.abs(decision[1:] - chosen[1:]).max() < 1e-15
        else:
            attack, escape = c_attack + q * hits @ x, c_escape + q * stay * x
        assert (preferred(escape, attack)[1:] == escaping[1:]).all()
        several_runs += int(np.count_nonzero(np.diff(escaping[1:].astype(int))) >= 2)
    assert several_runs >= 5
