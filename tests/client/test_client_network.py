"""Network play in the real client: a host and two client windows over loopback (127.0.0.1, port
0) play from the layout to a fight and a base visit; each window shows its own seat's view only.

One headless window plays both clients: each client is its own :class:`AppContext` (settings,
strings, the game session), and the window switches between them as two screens would. The
screenshots of every screen kind each client saw are written to the test's folder.
"""

from __future__ import annotations

import functools
import time
from dataclasses import replace
from pathlib import Path

import arcade
import pytest

from stalkerzone.bots import players as bots
from stalkerzone.client.app.context import AppContext, Presets
from stalkerzone.client.app.settings import Settings
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.remote import RemoteSession
from stalkerzone.client.screens.bases.screen import BaseScreen
from stalkerzone.client.screens.board.screen import BoardView
from stalkerzone.client.screens.fight.screen import FightView
from stalkerzone.client.screens.lobby import LobbyView
from stalkerzone.client.text import i18n
from stalkerzone.engine.game import UndoRefused, legal_actions, player_view
from stalkerzone.engine.play import Buy, GameState
from stalkerzone.engine.turn import bases
from stalkerzone.network.client import JoinRefused
from stalkerzone.network.server import GameServer
from stalkerzone.persistence.serialize import state_to_json
from tests.support.network import LOOPBACK, client, hosted, joined, table
from tests.support.window import current, frame, opened, pixels

MAX_ACTIONS = 120


def settled(server: GameServer) -> int:
    """Wait until no bot seat is to act (a failure after 10 s); the actions played."""
    t = server.table
    deadline = time.monotonic() + 10
    while server.call(t.bot_to_act):
        assert time.monotonic() < deadline, "the bots never finished"
        time.sleep(0.01)
    return server.call(lambda: t.version)


def caught_up(session: RemoteSession, version: int, win: StalkerWindow) -> bool:
    session.poll(win)
    return session.game.version == version


def wait(check: functools.partial[bool]) -> None:
    deadline = time.monotonic() + 10
    while not check():
        assert time.monotonic() < deadline, "the view never arrived"
        time.sleep(0.005)


def watch_the_trade(
    win: StalkerWindow, app: AppContext, session: RemoteSession, server: GameServer, folder: Path
) -> None:
    """The other window follows a remote player's trade read-only, naming the trader (BASE-1)."""
    win.app = app
    wait(functools.partial(caught_up, session, settled(server), win))
    session.show(win)
    view = opened(current(win), BaseScreen)
    frame(win, updates=2)
    pixels(win).save(folder / "watching-base.png")
    state = session.state
    name = state.players[state.current_player].name
    assert view.read_only and session.is_remote(state.current_player)
    words = " ".join(t.text for t in view._texts)
    assert f"{name} is trading at the " in words and f"{name}'s stalker" in words, words
    assert i18n.t("base.your_stalker") not in words
    buttons = [w for w in view.ui.walk_widgets() if isinstance(w, arcade.gui.UIFlatButton)]
    words_of_rows = (i18n.t("base.buy"), i18n.t("base.sell"))
    rows = [b for b in buttons if b.text in words_of_rows and b.rect.top < view.list_box[3]]
    assert rows and all(b.disabled for b in rows), "no live Buy button for another's trade"


