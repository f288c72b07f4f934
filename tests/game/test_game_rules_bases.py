"""One test per rule id: bases, trade, orders and reputation (BASE-*, ORDER-1, REP-1, TROPHY-2)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from stalkerzone.engine.core import BaseRefused, Colour, NotEnoughMoney, Order, OrderRefused, Site
from stalkerzone.engine.game import apply, legal_actions
from stalkerzone.engine.play import (
    Buy,
    DeliverOrder,
    GameState,
    Heal,
    Move,
    OpenOrder,
    PlayerState,
    Sell,
    TakeOrder,
    Trophy,
    card_id,
)
from tests.support.game import edit, fresh, give, hex_of, next_to, take, with_reputation


def at(state: GameState, site: Site, index: int = 0) -> GameState:
    """The player standing on a base at the start of its turn (it may trade: TURN-2)."""
    state = edit(state, index, position=hex_of(state, site))
    return replace(state, current_player=index, phase="turn", step="move")


def test_game_base1_reputation_gates_the_bases() -> None:
    state = at(fresh(), Site.MILITARY_BASE)
    before = state
    with pytest.raises(BaseRefused) as info:
        apply(state, Buy("ak-47"))
    assert str(info.value) == "BASE-1: Military Base needs reputation 3, you have 0"
    assert info.value.rule == "BASE-1" and state == before
    assert not any(isinstance(a, (Buy, Sell, Heal, TakeOrder)) for a in legal_actions(state))
    lab = at(with_reputation(fresh(), 0, 5), Site.LABORATORY)
    with pytest.raises(BaseRefused, match=r"^BASE-1: Laboratory needs reputation 6, you have 5$"):
        apply(lab, Heal(1))
    ok = at(with_reputation(fresh(), 0, 3), Site.MILITARY_BASE)
    assert apply(ok, Buy("ak-47")).players[0].weapon == "ak-47#1"


def test_game_base1_express_thresholds() -> None:
    state = at(with_reputation(fresh(variant_name="express"), 0, 1), Site.MILITARY_BASE)
    apply(state, Buy("ak-47"))
    lab = at(with_reputation(fresh(variant_name="express"), 0, 1), Site.LABORATORY)
    with pytest.raises(BaseRefused, match=r"^BASE-1: Laboratory needs reputation 2, you have 1"):
        apply(lab, Buy("groza"))


def test_game_base1_no_base_here() -> None:
    state = fresh()
    state = next_to(state, 0, hex_of(state, Site.ANOMALY))
    with pytest.raises(BaseRefused, match=r"^BASE-1: there is no base on this hex"):
        apply(state, Buy("pm-pistol"))


def test_game_base2_catalogue_and_resale() -> None:
    state = at(fresh(), Site.VILLAGE)
    with pytest.raises(BaseRefused, match=r"^BASE-2: the Village does not sell ak-47"):
        apply(state, Buy("ak-47"))
    state = apply(state, Buy("berdan-rifle"))
    assert state.players[0].cash == 700 and "berdan-rifle#1" not in state.decks.stock
    with pytest.raises(BaseRefused, match=r"^BASE-2: every copy of berdan-rifle is taken"):
        apply(state, Buy("berdan-rifle"))
    state = apply(state, Sell("berdan-rifle#1"))
    assert state.players[0].cash == 700 + 150 and "berdan-rifle#1" in state.decks.stock
    state, grass = give(state, 0, "syt-grass")
    state = apply(state, Sell(grass))
    assert state.players[0].cash == 850 + 400 and grass in state.decks.artifact_discard


def test_game_base3_healing_costs_per_point() -> None:
    state = at(edit(fresh(), 0, health=10, cash=100), Site.VILLAGE)
    assert Heal(5) in legal_actions(state)
    state = apply(state, Heal(5))
    assert (state.players[0].health, state.players[0].cash) == (15, 0)
    with pytest.raises(NotEnoughMoney, match=r"^ST-4: "):
        apply(state, Heal(1))
    full = at(fresh(), Site.VILLAGE)
    with pytest.raises(BaseRefused, match=r"^BASE-3: "):
        apply(full, Heal(1))


def test_game_trophy2_every_base_pays_the_card_price() -> None:
    prices = []
    for site in (Site.VILLAGE, Site.MILITARY_BASE, Site.LABORATORY):
        state = with_reputation(fresh(), 0, 6)
        state, monster = take(state, "blind-dog")
        p = state.players[0]
        state = edit(state, 0, trophies=(Trophy(monster, Colour.YELLOW),))
        state = at(state, site)
        after = apply(state, Sell(monster))
        prices.append(after.players[0].cash - p.cash)
        assert after.players[0].trophies == () and after.decks.monster_discard[0] == monster
    card = fresh().cards.get("blind-dog")
    assert prices == [card.at(Colour.YELLOW).trophy_price] * 3  # type: ignore[union-attr]


def test_game_order1_take_at_most_two_and_deliver_anywhere() -> None:
    state = at(edit(fresh(), 0, cash=0), Site.VILLAGE)
    offered = [a for a in legal_actions(state) if isinstance(a, TakeOrder)]
    orders = [state.card(a.card) for a in offered]
    assert offered and all(isinstance(o, Order) and Site.VILLAGE in o.offered_at for o in orders)
    state = apply(state, offered[0])
    state = apply(state, offered[1])
    assert len(state.players[0].open_orders) == 2
    assert not any(isinstance(a, TakeOrder) for a in legal_actions(state))
    with pytest.raises(OrderRefused, match=r"^ORDER-1: at most 2 open orders"):
        apply(state, offered[2])


def test_game_order1_unfulfilled_order_is_refused() -> None:
    state = fresh()
    state, order = take(state, "order-blind-dog-tail")
    state = at(edit(state, 0, open_orders=(OpenOrder(order),)), Site.VILLAGE)
    with pytest.raises(OrderRefused, match=r"^ORDER-1: the order order-blind-dog-tail is not"):
        apply(state, DeliverOrder(order))


def test_game_order1_visit_order_counts_after_standing_on_the_site() -> None:
    state = fresh()
    state, order = take(state, "order-anomaly-readings")
    state = edit(state, 0, open_orders=(OpenOrder(order),))
    target = hex_of(state, Site.ANOMALY)
    state = apply(next_to(state, 0, target), Move(target))
    if state.players[0].health > 0 and state.players[0].deaths == 0:
        assert state.players[0].open_orders == (OpenOrder(order, visited=True),)


def test_game_rep1_delivering_adds_reputation_and_reward() -> None:
    state = fresh()
    state, order = take(state, "order-blind-dog-tail")
    state, monster = take(state, "blind-dog")
    state = edit(
        state, 0, open_orders=(OpenOrder(order),), trophies=(Trophy(monster, Colour.GREEN),)
    )
    state = at(state, Site.VILLAGE)
    assert DeliverOrder(order) in legal_actions(state)
    after = apply(state, DeliverOrder(order))
    p: PlayerState = after.players[0]
    assert p.reputation == 1 and p.delivered == (order,) and p.cash == 1000 + 120
    assert p.trophies == () and monster in after.decks.monster_discard
    assert any(line.startswith("REP-1") for line in after.notes)
    assert card_id(order) == "order-blind-dog-tail"
