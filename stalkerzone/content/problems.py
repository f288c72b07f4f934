"""Problems found in card packs, one line each: ``file:line: card-id: field: message``.

Also turns pydantic validation errors into such lines, with the line of the offending key found
by scanning the raw TOML text (``tomllib`` gives no positions).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # a cached load reads problems back without importing pydantic
    from pydantic import ValidationError

from stalkerzone.content.messages import author_message
from stalkerzone.engine.core import frozen

__all__ = ["CardProblem", "LineFinder", "Loc", "field_name", "problems_from"]


@frozen
class CardProblem:
    """One thing wrong in a card pack. ``line`` 0 means the whole file or folder; ``-`` = n/a.

    A ``warning`` is printed with ``warning:`` before its message."""

    file: str
    line: int
    card_id: str
    field: str
    message: str
    warning: bool = False
    """A likely mistake, not an error: the card still loads."""

    def __str__(self) -> str:
        message = f"warning: {self.message}" if self.warning else self.message
        text = f"{self.file}:{self.line}: {self.card_id}: {self.field}: {message}"
        return text.replace("\r", "\\r").replace("\n", "\\n")  # always one line


Loc = tuple[int | str, ...]


def field_name(loc: Loc) -> str:
    """``("abilities", 0, "rolls")`` -> ``abilities[0].rolls``."""
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "-"


def _strip_tags(loc: Sequence[int | str], data: Any) -> Loc:
    """Drop the union tags pydantic puts in a location (``abilities.0.drain.amount``)."""
    kept: list[int | str] = []
    for part in loc:
        if isinstance(data, Mapping) and isinstance(part, str) and part not in data:
            if data.get("kind") == part:
                continue
            kept.append(part)
            data = None
            continue
        kept.append(part)
        if isinstance(data, Mapping):
            data = data.get(part)
        elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
        else:
            data = None
    return tuple(kept)


def problems_from(
    error: ValidationError,
    data: Mapping[str, Any],
    *,
    file: str,
    card_id: str,
    line_of: Any,
    allowed_keys: Any = None,
) -> list[CardProblem]:
    """One :class:`CardProblem` per pydantic error of validating ``data`` (one card's table).

    ``line_of(loc)`` gives the line of a location; ``allowed_keys(loc)`` the keys allowed there.
    """
    found: list[CardProblem] = []
    for err in error.errors():
        loc = _strip_tags(err["loc"], data)
        allowed = None
        if err["type"] == "extra_forbidden" and allowed_keys is not None:
            allowed = allowed_keys(loc[:-1], data)
        suffix, message = author_message(err, allowed)
        full = (*loc, suffix) if suffix else loc
        found.append(CardProblem(file, line_of(full), card_id, field_name(full), message))
    return found


# compiled by ``re`` on first use (a cached load never scans a file)
_KEY = r"""^\s*(?:"([^"]+)"|'([^']+)'|([A-Za-z0-9_-]+))\s*="""
_HEADER = r"^\s*\[\[?\s*([A-Za-z0-9_.-]+)\s*\]\]?"


class LineFinder:
    """Finds lines of cards and keys in one TOML text (positions ``tomllib`` does not give)."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.headers: list[tuple[int, str]] = []  # (line number, dotted table name)
        in_string: str | None = None  # inside a multi-line string opened by this quote
        for number, raw in enumerate(self.lines, start=1):
            if in_string is None:
                match = re.match(_HEADER, raw)
                if match and not re.match(_KEY, raw):
                    self.headers.append((number, match.group(1)))
            for quote in ('"""', "'''"):
                if raw.count(quote) % 2 and in_string in (None, quote):
                    in_string = None if in_string else quote

    def card_span(self, kind: str, index: int) -> tuple[int, int] | None:
        """Lines (first, last) of the ``index``-th ``[[kind]]`` table, if written as a header."""
        starts = [n for n, name in self.headers if name == kind]
        if index >= len(starts):
            return None
        start = starts[index]
        later = [n for n, name in self.headers if n > start and not name.startswith(kind + ".")]
        return start, (later[0] - 1 if later else len(self.lines))

    def key_line(self, span: tuple[int, int], table: str, loc: Loc) -> int:
        """Best line for ``loc`` inside a card table spanning ``span`` (else the table line)."""
        first, last = span
        best = first
        if not loc or not isinstance(loc[0], str):
            return best
        key = loc[0]
        for number in range(first + 1, last + 1):
            match = re.match(_KEY, self.lines[number - 1])
            if match and key in match.groups() and self._before_sub_tables(number, first):
                return number
        subs = [n for n, name in self.headers if first < n <= last and name == f"{table}.{key}"]
        if subs:
            index = loc[1] if len(loc) > 1 and isinstance(loc[1], int) else 0
            start = subs[min(index, len(subs) - 1)]
            best = start
            following = [n for n, _ in self.headers if n > start]
            end = min(following[0] - 1 if following else last, last)
            inner = next((p for p in loc[1:] if isinstance(p, str)), None)
            if inner is not None:
                for number in range(start + 1, end + 1):
                    match = re.match(_KEY, self.lines[number - 1])
                    if match and inner in match.groups():
                        return number
        return best

    def _before_sub_tables(self, number: int, first: int) -> bool:
        """A key belongs to the card itself when no sub-table header came before it."""
        return not any(first < n < number for n, _ in self.headers)

    def top_key_line(self, key: str) -> int:
        """Line of a top-level key or table named ``key`` (else 1)."""
        for number, name in self.headers:
            if name == key or name.startswith(key + "."):
                return number
        for number, raw in enumerate(self.lines, start=1):
            if any(n < number for n, _ in self.headers):
                break
            match = re.match(_KEY, raw)
            if match and key in match.groups():
                return number
        return 1
