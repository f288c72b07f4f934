"""A modal dialog over a screen: everything behind it dimmed, nothing behind it reacting.

The dialog lives in the screen's own ``UIManager``, on a layer of its own above the screen's
widgets (:data:`MODAL_LAYER`): first a :class:`Backdrop` the size of the window, which dims
what lies under it (texts, shapes and the screen's buttons alike), paints the dialog's panel and
texts, and swallows every mouse event (no button behind lights up or can be clicked, the map
behind neither pans nor picks); then the dialog's own buttons, which get the mouse first. Keys
stay with the screen (it answers them while its dialog is open). Rebuilding the screen (its
``ui.clear()``) closes the layer with everything else.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import arcade
import arcade.gui
from arcade.gui.events import UIEvent, UIMouseEvent, UIMousePressEvent
from arcade.gui.surface import Surface
from arcade.types import RGBA255
from pyglet.event import EVENT_HANDLED

MODAL_LAYER = 5  # over the screen's widgets (layer 0), under arcade's tooltips (layer 10)
DIM: RGBA255 = (0, 0, 0, 150)


class Backdrop(arcade.gui.UIWidget):
    """The window-sized first widget of a dialog: dims, paints the dialog, keeps the mouse."""

    def __init__(
        self,
        width: float,
        height: float,
        paint: Callable[[], None] | None = None,
        *,
        on_click: Callable[[], object] | None = None,
        dim: RGBA255 = DIM,
    ) -> None:
        super().__init__(x=0, y=0, width=width, height=height)
        self.paint = paint  # draws the panel and texts in window pixels
        self.on_click = on_click  # a press outside the dialog's buttons (e.g. "continue")
        self.dim = dim

    def on_event(self, event: UIEvent) -> bool | None:
        if isinstance(event, UIMouseEvent):
            if isinstance(event, UIMousePressEvent) and self.on_click is not None:
                self.on_click()
            return EVENT_HANDLED  # nothing under the dialog hears the mouse
        return bool(super().on_event(event))

    def do_render(self, surface: Surface) -> None:
        self.prepare_render(surface)  # type: ignore[no-untyped-call]  # unannotated in arcade
        if self.dim[3]:
            arcade.draw_lrbt_rectangle_filled(0, self.width, 0, self.height, self.dim)
        if self.paint is not None:
            self.paint()


def open_modal(
    ui: arcade.gui.UIManager,
    paint: Callable[[], None] | None = None,
    *,
    on_click: Callable[[], object] | None = None,
    dim: RGBA255 = DIM,
) -> Backdrop:
    """Put a dialog's backdrop over ``ui``'s widgets; its buttons follow with :func:`add`."""
    width, height = ui.window.get_size()
    backdrop = Backdrop(width, height, paint, on_click=on_click, dim=dim)
    ui.add(backdrop, layer=MODAL_LAYER)
    return backdrop


def add(ui: arcade.gui.UIManager, widget: arcade.gui.UIWidget) -> None:
    """A dialog's button, over its backdrop (it gets the mouse before the backdrop does)."""
    ui.add(widget, layer=MODAL_LAYER)


def is_open(ui: arcade.gui.UIManager) -> bool:
    """Whether a dialog is open over ``ui``'s widgets."""
    return bool(ui.children.get(MODAL_LAYER))


def close(ui: arcade.gui.UIManager) -> None:
    """Take the dialog away (its backdrop and buttons), leaving the screen's widgets."""
    for widget in list(ui.children.get(MODAL_LAYER, ())):
        ui.remove(widget)


def draw_beneath_dialog(ui: arcade.gui.UIManager, beneath: Callable[[], None]) -> None:
    """Draw ``ui``'s widgets with ``beneath`` (the screen's overlays: goal panel, tips, legend
    button…) over the screen's own widgets but under an open dialog's layer, so the dialog dims
    them with everything else; with no dialog open, ``beneath`` comes last, over all."""
    ui.execute_layout()  # type: ignore[no-untyped-call]  # unannotated in arcade
    ctx = ui.window.ctx
    with ctx.enabled(ctx.BLEND), ui._render_to_surface_camera.activate():
        ui._do_render()  # type: ignore[no-untyped-call]  # arcade's own step of UIManager.draw
    layers = sorted(ui.children.keys())
    for below in (True, False):
        with ui.camera.activate(), ctx.enabled(ctx.BLEND):
            for layer in layers:
                if (layer < MODAL_LAYER) == below:
                    draw_layer(ui, layer)
        if below:
            # Outside the widgets' camera: drawn inside it, the overlays blanked the whole
            # window behind a dialog in a real (GLX) window, though not in a headless one.
            beneath()


def draw_widgets(ui: arcade.gui.UIManager) -> None:
    """Draw ``ui``'s widgets (what ``UIManager.draw`` does, copying only where they are)."""
    draw_beneath_dialog(ui, _nothing)


def _nothing() -> None:
    pass


MOST_AREAS = 24  # more widgets than this: the layer is copied whole in one call


def draw_layer(ui: arcade.gui.UIManager, layer: int) -> None:
    """Copy a layer's surface onto the screen where its widgets are: the rest of the
    window-sized surface is transparent, and copying all of it every frame costs as much as
    clearing the window. Widgets whose places overlap (blended twice there) or too many of them:
    the whole surface, as arcade does."""
    surface = ui._get_surface(layer)
    areas = widget_areas(ui, layer)
    if areas is None:
        surface.draw()
        return
    for area in areas:
        surface.draw(area)


def widget_areas(ui: arcade.gui.UIManager, layer: int) -> list[arcade.types.Rect] | None:
    """Where a layer's widgets draw (whole pixels), or None when they overlap or are many. A
    plain layout (anchor, box, grid without a background) draws nothing itself: its children's
    places count; any other widget counts with all it holds (a button and its label)."""
    boxes: list[tuple[int, int, int, int]] = []
    pending = list(ui.children.get(layer, ()))
    while pending:
        widget = pending.pop()
        background = getattr(widget, "_bg_color", None) or getattr(widget, "_bg_tex", None)
        if type(widget) in PLAIN_LAYOUTS and not background:
            pending.extend(widget.children)
            continue
        box = _bounds(widget)
        if len(boxes) >= MOST_AREAS or any(_overlap(box, other) for other in boxes):
            return None
        boxes.append(box)
    return [arcade.types.LRBT(lf, r, b, t) for lf, b, r, t in boxes]


PLAIN_LAYOUTS = (arcade.gui.UIAnchorLayout, arcade.gui.UIBoxLayout, arcade.gui.UIGridLayout)


def _bounds(widget: arcade.gui.UIWidget) -> tuple[int, int, int, int]:
    """The whole pixels a widget and everything it holds cover (left, bottom, right, top)."""
    left, bottom, width, height = widget.rect.lbwh
    box = (
        math.floor(left),
        math.floor(bottom),
        math.ceil(left + width) + 1,
        math.ceil(bottom + height) + 1,
    )
    for child in widget.children:
        inner = _bounds(child)
        box = (
            min(box[0], inner[0]),
            min(box[1], inner[1]),
            max(box[2], inner[2]),
            max(box[3], inner[3]),
        )
    return box


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
