"""The base's lists keep their rows in place after a click (BASE-2): a card bought out stays in
its row, greyed and marked sold out with its button off; the order of the rows is the packs'
catalogue, so clicking the same place twice never buys a different card."""

from __future__ import annotations

from dataclasses import replace

import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import GameSession
from stalkerzone.client.screens.bases import presenter
from stalkerzone.client.screens.bases.screen import BaseScreen
from stalkerzone.client.text import i18n
from stalkerzone.engine.game import apply, legal_actions, player_view
from stalkerzone.engine.play import Buy, OpenOrder, Sell, TakeOrder, card_id
from stalkerzone.engine.turn import stats
from tests.client.test_client_screens import me, press_widget, row_button, set_state, start
from tests.support.game import edit, fresh, give, take
from tests.support.window import frame, opened


def visible_row_keys(view: BaseScreen) -> list[str]:
    """The rows' hit keys on screen, top to bottom."""
    rows = [h for h in view.hits.items if h.key.startswith("buy:")]
    return [h.key for h in sorted(rows, key=lambda h: -h.top)]


def test_client_bought_out_row_stays_in_place_greyed(win: StalkerWindow) -> None:
    session = start(win)
    state = session.state
    site = presenter.site_here(state)
    assert site is not None
    first = presenter.shop_catalogue(state, site)[0]
    # one copy of the first card left in stock, and cash for it
    stock = state.decks.stock
    one = next(c for c in stock if card_id(c) == first)
    kept = tuple(c for c in stock if card_id(c) != first or c == one)
    state = replace(state, decks=replace(state.decks, stock=kept))
    set_state(session, edit(state, state.current_player, cash=5000))
    view = opened(win.show_screen("base"), BaseScreen)
    frame(win)
    before = visible_row_keys(view)
    assert before[0] == f"buy:{first}"
    press_widget(win, row_button(win, f"buy:{first}", "Buy"))
    assert me(session).cash < 5000  # bought
    assert visible_row_keys(view) == before  # the same rows in the same places
    button = row_button(win, f"buy:{first}", "Buy")
    assert button.disabled
    texts = [t.text for t in view._texts]
    assert i18n.t("base.row_sold_out") in texts
    cash = me(session).cash
    press_widget(win, button)  # a click on the sold-out row buys nothing else
    assert me(session).cash == cash


@pytest.mark.parametrize("language", ["en", "ru"])
def test_sold_card_comes_back_to_its_row_not_the_top(language: str) -> None:
    i18n.set_language(language)
    state = fresh(3)
    view = player_view(state, state.current_player)
    site = presenter.site_here(view)
    assert site is not None
    order = [r.key for r in presenter.buy_rows(view, site, stats(view.player, view.ctx), None)]
    last = order[-1].removeprefix("buy:")
    one = next(c for c in state.decks.stock if card_id(c) == last)
    kept = tuple(c for c in state.decks.stock if card_id(c) != last or c == one)
    state = replace(state, decks=replace(state.decks, stock=kept))
    rich = edit(state, state.current_player, cash=5000)
    bought = apply(rich, Buy(last))
    instance = next(c for c in bought.player.carried() if card_id(c) == last)
    sold = apply(bought, Sell(instance))
    for after in (bought, sold):
        seen = player_view(after, after.current_player)
        rows = presenter.buy_rows(seen, site, stats(seen.player, seen.ctx), legal_actions(seen))
        assert [r.key for r in rows] == order
    seen = player_view(bought, bought.current_player)  # the last copy bought: marked
    row = presenter.buy_rows(seen, site, stats(seen.player, seen.ctx), None)[-1]
    assert row.sold_out and row.detail == i18n.t("base.row_sold_out")
    i18n.set_language("en")


def test_client_rows_never_move_on_a_sale(win: StalkerWindow) -> None:
    session = start(win)
    view = opened(win.show_screen("base"), BaseScreen)
    frame(win)
    before = visible_row_keys(view)
    press_widget(win, row_button(win, "buy:toz-34", "Buy"))
    assert visible_row_keys(view) == before
    weapon = me(session).weapon
    view.set_tab("sell")
    press_widget(win, row_button(win, f"sell:{weapon}", "Sell"))
    view.answer(True)  # the last weapon: the question answered yes
    assert me(session).weapon is None
    view.set_tab("buy")
    frame(win)
    assert visible_row_keys(view) == before  # the sold gun is back in its row, not on top


