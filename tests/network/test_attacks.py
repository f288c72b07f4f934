"""Attacks on a running host, on 127.0.0.1 only and bounded in count and time: a crowd of
watchers, a watcher that never reads, a reconnect storm, pipelined actions, a chat flood,
oversized and binary frames. After each the host is alive, the honest seats still get their
turns, and the save replays to the same state (``stalkerzone replay``)."""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import re
import resource
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from stalkerzone.bots import players as bots
from stalkerzone.cli import main
from stalkerzone.engine.game import legal_actions
from stalkerzone.network import limits, protocol
from stalkerzone.network.client import RemoteGame
from stalkerzone.network.limits import Limits
from stalkerzone.network.server import GameServer
from stalkerzone.network.table import SeatKind
from stalkerzone.persistence.serialize import action_to_json
from tests.network.test_loopback import caught_up, wait_for
from tests.support.network import LOOPBACK, hosted, joined, table

pytestmark = pytest.mark.slow  # each attack runs a real host under load for seconds

CODE = "ATTACK"
JOIN_WATCHER = protocol.line({"type": "join", "protocol": protocol.VERSION, "code": CODE})


@contextmanager
def attacked(
    tmp_path: Path,
    kinds: tuple[SeatKind, ...] = ("remote", "remote"),
    honest: tuple[int, ...] = (0, 1),
    **bounds: Any,
) -> Iterator[tuple[GameServer, list[RemoteGame]]]:
    """A coded table saving to ``tmp_path`` under ``bounds`` (``Limits`` fields, or
    ``bot_takeover``), its ``honest`` seats joined; after the block, the checks every attack
    must pass."""
    t = table(kinds, seed=5)
    takeover = bounds.pop("bot_takeover", None)
    t.code, t.bot_takeover, t.limits = CODE, takeover, Limits(**bounds)
    t.autosave, t.save_to = True, tmp_path / "game.json"
    with hosted(t) as server:
        players = [joined(server, [seat], code=CODE) for seat in honest]
        yield server, players
        assert server.running, "the host is alive"
        honest_turns(server, players, 4)
        path = server.call(t.save)
        assert path is not None and main(["replay", str(path)]) == 0
        for game in players:
            game.leave()


def honest_turns(server: GameServer, players: list[RemoteGame], actions: int) -> None:
    """The honest seats play ``actions`` actions (the easy bot's choice on their own view),
    each waiting until the table is at one of their turns."""
    t = server.table
    seats = {s for g in players for s in g.seats}
    for _ in range(actions):

        def ours() -> bool:
            return server.call(lambda: t.state.current_player in seats and not t.bot_to_act())

        wait_for(ours, 15.0)
        latest = server.call(lambda: t.version)
        for game in players:
            wait_for(functools.partial(caught_up, game, latest), 15.0)
        current = server.call(lambda: t.state.current_player)
        mover = next(g for g in players if current in g.seats)
        mine = mover.view
        assert mine is not None
        mover.act(bots.choose(mine, None, "easy", legal_actions(mine)), timeout=15.0)


def uri(server: GameServer) -> str:
    return f"ws://{LOOPBACK}:{server.port}"


async def drain(ws: ClientConnection) -> list[dict[str, Any]]:
    """Every message until the host closes the connection."""
    out = []
    with suppress(ConnectionClosed):
        async for raw in ws:
            out.append(json.loads(raw))
    return out


def raise_fd_limit(wanted: int) -> int:
    """Raise the soft file-descriptor limit towards ``wanted`` (up to the hard limit); the
    limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        soft = target
    return soft


def test_a_crowd_of_watchers_joins_at_once_and_the_table_plays_on(tmp_path: Path) -> None:
    """1,000 watchers at once (fewer when the descriptor limit allows fewer: each connection
    costs two here, the host's end and the watcher's), one more than the cap is told so."""
    crowd = min(1000, (raise_fd_limit(2 * 1000 + 300) - 300) // 2)
    assert crowd >= 100, "too few file descriptors for a crowd"
    with attacked(tmp_path, max_watchers=crowd, max_connections=crowd + 10) as (
        server,
        players,
    ):

        async def attack() -> tuple[int, list[dict[str, Any]], int]:
            async def watcher() -> tuple[ClientConnection, dict[str, Any]]:
                ws = await connect(uri(server), open_timeout=60, max_size=None)
                await ws.send(JOIN_WATCHER)
                return ws, json.loads(await ws.recv())

            joined_ = await asyncio.gather(*(watcher() for _ in range(crowd)))
            readers = [asyncio.create_task(drain(ws)) for ws, _ in joined_]
            one_more = await connect(uri(server), open_timeout=30)
            await one_more.send(JOIN_WATCHER)
            refused = await drain(one_more)
            await asyncio.to_thread(honest_turns, server, players, 2)
            for ws, _ in joined_:
                await ws.close()
            seen = await asyncio.gather(*readers)
            views = sum(1 for ws, first in joined_ if first["type"] == "view")
            return views, refused, min(len(s) for s in seen)

        views, refused, fewest = asyncio.run(attack())
        assert views == crowd
        assert refused[-1]["type"] == "bye" and refused[-1]["key"] == limits.BYE_WATCHERS_FULL
        assert fewest >= 2, "every watcher followed the table"


def stalled_socket(server: GameServer) -> socket.socket:
    """A connected socket that takes almost nothing in (a tiny receive buffer)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect((LOOPBACK, server.port))
    return sock


