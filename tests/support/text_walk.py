"""Measuring the texts of a built screen against their boxes (the text-fits walk).

A headless window cannot change its size, so :func:`pretend_size` makes the screens lay out for
another size (they read ``window.width``/``height``); nothing is drawn at that size, texts are
only measured (``arcade.Text.content_width``, the label inside each button).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import arcade
import arcade.gui

from stalkerzone.client.app.base_view import BaseView
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.widgets import theme
from stalkerzone.client.widgets.screen_frame import TextCache

EDGE = 6  # free pixels a button's text keeps from each side at least (UI scale 1)
SLACK = 1.0  # rounding of measured widths


@contextmanager
def pretend_size(win: StalkerWindow, width: int, height: int) -> Iterator[None]:
    """Screens built inside see a ``width`` x ``height`` window (for measuring only)."""
    real = (win._width, win._height)  # headless windows keep their size
    win._width, win._height = width, height
    try:
        yield
    finally:
        win._width, win._height = real


def texts_of(view: BaseView) -> list[arcade.Text]:
    """Every text the screen shows: its labels, its cached texts, texts it keeps itself."""
    found = list(view._texts)
    for value in vars(view).values():
        if isinstance(value, TextCache):
            found.extend(item for item in value.items.values() if item.visible)
        elif isinstance(value, arcade.Text):
            found.append(value)
    unique = {id(text): text for text in found}  # a screen may keep one of its labels too
    return [text for text in unique.values() if text.text.strip()]


def left_right(text: arcade.Text) -> tuple[float, float]:
    """The horizontal extent of a text from its anchor and measured width."""
    width = text.content_width
    left = {"left": text.x, "center": text.x - width / 2, "right": text.x - width}[text.anchor_x]
    return left, left + width


def text_box(text: arcade.Text) -> tuple[float, float, float, float]:
    """(left, right, bottom, top) of a text from its anchors and measured size."""
    left, right = left_right(text)
    height = text.content_height
    bottom = {
        "bottom": text.y,
        "top": text.y - height,
        "center": text.y - height / 2,
        "baseline": text.y - height * 0.22,  # Liberation Sans: descent about a fifth
    }[text.anchor_y]
    return left, right, bottom, bottom + height


def overlaps(texts: list[arcade.Text], where: str) -> list[str]:
    """Pairs of texts drawn over each other (more than 2 px across and 4 px up)."""
    boxes = [(text, text_box(text)) for text in texts]
    found = []
    for k, (a, (al, ar, ab, at)) in enumerate(boxes):
        for b, (bl, br, bb, bt) in boxes[k + 1 :]:
            if min(ar, br) - max(al, bl) > 2 and min(at, bt) - max(ab, bb) > 4:
                found.append(f"{where}: {a.text[:40]!r} overlaps {b.text[:40]!r}")
    return found


def misfits(view: BaseView, where: str) -> list[str]:
    """What does not fit on ``view``: texts wider than their box or leaving the window, button
    texts that touch an edge or were cut, inputs whose text is not centred, texts over texts."""
    width = view.window.width
    texts = texts_of(view)
    found = overlaps(texts, where)
    question = getattr(view, "question", None)  # an open question: a layer over the screen
    overlay: list[arcade.Text] = list(getattr(question, "texts", []))
    found += overlaps(overlay, f"{where} (question)")
    for text in texts + overlay:
        left, right = left_right(text)
        if left < -SLACK or right > width + SLACK:
            found.append(
                f"{where}: text {text.text[:60]!r} runs out of the window ({left:.0f}..{right:.0f})"
            )
        measured, box = text.content_width, text.width
        if box and not text.multiline and measured > box + SLACK:
            found.append(
                f"{where}: text {text.text[:60]!r} is wider than its box ({measured} > {box})"
            )
    layers = sorted(view.ui.children)  # the screen's widgets and a dialog's over them
    for widget in (w for layer in layers for w in view.ui.walk_widgets(layer=layer)):
        if isinstance(widget, arcade.gui.UIFlatButton):
            label = widget.ui_label._label  # the button's arcade.Text
            room = widget.rect.width - 2 * theme.px(EDGE)
            if label.content_width > room + SLACK:
                wide = f"{label.content_width} wide in {widget.rect.width}"
                found.append(f"{where}: button {widget.text!r} text {wide}")
            if widget.text.endswith("…"):
                found.append(f"{where}: button {widget.text!r} is cut")
        elif (
            isinstance(widget, arcade.gui.UIInputText) and widget.layout.content_valign != "center"
        ):
            found.append(f"{where}: input text is not centred in its box")
    return found


def cut_short(shown: str, full: str, where: str) -> list[str]:
    """A line shown shorter than it is written: every line must be shown whole (wrapped over
    lines, or set smaller), never cut with "…" (mid-word or not)."""
    if " ".join(shown.split()) == " ".join(full.split()):
        return []
    return [f"{where}: {full[:60]!r} is shown cut as {shown[-30:]!r}"]
