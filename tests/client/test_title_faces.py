"""The title screen shows the six stalkers' faces beside its menu (ST-3), clear of every button
and inside the window, at every window size that has room for them, in both languages."""

from __future__ import annotations

from dataclasses import replace

import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.screens.title import TitleView
from tests.support.text_walk import pretend_size
from tests.support.window import current, frame


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080), (1024, 640)])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_title_shows_the_stalkers_faces_clear_of_the_menu(
    win: StalkerWindow, size: tuple[int, int], language: str
) -> None:
    win.app.update_settings(replace(win.app.settings, language=language))
    with pretend_size(win, *size):
        win.show_screen("title")
        frame(win)
        view = current(win)
        assert isinstance(view, TitleView)
        assert len(view.faces) == 6 and len(view.face_frames) == 6
        w, h = size
        buttons = [b.rect for b in view.buttons.values()]
        for left, right, bottom, top in view.face_frames:
            assert left >= 0 and right <= w and bottom >= 0 and top <= h
            assert right - left >= 64
            for rect in buttons:
                apart = right <= rect.left or left >= rect.right
                apart = apart or top <= rect.bottom or bottom >= rect.top
                assert apart, ((left, right, bottom, top), rect)
