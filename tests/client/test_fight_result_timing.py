"""A fight's end is told once, when its dice have settled (FIGHT-2, TROPHY-1): while the last
rolls are still shown the odds panel and the buttons say nothing of the outcome and no result
box is open; then one result box, and back on the board no second pop-up of the trophy."""

from __future__ import annotations

import arcade
import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.screens.board import BoardView
from stalkerzone.client.screens.fight.screen import FightView
from stalkerzone.client.screens.fight.steps import outcome_key
from stalkerzone.client.text.card_words import t
from tests.client.test_client_screens import into_fight
from tests.support.window import frame, key, shown


def win_the_fight(win: StalkerWindow, view: FightView) -> None:
    """Attack (as the A key does) until the decision that ends the fight has been sent; the
    dice of that decision are still to be shown."""
    session = view.session
    assert session is not None
    for _ in range(60):
        view.skip()
        frame(win, updates=0)
        if session.state.phase != "fight":
            return
        assert view.playing()
        key(win, arcade.key.A)
        frame(win, updates=0)
        if session.state.phase != "fight":
            return
    raise AssertionError("the fight did not end in 60 attacks")


@pytest.mark.slow  # over a second: a whole fight played through
def test_the_outcome_waits_for_the_dice_and_one_result_box_tells_the_trophy(
    win: StalkerWindow,
) -> None:
    session = into_fight(win, "blind-mole")
    view = shown(win, FightView)
    win_the_fight(win, view)
    fight = view.fight
    assert fight is not None and fight.is_terminal and view.queue.busy  # the last dice roll
    page = view.page
    assert page is not None and view.result is None and view.result_box is None
    outcome = t(outcome_key(fight.outcome))
    assert page.odds.outcome == ""
    assert all(outcome not in b.reason for b in page.buttons)
    assert outcome not in " ".join(text.text for text in view._texts)
    for _ in range(400):  # the dice roll on at their own pace
        frame(win)
        if not view.queue.busy:
            break
    assert not view.queue.busy and view.result is not None
    assert view.page is not None and view.page.odds.outcome == outcome
    trophy = fight.outcome == "win"
    assert not trophy or any(line.startswith("Trophy") for line in view.result.lines)
    key(win, arcade.key.SPACE)  # Continue
    frame(win, updates=2)
    board = shown(win, BoardView)
    assert session.state.phase == "turn"
    frame(win, updates=3)
    assert not board.reveals.pending  # the result box told the trophy: no second pop-up
    assert not any(r.kind == "trophy" for r in board.reveals.shown)


def test_a_fight_decision_reveals_no_trophy_the_result_box_tells() -> None:
    from dataclasses import replace

    from stalkerzone.client.screens.reveal import presenter
    from stalkerzone.engine.core import Note
    from tests.support.game import fresh

    state = fresh(3)
    name = state.players[state.current_player].name
    trophy = Note("TROPHY-1", "trophy_taken", "x", player=name, card="blind-dog", colour="red")
    after = replace(state, notes=(trophy,))
    assert [r.kind for r in presenter.reveals(state, after)] == ["trophy"]  # e.g. an event
    in_fight = replace(state, phase="fight")
    assert presenter.reveals(in_fight, after) == []
