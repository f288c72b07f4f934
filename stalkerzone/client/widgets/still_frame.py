"""A card screen's still frame kept in an offscreen framebuffer and blitted while nothing
changes (a still stalker card or shop: one copy instead of its panels, card pictures, texts and
buttons drawn again every frame)."""

from __future__ import annotations

from collections.abc import Callable

import arcade
import arcade.gui

from stalkerzone.client.render.zone_layer import StaticCache
from stalkerzone.client.widgets import theme


def ui_needs_render(ui: arcade.gui.UIManager) -> bool:
    """Whether a widget asked to be drawn again (hover, press, text): then the cached layer,
    which holds the widgets, is rendered again. Reads arcade.gui's render flags."""
    if getattr(ui, "_requires_render", True):
        return True
    return any(getattr(w, "_requires_render", True) for w in ui.walk_widgets())


class StillFrame:
    """What a screen drew under its overlays, rendered again only when its key or its widgets
    change (the screen's build, what the mouse is over, the window's size)."""

    def __init__(self, window: arcade.Window) -> None:
        self.window = window
        self.cache = StaticCache(window)
        self.ui_renders = 0  # counts the widgets' requests to be drawn again

    def invalidate(self) -> None:
        self.cache.invalidate()

    def draw(self, ui: arcade.gui.UIManager, key: object, render: Callable[[], None]) -> None:
        """Blit the still frame, first rendering it with ``render`` (the screen's scene, texts
        and widgets) if ``key`` or a widget changed since it was last rendered."""
        ui.execute_layout()  # type: ignore[no-untyped-call]  # unannotated in arcade
        if ui_needs_render(ui):
            self.ui_renders += 1
        self.cache.draw((key, self.ui_renders, self.window.get_size()), render, theme.BG)
