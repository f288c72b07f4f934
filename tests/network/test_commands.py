"""`stalkerzone host` and `stalkerzone join`: one-line refusals, a saved game resumed with its
seats, LAN discovery that degrades with a clear message (no multicast needed)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import pytest

from stalkerzone.cli import build_parser, main
from stalkerzone.commands.host import table_from_args
from stalkerzone.engine.game import legal_actions
from stalkerzone.network import discovery
from stalkerzone.network.server import GameServer
from stalkerzone.persistence.saves import save_game
from stalkerzone.persistence.serialize import state_digest
from tests.support.network import LOOPBACK, table


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
