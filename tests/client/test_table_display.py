"""The hosting window as the table (over loopback, port 0): a join card with the QR code of a
one-time join code while a remote seat is free (a fresh code once it is used), and the public
display, which shows the board and nothing private, with no hand-over page for seats played on
phones and one before a hot-seat seat's turn. Screenshots are written to the test's folder."""

from __future__ import annotations

import functools
import shutil
import subprocess
import time
from pathlib import Path

import arcade
import arcade.gui
import pytest

from stalkerzone.bots import players as bots
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.remote import RemoteSession
from stalkerzone.client.controller.session import PUBLIC
from stalkerzone.client.controller.table_display import show_table_display
from stalkerzone.client.screens.handover import HandoverView
from stalkerzone.client.screens.lobby import LobbyView
from stalkerzone.client.text import i18n
from stalkerzone.engine.game import legal_actions, player_view
from stalkerzone.network.client import RemoteGame
from stalkerzone.network.join_link import join_url
from stalkerzone.network.server import GameServer
from stalkerzone.persistence.serialize import state_to_json
from tests.client.test_client_network import caught_up, settled, wait
from tests.network.test_loopback import caught_up as game_caught_up
from tests.network.test_loopback import wait_for
from tests.support.network import hosted, joined, table
from tests.support.window import current, frame, opened, pixels

LAN = "192.0.2.10"  # a documentation address: the card's URL, never opened here
MAX_ACTIONS = 80


def host(win: StalkerWindow, kinds: list[str], *, display: bool) -> RemoteSession:
    """The lobby hosts ``kinds`` on loopback (the join URL names :data:`LAN`)."""
    lobby = opened(win.show_screen("lobby"), LobbyView)
    lobby.kinds = kinds  # type: ignore[assignment]
    lobby.port = "0"
    lobby.display = display
    session = lobby.host_game(bind="127.0.0.1", bot_delay=0.0)
    assert session is not None and session.hosting is not None, lobby.message
    session.hosting.link_address = LAN
    return session


def phone(server: GameServer, code: str) -> RemoteGame:
    return joined(server, any_seat=True, code=code)


def play_on(game: RemoteGame, server: GameServer) -> None:
    """``game``'s seat plays the easy bot's choice on its own view, once it saw the latest."""
    wait_for(functools.partial(game_caught_up, game, server.call(lambda: server.table.version)))
    mine = game.view
    assert mine is not None
    game.act(bots.choose(mine, None, "easy", legal_actions(mine)), timeout=15.0)


def test_the_hosting_window_shows_a_join_card_and_a_fresh_code_after_each_join(
    win: StalkerWindow, tmp_path: Path
) -> None:
    session = host(win, ["local", "remote", "remote"], display=False)
    assert session.hosting is not None
    server = session.hosting.server
    t = server.table
    try:
        frame(win, updates=2)
        card = session.join_corner.card
        first = server.call(t.join_codes.shown)
        assert card.url == join_url(LAN, server.port, first) and card.texture is not None
        pixels(win).save(tmp_path / "host-join-card.png")
        if shutil.which("zbarimg"):
            read = subprocess.run(
                ["zbarimg", "--quiet", "--raw", str(tmp_path / "host-join-card.png")],
                capture_output=True,
                text=True,
                timeout=30,
            )
            assert read.stdout.strip() == card.url, "the card's QR code scans to its URL"
        anna = phone(server, first)
        assert anna.seats == (1,) and not server.call(lambda: t.join_codes.is_open(first))
        frame(win)
        second = server.call(t.join_codes.shown)
        assert second != first and card.url == join_url(LAN, server.port, second)
        boris = phone(server, second)
        assert boris.seats == (2,)
        frame(win)
        assert session.join_corner.code(session) is None, "no seat free: no card"
        for game in (anna, boris):
            game.leave()
    finally:
        session.close()


def public_json(server: GameServer) -> object:
    t = server.table
    return state_to_json(server.call(lambda: player_view(t.state, PUBLIC)))


def follow(session: RemoteSession, server: GameServer, win: StalkerWindow) -> str:
    """The window after the host's latest action: the screen kind it shows."""
    wait(functools.partial(caught_up, session, settled(server), win))
    frame(win)
    return current(win).kind


