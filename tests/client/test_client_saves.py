"""Saving and loading through the menu (Ctrl+S, Ctrl+O, Esc), autosave, a bad save shown in the
window."""

from __future__ import annotations

import arcade

from stalkerzone import paths
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller import save_files as saves
from stalkerzone.client.screens.saves import SavesView
from stalkerzone.engine.play import EndTurn, Move
from tests.client.test_client_board import start, to_board
from tests.support.window import click_button, current, frame, game, key, shown


def test_client_save_and_load_through_the_menu(win: StalkerWindow) -> None:
    session = start(win)
    view = to_board(win, session)
    move = next(a for a in session.legal_now() if isinstance(a, Move))
    view.do(move)
    frame(win)
    key(win, arcade.key.S, arcade.key.MOD_CTRL)
    assert current(win).kind == "saves" and shown(win, SavesView).mode == "save"
    shown(win, SavesView).name = "before-the-storm"
    click_button(win, "Save")
    path = paths.user_saves_dir() / "before-the-storm.json"
    assert path.is_file() and "Saved" in shown(win, SavesView).message
    click_button(win, "Back")
    assert win.current_screen is view
    saved_state = session.state
    if session.state.phase == "turn":
        view.end_turn()
    frame(win)
    key(win, arcade.key.ESCAPE)
    assert current(win).kind == "menu"
    click_button(win, "Load game (Ctrl+O)")
    screen = shown(win, SavesView)
    assert screen.kind == "saves" and screen.mode == "load"
    screen.load(path)
    loaded = game(win)
    assert loaded is not session
    assert loaded.state == saved_state
    assert loaded.actions == session.actions[: len(loaded.actions)]


def test_client_autosave_after_each_turn_and_continue(win: StalkerWindow) -> None:
    session = start(win)
    session.autosave_enabled = True
    to_board(win, session)
    session.act(EndTurn())
    assert saves.latest_autosave() is not None
    win.app.session = None
    win.show_screen("title")
    frame(win)
    click_button(win, "Continue")
    assert win.app.session is not None and win.app.session.state == session.state


def test_client_bad_save_is_reported_in_the_window(win: StalkerWindow) -> None:
    folder = paths.user_saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    bad = folder / "broken.json"
    bad.write_text('{"format": 2, "seed": "x"', encoding="utf-8")
    win.show_screen("title")
    key(win, arcade.key.O, arcade.key.MOD_CTRL)
    screen = shown(win, SavesView)
    assert screen.kind == "saves"
    frame(win)
    click_button(win, "Load")
    assert win.current_screen is screen and win.app.session is None
    assert "broken.json" in screen.message
