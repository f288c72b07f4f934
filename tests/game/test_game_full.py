"""Whole games between scripted players, from the layout to a winner, through
``legal_actions()`` / ``apply()`` alone, in both variants."""

from __future__ import annotations

import pytest
from gamekit import check_invariants, fresh
from gamescript import choose

from stalkerzone.engine.game import apply, legal_actions

MAX_ACTIONS = 30_000


@pytest.mark.parametrize("variant_name", ["standard", "express"])
def test_game_full_game_from_layout_to_a_winner(variant_name: str) -> None:
    state = fresh(7, players=4, variant_name=variant_name, zone_mode="hand")
    assert state.phase == "layout"
    count = 0
    while not state.is_terminal:
        action = choose(state)
        assert action in legal_actions(state)
        state = apply(state, action)
        count += 1
        if count % 97 == 0:
            check_invariants(state)
        assert count < MAX_ACTIONS, "the game did not finish"
    check_invariants(state)
    assert state.winner is not None
    assert state.standings[0] == state.winner and len(state.standings) == 4
    winner = state.players[state.winner]
    assert winner.elements >= state.variant.elements_required
    print(
        variant_name,
        "actions",
        count,
        "turns",
        state.turn,
        "deaths",
        sum(p.deaths for p in state.players),
    )
