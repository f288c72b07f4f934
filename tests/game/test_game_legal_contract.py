"""The legal-actions contract: ``legal_actions()`` lists exactly what ``apply()`` accepts,
parameterised actions included (every ``Heal(k)``, every card instance), checked both ways on
random states; and every refusal of the engine starts with its rule id (one hierarchy)."""

from __future__ import annotations

import ast
import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import stalkerzone.engine
from stalkerzone.engine.core import FightRefused, IllegalAction, IllegalFightAction, illegal
from stalkerzone.engine.game import apply, legal_actions
from stalkerzone.engine.play import GameState
from tests.game.test_game_random_walk import RULE_IDS, illegal_candidate, pick
from tests.support.game import RULE_FIRST, fresh

ENGINE = Path(stalkerzone.engine.__file__).resolve().parent


def random_state(seed: int, steps: int) -> tuple[GameState, random.Random]:
    rnd = random.Random(seed)
    state = fresh(seed, players=rnd.randint(1, 4), zone_mode=rnd.choice(["free", "ring"]))
    for _ in range(steps):
        actions = legal_actions(state)
        if not actions:
            break
        state = apply(state, pick(actions, rnd))
    return state, rnd


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10_000), steps=st.integers(0, 120))
def test_legal_actions_contract_both_ways(seed: int, steps: int) -> None:
    """Legal-actions contract: every listed action applies; sampled unlisted actions are
    refused with a rule id of the rules reference and leave the state unchanged."""
    state, rnd = random_state(seed, steps)
    listed = legal_actions(state)
    assert len(set(listed)) == len(listed), "no action listed twice"
    for action in rnd.sample(listed, min(len(listed), 25)):
        apply(state, action)  # raises if a listed action were refused
    snapshot = repr(state)
    for _ in range(30):
        candidate = illegal_candidate(state, rnd)
        if candidate in listed:
            continue
        try:
            apply(state, candidate)
        except IllegalAction as error:
            assert RULE_FIRST.match(str(error)) and error.rule in RULE_IDS, str(error)
        else:
            raise AssertionError(f"accepted but not listed: {candidate!r}")
        assert repr(state) == snapshot


def _refusal_names() -> set[str]:
    return {
        name
        for name, value in vars(illegal).items()
        if isinstance(value, type) and issubclass(value, IllegalAction)
    }


def test_one_refusal_hierarchy() -> None:
    """Every refusal class is an IllegalAction; the fight refusal is one of them."""
    assert issubclass(FightRefused, IllegalAction) and issubclass(IllegalFightAction, FightRefused)
    assert not issubclass(IllegalAction, ValueError)
    error = IllegalFightAction("FIGHT-2: the fight is not waiting", key="not_deciding")
    assert (error.rule, error.reason, str(error)) == (
        "FIGHT-2",
        "the fight is not waiting",
        "FIGHT-2: the fight is not waiting",
    )


def test_every_refusal_in_the_engine_starts_with_its_rule_id() -> None:
    """Every refusal the engine builds names a rule id of the rules reference first."""
    names = _refusal_names()
    seen = 0
    bad: list[str] = []
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name not in names or name == "IllegalFightAction":
                continue
            seen += 1
            first = node.args[0] if node.args else None
            if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
                if isinstance(first, ast.Name) and first.id == "rule":
                    continue  # a rule id chosen just above (EQ-6 or EQ-7)
                bad.append(f"{path.name}:{node.lineno}")
            elif first.value not in RULE_IDS:
                bad.append(f"{path.name}:{node.lineno} {first.value}")
    assert seen >= 45 and not bad, bad
