"""The protocol's JSON Schema (docs/protocol-schema.json) is what the models produce, and every
message a host sends in a game fits it; a view's legal actions are the engine's own."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from stalkerzone.engine.game import legal_actions
from stalkerzone.network import protocol, schema
from stalkerzone.network.limits import Limits
from stalkerzone.network.table import GameTable, Outgoing
from stalkerzone.persistence.serialize import action_from_json, canonical
from tests.support.network import table

ROOT = Path(__file__).resolve().parents[2]
MAX_ACTIONS = 120


def validator() -> jsonschema.Draft202012Validator:
    document = json.loads((ROOT / schema.SCHEMA_FILE).read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(document)
    return jsonschema.Draft202012Validator(document)


def test_the_committed_schema_is_what_the_models_produce() -> None:
    committed = (ROOT / schema.SCHEMA_FILE).read_text(encoding="utf-8")
    assert committed == schema.schema_text(), (
        f"run: python -m stalkerzone.network.schema {schema.SCHEMA_FILE}"
    )


def test_the_client_messages_of_the_protocol_page_fit_the_schema() -> None:
    check = validator()
    page = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    examples = [line for line in page.splitlines() if line.startswith('{"type":')]
    assert len(examples) >= 2
    for line in examples:
        check.validate(json.loads(line))
        protocol.read_client_message(line)  # the host takes it too
    try:
        check.validate({"type": "join", "protocol": "1"})
    except jsonschema.ValidationError:
        pass
    else:
        raise AssertionError("a protocol number given as a string fits the schema")


def send(t: GameTable, conn: int, message: dict[str, Any]) -> list[Outgoing]:
    return t.receive(conn, protocol.line(message))


@pytest.mark.slow
def test_every_message_a_host_sends_in_a_game_fits_the_schema() -> None:
    check = validator()
    t = table(("remote", "bot", "bot"), seed=7, zone_mode="ring")
    # this loop answers each view at once, far above the rate a person plays at
    t.limits = Limits(actions_per_second=1000.0, action_burst=MAX_ACTIONS * 2)
    player, watcher = t.connect(), t.connect()
    sent: list[Outgoing] = []
    sent += send(t, player, {"type": "join", "protocol": 1, "seats": [0], "name": "Anna"})
    sent += send(t, watcher, {"type": "join", "protocol": 1})
    sent += send(t, watcher, {"type": "chat", "text": "good luck"})
    sent += send(t, watcher, {"type": "action", "id": 3, "action": {"type": "EndTurn"}})
    sent += send(t, player, {"type": "action", "id": 4, "action": {"type": "Fly"}})
    offered = 0
    for request in range(MAX_ACTIONS):
        if t.state.phase == "over":
            break
        if t.state.current_player != 0:
            sent += t.bot_step()
            continue
        view = [m for c, m in sent if c == player and m["type"] == "view"][-1]
        undo = [a for a in view["legal"] if a["type"] == "Undo"]  # last, when allowed
        assert (
            view["undo"]["allowed"] == bool(undo)
            and view["legal"][len(view["legal"]) - len(undo) :] == undo
        )
        engine = view["legal"][: len(view["legal"]) - len(undo)]
        legal = [action_from_json(a) for a in engine]
        texts = [canonical(a) for a in engine]
        assert texts == sorted(texts) and legal
        assert set(legal) == set(legal_actions(t.state))
        offered += 1
        chosen = next((a for a in engine if a["type"] != "EndTurn"), engine[0])
        sent += send(t, player, {"type": "action", "id": request, "action": chosen})
    sent += t.goodbye("the host ended the game")
    kinds = {m["type"] for _, m in sent}
    assert kinds == {"view", "event", "chat", "refused", "bye"} and offered > 0
    for _, message in sent:
        if message["type"] != "close":
            check.validate(message)
    watcher_views = [m for c, m in sent if c == watcher and m["type"] == "view"]
    assert watcher_views and all(m["legal"] == [] for m in watcher_views)


def test_the_protocol_page_names_every_refusal_key_a_client_can_get() -> None:
    """Every ``key`` of an engine or protocol refusal, the undo's included."""
    page = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    keys: set[str] = set()
    for folder in ("engine", "network"):
        for path in (ROOT / "stalkerzone" / folder).rglob("*.py"):
            keys |= set(re.findall(r'key="([a-z_0-9]+)"', path.read_text(encoding="utf-8")))
    assert len(keys) > 40
    missing = sorted(k for k in keys if f"`{k}`" not in page)
    assert not missing, f"docs/protocol.md does not name the refusal keys {missing}"
