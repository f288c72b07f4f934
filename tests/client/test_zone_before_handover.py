"""The finished Zone is shown to the whole table before the first hand-over page (TURN-1,
TURN-3): the board, public, with the banner that says who starts and how to pass the screen on;
Space or a click then brings the hand-over page, and nothing is played meanwhile."""

from __future__ import annotations

import arcade
import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import PUBLIC, GameSession, GameSpec, SeatSpec
from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.render.zone_layer import HEX, zone_hexes
from stalkerzone.client.screens.board import BoardView
from stalkerzone.client.screens.handover import HandoverView
from stalkerzone.client.screens.layout.presenter import deal_choice
from stalkerzone.client.text import i18n
from tests.client.test_client_board import start
from tests.client.test_map_fit import assert_whole_and_clear
from tests.support.window import click, current, find_button, frame, key, shown


def laid_out(win: StalkerWindow) -> GameSession:
    """Two humans lay the Zone out by hand, each sector placed as "deal the rest" places it and
    the screens shown after each as the layout screen shows them (TURN-4)."""
    seats = (SeatSpec("Anna", "gromoboy"), SeatSpec("Boris", "nosorog"))
    session = GameSession.start(win.app, GameSpec(seed=5, seats=seats, zone_mode="hand"))
    session.worker.synchronous = True
    session.autosave_enabled = False
    win.app.session = session
    session.show(win)
    while session.state.phase == "layout":
        last = session.state.current_player
        session.act(deal_choice(session.state.zone, session.legal_now(), 5))
        session.show(win)
    assert session.state.current_player != last  # the seat at the screen must change
    return session


def banner(view: BoardView) -> str:
    text = view.opening.text
    assert text is not None
    return str(text.text)


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        ("en", "Space or a click: pass the screen to {name}"),
        ("ru", "Пробел или щелчок — передать экран игроку {name}"),
    ],
)
def test_client_the_table_sees_the_zone_before_the_first_hand_over(
    win: StalkerWindow, lang: str, says: str
) -> None:
    i18n.set_language(lang)
    try:
        session = laid_out(win)
        board = shown(win, BoardView)
        frame(win, updates=30)  # half a second: the banner waits for the table, not the clock
        assert win.current_screen is board and board.opening.hands_over
        assert session.viewer == PUBLIC  # nothing private on the screen meanwhile
        name = session.state.players[session.state.current_player].name
        assert says.format(name=name) in banner(board).replace("\n", " ")
        left, bottom, width, height = board.camera.area
        for h in zone_hexes(session.state.zone.placements, {s.id: s for s in session.sectors}):
            x, y = board.camera.to_screen(*hexgeom.world(h.q, h.r, HEX))
            assert left <= x <= left + width and bottom <= y <= bottom + height, h
        assert_whole_and_clear(board)  # under the banner's two lines, clear of the goal panel
        keys = [t.text.replace("·\n", "· ") for t in board._texts]
        assert i18n.t("board_ux.watch_keys") in keys  # no key of a turn: nothing is played
        before = session.version
        key(win, arcade.key.E)  # no turn is ended, nothing is played from the public board
        end = find_button(win, i18n.t("board.end_turn"))  # a button takes no action either:
        click(win, *end.rect.center)  # the click passes the screen on
        frame(win)
        assert session.version == before
        assert isinstance(current(win), HandoverView)
        key(win, arcade.key.SPACE)
        frame(win, updates=2)
        assert win.current_screen is board and session.viewer == session.state.current_player
        assert not board.opening.hands_over
    finally:
        i18n.set_language("en")


def test_client_a_single_human_goes_straight_to_play(win: StalkerWindow) -> None:
    """With one human at the table there is no hand-over, so no waiting banner either."""
    session = start(win, (SeatSpec("Anna", "gromoboy"), SeatSpec("Bot 2", "nosorog", "easy")))
    session.show(win)
    frame(win)
    board = shown(win, BoardView)
    assert not board.opening.hands_over
