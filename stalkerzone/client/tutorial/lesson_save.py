"""Where "Learn to play" keeps itself: ``learn-to-play.json`` in the saves folder (a normal save)
and its step beside it in ``learn-to-play.lesson`` (which the save list does not show). Light to
import: the title screen asks whether a lesson can be resumed."""

from __future__ import annotations

import json
from pathlib import Path

LESSON_SAVE = "learn-to-play"


def save_file() -> Path:
    from stalkerzone.persistence import save_folder

    return save_folder.saves_dir() / f"{LESSON_SAVE}.json"


def progress_file() -> Path:
    """The lesson's step beside its save (not a ``.json``: the save list does not show it)."""
    return save_file().with_suffix(".lesson")


def saved_step() -> int | None:
    """The step the saved lesson was on (None: no lesson saved, or its file is unreadable)."""
    try:
        data = json.loads(progress_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    step = data.get("step") if isinstance(data, dict) else None
    return step if isinstance(step, int) and step >= 0 else None


def can_resume() -> bool:
    """A lesson is saved and its step can be read."""
    return save_file().is_file() and saved_step() is not None
