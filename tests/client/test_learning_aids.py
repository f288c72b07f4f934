"""The board teaches as it is played: the goal panel (Elements, the Epicenter in reach or not,
reputation and the bases it opens with the variant's numbers, open orders), the map legend (L,
the button, Esc) drawn by the board's renderers, and "what would the bot do?" (H) on the board,
at a base and in a fight, from the asking seat's view only."""

from __future__ import annotations

import random
from dataclasses import replace

import arcade
import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.screens.bases.screen import BaseScreen
from stalkerzone.client.screens.board import BoardView
from stalkerzone.client.screens.board.aids import GoalOverlay, board_outline
from stalkerzone.client.screens.board.goal_panel import goal_lines
from stalkerzone.client.screens.board.legend import Legend, legend_entries
from stalkerzone.client.screens.fight.dice_faces import dice_shown
from stalkerzone.client.screens.fight.screen import FightView
from stalkerzone.client.screens.hint import HintOverlay, bot_hint
from stalkerzone.client.text import i18n
from stalkerzone.engine.core import Site, Terrain
from stalkerzone.engine.play import FightDecision, Move, OpenOrder, TakeOrder
from stalkerzone.engine.zone import neighbours
from tests.client.test_client_board import start, to_board
from tests.client.test_client_screens import into_fight
from tests.client.test_text_fits import configurations
from tests.support.game import fresh
from tests.support.text_walk import pretend_size
from tests.support.window import click_button, frame, key, opened, shown


def overlay(view: object, kind: type) -> object:
    found = [o for o in getattr(view, "overlays", []) if isinstance(o, kind)]
    assert len(found) == 1
    return found[0]


# --- the goal panel -------------------------------------------------------------------------


def test_goal_lines_say_elements_epicenter_reputation_and_orders() -> None:
    state = fresh(2)
    me = state.current_player
    words = [line.text for line in goal_lines(state, me)]
    need = state.variant.elements_required
    assert words[0] == f"Goal: {need} Elements, then win the Epicenter's fight"
    assert words[1] == f"Elements: 0 of {need}"
    assert words[2] == f"Epicenter: {need} more Elements needed"
    reps = state.variant.base_reputation
    assert words[3] == (
        "Reputation 0: Village (open) · "
        f"Military Base (needs {reps[Site.MILITARY_BASE]}) · "
        f"Laboratory (needs {reps[Site.LABORATORY]})"
    )
    assert words[4] == f"Orders: 0 of {state.variant.max_open_orders}"


def test_goal_lines_follow_the_variant_and_the_epicenter_in_reach() -> None:
    state = fresh(2, variant_name="express")  # 1 Element; Military Base 1, Laboratory 2
    me = state.current_player
    zone = state.zone_map
    near = next(
        h
        for h in neighbours(zone.epicenter)
        if h in zone.hexes and state.variant.terrain_cost.get(zone.hexes[h].terrain) is not None
    )
    players = list(state.players)
    players[me] = replace(players[me], elements=1, delivered=("an-order",), position=near)
    there = replace(state, players=tuple(players))
    words = [line.text for line in goal_lines(there, me)]
    assert words[0] == "Goal: 1 Element, then win the Epicenter's fight"
    assert words[1] == "Elements: 1 of 1"
    assert words[2] == "Epicenter: in reach this turn"
    assert words[3] == "Reputation 1: Village (open) · Military Base (open) · Laboratory (needs 2)"
    moved = replace(there, step="done")  # the move is made: no movement left (TURN-2)
    assert [line.text for line in goal_lines(moved, me)][2] == "Epicenter: out of reach this turn"
    players[me] = replace(players[me], position=state.players[me].position)
    far = replace(there, players=tuple(players))
    assert [line.text for line in goal_lines(far, me)][2] == "Epicenter: out of reach this turn"


