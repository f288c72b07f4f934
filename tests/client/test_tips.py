"""One-time tips keyed by rule id: shown once per user the first time something happens to a
human (the first board turn, fight, base, event, death, card in the backpack …), gone after a
few seconds, never taking a key or a click, off in the settings, remembered in the settings
folder (a broken file is a note, never a crash)."""

from __future__ import annotations

from dataclasses import replace

import arcade

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import GameSession
from stalkerzone.client.screens.board import BoardView
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets.tips import (
    TIPS,
    TipBook,
    TipsOverlay,
    load_seen,
    tip_key,
    tips_path,
)
from tests.client.test_client_board import start, to_board
from tests.support.game import fresh
from tests.support.window import frame, key, shown


def test_each_tip_once_most_pressing_first_then_gone_after_its_seconds() -> None:
    state = fresh(2)
    me = state.current_player
    book = TipBook()
    assert book.observe(state, me, 1, now=0.0) == "TURN-2"
    assert load_seen() == ({"TURN-2"}, None)  # remembered at once, per user
    assert book.observe(state, me, 2, now=1.0) == ""  # one at a time
    book.expire(now=3.0, seconds=5.0)
    assert book.showing == "TURN-2"
    book.expire(now=5.0, seconds=5.0)
    assert book.showing == ""
    assert book.observe(state, me, 2, now=5.0) == "BASE-1"  # TURN-2 seen; the start is a base
    book.expire(now=12.0)
    assert book.observe(state, me, 3, now=12.0) == ""  # both seen: never again
    players = list(state.players)
    players[me] = replace(players[me], deaths=1, backpack=("medkit#0",))
    dead = replace(state, players=tuple(players))
    assert book.observe(dead, me, 4, now=12.0) == "DEATH-1"  # the more pressing first
    book.expire(now=20.0)
    assert book.observe(dead, me, 5, now=20.0) == "EQ-2"
    again = TipBook()  # a new program: what was seen is read back
    assert again.observe(dead, me, 1, now=0.0) == ""
    assert again.seen == {"TURN-2", "BASE-1", "DEATH-1", "EQ-2"}


def test_every_tip_has_words_in_both_languages() -> None:
    for language in ("en", "ru"):
        i18n.set_language(language)
        for rule, _condition in TIPS:
            words = i18n.t(tip_key(rule))
            assert words != tip_key(rule) and "{" not in words
    i18n.set_language("en")


def test_a_broken_tips_file_is_a_note_and_none_seen() -> None:
    tips_path().parent.mkdir(parents=True, exist_ok=True)
    tips_path().write_text("seen = [1, 2", encoding="utf-8")
    seen, note = load_seen()
    assert seen == set() and note is not None and "tips_seen.toml" in note
    tips_path().write_text('seen = "TURN-2"', encoding="utf-8")
    assert load_seen()[0] == set()


def board_after_banner(win: StalkerWindow, session: GameSession) -> BoardView:
    """The board of the first turn, the banner over the dealt Zone sent away (Space)."""
    view = to_board(win, session)
    key(win, arcade.key.SPACE)
    assert not view.opening.active
    return view


def test_a_tip_waits_while_the_banner_over_the_dealt_zone_is_up(win: StalkerWindow) -> None:
    """One voice at a time: who starts is read first, then the tip (the two overlapped)."""
    session = start(win)
    view = to_board(win, session)
    (tips,) = [o for o in view.overlays if isinstance(o, TipsOverlay)]
    assert view.opening.active and tips.quiet()
    frame(win)
    assert win.app.tips.showing == ""
    key(win, arcade.key.SPACE)
    frame(win)
    assert not tips.quiet() and win.app.tips.showing == "TURN-2"


def test_the_first_board_turn_shows_a_tip_that_blocks_nothing(win: StalkerWindow) -> None:
    session = start(win)
    view = board_after_banner(win, session)
    frame(win)
    assert win.app.tips.showing == "TURN-2"
    tips = [o for o in view.overlays if isinstance(o, TipsOverlay)]
    assert len(tips) == 1 and tips[0].text is not None
    assert tips[0].text.text.startswith("Tip: Lit hexes are in reach")
    key(win, arcade.key.E)  # keys still reach the board while the tip shows
    assert shown(win, BoardView).question is not None


def test_tips_off_in_the_settings_show_nothing(win: StalkerWindow) -> None:
    win.app.update_settings(replace(win.app.settings, tips=False))
    session = start(win)
    to_board(win, session)
    frame(win)
    assert win.app.tips.showing == "" and not win.app.tips.seen


def test_a_bots_turn_and_watching_show_no_tip(win: StalkerWindow) -> None:
    from stalkerzone.client.controller.session import SeatSpec

    session = start(
        win, (SeatSpec("Bot", "gromoboy", "normal"), SeatSpec("Bot 2", "nosorog", "normal"))
    )
    view = TipsOverlay(win.show_screen("board"))
    assert session.is_bot() and view.seat() is None
    win.app.watching = True
    assert view.seat() is None


def test_a_tip_waits_while_the_legend_or_the_hint_is_open(win: StalkerWindow) -> None:
    session = start(win)
    view = board_after_banner(win, session)
    (tips,) = [o for o in view.overlays if isinstance(o, TipsOverlay)]
    assert not tips.quiet()
    key(win, arcade.key.L)
    assert tips.quiet()
    key(win, arcade.key.L)
    key(win, arcade.key.H)
    assert tips.quiet()
    key(win, arcade.key.ESCAPE)  # Esc puts the hint away (the menu stays closed)
    assert not tips.quiet() and win.current_screen is view


def test_no_tip_over_the_hand_over_page(win: StalkerWindow) -> None:
    """The hand-over page passes the screen to the next player: a tip waits for the board."""
    session = start(win)
    page = win.show_screen("handover", player=session.state.current_player, then="board")
    frame(win)
    (tips,) = [o for o in page.overlays if isinstance(o, TipsOverlay)]
    assert page.kind == "handover" and tips.quiet()
    view = board_after_banner(win, session)
    (board_tips,) = [o for o in view.overlays if isinstance(o, TipsOverlay)]
    assert not board_tips.quiet()


def test_no_tip_while_a_lesson_shows_its_steps_and_tips_again_after_it(win: StalkerWindow) -> None:
    from stalkerzone.client.tutorial.lesson_session import LessonSession

    session = LessonSession.begin(win.app)
    win.app.session = session
    assert session.lesson is not None
    session.act(session.lesson.lesson.left_to_lay)  # the Zone laid: the first board turn
    view = TipsOverlay(win.show_screen("board"))
    frame(win)
    assert session.teaching() and view.seat() is None and win.app.tips.showing == ""
    session.lesson.index = len(session.lesson.lesson.steps)  # the lesson done: a normal game
    key(win, arcade.key.SPACE)  # who starts read: the banner over the Zone goes
    frame(win)
    assert not session.teaching() and win.app.tips.showing == "TURN-2"
