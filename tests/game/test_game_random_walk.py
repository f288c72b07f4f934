"""Seeded random walks: random legal actions across many games, invariants after every step,
and random unlisted actions that must be refused with a rule id and change nothing (the
legal-actions contract: ``legal_actions()`` lists exactly what ``apply()`` accepts)."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

from stalkerzone.content.rules_reference import load_rules_reference
from stalkerzone.engine.core import IllegalAction
from stalkerzone.engine.game import apply, legal_actions
from stalkerzone.engine.play import (
    Action,
    Activate,
    Buy,
    DeliverOrder,
    DiscardArmour,
    EndTurn,
    FightDecision,
    GameState,
    GiveUpOrder,
    Heal,
    Move,
    PlaceSector,
    Sell,
    Stash,
    TakeOrder,
    card_places,
)
from tests.support.game import RULE_FIRST, check_invariants, fresh

RULE_IDS = frozenset(s.id for s in load_rules_reference("en"))
SEEDS = 60
STEPS = 180  # 60 × 180 = 10,800 legal actions


def pick(actions: tuple[Action, ...], rnd: random.Random) -> Action:
    """Uniform over action kinds, then uniform within the kind (keeps games moving)."""
    kinds: dict[type, list[Action]] = defaultdict(list)
    for a in actions:
        kinds[type(a)].append(a)
    kind = rnd.choice(sorted(kinds, key=lambda k: k.__name__))
    return rnd.choice(kinds[kind])


def illegal_candidate(state: GameState, rnd: random.Random) -> Action:
    every = [i for i, _ in card_places(state)]
    instance = rnd.choice(every)
    hexes = sorted(state.zone_map.hexes) if state.phase != "layout" else []
    options: list[Action] = [
        Buy(instance.split("#")[0]),
        Sell(instance),
        Activate(instance),
        Stash(instance),
        TakeOrder(instance),
        DeliverOrder(instance),
        GiveUpOrder(instance),
        Heal(rnd.randint(-3, 40)),
        EndTurn(),
        FightDecision(rnd.choice(["attack", "escape", "grenade", "dance"]), None, None),
        FightDecision("grenade", instance.split("#")[0], None),
        FightDecision("attack", None, instance.split("#")[0]),
        DiscardArmour(instance),
        PlaceSector(f"s{rnd.randint(1, 12):02d}", rnd.choice("ab"), rnd.randint(0, 5), (1, 0)),
    ]
    if hexes:
        options.append(Move(rnd.choice(hexes)))
    return rnd.choice(options)


def walk(seed: int, steps: int, figures: dict[str, int]) -> None:
    rnd = random.Random(seed)
    variant_name = "express" if seed % 2 else "standard"
    zone_mode = "hand" if seed % 5 == 0 else rnd.choice(["free", "ring", "line", "compact"])
    state = fresh(seed, players=rnd.randint(1, 6), variant_name=variant_name, zone_mode=zone_mode)
    figures["games"] += 1
    for _ in range(steps):
        actions = legal_actions(state)
        if not actions:
            assert state.is_terminal
            figures["finished"] += 1
            state = fresh(seed + 1000 * figures["games"], players=rnd.randint(1, 6))
            figures["games"] += 1
            continue
        listed = set(actions)
        candidate = illegal_candidate(state, rnd)
        if candidate not in listed:
            snapshot = repr(state)
            try:
                result = apply(state, candidate)
            except IllegalAction as error:
                assert RULE_FIRST.match(str(error)), str(error)
                assert error.rule in RULE_IDS, str(error)
                assert repr(state) == snapshot
                figures["illegal refused"] += 1
            else:  # the legal-actions contract: apply() accepts only what is listed
                raise AssertionError(f"accepted but not listed: {candidate!r} -> {result.notes}")
        chosen = pick(actions, rnd)
        state = apply(state, chosen)
        figures["actions"] += 1
        figures["orders given up"] += isinstance(chosen, GiveUpOrder)  # ORDER-1
        figures["invariant checks"] += check_invariants(state)


@pytest.mark.slow
def test_game_random_walk_invariants() -> None:
    figures: dict[str, int] = defaultdict(int)
    for seed in range(SEEDS):
        walk(seed, STEPS, figures)
    print(dict(figures))
    assert figures["actions"] >= 10_000
    assert figures["illegal refused"] >= 1_000
    assert figures["orders given up"] >= 1
