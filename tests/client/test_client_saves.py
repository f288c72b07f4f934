"""Saving and loading through the menu (Ctrl+S, Ctrl+O, Esc), autosave, a bad save shown in the
window."""

from __future__ import annotations

import arcade

from stalkerzone import paths
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller import save_files as saves
from stalkerzone.engine.actions import EndTurn, Move
from tests.client.test_client_board import start, to_board
from tests.support.window import click_button, frame, key


def test_client_save_and_load_through_the_menu(win: StalkerWindow) -> None:
    session = start(win)
    view = to_board(win, session)
    move = next(a for a in session.legal_now() if isinstance(a, Move))
    view.do(move)
    frame(win)
    key(win, arcade.key.S, arcade.key.MOD_CTRL)
    assert win.screen.kind == "saves" and win.screen.mode == "save"
    win.screen.name = "before-the-storm"
    click_button(win, "Save")
    path = paths.user_saves_dir() / "before-the-storm.json"
    assert path.is_file() and "Saved" in win.screen.message
    click_button(win, "Back")
    assert win.screen is view
    saved_state = session.state
    if session.state.phase == "turn":
        view.end_turn()
    frame(win)
    key(win, arcade.key.ESCAPE)
    assert win.screen.kind == "menu"
    click_button(win, "Load game (Ctrl+O)")
    screen = win.screen
    assert screen.kind == "saves" and screen.mode == "load"
    screen.load(path)
    loaded = win.app.session
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
    screen = win.screen
    assert screen.kind == "saves"
    frame(win)
    click_button(win, "Load")
    assert win.screen is screen and win.app.session is None
    assert "broken.json" in screen.message
