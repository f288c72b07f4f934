"""The story of a game (WIN-1, FIGHT-1 … FIGHT-6): each stalker's money, health and Elements
round by round, the fights won, lost and escaped, and a luck meter against the exact odds.

``build_story(record)`` reads a game record (replaying it from the seed when it starts from a
snapshot); ``Story.to_json()`` is what ``stalkerzone replay --json`` prints as ``"story"`` and
what a host sends at the end of a network game; ``story_from_json`` reads it back.
"""

from stalkerzone.story.build import build_story
from stalkerzone.story.model import FightStory, Sample, StalkerStory, Story
from stalkerzone.story.reading import StoryUnreadable, story_from_json

__all__ = [
    "FightStory",
    "Sample",
    "StalkerStory",
    "Story",
    "StoryUnreadable",
    "build_story",
    "story_from_json",
]
