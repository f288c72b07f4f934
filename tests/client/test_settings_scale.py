"""The UI scale's button on the settings screen stays under the cursor while each click makes
the screen larger or smaller: click after click at the same spot walks every scale. The panel
fits the window at every size and scale, and the size setting says the size the window holds."""

from __future__ import annotations

from dataclasses import replace

import pytest

from stalkerzone.client.app.settings import UI_SCALES
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.screens.settings import SettingsView
from stalkerzone.client.text import i18n
from stalkerzone.client.text.card_words import t
from stalkerzone.client.widgets import theme
from tests.client.test_text_fits import configurations
from tests.support.text_walk import misfits, pretend_size, text_box, texts_of
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


def test_the_panel_fits_the_window_at_every_size_and_scale(win: StalkerWindow) -> None:
    """Every row and the "saved" line under them inside the panel, and the panel inside the
    window below the header, in both languages at every size and UI scale."""
    found: list[str] = []
    for lang, (w, h), setting in configurations():
        win.app.update_settings(replace(win.app.settings, language=lang, ui_scale=setting))
        where = f"{lang} {w}x{h} {setting:.0%}"
        with pretend_size(win, w, h):
            view = opened(win.show_screen("settings"), SettingsView)
            left, right, bottom, top = view.box
            if bottom < 0 or top > h - theme.px(70) or left < 0 or right > w:
                found.append(f"{where}: the panel {view.box} leaves the window")
            for text in texts_of(view):
                tl, tr, tb, tt = text_box(text)
                if text.y < h - theme.px(84) and not (
                    left <= tl and tr <= right and bottom <= tb and tt <= top
                ):
                    found.append(f"{where}: {text.text[:40]!r} out of the panel")
            found += misfits(view, where)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_size_setting_says_the_size_the_window_holds(win: StalkerWindow, language: str) -> None:
    """At 130% and 150% a 1280x800 window holds 125%: the button says both numbers, and the
    two settings differ on screen; where the window holds the setting, only the setting."""
    i18n.set_language(language)
    shown = []
    for setting in (1.3, 1.5):
        win.app.update_settings(replace(win.app.settings, language=language, ui_scale=setting))
        view = opened(win.show_screen("settings"), SettingsView)
        assert theme.scale() == 1.25
        shown.append(view.scale_button.text)
        assert f"{round(setting * 100)}%" in shown[-1] and "125%" in shown[-1], shown
        assert any("125%" in text.text for text in texts_of(view) if text.multiline)
    assert shown[0] != shown[1]
    win.app.update_settings(replace(win.app.settings, ui_scale=1.15))
    view = opened(win.show_screen("settings"), SettingsView)
    assert view.scale_button.text == "115%"
