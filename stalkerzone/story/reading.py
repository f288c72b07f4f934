"""A story read back from its JSON (``Story.to_json``), as a host sends it to every seat at the
end of a network game (WIN-1). The JSON comes over the network: every field is checked for its
type and the lists are bounded; anything else raises :class:`StoryUnreadable`."""

from __future__ import annotations

from typing import Any

from stalkerzone.story.model import FightStory, Sample, StalkerStory, Story

MOST_SEATS = 6
MOST_SAMPLES = 2_000  # one per round, far above any game's round cap
MOST_FIGHTS = 5_000
MOST_NAME = 64


class StoryUnreadable(ValueError):
    """A story whose JSON does not have the shape ``Story.to_json`` writes."""


def story_from_json(data: object) -> Story:
    """The story ``data`` holds (:class:`StoryUnreadable` if it is not one)."""
    top = _mapping(data, "story")
    stalkers = _list(top, "stalkers", MOST_SEATS)
    fights = _list(top, "fights", MOST_FIGHTS)
    return Story(
        rounds=_int(top, "rounds"),
        policy=_text(top, "policy"),
        stalkers=tuple(_stalker(s) for s in stalkers),
        fights=tuple(_fight(f) for f in fights),
    )


def _stalker(data: object) -> StalkerStory:
    seat = _mapping(data, "stalker")
    start = seat.get("start")
    return StalkerStory(
        seat=_int(seat, "seat"),
        name=_text(seat, "name"),
        stalker=_text(seat, "stalker"),
        start=None if start is None else _sample(start),
        samples=tuple(_sample(s) for s in _list(seat, "samples", MOST_SAMPLES)),
        won=_int(seat, "won"),
        lost=_int(seat, "lost"),
        escaped=_int(seat, "escaped"),
        expected_wins=_number(seat, "expected_wins"),
        luck=_number(seat, "luck"),
    )


def _sample(data: object) -> Sample:
    row = _mapping(data, "sample")
    return Sample(
        round=_int(row, "round"),
        cash=_int(row, "cash"),
        health=_int(row, "health"),
        elements=_int(row, "elements"),
        deaths=_int(row, "deaths") if "deaths" in row else 0,  # a story without deaths: none
    )


def _fight(data: object) -> FightStory:
    row = _mapping(data, "fight")
    outcome = _text(row, "outcome")
    if outcome not in ("win", "death", "escape"):
        raise StoryUnreadable(f"fight.outcome: {outcome!r} is not win, death or escape")
    return FightStory(
        player=_int(row, "player"),
        round=_int(row, "round"),
        monster=_text(row, "monster"),
        colour=_text(row, "colour"),
        epicenter=_flag(row, "epicenter"),
        win=_number(row, "win"),
        death=_number(row, "death"),
        escape=_number(row, "escape"),
        outcome=outcome,
    )


def _mapping(data: object, where: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise StoryUnreadable(f"{where}: not an object")
    return data


def _list(data: dict[str, Any], name: str, most: int) -> list[object]:
    value = data.get(name)
    if not isinstance(value, list) or len(value) > most:
        raise StoryUnreadable(f"{name}: not a list of at most {most}")
    return value


def _int(data: dict[str, Any], name: str) -> int:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 10**9:
        raise StoryUnreadable(f"{name}: not a whole number")
    return value


def _number(data: dict[str, Any], name: str) -> float:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int | float) or abs(value) > 10**9:
        raise StoryUnreadable(f"{name}: not a number")
    return float(value)


def _flag(data: dict[str, Any], name: str) -> bool:
    value = data.get(name)
    if not isinstance(value, bool):
        raise StoryUnreadable(f"{name}: not true or false")
    return value


def _text(data: dict[str, Any], name: str) -> str:
    value = data.get(name)
    if not isinstance(value, str) or len(value) > MOST_NAME:
        raise StoryUnreadable(f"{name}: not a short text")
    return value
