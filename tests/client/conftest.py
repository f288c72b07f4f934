"""Client test set-up: ONE headless window for the whole session (windows are expensive),
reset before every test to the state of a freshly opened window (:meth:`StalkerWindow.reset`)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

os.environ.setdefault("ARCADE_HEADLESS", "1")

from stalkerzone.client.app.context import AppContext, Presets
from stalkerzone.client.app.settings import Settings
from stalkerzone.client.app.window import StalkerWindow


@pytest.fixture(scope="session")
def session_window() -> Iterator[StalkerWindow]:
    win = StalkerWindow(AppContext(presets=Presets()), (1280, 800))
    yield win
    win.close()


@pytest.fixture
def window(session_window: StalkerWindow) -> Iterator[StalkerWindow]:
    """The session window as if just opened: a fresh context (settings, English, scale 1),
    windowed, 1280x800, no screen, no game; errors raise."""
    session_window.reset(AppContext(presets=Presets(), settings=Settings()), (1280, 800))
    session_window.raise_errors = True
    yield session_window
    session_window.app.session = None


@pytest.fixture
def win(window: StalkerWindow) -> StalkerWindow:
    """The freshly reset window (the name most client tests use)."""
    return window


@pytest.fixture(autouse=True)
def _fresh_client_state() -> None:
    """Every client test starts with a fresh English catalogue, scale 1 and no loaded art,
    also those that open no window (presenters)."""
    AppContext(presets=Presets(), settings=Settings()).activate()
