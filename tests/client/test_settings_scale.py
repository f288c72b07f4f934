"""The UI scale's button on the settings screen stays under the cursor while each click makes
the screen larger or smaller: click after click at the same spot walks every scale."""

from __future__ import annotations

import pytest

from stalkerzone.client.app.settings import UI_SCALES
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.screens.settings import SettingsView
from stalkerzone.client.text import i18n
from tests.support.window import click, frame, opened


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_scale_button_stays_under_the_cursor_click_after_click(
    win: StalkerWindow, language: str
) -> None:
    i18n.set_language(language)
    view = opened(win.show_screen("settings"), SettingsView)
    frame(win)
    button = view.scale_button
    assert button is not None
    x, y = button.rect.center  # the cursor stays here from now on
    seen = [win.app.settings.ui_scale]
    for _ in range(len(UI_SCALES)):
        click(win, x, y)
        frame(win)
        button = view.scale_button
        assert win.current_screen is view and button is not None
        seen.append(win.app.settings.ui_scale)
        assert button.rect.point_in_rect((x, y)), (seen, button.rect, (x, y))
        left, right, bottom, top = view.box  # the panel stays in the window
        assert left >= 0 and right <= win.width and bottom >= 0 and top <= win.height
    assert set(seen) == set(UI_SCALES) and seen[-1] == seen[0]  # every scale, round again