@pytest.mark.slow
def test_two_client_windows_and_a_host_play_to_a_fight_and_a_base_visit(
    win: StalkerWindow, tmp_path: Path
) -> None:
    t = table(("remote", "remote"), seed=3)
    win.headless_fast = True
    apps = [AppContext(presets=Presets(), settings=Settings()) for _ in range(2)]
    seen: list[dict[str, Path]] = [{}, {}]
    with hosted(t) as server:
        sessions = []
        for app in apps:
            win.app = app
            lobby = opened(win.show_screen("lobby"), LobbyView)
            joined = lobby.join_game(f"{LOOPBACK}:{server.port}")
            assert joined is not None, lobby.message
            sessions.append(joined)
        assert [s.game.seats for s in sessions] == [(0,), (1,)]

        remote_boards: list[int] = []

        def truth_now() -> GameState:
            return server.call(lambda: t.state)

        def look(k: int) -> str:
            """Show client ``k``'s window; a screenshot of each screen kind it meets."""
            win.app = apps[k]
            sessions[k].show(win)
            screen = current(win)
            kind = screen.kind
            if isinstance(screen, FightView) and screen.held is not None:
                watching = screen.held.player != k
                assert screen.is_remote() == watching, "another's fight is watched, not played"
            if isinstance(screen, BoardView) and sessions[k].is_remote(truth_now().current_player):
                assert not screen.bot_to_act(), "nothing to skip on a remote player's turn"
                shown_words = [
                    w.text
                    for w in screen.ui.walk_widgets()
                    if isinstance(w, arcade.gui.UIFlatButton)
                ]
                assert i18n.t("board.skip") not in shown_words
                remote_boards.append(k)
            if kind not in seen[k]:
                frame(win, updates=2)
                path = tmp_path / f"client{k + 1}-{kind}.png"
                pixels(win).save(path)
                seen[k][kind] = path
            return kind

        visited_base = False
        for _ in range(MAX_ACTIONS):
            version = settled(server)
            for k, session in enumerate(sessions):
                win.app = apps[k]
                wait(functools.partial(caught_up, session, version, win))
                look(k)
            truth = server.call(lambda: t.state)
            for k, session in enumerate(sessions):
                shown = state_to_json(replace(session.state, notes=()))
                own = state_to_json(replace(player_view(truth, k), notes=()))
                assert shown == own, "a window holds its own seat's view, nothing more"
            mover = truth.current_player
            session = sessions[mover]
            win.app = apps[mover]
            view = session.state
            if view.phase == "over":
                break
            legal = legal_actions(view)
            shop = [a for a in legal if isinstance(a, Buy)]
            if shop and not visited_base and bases.base_here(view) is not None:
                win.show_screen("base", back=current(win))
                frame(win)
                pixels(win).save(tmp_path / f"client{mover + 1}-base.png")
                seen[mover]["base"] = tmp_path / f"client{mover + 1}-base.png"
                session.act(shop[0])
                visited_base = True
                frame(win)
                watch_the_trade(win, apps[1 - mover], sessions[1 - mover], server, tmp_path)
            else:
                session.act(bots.choose(view, None, "easy", legal))
            if visited_base and all("fight" in s for s in seen):
                break
        for session in sessions:
            session.leave()
    kinds = [set(s) for s in seen]
    assert {"layout", "board", "fight"} <= kinds[0] & kinds[1], kinds
    assert visited_base and any("base" in k for k in kinds), kinds
    assert remote_boards, "a board was shown on another's turn"


def test_host_a_game_from_the_lobby_with_a_hot_seat_here_and_a_bot(win: StalkerWindow) -> None:
    """ "Host a game": the server starts (port 0 here), this window holds the seats marked
    here, the bot plays on the host; going back to the title stops the server."""
    lobby = opened(win.show_screen("lobby"), LobbyView)
    lobby.kinds = ["local", "bot"]
    lobby.port = "0"
    session = lobby.host_game(bind=LOOPBACK, bot_delay=0.0)
    assert session is not None and session.hosting is not None, lobby.message
    server = session.hosting.server
    assert session.game.seats == (0,) and win.app.session is session
    assert [s.kind for s in session.game.table] == ["local", "bot"]
    assert any("127.0.0.1" in line.text for line in session.log), "the address is shown"
    frame(win)
    assert current(win).kind == "layout"
    session.close()
    assert not server.running


@pytest.mark.slow
def test_the_lobby_chooses_the_level_of_its_bot_seats_expert_included(win: StalkerWindow) -> None:
    """The bot seats of a hosted game play at the level chosen here (TURN-1), round the ladder."""
    lobby = opened(win.show_screen("lobby"), LobbyView)
    seen = [lobby.bot_strength]
    for _ in range(4):
        lobby.cycle_strength()
        seen.append(lobby.bot_strength)
    assert seen == ["normal", "hard", "expert", "easy", "normal"]
    lobby.cycle_strength()
    lobby.cycle_strength()
    lobby.kinds = ["local", "bot"]
    lobby.port = "0"
    session = lobby.host_game(bind=LOOPBACK, bot_delay=0.0)
    assert session is not None and session.hosting is not None, lobby.message
    setup = session.hosting.server.table.record.setup
    assert [seat.bot for seat in setup.players] == [None, "expert"]
    session.close()


def test_a_host_that_goes_away_brings_the_window_back_to_the_lobby_with_why(
    win: StalkerWindow,
) -> None:
    from stalkerzone.network.server import GOODBYE

    server = GameServer(table(), host=LOOPBACK, port=0)
    server.start()
    lobby = opened(win.show_screen("lobby"), LobbyView)
    session = lobby.join_game(f"{LOOPBACK}:{server.port}")
    assert session is not None, lobby.message
    assert current(win).kind == "layout"
    server.stop()
    deadline = time.monotonic() + 10
    while current(win).kind != "lobby":
        assert time.monotonic() < deadline, "the window stayed on the game"
        win.dispatch_event("on_update", 1 / 60)  # the window reads its host every frame
        win.dispatch_events()  # a headless window delivers queued events here
    frame(win)
    back = opened(current(win), LobbyView)
    assert GOODBYE in back.message and win.app.session is None


