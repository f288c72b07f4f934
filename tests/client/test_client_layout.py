"""Laying out the Zone by hand (TURN-4) through real input: outlines where the engine says,
hover preview, flip and turn, placing, undo, the hand-over between two humans."""

from __future__ import annotations

from typing import Any

import arcade
import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import GameSession, GameSpec, SeatSpec
from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.render.zone_layer import HEX, side_points
from stalkerzone.client.screens.layout import BORDER, LayoutView
from stalkerzone.client.widgets import theme
from stalkerzone.engine.play import PlaceSector
from stalkerzone.engine.zone import Hex, check_zone, slot_centre
from tests.support.window import click, click_button, current, frame, key, pixel, pixels, shown


def start(win: StalkerWindow, seats: tuple[SeatSpec, ...] | None = None) -> GameSession:
    seats = seats or (SeatSpec("Anna", "gromoboy"), SeatSpec("Boris", "nosorog"))
    session = GameSession.start(win.app, GameSpec(seed=3, seats=seats))
    session.autosave_enabled = False
    win.app.session = session
    session.viewer = session.state.current_player
    return session


def slot_screen(view: LayoutView, slot: tuple[int, int]) -> tuple[float, float]:
    x, y = hexgeom.world(*slot_centre(slot), HEX)
    return view.camera.to_screen(x, y)


def border_point(view: Any, slot: tuple[int, int]) -> tuple[int, int]:
    """A window pixel on the outline of ``slot`` (middle of one outer side)."""
    c = slot_centre(slot)
    local, side = BORDER[0]
    (ax, ay), (bx, by) = side_points(Hex(local.q + c.q, local.r + c.r), side, HEX)
    sx, sy = view.camera.to_screen((ax + bx) / 2, (ay + by) / 2)
    return round(sx), round(sy)


def view_of(win: StalkerWindow) -> LayoutView:
    return shown(win, LayoutView)


def near(colour: Any, target: Any, tolerance: int = 40) -> bool:
    return all(
        abs(int(a) - int(b)) <= tolerance for a, b in zip(colour[:3], target[:3], strict=True)
    )


def test_client_layout_outlines_the_legal_slot_the_engine_gives(win: StalkerWindow) -> None:
    session = start(win)
    session.worker.synchronous = True
    session.show(win, handover=False)
    view = shown(win, LayoutView)
    assert view.kind == "layout"
    frame(win, updates=2)
    legal = [a for a in session.legal_now() if isinstance(a, PlaceSector)]
    assert view.selected == legal[0].sector  # the Village sector comes first
    mine = {tuple(a.slot) for a in legal if (a.face, a.rotation) == (view.face, view.rotation)}
    assert mine == {(0, 0)}
    image = pixels(win)
    x, y = border_point(view, (0, 0))
    found = [
        pixel(image, x + dx, win.height - 1 - (y + dy)) for dx in (-2, 0, 2) for dy in (-2, 0, 2)
    ]
    assert any(near(p, theme.ACCENT) for p in found)
    # far from any slot nothing is outlined
    corner = pixel(image, view.tray_w + 30, 200)
    assert not near(corner, theme.ACCENT)


def test_client_layout_flip_turn_hover_and_place(win: StalkerWindow) -> None:
    session = start(win)
    session.worker.synchronous = True
    session.show(win, handover=False)
    view = shown(win, LayoutView)
    frame(win, updates=2)
    key(win, arcade.key.F)
    assert view.face == "b"
    click(win, view.tray_w + 200, 300, button=arcade.MOUSE_BUTTON_RIGHT)
    assert view.face == "a"
    key(win, arcade.key.R)
    assert view.rotation == 1
    win.dispatch_event("on_mouse_scroll", 700, 400, 0, -1)
    win.dispatch_events()
    assert view.rotation == 0
    x, y = slot_screen(view, (0, 0))
    win.dispatch_event("on_mouse_motion", x, y, 0, 0)
    win.dispatch_events()
    frame(win)
    assert view.hover_slot == (0, 0) and view.preview_for == (0, 0)
    assert "Fits" in view.message
    before = session.state.current_player
    click(win, x, y)
    frame(win)
    placed = session.state.zone.placements
    assert [(p.face, p.rotation, p.slot) for p in placed] == [("a", 0, (0, 0))]
    assert session.state.current_player != before
    assert win.current_screen is view  # nothing is hidden while laying out: no hand-over page
    assert session.viewer == session.state.current_player
    assert session.state.players[session.state.current_player].name in view._texts[0].text


