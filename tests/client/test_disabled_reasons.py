"""A button whose action the engine would refuse now is drawn off, and under the mouse says why
in words with its rule (F1 opens that rule): Undo at the start of a turn on the board, Deliver
on an order not yet fulfilled at a base, a grenade with none left in a fight; the same through
the shared button code of every screen."""

from __future__ import annotations

import arcade
import arcade.gui
import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.screens.bases.screen import BaseScreen
from stalkerzone.client.screens.board import BoardView
from stalkerzone.client.screens.fight.screen import FightView
from stalkerzone.client.screens.rules import RulesView
from stalkerzone.client.widgets.disabled_reasons import Why, why_not
from stalkerzone.engine.game import legal_actions
from stalkerzone.engine.play import DeliverOrder, EndTurn
from tests.client.test_client_board import start, to_board
from tests.client.test_client_screens import into_fight, me, press_widget, row_button
from tests.client.test_client_screens import start as start_at_base
from tests.support.window import find_button, frame, key, opened, shown


def hover_widget(win: StalkerWindow, widget: arcade.gui.UIWidget) -> None:
    """The mouse over ``widget``'s centre (arcade marks it hovered, disabled or not)."""
    frame(win)
    x, y = widget.rect.center
    win.dispatch_event("on_mouse_motion", x, y, 0, 0)
    win.dispatch_events()
    frame(win)


def test_undo_off_at_the_start_says_why_and_f1_opens_its_rule(win: StalkerWindow) -> None:
    session = start(win)
    view = to_board(win, session)
    button = find_button(win, "Undo (U)")
    assert button.disabled
    assert view.disabled_reasons.hovered() is None
    hover_widget(win, button)
    found = view.disabled_reasons.hovered()
    assert found is not None and found[0] is button
    assert found[1].text == "Cannot undo: nothing has been done yet"
    assert found[1].tip().splitlines()[-1] == "Rule “A turn” (F1 for the rules)"  # no id
    frame(win)  # the tooltip is drawn over the board (no error, every frame)
    key(win, arcade.key.F1)
    rules = shown(win, RulesView)
    assert rules.selected == "TURN-2"


def test_undo_is_on_again_after_a_move(win: StalkerWindow) -> None:
    from stalkerzone.engine.play import Move

    session = start(win)
    view = to_board(win, session)
    zone = session.state.zone_map
    move = next(
        a for a in session.legal_now() if isinstance(a, Move) and zone.hexes[a.to].site is None
    )
    view.do(move)
    frame(win, updates=3)
    shown(win, BoardView)
    assert session.can_undo()
    assert not find_button(win, "Undo (U)").disabled


def test_end_turn_off_says_the_engines_refusal() -> None:
    from tests.support.game import fresh

    state = fresh(2)
    assert why_not(state, legal_actions(state), EndTurn()) is None
    refused = why_not(state, (), DeliverOrder("no-such-order"))
    assert isinstance(refused, Why) and refused.rule and refused.text[:1].isupper()
    assert ":" not in refused.text.split()[0]  # no rule id in what the player reads


def test_deliver_of_an_unfulfilled_order_is_off_with_the_reason(win: StalkerWindow) -> None:
    session = start_at_base(win)
    view = opened(win.show_screen("base", tab="orders"), BaseScreen)
    frame(win)
    offer = next(h for h in view.hits.items if str(h.key).startswith("offer:"))
    press_widget(win, row_button(win, offer.key, "Take"))
    order = me(session).open_orders[0].card
    deliver = row_button(win, f"order:{order}", "Deliver")
    assert deliver.disabled
    hover_widget(win, deliver)
    found = view.disabled_reasons.hovered()
    assert found is not None and found[0] is deliver
    assert found[1].rule == "ORDER-1" and found[1].text
    cash = me(session).cash
    press_widget(win, deliver)  # off: a click does nothing, no refusal line afterwards
    assert me(session).cash == cash and view.refusal is None
    assert DeliverOrder(order) not in session.legal_now()
    key(win, arcade.key.F1)
    assert shown(win, RulesView).selected == "ORDER-1"


