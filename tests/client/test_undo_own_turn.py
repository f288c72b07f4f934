"""Undo on the board takes back only the acting seat's own actions of this turn (TURN-2): the
first turn of play, after another seat placed the last sector, has nothing to take back."""

from __future__ import annotations

import arcade

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import GameSession, GameSpec, SeatSpec
from stalkerzone.client.screens.board import commits
from tests.client.test_client_board import to_board
from tests.support.window import current, frame, key


def laid_out(win: StalkerWindow, seed: int) -> GameSession:
    """A hot-seat game of two whose layout was placed sector by sector."""
    seats = (SeatSpec("Anna", "gromoboy"), SeatSpec("Boris", "nosorog"))
    session = GameSession.start(win.app, GameSpec(seed=seed, seats=seats, zone_mode="hand"))
    session.worker.synchronous = True
    session.autosave_enabled = False
    win.app.session = session
    while session.state.phase == "layout":
        session.act(session.legal_now()[0])
    return session


def test_undo_at_the_start_of_play_takes_back_nothing(win: StalkerWindow) -> None:
    session = next(
        s
        for s in (laid_out(win, seed) for seed in range(1, 12))
        if s.record.actor(len(s.actions) - 1) != s.state.current_player
    )
    view = to_board(win, session)
    state, actions = session.state, len(session.actions)
    why = commits.undo_why(session)
    assert why is not None
    assert why.text.endswith("nothing of yours to take back this turn")
    key(win, arcade.key.U)
    key(win, arcade.key.Z, arcade.key.MOD_CTRL)
    view.undo()  # the button's command
    frame(win, updates=2)
    assert session.state == state and len(session.actions) == actions
    assert current(win).kind == "board"
