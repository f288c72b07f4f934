"""The protocol's messages as JSON Schema (docs/protocol.md, ``docs/protocol-schema.json``).

The client's messages are the strict models of :mod:`stalkerzone.network.protocol`; the host's
are modelled here (:class:`ViewMessage` and the others) and checked against what the host sends
by the tests. A game state and an action are the engine's dataclasses as the strict readers of
:mod:`stalkerzone.persistence.snapshot_models` take them, with one change: a card inside a state
(a grenade or stimulator in a fight) travels as a reference ``{"card": id}``.

``python -m stalkerzone.network.schema [FILE]`` writes the schema (to standard output without
``FILE``); a test keeps the committed file equal to what the models produce.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.json_schema import models_json_schema

from stalkerzone.engine.core import cards as engine_cards
from stalkerzone.engine.play import ACTION_TYPES
from stalkerzone.network import protocol

_STRICT = ConfigDict(strict=True, extra="forbid", frozen=True)
SCHEMA_FILE = "docs/protocol-schema.json"
DRAFT = "https://json-schema.org/draft/2020-12/schema"


class SeatInfo(BaseModel):
    """A seat as every client sees it."""

    model_config = _STRICT
    seat: int
    name: str
    kind: Literal["local", "remote", "bot"]
    bot: str | None
    connected: bool
    stand_in: bool
    """A remote seat the host's bot plays while its player is away (``--bot-takeover``)."""


class PackOfferInfo(BaseModel):
    """A pack archive the host serves on its port (``path``), with its SHA-256 and size."""

    model_config = _STRICT
    path: str
    digest: str
    bytes: int


class PackInfo(BaseModel):
    model_config = _STRICT
    id: str
    version: str
    digest: str
    offer: PackOfferInfo | None = None
    """Offered to joining players who lack the pack (not for the base set)."""


class GameInfo(BaseModel):
    """What a client needs to read views: variant, Zone mode, the card packs."""

    model_config = _STRICT
    variant: str
    zone_mode: Literal["hand", "free", "ring", "line", "compact"]
    packs: list[PackInfo]


class OddsInfo(BaseModel):
    """Exact chances, from 0 to 1, that the fight ends in a win, a death or an escape."""

    model_config = _STRICT
    win: float
    death: float
    escape: float


class DecisionOddsInfo(OddsInfo):
    """The odds of taking one of the seat's legal ``FightDecision`` actions now and playing
    best afterwards."""

    action: dict[str, Any]


class FightOddsInfo(BaseModel):
    """The odds of the seat's own fight (FIGHT-2): now under the best play, the best decision
    (a ``FightDecision`` action) and each decision the seat may send."""

    model_config = _STRICT
    now: OddsInfo
    best: dict[str, Any]
    decisions: list[DecisionOddsInfo]


class UndoInfo(BaseModel):
    """Whether the seat to act may take back its last action (TURN-2: then ``legal`` holds
    ``{"type": "Undo"}``) and, if not, why: rule id, English reason, message key and the
    reason's fields (``{"player": name}`` of ``undo_not_yours``: public facts only)."""

    model_config = _STRICT
    allowed: bool
    rule: str
    message: str
    key: str
    params: dict[str, str | int] = {}


class ViewMessage(BaseModel):
    """The game as the connection's seat may see it (TURN-3), after every action and on joining;
    ``legal``: the actions this connection may send now (empty when it is not its turn); the
    first view also has ``token``, ``game`` and ``log`` (the turn log: ``[turn, line]``);
    ``odds`` in the seat's own fight at its decision, ``undo`` on its turn, ``story`` (the
    story of the game, ``stalkerzone.story``) once the game is over."""

    model_config = _STRICT
    type: Literal["view"]
    protocol: int
    version: int
    viewer: int
    seats: list[int]
    table: list[SeatInfo]
    reply_to: int | None
    state: dict[str, Any]
    legal: list[dict[str, Any]]
    token: str | None = None
    game: GameInfo | None = None
    log: list[tuple[int, str]] | None = None
    odds: FightOddsInfo | None = None
    undo: UndoInfo | None = None
    story: dict[str, Any] | None = None


class RefusedMessage(BaseModel):
    """An action or message that was not accepted; nothing changed."""

    model_config = _STRICT
    type: Literal["refused"]
    id: int | None
    rule: str
    message: str
    key: str
    params: list[tuple[str, str | int]]


class EventMessage(BaseModel):
    """What happened at the table: ``action`` (with ``version``, ``seat``, ``name``, ``action``),
    ``joined`` / ``left`` (with ``seats``, ``name``, ``table``), ``stand_in`` (a bot plays the
    seat in ``seats`` while its player is away) or ``undo`` (``seat`` took back its last
    action; ``version``: the actions now)."""

    model_config = _STRICT
    type: Literal["event"]
    kind: Literal["action", "joined", "left", "stand_in", "undo"]
    name: str
    version: int | None = None
    seat: int | None = None
    action: dict[str, Any] | None = None
    seats: list[int] | None = None
    table: list[SeatInfo] | None = None


class HostChatMessage(BaseModel):
    model_config = _STRICT
    type: Literal["chat"]
    name: str
    text: Annotated[str, Field(max_length=protocol.MAX_CHAT)]