def test_client_order_rows_stay_in_place_when_one_is_taken(win: StalkerWindow) -> None:
    """ORDER-1: taking an order leaves its row where it was, greyed "taken", and the offered
    list starts at the same height: a second click in the same place takes nothing else."""
    session = start(win)
    view = opened(win.show_screen("base"), BaseScreen)
    view.set_tab("orders")
    frame(win)

    def offered() -> list[tuple[str, float]]:
        rows = [h for h in view.hits.items if h.key.startswith("offer:")]
        return [(h.key, round(h.top)) for h in sorted(rows, key=lambda h: -h.top)]

    before = offered()
    assert len(before) >= 2
    first = before[0][0].removeprefix("offer:")
    press_widget(win, row_button(win, f"offer:{first}", i18n.t("base.take")))
    assert any(o.card == first for o in me(session).open_orders)
    frame(win)
    assert offered() == before  # the same rows at the same heights
    button = row_button(win, f"offer:{first}", i18n.t("base.take"))
    assert button.disabled
    assert i18n.t("base.row_taken") in [t.text for t in view._texts]
    held = len(me(session).open_orders)
    press_widget(win, button)
    assert len(me(session).open_orders) == held


def test_the_offered_orders_scroll_note_sits_on_their_heading_not_on_your_orders(
    win: StalkerWindow,
) -> None:
    start(win)
    view = opened(win.show_screen("base"), BaseScreen)
    view.set_tab("orders")
    frame(win)
    offered = len([h for h in view.hits.items if h.key.startswith("offer:")])
    texts = {t.text: t.y for t in view._texts}
    notes = [y for text, y in texts.items() if "wheel to scroll" in text]
    heading = next(y for text, y in texts.items() if text.startswith("Offered here"))
    yours = next(y for text, y in texts.items() if text.startswith("Your orders"))
    if not notes:
        pytest.skip(f"all {offered} offered orders fit: no scroll note")
    assert notes[0] == pytest.approx(heading) and notes[0] != pytest.approx(yours)


def orders_tab_with_a_met_order(
    win: StalkerWindow, language: str
) -> tuple[GameSession, BaseScreen, str]:
    """The Village's Orders tab in ``language`` with two orders held, the first a visit order
    already met ("Anomaly readings", ready to deliver): the session, the screen, that order."""
    i18n.set_language(language)
    session = start(win)
    state = session.state
    assert presenter.site_here(state) is not None
    state, readings = take(state, "order-anomaly-readings")  # a visit order, offered here
    other = next(a for a in legal_actions(state) if isinstance(a, TakeOrder))
    state = apply(state, other)
    orders = (OpenOrder(readings, visited=True), *state.player.open_orders)
    set_state(session, edit(state, state.current_player, open_orders=orders))
    view = opened(win.show_screen("base"), BaseScreen)
    view.set_tab("orders")
    frame(win)
    return session, view, readings


def row_tops(view: BaseScreen, prefix: str) -> list[tuple[str, float]]:
    """The rows whose hit key starts with ``prefix``, top first, with their tops."""
    hits = [h for h in view.hits.items if h.key.startswith(prefix)]
    return [(h.key, round(h.top)) for h in sorted(hits, key=lambda h: -h.top)]


