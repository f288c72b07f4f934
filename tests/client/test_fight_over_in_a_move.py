"""A fight that ends within the move that began it (FIGHT-3: a monster striking first kills a
stalker on its last health before any decision) is shown played out on the fight screen with
its result, as any fight is: a play-tester's stalker died with no fight and no death box on
screen, the death only in the log."""

from __future__ import annotations

from dataclasses import replace

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.screens.board import BoardView
from stalkerzone.client.screens.fight.screen import FightView
from stalkerzone.engine.play import Move, card_id
from tests.client.test_client_screens import set_state, start
from tests.support.game import edit
from tests.support.window import frame, key, opened


def test_a_stalker_killed_by_a_first_strike_sees_the_fight_and_its_result(
    win: StalkerWindow,
) -> None:
    import arcade

    for seed in range(3, 40):
        session = start(win, seed)
        state = session.state
        inst = next(c for c in state.decks.monsters if card_id(c) == "leshak")  # strikes first
        rest = tuple(c for c in state.decks.monsters if c != inst)
        state = replace(state, decks=replace(state.decks, monsters=(inst, *rest)))
        set_state(session, edit(state, state.current_player, health=1))
        zone = session.state.zone_map
        moves = [
            a
            for a in session.legal_now()
            if isinstance(a, Move) and str(zone.hexes[a.to].site or "").startswith("danger")
        ]
        if moves:
            break
    else:
        raise AssertionError("no danger in reach on any seed")
    board = opened(win.show_screen("board"), BoardView)
    key(win, arcade.key.SPACE)  # the banner over the dealt Zone
    frame(win)
    board.do(moves[0])
    assert session.state.fight is None and session.state.last_fight is not None  # over at once
    for _ in range(600):  # the walk, then the fight screen
        frame(win)
        if isinstance(win.current_screen, FightView):
            break
    fight = opened(win.current_screen, FightView)
    assert fight.fight is not None and fight.fight.is_terminal
    for _ in range(900):  # its dice played out, then its result
        frame(win)
        if fight.result is not None:
            break
    assert fight.result is not None
    assert session.fight_ended_by_last_move() is False  # shown once, not again on return