def test_goal_lines_list_each_open_order_with_what_it_needs() -> None:
    state = fresh(2)
    me = state.current_player
    offer = next(c for c in state.cards.orders)
    players = list(state.players)
    players[me] = replace(players[me], open_orders=(OpenOrder(offer.id),))
    words = [line.text for line in goal_lines(replace(state, players=tuple(players)), me)]
    assert words[4] == f"Orders: 1 of {state.variant.max_open_orders}"
    assert words[5].startswith(f"• {i18n.card_text(offer.name)}: ")
    assert words[5].endswith("— not yet")


def test_the_board_shows_the_goal_panel_in_both_languages(win: StalkerWindow) -> None:
    for lang in ("en", "ru"):
        i18n.set_language(lang)
        session = start(win)
        view = to_board(win, session)
        goal = overlay(view, GoalOverlay)
        assert isinstance(goal, GoalOverlay) and goal.panel.box is not None
        texts = {t.text.replace("\n", " ") for t in view._texts}
        assert i18n.t("aids.elements", have=0, need=3) in texts
        left, right, bottom, top = goal.panel.box
        for text in view._texts:
            if text.batch is goal.batch:
                assert left <= text.x and text.x + text.content_width <= right + 1
                assert bottom <= text.y - text.content_height and text.y <= top
    i18n.set_language("en")


def test_the_goal_panel_steps_aside_while_an_anomaly_roll_or_the_banner_is_shown(
    win: StalkerWindow,
) -> None:
    session = start(win)
    view = to_board(win, session)
    goal = overlay(view, GoalOverlay)
    assert isinstance(goal, GoalOverlay)
    view.opening.left = 1.0  # "Zone laid out. First turn: …" across the top of the map
    assert goal.steps_aside()
    view.opening.left = 0.0
    assert not goal.steps_aside()
    dice = view.anomaly_dice
    rolled = dice_shown("1d6", 4, faces=(4,))
    assert rolled is not None
    dice.shown, dice.left = (rolled, None), 1.0  # an ANOM-1 roll just made
    assert dice.active and goal.steps_aside()
    dice.left = 0.0
    assert not goal.steps_aside()


# --- the legend -----------------------------------------------------------------------------


def test_the_legend_names_every_terrain_site_and_mark() -> None:
    state = fresh(2)
    entries = legend_entries(state.variant)
    assert {e.terrain for e in entries if e.sample == "hex" and e.site is None} == set(Terrain)
    assert {e.site for e in entries if e.site is not None} == set(Site)
    assert {e.sample for e in entries} == {"hex", "road", "reach", "path", "token", "loot"}
    names = " ".join(e.name for e in entries)
    for mark in ("!  ", "!!  ", "!!!  ", "?  "):
        assert mark in names
    plain = " ".join(e.name for e in legend_entries(state.variant, symbols=False))
    assert "!" not in plain.replace("?", "")


def test_l_the_button_and_esc_open_and_close_the_legend(win: StalkerWindow) -> None:
    session = start(win)
    view = to_board(win, session)
    legend = overlay(view, Legend)
    assert isinstance(legend, Legend) and not legend.open
    key(win, arcade.key.L)
    assert legend.open and legend.texts
    frame(win)  # drawn with the board's renderers over the map
    left, right, bottom, top = legend.box
    for text in legend.texts[1:]:
        assert left <= text.x and text.x + text.content_width <= right + 1
        assert bottom <= text.y <= top
    key(win, arcade.key.ESCAPE)  # closes the legend, not the game's menu
    assert not legend.open and win.current_screen is view
    click_button(win, "Legend (L)")
    assert legend.open
    key(win, arcade.key.L)
    assert not legend.open


