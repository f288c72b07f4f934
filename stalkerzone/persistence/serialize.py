"""Plain-JSON forms of actions and game states, read back strictly (no eval, no pickle).

Actions are written generically, as the contract between helpers says:
``{"type": ClassName, **fields}`` with tuples and hexes as lists. A game state is written field
by field, driven by the dataclasses' own type hints, so new fields travel without new code.
Cards inside a state (a grenade in a fight) are written by reference, ``{"card": id}``, and
looked up again in the loaded :class:`~stalkerzone.engine.cards.CardSet` on reading.

Reading checks every value against its type hint and raises :class:`SnapshotError` naming the
place (``snapshot.players[2].cash: expected an integer``), never anything else.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
import sys
import types
import typing
from collections.abc import Mapping
from typing import Any

from stalkerzone.engine import actions as actions_module
from stalkerzone.engine.actions import ACTION_TYPES, Action
from stalkerzone.engine.cards import Card, CardSet
from stalkerzone.engine.combat import Fight, FightSetup, MonsterSide, StalkerSide
from stalkerzone.engine.state import GameContext, GameState

JSON = Any
"""A value made of dict, list, str, int, float, bool and None only."""


class SnapshotError(ValueError):
    """A serialised value that does not fit its type; the message names where."""


# --- writing ----------------------------------------------------------------------------------


def to_json(value: object, *, cards_by_reference: bool = True) -> JSON:
    """The plain-JSON form of an engine value (dataclass, named tuple, enum, tuple, frozenset)."""
    if isinstance(value, enum.Enum):
        return value.value
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, str):
        return str(value)
    if cards_by_reference and isinstance(value, Card):
        return {"card": value.id}
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return [to_json(v, cards_by_reference=cards_by_reference) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, JSON] = {}
        for f in dataclasses.fields(value):
            item = getattr(value, f.name)
            if isinstance(item, GameContext) or f.name.startswith("_"):
                continue
            out[f.name] = to_json(item, cards_by_reference=cards_by_reference)
        return out
    if isinstance(value, (tuple, list)):
        return [to_json(v, cards_by_reference=cards_by_reference) for v in value]
    if isinstance(value, (frozenset, set)):
        items = [to_json(v, cards_by_reference=cards_by_reference) for v in value]
        return sorted(items, key=canonical)
    if isinstance(value, Mapping):
        return {
            str(to_json(k)): to_json(v, cards_by_reference=cards_by_reference)
            for k, v in sorted(value.items(), key=lambda kv: canonical(to_json(kv[0])))
        }
    raise SnapshotError(f"cannot serialise a {type(value).__name__}")


def canonical(data: JSON) -> str:
    """One fixed text for a JSON value (sorted keys, no spaces): what hashes are taken of."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(data: JSON) -> str:
    """``"sha256:<hex>"`` of the canonical text of ``data``."""
    return "sha256:" + hashlib.sha256(canonical(data).encode("utf-8")).hexdigest()


def action_to_json(action: Action) -> dict[str, JSON]:
    """``{"type": ClassName, **fields}`` (tuples and hexes as lists)."""
    out: dict[str, JSON] = {"type": type(action).__name__}
    for f in dataclasses.fields(action):
        out[f.name] = to_json(getattr(action, f.name))
    return out


def state_to_json(state: GameState) -> dict[str, JSON]:
    """Every field of the state but its rules context (cards, sectors, variant)."""
    data = to_json(state)
    assert isinstance(data, dict)
    return data


def state_digest(state: GameState) -> str:
    """A checksum of the whole position (the RNG included): equal states, equal digests."""
    return digest(state_to_json(state))


def cards_digest(cards: CardSet, pack: str | None = None) -> str:
    """A checksum of the cards (of one pack, if given): a save records it to notice edited
    cards whose pack kept its version number."""
    chosen = sorted((c for c in cards if pack is None or c.pack == pack), key=lambda c: c.id)
    return digest([to_json(c, cards_by_reference=False) for c in chosen])


# --- reading ----------------------------------------------------------------------------------

_EXTRA_NAMES: dict[str, Any] = {
    "Fight": Fight,
    "FightSetup": FightSetup,
    "StalkerSide": StalkerSide,
    "MonsterSide": MonsterSide,
}
_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    found = _HINTS.get(cls)
    if found is None:
        module = sys.modules[cls.__module__]
        found = typing.get_type_hints(cls, vars(module), _EXTRA_NAMES)
        _HINTS[cls] = found
    return found


def _kind(data: object) -> str:
    if data is None:
        return "null"
    if isinstance(data, bool):
        return "true/false"
    if isinstance(data, (int, float)):
        return "a number"
    if isinstance(data, str):
        return "a string"
    if isinstance(data, list):
        return "a list"
    if isinstance(data, dict):
        return "an object"
    return type(data).__name__


