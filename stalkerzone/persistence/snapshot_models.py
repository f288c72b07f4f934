"""The strict pydantic models that read saved actions and game states back
(:mod:`stalkerzone.persistence.serialize` calls :func:`read_dataclass`): one model per engine
dataclass a save holds, built when this module is first imported (at the first read).
"""

from __future__ import annotations

import dataclasses
import json
import typing
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, create_model

from stalkerzone.engine.fight import Fight, FightSetup, MonsterSide, StalkerSide
from stalkerzone.engine.play import ACTION_TYPES, GameState
from stalkerzone.persistence.serialize import JSON, SnapshotError, value_kind

_STRICT = ConfigDict(strict=True, extra="forbid", arbitrary_types_allowed=True)
_NAMESPACE: dict[str, Any] = {
    "Fight": Fight,
    "FightSetup": FightSetup,
    "StalkerSide": StalkerSide,
    "MonsterSide": MonsterSide,
}


def _reader(cls: type) -> type[BaseModel]:
    """A strict pydantic model with the init fields of dataclass ``cls`` (a state's rules
    context ``ctx`` left out: it is given on reading, never read from a file)."""
    hints = typing.get_type_hints(cls, None, _NAMESPACE)
    fields: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if not f.init or f.name == "ctx":
            continue
        if f.default is not dataclasses.MISSING:
            fields[f.name] = (hints[f.name], f.default)
        elif f.default_factory is not dataclasses.MISSING:
            fields[f.name] = (hints[f.name], f.default_factory())
        else:
            fields[f.name] = (hints[f.name], ...)
    model: type[BaseModel] = create_model(f"Read{cls.__name__}", __config__=_STRICT, **fields)
    model.model_rebuild(_types_namespace=_NAMESPACE)
    return model


_READERS: Mapping[type, type[BaseModel]] = MappingProxyType(
    {cls: _reader(cls) for cls in (GameState, *ACTION_TYPES.values())}
)
"""One read-only model per dataclass a save holds, built once when this module is imported."""


def read_dataclass(cls: type, data: JSON, where: str, **extra: Any) -> Any:
    """``cls(**fields of data, **extra)``, every field checked; :class:`SnapshotError`."""
    if not isinstance(data, dict):
        raise SnapshotError(f"{where}: expected an object, found {value_kind(data)}")
    model = _READERS[cls]
    try:
        parsed = model.model_validate_json(json.dumps(data, ensure_ascii=False))
    except ValidationError as error:
        raise SnapshotError(_first_error(error, data, where)) from None
    except (ValueError, RecursionError) as error:
        raise SnapshotError(f"{where}: {str(error)[:80]}") from None
    values = {name: getattr(parsed, name) for name in type(parsed).model_fields}
    try:
        return cls(**values, **extra)
    except (TypeError, ValueError) as error:
        raise SnapshotError(f"{where}: {error}") from None


_EXPECTED = {
    "int_type": "expected an integer",
    "int_parsing": "expected an integer",
    "int_from_float": "expected an integer",
    "bool_type": "expected true or false",
    "bool_parsing": "expected true or false",
    "string_type": "expected a string",
    "float_type": "expected a number",
    "float_parsing": "expected a number",
    "tuple_type": "expected a list",
    "list_type": "expected a list",
    "frozen_set_type": "expected a list",
    "set_type": "expected a list",
    "dict_type": "expected an object",
    "model_type": "expected an object",
    "dataclass_type": "expected an object",
    "dataclass_exact_type": "expected an object",
    "none_required": "expected null",
}


def _first_error(error: ValidationError, data: JSON, where: str) -> str:
    """The first pydantic error in this module's words, at its place in ``data``."""
    err = error.errors()[0]
    place, value = _place(err["loc"], data, where)
    kind = err["type"]
    if kind in ("extra_forbidden", "unexpected_keyword_argument"):
        parent = place.rpartition(".")[0] or where
        return f"{parent}: unknown field '{str(err['loc'][-1])[:40]}'"
    if kind == "missing":
        return f"{place}: missing"
    if kind in _EXPECTED:
        return f"{place}: {_EXPECTED[kind]}, found {value_kind(value)}"
    if kind in ("literal_error", "enum"):
        allowed = (err.get("ctx") or {}).get("expected", "")
        return f"{place}: expected one of {allowed}, found {json.dumps(value)[:40]}"
    if kind in ("too_short", "too_long"):
        return f"{place}: wrong number of items"
    return f"{place}: {err['msg'][:80]}"


def _place(loc: tuple[int | str, ...], data: JSON, where: str) -> tuple[str, JSON]:
    """``where.players[2].cash`` for a pydantic location, skipping the names pydantic gives
    union arms; and the value found there."""
    text = where
    value: JSON = data
    for k, part in enumerate(loc):
        last = k == len(loc) - 1
        if isinstance(value, dict) and isinstance(part, str):
            if part in value or last:
                text += f".{part}"
                value = value.get(part)
            continue
        if isinstance(value, list) and isinstance(part, int) and 0 <= part < len(value):
            text += f"[{part}]"
            value = value[part]
            continue
        if isinstance(part, int) or last:
            text += f"[{part}]" if isinstance(part, int) else f".{part}"
            value = None
    return text, value
