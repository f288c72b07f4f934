"""`stalkerzone host` and `stalkerzone join`: one-line refusals, a saved game resumed with its
seats, LAN discovery that degrades with a clear message (no multicast needed)."""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from stalkerzone.cli import build_parser, main
from stalkerzone.commands.host import table_from_args
from stalkerzone.engine.game import legal_actions
from stalkerzone.network import discovery, protocol
from stalkerzone.network.server import GameServer
from stalkerzone.persistence.saves import save_game
from stalkerzone.persistence.serialize import state_digest
from tests.support.network import LOOPBACK, table

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["host", "--seats", "remote,dragon"], "'dragon' is not a seat kind"),
        (["host", "--seats", "local,remote"], "local seats need the game window"),
        (["host", "--seats", "remote", "--bots", "6"], "1 to 6 seats"),
        (["host", "--port", "70000"], "--port"),
        (["host", "--bot-delay", "soon"], "--bot-delay"),
        (["host", "--zone", "spiral"], "--zone"),
        (["join"], "ADDRESS"),
        (["join", "somewhere", "--seat", "0"], "--seat"),
        (["join", "somewhere", "--watch", "--seat", "1"], "--watch"),
    ],
)
def test_bad_values_are_one_line_and_exit_2(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


def test_join_without_a_host_says_it_cannot_reach_it(capsys: pytest.CaptureFixture[str]) -> None:
    server = GameServer(table(), host=LOOPBACK, port=0)
    server.start()
    server.stop()  # a port nobody serves any more
    assert main(["join", f"{LOOPBACK}:{server.port}"]) != 0
    assert "cannot reach a game" in capsys.readouterr().err


def args(*argv: str) -> argparse.Namespace:
    return build_parser("host").parse_args(["host", *argv])


def test_host_options_make_the_seats() -> None:
    made = table_from_args(args("--seats", "remote,bot", "--bots", "1", "--seed", "4"))
    assert [s.kind for s in made.seats] == ["remote", "bot", "bot"]
    assert [s.name for s in made.seats] == ["Player 1", "Bot 1", "Bot 2"]
    assert made.record.setup.seed == 4 and made.seats[1].bot == "normal"


def test_a_saved_game_is_resumed_with_its_seats(tmp_path: Path) -> None:
    played = table(("remote", "bot"), seed=6)
    for _ in range(4):
        played.play(legal_actions(played.state)[0])
    path = save_game(played.record, tmp_path / "net.json", packs=played.packs)
    resumed = table_from_args(args("--load", str(path)))
    assert [s.kind for s in resumed.seats] == ["remote", "bot"]
    assert state_digest(resumed.state) == state_digest(played.state)
    assert resumed.record.actions == played.record.actions and resumed.save_to == path


def failing() -> Any:
    raise OSError("no multicast on this network")


def test_discovery_degrades_with_a_clear_message() -> None:
    announced = discovery.advertise("test", 1, host=LOOPBACK, make=failing)
    assert "cannot be listed" in announced.problem and "multicast" in announced.problem
    announced.close()  # nothing to close: no error
    found, problem = discovery.browse(0.0, make=failing)
    assert found == [] and "type the host's address" in problem


class RecordingZeroconf:
    """Stands in for zeroconf: keeps what was registered and updated."""

    def __init__(self) -> None:
        self.free: list[str] = []

    def register_service(self, info: Any) -> None:
        assert set(info.properties) == {b"name", b"free"}, "never the table code"
        self.free.append(info.properties[b"free"].decode())

    def update_service(self, info: Any) -> None:
        self.free.append(info.properties[b"free"].decode())

    def unregister_service(self, info: Any) -> None:
        pass

    def close(self) -> None:
        pass


def test_the_free_seats_announced_follow_the_table() -> None:
    zc = RecordingZeroconf()
    lan = discovery.advertise("test", 1, free_seats=2, host=LOOPBACK, make=lambda: zc)
    assert lan.problem == "" and zc.free == ["2"]
    lan.set_free_seats(2)  # unchanged: nothing sent
    lan.set_free_seats(0)
    deadline = time.monotonic() + 10
    while zc.free != ["2", "0"]:
        assert time.monotonic() < deadline, zc.free
        time.sleep(0.01)
    lan.close()


def test_a_local_only_host_is_not_announced() -> None:
    assert not discovery.announced("127.0.0.1") and not discovery.announced("localhost")
    assert discovery.announced("0.0.0.0") and discovery.announced("192.168.1.20")


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["host", "--code", "a!"], "--code"),
        (["host", "--max-watchers", "-1"], "--max-watchers"),
        (["host", "--max-connections", "lots"], "--max-connections"),
        (["host", "--bot-takeover", "never"], "--bot-takeover"),
        (["host", "--local-only", "--bind", "0.0.0.0"], "--local-only"),
    ],
)
def test_bad_limits_are_one_line_and_exit_2(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


@pytest.mark.slow
def test_sigterm_tells_every_client_and_saves(tmp_path: Path) -> None:
    """`stalkerzone host` stopped with SIGTERM: a `bye` (host_closed) to a watcher, then the
    game is saved and replays to the same state."""
    env = {**os.environ, "STALKERZONE_HOME": str(tmp_path), "PYTHONPATH": str(REPO)}
    argv = [sys.executable, "-m", "stalkerzone", "host", "--local-only", "--port", "0"]
    argv += ["--seats", "bot,remote", "--bot-delay", "0", "--code", "TEST42", "--no-lan"]
    argv += ["--seed", "1"]  # the bot seat places first: the game has actions to save
    host = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, text=True, cwd=tmp_path)
    try:
        assert host.stdout is not None
        first = host.stdout.readline()
        port = int(re.findall(r":(\d+),", first)[0])
        assert "table code TEST42" in first
        with connect(f"ws://{LOOPBACK}:{port}", open_timeout=10) as ws:
            ws.send(protocol.line({"type": "join", "protocol": 1, "code": "test42"}))
            seen = json.loads(ws.recv(10))
            assert seen["type"] == "view"
            while seen.get("version", 0) < 1:  # until the bot's first action is seen
                seen = json.loads(ws.recv(10))
            host.send_signal(signal.SIGTERM)
            messages = [json.loads(m) for m in ws]
        assert messages[-1]["type"] == "bye" and messages[-1]["key"] == "host_closed"
        assert host.wait(20) == 0
    finally:
        host.kill()
        host.wait(20)
    save = tmp_path / "saves" / "autosave.json"
    assert save.is_file() and main(["replay", str(save)]) == 0
