"""The map shows the whole laid-out Zone, centred in the free map area (the part of the window no
panel covers): the board's first view and Home, the layout screen at first and after every
placement and undo (MAP-2 geometry)."""

from __future__ import annotations

import arcade
import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import SeatSpec
from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.render.map_camera import MapCamera
from stalkerzone.client.render.map_fit import MAX_LOSS, clear_fit, covered
from stalkerzone.client.render.zone_layer import HEX
from stalkerzone.client.screens.board import BoardView
from stalkerzone.client.screens.board.aids import TOP_CLEAR
from stalkerzone.client.screens.layout import LayoutView
from stalkerzone.client.screens.layout.slots import zone_bounds
from stalkerzone.client.widgets import theme
from stalkerzone.engine.zone import Hex
from tests.client.test_client_board import start, to_board
from tests.client.test_client_layout import slot_screen
from tests.client.test_client_layout_by_hand import village_placed
from tests.client.test_client_screens import start as start_seeded
from tests.support.text_walk import pretend_size
from tests.support.window import click, frame, key, shown

SEATS = (
    SeatSpec("Anna", "gromoboy"),
    SeatSpec("Борис", "nosorog"),
    SeatSpec("Bot", "shustry", "normal"),
)


def screen_box(camera: MapCamera, points: list[tuple[float, float]]) -> tuple[float, ...]:
    """Window (left, right, bottom, top) of world ``points``."""
    shown = [camera.to_screen(x, y) for x, y in points]
    xs, ys = [x for x, _y in shown], [y for _x, y in shown]
    return min(xs), max(xs), min(ys), max(ys)


def assert_whole_and_centred(camera: MapCamera, box: tuple[float, ...]) -> None:
    left, right, bottom, top = box
    a_left, a_bottom, a_w, a_h = camera.area
    assert a_left <= left and right <= a_left + a_w, (box, camera.area)
    assert a_bottom <= bottom and top <= a_bottom + a_h, (box, camera.area)
    assert abs((left + right) / 2 - (a_left + a_w / 2)) <= 2, (box, camera.area)
    assert abs((bottom + top) / 2 - (a_bottom + a_h / 2)) <= 2, (box, camera.area)
    # fitted, not lost in the middle: the Zone fills the area along one of its sides
    assert right - left >= 0.8 * a_w or top - bottom >= 0.8 * a_h, (box, camera.area)


def hex_corners(hexes: list[Hex]) -> list[tuple[float, float]]:
    points: list[tuple[float, float]] = []
    for h in hexes:
        points.extend(hexgeom.corners(*hexgeom.world(h.q, h.r, HEX), HEX))
    return points


def assert_whole_and_clear(view: BoardView) -> None:
    """Every hex in the map area, under the banner's edge at its top, none under the goal
    panel or its buttons (its centre not even half a hex from them)."""
    camera = view.camera
    left, right, bottom, top = screen_box(camera, hex_corners(list(view.hexes)))
    a_left, a_bottom, a_w, a_h = camera.area
    assert a_left <= left and right <= a_left + a_w, (left, right, camera.area)
    clear = max(theme.px(TOP_CLEAR), view.opening.depth(view))  # the banner's, when it is up
    assert a_bottom <= bottom and top <= a_bottom + a_h - clear, (top, camera.area)
    cover = view.goal.cover()
    assert cover is not None
    c_left, c_right, c_bottom, c_top = cover
    under = [
        h
        for h in view.hexes
        if c_left <= (spot := camera.to_screen(*hexgeom.world(h.q, h.r, HEX)))[0] <= c_right
        and c_bottom <= spot[1] <= c_top
    ]
    assert not under, (under, cover)
    # fitted, not lost in the middle: the Zone fills most of the area along one of its sides
    assert right - left >= 0.7 * a_w or top - bottom >= 0.7 * a_h, (left, right, camera.area)


