"""The turn log in a save (format 4): each line as its message key and parameters, so a loaded
game shows its story again in the player's language.

A line is stored as ``{"turn": 12, "player": "Anna", "rule": "BASE-2", "key": "buy",
"params": {"player": "Anna", "card": "ak-47", "price": 900}, "text": "BASE-2: Anna buys …"}``;
``text`` (the engine's English) is what a client shows for a key it does not know. A line the
client writes itself (no rule, a dotted key of the client's strings: ``"key": "log.undone"``)
comes back as a :class:`TableLine`, shown in the player's language too. A line without a key
(``"key": ""``) is plain text (saves of older versions kept the client's own lines so).
Optional: ``"action"``, how many actions the game had when the line was written (the action that
wrote it: an undo marks that action's lines), and ``"taken_back": true`` on the lines of an
action that was taken back.

Reading checks every field and never raises anything but :class:`LogError` (the caller names
the file); the lines come back as :class:`~stalkerzone.engine.core.messages.Note` objects, which is
what the engine wrote, so a client renders them exactly like lines of the running game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from stalkerzone.engine.core import Note, Params, params_of

MAX_LINES = 400
"""At most this many lines are kept in a save (the newest; the client keeps no more)."""
MAX_TEXT = 2000
"""Longest text or parameter value (characters) read back."""
MAX_PARAMS = 16
RESERVED = frozenset({"cls", "rule", "key", "text"})
"""Names a parameter may not have (they name the parts of a ``Note`` itself)."""


class LogError(ValueError):
    """A turn-log field of a save that does not read back: names the field."""


class TableLine(str):
    """A line the client writes itself (not an engine note): a message key of the client's
    strings (``"log.undone"``) and its parameters, shown in the language of the moment; the
    ``str`` is its English line (what a client without the key shows)."""

    key: str
    params: Params

    def __new__(cls, key: str, text: str, **params: Any) -> TableLine:
        self = super().__new__(cls, text)
        self.key = key
        self.params = params_of(params)
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied and pickled with its key and parameters (a plain ``str`` would lose them)."""
        return (_table_line, (self.key, str.__str__(self), self.params))


def _table_line(key: str, text: str, params: Params) -> TableLine:
    return TableLine(key, text, **dict(params))


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the turn log: the turn it happened in, whose turn it was, and the line
    (a ``Note`` or a :class:`TableLine` carrying its key and parameters, or plain text);
    ``action``: how many actions the game had when it was written; ``taken_back``: the action
    that wrote it was undone."""

    turn: int
    player: str
    line: str
    action: int = 0
    taken_back: bool = False


def log_to_json(entries: Iterable[LogEntry]) -> list[dict[str, Any]]:
    """The log as JSON (the newest :data:`MAX_LINES` lines)."""
    out = []
    for entry in list(entries)[-MAX_LINES:]:
        line = entry.line
        keyed = line if isinstance(line, (Note, TableLine)) else None
        item: dict[str, Any] = {
            "turn": entry.turn,
            "player": entry.player,
            "rule": line.rule if isinstance(line, Note) else "",
            "key": keyed.key if keyed is not None else "",
            "params": dict(keyed.params) if keyed is not None else {},
            "text": str.__str__(line),
        }
        if entry.action:
            item["action"] = entry.action
        if entry.taken_back:
            item["taken_back"] = True
        out.append(item)
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
    action = item.get("action", 0)
    if not isinstance(action, int) or isinstance(action, bool) or action < 0:
        raise LogError(f"{where}.action: expected a whole number ≥ 0")
    taken_back = item.get("taken_back", False)
    if not isinstance(taken_back, bool):
        raise LogError(f"{where}.taken_back: expected true or false")
    if not key:
        return LogEntry(turn, player, text, action, taken_back)
    if not key.replace("_", "").replace(".", "").isalnum() or (rule == "") != ("." in key):
        raise LogError(f"{where}.key: expected a message key")
    if not rule:  # the client's own line: a key of its strings
        return LogEntry(turn, player, TableLine(key, text, **values), action, taken_back)
    message = text.removeprefix(f"{rule}: ")
    return LogEntry(turn, player, Note(rule, key, message, **values), action, taken_back)
