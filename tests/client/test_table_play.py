"""What a new player met at the table, fixed: the layout screen names and outlines the sector
the other seat (a bot) placed last (TURN-4), and the hint bars wrap between hints, never inside
one ("U:" on one line and "undo" on the next)."""

from __future__ import annotations

import arcade

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import GameSession, GameSpec, SeatSpec
from stalkerzone.client.screens.layout import LayoutView
from stalkerzone.client.screens.layout.presenter import last_placed
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import text_fit
from stalkerzone.engine.actions import PlaceSector
from tests.support.text_walk import texts_of
from tests.support.window import current, frame, key, shown


def _layout(win: StalkerWindow, session: GameSession) -> LayoutView:
    session.show(win)
    if current(win).kind == "handover":
        key(win, arcade.key.SPACE)
    frame(win, updates=2)
    return shown(win, LayoutView)


def test_the_layout_names_and_outlines_the_sector_the_other_seat_placed(
    win: StalkerWindow,
) -> None:
    seats = (SeatSpec("Anna", "gromoboy"), SeatSpec("Boris", "nosorog"))
    session = GameSession.start(win.app, GameSpec(seed=3, seats=seats))
    session.autosave_enabled = False
    win.app.session = session
    first = session.state.current_player
    assert last_placed(session.record, first) is None  # nothing placed yet
    view = _layout(win, session)
    assert len(view.last_marks) == 0
    assert not any(t.text.endswith("(outlined)") for t in texts_of(view))
    place = next(a for a in session.legal_now() if isinstance(a, PlaceSector))
    session.act(place)
    now = session.state.current_player
    assert now != first
    assert last_placed(session.record, now) == (first, place)
    assert last_placed(session.record, first) is None  # one's own placement is not announced
    view = _layout(win, session)
    name = i18n.card_text(view.sectors[place.sector].name)
    said = i18n.t("table.last_placed", player=seats[first].name, sector=name)
    assert said in [t.text for t in texts_of(view)]
    assert len(view.last_marks) > 0  # its outline on the map
    i18n.set_language("ru")
    view.rebuild()
    frame(win)
    assert any("кладёт сектор" in t.text for t in texts_of(view))


def test_hint_bars_wrap_between_hints_never_inside_one(win: StalkerWindow) -> None:
    hints = "Click a slot to place · R / wheel: turn · U: undo"
    kept = text_fit.whole_items(hints)
    assert kept.split(" · ") == [
        "Click\u00a0a\u00a0slot\u00a0to\u00a0place",
        "R\u00a0/\u00a0wheel:\u00a0turn",
        "U:\u00a0undo",
    ]
    seats = (SeatSpec("Anna", "gromoboy"), SeatSpec("Boris", "nosorog"))
    session = GameSession.start(win.app, GameSpec(seed=3, seats=seats))
    session.autosave_enabled = False
    win.app.session = session
    view = _layout(win, session)
    wrapped = text_fit.whole_items(i18n.t("layout.keys"))
    bar = next(t for t in texts_of(view) if t.text == wrapped)
    assert bar.multiline  # it may wrap, and then only at a " · "
    for item in bar.text.split(" · "):
        assert " " not in item, item