@pytest.mark.slow
def test_the_public_display_shows_nothing_private_and_hands_over_only_to_its_hot_seat(
    win: StalkerWindow, tmp_path: Path
) -> None:
    session = host(win, ["remote", "local", "bot"], display=True)
    assert session.hosting is not None
    server = session.hosting.server
    t = server.table
    try:
        assert session.display and session.game.seats == (1,)
        player = phone(server, server.call(t.join_codes.shown))
        kinds: list[str] = []
        handovers = public_turns = 0
        last = -1
        for _ in range(MAX_ACTIONS):
            kind = follow(session, server, win)
            truth = server.call(lambda: t.state)
            if truth.phase == "over":
                break
            current_seat = truth.current_player
            if current_seat == 0:  # the phone's turn: the table sees the public board only
                assert kind != "handover" and session.viewer == PUBLIC
                assert state_to_json(session.state) == public_json(server)
                public_turns += 1
                if kind not in kinds:
                    kinds.append(kind)
                    pixels(win).save(tmp_path / f"table-{kind}.png")
                play_on(player, server)
            elif current_seat == 1:
                if kind == "handover":
                    handovers += 1
                    assert session.viewer == PUBLIC and last != 1
                    pixels(win).save(tmp_path / "table-handover.png")
                    opened(current(win), HandoverView).ready()
                assert session.viewer == 1
                view = session.state
                session.act(bots.choose(view, None, "easy", legal_actions(view)))
            last = current_seat
            if public_turns >= 6 and handovers >= 1:
                break
        assert public_turns >= 6 and handovers >= 1, (public_turns, handovers, kinds)
        player.leave()
    finally:
        session.close()


@pytest.mark.parametrize("display", [False, True])
def test_phones_seats_get_no_hand_over_page(win: StalkerWindow, display: bool) -> None:
    session = host(win, ["remote", "remote", "local"], display=display)
    assert session.hosting is not None
    server = session.hosting.server
    t = server.table
    try:
        players = [phone(server, server.call(t.join_codes.shown)) for _ in range(2)]
        seen: set[str] = set()
        deadline = time.monotonic() + 60
        while server.call(lambda: t.state.current_player) != 2:
            assert time.monotonic() < deadline
            seen.add(follow(session, server, win))
            truth = server.call(lambda: t.state)
            play_on(players[truth.current_player], server)
        assert "handover" not in seen
        for game in players:
            game.leave()
    finally:
        session.close()


@pytest.mark.slow
def test_the_table_command_window_is_the_display_with_a_join_card(
    win: StalkerWindow, tmp_path: Path
) -> None:
    """What ``stalkerzone host --table`` opens: no seat of its own, the public board, the join
    card (its QR code scans to the URL of an open join code) while a seat is free."""
    t = table(("remote", "bot"), seed=3)
    t.code = "K7MR2Q"
    with hosted(t) as server:
        session = show_table_display(win, server)
        assert session.hosting is not None
        session.hosting.link_address = LAN
        try:
            assert session.display and session.game.seats == () and session.viewer == PUBLIC
            follow(session, server, win)
            frame(win, updates=2)
            url = session.join_corner.card.url
            code = server.call(t.join_codes.shown)
            assert url == join_url(LAN, server.port, code)
            assert state_to_json(session.state) == public_json(server)
            pixels(win).save(tmp_path / "table-join-card.png")
            if shutil.which("zbarimg"):
                read = subprocess.run(
                    ["zbarimg", "--quiet", "--raw", str(tmp_path / "table-join-card.png")],
                    capture_output=True,
                    text=True,
                    timeout=30,
                )
                assert read.stdout.strip() == url
            player = phone(server, code)
            assert player.seats == (0,)
            for _ in range(6):
                play_on(player, server)
                follow(session, server, win)
                assert state_to_json(session.state) == public_json(server)
            pixels(win).save(tmp_path / "table-public-board.png")
            player.leave()
        finally:
            session.close()


def test_the_lobby_offers_the_public_display_and_tells_where_phones_join(
    win: StalkerWindow,
) -> None:
    lobby = opened(win.show_screen("lobby"), LobbyView)
    lobby.kinds = ["local", "remote"]
    frame(win, updates=2)
    words = " ".join(t.text for t in lobby._texts)
    assert "Phones and browsers join at http://" in words and "0.0.0.0" not in words
    buttons = [b.text for b in lobby.ui.walk_widgets() if isinstance(b, arcade.gui.UIFlatButton)]
    assert i18n.t("network.display_off") in buttons
    lobby.toggle_display()
    frame(win, updates=2)
    buttons = [b.text for b in lobby.ui.walk_widgets() if isinstance(b, arcade.gui.UIFlatButton)]
    assert lobby.display and i18n.t("network.display_on") in buttons
    lobby.toggle_reach()
    frame(win, updates=2)
    assert "Phones and browsers" not in " ".join(t.text for t in lobby._texts)
    lobby.port = "0"
    session = lobby.host_game(bind="127.0.0.1", bot_delay=0.0)
    assert session is not None and session.hosting is not None, lobby.message
    try:
        assert session.display and session.hosting.server.table.public_display
        assert session.hosting.link_address == "", "this computer only: no join card"
        frame(win)
        assert session.join_corner.code(session) is None
    finally:
        session.close()
