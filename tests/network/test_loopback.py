"""A host and clients over real websockets on 127.0.0.1 (port 0), in this process: private views,
refusals, a dropped client rejoining, the same game as hot-seat, malformed and huge messages,
a host that goes away."""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable
from dataclasses import replace

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from stalkerzone.bots import players as bots
from stalkerzone.engine.core import IllegalAction
from stalkerzone.engine.game import legal_actions, player_view
from stalkerzone.engine.game import record as records
from stalkerzone.engine.play import Move
from stalkerzone.engine.zone import Hex
from stalkerzone.network import protocol
from stalkerzone.network.client import JoinRefused, RemoteGame
from stalkerzone.network.server import GOODBYE, GameServer
from stalkerzone.persistence.serialize import state_digest, state_to_json
from tests.support.base import base_cards, sectors
from tests.support.network import LOOPBACK, client, hosted, joined, table


def wait_for(check: Callable[[], bool], seconds: float = 5.0) -> None:
    """Poll until ``check()`` is true (a failure after ``seconds``: never a timing assertion)."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "nothing arrived"
        time.sleep(0.01)


def settled(server: GameServer) -> int:
    """Wait until no bot seat is to act; the number of actions played."""
    t = server.table
    wait_for(lambda: server.call(lambda: not t.bot_to_act()))
    return server.call(lambda: t.version)


def caught_up(game: RemoteGame, version: int) -> bool:
    """Read what arrived: has ``game`` seen ``version`` actions?"""
    game.update()
    return game.version == version


def play_turns(server: GameServer, players: list[RemoteGame], actions: int) -> None:
    """The seat to act plays the bots' choice on its own view, ``actions`` times."""
    for _ in range(actions):
        latest = settled(server)
        for game in players:
            wait_for(functools.partial(caught_up, game, latest))
        view = players[0].view
        assert view is not None
        mover = next(g for g in players if view.current_player in g.seats)
        mine = mover.view
        assert mine is not None
        mover.act(bots.choose(mine, None, "easy", legal_actions(mine)))


@pytest.mark.slow
def test_clients_see_only_their_seat_s_view_and_the_same_game_as_hot_seat() -> None:
    t = table(("remote", "remote", "bot"), seed=5)
    with hosted(t) as server:
        anna, boris = joined(server, [0]), joined(server, [1])
        play_turns(server, [anna, boris], 25)
        settled(server)
        truth = server.call(lambda: t.state)
        actions = server.call(lambda: t.record.actions)
        for game in (anna, boris):
            wait_for(functools.partial(caught_up, game, len(actions)))
            assert game.view is not None
            expected = player_view(truth, game.seats[0])
            shown = state_to_json(replace(game.view, notes=()))
            assert shown == state_to_json(replace(expected, notes=()))
            assert set(game.view.notes) <= set(expected.notes)
            assert game.view.rng == 0
    again, divergence = records.replay(t.record.setup, base_cards(), sectors(), actions)
    assert divergence is None
    assert state_digest(again.state) == state_digest(truth), "the same game as hot-seat"


def test_a_refused_action_raises_the_engine_refusal_and_changes_nothing() -> None:
    t = table()
    with hosted(t) as server:
        now = t.state.current_player
        waiting = joined(server, [1 - now])
        player = joined(server, [now])
        before = server.call(lambda: state_digest(t.state))
        assert waiting.view is not None and player.view is not None
        with pytest.raises(IllegalAction, match="TURN-2"):
            waiting.act(legal_actions(player.view)[0])
        with pytest.raises(IllegalAction, match="TURN-4") as refused:
            player.act(Move(Hex(5, 5)))  # the Zone is being laid out
        assert refused.value.key == "layout_first"
        assert server.call(lambda: state_digest(t.state)) == before
        player.act(legal_actions(player.view)[0])
        assert server.call(lambda: t.version) == 1


def test_a_dropped_client_rejoins_its_seat_with_its_token_and_resumes() -> None:
    t = table()
    with hosted(t) as server:
        now = t.state.current_player
        anna = joined(server, [now])
        watcher = joined(server, [])
        token = anna.token
        anna.connection.ws.close()  # the network drops (no goodbye)
        wait_for(lambda: watcher.update() or not watcher.table[now].connected)
        with pytest.raises(JoinRefused, match="taken"):
            joined(server, [now])
        back = joined(server, [], token=token)
        assert back.seats == (now,) and back.view is not None
        back.act(legal_actions(back.view)[0])
        assert server.call(lambda: t.version) == 1
        wait_for(lambda: watcher.update() or watcher.table[now].connected)


def test_malformed_and_huge_messages_are_refused_and_the_host_goes_on() -> None:
    t = table()
    with hosted(t) as server, connect(f"ws://{LOOPBACK}:{server.port}") as raw:
        raw.send("{not json")
        assert json.loads(raw.recv(5))["type"] == "refused"
        raw.send(json.dumps({"type": "chat", "text": "x" * 20_000}))
        refused = json.loads(raw.recv(5))
        assert refused["type"] == "refused" and "bytes" in refused["message"]
        raw.send("y" * (protocol.MAX_TRANSPORT_MESSAGE + 1))
        with pytest.raises(ConnectionClosed) as closed:
            raw.recv(5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        later = joined(server, [0])
        assert later.view is not None and server.running


def test_a_host_that_goes_away_leaves_clients_a_clear_message() -> None:
    t = table()
    server = GameServer(t, host=LOOPBACK, port=0)
    server.start()
    game = joined(server, [0])
    server.stop()
    wait_for(lambda: game.update() or game.closed is not None)
    assert game.closed == GOODBYE
    with pytest.raises(JoinRefused, match=GOODBYE):
        game.act(legal_actions(game.view)[0])  # type: ignore[arg-type]
    with pytest.raises(JoinRefused, match="cannot reach"):
        client(server)


def test_chat_reaches_everyone_at_the_table() -> None:
    with hosted(table()) as server:
        anna, watcher = joined(server, [0], name="Anna"), joined(server, [])
        anna.say("good hunting")
        wait_for(lambda: watcher.update() or bool(watcher.chat))
        assert watcher.chat == [("Anna", "good hunting")]


def test_a_rejoined_client_keeps_the_turn_log() -> None:
    t = table()
    with hosted(t) as server:
        now = t.state.current_player
        anna = joined(server, [now])
        assert anna.log == []
        anna.act(legal_actions(anna.view)[0])  # type: ignore[arg-type]
        anna.leave()
        back = joined(server, [], token=anna.token)
        notes = server.call(lambda: t.state.notes)
        assert notes and back.log == [(1, str(n)) for n in notes]
