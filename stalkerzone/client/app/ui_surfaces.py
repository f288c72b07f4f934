"""The window's UI surfaces, one per kind of screen, handed from one screen to the next.

A screen's ``UIManager`` draws its widgets into a window-sized framebuffer (arcade's
``Surface``) and copies that onto the screen. Making one costs a texture as large as the window,
its clearing and a shader program: 5–10 ms of every screen opened (the stalker card, the rules
overlay, a base). Only one screen of a kind draws at a time, so the window keeps one surface per
kind and gives it to each screen of that kind when shown; a screen that was not the last to
draw into it has its widgets drawn into it again first.
"""

from __future__ import annotations

import weakref

import arcade.gui
from arcade.gui.surface import Surface

WIDGETS_LAYER = 0  # the screen's own widgets (a dialog's layer gets a surface of its own)


class UiSurfaces:
    """The window's kept UI surfaces, by screen kind (see the module)."""

    def __init__(self) -> None:
        self.kept: dict[str, tuple[Surface, weakref.ref[arcade.gui.UIManager]]] = {}

    def lend(self, kind: str, ui: arcade.gui.UIManager) -> None:
        """Give ``ui`` the surface of ``kind`` for its widgets (made at the window's size)."""
        window = ui.window
        size, ratio = window.get_size(), window.get_pixel_ratio()
        entry = self.kept.get(kind)
        if entry is not None and (entry[0].size != size or entry[0].pixel_ratio != ratio):
            entry = None  # the window was resized since: the old surface is let go
        surface = entry[0] if entry is not None else Surface(size=size, pixel_ratio=ratio)
        surfaces = ui._surfaces
        if surfaces.get(WIDGETS_LAYER) is not surface:
            surface._pixelated = ui._pixelated
            surfaces[WIDGETS_LAYER] = surface
        if entry is None or entry[1]() is not ui:  # it holds another screen's widgets
            ui.trigger_render()  # type: ignore[no-untyped-call]  # unannotated in arcade
        self.kept[kind] = (surface, weakref.ref(ui))
