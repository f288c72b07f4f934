"""The trading-base presenter without a window: prices, stock, what a card would change, the
engine's refusal per row (BASE-1 … BASE-3, ST-4, TROPHY-2, ORDER-1)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from stalkerzone.client.screens.bases import presenter
from stalkerzone.client.text import i18n
from stalkerzone.client.text.rules_sections import rule_tip
from stalkerzone.engine.core import Colour, Site
from stalkerzone.engine.game import apply, legal_actions, player_view
from stalkerzone.engine.play import (
    Buy,
    GameState,
    GiveUpOrder,
    Heal,
    Sell,
    TakeOrder,
    Trophy,
    card_id,
)
from stalkerzone.engine.turn import stats
from tests.support.game import edit, fresh, give, hex_of


@pytest.fixture(autouse=True)
def english() -> None:
    i18n.set_language("en")


def view_of(state: GameState) -> GameState:
    return player_view(state, state.current_player)


def test_buy_rows_price_stock_change_and_refusal() -> None:
    state = view_of(fresh(3))
    site = presenter.site_here(state)
    assert site == Site.VILLAGE  # players start on the Village (ST-2)
    legal = legal_actions(state)
    rows = presenter.buy_rows(state, site, stats(state.player, state.ctx), legal)
    berdan = next(r for r in rows if r.key == "buy:berdan-rifle")
    assert berdan.headline == i18n.t("base.price", price=300) and berdan.tone == "accent"
    assert "1d6 → 2d6" in berdan.change  # the rifle's attack replaces the bare hands
    assert berdan.action.action == Buy("berdan-rifle") and berdan.action.primary
    copies = sum(1 for c in state.decks.stock if card_id(c) == "berdan-rifle")
    assert berdan.detail == i18n.t("base.in_stock", n=copies)
    # too poor: not primary, with the engine's refusal and its rule id
    poor = edit(state, state.current_player, cash=10)
    rows = presenter.buy_rows(poor, site, stats(poor.player, poor.ctx), legal_actions(poor))
    berdan = next(r for r in rows if r.key == "buy:berdan-rifle")
    assert not berdan.action.primary and berdan.tone == "bad"
    assert berdan.action.rule and berdan.action.reason.startswith(berdan.action.rule + ":")


def test_sell_rows_at_half_price_and_trophies_at_card_price() -> None:
    state, weapon = give(fresh(3), 1, "berdan-rifle")
    state = replace(state, current_player=1)
    monster = next(m for m in state.decks.monsters)
    player = state.players[1]
    trophy = Trophy(monster, Colour.RED)
    state = edit(state, 1, trophies=(*player.trophies, trophy))
    rows = presenter.sell_rows(view_of(state), legal_actions(state))
    sell = next(r for r in rows if r.key == f"sell:{weapon}")
    assert sell.headline == i18n.t("base.sells_for", price=150)  # BASE-2: half of 300
    assert sell.action.action == Sell(weapon) and not sell.action.primary  # plain, as ever
    assert sell.action.reason == "" and Sell(weapon) in legal_actions(state)
    card = state.card(monster)
    top = next(r for r in rows if r.key == f"sell:{monster}")
    assert top.colour == Colour.RED and top.card == card
    assert top.headline == i18n.t("base.sells_for", price=card.at(Colour.RED).trophy_price)  # type: ignore[union-attr]
    assert "TROPHY-2" not in top.tip and rule_tip("TROPHY-2") in top.tip  # by its title


def test_heal_options_and_full_health() -> None:
    state = fresh(3)
    hurt = edit(state, state.current_player, health=20, cash=100)
    page = presenter.heal_page(hurt, stats(hurt.player, hurt.ctx), legal_actions(hurt))
    price = hurt.variant.heal_price
    assert [o.action for o in page.options] == [Heal(1), Heal(5), Heal(10)]
    affordable = 100 // price
    assert [o.primary for o in page.options] == [p <= affordable for p in (1, 5, 10)]
    refused = [o for o in page.options if not o.primary]
    assert refused and all(o.rule and o.reason.startswith(o.rule) for o in refused)
    assert page.afford_line == i18n.t("base.heal_afford", n=affordable)
    full = presenter.heal_page(state, stats(state.player, state.ctx), legal_actions(state))
    assert full.options == () and full.full == i18n.t("base.heal_full")


def test_heal_all_keeps_its_place_when_few_points_are_missing() -> None:
    """Three buttons whatever is missing: with 3 points missing "Heal 5" is off with the
    engine's reason and "Heal all 3" stays third (it moved left under the mouse)."""
    state = fresh(3)
    hurt = edit(state, state.current_player, health=27, cash=1000)
    page = presenter.heal_page(hurt, stats(hurt.player, hurt.ctx), legal_actions(hurt))
    assert [o.action for o in page.options] == [Heal(1), Heal(5), Heal(3)]
    assert [o.primary for o in page.options] == [True, False, True]
    assert page.options[1].reason and page.options[2].label.startswith("Heal all 3")


