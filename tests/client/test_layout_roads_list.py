"""The layout screen's road line (MAP-5, TURN-4) says what the engine's road rule says about
the Zone as it stands, after every placement, undo, turn and flip, in plain words."""

from __future__ import annotations

import arcade
import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import GameSession, GameSpec, SeatSpec
from stalkerzone.client.screens.layout import LayoutView
from stalkerzone.client.text import i18n
from stalkerzone.engine.play import PlaceSector
from stalkerzone.engine.zone import Placement, Zone, check_zone
from tests.support.window import frame, key, shown


def unreached(session: GameSession, zone: Zone) -> list[str]:
    """The sectors the engine finds with no road from the Village (MAP-5), by name."""
    by_id = {s.id: s for s in session.sectors}
    names = []
    for problem in check_zone(zone, session.sectors):
        if problem.message == "not reachable by road from the Village sector":
            sid = problem.where.split(" ")[0][:-1]  # "<sector><face> @slot"
            names.append(i18n.card_text(by_id[sid].name))
    return names


def road_line(view: LayoutView) -> str:
    """The checklist's road line as the screen shows it (the only line that names roads)."""
    starts = (i18n.t("foresight.roads_joined"), i18n.t("foresight.roads_open", names="")[:12])
    found = [
        t.text
        for t in view._texts
        if t.text.startswith(("● ", "○ ")) and t.text[2:].startswith(starts)
    ]
    assert len(found) == 1, [t.text for t in view._texts]
    return found[0]


def expect(view: LayoutView, session: GameSession) -> None:
    names = unreached(session, session.state.zone)
    line = road_line(view)
    if names:
        assert line == "○ " + i18n.t("foresight.roads_open", names=", ".join(names)), line
    else:
        assert line == "● " + i18n.t("foresight.roads_joined"), line


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_road_line_follows_every_placement_undo_turn_and_flip(
    win: StalkerWindow, lang: str
) -> None:
    i18n.set_language(lang)
    try:
        seats = (SeatSpec("Anna", "gromoboy"), SeatSpec("Boris", "nosorog"))
        session = GameSession.start(win.app, GameSpec(seed=3, seats=seats, zone_mode="hand"))
        session.worker.synchronous = True
        session.autosave_enabled = False
        win.app.session = session
        session.show(win)
        view = shown(win, LayoutView)
        frame(win)
        expect(view, session)
        seen_open = False
        for _ in range(9):  # the Village lies; nine more, the last leaves the screen
            legal = [a for a in session.legal_now() if isinstance(a, PlaceSector)]
            zone = session.state.zone
            # a placement that leaves a sector without a road from the Village, when one may
            cut = [a for a in legal if unreached(session, zone.place(placement(a)))]
            action = (cut or legal)[0]
            session.act(action)
            session.show(win)
            if session.state.phase != "layout":
                break
            frame(win)
            expect(view, session)
            if unreached(session, session.state.zone):
                seen_open = True
                key(win, arcade.key.R)  # turning and flipping the sector in hand change
                key(win, arcade.key.F)  # nothing of the Zone: the line stays as it is
                frame(win)
                expect(view, session)
                key(win, arcade.key.U)  # taken back: the line is the one before it
                frame(win)
                expect(view, session)
                session.act(action)
                session.show(win)
                frame(win)
                expect(view, session)
        assert seen_open  # the open case was met, not only the joined one
    finally:
        i18n.set_language("en")


def placement(action: PlaceSector) -> Placement:
    return Placement(action.sector, action.face, action.rotation, action.slot)