def test_the_lobby_resumes_a_save_and_players_rejoin_with_their_tokens(win: StalkerWindow) -> None:
    """ "Resume a save": the saved game is hosted again, the first person's seat is played
    here, and a remote player takes their seat back with the token kept beside the save."""
    from stalkerzone.network.seat_tokens import write_tokens
    from stalkerzone.persistence.save_folder import saves_dir
    from stalkerzone.persistence.saves import save_game

    played = table(("remote", "remote"), seed=6)
    for _ in range(3):
        played.play(legal_actions(played.state)[0])
    path = save_game(played.record, saves_dir() / "lan.json", packs=played.packs)
    write_tokens(path, {"kept-token": (1,)})
    lobby = opened(win.show_screen("lobby"), LobbyView)
    lobby.toggle_saves()
    assert path in lobby.saves
    frame(win)
    lobby = opened(current(win), LobbyView)
    names = [w.text for w in lobby.ui.walk_widgets() if isinstance(w, arcade.gui.UIFlatButton)]
    assert i18n.t("network.resume_save", name="lan") in names, names
    lobby.port = "0"
    session = lobby.resume_game(path, bind=LOOPBACK, bot_delay=0.0)
    assert session is not None and session.hosting is not None, lobby.message
    server = session.hosting.server
    try:
        assert session.game.seats == (0,)
        assert server.call(lambda: len(server.table.record.actions)) == 3
        code = server.table.code
        assert code and any(code in line.text for line in session.log), "the code is shown"
        by_number = client(server)
        with pytest.raises(JoinRefused, match="table code"):
            by_number.join((1,))
        with pytest.raises(JoinRefused, match="taken"):
            by_number.join((1,), code=code.lower())
        by_number.leave()
        back = joined(server, token="kept-token", code=code)
        assert back.seats == (1,) and back.version == 3
        back.leave()
    finally:
        session.close()
    assert not server.running


def overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """Two (left, right, bottom, top) boxes share some area."""
    return a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]


@pytest.mark.slow  # every button and text of two screens at several sizes
def test_the_connection_strip_covers_no_button_or_text_on_the_layout_and_the_board(
    win: StalkerWindow, tmp_path: Path
) -> None:
    for kind in ("layout", "board"):
        t = table(("remote", "remote"), seed=3)
        while kind == "board" and t.state.phase == "layout":
            t.play(legal_actions(t.state)[0])
        with hosted(t) as server:
            lobby = opened(win.show_screen("lobby"), LobbyView)
            session = lobby.join_game(f"{LOOPBACK}:{server.port}")
            assert session is not None, lobby.message
            frame(win, updates=2)
            screen = current(win)
            assert screen.kind == kind
            pixels(win).save(tmp_path / f"strip-{kind}.png")
            strip = session.strip.box
            assert strip[3] > strip[2], "the strip is drawn"
            for widget in screen.ui.walk_widgets():
                if isinstance(widget, arcade.gui.UIFlatButton):
                    r = widget.rect
                    box = (r.left, r.right, r.bottom, r.top)
                    assert not overlaps(strip, box), f"{kind}: the strip covers {widget.text}"
            for label in screen._texts:
                box = (label.left, label.right, label.bottom, label.top)
                assert not overlaps(strip, box), f"{kind}: the strip covers {label.text!r}"
            session.leave()


def test_deal_the_rest_out_of_turn_is_refused_politely(win: StalkerWindow) -> None:
    """ "Deal the rest" when another player places: a word on the screen, no error dialog,
    nothing sent (TURN-4)."""
    t = table(("remote", "remote"), seed=3)
    with hosted(t) as server:
        other = 1 - t.state.current_player
        lobby = opened(win.show_screen("lobby"), LobbyView)
        session = lobby.enter(f"{LOOPBACK}:{server.port}", seats=(other,))
        frame(win)
        layout = current(win)
        assert layout.kind == "layout" and session.state.current_player != other
        layout.deal_rest()  # type: ignore[attr-defined]
        assert layout.message == i18n.t("layout.deal_not_yours")  # type: ignore[attr-defined]
        layout.dealing = True  # type: ignore[attr-defined]  # as if it had started on our turn
        layout.deal_step()  # type: ignore[attr-defined]
        assert not layout.dealing  # type: ignore[attr-defined]
        assert server.call(lambda: t.version) == 0
        session.leave()


