"""Laying out by hand through real input (TURN-4): a click places on the slot under the cursor
at the time of the click, a refused or still-checking click changes nothing and says why, the
view fits the grown Zone again after a placement, "deal the rest" asks first, and a face or turn
that fits nowhere says which one would."""

from __future__ import annotations

import arcade
import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import GameSession
from stalkerzone.client.screens.layout import LayoutView
from stalkerzone.client.screens.layout.presenter import fit_hint
from stalkerzone.engine.play import PlaceSector
from tests.client.test_client_layout import slot_screen, start
from tests.client.test_map_fit import assert_whole_and_centred, layout_box
from tests.support.window import click, click_button, frame, key, shown


def placed_two(win: StalkerWindow) -> tuple[GameSession, LayoutView]:
    session = start(win)
    session.worker.synchronous = True
    for _ in range(2):
        legal = [a for a in session.legal_now() if isinstance(a, PlaceSector)]
        session.act(legal[0])
    session.viewer = session.state.current_player
    session.show(win, handover=False)
    view = shown(win, LayoutView)
    frame(win, updates=2)
    return session, view


def move(win: StalkerWindow, x: float, y: float) -> None:
    win.dispatch_event("on_mouse_motion", x, y, 0, 0)
    win.dispatch_events()
    frame(win)


def good_slots(view: LayoutView) -> list[tuple[int, int]]:
    legal, _dead, _other = view.slots()
    return sorted(legal)


def test_a_click_places_on_the_slot_under_the_cursor_and_the_view_fits_again(
    win: StalkerWindow,
) -> None:
    session, view = placed_two(win)
    legal = [a for a in session.legal_now() if isinstance(a, PlaceSector)]
    mine = [a for a in legal if a.sector == view.selected]
    view.face, view.rotation = mine[0].face, mine[0].rotation
    view.marks_key = None
    frame(win)
    slots = good_slots(view)
    assert len(slots) >= 2
    a, b = slots[0], slots[-1]
    move(win, *slot_screen(view, a))
    assert view.hover_slot == a
    bx, by = slot_screen(view, b)
    move(win, bx, by)
    click(win, bx, by)
    frame(win, updates=2)
    last = session.state.zone.placements[-1]
    assert len(session.state.zone.placements) == 3 and last.slot == b
    shown(win, LayoutView).build()
    assert_whole_and_centred(view.camera, layout_box(view))  # the grown Zone, whole


def test_a_click_on_a_refused_slot_changes_nothing_and_says_why(win: StalkerWindow) -> None:
    session, view = placed_two(win)
    _legal, _dead, other = view.slots()
    target = sorted(other)[0]
    before = session.state
    x, y = slot_screen(view, target)
    move(win, x, y)
    click(win, x, y)
    frame(win)
    assert session.state is before
    assert "turn it" in view.message


def test_a_click_while_the_slots_are_checked_is_answered_not_queued(
    win: StalkerWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    session, view = placed_two(win)
    slot = good_slots(view)[0]
    before = session.state
    monkeypatch.setattr(session, "legal", lambda: None)  # the foresight is not back yet
    x, y = slot_screen(view, slot)
    click(win, x, y)
    assert "Still checking this slot" in view.message
    monkeypatch.undo()
    frame(win, updates=2)
    assert session.state is before  # the click was answered, not queued for later


def test_deal_the_rest_asks_and_escape_cancels(win: StalkerWindow) -> None:
    session, view = placed_two(win)
    click_button(win, "Deal the rest")
    frame(win)
    view = shown(win, LayoutView)
    assert view.confirming
    assert "Deal the remaining 8 sectors at random? Your placed sectors stay." in view.question.text
    key(win, arcade.key.ESCAPE)
    frame(win)
    assert not view.confirming and not view.dealing
    assert len(session.state.zone.placements) == 2
    key(win, arcade.key.D)
    assert view.confirming
    key(win, arcade.key.Y)
    assert view.dealing and not view.confirming


def test_no_fitting_slot_says_which_turn_or_face_would() -> None:
    legal = (PlaceSector("s1", "a", 2, (1, 0)), PlaceSector("s1", "b", 0, (0, 1)))
    assert fit_hint(legal, "s1", "a", 2) == ""
    assert "turn it 2×" in fit_hint(legal, "s1", "a", 0)
    assert "turn it 1×" in fit_hint(legal, "s1", "a", 1)
    only_b = (PlaceSector("s1", "b", 0, (0, 1)),)
    assert "flip it to face b" in fit_hint(only_b, "s1", "a", 3)
    assert "fits nowhere" in fit_hint((), "s1", "a", 0)


@pytest.mark.slow
def test_dealt_sectors_are_logged_as_dealt_not_placed_by_a_seat(win: StalkerWindow) -> None:
    session, _view = placed_two(win)
    key(win, arcade.key.D)
    key(win, arcade.key.ENTER)
    for _ in range(200):
        frame(win)
        if session.state.phase != "layout":
            break
    assert len(session.state.zone.placements) == 10
    keys = [getattr(line.text, "key", "") for line in session.log]
    assert keys.count("sector_placed") == 2 and keys.count("sector_dealt") == 8
    dealt = next(line for line in session.log if getattr(line.text, "key", "") == "sector_dealt")
    assert "Anna" not in str(dealt.text) and "Boris" not in str(dealt.text)
