"""Saves keep the story: the turn log comes back in the player's language (save format 4), Load
asks before dropping a game that changed since it was saved, and after a load the hand-over page
comes first when the seat to play is one of several humans (TURN-3)."""

from __future__ import annotations

import json

from stalkerzone import paths
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import PUBLIC, GameSession, SeatSpec
from stalkerzone.client.screens.saves import SavesView
from stalkerzone.client.text import engine_text, i18n
from stalkerzone.engine.core import Note
from stalkerzone.engine.play import EndTurn, Move
from tests.client.test_client_board import start
from tests.support.window import click_button, current, frame, game, shown, two_frames


def played(session: GameSession, turns: int = 3) -> None:
    """A few turns: a move where one is legal, then the end of the turn."""
    for _ in range(turns):
        move = next((a for a in session.legal_now() if isinstance(a, Move)), None)
        if move is not None and session.state.phase == "turn":
            session.act(move)
        if session.state.phase == "turn":
            session.act(EndTurn())


def test_client_loaded_game_keeps_its_turn_log_in_the_players_language(
    win: StalkerWindow,
) -> None:
    session = start(win)
    played(session)
    keyed = [line for line in session.log if isinstance(line.text, Note)]
    assert keyed, "the game wrote no keyed lines"
    path = session.save("story")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == 4 and len(data["log"]) == len(session.log)
    assert {"turn", "player", "rule", "key", "params", "text"} <= set(data["log"][0])
    win.show_screen("saves", mode="load")
    shown(win, SavesView).load(path)
    two_frames(win)
    loaded = game(win)
    assert loaded is not session
    assert [(x.turn, x.player, str(x.text)) for x in loaded.log] == [
        (x.turn, x.player, str(x.text)) for x in session.log
    ]
    i18n.set_language("ru")
    try:
        before = [engine_text.words(x.text, session.cards) for x in session.log]
        after = [engine_text.words(x.text, loaded.cards) for x in loaded.log]
        assert after == before
        assert any(any("а" <= c <= "я" for c in line) for line in after)  # Russian, not English
    finally:
        i18n.set_language("en")


def test_client_load_asks_before_dropping_an_unsaved_game(win: StalkerWindow) -> None:
    session = start(win)
    path = session.save("kept")
    assert not session.unsaved()
    played(session, 1)
    assert session.unsaved()
    win.show_screen("saves", mode="load")
    screen = shown(win, SavesView)
    frame(win)
    screen.choose(path)
    two_frames(win)
    assert screen.pending == path and game(win) is session  # asked, nothing dropped yet
    frame(win)
    texts = " ".join(t.text for t in screen._texts)
    assert i18n.t("flow.replace_title") in texts
    click_button(win, i18n.t("flow.replace_no"))
    assert game(win) is session and screen.pending is None
    win.show_screen("saves", mode="load")
    screen = shown(win, SavesView)
    frame(win)
    screen.choose(path)
    two_frames(win)
    frame(win)
    click_button(win, i18n.t("flow.replace_save"))
    assert screen.pending is None and screen.mode == "save" and game(win) is session
    screen.choose(path)
    two_frames(win)
    frame(win)
    click_button(win, i18n.t("flow.replace_yes"))
    two_frames(win)
    assert game(win) is not session and not game(win).unsaved()


def test_client_after_a_load_the_hand_over_comes_first(win: StalkerWindow) -> None:
    session = start(win)
    played(session, 2)
    path = session.save("two-humans")
    session.saved_version = session.version
    win.show_screen("saves", mode="load")
    shown(win, SavesView).choose(path)
    two_frames(win)
    assert current(win).kind == "handover"
    assert game(win).viewer == PUBLIC  # nothing private shown before the seat says "ready"
    # with one human and a bot, the loaded game opens straight on the human's screen
    solo = start(win, (SeatSpec("Anna", "gromoboy"), SeatSpec("Bot", "nosorog", "easy")))
    solo_path = solo.save("one-human")
    win.show_screen("saves", mode="load")
    shown(win, SavesView).choose(solo_path)
    two_frames(win)
    assert current(win).kind != "handover"
    assert paths.user_saves_dir() in solo_path.parents