def test_every_legend_line_is_set_at_one_size_in_every_language_size_and_scale(
    win: StalkerWindow,
) -> None:
    """No entry shrunk below its neighbours (the Epicenter's and the Anomaly's were): one size
    for all, a long one wrapped to two lines, each inside the box and its own row."""
    session = start(win)
    found: list[str] = []
    for lang, (w, h), setting in configurations():
        win.app.update_settings(replace(win.app.settings, language=lang, ui_scale=setting))
        with pretend_size(win, w, h):
            win.app.session = session
            view = opened(win.show_screen("board"), BoardView)
            legend = overlay(view, Legend)
            assert isinstance(legend, Legend)
            legend.toggle()
            where = f"{lang} {w}x{h} {setting:.0%}"
            texts = legend.texts[1:]  # the entries (the title first)
            assert len(texts) == len(legend_entries(session.state.variant))
            sizes = {round(t.font_size, 2) for t in texts}
            if len(sizes) != 1:
                small = min(texts, key=lambda t: t.font_size)
                found.append(f"{where}: sizes {sorted(sizes)}, smallest {small.text!r}")
            left, right, bottom, top = legend.box
            rows = (len(texts) + 1) // 2
            for k, text in enumerate(texts):
                lines = text.text.count("\n") + 1
                if lines > 2 or text.content_width > (text.width or 0) + 1:
                    found.append(f"{where}: {text.text!r} does not fit its width")
                if not (left <= text.x and text.x + (text.width or 0) <= right):
                    found.append(f"{where}: {text.text!r} outside the box")
                below = texts[k + 1] if (k + 1) % rows else None
                low = text.y - text.content_height / 2
                if below is not None and low < below.y + below.content_height / 2:
                    found.append(f"{where}: {text.text!r} on the next line")
                if low < bottom or text.y + text.content_height / 2 > top:
                    found.append(f"{where}: {text.text!r} outside the box")
            legend.toggle()
    assert not found, "\n".join(found)


# --- the bot's hint -------------------------------------------------------------------------


def test_the_hint_reads_only_the_seats_view() -> None:
    """Two states that differ only in what the seat cannot see: the same hint."""
    state = fresh(3)
    me = state.current_player
    other = (me + 1) % len(state.players)
    decks = state.decks
    shuffled = random.Random(7)
    hidden = replace(
        state,
        decks=replace(
            decks,
            monsters=tuple(shuffled.sample(decks.monsters, len(decks.monsters))),
            events=tuple(shuffled.sample(decks.events, len(decks.events))),
        ),
    )
    players = list(hidden.players)
    players[other] = replace(players[other], held_event=decks.events[0])
    hidden = replace(hidden, players=tuple(players))
    assert hidden != state
    first, second = bot_hint(state, me), bot_hint(hidden, me)
    assert first is not None and first == second
    assert bot_hint(state, other) is None  # not that seat's decision: no hint


def test_h_on_the_board_shows_the_bots_choice_highlighted(win: StalkerWindow) -> None:
    session = start(win)
    view = to_board(win, session)
    hint = overlay(view, HintOverlay)
    assert isinstance(hint, HintOverlay)
    key(win, arcade.key.H)
    frame(win)
    done, found = hint.current()
    assert done and found is not None
    assert found.choice in session.legal_now()
    assert hint.texts and hint.texts[0].text.startswith("The bot would ")
    assert len(found.alternatives) <= 2
    outline = board_outline(view, found.choice)
    assert outline is not None  # the hex or the button of the choice is on screen
    if isinstance(found.choice, Move):
        assert len(outline) == 6
    key(win, arcade.key.H)
    assert hint.asked is None
    key(win, arcade.key.H)
    view.do(next(a for a in session.legal_now() if isinstance(a, Move)))
    frame(win, updates=2)
    assert hint.current() == (False, None)  # a hint of an older state is put away


def test_the_hint_at_a_base_points_at_a_row_or_its_tab(win: StalkerWindow) -> None:
    from tests.client.test_client_screens import start as start_at_base

    session = start_at_base(win)
    view = opened(win.show_screen("base", tab="orders"), BaseScreen)
    frame(win)
    hint = overlay(view, HintOverlay)
    assert isinstance(hint, HintOverlay)
    click_button(win, "Bot hint (H)")
    frame(win)
    done, found = hint.current()
    assert done and found is not None and found.choice in session.legal_now()
    assert hint.locate(found.choice) is not None or not isinstance(found.choice, TakeOrder)


