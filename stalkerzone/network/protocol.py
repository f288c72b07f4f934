"""The network protocol (docs/protocol.md), version :data:`VERSION`: one JSON object per
websocket text message, on one line, checked strictly before anything reads it.

Client to host: ``join``, ``action``, ``chat``, ``bye``. Host to client: ``view`` (always the
first message: the seat's ``player_view``, TURN-3), ``refused``, ``event``, ``chat``, ``bye``.
Every message from a client is parsed by :func:`read_client_message`: a size limit, guarded JSON
(:func:`stalkerzone.files.load_json`) and a strict pydantic model per type (no unknown field, no
string for a number). Anything else raises :class:`ProtocolError`, which the host answers with a
``refused`` message; it never stops the host.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from stalkerzone.engine.core import IllegalAction
from stalkerzone.engine.play import Action
from stalkerzone.files import FileRefused, load_json
from stalkerzone.persistence.serialize import JSON, SnapshotError, action_from_json

VERSION = 1
"""The protocol version; a ``join`` of another version is refused."""
MAX_CLIENT_MESSAGE = 16 * 1024
"""Longest message a client may send (bytes of UTF-8); longer ones are refused."""
MAX_TRANSPORT_MESSAGE = 256 * 1024
"""The websocket frame limit on the host: beyond it the connection is closed (code 1009)."""
MAX_HOST_MESSAGE = 16 * 1024 * 1024
"""Longest message a client accepts from the host (a view of a long game)."""
MAX_CHAT = 500
MAX_NAME = 40
MAX_CODE = 32
MAX_STALKER = 64
"""Longest stalker card id a join may name."""
PROTOCOL_RULE = "NET-1"
"""The rule id of refusals that are about the message itself, not the game."""


class ProtocolError(ValueError):
    """A message that does not follow the protocol; the text says what is wrong."""


_STRICT = ConfigDict(strict=True, extra="forbid", frozen=True)


class JoinMessage(BaseModel):
    """Take ``seats`` (or, with ``any_seat``, the first free remote seat; none: watch as a
    spectator), or take back one's seats with ``token``; ``stalker``: the character to play,
    one of the free ones, before play begins (ST-3, ``stalker_choice``)."""

    model_config = _STRICT
    type: Literal["join"]
    protocol: int
    seats: list[Annotated[int, Field(ge=0, le=5)]] = Field(default_factory=list, max_length=6)
    token: Annotated[str, Field(max_length=64)] | None = None
    any_seat: bool = False
    name: Annotated[str, Field(max_length=MAX_NAME)] | None = None
    code: Annotated[str, Field(max_length=MAX_CODE)] | None = None
    stalker: Annotated[str, Field(min_length=1, max_length=MAX_STALKER)] | None = None


class ActionMessage(BaseModel):
    """An engine action (``persistence.serialize.action_to_json``) for one of the seats held."""

    model_config = _STRICT
    type: Literal["action"]
    id: Annotated[int, Field(ge=0, le=2**53)]
    action: dict[str, Any]


class ChatMessage(BaseModel):
    model_config = _STRICT
    type: Literal["chat"]
    text: Annotated[str, Field(min_length=1, max_length=MAX_CHAT)]


class ByeMessage(BaseModel):
    model_config = _STRICT
    type: Literal["bye"]


ClientMessage = JoinMessage | ActionMessage | ChatMessage | ByeMessage
_CLIENT_MESSAGES: TypeAdapter[ClientMessage] = TypeAdapter(
    Annotated[ClientMessage, Field(discriminator="type")]
)
CLIENT_TYPES = ("join", "action", "chat", "bye")
HOST_TYPES = ("view", "refused", "event", "chat", "bye")


def read_client_message(raw: str | bytes) -> ClientMessage:
    """One client message, fully checked; :class:`ProtocolError` says what is wrong. A binary
    frame is refused: the protocol speaks text frames only."""
    if isinstance(raw, bytes):
        raise ProtocolError("a binary frame: messages are JSON in text frames")
    size = len(raw.encode("utf-8")) if isinstance(raw, str) else len(raw)
    if size > MAX_CLIENT_MESSAGE:
        raise ProtocolError(f"message of {size} bytes (at most {MAX_CLIENT_MESSAGE})")
    try:
        data = load_json(raw, "message")
    except FileRefused as error:
        raise ProtocolError(str(error)) from None
    if not isinstance(data, dict):
        raise ProtocolError("a message is a JSON object")
    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        raise ProtocolError(f"type: expected one of {', '.join(CLIENT_TYPES)}, found {kind!r:.40}")
    try:
        return _CLIENT_MESSAGES.validate_python(data)
    except ValidationError as error:
        first = error.errors()[0]
        place = ".".join(str(p) for p in first["loc"][1:]) or "message"
        raise ProtocolError(f"{kind}.{place}: {first['msg'][:80]}") from None


def read_action(message: ActionMessage) -> Action:
    """The engine action of an ``action`` message (strict, as saves are read)."""
    try:
        return action_from_json(message.action, "action")
    except SnapshotError as error:
        raise ProtocolError(str(error)) from None


def read_host_message(raw: str | bytes) -> dict[str, JSON]:
    """A message from the host: size, guarded JSON, an object with a known ``type``. Its fields
    are checked where they are read (a view's state by ``state_from_json``)."""
    size = len(raw.encode("utf-8")) if isinstance(raw, str) else len(raw)
    if size > MAX_HOST_MESSAGE:
        raise ProtocolError(f"message of {size} bytes from the host (at most {MAX_HOST_MESSAGE})")
    try:
        data = load_json(raw, "message")
    except FileRefused as error:
        raise ProtocolError(str(error)) from None
    if not isinstance(data, dict) or data.get("type") not in HOST_TYPES:
        raise ProtocolError("the host sent something that is not a protocol message")
    return data


def line(message: dict[str, JSON]) -> str:
    """A message as one line of compact JSON (no newline inside: JSON escapes them)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def refusal(error: IllegalAction, request: int | None) -> dict[str, JSON]:
    """The ``refused`` message for an engine refusal (rule id, English text, key, params)."""
    return {
        "type": "refused",
        "id": request,
        "rule": error.rule,
        "message": str(error),
        "key": error.key,
        "params": [[name, value] for name, value in error.params],
    }


def protocol_refusal(problem: str, request: int | None = None) -> dict[str, JSON]:
    """The ``refused`` message for a message that broke the protocol itself."""
    return refusal(IllegalAction(PROTOCOL_RULE, problem, key="protocol"), request)


def limit_refusal(key: str, problem: str, request: int | None = None) -> dict[str, JSON]:
    """The ``refused`` message for a limit of the host (rate, table code, name): its ``key``
    says which (docs/protocol.md)."""
    return refusal(IllegalAction(PROTOCOL_RULE, problem, key=key), request)


def goodbye(reason: str, key: str) -> dict[str, JSON]:
    """The ``bye`` the host sends before it closes a connection: why, and a reason key."""
    return {"type": "bye", "reason": reason, "key": key}


def refused_error(message: dict[str, JSON]) -> IllegalAction:
    """The engine refusal a ``refused`` message carries, as the engine would have raised it
    (so that a client shows it exactly as a local refusal)."""
    rule = str(message.get("rule") or PROTOCOL_RULE)
    text = str(message.get("message") or "")
    key = message.get("key")
    raw = message.get("params")
    params: dict[str, Any] = {}
    if isinstance(raw, list):
        for pair in raw:
            if isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str):
                params[pair[0]] = pair[1]
    error = IllegalAction(rule, text.removeprefix(f"{rule}: "), key=str(key or ""), **params)
    return error
