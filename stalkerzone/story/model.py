"""The story's values: samples per round, one line per fight, one summary per stalker."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Sample:
    """A stalker's money, health, Elements and deaths so far at the end of a round (round 0:
    the start of play; the last round: now, if it is not over)."""

    round: int
    cash: int
    health: int
    elements: int
    deaths: int = 0  # DEATH-1: the stalker's deaths so far

    def to_json(self) -> dict[str, int]:
        return {
            "round": self.round,
            "cash": self.cash,
            "health": self.health,
            "elements": self.elements,
            "deaths": self.deaths,
        }


@dataclass(frozen=True, slots=True)
class FightStory:
    """One finished fight (FIGHT-1): who, against what, in which round, the exact chances before
    its first roll (``policy``, FIGHT-2) and what happened (FIGHT-5, FIGHT-6)."""

    player: int
    round: int
    monster: str
    colour: str
    epicenter: bool
    win: float
    death: float
    escape: float
    outcome: str  # "win", "death" or "escape"

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "round": self.round,
            "monster": self.monster,
            "colour": self.colour,
            "epicenter": self.epicenter,
            "win": self.win,
            "death": self.death,
            "escape": self.escape,
            "outcome": self.outcome,
        }


@dataclass(frozen=True, slots=True)
class StalkerStory:
    """One seat's story: its samples (one per round), its fights and its luck.

    ``expected_wins`` is the sum of the chances to win before each of its fights and ``luck``
    the fights won less that sum: ``+1.7`` means 1.7 fights more than the odds said."""

    seat: int
    name: str
    stalker: str
    start: Sample | None
    samples: tuple[Sample, ...]
    won: int
    lost: int
    escaped: int
    expected_wins: float
    luck: float

    @property
    def fights(self) -> int:
        return self.won + self.lost + self.escaped

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "stalker": self.stalker,
            "start": self.start.to_json() if self.start is not None else None,
            "samples": [s.to_json() for s in self.samples],
            "fights": self.fights,
            "won": self.won,
            "lost": self.lost,
            "escaped": self.escaped,
            "expected_wins": self.expected_wins,
            "luck": self.luck,
        }


@dataclass(frozen=True, slots=True)
class Story:
    """The whole story: ``rounds`` (a round: every seat had one turn, TURN-2), one
    :class:`StalkerStory` per seat in seat order, every finished fight in the order fought."""

    rounds: int
    policy: str
    stalkers: tuple[StalkerStory, ...]
    fights: tuple[FightStory, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "rounds": self.rounds,
            "policy": self.policy,
            "stalkers": [s.to_json() for s in self.stalkers],
            "fights": [f.to_json() for f in self.fights],
        }
