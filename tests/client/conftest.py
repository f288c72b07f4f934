"""Client test set-up: ONE headless window for the whole session (windows are expensive)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

os.environ.setdefault("ARCADE_HEADLESS", "1")

from stalkerzone.client.app.settings import Settings
from stalkerzone.client.app.window import AppContext, Presets, StalkerWindow
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import theme


@pytest.fixture(scope="session")
def window() -> Iterator[StalkerWindow]:
    win = StalkerWindow(AppContext(presets=Presets()), (1280, 800))
    win.raise_errors = True
    yield win
    win.close()


@pytest.fixture
def win(window: StalkerWindow) -> Iterator[StalkerWindow]:
    """The session window reset to a fresh context, English, scale 1, 1280x800."""
    window.app = AppContext(presets=Presets(), settings=Settings())
    i18n.set_language("en")
    theme.set_scale(1.0)
    window.on_resize(1280, 800)
    yield window
    window.app.session = None
