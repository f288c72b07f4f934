"""The turn log in a save (format 4): each line as its message key and parameters, so a loaded
game shows its story again in the player's language.

A line is stored as ``{"turn": 12, "player": "Anna", "rule": "BASE-2", "key": "buy",
"params": {"player": "Anna", "card": "ak-47", "price": 900}, "text": "BASE-2: Anna buys …"}``;
``text`` (the engine's English) is what a client shows for a key it does not know. A line
without a key (``"key": ""``) is plain text, such as "the last action was taken back".

Reading checks every field and never raises anything but :class:`LogError` (the caller names
the file); the lines come back as :class:`~stalkerzone.engine.core.messages.Note` objects, which is
what the engine wrote, so a client renders them exactly like lines of the running game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from stalkerzone.engine.core import Note

MAX_LINES = 400
"""At most this many lines are kept in a save (the newest; the client keeps no more)."""
MAX_TEXT = 2000
"""Longest text or parameter value (characters) read back."""
MAX_PARAMS = 16
RESERVED = frozenset({"cls", "rule", "key", "text"})
"""Names a parameter may not have (they name the parts of a ``Note`` itself)."""


class LogError(ValueError):
    """A turn-log field of a save that does not read back: names the field."""


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the turn log: the turn it happened in, whose turn it was, and the line
    (a ``Note`` carrying its key and parameters, or plain text)."""

    turn: int
    player: str
    line: str


def log_to_json(entries: Iterable[LogEntry]) -> list[dict[str, Any]]:
    """The log as JSON (the newest :data:`MAX_LINES` lines)."""
    out = []
    for entry in list(entries)[-MAX_LINES:]:
        line = entry.line
        key = getattr(line, "key", "") if isinstance(line, Note) else ""
        out.append(
            {
                "turn": entry.turn,
                "player": entry.player,
                "rule": line.rule if isinstance(line, Note) else "",
                "key": key,
                "params": dict(line.params) if isinstance(line, Note) else {},
                "text": str.__str__(line),
            }
        )
    return out


def log_from_json(raw: object) -> tuple[LogEntry, ...]:
    """The log read back, every field checked (:class:`LogError` naming ``log[k].field``)."""
    if not isinstance(raw, list):
        raise LogError("log: expected a list of lines")
    if len(raw) > MAX_LINES:
        raise LogError(f"log: at most {MAX_LINES} lines, not {len(raw)}")
    return tuple(_entry(item, f"log[{k}]") for k, item in enumerate(raw))


def _text(item: Mapping[str, Any], field: str, where: str) -> str:
    value = item.get(field)
    if not isinstance(value, str):
        raise LogError(f"{where}.{field}: expected text")
    if len(value) > MAX_TEXT:
        raise LogError(f"{where}.{field}: longer than {MAX_TEXT} characters")
    return value


def _entry(item: object, where: str) -> LogEntry:
    if not isinstance(item, dict):
        raise LogError(f"{where}: expected an object")
    turn = item.get("turn")
    if not isinstance(turn, int) or isinstance(turn, bool) or turn < 0:
        raise LogError(f"{where}.turn: expected a whole number ≥ 0")
    player = _text(item, "player", where)
    rule, key, text = (_text(item, f, where) for f in ("rule", "key", "text"))
    params = item.get("params")
    if not isinstance(params, dict) or len(params) > MAX_PARAMS:
        raise LogError(f"{where}.params: expected an object of at most {MAX_PARAMS} values")
    values: dict[str, str | int] = {}
    for name, value in params.items():
        ok = isinstance(value, str) and len(value) <= MAX_TEXT
        ok = ok or (isinstance(value, int) and not isinstance(value, bool))
        if not name.isidentifier() or name in RESERVED or not ok:
            raise LogError(f"{where}.params.{name[:40]}: expected a name and a number or text")
        values[name] = value
    if not key:
        return LogEntry(turn, player, text)
    if not key.replace("_", "").isalnum():
        raise LogError(f"{where}.key: expected a message key")
    prefix = f"{rule}: "
    message = text.removeprefix(prefix) if rule else text
    return LogEntry(turn, player, Note(rule, key, message, **values) if rule else text)
