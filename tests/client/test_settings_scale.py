"""The UI scale's button on the settings screen stays under the cursor while each click makes
the screen larger or smaller: click after click at the same spot walks every scale."""

from __future__ import annotations

import pytest

from stalkerzone.client.app.settings import UI_SCALES
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.screens.settings import SettingsView
from stalkerzone.client.text import i18n
from stalkerzone.client.text.card_words import t
from tests.support.window import click, frame, opened

KEYS = ("language", "scale", "speed", "symbols", "fullscreen", "volume", "mute")


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
        left, right, _bottom, top = view.box  # the panel under the header, its texts with it
        assert left >= 0 and right <= win.width and top <= win.height - 70
        names = {t(f"settings.{key}") for key in KEYS}
        rows = [text for text in view._texts if text.text in names]
        assert len(rows) == len(KEYS) and all(left < text.x < right for text in rows), seen
    assert set(seen) == set(UI_SCALES) and seen[-1] == seen[0]  # every scale, round again
