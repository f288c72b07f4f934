"""A client written from docs/protocol.md alone (tests/network/plain_client.py: ``websockets`` and
``json`` only) plays a seat of a real host on 127.0.0.1 to the end of a game against a bot."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from stalkerzone.persistence.serialize import state_to_json
from tests.network import plain_client
from tests.support.network import hosted, table

GAME_SECONDS = 50.0
"""A bound on the game (an express game on a dealt Zone ends in a few seconds here)."""


def test_the_plain_client_imports_nothing_of_the_game() -> None:
    tree = ast.parse(Path(plain_client.__file__).read_text(encoding="utf-8"))
    modules = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules |= {alias.name.partition(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            modules.add((node.module or "").partition(".")[0])
    assert modules <= {"__future__", "json", "time", "dataclasses", "typing", "websockets"}, modules


@pytest.mark.slow
def test_a_client_from_the_protocol_page_plays_a_game_to_its_end() -> None:
    game = table(("remote", "bot"), seed=2, zone_mode="ring", variant="express")
    with hosted(game) as server:
        played = plain_client.play(f"ws://127.0.0.1:{server.port}", "Anna", seconds=GAME_SECONDS)
        truth = server.call(lambda: game.state)
    assert played.seat == 0 and played.token and played.refused == []
    assert truth.phase == "over" and played.last_state["phase"] == "over"
    assert played.actions > 10 and played.views > played.actions
    public = state_to_json(truth)
    assert played.last_state["winner"] == public["winner"] is not None
    assert played.last_state["players"][1]["cash"] == public["players"][1]["cash"]
