"""The end of a fight over everything (TROPHY-1, TROPHY-3, FIGHT-5, FIGHT-6, DEATH-1): the
outcome, what it brought, and Continue. The words come from :func:`.fight_result.results`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pyglet

from stalkerzone.client.render import shapes
from stalkerzone.client.screens.fight.fight_result import FightResult
from stalkerzone.client.screens.fight.panels import tone_colour
from stalkerzone.client.text.card_words import t
from stalkerzone.client.widgets import modal, theme

if TYPE_CHECKING:
    from stalkerzone.client.screens.fight.screen import FightView

Box = tuple[float, float, float, float]


class ResultBox:
    """The result panel: its texts in their own batch, a modal dialog over the dimmed screen
    (nothing under it reacts: :mod:`~stalkerzone.client.widgets.modal`)."""

    def __init__(self, result: FightResult) -> None:
        self.result = result
        self.batch = pyglet.graphics.Batch()
        self.box: Box = (0.0, 0.0, 0.0, 0.0)

    def build(self, view: FightView) -> None:
        px = theme.px
        w, h = view.window.width, view.window.height
        self.batch = pyglet.graphics.Batch()
        low = min(h / 2 - px(180), view.panels.get("log", (0, 0, px(16), 0))[2])
        # over the foot of the table (the log and the buttons gone with the fight): the cards
        # and the last dice stay in sight above it
        self.box = (w / 2 - px(330), w / 2 + px(330), low, low + px(350))
        lf, r, b, tp = self.box
        result = self.result
        view.label(
            result.title,
            w / 2,
            tp - px(56),
            28,
            tone_colour(result.tone),
            bold=True,
            anchor_x="center",
            batch=self.batch,
        )
        y = tp - px(96)
        for line in result.lines[:8]:
            text = view.label(
                line,
                lf + px(34),
                y,
                13,
                theme.TEXT,
                anchor_y="top",
                width=int(r - lf - px(68)),
                multiline=True,
                batch=self.batch,
            )
            y -= text.content_height + px(10)
        modal.open_modal(view.ui, self.paint)
        button = view.button(
            t("fight.continue"),
            view.finish,
            width=220,
            height=44,
            primary=True,
            x=w / 2 - px(110),
            y=b + px(22),
        )
        modal.add(view.ui, button)

    def paint(self) -> None:
        """The panel and its texts (the backdrop dims the fight under them)."""
        shapes.panel(*self.box, light=True, edge=tone_colour(self.result.tone))
        self.batch.draw()
