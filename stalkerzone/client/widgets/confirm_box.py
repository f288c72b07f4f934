"""A question asked once before a step that cannot be taken back (ending a turn, a fight with
no escape, selling the last weapon, leaving a game): a heading, the facts, and two buttons.

The screen that asks keeps a :class:`Confirm` while the question is open and builds it in its
``build``, after its own widgets: a modal dialog (:mod:`~stalkerzone.client.widgets.modal`) over
the dimmed screen, whose widgets stay visible but do not react. Y (or the first button) answers
yes, Esc or N (or the second button) answers no. Enter answers nothing: it is
the "continue" key of other boxes, and one press too many must not commit anything.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING

import arcade
import pyglet
from arcade.types import RGBOrA255

from stalkerzone.client.render import shapes
from stalkerzone.client.render.fonts import FONT
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import modal, theme

if TYPE_CHECKING:
    from stalkerzone.client.app.base_view import BaseView

BOX_W = 600
BUTTON_W = 200


@dataclass
class Confirm:
    """One open question: its heading and facts, the yes button's text and what yes does."""

    heading: str
    facts: str
    yes_text: str
    on_yes: Callable[[], None]
    no_text: str = ""  # the no button's text ("" for the usual one)
    batch: pyglet.graphics.Batch | None = None
    box: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # left, right, bottom, top
    texts: list[arcade.Text] = field(default_factory=list)

    def build(self, view: BaseView, on_answer: Callable[[bool], None]) -> None:
        """The dialog over the screen's widgets: the panel's texts (in its own batch) and its two
        buttons, centred in the window; a button calls ``on_answer(True)`` or
        ``on_answer(False)`` (the screen closes the question and, for yes, calls
        :attr:`on_yes`)."""
        w, h = view.window.width, view.window.height
        px = theme.px
        self.batch = pyglet.graphics.Batch()
        self.texts = []
        box_w = min(px(BOX_W), w - px(40))
        inner = int(box_w - px(40))
        heading = self.text(self.heading, 17, theme.ACCENT, inner, bold=True)
        facts = self.text(self.facts, 13, theme.TEXT, inner)
        box_h = heading.content_height + facts.content_height + px(40 + 16 + 44 + 20)
        left, bottom = (w - box_w) / 2, (h - box_h) / 2
        top = bottom + box_h
        self.box = (left, left + box_w, bottom, top)
        heading.position = (left + px(20), top - px(20))
        facts.position = (left + px(20), top - px(20) - heading.content_height - px(16))
        modal.open_modal(view.ui, self.paint)
        gap = px(16)
        x = w / 2 - px(BUTTON_W) - gap / 2
        for k, text in enumerate((self.yes_text, self.no_text or i18n.t("confirm.no"))):
            button = view.button(
                text,
                partial(on_answer, k == 0),
                width=BUTTON_W,
                height=42,
                size=13,
                x=x + k * (px(BUTTON_W) + gap),
                y=bottom + px(18),
                primary=k == 0,
            )
            modal.add(view.ui, button)

    def text(
        self, words: str, size: float, colour: RGBOrA255, width: int, *, bold: bool = False
    ) -> arcade.Text:
        """A wrapped text of the panel, in its own batch: an overlay, not one of the screen's
        texts (the screen's texts lie under it, dimmed)."""
        item = arcade.Text(
            words,
            0,
            0,
            colour,
            theme.px(size),
            width=width,
            font_name=FONT,
            bold=bold,
            anchor_y="top",
            multiline=True,
            batch=self.batch,
        )
        self.texts.append(item)
        return item

    def paint(self) -> None:
        """The panel and its texts, over the dimmed window (the backdrop dims it)."""
        left, right, bottom, top = self.box
        shapes.panel(left, right, bottom, top, light=True)
        if self.batch is not None:
            self.batch.draw()


def answer_key(symbol: int) -> bool | None:
    """What a key answers to an open question: True (Y), False (Esc, N), None (anything else,
    Enter included: it is swallowed and commits nothing)."""
    keys = arcade.key
    if symbol == keys.Y:
        return True
    if symbol in (keys.ESCAPE, keys.N):
        return False
    return None
