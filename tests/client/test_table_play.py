"""What a new player met at the table, fixed: the layout screen names and outlines the sector
the other seat (a bot) placed last (TURN-4), the hint bars wrap between hints, never inside
one ("U:" on one line and "undo" on the next), the turn log says whose anomaly roll it was
(ANOM-1), the current stalker's name is not cut in the stalkers list, and the fight's result
names the trophy's colour as the colour-blind setting says (TROPHY-1)."""

from __future__ import annotations

import arcade

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import GameSession, GameSpec, LogLine, SeatSpec
from stalkerzone.client.screens.board import BoardView
from stalkerzone.client.screens.board.presenter import log_line
from stalkerzone.client.screens.fight.fight_result import results
from stalkerzone.client.screens.layout import LayoutView
from stalkerzone.client.screens.layout.presenter import last_placed
from stalkerzone.client.text import engine_text, i18n
from stalkerzone.client.text.card_words import colour_name
from stalkerzone.client.widgets import text_fit
from stalkerzone.engine.core import Note
from stalkerzone.engine.fight import start_fight
from stalkerzone.engine.play import PlaceSector
from tests.client.test_fight_presenter import at_decision, held_in
from tests.support.fights import ATTACK, monster, script, stalker
from tests.support.game import fresh
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
    one_line = text_fit.text_width(hints, 10)
    assert text_fit.wrap_items(hints, one_line + 10, 10) == hints
    narrow = text_fit.wrap_items(
        hints, text_fit.text_width("R / wheel: turn · U: undo", 10) + 3, 10
    )
    assert narrow == "Click a slot to place ·\nR / wheel: turn · U: undo"
    seats = (SeatSpec("Anna", "gromoboy"), SeatSpec("Boris", "nosorog"))
    session = GameSession.start(win.app, GameSpec(seed=3, seats=seats))
    session.autosave_enabled = False
    win.app.session = session
    view = _layout(win, session)
    hints = i18n.t("layout.keys")
    items = hints.split(" · ")
    bar = next(t for t in texts_of(view) if t.text.replace("·\n", "· ") == hints)
    assert "\n" in bar.text  # 1280 px wide: two lines, broken between two hints
    for line in bar.text.split("\n"):
        assert all(part in items for part in line.rstrip(" ·").split(" · ")), line
        assert text_fit.text_width(line, 10) <= (bar.width or 0)  # pyglet breaks it no further
    board_hints = i18n.t("board_ux.keys")
    assert text_fit.wrap_items(board_hints, 400, 10).replace("·\n", "· ") == board_hints


def test_the_turn_log_says_whose_anomaly_roll_it_was(win: StalkerWindow) -> None:
    rolled = Note(
        "ANOM-1",
        "anomaly_damage",
        "rolled 1: anomaly damage 2, defence does not help",
        face=1,
        damage=2,
    )
    assert log_line(rolled, None) is rolled  # no roller known: the engine's words
    said = engine_text.words(log_line(rolled, None, "Bot 3"))
    assert said == "Bot 3 rolls 1 at the anomaly: damage 2, defence does not help"
    nothing = Note("ANOM-1", "anomaly_nothing", "rolled 4: nothing happens", face=4)
    i18n.set_language("ru")
    assert engine_text.words(log_line(nothing, None, "Анна")).startswith("Анна: бросок 4")
    i18n.set_language("en")
    # on the board: the side panel's log names the roller
    seats = (SeatSpec("Anna", "gromoboy"), SeatSpec("Boris", "nosorog"))
    session = GameSession.start(win.app, GameSpec(seed=5, seats=seats, zone_mode="free"))
    session.autosave_enabled = False
    session.worker.synchronous = True
    win.app.session = session
    session.log.append(LogLine(session.state.turn, "Anna", rolled))
    session.show(win)
    if current(win).kind == "handover":
        key(win, arcade.key.SPACE)
    frame(win, updates=2)
    board = shown(win, BoardView)
    assert any("Anna rolls 1 at the anomaly" in t.text for t in texts_of(board))


def test_the_stalkers_list_shrinks_a_name_before_it_cuts_it(win: StalkerWindow) -> None:
    """The current stalker's row ("→ 2. Player 2") lost its name to "Play…" next to a long
    standing line (1000 gr): it now shrinks to fit first."""
    seats = (SeatSpec("Player 1", "gromoboy"), SeatSpec("Player 2", "nosorog"))
    session = GameSession.start(win.app, GameSpec(seed=5, seats=seats, zone_mode="free"))
    session.autosave_enabled = False
    session.worker.synchronous = True
    win.app.session = session
    session.show(win)
    if current(win).kind == "handover":
        key(win, arcade.key.SPACE)
    frame(win, updates=2)
    board = shown(win, BoardView)
    me = session.state.current_player
    row = f"→ {me + 1}. {seats[me].name}"
    assert row in [t.text for t in texts_of(board)]


def test_the_fight_result_names_the_trophy_colour_as_the_setting_says() -> None:
    """The Victory box said "(green)" while the monster panel said "green !": both follow the
    colour-blind setting now."""
    fight = at_decision(start_fight(stalker(health=20, attack="1d6"), monster(health=(1, 1, 1))))
    done = script(fight, [ATTACK, 6])
    state = fresh(3)
    held = held_in(state, done)
    marked = colour_name(held.colour, True)
    plain = colour_name(held.colour, False)
    assert marked != plain
    assert any(f"({marked})" in line for line in results(held, state, symbols=True).lines)
    assert not any(marked in line for line in results(held, state).lines)
    assert any(f"({plain})" in line for line in results(held, state, symbols=False).lines)
