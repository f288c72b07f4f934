"""The board's side panel with long player names: the header's name stays inside the panel
(smaller, then cut at a word), and the stalkers list shows every name whole (a long one on a
line of its own above its standing)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import GameSession, GameSpec, SeatSpec
from stalkerzone.client.screens.board import BoardView
from stalkerzone.client.screens.board.presenter import public_line
from tests.support.text_walk import left_right, overlaps, texts_of
from tests.support.window import frame, opened

LONG = "Константин Константинопольский"


@pytest.mark.parametrize("language", ["en", "ru"])
def test_long_names_stay_inside_the_panel_and_whole_in_the_list(
    win: StalkerWindow, language: str
) -> None:
    win.app.update_settings(replace(win.app.settings, language=language))
    seats = (
        SeatSpec(LONG, "mazhor"),
        SeatSpec("Анна Каренина", "nosorog"),
        SeatSpec("Alex", "gromoboy"),
    )
    session = GameSession.start(win.app, GameSpec(seed=3, seats=seats, zone_mode="free"))
    session.autosave_enabled = False
    session.worker.synchronous = True
    session.viewer = 0
    win.app.session = session
    board = opened(win.show_screen("board"), BoardView)
    board.opening.dismiss(board)
    frame(win)
    panel_left = win.width - board.hud_w
    texts = texts_of(board)
    for text in texts:
        left, right = left_right(text)
        if right > panel_left:  # on the side panel
            assert left >= panel_left and right <= win.width, text.text
    shown = [text.text for text in texts]
    for k, seat in enumerate(seats):
        assert any(t.endswith(f"{k + 1}. {seat.name}") for t in shown), seat.name
    standings = [t for t in texts if t.text == public_line(session.state.players[0])]
    names = [t for t in texts if t.text.endswith(f"1. {LONG}")]
    assert standings and names and not overlaps([*standings, *names], "list")
