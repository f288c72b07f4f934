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
from stalkerzone.persistence.model_errors import first_error
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
        raise SnapshotError(first_error(error, data, where)) from None
    except (ValueError, RecursionError) as error:
        raise SnapshotError(f"{where}: {str(error)[:80]}") from None
    values = {name: getattr(parsed, name) for name in type(parsed).model_fields}
    try:
        return cls(**values, **extra)
    except (TypeError, ValueError) as error:
        raise SnapshotError(f"{where}: {error}") from None