def test_a_watcher_that_never_reads_is_cut_at_the_bound_and_the_table_goes_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    bound: dict[str, Any] = {"max_queue_bytes": 256 * 1024, "max_lag": 2.0}
    bound["actions_per_second"] = 1000.0  # the honest seats play as fast as they can here
    with caplog.at_level(logging.ERROR), attacked(tmp_path, **bound) as (server, players):
        t = server.table

        async def attack() -> int:
            ws = await connect(uri(server), sock=stalled_socket(server), max_queue=1)
            await ws.send(JOIN_WATCHER)
            stalled = server.call(lambda: max(t.connections))
            played = 0
            deadline = time.monotonic() + 60  # a bound for the test, not a measure
            while server.call(lambda: stalled in t.connections):  # it never reads
                assert time.monotonic() < deadline, "the stalled watcher was never cut"
                await asyncio.to_thread(honest_turns, server, players, 1)
                played += 1
            ws.transport.abort()
            return played

        played = asyncio.run(attack())
        assert played >= 1
    cut = [r for r in caplog.records if "too far behind" in r.getMessage()]
    assert len(cut) == 1, "logged once"


def test_a_reconnect_storm_leaves_no_connection_behind(tmp_path: Path) -> None:
    with attacked(tmp_path) as (server, _):
        t = server.table

        async def storm() -> int:
            async def cycles() -> int:
                views = 0
                for round_ in range(10):
                    if round_ % 3 == 2:  # a bare TCP connection dropped before the handshake
                        _, writer = await asyncio.open_connection(LOOPBACK, server.port)
                        writer.transport.abort()
                        continue
                    ws = await connect(uri(server), open_timeout=30)
                    await ws.send(JOIN_WATCHER)
                    views += json.loads(await ws.recv())["type"] == "view"
                    ws.transport.abort()  # gone without a goodbye
                return views

            return sum(await asyncio.gather(*(cycles() for _ in range(20))))

        assert asyncio.run(storm()) == 20 * 7
        wait_for(lambda: server.call(lambda: t.watchers() == 0), 15.0)


def test_pipelined_actions_from_a_seat_holder_end_in_its_disconnection(tmp_path: Path) -> None:
    kinds: tuple[SeatKind, ...] = ("remote", "remote", "remote")
    with attacked(tmp_path, kinds, bot_takeover=0.0) as (server, _):
        attacker = joined(server, [2], code=CODE)
        view = attacker.view
        assert view is not None
        line = action_to_json(legal_actions(view)[0])
        attacker.leave()

        async def attack() -> list[dict[str, Any]]:
            ws = await connect(uri(server))
            join = {"type": "join", "protocol": 1, "token": attacker.token, "code": CODE}
            await ws.send(protocol.line(join))
            reader = asyncio.create_task(drain(ws))
            for request in range(2000):
                message = {"type": "action", "id": request, "action": line}
                try:
                    await ws.send(protocol.line(message))
                except ConnectionClosed:
                    break
            return await reader

        answers = asyncio.run(attack())
        assert answers[-1]["type"] == "bye" and answers[-1]["key"] == limits.BYE_ABUSE
        refused = [m for m in answers if m["type"] == "refused"]
        assert any(m["key"] == limits.REFUSED_RATE for m in refused)
        assert len(answers) < 200, "the rest of the pipeline was never read"


