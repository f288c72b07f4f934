"""Whose turn and what a bot does: "Anna's turn · round 4" on the board, a bot's trade shown
read-only at the base ("Bot 2 is trading at the Village", no live Buy buttons), rounds at the
end of the game, and after trading the board says the stalker stays (TURN-1, TURN-2)."""

from __future__ import annotations

from dataclasses import replace

import arcade.gui

from stalkerzone.bots import players as bots
from stalkerzone.client.app.base_view import BaseView
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import TRADE_ACTIONS, GameSession, SeatSpec
from stalkerzone.client.screens.bases.screen import BaseScreen
from stalkerzone.client.screens.board import BoardView
from stalkerzone.client.text import i18n
from stalkerzone.engine.play import EndTurn
from tests.client.test_client_board import start, to_board
from tests.support.window import frame, opened


def texts(view: BaseView) -> str:
    return " ".join(t.text for t in view._texts)


def test_client_board_header_names_the_seat_and_the_round(win: StalkerWindow) -> None:
    session = start(win)
    view = to_board(win, session)
    name = session.state.players[session.state.current_player].name
    assert session.round == 1 and f"{name}'s turn · round 1" in texts(view)
    for _ in range(4):  # two players: four turns make two more rounds
        session.act(EndTurn())
    assert session.round == 3 and session.seat_line().endswith("round 3")
    i18n.set_language("ru")
    try:
        assert session.seat_line().endswith("раунд 3")
    finally:
        i18n.set_language("en")


def bot_trading(win: StalkerWindow) -> GameSession:
    """Two bots play until one has just traded at a base (the screen a bot's trade opens)."""
    seats = (SeatSpec("Bot 1", "gromoboy", "easy"), SeatSpec("Bot 2", "nosorog", "easy"))
    session = start(win, seats)
    for _ in range(400):
        state = session.state
        last = session.record.actions[-1] if session.record.actions else None
        if isinstance(last, TRADE_ACTIONS) and session.screen_kind() == "base":
            return session
        session.act(bots.choose(state, None, "easy", memory=session.bot_memory))
    raise AssertionError("no bot traded in 400 actions")


def test_client_a_bots_trade_is_shown_read_only(win: StalkerWindow) -> None:
    session = bot_trading(win)
    name = session.state.players[session.state.current_player].name
    assert session.bot_activity().startswith(f"{name} is trading at the ")
    view = opened(win.show_screen("base"), BaseScreen)
    frame(win)
    assert view.read_only
    buttons = [w for w in view.ui.walk_widgets() if isinstance(w, arcade.gui.UIFlatButton)]
    words = (i18n.t("base.buy"), i18n.t("base.sell"))
    rows = [b for b in buttons if b.text in words and b.rect.top < view.list_box[3]]  # not tabs
    assert rows and all(b.disabled for b in rows), [
        (b.text, b.disabled) for b in rows if not b.disabled
    ]
    assert f"{name} is trading at the " in texts(view)
    before = session.version
    view.do(session.legal_now()[0])  # even a direct call does nothing for the viewer
    assert session.version == before


def test_client_board_says_the_stalker_stays_after_trading(win: StalkerWindow) -> None:
    session = bot_trading(win)
    seats = tuple(replace(s, bot=None) for s in session.spec.seats)  # the same table, humans
    session.spec = replace(session.spec, seats=seats)
    assert session.traded_this_turn()
    view = opened(win.show_screen("board"), BoardView)
    frame(win)
    name = session.state.players[session.state.current_player].name
    assert view.status.text == i18n.t("flow.stays_after_trade", name=name)


def test_client_a_bots_turn_keeps_its_round_on_the_line_below(win: StalkerWindow) -> None:
    """TURN-2: during a bot's turn the header says what it does and the line below gives the
    round, so neither is cut off beside the top bar (the Russian header lost its round)."""
    seats = (SeatSpec("Bot 1", "gromoboy", "easy"), SeatSpec("Bot 2", "nosorog", "easy"))
    session = start(win, seats)
    for lang, word in (("en", "Round"), ("ru", "Раунд")):
        i18n.set_language(lang)
        try:
            view = to_board(win, session)
            frame(win)
            shown = texts(view)
            assert session.bot_activity() in shown
            assert f"{word} {session.round} · {i18n.t('flow.bot_watch')}"[:20] in shown
        finally:
            i18n.set_language("en")


def bot_until(win: StalkerWindow, key: str) -> GameSession:
    """Two bots play until the last action wrote a note with message ``key``."""
    seats = (SeatSpec("Bot 1", "gromoboy", "easy"), SeatSpec("Bot 2", "nosorog", "easy"))
    session = start(win, seats)
    for _ in range(3000):
        if any(getattr(line, "key", "") == key for line in session.state.notes):
            return session
        if session.state.phase == "over":
            break
        session.act(bots.choose(session.state, None, "easy", memory=session.bot_memory))
    raise AssertionError(f"no bot action wrote {key!r}")


def test_client_a_bots_header_says_it_resolves_an_event_card(win: StalkerWindow) -> None:
    """TURN-2, EVENT-1: while a bot's event card is shown the header names the event, never a
    fight (the play-test read "fights" over an event card)."""
    session = bot_until(win, "event_drawn")
    name = session.state.players[session.state.current_player].name
    for lang, says in (("en", "is resolving an event card"), ("ru", "разыгрывает карту события")):
        i18n.set_language(lang)
        try:
            view = to_board(win, session)
            frame(win)
            shown = texts(view)
            assert f"{i18n.player_name(name)} {says}" in shown, shown
            assert i18n.t("flow.bot_fighting", name=i18n.player_name(name)) not in shown
        finally:
            i18n.set_language("en")


def test_client_a_bots_header_says_it_is_at_an_anomaly(win: StalkerWindow) -> None:
    """TURN-2, ANOM-1: after a bot's anomaly roll the header says where it is."""
    session = bot_until(win, "anomaly_nothing")
    name = i18n.player_name(session.state.players[session.state.current_player].name)
    assert session.bot_activity() == f"{name} is at an anomaly"
    i18n.set_language("ru")
    try:
        ru_name = i18n.player_name(session.state.players[session.state.current_player].name)
        assert session.bot_activity() == f"{ru_name} в аномалии"
    finally:
        i18n.set_language("en")


def test_client_a_bots_fight_begun_by_its_event_card_names_the_event(win: StalkerWindow) -> None:
    """EVENT-1: the action that lays a held event card on a fight is the event's, not yet the
    fight's; the fight's own actions then say "fighting"."""
    session = bot_until(win, "event_applies")
    assert session.state.phase == "fight"
    name = i18n.player_name(session.state.players[session.state.current_player].name)
    assert session.bot_activity() == f"{name} is resolving an event card"
    while session.state.phase == "fight" and any(
        str(line).startswith("EVENT-1") for line in session.state.notes
    ):
        session.act(bots.choose(session.state, None, "easy", memory=session.bot_memory))
    if session.state.phase == "fight":
        assert session.bot_activity() == f"{name} is fighting"
