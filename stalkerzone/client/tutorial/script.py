"""The lesson of "Learn to play" as data (``lesson.toml``): the game's seed and characters, the
pre-laid Zone (TURN-4) and the steps, each a goal, the rule it teaches and the key of its words.

A broken file is a one-line :class:`~stalkerzone.errors.UserError` naming the file and field.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from stalkerzone.engine.play import PlaceSector
from stalkerzone.errors import UserError

LESSON_FILE = Path(__file__).resolve().parent / "lesson.toml"
GOALS = (
    "lay_sector",
    "buy",
    "backpack",
    "take_order",
    "move",
    "anomaly",
    "win_fight",
    "deliver",
    "event",
    "epicenter",
)


@dataclass(frozen=True, slots=True)
class LessonStep:
    """One step: what completes it (a goal of :data:`GOALS`), its rule id and its text key
    (its title, what the learner does, is the key with ``_title`` added)."""

    goal: str
    rule: str
    text: str


@dataclass(frozen=True, slots=True)
class Lesson:
    """The game of the lesson: seed, the human's and the bot's characters (ST-3), the Zone's
    placements in laying order (the last one is left to the human) and the steps."""

    seed: int
    human: str
    bot: str
    placements: tuple[PlaceSector, ...]
    steps: tuple[LessonStep, ...]

    @property
    def pre_laid(self) -> tuple[PlaceSector, ...]:
        """The placements made before the human's first look at the Zone."""
        return self.placements[:-1]

    @property
    def left_to_lay(self) -> PlaceSector:
        """The sector the human lays (the lesson's first step)."""
        return self.placements[-1]


def _field(table: dict[str, Any], name: str, kind: type, where: str) -> Any:
    value = table.get(name)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise UserError(f"{LESSON_FILE}: {where}.{name} must be a {kind.__name__}")
    return value


def _placement(item: object, where: str) -> PlaceSector:
    if not isinstance(item, dict):
        raise UserError(f"{LESSON_FILE}: {where} must be a table")
    slot = item.get("slot")
    if not (isinstance(slot, list) and len(slot) == 2 and all(isinstance(n, int) for n in slot)):
        raise UserError(f"{LESSON_FILE}: {where}.slot must be two whole numbers")
    return PlaceSector(
        _field(item, "sector", str, where),
        _field(item, "face", str, where),
        _field(item, "rotation", int, where),
        (slot[0], slot[1]),
    )


def parse_lesson(data: dict[str, Any]) -> Lesson:
    """A :class:`Lesson` from the file's tables (a bad field is a :class:`UserError`)."""
    game = data.get("game")
    if not isinstance(game, dict):
        raise UserError(f"{LESSON_FILE}: [game] is missing")
    raw = game.get("placements")
    if not isinstance(raw, list) or len(raw) < 2:
        raise UserError(f"{LESSON_FILE}: game.placements must list the Zone's sectors")
    placements = tuple(_placement(p, f"game.placements[{i}]") for i, p in enumerate(raw))
    steps = []
    for i, item in enumerate(data.get("step", [])):
        where = f"step[{i}]"
        if not isinstance(item, dict):
            raise UserError(f"{LESSON_FILE}: {where} must be a table")
        goal = _field(item, "goal", str, where)
        if goal not in GOALS:
            raise UserError(
                f"{LESSON_FILE}: {where}.goal '{goal}' is not one of {', '.join(GOALS)}"
            )
        steps.append(
            LessonStep(goal, _field(item, "rule", str, where), _field(item, "text", str, where))
        )
    if not steps:
        raise UserError(f"{LESSON_FILE}: no [[step]]")
    return Lesson(
        _field(game, "seed", int, "game"),
        _field(game, "human", str, "game"),
        _field(game, "bot", str, "game"),
        placements,
        tuple(steps),
    )


@cache
def load_lesson() -> Lesson:
    """The shipped lesson (read once)."""
    try:
        data = tomllib.loads(LESSON_FILE.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise UserError(f"{LESSON_FILE}: cannot read the lesson: {error}") from None
    return parse_lesson(data)
