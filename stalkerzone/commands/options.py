"""One set of rules for command-line values, shared by every command (docs/architecture.md).

Values are checked here rather than by argparse so that a bad value is one line naming the
option: the same seed range everywhere, ``--cards DIR`` that is not a folder is an error
everywhere, an empty value is an error, and a long value is shortened in the message.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from stalkerzone.errors import UserError
from stalkerzone.files import shorten

SEED_MIN = 0
SEED_MAX = 2**63 - 1
MAX_VALUE_CHARS = 1000
"""Longest command-line value read at all (ids and formulas are far shorter)."""


def quoted(value: str) -> str:
    """``'value'`` for a message, shortened to 60 characters with "…"."""
    return f"'{shorten(value)}'"


def parse_text(value: str | None, option: str) -> str | None:
    """``value`` unless it is empty or absurdly long (``None`` stays ``None``)."""
    if value is None:
        return None
    if not value.strip():
        raise UserError(f"{option}: an empty value; give one or leave the option out")
    if len(value) > MAX_VALUE_CHARS:
        raise UserError(f"{option}: {quoted(value)} is too long ({len(value)} characters)")
    return value


def parse_int(value: str | None, option: str, low: int, high: int | None = None) -> int | None:
    """``value`` as an int within ``low..high``, or a one-line UserError naming the option."""
    text = parse_text(value, option)
    if text is None:
        return None
    try:
        number = int(text.strip())
    except ValueError:
        raise UserError(f"{option}: {quoted(text)} is not a whole number") from None
    if number < low or (high is not None and number > high):
        span = f"{low}..{high}" if high is not None else f">= {low}"
        raise UserError(f"{option}: {shorten(str(number))} is out of range ({span})")
    return number


def parse_seed(value: str | None, option: str = "--seed") -> int | None:
    """A seed: a whole number 0..2⁶³−1, the same range for every command."""
    return parse_int(value, option, SEED_MIN, SEED_MAX)


def parse_cards(values: Sequence[str | Path]) -> tuple[Path, ...]:
    """The ``--cards`` folders; one that is missing or not a folder is an error."""
    folders = []
    for value in values:
        text = parse_text(str(value), "--cards")
        assert text is not None
        path = Path(text).expanduser()
        try:
            exists, is_dir = path.exists(), path.is_dir()
        except (OSError, ValueError):
            exists, is_dir = False, False
        if not is_dir:
            what = "is not a folder" if exists else "does not exist"
            raise UserError(f"--cards: {quoted(text)} {what}")
        folders.append(path)
    return tuple(folders)