class HostByeMessage(BaseModel):
    model_config = _STRICT
    type: Literal["bye"]
    reason: str
    key: str
    """Why, as a key: ``host_closed``, ``too_slow``, ``too_many_connections``,
    ``too_many_watchers``, ``abuse``, ``seat_taken_over`` or ``bad_code`` (docs/protocol.md)."""


HOST_MESSAGES: dict[str, type[BaseModel]] = {
    "view": ViewMessage,
    "refused": RefusedMessage,
    "event": EventMessage,
    "chat": HostChatMessage,
    "bye": HostByeMessage,
}
CLIENT_MESSAGES: dict[str, type[BaseModel]] = {
    "join": protocol.JoinMessage,
    "action": protocol.ActionMessage,
    "chat": protocol.ChatMessage,
    "bye": protocol.ByeMessage,
}


def protocol_schema() -> dict[str, Any]:
    """The whole protocol as one JSON Schema document: ``client`` and ``host`` messages,
    ``action`` and ``state``, their parts in ``$defs``."""
    from stalkerzone.engine.play import GameState
    from stalkerzone.persistence.snapshot_models import _READERS

    named: list[tuple[str, type[BaseModel]]] = [
        *((f"Client{k.title()}", m) for k, m in CLIENT_MESSAGES.items()),
        *((f"Host{k.title()}", m) for k, m in HOST_MESSAGES.items()),
        *((name, _READERS[cls]) for name, cls in ACTION_TYPES.items()),
        ("GameState", _READERS[GameState]),
    ]
    refs, top = models_json_schema(
        [(model, "validation") for _, model in named],
        ref_template="#/$defs/{model}",
    )
    defs: dict[str, Any] = top["$defs"]
    ref = {name: refs[(model, "validation")]["$ref"] for name, model in named}
    for name in ACTION_TYPES:  # an action is {"type": ClassName, **fields}
        body = defs[_def_name(ref[name])]
        body["properties"] = {"type": {"const": name}, **body.get("properties", {})}
        body["required"] = ["type", *body.get("required", [])]
    for name in list(defs):  # cards travel by reference
        card = getattr(engine_cards, name, None)
        if isinstance(card, type) and issubclass(card, engine_cards.Card):
            defs[name] = {
                "description": f"a {name} card of the loaded packs, by its id",
                "type": "object",
                "properties": {"card": {"type": "string"}},
                "required": ["card"],
                "additionalProperties": False,
            }
    defs["Undo"] = {
        "description": "take back the seat's last action (TURN-2), when its legal list has it",
        "type": "object",
        "properties": {"type": {"const": "Undo"}},
        "required": ["type"],
        "additionalProperties": False,
    }
    action = {"oneOf": [{"$ref": ref[name]} for name in ACTION_TYPES] + [{"$ref": "#/$defs/Undo"}]}
    view = defs[_def_name(ref["HostView"])]["properties"]
    view["state"] = {"$ref": "#/$defs/State"}
    view["legal"] = {"type": "array", "items": {"$ref": "#/$defs/Action"}}
    client_action = defs[_def_name(ref["ClientAction"])]["properties"]
    client_action["action"] = {"$ref": "#/$defs/Action"}
    defs["Action"] = action
    for name in ("FightOddsInfo", "DecisionOddsInfo"):
        part = defs[name]["properties"]
        part["best" if name == "FightOddsInfo" else "action"] = {"$ref": "#/$defs/Action"}
    defs["State"] = {"$ref": ref["GameState"]}
    schema: dict[str, Any] = {
        "$schema": DRAFT,
        "title": f"Stalker Zone network protocol, version {protocol.VERSION}",
        "description": "One JSON object per WebSocket text message (docs/protocol.md).",
        "oneOf": [{"$ref": ref[f"Client{k.title()}"]} for k in CLIENT_MESSAGES]
        + [{"$ref": ref[f"Host{k.title()}"]} for k in HOST_MESSAGES],
        "$defs": _reachable(defs, top_refs=[*ref.values(), "#/$defs/Action"]),
    }
    return schema


def _def_name(ref: str) -> str:
    return ref.rpartition("/")[2]


def _reachable(defs: dict[str, Any], top_refs: list[str]) -> dict[str, Any]:
    """Only the definitions some message reaches (a card's own fields are not sent)."""
    seen: set[str] = set()
    todo = [_def_name(r) for r in top_refs]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        todo.extend(_def_name(r) for r in _refs_in(defs[name]))
    return {name: defs[name] for name in sorted(seen)}


def _refs_in(value: Any) -> list[str]:
    if isinstance(value, dict):
        found = [value["$ref"]] if isinstance(value.get("$ref"), str) else []
        for item in value.values():
            found += _refs_in(item)
        return found
    if isinstance(value, list):
        return [r for item in value for r in _refs_in(item)]
    return []


def schema_text() -> str:
    """The schema as the committed file holds it (sorted keys, two-space indent)."""
    return json.dumps(protocol_schema(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    text = schema_text()
    if argv:
        with open(argv[0], "w", encoding="utf-8") as out:
            out.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
