"""Driving the headless window in client tests: frames, pixels, clicks, keys."""

from __future__ import annotations

from typing import Any

from stalkerzone.client.app.window import StalkerWindow


def frame(win: StalkerWindow, updates: int = 1, dt: float = 1 / 60) -> None:
    """Deliver queued events, run ``updates`` updates and draw one frame (not flipped)."""
    win.dispatch_events()
    for _ in range(updates):
        win.dispatch_event("on_update", dt)
    win.dispatch_event("on_draw")
    win.dispatch_events()  # headless windows queue events until this call


def pixels(win: StalkerWindow) -> Any:
    import arcade

    return arcade.get_image(0, 0, win.width, win.height).convert("RGB")


def find_button(win: StalkerWindow, text: str) -> Any:
    import arcade.gui

    for widget in win.screen.ui.walk_widgets():
        if isinstance(widget, arcade.gui.UIFlatButton) and widget.text == text:
            return widget
    raise AssertionError(f"no button '{text}' on screen {win.screen.kind}")


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
