"""A state change from outside the shown screen (a bot, the host of a network game) refreshes the
open fight, base and stalker screens in place: the same view object, told through
``state_changed``, showing the new state; a fight is not replayed from its first step."""

from __future__ import annotations

from collections.abc import Callable

import arcade
import pytest

from stalkerzone.client.app.base_view import BaseView
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import GameSession
from stalkerzone.client.screens.bases.screen import BaseScreen
from stalkerzone.client.screens.fight.screen import FightView
from stalkerzone.client.screens.stalker.screen import StalkerView
from stalkerzone.engine.play import Buy, FightDecision, card_id
from tests.client.test_client_screens import into_fight, start
from tests.support.window import current, frame, key, opened, shown


def counted(view: BaseView, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the calls of ``view.state_changed`` (it still runs)."""
    calls: list[int] = []
    original: Callable[[], None] = view.state_changed

    def state_changed() -> None:
        calls.append(1)
        original()

    monkeypatch.setattr(view, "state_changed", state_changed)
    return calls


def attack_from_outside(session: GameSession, win: StalkerWindow) -> None:
    """The fight's next decision made elsewhere (not by the screen), then shown."""
    decision = next(
        a for a in session.legal_now() if isinstance(a, FightDecision) and a.action == "attack"
    )
    session.act(decision)
    session.show(win)


def test_a_state_change_follows_the_open_fight_in_place(
    win: StalkerWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = into_fight(win, "gorynych")
    view = shown(win, FightView)
    key(win, arcade.key.SPACE)  # the opening steps shown
    frame(win)
    assert session.state.fight is not None and not view.queue.busy
    shown_before = len(view.log)
    calls = counted(view, monkeypatch)
    attack_from_outside(session, win)
    assert win.current_screen is view and calls == [1]
    assert view.held is session.view.fight or view.held is session.view.last_fight
    # only the new steps are queued, the ones shown are not replayed
    assert view.queue.busy and len(view.log) == shown_before
    view.skip()
    held = session.view.fight or session.view.last_fight
    assert held is not None and len(view.log) > shown_before
    assert view.shown_health == (held.fight.stalker_health, held.fight.monster_health)
    # to its end: the screen stays until the last steps and the result have been seen
    for _ in range(40):
        if session.state.fight is None:
            break
        attack_from_outside(session, win)
        assert win.current_screen is view
        view.skip()
    assert session.state.phase != "fight" and win.current_screen is view
    assert view.result is not None and len(calls) > 1
    view.finish()
    assert win.current_screen is not view


def test_a_state_change_refreshes_the_open_base_in_place(
    win: StalkerWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = start(win)
    view = opened(win.show_screen("base"), BaseScreen)
    frame(win)
    cash = session.view.player.cash
    assert any(f"{cash}" in text.text for text in view._texts)
    calls = counted(view, monkeypatch)
    session.act(Buy("berdan-rifle"))  # bought elsewhere (the host, another window)
    session.show(win)
    assert win.current_screen is view and calls == [1]
    frame(win)
    assert session.view.player.cash == cash - 300
    assert any(f"{cash - 300}" in text.text for text in view._texts)


def test_a_state_change_refreshes_the_open_stalker_card_in_place(
    win: StalkerWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = start(win)
    view = opened(win.show_screen("stalker"), StalkerView)
    frame(win)
    assert not [where for _face, _instance, where in view.faces if where == "slot"]
    calls = counted(view, monkeypatch)
    session.act(Buy("berdan-rifle"))
    session.show(win)
    assert win.current_screen is view and calls == [1]
    frame(win)
    weapon = session.view.player.weapon
    assert weapon is not None and card_id(weapon) == "berdan-rifle"
    assert (weapon, "slot") in {(instance, where) for _face, instance, where in view.faces}


def test_the_stalker_card_gives_way_to_another_screen_the_state_calls_for(
    win: StalkerWindow,
) -> None:
    session = into_fight(win, "gorynych")
    fight = shown(win, FightView)
    view = opened(win.show_screen("stalker", back=fight), StalkerView)
    assert view.follows("fight") and not view.follows("board")
    attack_from_outside(session, win)  # opened over the fight: it follows the fight
    assert win.current_screen is view
    for _ in range(40):
        if session.state.fight is None:
            break
        attack_from_outside(session, win)
    assert session.state.phase == "turn" and session.screen_kind() == "board"
    assert win.current_screen is not view and current(win).kind == "board"


def test_a_screen_of_the_game_reads_the_game_it_was_opened_for(win: StalkerWindow) -> None:
    with pytest.raises(RuntimeError, match="the board screen opens only while a game runs"):
        win.show_screen("board")
    session = start(win)
    board = win.show_screen("board")
    card = win.show_screen("stalker", back=board)
    assert board.session is session and card.session is session
    win.app.session = None  # the game is left: a card screen sees no game, the board keeps its own
    assert card.session is None and board.session is session