def from_json(data: JSON, hint: Any, where: str, cards: CardSet | None = None) -> Any:
    """Read ``data`` as a value of type ``hint``; :class:`SnapshotError` naming ``where``."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is type(None):
        if data is not None:
            raise SnapshotError(f"{where}: expected null, found {_kind(data)}")
        return None
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        arms = [a for a in args if a is not type(None)]
        errors = []
        for arm in arms:
            try:
                return from_json(data, arm, where, cards)
            except SnapshotError as error:
                errors.append(str(error))
        raise SnapshotError(errors[0] if len(errors) == 1 else f"{where}: unexpected {_kind(data)}")
    if origin is typing.Literal:
        if data not in args or isinstance(data, bool) != isinstance(args[0], bool):
            allowed = ", ".join(repr(a) for a in args)
            raise SnapshotError(f"{where}: expected one of {allowed}, found {data!r:.40}")
        return data
    if hint is Any or hint is object:
        return data
    if hint is bool:
        if not isinstance(data, bool):
            raise SnapshotError(f"{where}: expected true or false, found {_kind(data)}")
        return data
    if hint is int:
        if not isinstance(data, int) or isinstance(data, bool):
            raise SnapshotError(f"{where}: expected an integer, found {_kind(data)}")
        return data
    if hint is float:
        if not isinstance(data, (int, float)) or isinstance(data, bool):
            raise SnapshotError(f"{where}: expected a number, found {_kind(data)}")
        return float(data)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        try:
            return hint(data)
        except ValueError:
            raise SnapshotError(f"{where}: {data!r:.40} is not a {hint.__name__}") from None
    if hint is str:
        if not isinstance(data, str):
            raise SnapshotError(f"{where}: expected a string, found {_kind(data)}")
        return data
    if origin in (tuple, frozenset, set, list) or hint in (tuple, frozenset):
        if not isinstance(data, list):
            raise SnapshotError(f"{where}: expected a list, found {_kind(data)}")
        if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
            if len(data) != len(args):
                raise SnapshotError(f"{where}: expected {len(args)} items, found {len(data)}")
            return tuple(
                from_json(d, a, f"{where}[{k}]", cards)
                for k, (d, a) in enumerate(zip(data, args, strict=True))
            )
        item = args[0] if args else Any
        items = [from_json(d, item, f"{where}[{k}]", cards) for k, d in enumerate(data)]
        return frozenset(items) if origin in (frozenset, set) else tuple(items)
    if isinstance(hint, type) and issubclass(hint, Card):
        return _card(data, hint, where, cards)
    if isinstance(hint, type) and issubclass(hint, tuple) and hasattr(hint, "_fields"):
        return _named_tuple(data, hint, where, cards)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass(data, hint, where, cards)
    raise SnapshotError(f"{where}: cannot read a value of type {hint!r}")


def _card(data: JSON, hint: type[Card], where: str, cards: CardSet | None) -> Card:
    if not isinstance(data, dict) or set(data) != {"card"} or not isinstance(data["card"], str):
        raise SnapshotError(f'{where}: expected {{"card": id}}, found {_kind(data)}')
    if cards is None or data["card"] not in cards:
        raise SnapshotError(f"{where}: no loaded pack defines a card '{data['card']:.60}'")
    card = cards.get(data["card"])
    if not isinstance(card, hint):
        raise SnapshotError(f"{where}: card '{card.id}' is not a {hint.__name__}")
    return card


def _named_tuple(data: JSON, hint: type, where: str, cards: CardSet | None) -> Any:
    names: tuple[str, ...] = hint._fields  # type: ignore[attr-defined]
    if not isinstance(data, list) or len(data) != len(names):
        raise SnapshotError(f"{where}: expected a list of {len(names)} items")
    hints = _hints(hint)
    return hint(
        *(from_json(d, hints[n], f"{where}.{n}", cards) for d, n in zip(data, names, strict=True))
    )


def _dataclass(data: JSON, hint: type, where: str, cards: CardSet | None, **extra: Any) -> Any:
    if not isinstance(data, dict):
        raise SnapshotError(f"{where}: expected an object, found {_kind(data)}")
    hints = _hints(hint)
    fields = {f.name: f for f in dataclasses.fields(hint) if f.init and f.name not in extra}
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise SnapshotError(f"{where}: unknown field '{unknown[0]:.40}'")
    values: dict[str, Any] = dict(extra)
    for name, f in fields.items():
        if name in data:
            values[name] = from_json(data[name], hints[name], f"{where}.{name}", cards)
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise SnapshotError(f"{where}.{name}: missing")
    try:
        return hint(**values)
    except (TypeError, ValueError) as error:
        raise SnapshotError(f"{where}: {error}") from None


def action_from_json(data: JSON, where: str = "action") -> Action:
    """An action from ``{"type": ClassName, **fields}``, every field checked."""
    if not isinstance(data, dict):
        raise SnapshotError(f"{where}: expected an object, found {_kind(data)}")
    kind = data.get("type")
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise SnapshotError(f"{where}.type: unknown action {kind!r:.40}")
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls, vars(actions_module))
    body = {k: v for k, v in data.items() if k != "type"}
    action: Action = _dataclass(body, cls, where, None)
    return action


def state_from_json(data: JSON, ctx: GameContext, where: str = "snapshot") -> GameState:
    """A game state from :func:`state_to_json`, played with the rules context ``ctx``."""
    state: GameState = _dataclass(data, GameState, where, ctx.cards, ctx=ctx)
    return state