def test_the_hint_in_a_fight_points_at_the_decision_button(win: StalkerWindow) -> None:
    session = into_fight(win)
    view = shown(win, FightView)
    key(win, arcade.key.SPACE)
    frame(win, updates=2)
    hint = overlay(view, HintOverlay)
    assert isinstance(hint, HintOverlay)
    key(win, arcade.key.H)
    frame(win)
    done, found = hint.current()
    assert done and found is not None
    assert isinstance(found.choice, FightDecision) and found.choice in session.legal_now()
    assert hint.locate(found.choice) is not None
    page = view.page
    assert page is not None
    button = page.button(found.choice.action)  # FIGHT-2: the odds its button shows, exactly
    assert button is not None and button.odds and button.odds in found.reason, found.reason


@pytest.mark.parametrize("language", ["en", "ru"])
def test_hint_words_have_no_placeholder_left(language: str) -> None:
    i18n.set_language(language)
    state = fresh(2)
    found = bot_hint(state, state.current_player)
    assert found is not None
    for line in found.lines():
        assert "{" not in line and "aids." not in line
    i18n.set_language("en")


def test_the_base_hint_scrolls_to_its_row_and_outlines_that_rows_button(
    win: StalkerWindow,
) -> None:
    from stalkerzone.client.screens.screen_hints import base_outline
    from stalkerzone.engine.play import Buy, Sell
    from tests.client.test_client_screens import start as start_at_base

    start_at_base(win)
    view = opened(win.show_screen("base", tab="buy"), BaseScreen)
    frame(win)
    assert len(view.paged_keys) > view.paged_rows, "the shop should need scrolling"
    last = view.paged_keys[-1]
    action = Buy(f"{last.removeprefix('buy:')}#1")  # a copy: the row stands for the card
    assert base_outline(view, action) is None  # not shown yet: the list scrolls to it
    frame(win)
    outline = base_outline(view, action)
    row = next(hit for hit in view.hits.items if str(hit.key) == last)
    assert outline is not None
    xs, ys = [x for x, _y in outline], [y for _x, y in outline]
    assert abs(min(ys) - row.bottom) <= 8 and abs(max(ys) - row.top) <= 8
    assert abs(min(xs) - row.left) <= 8
    # a choice on another tab outlines that tab's button, not a row's button of the same word
    view.scroll = 0
    view.rebuild()
    tab = base_outline(view, Sell("nothing#1"))
    assert tab is not None
    sell_tab = next(
        w
        for w in view.ui.walk_widgets()
        if isinstance(w, arcade.gui.UIFlatButton) and w.text == i18n.t("base.tab_sell")
    )
    assert abs(max(y for _x, y in tab) - sell_tab.rect.top) <= 8


@pytest.mark.parametrize("language", ["en", "ru"])
def test_hint_alternatives_are_words_without_the_bots_scores(language: str) -> None:
    i18n.set_language(language)
    state = fresh(2)
    found = bot_hint(state, state.current_player)
    assert found is not None and found.alternatives
    for line in found.alternatives:
        assert "worth" not in line and "ценность" not in line
        assert not line.endswith(")"), line  # no "(worth 480)" after the action
    i18n.set_language("en")


def test_the_goal_panels_lines_share_one_size(win: StalkerWindow) -> None:
    """An order's long line no longer shrinks alone: every line but the title at one size
    (measured with the window's fonts)."""
    from stalkerzone.client.screens.board.goal_panel import GoalLine, GoalPanel

    sizes: list[tuple[str, float]] = []

    class Label:
        content_height = 14.0

    class View:
        def label(
            self, text: str, x: float, y: float, size: float, *a: object, **k: object
        ) -> Label:
            sizes.append((text, size))
            return Label()

    lines = [
        GoalLine("Goals", "title"),
        GoalLine("Elements 0/3"),
        GoalLine(
            "Anomaly readings: bring the readings of three anomalies to the Laboratory, "
            "650 gr. and +1 reputation when delivered at any base you may use"
        ),
        GoalLine("Lost scout: visit"),
    ]
    GoalPanel().build(View(), lines, 0, 500)  # type: ignore[arg-type]
    body = {size for text, size in sizes[1:]}
    assert len(body) == 1, sizes
