"""Hot-seat through real input only: from the title screen a two-player game is
laid out by hand (tray clicks, R/F keys, clicks on slots), then played on the board (click to
move, end turn, hand-over, the next player)."""

from __future__ import annotations

import arcade
import pytest

from stalkerzone.bots import players as bots
from stalkerzone.client.app.context import Presets
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.render.zone_layer import HEX
from stalkerzone.client.screens.board import BoardView
from stalkerzone.client.screens.layout import LayoutView
from stalkerzone.client.screens.newgame import NewGameView
from stalkerzone.engine.play import Move, PlaceSector
from stalkerzone.engine.zone import Placement, check_zone
from tests.client.test_client_layout import slot_screen
from tests.support.foresight import dead_ends
from tests.support.window import click, click_button, current, frame, game, key, shown


def place_by_hand(win: StalkerWindow) -> None:
    """One placement: pick the sector and face in the tray, turn it with R, click the slot."""
    view = shown(win, LayoutView)
    session = view.session
    legal = session.legal_now()
    choice = bots.choose(session.state, None, "normal", legal)  # a sensible placement

    def offered(sector: str) -> list[PlaceSector]:
        """The placements the screen offers for ``sector`` (MAP-4 legal, not a dead end)."""
        key = ("dead", session.version, sector)  # the layout screen's own job: computed once
        zone, sectors = session.state.zone, session.sectors
        session.worker.submit(key, lambda: dead_ends(zone, sector, sectors))
        dead = session.worker.wait(key)
        return [
            a
            for a in legal
            if isinstance(a, PlaceSector)
            and a.sector == sector
            and Placement(a.sector, a.face, a.rotation, a.slot) not in dead
        ]

    assert isinstance(choice, PlaceSector)
    options = offered(choice.sector)
    if choice in options:
        action = choice
    else:
        others = sorted({a.sector for a in legal if isinstance(a, PlaceSector)})
        action = next(o for sector in others for o in offered(sector))
    box = next(b for sid, face, b in view.tray_boxes if (sid, face) == (action.sector, action.face))
    click(win, (box[0] + box[1]) / 2, (box[2] + box[3]) / 2)
    assert (view.selected, view.face) == (action.sector, action.face)
    while view.rotation != action.rotation:
        key(win, arcade.key.R)
    frame(win)
    x, y = slot_screen(view, action.slot)
    click(win, x, y)
    frame(win)


@pytest.mark.slow
def test_client_two_players_lay_out_by_hand_and_play(win: StalkerWindow) -> None:
    win.app.presets = Presets(seed=7)
    win.show_screen("title")
    click_button(win, "New game")
    assert current(win).kind == "newgame" and len(shown(win, NewGameView).seats) == 2
    click_button(win, "Start")
    session = game(win)
    session.worker.synchronous = True
    session.autosave_enabled = False
    for placed in range(10):
        assert current(win).kind == "layout"
        place_by_hand(win)
        assert len(session.state.zone.placements) == placed + 1
    assert session.state.phase == "turn"
    assert check_zone(session.state.zone, session.sectors) == ()
    frame(win, updates=2)
    if current(win).kind == "board" and shown(win, BoardView).opening.hands_over:
        key(win, arcade.key.SPACE)  # the finished Zone shown to the table, then passed on
    if current(win).kind == "handover":  # the first player may not be the one who placed last
        key(win, arcade.key.SPACE)
        frame(win)
    assert current(win).kind == "board"
    board = shown(win, BoardView)
    first = session.state.current_player
    target = next(a.to for a in session.legal_now() if isinstance(a, Move))
    x, y = board.camera.to_screen(*hexgeom.world(target.q, target.r, HEX))
    if not board.camera.inside(x, y):
        board.camera.camera.position = hexgeom.world(target.q, target.r, HEX)
        x, y = board.camera.to_screen(*hexgeom.world(target.q, target.r, HEX))
    frame(win)
    click(win, x, y)
    for _ in range(200):
        frame(win)
        if not board.busy:
            break
    assert isinstance(session.actions[-1], Move)
    if win.current_screen is not board:  # a base, a fight or an event screen: back to the map
        win.show_view(board)
        frame(win)
    while session.state.phase != "turn":  # a fight: decide it the simplest legal way
        session.act(session.legal_now()[0])
    key(win, arcade.key.E)
    frame(win)
    assert session.state.current_player != first
    assert current(win).kind == "handover"
    key(win, arcade.key.SPACE)
    frame(win)
    assert win.current_screen is board and session.viewer == session.state.current_player
