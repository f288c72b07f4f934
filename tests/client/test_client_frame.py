"""The client frame: title screen, fonts, languages, settings, the play command's checks."""

from __future__ import annotations

import argparse

import arcade
import pytest

from stalkerzone import paths
from stalkerzone.client.app.settings import Settings, load_settings, save_settings, settings_path
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.screens.error import ErrorView
from stalkerzone.client.screens.title import TitleView
from stalkerzone.client.text import i18n
from stalkerzone.commands import play
from stalkerzone.errors import UserError
from tests.support.window import (
    click_button,
    colours,
    current,
    find_button,
    frame,
    key,
    opened,
    pixels,
    shown,
    two_frames,
)


def test_client_strings_exist_in_both_languages() -> None:
    english, russian = i18n.strings("en"), i18n.strings("ru")
    assert set(english) == set(russian)
    assert all(russian[key] for key in russian)


def test_client_t_formats_and_falls_back() -> None:
    i18n.set_language("ru")
    try:
        assert i18n.t("title.new_game") == "Новая игра"
        assert i18n.t("error.saved", path="x") == "Сохранено: x"
        assert i18n.t("no.such.key") == "no.such.key"
    finally:
        i18n.set_language("en")


def test_client_settings_round_trip() -> None:
    assert load_settings() == (Settings(), None)
    save_settings(Settings(language="ru", ui_scale=1.3, fullscreen=True))
    assert load_settings()[0] == Settings(language="ru", ui_scale=1.3, fullscreen=True)
    settings_path().write_text("ui_scale = [", encoding="utf-8")
    settings, note = load_settings()
    assert settings == Settings() and note is not None and "settings.toml" in note


def test_client_title_draws_text_in_both_languages(win: StalkerWindow) -> None:
    view = opened(win.show_screen("title"), TitleView)
    frame(win)
    english = pixels(win)
    # The title text is amber (theme.ACCENT) in the top band.
    band = english.crop((300, 140, 980, 220))
    assert any(p[0] > 200 and 150 < p[1] < 200 and p[2] < 100 for p in colours(band))
    view.switch_language()
    assert i18n.language() == "ru"
    frame(win)
    assert pixels(win).crop((300, 140, 980, 220)).tobytes() != band.tobytes()
    assert win.app.settings.language == "ru"


def test_client_resize_event_rebuilds_the_screen(win: StalkerWindow) -> None:
    view = win.show_screen("title")
    frame(win)
    before = list(view._texts)
    win.dispatch_event("on_resize", 1280, 800)
    frame(win)
    assert view._texts and all(a is not b for a, b in zip(before, view._texts, strict=True))
    assert abs(find_button(win, "Quit").rect.center[0] - win.width / 2) < 2


def _args(**values: object) -> argparse.Namespace:
    base: dict[str, object] = {
        "players": None,
        "bots": None,
        "seed": None,
        "variant": None,
        "express": False,
        "cards": [],
        "lang": None,
    }
    base.update(values)
    return argparse.Namespace(**base)


def test_client_play_presets() -> None:
    presets = play.presets_from_args(
        _args(players="4", bots="2", seed="9", express=True, lang="ru")
    )
    assert (presets.players, presets.bots, presets.seed, presets.variant, presets.lang) == (
        4,
        2,
        9,
        "express",
        "ru",
    )


@pytest.mark.parametrize(
    "values",
    [
        {"players": "0"},
        {"players": "7"},
        {"players": "two"},
        {"bots": "3", "players": "2"},
        {"seed": "-1"},
        {"variant": "hard"},
        {"lang": "de"},
        {"cards": ["/no/such/dir"]},
        {"variant": "standard", "express": True},
    ],
)
def test_client_play_rejects_bad_values(values: dict[str, object]) -> None:
    with pytest.raises(UserError) as caught:
        play.presets_from_args(_args(**values))
    assert "\n" not in str(caught.value) and caught.value.exit_code == 2


def test_client_error_inside_a_screen_opens_the_error_dialog(win: StalkerWindow) -> None:
    view = win.show_screen("title")
    frame(win)

    def broken(_symbol: int, _modifiers: int) -> bool:
        raise RuntimeError("a bug in a screen")

    view.on_hotkey = broken  # type: ignore[method-assign, assignment]
    win.raise_errors = False
    try:
        key(win, arcade.key.X)
        frame(win)
        assert current(win).kind == "error" and shown(win, ErrorView).back is view
        assert any("a bug in a screen" in t.text for t in current(win)._texts)
        click_button(win, "Continue")
        two_frames(win)
        assert win.current_screen is view
    finally:
        win.raise_errors = True
    log = paths.user_config_dir() / "client.log"
    assert "a bug in a screen" in log.read_text(encoding="utf-8")


def test_client_f11_and_escape(win: StalkerWindow) -> None:
    win.show_screen("newgame")
    frame(win)
    key(win, arcade.key.F11)  # headless: no fullscreen, but no crash either
    key(win, arcade.key.ESCAPE)
    assert current(win).kind == "title"