@pytest.mark.parametrize("language", ["en", "ru"])
def test_client_order_rows_stay_in_place_after_a_delivery(
    win: StalkerWindow, language: str
) -> None:
    """ORDER-1: a delivered order keeps its rows, greyed "delivered", in Your orders and in
    Offered here until the base is left: no row of Your orders moves, and a click on the same
    place delivers or takes nothing else."""
    session, view, readings = orders_tab_with_a_met_order(win, language)

    def rows(prefix: str) -> list[tuple[str, float]]:
        return row_tops(view, prefix)

    yours, offered = rows("order:"), rows("offer:")
    assert yours[0][0] == f"order:{readings}"
    press_widget(win, row_button(win, f"order:{readings}", i18n.t("base.deliver")))
    assert readings in me(session).delivered
    frame(win)
    assert rows("order:") == yours  # the delivered order's row is still first
    # the offered list keeps its order and its place: room under Your orders was kept from
    # the start of the visit for the greyed row and an order taken next (it moved down a row
    # at each delivery, and the Take under the mouse became another order's)
    assert rows("offer:") == offered
    texts = [t.text for t in view._texts]
    assert i18n.t("base.row_delivered") in texts
    button = row_button(win, f"order:{readings}", i18n.t("base.deliver"))
    assert button.disabled
    cash = me(session).cash
    press_widget(win, button)
    assert me(session).cash == cash
    i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "ru"])
def test_client_an_order_taken_after_a_delivery_comes_below_the_rows_shown(
    win: StalkerWindow, language: str
) -> None:
    """ORDER-1: an order taken after one was delivered goes below the rows of Your orders, never
    into the delivered order's greyed row (the row under the mouse keeps its meaning), and the
    offered rows do not move when it is taken."""
    session, view, readings = orders_tab_with_a_met_order(win, language)
    second = next(o.card for o in me(session).open_orders if o.card != readings)

    def rows(prefix: str) -> list[tuple[str, float]]:
        return row_tops(view, prefix)

    press_widget(win, row_button(win, f"order:{readings}", i18n.t("base.deliver")))
    assert readings in me(session).delivered
    frame(win)
    yours, offered = rows("order:"), rows("offer:")
    assert [key for key, _ in yours] == [f"order:{readings}", f"order:{second}"]
    new = next(key for key, _ in offered if key.removeprefix("offer:") not in (readings, second))
    press_widget(win, row_button(win, new, i18n.t("base.take")))
    taken = new.removeprefix("offer:")
    assert any(o.card == taken for o in me(session).open_orders)
    frame(win)
    after = rows("order:")
    assert after[: len(yours)] == yours  # the delivered row still greyed in row 1
    assert after[len(yours)][0] == f"order:{taken}"  # the new order below them
    assert after[len(yours)][1] < yours[-1][1]
    assert rows("offer:")[: len(offered)] == offered  # nothing moved under the mouse
    assert i18n.t("base.row_delivered") in [t.text for t in view._texts]
    i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "ru"])
def test_client_a_sold_card_keeps_its_row_greyed_and_a_bought_one_comes_below(
    win: StalkerWindow, language: str
) -> None:
    """BASE-2: on the Sell tab a card sold keeps its row, greyed "sold" with its button off, so
    the rows below do not move; a card bought meanwhile comes below the rows shown."""
    i18n.set_language(language)
    session = start(win)
    state = session.state
    me_index = state.current_player
    for cid in ("medkit", "bandage", "vodka"):
        state, _ = give(state, me_index, cid, "backpack")
    set_state(session, edit(state, me_index, cash=5000))
    view = opened(win.show_screen("base"), BaseScreen)
    view.set_tab("sell")
    frame(win)

    def rows() -> list[tuple[str, float]]:
        hits = [h for h in view.hits.items if h.key.startswith("sell:")]
        return [(h.key, round(h.top)) for h in sorted(hits, key=lambda h: -h.top)]

    before = rows()
    assert len(before) >= 3
    sold = before[0][0]
    press_widget(win, row_button(win, sold, i18n.t("base.sell")))
    assert sold.removeprefix("sell:") not in me(session).carried()
    frame(win)
    assert rows() == before  # the same rows at the same heights
    assert row_button(win, sold, i18n.t("base.sell")).disabled
    assert i18n.t("base.row_sold") in [t.text for t in view._texts]
    view.set_tab("buy")
    press_widget(win, row_button(win, "buy:toz-34", i18n.t("base.buy")))
    view.set_tab("sell")
    frame(win)
    after = rows()
    assert after[: len(before)] == before
    assert [key for key, _ in after[len(before) :]] == [
        f"sell:{c}" for c in me(session).carried() if c.startswith("toz-34")
    ]
    i18n.set_language("en")
