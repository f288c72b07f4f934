"""Driving the headless window in client tests: frames, pixels, clicks, keys, typed screens."""

from __future__ import annotations

from typing import TypeVar

import arcade
import arcade.gui
from PIL import Image

from stalkerzone.client.app.base_view import BaseView
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import GameSession

Screen = TypeVar("Screen", bound=BaseView)


def frame(win: StalkerWindow, updates: int = 1, dt: float = 1 / 60) -> None:
    """Deliver queued events, run ``updates`` updates and draw one frame (not flipped)."""
    win.dispatch_events()
    for _ in range(updates):
        win.dispatch_event("on_update", dt)
    win.dispatch_event("on_draw")
    win.dispatch_events()  # headless windows queue events until this call


def two_frames(win: StalkerWindow) -> None:
    """A slow step a screen runs after its next frame (``BaseView.after_a_frame``: a save
    opened once "Opening the saved game…" is drawn): that frame, then the step."""
    frame(win)
    frame(win)


def pixels(win: StalkerWindow) -> Image.Image:
    return arcade.get_image(0, 0, win.width, win.height).convert("RGB")


def current(win: StalkerWindow) -> BaseView:
    """The screen shown now (a test failure if none is)."""
    view = win.current_screen
    assert view is not None, "no screen is shown"
    return view


def shown(win: StalkerWindow, kind: type[Screen]) -> Screen:
    """The screen shown now, which must be a ``kind``."""
    return opened(current(win), kind)


def opened(view: object, kind: type[Screen]) -> Screen:
    """``view`` (e.g. what ``show_screen`` returned), which must be a ``kind``."""
    assert isinstance(view, kind), f"{view!r} is not a {kind.__name__}"
    return view


def game(win: StalkerWindow) -> GameSession:
    """The game in progress (a test failure if none is)."""
    session = win.app.session
    assert session is not None, "no game is in progress"
    return session


def find_button(win: StalkerWindow, text: str) -> arcade.gui.UIFlatButton:
    view = current(win)
    for layer in sorted(view.ui.children, reverse=True):  # a dialog's buttons first
        for widget in view.ui.walk_widgets(layer=layer):
            if isinstance(widget, arcade.gui.UIFlatButton) and widget.text == text:
                return widget
    raise AssertionError(f"no button '{text}' on screen {view.kind}")


def click(win: StalkerWindow, x: float, y: float, button: int = 1, modifiers: int = 0) -> None:
    """A real press + release at window pixel (x, y), delivered at once."""
    win.dispatch_event("on_mouse_motion", x, y, 0, 0)
    win.dispatch_event("on_mouse_press", x, y, button, modifiers)
    win.dispatch_event("on_mouse_release", x, y, button, modifiers)
    win.dispatch_events()


def click_button(win: StalkerWindow, text: str) -> None:
    """Draw a frame (layouts place their widgets when drawn), then click the button's centre."""
    frame(win)
    x, y = find_button(win, text).rect.center
    click(win, x, y)


def key(win: StalkerWindow, symbol: int, modifiers: int = 0) -> None:
    win.dispatch_event("on_key_press", symbol, modifiers)
    win.dispatch_event("on_key_release", symbol, modifiers)
    win.dispatch_events()


def colours(image: Image.Image) -> list[tuple[int, ...]]:
    """Every pixel of ``image`` as an RGB tuple (row by row, top first)."""
    data = image.convert("RGB").tobytes()
    return [tuple(data[i : i + 3]) for i in range(0, len(data), 3)]


def pixel(image: Image.Image, x: int, y: int) -> tuple[int, ...]:
    """One pixel of ``image`` as an RGB tuple (image coordinates: y down)."""
    return colours(image.crop((x, y, x + 1, y + 1)))[0]
