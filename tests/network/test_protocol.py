"""Protocol messages (docs/protocol.md): strict reading, size limit, refusals as data."""

from __future__ import annotations

import json

import pytest

from stalkerzone.engine.core import IllegalAction
from stalkerzone.engine.play import EndTurn, Move
from stalkerzone.engine.zone import Hex
from stalkerzone.network import protocol
from stalkerzone.network.protocol import (
    ActionMessage,
    ByeMessage,
    ChatMessage,
    JoinMessage,
    ProtocolError,
    read_action,
    read_client_message,
)
from stalkerzone.persistence.serialize import action_to_json


def test_every_client_message_type_reads() -> None:
    join = read_client_message('{"type":"join","protocol":1,"seats":[0,2],"name":"Anna"}')
    assert isinstance(join, JoinMessage) and join.seats == [0, 2] and join.name == "Anna"
    action = read_client_message(
        protocol.line({"type": "action", "id": 4, "action": action_to_json(Move(Hex(1, -1)))})
    )
    assert isinstance(action, ActionMessage) and read_action(action) == Move(Hex(1, -1))
    assert isinstance(read_client_message('{"type":"chat","text":"hi"}'), ChatMessage)
    assert isinstance(read_client_message('{"type":"bye"}'), ByeMessage)


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ("not json", "bad JSON"),
        ("[1, 2]", "a JSON object"),
        ('{"type":"shout"}', "type: expected one of"),
        ('{"type":"join","protocol":"1"}', "join.protocol"),
        ('{"type":"join","protocol":1,"seats":[9]}', "join.seats"),
        ('{"type":"join","protocol":1,"admin":true}', "join.admin"),
        ('{"type":"action","id":1}', "action.action"),
        ('{"type":"action","id":-1,"action":{}}', "action.id"),
        ('{"type":"chat","text":""}', "chat.text"),
        ('{"type":"bye","why":"x"}', "bye.why"),
        ("[" * 200 + "]" * 200, "nested too deeply"),
        ('{"type":"join","protocol":1' + "0" * 50 + "}", "digits"),
    ],
)
def test_malformed_messages_are_refused_with_the_reason(raw: str, words: str) -> None:
    with pytest.raises(ProtocolError, match=words):
        read_client_message(raw)


def test_a_message_over_the_size_limit_is_refused_before_it_is_parsed() -> None:
    text = "x" * protocol.MAX_CLIENT_MESSAGE
    raw = json.dumps({"type": "chat", "text": text})
    with pytest.raises(ProtocolError, match="bytes"):
        read_client_message(raw)


def test_an_unknown_or_ill_typed_action_is_a_protocol_error() -> None:
    unknown = ActionMessage(type="action", id=1, action={"type": "Teleport"})
    with pytest.raises(ProtocolError, match="unknown action"):
        read_action(unknown)
    wrong = ActionMessage(type="action", id=1, action={"type": "Heal", "points": "2"})
    with pytest.raises(ProtocolError, match="points"):
        read_action(wrong)
    assert read_action(ActionMessage(type="action", id=1, action={"type": "EndTurn"})) == (
        EndTurn()
    )


def test_a_refusal_travels_as_data_and_comes_back_as_the_same_refusal() -> None:
    error = IllegalAction("BASE-1", "Military Base needs reputation 3", key="rep", needed=3)
    message = protocol.refusal(error, 7)
    again = protocol.refused_error(json.loads(protocol.line(message)))
    assert message["id"] == 7
    assert (again.rule, str(again), again.key, again.params) == (
        "BASE-1",
        str(error),
        "rep",
        (("needed", 3),),
    )


def test_every_message_is_one_line() -> None:
    text = protocol.line({"type": "chat", "name": "A", "text": "two\nlines"})
    assert "\n" not in text and json.loads(text)["text"] == "two\nlines"
