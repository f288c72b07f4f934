"""Dice rolled visibly, briefly and skippably.

A :class:`StepQueue` plays the fight steps that one decision produced, one after the other: a
step with a roll first tumbles (each die shows random faces of its own, ``tumble_faces``), then
shows the recorded roll; other steps just stay a moment. ``started`` lists the steps that came
up in the last update (their dice start to roll: the fight screen plays the dice sound). The
speed follows the animation-speed setting; :meth:`skip` shows everything at once. Pure timing
and numbers: the fight screen draws it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from stalkerzone.client.screens.fight.dice_faces import formula_of
from stalkerzone.client.screens.fight.steps import Step
from stalkerzone.engine.core import Dice, DiceError

ROLL_SECONDS = 0.75
STEP_SECONDS = 0.3
ROUND_SECONDS = 0.12


def roll_range(formula: str) -> tuple[int, int]:
    """The smallest and largest total of a formula ("2d6+1" → 3, 13); (1, 6) if unreadable."""
    text = formula.split(" ")[0].split("(")[0]
    try:
        dice = Dice.parse(text)
        values = list(dice.distribution())
        return min(values), max(values)
    except (DiceError, ValueError, TypeError):
        return 1, 6


def duration(step: Step) -> float:
    if step.roll is not None:
        return ROLL_SECONDS
    return ROUND_SECONDS if step.kind == "round" else STEP_SECONDS


@dataclass
class StepQueue:
    """Steps waiting to be shown; ``current`` is being shown for ``elapsed`` seconds."""

    pending: list[Step] = field(default_factory=list)
    current: Step | None = None
    elapsed: float = 0.0
    rng: random.Random = field(default_factory=lambda: random.Random(8))
    tumble: int = 0
    tumble_faces: tuple[int, ...] = ()  # one random face per die while they tumble
    started: list[Step] = field(default_factory=list)  # came up in the last update

    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.pending)

    def push(self, steps: Sequence[Step]) -> None:
        self.pending.extend(steps)

    def update(self, dt: float, speed: float = 1.0) -> list[Step]:
        """Advance by ``dt`` seconds; the steps finished now (to reveal), in order."""
        done: list[Step] = []
        self.started = []
        budget = dt * max(0.1, speed)
        while budget > 0:
            if self.current is None:
                if not self.pending:
                    break
                self.current = self.pending.pop(0)
                self.started.append(self.current)
                self.elapsed = 0.0
            need = duration(self.current) - self.elapsed
            if budget >= need:
                budget -= need
                done.append(self.current)
                self.current = None
            else:
                self.elapsed += budget
                budget = 0
        if self.current is not None and self.rolling:
            low, high = roll_range(self.current.dice)
            self.tumble = self.rng.randint(low, high)
            formula = formula_of(self.current.dice)
            sides = formula.sides if formula is not None else ()
            self.tumble_faces = tuple(self.rng.randint(1, s) for s in sides)
        return done

    def skip(self) -> list[Step]:
        """Finish everything now; the steps not yet revealed, in order."""
        done = ([self.current] if self.current is not None else []) + self.pending
        self.current, self.pending, self.elapsed = None, [], 0.0
        self.started = []
        return done

    @property
    def rolling(self) -> bool:
        """The current step's dice are still tumbling (the first 60 % of a roll)."""
        step = self.current
        return step is not None and step.roll is not None and self.elapsed < ROLL_SECONDS * 0.6

    def face(self) -> int | None:
        """The number on the die now: a tumbling face or the rolled total."""
        step = self.current
        if step is None or step.roll is None:
            return None
        return self.tumble if self.rolling else step.roll
