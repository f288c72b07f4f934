"""The anomaly roll on the board (ANOM-1) is drawn as dice: the table's d6 with its pips and
the damage dice with the faces the engine recorded in its note (DMG-4)."""

from __future__ import annotations

from dataclasses import replace

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.screens.board.anomaly_dice import anomaly_roll
from stalkerzone.client.screens.board.screen import BoardView
from stalkerzone.engine.core import AnomalyOutcome, Dice, Note, Site
from stalkerzone.engine.play import Move
from tests.client.test_client_screens import set_state, start
from tests.client.test_fight_recorded_dice import pips_match
from tests.support.game import hex_of, next_to
from tests.support.window import frame, pixels, shown

ALL = frozenset(range(1, 7))


def test_an_anomaly_note_gives_its_dice() -> None:
    note = Note("ANOM-1", "anomaly_damage", "x", face=4, damage=9, damage_dice="2d6+1")
    assert anomaly_roll(note) is not None and anomaly_roll(note)[1] is None  # type: ignore[index]
    note = Note(
        "ANOM-1", "anomaly_damage", "x", face=4, damage=9, damage_dice="2d6+1", damage_faces="3,5"
    )
    rolled = anomaly_roll(note)
    assert rolled is not None
    table, damage = rolled
    assert table.faces == (4,) and table.equation == ""
    assert damage is not None and damage.faces == (3, 5) and damage.equation == "3 + 5 + 1 = 9"
    assert anomaly_roll("ANOM-1: rolled 4: nothing happens") is None  # read from a save: no key
    assert anomaly_roll(Note("BASE-2", "buy", "x", face=3)) is None


def test_the_board_draws_the_recorded_anomaly_dice(win: StalkerWindow) -> None:
    session = start(win)
    state = session.state
    state.ctx.variant = replace(
        state.variant, anomaly_table=(AnomalyOutcome(ALL, "damage", Dice.parse("2d6")),)
    )
    target = hex_of(state, Site.ANOMALY)
    set_state(session, replace(next_to(state, state.current_player, target), rng=5))
    view = win.show_screen("board")
    frame(win)
    session.act(Move(target))
    frame(win, updates=2)
    board = shown(win, BoardView)
    (note,) = [n for n in session.state.notes if getattr(n, "key", "") == "anomaly_damage"]
    params = dict(note.params)  # type: ignore[attr-defined]
    faces = tuple(int(f) for f in str(params["damage_faces"]).split(","))
    assert board is view and board.anomaly_dice.active
    shown_now = board.anomaly_dice.shown
    assert shown_now is not None
    table, damage = shown_now
    assert table.faces == (params["face"],)
    assert damage is not None and damage.faces == faces  # the note's faces, nothing made up
    image = pixels(win)
    for dice, area in (
        (table, board.anomaly_dice.table_dice),
        (damage, board.anomaly_dice.damage_dice),
    ):
        for die, (x, y, size) in zip(dice.dice, area.spots, strict=True):
            assert pips_match(image, win, x, y, size, die.face), die
    assert "anomaly" in win.sound.requested  # the window heard the note
    order: list[str] = []  # the roll is drawn over the goal panel and the tips
    roll, aloft = board.anomaly_dice.draw, board.draw_aloft

    def rolled(map_left: float, map_right: float, map_top: float) -> None:
        order.append("roll")
        roll(map_left, map_right, map_top)

    def overlays() -> None:
        order.append("overlays")
        aloft()

    board.anomaly_dice.draw = rolled  # type: ignore[method-assign]
    board.draw_aloft = overlays  # type: ignore[method-assign]
    frame(win, updates=0)
    assert order == ["overlays", "roll"]
    board.anomaly_dice.draw, board.draw_aloft = roll, aloft  # type: ignore[method-assign]
    frame(win, updates=40, dt=0.1)  # a few seconds later the strip is gone
    assert not board.anomaly_dice.active
