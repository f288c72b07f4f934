""" "Learn to play" played through the real screens by following only what the lesson points at
(the test does not know the script: it reads ``current_step.target`` and clicks it), to the end
of the lesson and on into the normal game; each step's rule exists in the rules reference; the
lesson left for the title and resumed at its step."""

from __future__ import annotations

import arcade
import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.render.zone_layer import HEX
from stalkerzone.client.screens.rules import RulesView
from stalkerzone.client.screens.title import TitleView
from stalkerzone.client.tutorial.goals import Target
from stalkerzone.client.tutorial.lesson_save import (
    can_resume,
    progress_file,
    resume_index,
    save_file,
    saved_step,
)
from stalkerzone.client.tutorial.lesson_session import LessonSession
from stalkerzone.client.tutorial.overlay import first_button, target_box
from stalkerzone.content.rules_reference import load_rules_reference
from stalkerzone.engine.play import EndTurn
from stalkerzone.engine.zone import Hex, slot_centre
from stalkerzone.persistence.save_folder import latest_autosave
from tests.support.window import click, current, find_button, frame, key

LIMIT = 900  # frames and clicks: the lesson needs a few dozen clicks and the bot's turns


def centre_on(win: StalkerWindow, h: Hex) -> tuple[float, float]:
    """Window pixel of hex ``h`` on the shown map screen, the camera moved over it first."""
    view = current(win)
    camera = view.camera  # type: ignore[attr-defined]
    x, y = camera.to_screen(*hexgeom.world(h.q, h.r, HEX))
    if not camera.inside(x, y) or (view.kind == "board" and x > win.width - view.hud_w):  # type: ignore[attr-defined]
        camera.camera.position = hexgeom.world(h.q, h.r, HEX)
        frame(win)
        x, y = camera.to_screen(*hexgeom.world(h.q, h.r, HEX))
    return x, y


def act_on(win: StalkerWindow, target: Target | None) -> None:
    """Do what the lesson points at, as a player would: click it (or wait for the bot)."""
    view = current(win)
    if target is None or target.kind == "wait":
        frame(win, updates=20)
        if getattr(view, "reveals", None) is not None and view.reveals.active:  # type: ignore[attr-defined]
            key(win, arcade.key.SPACE)
        return
    if target.kind == "continue":  # a card shown over the board: Space takes it away
        key(win, arcade.key.SPACE)
        return
    if target.kind == "button":
        widget = first_button(view, target)
        if widget is None:  # a card shown over the board has the table's attention first
            key(win, arcade.key.SPACE)
            frame(win, updates=5)
            return
        click(win, *widget.rect.center)
        return
    if target.kind == "card":  # a tile of the stalker card: a click moves it (EQ-8)
        where = target_box(view, target)
        assert where is not None and where[0] == "rect"
        left, right, bottom, top = where[1]  # type: ignore[misc]
        click(win, (left + right) / 2, (bottom + top) / 2)
        return
    if target.kind in ("hex", "look"):
        assert target.hex is not None
        x, y = centre_on(win, target.hex)
        win.dispatch_event("on_mouse_motion", int(x), int(y), 1, 1)
        win.dispatch_events()
        if target.kind == "hex":
            click(win, x, y)
        return
    assert target.kind == "slot" and target.placement is not None
    p = target.placement
    where = target_box(view, target)
    if view.selected != p.sector or view.face != p.face:  # type: ignore[attr-defined]
        assert where is not None and where[0] == "rect"
        left, right, bottom, top = where[1]  # type: ignore[misc]
        click(win, (left + right) / 2, (bottom + top) / 2)
        return
    if view.rotation != p.rotation:  # type: ignore[attr-defined]
        key(win, arcade.key.R)
        return
    click(win, *centre_on(win, slot_centre(p.slot)))


def start_lesson(win: StalkerWindow) -> LessonSession:
    win.show_screen("title")
    frame(win)
    click(win, *find_button(win, "Learn to play").rect.center)
    session = win.app.session
    assert isinstance(session, LessonSession)
    session.worker.synchronous = True
    win.headless_fast = True
    return session


def play_lesson(win: StalkerWindow, session: LessonSession, *, stop_at: int = 99) -> list[str]:
    """Follow the lesson's targets until it ends (or reaches step ``stop_at``); the rule ids
    of the steps met, in order."""
    lesson = session.lesson
    assert lesson is not None
    rules: list[str] = []
    for _ in range(LIMIT):
        frame(win)
        step = lesson.current_step
        if step is None or step.number >= stop_at:
            return rules
        if not rules or rules[-1] != step.rule:
            rules.append(step.rule)
        act_on(win, step.target)
    raise AssertionError(f"the lesson did not end: step {lesson.current_step}")


