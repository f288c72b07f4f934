"""Laying out by hand (TURN-4, MAP-4): the new-game option that only the humans place sectors,
the hint that follows R and F at once, and the ghost of a sector over a slot it does not fit."""

from __future__ import annotations

import arcade

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import GameSession, GameSpec, SeatSpec
from stalkerzone.client.screens.layout import LayoutView
from stalkerzone.client.screens.layout.ghost import GHOST_ALPHA, misfit_reason
from stalkerzone.client.screens.layout.hints import nowhere
from stalkerzone.client.screens.newgame import NewGameView
from stalkerzone.client.text import i18n
from stalkerzone.engine.play import PlaceSector
from stalkerzone.engine.zone import slot_neighbours
from tests.client.test_client_layout import slot_screen, start
from tests.support.window import click, click_button, frame, key, opened, shown


def village_placed(win: StalkerWindow) -> tuple[GameSession, LayoutView]:
    session = start(win)
    session.worker.synchronous = True
    village = next(a for a in session.legal_now() if isinstance(a, PlaceSector))
    session.act(PlaceSector(village.sector, "a", 0, (0, 0)))
    session.viewer = session.state.current_player
    session.show(win, handover=False)
    view = shown(win, LayoutView)
    frame(win, updates=2)
    return session, view


def test_r_and_f_refresh_the_hint_at_once_with_the_mouse_off_the_map(win: StalkerWindow) -> None:
    session, view = village_placed(win)
    legal = [a for a in session.legal_now() if isinstance(a, PlaceSector)]
    # seed 3: sector s03 fits nowhere face a turned 5 times, and somewhere turned 0 times
    assert not any((a.sector, a.face, a.rotation) == ("s03", "a", 5) for a in legal)
    view.selected, view.face, view.rotation = "s03", "a", 4
    view.hover_slot = None  # the mouse over the tray
    view.set_message("")
    key(win, arcade.key.R)
    assert view.rotation == 5 and view.message == nowhere(view) != ""  # no mouse move needed
    key(win, arcade.key.R)
    assert view.rotation == 0 and view.message == ""  # the old hint is gone
    key(win, arcade.key.F)
    expected = "" if view.slots()[0] else nowhere(view)
    assert view.face == "b" and view.message == expected


def test_a_slot_that_does_not_fit_shows_a_ghost_and_the_reason(win: StalkerWindow) -> None:
    session, view = village_placed(win)
    legal = [a for a in session.legal_now() if isinstance(a, PlaceSector)]
    sector = next(a.sector for a in legal if a.sector != "s03")
    view.selected = sector
    good: set[tuple[int, int]] = set()
    misfit = None
    for face in "ab":
        for rotation in range(6):
            view.face, view.rotation = face, rotation
            good, dead, other = view.slots()
            free = [s for s in slot_neighbours((0, 0)) if s in other - good - dead]
            if good and free:
                misfit = free[0]
                break
        if misfit is not None:
            break
    assert misfit is not None
    x, y = slot_screen(view, misfit)
    win.dispatch_event("on_mouse_motion", x, y, 0, 0)
    win.dispatch_events()
    frame(win)
    assert view.hover_slot == misfit
    assert view.preview_for == misfit and len(view.ghost_marks) > 0  # the faint sector
    action = PlaceSector(sector, view.face, view.rotation, misfit)
    assert view.message == i18n.t("layout.turn_it")  # roads do not meet this way: turn it
    reason = misfit_reason(session.state, action)  # the engine's refusal (MAP-4), in words
    assert "does not fit there: roads must connect" in reason
    assert GHOST_ALPHA < 215
    # a slot that fits: a full preview, no ghost marks
    fits = next(iter(good))
    x, y = slot_screen(view, fits)
    win.dispatch_event("on_mouse_motion", x, y, 0, 0)
    win.dispatch_events()
    frame(win)
    assert view.preview_for == fits and len(view.ghost_marks) == 0


def test_the_new_game_option_lets_only_humans_lay_out(win: StalkerWindow) -> None:
    view = opened(win.show_screen("newgame"), NewGameView)
    view.seats = [["Anna", None, "gromoboy"], ["Bot", "normal", "nosorog"]]
    view.zone_mode = "hand"
    view.rebuild()
    frame(win)
    click_button(win, i18n.t("newgame.humans_lay_out_off"))
    assert view.layout_by == "humans"
    spec = view.spec()
    assert spec is not None and spec.layout_by == "humans"
    session = GameSession.start(win.app, spec)
    session.worker.synchronous = True
    session.autosave_enabled = False
    state = session.state
    assert state.layout_by == "humans"
    for _ in range(3):  # the human places every time: the bot never gets a layout turn
        assert not session.is_bot()
        session.act(next(a for a in session.legal_now() if isinstance(a, PlaceSector)))
    assert not session.is_bot()
    spec_all = GameSpec(1, (SeatSpec("Anna", "gromoboy"), SeatSpec("Bot", "nosorog", "easy")))
    assert GameSession.start(win.app, spec_all).state.layout_by == "all"


def test_undo_puts_the_sector_taken_back_in_hand_as_it_lay(win: StalkerWindow) -> None:
    session, view = village_placed(win)
    for _ in range(2):  # two placements by clicks on a slot that fits, a turn tried first
        frame(win, updates=2)
        view.rotation = next(
            a.rotation
            for a in session.legal_now()
            if isinstance(a, PlaceSector) and a.sector == view.selected and a.face == view.face
        )
        view.marks_key = None
        frame(win)
        x, y = slot_screen(view, sorted(view.slots()[0])[-1])
        click(win, x, y)
        frame(win, updates=2)
    last = session.state.zone.placements[-1]
    other = next(s for s in view.remaining() if s != view.selected)
    box = next(b for sid, face, b in view.tray_boxes if sid == other and face == "b")
    click(win, (box[0] + box[1]) / 2, (box[2] + box[3]) / 2)  # another sector picked, face b
    assert (view.selected, view.face) == (other, "b")
    key(win, arcade.key.U)
    frame(win, updates=2)
    assert len(session.state.zone.placements) == 2 and win.current_screen is view
    assert (view.selected, view.face, view.rotation) == (last.sector, last.face, last.rotation)
    assert any(sid == last.sector and face == last.face for sid, face, _b in view.tray_boxes)
