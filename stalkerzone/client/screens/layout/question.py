"""The "deal the rest?" question of the layout screen (TURN-4): the remaining sectors go down
at random, the placed ones stay; Enter/Y deals, Esc cancels. A modal dialog: the screen under it
is dimmed and does not react (:mod:`~stalkerzone.client.widgets.modal`)."""

from __future__ import annotations

from collections.abc import Callable

import arcade
import pyglet

from stalkerzone.client.app.base_view import BaseView
from stalkerzone.client.render import shapes as widgets
from stalkerzone.client.screens.layout.presenter import plural
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import modal, theme


class DealQuestion:
    """The question's panel, text and two buttons, over the dimmed screen."""

    def __init__(self) -> None:
        self.batch = pyglet.graphics.Batch()
        self.box = (0.0, 0.0, 0.0, 0.0)
        self.label: arcade.Text | None = None

    def build(
        self, view: BaseView, remaining: int, yes: Callable[[], None], no: Callable[[], None]
    ) -> None:
        w, h = view.window.width, view.window.height
        px = theme.px
        self.batch = pyglet.graphics.Batch()
        box_w, box_h = px(560), px(150)
        left, bottom = (w - box_w) / 2, (h - box_h) / 2
        self.box = (left, left + box_w, bottom, bottom + box_h)
        self.label = view.label(
            i18n.t(
                "layout_help.deal_confirm",
                n=remaining,
                sectors=plural(remaining, "foresight.sector"),
            ),
            left + px(16),
            bottom + box_h - px(24),
            14,
            theme.TEXT,
            anchor_y="top",
            width=int(box_w - px(32)),
            multiline=True,
            batch=self.batch,
        )
        modal.open_modal(view.ui, self.paint)
        for k, (key, answer) in enumerate((("deal_yes", yes), ("deal_no", no))):
            button = view.button(
                i18n.t(f"layout_help.{key}"),
                answer,
                width=180,
                height=38,
                size=12,
                x=w / 2 - px(190) + k * px(200),
                y=bottom + px(16),
                primary=k == 0,
            )
            modal.add(view.ui, button)

    @property
    def text(self) -> str:
        return self.label.text if self.label is not None else ""

    def paint(self) -> None:
        """The panel and its text (the backdrop dims the screen under them)."""
        widgets.panel(*self.box)
        self.batch.draw()