def test_a_chat_flood_reaches_the_table_only_up_to_the_rate(tmp_path: Path) -> None:
    with attacked(tmp_path) as (server, players):

        async def flood() -> list[dict[str, Any]]:
            ws = await connect(uri(server))
            join = {"type": "join", "protocol": 1, "code": CODE, "name": "Flood"}
            await ws.send(protocol.line(join))
            reader = asyncio.create_task(drain(ws))
            for _ in range(1000):
                try:
                    await ws.send(protocol.line({"type": "chat", "text": "x" * 400}))
                except ConnectionClosed:
                    break
            return await reader

        answers = asyncio.run(flood())
        assert answers[-1]["key"] == limits.BYE_ABUSE
        honest_turns(server, players, 1)
        for game in players:
            game.update()
            flooded = [text for name, text in game.chat if name == "Flood"]
            assert len(flooded) <= Limits().chat_burst + 1


def test_oversized_and_binary_frames_are_refused_and_change_nothing(tmp_path: Path) -> None:
    with attacked(tmp_path) as (server, _):
        t = server.table
        before = server.call(lambda: t.version)

        async def frames() -> tuple[int | None, list[dict[str, Any]]]:
            big = await connect(uri(server))
            with suppress(ConnectionClosed, WebSocketException):
                await big.send("x" * (protocol.MAX_TRANSPORT_MESSAGE + 1024))
                await big.recv()
            code = big.close_code
            ws = await connect(uri(server))
            await ws.send(JOIN_WATCHER.encode())  # good JSON in a binary frame
            await ws.send("y" * (protocol.MAX_CLIENT_MESSAGE + 10))
            answers = [json.loads(await ws.recv()) for _ in range(2)]
            await ws.close()
            return code, answers

        code, answers = asyncio.run(frames())
        assert code == 1009
        assert [m["rule"] for m in answers] == [protocol.PROTOCOL_RULE] * 2
        assert "binary" in answers[0]["message"] and "bytes" in answers[1]["message"]
        assert server.call(lambda: t.version) == before


def test_out_of_file_descriptors_the_host_refuses_connections_but_saves(tmp_path: Path) -> None:
    """A host limited to 48 descriptors and 80 sockets opened to it: it accepts what it can,
    says so once, and every save after a turn is still written (with its spare descriptor)."""
    import os
    import queue
    import signal
    import subprocess
    import sys
    import threading

    def scarce() -> None:
        _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (48, hard))

    repo = Path(__file__).resolve().parents[2]
    env = {**os.environ, "STALKERZONE_HOME": str(tmp_path), "PYTHONPATH": str(repo)}
    argv = [sys.executable, "-m", "stalkerzone", "host", "--local-only", "--port", "0"]
    argv += ["--seats", "bot,bot", "--bot-delay", "0.05", "--code", CODE, "--no-lan"]
    argv += ["--seed", "1", "--max-connections", "1000"]
    host = subprocess.Popen(
        argv,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        preexec_fn=scarce,
    )
    sockets: list[socket.socket] = []
    try:
        assert host.stdout is not None
        port = int(re.findall(r":(\d+),", host.stdout.readline())[0])
        for _ in range(80):
            sockets.append(socket.create_connection((LOOPBACK, port), timeout=10))
        lines: queue.Queue[str] = queue.Queue()
        out = host.stdout

        def read() -> None:
            for line in out:
                lines.put(line)

        threading.Thread(target=read, daemon=True).start()
        played: list[int] = []
        while len(played) < 4:  # the bots play on: turns end, each one saved
            line = lines.get(timeout=30)  # queue.Empty: the table stopped
            played += [int(n) for n in re.findall(r"action (\d+):", line)]
        host.send_signal(signal.SIGTERM)
        _, err = host.communicate(timeout=30)
    finally:
        for sock in sockets:
            sock.close()
        host.kill()
        host.wait(30)
    logged = err.splitlines()
    assert "could not be saved" not in err and len(logged) == len(set(logged)), err
    assert err.count("out of system resource") <= 1, "each failure logged once"
    save = tmp_path / "saves" / "autosave.json"
    assert main(["replay", str(save)]) == 0


def test_connections_over_the_cap_are_told_why_and_closed(tmp_path: Path) -> None:
    with attacked(tmp_path, max_connections=3) as (server, _):  # the two honest seats + 1

        async def knock() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
            inside = await connect(uri(server))
            await inside.send(JOIN_WATCHER)
            first = json.loads(await inside.recv())
            outside = await connect(uri(server))
            turned_away = await drain(outside)
            await inside.close()
            return [first], turned_away

        inside, outside = asyncio.run(knock())
        assert inside[0]["type"] == "view"
        assert [m["key"] for m in outside] == [limits.BYE_FULL]
