"""A game of "Learn to play": a normal :class:`GameSession` that also keeps the lesson's
progress, draws it over every screen, points F1 at the step's rule and saves itself, with the
step, as ``learn-to-play.json`` (and ``learn-to-play.lesson``) in the saves folder.

Nothing here changes a rule: the game is started from the lesson's seed (TURN-1) with all
sectors but one laid by the human seat (TURN-4, the humans lay out), then played through
``act`` like any game; the bot seat is played by the window's bot driver.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from stalkerzone.client.controller.session import GameSession, GameSpec, SeatSpec
from stalkerzone.client.text import i18n
from stalkerzone.client.tutorial.controller import TutorialController
from stalkerzone.client.tutorial.lesson_save import (
    LESSON_SAVE,
    progress_file,
    resume_index,
    save_file,
)
from stalkerzone.client.tutorial.overlay import LessonOverlay
from stalkerzone.client.tutorial.script import Lesson, load_lesson
from stalkerzone.engine.play import Action, GameState

if TYPE_CHECKING:
    from stalkerzone.client.app.window import StalkerWindow
    from stalkerzone.client.controller.session import ContextForSession

BOT_STRENGTH = "easy"


@dataclass
class LessonSession(GameSession):
    """A game with the lesson's controller (see the module docstring)."""

    lesson: TutorialController | None = None
    overlay: LessonOverlay = field(default_factory=LessonOverlay)
    finished_in: tuple[int, int] | None = None  # (round, player) when the last step was done
    done_closed: bool = False  # the "you know the game" card was closed (a click, Esc)

    @classmethod
    def begin(cls, app: ContextForSession, lesson: Lesson | None = None) -> LessonSession:
        """A new lesson game: the seed and characters of the lesson, the Zone laid but for the
        sector the learner lays (the first step)."""
        lesson = lesson or load_lesson()
        seats = (
            SeatSpec(i18n.t("tutorial.you"), lesson.human),
            SeatSpec(i18n.t("tutorial.bot"), lesson.bot, BOT_STRENGTH),
        )
        spec = GameSpec(lesson.seed, seats, zone_mode="hand", layout_by="humans")
        session = cls.start(app, spec)
        assert isinstance(session, LessonSession)
        session.autosave_enabled = False
        for placement in lesson.pre_laid:
            session.act(placement)
        session.log.clear()
        session.autosave_enabled = True
        session.attach(TutorialController(lesson, seat=0))
        return session

    @classmethod
    def resume(cls, window: StalkerWindow) -> LessonSession:
        """The saved lesson at its step (``SaveError`` if the save cannot be read)."""
        from stalkerzone.persistence import saves as store

        loaded = store.load_game(save_file(), extra_dirs=tuple(window.app.presets.card_dirs))
        session = cls.from_loaded(loaded)
        assert isinstance(session, LessonSession)
        session.packs = tuple(window.app.cards().packs)
        lesson = load_lesson()
        goals = tuple(step.goal for step in lesson.steps)
        session.attach(TutorialController(lesson, seat=0, index=resume_index(goals)))
        return session

    def attach(self, controller: TutorialController) -> None:
        self.lesson = controller
        controller.state = self.state
        controller.legal = self.legal

    # --- following the game --------------------------------------------------------------
    def act(self, action: Action, *, dealt: bool = False) -> GameState:
        before = self.state
        after = super().act(action, dealt=dealt)
        if self.lesson is not None:
            self.lesson.observe(before, action, after)
        return after

    def undo(self) -> None:
        super().undo()
        if self.lesson is not None:
            self.lesson.state = self.state

    def poll(self, host: Any) -> None:
        """Every frame: the screen shown and the hex under the mouse on the board."""
        if self.lesson is None:
            return
        self.look_at(getattr(host, "current_screen", None))

    def look_at(self, screen: object) -> None:
        """Tell the lesson what ``screen`` shows: its kind, a card over the board, the hex under
        the mouse on the board."""
        if self.lesson is None:
            return
        kind = str(getattr(screen, "kind", ""))
        board = kind == "board"
        hover = getattr(screen, "hover", None) if board else None
        reveals = getattr(screen, "reveals", None) if board else None
        revealing = bool(getattr(reveals, "active", False))
        self.lesson.look(kind, self.state, hover, revealing=revealing)

    def rules_focus(self) -> str | None:
        step = self.lesson.step if self.lesson is not None else None
        return step.rule if step is not None else None

    def teaching(self) -> bool:
        """The lesson's steps are shown until its last one is done (no tips meanwhile)."""
        return self.lesson is not None and not self.lesson.finished

    def done_card_shown(self) -> bool:
        """Whether the "Learn to play · done" card is up: on the map, from the last step to the
        end of that turn (TURN-2), unless closed sooner."""
        if self.lesson is None or not self.lesson.finished or self.done_closed:
            return False
        now = (self.state.turn, self.state.current_player)
        if self.finished_in is None:
            self.finished_in = now
        return self.finished_in == now

    def escape_overlay(self) -> bool:
        """Esc closes the "done" card first (True: it was up)."""
        if not self.done_card_shown():
            return False
        self.done_closed = True
        return True

    def click_overlay(self, x: float, y: float) -> bool:
        """A click on the "done" card closes it and goes no further (True: it was there)."""
        left, right, bottom, top = self.overlay.shown_box
        if not self.done_card_shown() or not (left <= x <= right and bottom <= y <= top):
            return False
        self.done_closed = True
        return True

    def draw_overlay(self, window: Any) -> None:
        view = getattr(window, "current_screen", None)
        hidden = ("rules", "menu", "saves", "gameover")  # overlays of their own; a game over
        if self.lesson is None or view is None or view.kind in hidden or self.state.phase == "over":
            return
        self.look_at(view)
        step = self.lesson.current_step
        if step is None:  # the lesson is over: the game goes on, said on the map until next turn
            if view.kind != "board" or not self.done_card_shown():
                self.overlay.shown_box = (0.0, 0.0, 0.0, 0.0)
                return
            self.overlay.draw(view, None, i18n.t("tutorial.done"))
            return
        self.overlay.draw(view, step)

    # --- saving ------------------------------------------------------------------------------
    def leave_words(self) -> str:
        """What leaving says: the lesson is resumed with "Resume lesson"; once finished, the
        game is in the autosave like any game."""
        if self.lesson is not None and not self.lesson.finished:
            return "tutorial.leave_why"
        return super().leave_words()

    def autosave(self) -> Path | None:
        """The lesson's own save and its step; once the lesson is finished, the autosave of
        normal games too ("Continue" goes on with it)."""
        from stalkerzone import files
        from stalkerzone.persistence import saves

        if self.lesson is not None and self.lesson.finished:
            super().autosave()
        try:
            path = saves.save_game(
                self.record, name=LESSON_SAVE, packs=self.packs, log=self.log_entries()
            )
            step = self.lesson.index if self.lesson is not None else 0
            current = self.lesson.step if self.lesson is not None else None
            progress = {"step": step, "goal": current.goal if current is not None else None}
            files.write_atomic(progress_file(), json.dumps(progress).encode("utf-8"))
        except Exception:  # a full disk must not end the game
            return None
        return path
