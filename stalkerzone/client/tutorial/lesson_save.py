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


def saved_goal() -> str | None:
    """The goal of the step the saved lesson was on (None if not saved): a lesson whose steps
    changed since resumes at the same goal, not at the same number."""
    try:
        data = json.loads(progress_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    goal = data.get("goal") if isinstance(data, dict) else None
    return goal if isinstance(goal, str) else None


def resume_index(goals: tuple[str, ...]) -> int:
    """Where to resume among the lesson's step ``goals``: the saved step's goal if the lesson
    still has it, else the saved number."""
    goal = saved_goal()
    if goal in goals:
        return goals.index(goal)
    return min(saved_step() or 0, len(goals))


def saved_finished() -> bool:
    """Whether the saved lesson was past its last step (its goal saved as none): its game goes
    on as a normal game, from the autosave."""
    try:
        data = json.loads(progress_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and "goal" in data and data["goal"] is None


def can_resume() -> bool:
    """A lesson is saved, its step can be read and it was not finished."""
    return save_file().is_file() and saved_step() is not None and not saved_finished()
