"""The lesson's progress: which step the learner is on, what completes it, what to click now.

:class:`TutorialController` is told every action applied (:meth:`observe`) and, every frame, the
screen shown and where the mouse points on the map (:meth:`look`); :attr:`current_step` is the
step with its rule id, the key of its words and its :class:`~.goals.Target`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from stalkerzone.client.tutorial.goals import Target, done, point
from stalkerzone.client.tutorial.script import Lesson, LessonStep
from stalkerzone.engine.play import Action, GameState
from stalkerzone.engine.zone import Hex


@dataclass(frozen=True, slots=True)
class CurrentStep:
    """The step shown: its number (from 1) of ``total``, rule id, text key and target."""

    number: int
    total: int
    rule: str
    text: str
    target: Target | None

    @property
    def title(self) -> str:
        """The key of the step's title (what the learner does)."""
        return f"{self.text}_title"


class TutorialController:
    """Progress through ``lesson`` for the learner's ``seat`` (a state machine on actions)."""

    def __init__(self, lesson: Lesson, seat: int = 0, index: int = 0) -> None:
        self.lesson = lesson
        self.seat = seat
        self.index = max(0, min(index, len(lesson.steps)))
        self.screen = ""
        self.revealing = False  # a card is shown over the board
        self.state: GameState | None = None
        self.legal: Callable[[], tuple[Action, ...] | None] = lambda: ()
        self._target: tuple[GameState, tuple[int, str, bool], Target | None] | None = None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def step(self) -> LessonStep | None:
        return None if self.finished else self.lesson.steps[self.index]

    def observe(self, before: GameState, action: Action, after: GameState) -> bool:
        """Count ``action``: every step it completes is passed (one move can end on the anomaly
        it was heading for). True if the step changed."""
        start = self.index
        while (step := self.step) is not None and done(step.goal, before, action, after, self.seat):
            self.index += 1
        self.state = after
        self._target = None
        return self.index != start

    def look(
        self, screen: str, state: GameState, hover: Hex | None, *, revealing: bool = False
    ) -> bool:
        """The frame's screen kind, whether a card is shown over the board and the hex under
        the mouse on the board: pointing at the Epicenter shows its guardian's odds, which is
        the last step (WIN-1). True if the step changed."""
        self.screen = screen
        self.revealing = revealing
        self.state = state
        step = self.step
        if (
            step is not None
            and step.goal == "epicenter"
            and screen == "board"
            and state.phase == "turn"
            and hover is not None
            and hover == state.zone_map.epicenter
        ):
            self.index += 1
            self._target = None
            return True
        return False

    @property
    def current_step(self) -> CurrentStep | None:
        """The step to do now (None once the lesson is over)."""
        step = self.step
        if step is None:
            return None
        return CurrentStep(
            self.index + 1, len(self.lesson.steps), step.rule, step.text, self.target()
        )

    def target(self) -> Target | None:
        """What to click now (computed once per state, step and screen)."""
        step, state = self.step, self.state
        if step is None or state is None:
            return None
        kept = self._target
        where = (self.index, self.screen, self.revealing)
        if kept is not None and kept[0] is state and kept[1] == where:
            return kept[2]
        legal = self.legal()
        if legal is None:  # still being computed off the frame
            return None
        found = point(
            step.goal,
            state,
            self.seat,
            self.screen,
            legal,
            self.lesson.left_to_lay,
            revealing=self.revealing,
        )
        self._target = (state, where, found)
        return found