def test_the_first_board_view_and_home_show_the_whole_zone(win: StalkerWindow) -> None:
    view = to_board(win, start(win, SEATS))
    frame(win)
    assert_whole_and_clear(view)
    first = (view.camera.zoom, view.camera.position)
    # the map area is the window less the side panel, the top bar and the bottom panel
    left, bottom, width, height = view.camera.area
    assert left == 0 and left + width == win.width - view.hud_w and bottom > 0
    assert bottom + height < win.height
    view.camera.zoom_by(2.5)
    view.camera.pan(300, -200)
    frame(win)
    key(win, arcade.key.HOME)
    frame(win)
    assert (view.camera.zoom, view.camera.position) == first
    assert_whole_and_clear(view)


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_no_hex_lies_under_the_goal_panel_or_the_banner_in_the_first_view(
    win: StalkerWindow, size: tuple[int, int]
) -> None:
    """Several layouts: the first view and Home keep every hex clear of the goal panel (top
    left, with its Legend and Bot hint buttons) and of the banner under the top bar."""
    for seed in (2, 3, 5, 7, 11):
        with pretend_size(win, *size):
            session = start_seeded(win, seed)
            session.show(win)
            view = shown(win, BoardView)
            assert view.opening.active  # the first view: the banner over the Zone
            assert_whole_and_clear(view)
            view.camera.zoom_by(1.7)
            key(win, arcade.key.HOME)
            assert_whole_and_clear(view)


def test_the_fit_gives_up_a_little_zoom_to_clear_the_panel_else_the_fewest_hexes() -> None:
    row = [(float(x), 0.0) for x in range(0, 1001, 50)]  # a long thin Zone
    area = (0.0, 0.0, 1000.0, 400.0)
    free = clear_fit(row, area, margin=0, top_clear=0, cover=None, reach=0, max_zoom=3)
    assert free.zoom == 1.0 and free.centre == (500.0, 0.0)
    # a panel over the left end of the middle row: the Zone goes down under it, as large
    low = clear_fit(row, area, margin=0, top_clear=0, cover=(0, 300, 150, 400), reach=0, max_zoom=3)
    assert low.zoom == 1.0 and low.covered == 0
    # a panel over the whole height on the left: it cannot be cleared within the zoom allowed
    wall = clear_fit(row, area, margin=0, top_clear=0, cover=(0, 400, 0, 400), reach=0, max_zoom=3)
    assert 1 - MAX_LOSS <= wall.zoom < 1.0 and 0 < wall.covered < len(row) * 0.4
    centred = covered(row, wall.zoom, (500.0, 0.0), area, (0, 400, 0, 400))
    assert wall.covered < centred  # moved right, away from the panel
    # a thin panel: a smaller zoom within the allowance clears it
    thin = clear_fit(row, area, margin=0, top_clear=0, cover=(0, 90, 0, 400), reach=0, max_zoom=3)
    assert thin.covered == 0 and 1 - MAX_LOSS <= thin.zoom < 1.0


def test_a_zone_too_big_for_the_least_zoom_is_still_shown_whole(win: StalkerWindow) -> None:
    view = to_board(win, start(win, SEATS))
    view.camera.set_area(0, 84, 200, 150)  # a tiny map area
    view.fit_camera()
    left, right, bottom, top = screen_box(view.camera, hex_corners(list(view.hexes)))
    assert left >= 0 and right <= 200 and bottom >= 84 and top <= 84 + 150
    view.camera.zoom_by(1 / 10)  # the wheel goes no further out than the whole Zone
    assert view.camera.zoom == view.camera.min_zoom


def layout_box(view: LayoutView) -> tuple[float, ...]:
    left, right, bottom, top = zone_bounds(view.zone)
    return screen_box(view.camera, [(left, bottom), (right, top)])


def test_the_layout_screen_fits_the_zone_again_after_each_placement_and_undo(
    win: StalkerWindow,
) -> None:
    session, view = village_placed(win)
    assert_whole_and_centred(view.camera, layout_box(view))
    for _ in range(3):
        frame(win, updates=2)
        good = sorted(view.slots()[0])
        assert good, "a slot the selected sector fits"
        x, y = slot_screen(view, good[0])
        placed = len(view.zone.placements)
        click(win, x, y)
        frame(win, updates=2)
        assert len(view.zone.placements) == placed + 1
        assert win.current_screen is view
        assert_whole_and_centred(view.camera, layout_box(view))
    key(win, arcade.key.U)
    frame(win, updates=2)
    assert_whole_and_centred(view.camera, layout_box(view))
    view.camera.zoom_by(2)
    key(win, arcade.key.HOME)
    assert_whole_and_centred(view.camera, layout_box(view))
    assert session.state.phase == "layout"