@pytest.mark.slow
def test_the_whole_lesson_is_played_by_following_its_targets(win: StalkerWindow) -> None:
    session = start_lesson(win)
    assert current(win).kind == "layout"
    rules = play_lesson(win, session)
    lesson = session.lesson
    assert lesson is not None and lesson.finished
    assert len(rules) == len(lesson.lesson.steps)
    known = {s.id for s in load_rules_reference("en")}
    assert set(rules) <= known, set(rules) - known
    # it ends in the normal game: the human's turn comes again and the game goes on
    state = session.state
    assert state.phase == "turn"
    assert state.players[0].reputation >= 1  # the order was delivered (REP-1)
    # "done" is said on the map until the turn ends, and a click on it (or Esc) closes it
    frame(win)
    assert current(win).kind == "board" and session.done_card_shown()
    left, right, bottom, top = session.overlay.shown_box
    assert right > left and left >= win.width - current(win).hud_w  # type: ignore[attr-defined]
    click(win, (left + right) / 2, (bottom + top) / 2)
    assert not session.done_card_shown() and session.state is state  # closed; nothing played
    session.done_closed = False
    key(win, arcade.key.ESCAPE)
    assert not session.done_card_shown() and current(win).kind == "board"  # not the menu
    session.done_closed = False
    assert session.done_card_shown()
    session.act(EndTurn())
    frame(win)
    assert not session.done_card_shown()  # gone with the turn (TURN-2)
    # finished: leaving keeps the game in the autosave, and the lesson is not offered again
    assert session.leave_words() == "confirm.leave_why"
    session.autosave()
    assert latest_autosave() is not None and not can_resume()


@pytest.mark.slow
def test_a_lesson_left_for_the_title_is_resumed_at_its_step(win: StalkerWindow) -> None:
    session = start_lesson(win)
    play_lesson(win, session, stop_at=5)  # laid, bought, backpack, an order: turn not ended
    assert session.lesson is not None and session.lesson.index == 4
    for _ in range(20):  # back to the board, End turn (and yes): the end of a turn saves
        if session.state.current_player != 0:
            break
        frame(win)
        step = session.lesson.current_step
        assert step is not None and step.rule == "TURN-2"
        act_on(win, step.target)
    assert saved_step() == 4 and save_file().is_file() and can_resume()
    assert session.leave_words() == "tutorial.leave_why"  # leaving says how to come back
    win.app.session = None
    win.show_screen("title")
    frame(win)
    title = current(win)
    assert isinstance(title, TitleView)
    click(win, *find_button(win, "Learn to play").rect.center)  # a saved lesson: asked first
    assert title.question is not None and win.app.session is None
    key(win, arcade.key.ESCAPE)
    assert title.question is None and win.app.session is None and current(win) is title
    assert saved_step() == 4
    frame(win)
    click(win, *find_button(win, "Resume lesson").rect.center)
    resumed = win.app.session
    assert isinstance(resumed, LessonSession) and resumed is not session
    assert resumed.lesson is not None and resumed.lesson.index == 4
    assert resumed.actions == session.actions
    frame(win)
    step = resumed.lesson.current_step
    assert step is not None and step.rule == "TURN-2"
    # A lesson whose steps changed since it was saved resumes at the saved step's goal.
    goals = tuple(s.goal for s in resumed.lesson.lesson.steps)
    assert resume_index(("an_old_step", *goals)) == 5
    progress_file().write_text('{"step": 3}', encoding="utf-8")  # saved before goals were kept
    assert resume_index(goals) == 3


@pytest.mark.slow
def test_f1_in_the_lesson_opens_the_steps_rule_and_the_panel_is_drawn(win: StalkerWindow) -> None:
    session = start_lesson(win)
    frame(win)
    lesson = session.lesson
    assert lesson is not None
    step = lesson.current_step
    assert step is not None and step.rule == "MAP-4" and step.target is not None
    assert target_box(current(win), step.target) is not None  # the ring or the tray sector
    assert session.overlay.shown_box[1] > session.overlay.shown_box[0]  # the panel was drawn
    key(win, arcade.key.F1)
    rules = current(win)
    assert isinstance(rules, RulesView) and rules.selected == "MAP-4"
    lesson.index = len(lesson.lesson.steps)  # the lesson over: F1 as usual
    key(win, arcade.key.ESCAPE)
    assert current(win).kind == "layout"
    key(win, arcade.key.F1)
    rules = current(win)
    assert isinstance(rules, RulesView) and rules.selected == "MAP-1"  # the layout's own