def test_a_grenade_with_none_left_is_off_with_its_rule(win: StalkerWindow) -> None:
    into_fight(win)
    view = shown(win, FightView)
    key(win, arcade.key.SPACE)
    frame(win, updates=2)
    reasons = {getattr(w, "text", ""): why for w, why in view.disabled_reasons.items}
    grenade = next((why for text, why in reasons.items() if text.startswith("Grenade")), None)
    assert grenade is not None and grenade.rule.startswith("FIGHT")
    assert grenade.text and not grenade.text.startswith("FIGHT")


def test_a_backpack_card_the_slots_refuse_is_greyed_and_says_why(win: StalkerWindow) -> None:
    """The stalker card: a fourth artifact in the backpack with three active (EQ-7) is drawn
    greyed; its tooltip gives the engine's refusal, and F1 over it opens that rule."""
    from dataclasses import replace

    from stalkerzone.client.screens.stalker.screen import StalkerView
    from tests.client.test_client_board import set_state

    session = start(win)
    state = session.state
    me = state.current_player
    arts = [c.id for c in state.cards.artifacts]
    cap = state.variant.active_artifacts
    extra = f"{arts[cap]}#9"
    players = list(state.players)
    players[me] = replace(
        players[me], artifacts=tuple(f"{a}#9" for a in arts[:cap]), backpack=(extra,)
    )
    set_state(session, replace(state, players=tuple(players)))
    view = opened(win.show_screen("stalker"), StalkerView)
    frame(win)
    face = next(f for f, instance, where in view.faces if instance == extra and where == "pack")
    assert face.dim
    hit = next(h for h in view.hits.items if h.key == ("card", extra, "pack"))
    assert hit.rule == "EQ-7" and "EQ-7" not in hit.tip and "Rule “" in hit.tip
    x, y = (hit.left + hit.right) / 2, (hit.bottom + hit.top) / 2
    win.dispatch_event("on_mouse_motion", x, y, 0, 0)
    win.dispatch_events()
    key(win, arcade.key.F1)
    assert shown(win, RulesView).selected == "EQ-7"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_tooltip_at_a_base_or_on_the_stalker_card_carries_a_rule_id(
    win: StalkerWindow, lang: str
) -> None:
    """What a player reads under the mouse at a base (every tab: its rows, its disabled
    buttons) and on the stalker card (stats, greyed cards) names a rule by its title, never by
    its id (F1 still opens the rule)."""
    from stalkerzone.client.screens.stalker.screen import StalkerView
    from stalkerzone.client.text import i18n
    from stalkerzone.content.rules_reference import load_rules_reference
    from tests.client.test_engine_words import RULE_ID

    i18n.set_language(lang)
    try:
        start_at_base(win)
        view = opened(win.show_screen("base", tab="orders"), BaseScreen)
        frame(win)
        offer = next(h for h in view.hits.items if str(h.key).startswith("offer:"))
        press_widget(win, row_button(win, offer.key, i18n.t("base.take")))  # Deliver: off
        tips: list[str] = []
        for tab in ("buy", "sell", "heal", "orders"):
            view.set_tab(tab)
            frame(win)
            tips += [hit.tip for hit in view.hits.items if hit.tip]
            tips += [why.tip() for _widget, why in view.disabled_reasons.items]
        assert any(why.rule for _widget, why in view.disabled_reasons.items)
        stalker = opened(win.show_screen("stalker"), StalkerView)
        frame(win)
        tips += [hit.tip for hit in stalker.hits.items if hit.tip]
        assert len(tips) > 10  # the walk saw the rows' and the stats' tooltips
        ids = {section.id for section in load_rules_reference(lang)}  # not "TOZ-34", a name
        offenders = [tip for tip in tips if ids & set(RULE_ID.findall(tip))]
        assert not offenders, offenders
    finally:
        i18n.set_language("en")
