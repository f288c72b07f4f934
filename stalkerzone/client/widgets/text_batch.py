"""Texts as every screen writes them: Liberation Sans (it carries Cyrillic) at the UI scale,
drawn in a batch. :class:`TextBatch` makes a screen's texts (``BaseView.label``) and is what a
card face's ``build`` needs of a view, for the thumbnails and ``cards show`` alike."""

from __future__ import annotations

import arcade
import pyglet

from stalkerzone.client.render.fonts import FONT
from stalkerzone.client.widgets import theme


class TextBatch:
    """Texts made by :meth:`label` into one batch, kept in :attr:`texts`."""

    def __init__(self) -> None:
        self.batch = pyglet.graphics.Batch()
        self.texts: list[arcade.Text] = []

    def label(
        self,
        text: str,
        x: float,
        y: float,
        size: float = 14,
        colour: arcade.types.RGBOrA255 = theme.TEXT,
        *,
        bold: bool = False,
        anchor_x: str = "left",
        anchor_y: str = "baseline",
        width: int | None = None,
        multiline: bool = False,
        batch: pyglet.graphics.Batch | None = None,
    ) -> arcade.Text:
        """An ``arcade.Text`` in the game's font, ``size`` points at the UI scale, drawn with
        this batch (or ``batch``)."""
        item = arcade.Text(
            text,
            x,
            y,
            colour,
            theme.px(size),
            width=width,
            font_name=FONT,
            bold=bold,
            anchor_x=anchor_x,
            anchor_y=anchor_y,
            multiline=multiline,
            batch=batch if batch is not None else self.batch,
        )
        self.texts.append(item)
        return item

    def draw(self) -> None:
        self.batch.draw()
