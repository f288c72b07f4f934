"""One stalker per seat (ST-3), one copy of an order per stalker (ORDER-1), and refused moves
that say why and what would make them possible (TURN-2)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from stalkerzone.engine.core import MoveRefused, Order, OrderRefused, Site
from stalkerzone.engine.game import GameSetup, PlayerSetup, apply, legal_actions, new_game
from stalkerzone.engine.play import GameState, Move, OpenOrder, TakeOrder, card_id
from stalkerzone.engine.turn import round_number
from stalkerzone.engine.zone import Hex
from tests.support.base import base_cards, sectors
from tests.support.game import edit, fresh, hex_of, variant


def test_game_st3_two_seats_never_share_a_stalker() -> None:
    seats = (PlayerSetup("Anna", "gromoboy"), PlayerSetup("Boris", "gromoboy", "normal"))
    with pytest.raises(ValueError, match=r"^ST-3: two seats chose the stalker 'gromoboy'"):
        new_game(GameSetup(1, seats, variant(), "free"), base_cards(), sectors())
    every = tuple(PlayerSetup(f"P{k}", s.id) for k, s in enumerate(base_cards().stalkers))
    state = new_game(GameSetup(1, every[:6], variant(), "free"), base_cards(), sectors())
    assert len({p.stalker for p in state.players}) == len(state.players) == 6


def two_copies(state: GameState) -> tuple[str, str]:
    """Two instances of one order card offered at the Village."""
    by_card: dict[str, list[str]] = {}
    for instance in state.decks.orders:
        card = state.card(instance)
        assert isinstance(card, Order)
        if not card.offered_at or Site.VILLAGE in card.offered_at:
            by_card.setdefault(card_id(instance), []).append(instance)
    first, second = next(v[:2] for v in by_card.values() if len(v) >= 2)
    return first, second


def at_village(state: GameState) -> GameState:
    state = edit(state, 0, position=hex_of(state, Site.VILLAGE), cash=0)
    return replace(state, current_player=0, phase="turn", step="move")


def test_game_order1_a_stalker_holds_one_copy_of_an_order() -> None:
    state = at_village(fresh())
    first, second = two_copies(state)
    assert TakeOrder(second) in legal_actions(state)
    after = apply(state, TakeOrder(first))
    assert after.players[0].open_orders == (OpenOrder(first),)
    assert TakeOrder(second) not in legal_actions(after)
    with pytest.raises(OrderRefused, match=r"^ORDER-1: you hold the order .* already") as info:
        apply(after, TakeOrder(second))
    assert info.value.key == "order_held"
    # another stalker may take the second copy
    other = edit(after, 1, position=hex_of(after, Site.VILLAGE))
    other = replace(other, current_player=1, step="move")
    assert TakeOrder(second) in legal_actions(other)


def test_game_turn2_a_refused_move_says_why() -> None:
    state = replace(fresh(), current_player=0)
    me = state.players[0].position
    assert me is not None
    with pytest.raises(MoveRefused) as here:
        apply(state, Move(me))
    assert here.value.key == "move_here"
    with pytest.raises(MoveRefused) as void:
        apply(state, Move(Hex(97, -203)))
    assert void.value.key == "off_zone"
    far = max(state.zone_map.hexes, key=lambda h: abs(h.q - me.q) + abs(h.r - me.r))
    with pytest.raises(MoveRefused) as too_far:
        apply(state, Move(far))
    params = dict(too_far.value.params)
    if too_far.value.key == "out_of_reach":
        cost, movement = int(params["cost"]), int(params["movement"])
        assert cost > movement >= 1
    else:
        assert too_far.value.key == "no_way"


def test_game_turn1_rounds_count_every_seat_once() -> None:
    state = fresh(players=3)
    assert round_number(state) == 1
    for turn, expected in ((2, 1), (3, 1), (4, 2), (7, 3)):
        assert round_number(replace(state, turn=turn)) == expected
    assert round_number(fresh(zone_mode="hand")) == 0
