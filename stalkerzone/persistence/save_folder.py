"""The saves folder: where saves live, the autosave, the list of saves (no engine imports, so the
title screen can ask whether there is a game to continue without loading the rules)."""

from __future__ import annotations

from pathlib import Path

from stalkerzone import files, paths

AUTOSAVE = "autosave"
STALE_TEMP_SECONDS = 60.0
"""A temp file this old is a left-over of an interrupted write, not a write under way."""


def saves_dir() -> Path:
    """Where saves go unless a path is chosen (platformdirs; ``STALKERZONE_HOME`` in tests)."""
    return paths.user_saves_dir()


def latest_autosave() -> Path | None:
    """The autosave, if there is one (the title screen asks when the client starts, so
    left-over temp files of interrupted writes are deleted here too)."""
    folder = saves_dir()
    files.clean_temp_files(folder, older_than=STALE_TEMP_SECONDS)
    path = folder / f"{AUTOSAVE}.json"
    return path if path.is_file() else None


def list_saves() -> list[Path]:
    """Saves in the saves folder, newest first (left-over temp files of interrupted writes
    are deleted on the way: the client lists the saves when it starts)."""
    folder = saves_dir()
    if not folder.is_dir():
        return []
    files.clean_temp_files(folder, older_than=STALE_TEMP_SECONDS)
    found = []
    for entry in folder.glob("*.json"):
        try:
            found.append((entry.stat().st_mtime, entry))
        except OSError:
            continue
    return [entry for _, entry in sorted(found, key=lambda item: item[0], reverse=True)]
