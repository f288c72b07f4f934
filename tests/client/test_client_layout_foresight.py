"""The layout screen's dead-end foresight (TURN-4) through real input: a dead-end slot is
crossed out, hovering it says in words what it would cut off, a click on it is refused with
the reason and changes nothing."""

from __future__ import annotations

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import GameSession, GameSpec, SeatSpec
from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.render.zone_layer import HEX
from stalkerzone.client.screens.layout import LayoutView
from stalkerzone.engine.play import PlaceSector
from stalkerzone.engine.turn import foresight
from stalkerzone.engine.zone import Placement, slot_centre
from tests.support.window import frame, shown

PLACED_BY_HAND = 7


def laid_out(win: StalkerWindow) -> tuple[GameSession, LayoutView]:
    seats = (SeatSpec("Anna", "gromoboy"), SeatSpec("Boris", "nosorog"))
    session = GameSession.start(win.app, GameSpec(seed=3, seats=seats))
    session.autosave_enabled = False
    session.worker.synchronous = True
    win.app.session = session
    for k in range(PLACED_BY_HAND):
        legal = [a for a in session.legal_now() if isinstance(a, PlaceSector)]
        session.act(legal[(k * 7919) % len(legal)])
    session.viewer = session.state.current_player
    session.show(win, handover=False)
    view = shown(win, LayoutView)
    frame(win, updates=2)
    return session, view


def test_hovering_a_dead_end_says_what_it_cuts_off_and_a_click_is_refused(
    win: StalkerWindow,
) -> None:
    session, view = laid_out(win)
    found = None
    for sector in sorted(view.placeable()):
        view.selected = sector
        for face in ("a", "b"):
            for rotation in range(6):
                view.face, view.rotation = face, rotation
                _good, dead, _ = view.slots()
                verdicts = foresight(session.state).sector_verdicts(session.state.zone, sector)
                proven = [
                    s
                    for s in sorted(dead)
                    if verdicts.verdicts[Placement(sector, face, rotation, s)] is False
                ]
                if proven:
                    found = proven[0]
                    break
            if found:
                break
        if found:
            break
    assert found is not None, "a half-built Zone has proven dead ends"
    view.marks_key = None
    x, y = view.camera.to_screen(*hexgeom.world(*slot_centre(found), HEX))
    view.on_mouse_motion(round(x), round(y), 0, 0)
    frame(win, updates=2)
    text = view.message
    assert text.startswith("Not here:"), text
    assert " s0" not in text and " s1" not in text and "slot (" not in text and "MAP-" not in text
    names = [s.name.get("en") for s in session.sectors] + ["Village", "remaining sectors"]
    assert any(name in text for name in names), text
    before = session.state.zone
    view.place(found)
    assert session.state.zone == before
    assert view.message.startswith("Refused:") and "turn it (R)" in view.message