def test_orders_offered_and_taken() -> None:
    state = fresh(3)
    site = presenter.site_here(state)
    assert site is not None
    offered = presenter.offered_rows(state, site, legal_actions(state))
    assert offered and all(r.action.primary for r in offered)
    first = offered[0]
    assert isinstance(first.action.action, TakeOrder) and first.headline
    taken = apply(state, first.action.action)
    rows = presenter.open_order_rows(taken, legal_actions(taken))
    assert [r.key for r in rows] == [f"order:{first.action.action.card}"]
    assert rows[0].detail.startswith(i18n.t("base.progress_not"))
    assert not rows[0].action.primary and rows[0].detail_tone == "warn"
    assert presenter.done_text(state, taken, first.action.action) == i18n.t(
        "base.did_take", name=first.card.name.get("en")
    )


@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_open_order_offers_give_up_with_its_effect(language: str) -> None:
    """ORDER-1: each open order's row has a "give up" button that the engine would take, its
    effect as the tooltip; giving up reports the order gone back under the deck."""
    i18n.set_language(language)
    state = fresh(3)
    site = presenter.site_here(state)
    assert site is not None
    take = presenter.offered_rows(state, site, legal_actions(state))[0].action.action
    assert isinstance(take, TakeOrder)
    taken = apply(state, take)
    (row,) = presenter.open_order_rows(taken, legal_actions(taken))
    assert row.second is not None and row.second.action == GiveUpOrder(take.card)
    assert row.second.label == i18n.t("base.give_up") and row.second.reason == ""
    assert row.second_tip == i18n.t("base.give_up_tip") and "ORDER-1" not in row.second_tip
    assert row.second.label == {"en": "Give up", "ru": "Отказаться"}[language]
    given_up = apply(taken, row.second.action)
    assert given_up.player.open_orders == ()
    name = row.card.name.get(language)
    assert presenter.done_text(taken, given_up, row.second.action) == i18n.t(
        "base.did_give_up", name=name
    )
    away = edit(taken, taken.current_player, position=hex_of(taken, Site.MILITARY_BASE))
    (refused,) = presenter.open_order_rows(away, legal_actions(away))
    assert refused.second is not None and refused.second.rule == "ORDER-1"


def test_locked_base_and_side_lines() -> None:
    state = fresh(3)
    military = hex_of(state, Site.MILITARY_BASE)
    there = edit(state, state.current_player, position=military)
    assert presenter.site_here(there) == Site.MILITARY_BASE
    title, need, _how = presenter.locked_lines(there, Site.MILITARY_BASE)
    assert title == i18n.t("base.locked") and "needs reputation 3, you have 0" in need
    lines = dict(presenter.side_lines(there.player, stats(there.player, there.ctx)))
    assert lines[i18n.t("base.cash")] == str(there.player.cash)
    assert presenter.site_here(replace(state, phase="fight")) is None


def test_buy_change_names_a_one_die_bonus_and_a_mod_for_another_weapon() -> None:
    """DMG-4: a one-die bonus alone is the change ("attack 1d6+3, +1 to one die"), not the same
    formula on both sides of an arrow; EQ-4: a mod for another weapon type says what it needs."""
    state = view_of(fresh(3))
    index = state.current_player
    armed, _ = give(state, index, "pm-pistol")
    me = armed.players[index]
    change = presenter.buy_change(armed, me, stats(me, armed.ctx), "pistol-laser-sight")
    attack = str(stats(me, armed.ctx).attack)
    assert change == i18n.t("board_ux.ch_one_die", attack=attack, amount="+1")
    assert "→" not in change and "+1 to one die" in change
    rifle_mod = presenter.buy_change(armed, me, stats(me, armed.ctx), "rifle-sighting")
    assert rifle_mod == "fits a rifle only; you carry a pistol"
    bare = state.players[index]
    unarmed = presenter.buy_change(state, bare, stats(bare, state.ctx), "rifle-sighting")
    assert unarmed == "fits a rifle only; you carry no weapon"
    i18n.set_language("ru")
    try:
        text = presenter.buy_change(armed, me, stats(me, armed.ctx), "rifle-sighting")
        assert "винтовка" in text and "пистолет" in text and text != rifle_mod
    finally:
        i18n.set_language("en")


def test_a_one_die_bonus_added_to_another_previews_the_result() -> None:
    """EQ-4, DMG-4: rifle modifiers add up; a scope (+3) on a rifle that has +3 already
    previews the result the stalker card will show, "+6 to one die (was +3)"."""
    state = view_of(fresh(3))
    index = state.current_player
    for card in ("berdan-rifle", "rifle-rifling", "rifle-sighting"):
        state, _ = give(state, index, card)
    me = state.players[index]
    now = stats(me, state.ctx)
    assert now.one_die_bonus == 3
    change = presenter.buy_change(state, me, now, "rifle-scope")
    assert change == f"attack {now.attack}, +6 to one die (was +3)"
    bought, _ = give(state, index, "rifle-scope")
    assert stats(bought.players[index], bought.ctx).one_die_bonus == 6
