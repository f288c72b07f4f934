"""Pydantic's validation errors in the words of a one-line load message: the first error, at
its place in the document (``snapshot.players[2].cash: expected an integer, found text``)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from stalkerzone.persistence.serialize import JSON, value_kind

if TYPE_CHECKING:
    from pydantic import ValidationError

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


def first_error(error: ValidationError, data: JSON, where: str = "") -> str:
    """The first pydantic error in this module's words, at its place in ``data`` (a place
    under ``where``; with none, a top-level field is named on its own: ``seed: missing``)."""
    err = error.errors()[0]
    place, value = _place(err["loc"], data, where)
    kind = err["type"]
    if kind in ("extra_forbidden", "unexpected_keyword_argument"):
        parent = place.rpartition(".")[0] or where
        return _at(parent, f"unknown field '{str(err['loc'][-1])[:40]}'")
    if kind == "missing":
        return _at(place, "missing")
    if kind in _EXPECTED:
        return _at(place, f"{_EXPECTED[kind]}, found {value_kind(value)}")
    if kind in ("literal_error", "enum"):
        allowed = (err.get("ctx") or {}).get("expected", "")
        return _at(place, f"expected one of {allowed}, found {json.dumps(value)[:40]}")
    if kind in ("too_short", "too_long"):
        return _at(place, "wrong number of items")
    return _at(place, err["msg"][:80])


def _at(place: str, problem: str) -> str:
    return f"{place}: {problem}" if place else problem


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
    return text.removeprefix(".") if not where else text, value
