"""The lesson's first step says what the layout screen draws (MAP-4, MAP-5): turning the sector,
the place inside the lit ring is filled gold at the turn the lesson lays (and not at every
turn), and the words name that gold; dead ends are crossed out in pink, and the words say what
pink means."""

from __future__ import annotations

import arcade
import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.screens.layout.screen import LayoutView
from stalkerzone.client.text import i18n
from stalkerzone.client.tutorial.overlay import step_words
from stalkerzone.client.widgets import theme
from tests.client.test_tutorial_play import act_on, start_lesson
from tests.support.window import frame, key, shown

GOLD = {"en": "gold", "ru": "золот"}
PINK = {"en": "pink cross", "ru": "Розовый крест"}


@pytest.mark.slow
def test_the_ring_turns_gold_when_roads_meet_and_pink_marks_a_dead_end(win: StalkerWindow) -> None:
    session = start_lesson(win)
    lesson = session.lesson
    assert lesson is not None
    frame(win)
    step = lesson.current_step
    assert step is not None and step.target is not None and step.target.placement is not None
    wanted = step.target.placement
    act_on(win, step.target)  # the tray's sector picked
    frame(win)
    view = shown(win, LayoutView)
    assert view.selected == wanted.sector and view.face == wanted.face
    seen_gold, seen_other, seen_dead = False, False, False
    for _ in range(6):  # every turn of the sector
        frame(win)
        good, dead, _other = view.slots()
        gold_here = wanted.slot in good
        if view.rotation == wanted.rotation:  # the turn the lesson lays is one that fits
            assert gold_here
        seen_gold |= gold_here
        seen_other |= not gold_here
        seen_dead |= bool(dead)
        key(win, arcade.key.R)
    assert seen_gold and seen_other and seen_dead
    assert theme.DEAD_END[:3] == (200, 90, 200)  # the crosses' colour: pink
    for language in ("en", "ru"):
        i18n.set_language(language)
        _head, words = step_words(step, "layout")
        assert GOLD[language] in words and PINK[language] in words, words
