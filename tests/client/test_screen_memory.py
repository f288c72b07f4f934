"""Screens are let go when replaced, a game's long-lived objects are kept out of the collector's
passes, and a screen's widgets are drawn into a kept surface and copied only where they are:
the conditions for inputs without pauses and frames without needless copies."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import arcade
import arcade.gui
import pytest

from stalkerzone.client.app.long_lived import LongLivedObjects
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import GameSession, GameSpec, SeatSpec
from stalkerzone.client.widgets import modal
from tests.support.window import click_button, current, frame, key, pixels


def start(win: StalkerWindow, seed: int = 3) -> GameSession:
    seats = (SeatSpec("Anna", "gromoboy"), SeatSpec("Boris", "nosorog"))
    session = GameSession.start(win.app, GameSpec(seed=seed, seats=seats, zone_mode="free"))
    session.worker.synchronous = True
    session.autosave_enabled = False
    win.app.session = session
    return session


def test_a_replaced_title_screen_with_its_column_of_buttons_is_freed(win: StalkerWindow) -> None:
    first = weakref.ref(win.show_screen("title"))
    frame(win)
    win.show_screen("title")
    frame(win)
    gc.collect()
    assert first() is None


def test_a_closed_stalker_card_is_freed(win: StalkerWindow) -> None:
    session = start(win)
    session.show(win, handover=False)
    frame(win)
    key(win, arcade.key.B)
    frame(win)
    card = weakref.ref(current(win))
    assert card() is not None and card().kind == "stalker"  # type: ignore[union-attr]
    key(win, arcade.key.ESCAPE)  # back to the board
    frame(win)
    assert current(win).kind == "board"
    gc.collect()
    assert card() is None


def test_buttons_still_answer_after_a_rebuild(win: StalkerWindow) -> None:
    view = win.show_screen("title")
    view.rebuild()
    click_button(win, view.buttons[next(iter(view.buttons))].text)
    assert current(win) is not view  # the first button opened another screen


def test_a_new_game_is_settled_once() -> None:
    class Game:
        pass

    kept = LongLivedObjects(enabled=True)
    first, second = Game(), Game()
    try:
        kept.settle(None)
        assert kept.settled == 0
        kept.settle(first)
        assert gc.get_freeze_count() > 0
        kept.settle(first)
        assert kept.settled == 1
        kept.settle(second)
        assert kept.settled == 2
    finally:
        gc.unfreeze()


def test_a_test_window_freezes_nothing(win: StalkerWindow) -> None:
    session = start(win, seed=7)
    session.show(win, handover=False)
    assert gc.get_freeze_count() == 0


@pytest.fixture
def game_window(win: StalkerWindow) -> Iterator[StalkerWindow]:
    """The test window freezing a game's objects as the game's own window does (open_window);
    afterwards it freezes nothing again and what it froze goes back to the collector."""
    win.long_lived.enabled = True
    yield win
    win.long_lived.enabled = False
    gc.unfreeze()


def test_showing_a_game_freezes_its_objects(game_window: StalkerWindow) -> None:
    win = game_window
    before = win.long_lived.settled
    session = start(win, seed=5)
    session.show(win, handover=False)
    assert win.long_lived.settled == before + 1
    assert gc.get_freeze_count() > 0
    win.show_screen("stalker")  # the same game: nothing collected again
    assert win.long_lived.settled == before + 1


def test_screens_of_a_kind_draw_their_widgets_into_the_kinds_one_surface(
    win: StalkerWindow,
) -> None:
    first = win.show_screen("title")
    frame(win)
    surface = first.ui._surfaces[0]
    second = win.show_screen("title")
    assert second.ui._surfaces[0] is surface
    assert second.ui._requires_render  # it held the first title's widgets: drawn again
    frame(win)
    other = win.show_screen("settings")
    assert other.ui._surfaces[0] is not surface


def test_a_screen_shown_again_keeps_its_drawn_widgets_unless_another_drew_over_them(
    win: StalkerWindow,
) -> None:
    surfaces = win.ui_surfaces
    one, two = arcade.gui.UIManager(win), arcade.gui.UIManager(win)
    surfaces.lend("card", one)
    one._requires_render = False  # as after a frame
    surfaces.lend("card", one)
    assert not one._requires_render  # its own widgets are still there
    surfaces.lend("card", two)
    assert two._surfaces[0] is one._surfaces[0]
    surfaces.lend("card", one)
    assert one._requires_render  # the other screen's widgets were drawn into it


def test_widgets_are_copied_only_where_they_are_and_look_as_copied_whole(
    win: StalkerWindow,
) -> None:
    view = win.show_screen("title")
    frame(win)
    areas = modal.widget_areas(view.ui, 0)
    assert areas
    assert sum(a.width * a.height for a in areas) < 0.5 * win.width * win.height
    win.clear()
    modal.draw_widgets(view.ui)
    where = pixels(win).tobytes()
    win.clear()
    view.ui.trigger_render()  # type: ignore[no-untyped-call]  # unannotated in arcade
    view.ui.draw()  # arcade's own: the whole surface
    assert pixels(win).tobytes() == where


def test_a_dialog_over_its_backdrop_is_copied_whole(win: StalkerWindow) -> None:
    view = win.show_screen("title")
    modal.open_modal(view.ui)
    modal.add(view.ui, arcade.gui.UIFlatButton(x=100, y=100, width=80, height=30, text="OK"))
    frame(win)
    assert modal.widget_areas(view.ui, modal.MODAL_LAYER) is None  # the button is on it


def test_a_screen_clears_the_whole_window_to_its_colour(win: StalkerWindow) -> None:
    view = win.show_screen("title")
    arcade.draw_lrbt_rectangle_filled(0, win.width, 0, win.height, (200, 30, 30, 255))
    win.ctx.screen.scissor = (0, 0, 10, 10)  # a scissor left set is not the cleared area
    try:
        view.clear(color=(12, 34, 56, 255))
    finally:
        win.ctx.screen.scissor = None
    assert set(pixels(win).getdata()) == {(12, 34, 56)}