def test_a_seat_joined_from_the_lobby_is_remembered_and_rejoined(win: StalkerWindow) -> None:
    from stalkerzone.network.remembered import remembered_seats, seats_file

    t = table(("remote", "remote"))
    t.code = "QWERTY"
    with hosted(t) as server:
        address = f"{LOOPBACK}:{server.port}"
        lobby = opened(win.show_screen("lobby"), LobbyView)
        lobby.code = "qwe-rty"
        first = lobby.join_game(address)
        assert first is not None, lobby.message
        seat = first.game.seats
        assert remembered_seats()[0].address == address
        assert seats_file().stat().st_mode & 0o777 == 0o600
        first.leave()
        lobby = opened(win.show_screen("lobby"), LobbyView)
        frame(win)
        lobby = opened(current(win), LobbyView)
        names = [w.text for w in lobby.ui.walk_widgets() if isinstance(w, arcade.gui.UIFlatButton)]
        assert i18n.t("network.rejoin", address=address) in names
        again = lobby.rejoin(address)
        assert again is not None and again.game.seats == seat, lobby.message
        again.leave()


def test_the_lobby_hosts_on_this_computer_only_unless_a_seat_is_remote_and_chosen(
    win: StalkerWindow,
) -> None:
    lobby = opened(win.show_screen("lobby"), LobbyView)
    assert lobby.bind(["local", "bot"]) == "127.0.0.1"
    assert lobby.bind(["local", "remote"]) == "0.0.0.0"
    lobby.toggle_reach()
    assert lobby.bind(["local", "remote"]) == "127.0.0.1"
    lobby.kinds = ["local", "bot"]
    lobby.port = "0"
    session = lobby.host_game(bot_delay=0.0)
    assert session is not None and session.hosting is not None, lobby.message
    assert session.hosting.server.host == "127.0.0.1" and len(session.hosting.code) == 6
    session.close()


def test_the_hosting_window_offers_a_bot_for_an_absent_seat_and_f9_hands_it_over(
    win: StalkerWindow,
) -> None:
    t = table(("local", "remote"), seed=3)
    lobby = opened(win.show_screen("lobby"), LobbyView)
    lobby.port = "0"
    session = lobby.serve(t, bind=LOOPBACK, bot_delay=0.0)
    assert session is not None and session.hosting is not None, lobby.message
    server = session.hosting.server
    try:
        assert server.call(lambda: t.state.current_player) == 1 and session.absent_seat() == 1
        frame(win)
        offer = i18n.t("network.offer_bot", name="Player 2")
        assert any(text.text == offer for text in session.strip.texts)
        assert win.on_key_press(arcade.key.F9, 0)
        wait(functools.partial(lambda: server.call(lambda: t.version) > 0))
        deadline = time.monotonic() + 10
        while not session.game.table[1].stand_in:
            assert time.monotonic() < deadline, "the table never said a bot plays the seat"
            session.poll(win)
            time.sleep(0.01)
        assert session.absent_seat() is None
    finally:
        session.close()


def test_a_remote_session_takes_back_an_undone_action_and_logs_who_did() -> None:
    """TURN-2 at a network table: the host's ``undo`` event takes the last reported action back
    from the session's record and says so in the turn log."""
    t = table(("remote", "remote"), seed=5, zone_mode="free")
    first = t.state.current_player
    with hosted(t) as server:
        player, other = joined(server, [first]), joined(server, [1 - first])
        session = RemoteSession.joined(other)
        buy = next(a for a in server.call(lambda: legal_actions(t.state)) if isinstance(a, Buy))
        player.act(buy)
        wait(functools.partial(lambda: (other.update(), other.version)[1] == 1))
        assert session.read_events() == (buy,)
        player.connection.send({"type": "action", "id": 7, "action": {"type": "Undo"}})
        wait(functools.partial(lambda: (other.update(), other.version)[1] == 0))
        assert session.read_events() == ()
        name = t.seats[first].name
        assert session.log[-1].text == i18n.t("network.undo_log", name=name)
        player.leave()
        other.leave()


def test_a_desktop_seat_takes_back_its_purchase_through_the_host() -> None:
    """TURN-2 from the desktop at a network table: the undo check reads the host's view, an
    undo asks the host, and a refusal comes back as the engine's (nothing changed)."""
    t = table(("remote", "remote"), seed=5, zone_mode="free")
    first = t.state.current_player
    with hosted(t) as server:
        mine = joined(server, [first])
        session = RemoteSession.joined(mine)
        check = session.undo_check()
        assert not check and check.key == "undo_nothing"
        before = state_to_json(server.call(lambda: t.state))
        buy = next(a for a in server.call(lambda: legal_actions(t.state)) if isinstance(a, Buy))
        session.act(buy)
        assert session.undo_check()
        session.undo()
        assert server.call(lambda: t.version) == 0
        assert state_to_json(server.call(lambda: t.state)) == before
        assert session.state.players[first].cash == t.state.players[first].cash
        assert not session.undo_check()
        with pytest.raises(UndoRefused) as refused:
            session.undo()  # the host says no as the engine would
        assert refused.value.key == "undo_nothing" and server.call(lambda: t.version) == 0
        mine.leave()
