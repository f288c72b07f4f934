"""The story of a game (WIN-1, FIGHT-1 … FIGHT-6): each stalker's money, health and Elements
round by round, the fights won, lost and escaped, and a luck meter against the exact odds.

``build_story(record)`` reads a game record (replaying it from the seed when it starts from a
snapshot); ``Story.to_json()`` is what ``stalkerzone replay --json`` prints as ``"story"``.
"""

from stalkerzone.story.build import build_story
from stalkerzone.story.model import FightStory, Sample, StalkerStory, Story

__all__ = ["FightStory", "Sample", "StalkerStory", "Story", "build_story"]
