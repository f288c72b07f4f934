"""A save file read into its JSON object: a regular file within the size limit, UTF-8 text,
guarded JSON (:mod:`stalkerzone.files`), a Stalker Zone save of a readable format whose
integrity checksum matches. What it holds is checked once it is brought up to the current
format (:mod:`stalkerzone.persistence.save_upgrades`, :mod:`stalkerzone.persistence.save_model`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from stalkerzone import files
from stalkerzone.errors import UserError
from stalkerzone.persistence.save_upgrades import CURRENT_FORMAT, UPGRADES
from stalkerzone.persistence.serialize import digest

MAX_BYTES = 64 * 1024 * 1024
READABLE_FORMATS = (*sorted(UPGRADES), CURRENT_FORMAT)


class SaveError(UserError):
    """A save that cannot be written or read: one line naming the file and the field."""


def read_document(path: Path) -> dict[str, Any]:
    """The JSON object of a save file, its format and integrity checked."""
    data = _read_json(path)
    if not isinstance(data, dict):
        raise SaveError(f"{path}: not a save file (expected a JSON object)")
    problem = _header_problem(data)
    if problem:
        raise SaveError(f"{path}: {problem}")
    return data


def _read_json(path: Path) -> Any:
    """The JSON value of a file: a regular file within the size limit, UTF-8, guarded JSON."""
    try:
        raw = files.read_bytes(path, limit=MAX_BYTES)
    except files.FileRefused as error:
        reason = error.reason
        if reason.startswith("refused: larger"):
            reason = f"not a save file ({reason.removeprefix('refused: ')})"
        raise SaveError(f"{files.shorten(str(path), files.SHOWN_PATH)}: {reason}") from None
    if not raw.strip():
        raise SaveError(f"{path}: empty file, not a save")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{path}: not a save file (not UTF-8 text)") from None
    try:
        return files.load_json(text, str(path))
    except files.FileRefused as error:
        cut = ""
        if error.reason.startswith("bad JSON at") and _looks_cut(raw, text):
            cut = " (the file looks cut short)"
        raise SaveError(f"{path}: damaged save: {error.reason}{cut}") from None


def _header_problem(data: dict[str, Any]) -> str:
    """What is wrong with a save's game, format or integrity checksum, or ``""``."""
    if data.get("game", "stalkerzone") != "stalkerzone":
        return f"game: not a Stalker Zone save ({data.get('game')!r:.40})"
    fmt = data.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool):
        return "format: missing or not a number; not a save file"
    if fmt > CURRENT_FORMAT:
        return (
            f"format: save format {fmt} is newer than this version reads "
            f"(formats {READABLE_FORMATS[0]}–{CURRENT_FORMAT}); update Stalker Zone"
        )
    if fmt not in READABLE_FORMATS:
        return f"format: save format {fmt} is no longer supported"
    if fmt >= 2:
        stored = data.get("integrity")
        body = {k: v for k, v in data.items() if k != "integrity"}
        if not isinstance(stored, str) or digest(body) != stored:
            return "integrity: the file was edited or damaged (its checksum does not match)"
    return ""


def _looks_cut(raw: bytes, text: str) -> bool:
    """Whether a JSON text that does not parse ends before its last closing brace."""
    if not raw.rstrip().endswith(b"}"):
        return True
    try:
        json.loads(text)
    except json.JSONDecodeError as error:
        return error.pos >= len(text.rstrip()) - 1
    except (ValueError, RecursionError):
        return False
    return False
