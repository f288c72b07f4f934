"""Seat tokens kept beside a hosted game's save, so a resumed game is rejoined by token (TURN-1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from stalkerzone.engine.game import legal_actions
from stalkerzone.engine.play import EndTurn
from stalkerzone.network import protocol
from stalkerzone.network.hosting import resumed_table
from stalkerzone.network.seat_tokens import read_tokens, sidecar, write_tokens
from stalkerzone.network.table import GameTable
from tests.support.network import table


def join(t: GameTable, **fields: object) -> dict[str, object]:
    """The first reply to a join with ``fields`` on a new connection."""
    conn = t.connect()
    message = {"type": "join", "protocol": protocol.VERSION, **fields}
    return t.receive(conn, protocol.line(message))[0][1]


def test_a_resumed_game_gives_a_seat_back_to_its_token_only(tmp_path: Path) -> None:
    t = table(("remote", "remote"), seed=4)
    t.autosave, t.save_to = True, tmp_path / "net.json"
    first = join(t, seats=[1])
    token = first["token"]
    assert isinstance(token, str) and token
    assert read_tokens(t.save_to, 2) == {token: (1,)}, "kept as soon as it is given out"
    assert sidecar(t.save_to).stat().st_mode & 0o077 == 0, "only the host reads the tokens"
    while t.state.phase == "layout":
        t.play(legal_actions(t.state)[0])
    t.play(EndTurn())
    resumed = resumed_table(t.save_to)
    assert resumed.tokens == {token: (1,)}
    by_number = join(resumed, seats=[1])
    assert by_number["type"] == "refused" and "taken" in str(by_number["message"])
    back = join(resumed, token=token)
    assert back["type"] == "view" and back["seats"] == [1] and back["token"] == token
    other = join(resumed, any_seat=True)
    assert other["type"] == "view" and other["seats"] == [0]


@pytest.mark.parametrize(
    "text",
    ["not json", '{"format": 1, "tokens": {"abc": [7]}}', '{"format": 9, "tokens": {}}', "[]"],
)
def test_a_damaged_sidecar_only_means_joining_by_seat(tmp_path: Path, text: str) -> None:
    save = tmp_path / "net.json"
    sidecar(save).write_text(text, encoding="utf-8")
    assert read_tokens(save, 2) == {}


def test_tokens_round_trip_through_the_sidecar(tmp_path: Path) -> None:
    save = tmp_path / "net.json"
    assert read_tokens(save, 3) == {}
    write_tokens(save, {"a": (0, 2), "b": (1,)})
    assert read_tokens(save, 3) == {"a": (0, 2), "b": (1,)}
    assert read_tokens(save, 2) == {"b": (1,)}, "a seat the game does not have is dropped"
