"""The new-game screen's stalker picker (ST-3): every character as its card (portrait, name,
bonus) with its starting health and money; a click gives it to the seat choosing (a seat that
had it takes the chooser's, ST-3). Each seat's row shows its stalker's portrait; clicking it makes
that seat the one choosing (ringed in amber)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import arcade
import arcade.gui

from stalkerzone.client.render.card_art import art_texture
from stalkerzone.client.render.card_thumbs import FaceLook
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import text_fit, theme
from stalkerzone.engine.core import StalkerCard, Variant

if TYPE_CHECKING:
    from stalkerzone.client.app.base_view import BaseView

FULL_FACE_MIN = 200
"""Height (at UI scale 1) the picker needs to show whole cards; below it, one-line tiles."""
Box = tuple[float, float, float, float]  # left, bottom, right, top


def start_numbers(card: StalkerCard, variant: Variant) -> tuple[str, str]:
    """Health and money the character starts with (ST-2, ST-3), as two short lines."""
    health = card.max_health if card.max_health is not None else variant.start_health
    cash = card.start_money if card.start_money is not None else variant.start_money
    return i18n.t("picker.health", health=health), i18n.t("picker.cash", cash=cash)


@dataclass(frozen=True, slots=True)
class Mark:
    """A ring drawn behind a card or portrait: the seat's colour, amber for the chooser."""

    box: Box
    colour: arcade.types.Color


class StalkerPicker:
    """Which seat chooses, and the portraits and cards of the screen's last build."""

    def __init__(self) -> None:
        self.seat = 0
        self.marks: list[Mark] = []
        self.cards: dict[str, Box] = {}  # stalker id -> where its card is

    def start(self) -> None:
        """A new build: forget the last one's places."""
        self.marks = []
        self.cards = {}

    def seat_portrait(
        self,
        view: BaseView,
        index: int,
        card: StalkerCard | None,
        x: float,
        y: float,
        size: float,
        on_pick: Callable[[int], None],
    ) -> None:
        """Seat ``index``'s stalker portrait at (x, y); a click makes the seat the chooser."""
        texture = art_texture(card.art) if card is not None and card.art else None
        if texture is None:
            return
        colour = theme.ACCENT if index == self.seat else theme.PANEL_EDGE
        pad = theme.px(3 if index == self.seat else 1)
        self.marks.append(Mark((x - pad, y - pad, x + size + pad, y + size + pad), colour))
        button = arcade.gui.UITextureButton(
            x=x, y=y, width=size, height=size, texture=texture, texture_hovered=texture
        )
        _on_click(view, button, partial(on_pick, index))
        view.ui.add(button)

    def build(
        self,
        view: BaseView,
        box: Box,
        seats: Sequence[Sequence[Any]],
        stalkers: Sequence[StalkerCard],
        variant: Variant,
        on_choose: Callable[[int, str], None],
    ) -> None:
        """The title ("Anna: pick a stalker") and every character's card in ``box``."""
        px = theme.px
        left, bottom, right, top = box
        if not stalkers or not seats or top - bottom < px(60):
            return
        self.seat = min(self.seat, len(seats) - 1)
        title = i18n.t("picker.title", name=seats[self.seat][0])
        size = text_fit.fitting_size(title, right - left, theme.TYPE_SECTION, bold=True)
        view.label(text_fit.cut_to(title, right - left, size, bold=True), left, top - px(16), size)
        top -= px(42)  # room for the seats' marks over the cards
        owners = {seat[2]: k for k, seat in enumerate(seats)}
        gap = px(theme.GAP)
        full = len(stalkers) <= 6 and top - bottom >= px(FULL_FACE_MIN)
        cols = len(stalkers) if full else min(3, len(stalkers))
        w = (right - left - (cols - 1) * gap) / cols
        foot = px(40)  # the numbers under a whole card
        if full:
            h = min(top - bottom - foot, w * 3.2)  # as tall as the panel allows
        else:
            h = min(px(64), (top - bottom - gap * 2) / max(1, math.ceil(len(stalkers) / cols)))
        rows = max(1, int((top - bottom + gap) // (h + (foot if full else gap))))
        thumbnails = view.app.thumbnails()
        for k, card in enumerate(stalkers[: rows * cols]):
            r, c = divmod(k, cols)
            x = left + c * (w + gap)
            y = top - (r + 1) * h - r * (foot if full else gap)
            numbers = start_numbers(card, variant)
            look = FaceLook() if full else FaceLook(compact=True, note=" · ".join(numbers))
            texture = thumbnails.texture(card, w, h, look)
            owner = owners.get(card.id)
            if owner is not None:
                chooser = owner == self.seat
                colour = theme.ACCENT if chooser else seat_colour(owner)
                pad = px(4 if chooser else 2)
                self.marks.append(Mark((x - pad, y - pad, x + w + pad, y + h + pad), colour))
                mark = f"● {owner + 1}"
                view.label(
                    mark,
                    x + w,
                    y + h + px(6),
                    theme.TYPE_SMALL,
                    colour,
                    bold=True,
                    anchor_x="right",
                )
            self.cards[card.id] = (x, y, x + w, y + h)
            button = arcade.gui.UITextureButton(
                x=round(x),
                y=round(y),
                width=texture.width,
                height=texture.height,
                texture=texture,
                texture_hovered=texture,
            )
            _on_click(view, button, partial(on_choose, self.seat, card.id))
            view.ui.add(button)
            if full:
                room = w - px(4)
                for line, words in enumerate(numbers):
                    size = text_fit.fitting_size(words, room, theme.TYPE_SMALL)
                    words = text_fit.cut_to(words, room, size)
                    view.label(words, x + px(2), y - px(18) - line * px(16), size, theme.TEXT_DIM)

    def draw(self) -> None:
        """The rings behind the chooser's and the taken cards (under the UI's card pictures)."""
        for mark in self.marks:
            lf, b, r, t = mark.box
            arcade.draw_lrbt_rectangle_filled(lf, r, b, t, mark.colour)


def seat_colour(index: int) -> arcade.types.Color:
    return theme.PLAYER_COLOURS[index % len(theme.PLAYER_COLOURS)]


def _on_click(view: BaseView, button: arcade.gui.UITextureButton, act: Callable[[], None]) -> None:
    @button.event("on_click")
    def _clicked(_event: arcade.gui.UIOnClickEvent) -> None:
        view.win.guarded(act)
