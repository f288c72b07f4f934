"""Saved games: seed + setup + action log as JSON in ``paths.user_saves_dir()``.

Written atomically (temp file + rename). ``autosave.json`` is rewritten after every turn.
A bad save file never crashes the client: :func:`read_save` raises :class:`SaveError` with a
one-line message naming the file, shown in the window.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from stalkerzone import paths
from stalkerzone.errors import UserError

AUTOSAVE = "autosave.json"
FORMAT = 1


class SaveError(UserError):
    """A save file that cannot be read (names the file and the field)."""


def saves_dir() -> Path:
    return paths.user_saves_dir()


def latest_autosave() -> Path | None:
    path = saves_dir() / AUTOSAVE
    return path if path.is_file() else None


def list_saves() -> list[Path]:
    """Saved games, newest first (the autosave included)."""
    folder = saves_dir()
    if not folder.is_dir():
        return []
    return sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)


def write_json_atomic(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, ensure_ascii=False, indent=1)
    handle, temp = tempfile.mkstemp(prefix=".save-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def save_game(session: Any, name: str | None = None) -> Path:
    """Write ``session`` to ``<name>.json`` (default: a time stamp); return the path."""
    stem = name or time.strftime("game-%Y%m%d-%H%M%S")
    path = saves_dir() / f"{stem}.json"
    write_json_atomic(path, session.to_json())
    return path


def autosave(session: Any) -> Path:
    return save_game(session, AUTOSAVE.removesuffix(".json"))


def read_save(path: Path) -> dict[str, Any]:
    """The JSON of a save file, checked for its format; :class:`SaveError` otherwise."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise SaveError(f"{path}: cannot read: {error.strerror or error}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise SaveError(f"{path}: not a save file (bad JSON: {error})") from None
    if not isinstance(data, dict):
        raise SaveError(f"{path}: not a save file (expected a JSON object)")
    if data.get("format") != FORMAT:
        raise SaveError(f"{path}: format: expected {FORMAT}, found {data.get('format')!r}")
    return data


def open_save(window: Any, path: Path) -> None:
    """Load ``path`` into a new session and show its screen (errors raise :class:`SaveError`)."""
    from stalkerzone.client.session import GameSession

    session = GameSession.from_json(window.app, read_save(path), source=path)
    window.app.session = session
    session.show(window)