def test_client_layout_undo_takes_the_placement_back(win: StalkerWindow) -> None:
    session = start(win)
    session.worker.synchronous = True
    session.show(win, handover=False)
    frame(win, updates=2)
    village = next(a for a in session.legal_now() if isinstance(a, PlaceSector))
    session.act(PlaceSector(village.sector, "a", 0, (0, 0)))
    session.show(win, handover=False)
    view = shown(win, LayoutView)
    assert view.kind == "layout" and len(session.state.zone.placements) == 1
    session.worker.synchronous = False  # the next legal placements compute in the background
    key(win, arcade.key.U)
    assert len(session.state.zone.placements) == 0
    assert session.state.current_player == session.state.first_player


@pytest.mark.slow
def test_client_layout_deal_the_rest_finishes_a_valid_zone(win: StalkerWindow) -> None:
    session = start(win)
    session.worker.synchronous = True
    session.show(win, handover=False)
    frame(win, updates=2)
    click_button(win, "Deal the rest")
    frame(win)
    assert view_of(win).confirming and not view_of(win).dealing  # asked first
    key(win, arcade.key.ENTER)
    for _ in range(200):
        frame(win)
        if session.state.phase != "layout":
            break
    assert session.state.phase == "turn"
    assert len(session.state.zone.placements) == 10
    assert check_zone(session.state.zone, session.sectors) == ()
    frame(win)
    assert current(win).kind in ("board", "handover")


def test_the_tray_fills_its_column_as_sectors_are_placed(win: StalkerWindow) -> None:
    """TURN-4: the tray of sectors still to place fills the column above the checklist: two
    sectors a row while many are left, one a row with larger thumbnails once few are, and the
    rules of laying in short in a band the thumbnails leave when it holds them, the rows spread
    over what is left (no wide empty band under the tray)."""
    from stalkerzone.client.screens.layout.tray import THUMB, tray_grid
    from stalkerzone.client.text import i18n

    cols, size = tray_grid(10, 316, 480)
    assert cols == 2 and size == pytest.approx(min(THUMB, (480 / 5 - 34) / 8.4))
    cols, size = tray_grid(4, 316, 480)
    assert cols == 1 and size > THUMB
    session = start(win)
    session.worker.synchronous = True
    placed = 0
    for left in (6, 4, 2):
        view = win.show_screen("layout")
        assert isinstance(view, LayoutView)
        while len(view.remaining()) > left:
            places = [a for a in session.legal_now() if isinstance(a, PlaceSector)]
            session.act(places[0])
            placed += 1
        view = win.show_screen("layout")
        assert isinstance(view, LayoutView)
        frame(win)
        lowest = min(box[2] for _sid, _face, box in view.tray_boxes)
        how = [t for t in view._texts if t.text == i18n.t("layout.how_to_lay")]
        used = how[0].content_height + theme.px(8) if how else 0.0
        band = lowest - view.check_box[3] - used
        assert band < theme.px(90), (left, band)
    assert placed


def test_the_trays_picture_turns_with_the_sector_in_hand_and_faces_keep_apart(
    win: StalkerWindow,
) -> None:
    """MAP-4: R turns the sector in hand; its two faces in the tray are drawn turned the same
    way (six turns: as dealt again); the faces of a row never touch."""
    session = start(win)
    view = win.show_screen("layout")
    assert isinstance(view, LayoutView)
    while len(view.remaining()) > 2:  # the last two: one sector a row, the largest pictures
        session.act(next(a for a in session.legal_now() if isinstance(a, PlaceSector)))
    view = win.show_screen("layout")
    assert isinstance(view, LayoutView)
    frame(win)
    boxes = {(sid, face): box for sid, face, box in view.tray_boxes}
    for sid in view.remaining():
        assert boxes[sid, "a"][1] + theme.px(4) < boxes[sid, "b"][0], "the two faces touch"
    held = view.selected
    assert held is not None
    left, right, bottom, top = boxes[held, "b"]
    crop = (int(left), int(win.height - top), int(right), int(win.height - bottom))
    before = pixels(win).crop(crop)
    key(win, arcade.key.R)
    frame(win)
    assert view.rotation == 1 and pixels(win).crop(crop) != before
    for _ in range(5):
        key(win, arcade.key.R)
    frame(win)
    assert view.rotation == 0 and pixels(win).crop(crop) == before
