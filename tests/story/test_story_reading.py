"""A story read back from the JSON a host sends at the end of a network game (WIN-1): the same
story, and a hostile or broken one refused with a reason, never a crash."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from stalkerzone.story import StoryUnreadable, build_story, story_from_json
from tests.story.games import played


def sent() -> dict[str, Any]:
    """The story as it travels: through JSON text, as the host sends it."""
    data = json.loads(json.dumps(build_story(played()).to_json()))
    assert isinstance(data, dict)
    return data


def test_a_story_read_back_is_the_story_sent() -> None:
    story = build_story(played())
    assert story.fights, "the game has fights to tell"
    assert story_from_json(sent()) == story


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("rounds",), "23"),
        (("stalkers",), {}),
        (("stalkers", 0, "name"), "x" * 500),
        (("stalkers", 0, "won"), True),
        (("stalkers", 0, "luck"), 1e30),
        (("stalkers", 0, "samples", 0, "cash"), None),
        (("fights", 0, "outcome"), "draw"),
        (("fights", 0, "epicenter"), 1),
        (("policy",), ["best"]),
    ],
)
def test_a_broken_story_is_refused_with_the_field_named(
    path: tuple[str | int, ...], value: object
) -> None:
    data = copy.deepcopy(sent())
    place: Any = data
    for step in path[:-1]:
        place = place[step]
    place[path[-1]] = value
    with pytest.raises(StoryUnreadable, match=str(path[-1])):
        story_from_json(data)


def test_a_story_too_long_is_refused() -> None:
    data = sent()
    data["fights"] = data["fights"] * 10_000
    with pytest.raises(StoryUnreadable, match="fights"):
        story_from_json(data)
    with pytest.raises(StoryUnreadable, match="story"):
        story_from_json([1, 2])
