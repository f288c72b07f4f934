"""Card faces: a pack's art when it has some, else a face generated from the card's data.

A :class:`CardFace` belongs to a rectangle of a screen: :meth:`CardFace.build` adds its texts to
the screen's batch (``BaseView.label``) and :meth:`CardFace.draw` draws frame, art or emblem.
The generated emblem depends on the card's kind and, through a hash of its id, on the card, so
custom cards without art still look like themselves.
"""

from __future__ import annotations

import hashlib
import math
from typing import Any

import arcade
from arcade.types import Color

from stalkerzone.client.render.card_art import art_texture
from stalkerzone.client.text.card_words import (
    card_kind,
    card_name,
    card_note,
    card_summary,
    shorten,
    t,
)
from stalkerzone.client.widgets import text_fit, theme
from stalkerzone.engine.core import AnyCard, Colour, Equipment, Monster, Site

KIND_COLOUR: dict[str, Color] = theme.CARD_KIND
MONSTER_COLOUR: dict[Colour, Color] = {
    Colour.GREEN: theme.SITE_COLOUR[Site.DANGER_GREEN],
    Colour.YELLOW: theme.SITE_COLOUR[Site.DANGER_YELLOW],
    Colour.RED: theme.SITE_COLOUR[Site.DANGER_RED],
}


def _hash(card_id: str) -> int:
    return int.from_bytes(hashlib.sha1(card_id.encode()).digest()[:4], "big")


def kind_colour(card: AnyCard, colour: Colour | None = None) -> Color:
    if isinstance(card, Monster) and colour is not None:
        return MONSTER_COLOUR[colour]
    return KIND_COLOUR.get(card_kind(card), KIND_COLOUR["card"])


def _mix(a: Color, b: Color, f: float) -> Color:
    return Color(
        int(a.r + (b.r - a.r) * f), int(a.g + (b.g - a.g) * f), int(a.b + (b.b - a.b) * f), 255
    )


TEXT_BAND = 44
"""Height kept under the art of a full face for the card's own ``text``."""
SUMMARY_TOP = 58
"""Height (at UI scale 1) under the art of a full face for the summary, when it fits there."""
ART_LEAST = 0.16
"""Share of a full face's height under its name band that the art keeps for itself however
long the summary."""
NOTE_SIZE = 9.0  # a compact tile's note (UI units)
COMPACT_WRAP = 9  # a compact tile's summary too long for one line at 10 points: two lines at 9


def card_flavour(card: AnyCard) -> str:
    """The card's own ``text`` less the effects the summary line already shows."""
    return card_note(card)


class CardFace:
    """One card drawn in ``(left, bottom, width, height)``; ``compact`` = a one-line tile."""

    def __init__(
        self,
        card: AnyCard,
        left: float,
        bottom: float,
        width: float,
        height: float,
        *,
        colour: Colour | None = None,
        compact: bool = False,
        dim: bool = False,
        count: int = 1,
        note: str = "",
    ) -> None:
        self.card = card
        self.left, self.bottom, self.width, self.height = left, bottom, width, height
        self.colour = colour
        self.compact = compact or height < theme.px(120)
        self.dim = dim
        self.count = count
        self.note = note
        self.accent = kind_colour(card, colour)
        self.art = art_texture(card.art) if card.art else None
        self.art_side = self._compact_art_side() if self.compact else 0.0
        self.text_top: float = theme.px(SUMMARY_TOP)  # the summary's top (build() may raise it)
        self.text_cut = False
        """True once build() had to shorten the summary or the card's own text to fit."""
        self.text_size: float = theme.TYPE_SMALL
        """The summary's size (UI units) once build() fitted it (:meth:`fit_summary`)."""

    @property
    def top(self) -> float:
        return self.bottom + self.height

    @property
    def right(self) -> float:
        return self.left + self.width

    def _compact_art_side(self) -> float:
        """A one-line tile shows its art as a square at its left when it is wide enough."""
        side = min(self.height - theme.px(6), self.width * 0.24)  # the name keeps its room
        wide = self.width >= self.height * theme.TILE_ART_MIN_RATIO
        return side if wide and side >= theme.px(24) else 0.0

    @property
    def text_left(self) -> float:
        """Where a compact tile's texts start (right of its art)."""
        art = self.art_side + theme.px(6) if self.art_side else 0.0
        return self.left + theme.px(11) + art

    def contains(self, x: float, y: float) -> bool:
        return self.left <= x <= self.right and self.bottom <= y <= self.top

    def _note_layout(self, room: float, low: bool) -> tuple[str, float, int]:
        """A compact tile's note, its UI size and line count: on a tile tall enough, one line
        at ``NOTE_SIZE`` or two (the summary then gives way), never one line shrunk below the
        style guide's smallest size; on a low tile one line, shrunk if need be, else cut at a
        word, never inside one."""
        if not self.note:
            return "", NOTE_SIZE, 1
        if low:
            return text_fit.line_or_lines(self.note, room, NOTE_SIZE, 1)
        least = theme.TYPE_TINY / NOTE_SIZE
        return text_fit.line_or_lines(self.note, room, NOTE_SIZE, 2, least=least)

    # texts
    def build(self, view: Any) -> None:
        px = theme.px
        text_colour = theme.TEXT_DIM if self.dim else theme.TEXT
        pad = px(7)
        if self.compact:
            left = self.text_left
            room = self.right - pad - left  # texts shrink, then wrap: never cut mid-word
            low = self.height < px(56)
            tiny = self.height < px(46)
            name = card_name(self.card)
            base = 11 if self.height >= px(60) else 10
            most = 1 if tiny else 2 if low else 3  # a low tile has room for two lines
            name, size, name_lines = text_fit.line_or_lines(name, room, base, most, bold=True)
            view.label(
                name,
                left,
                self.top - pad - (px(1) if name_lines > 1 else px(11)),
                size,
                text_colour,
                bold=True,
                anchor_y="top" if name_lines > 1 else "baseline",
                width=int(room) + 2 if name_lines > 1 else None,
                multiline=name_lines > 1,
            )
            note, note_size, note_lines = self._note_layout(room, low)
            if not (low and self.note) and not tiny and name_lines == 1 and note_lines == 1:
                summary = card_summary(self.card)
                size = text_fit.fitting_size(summary, room, 10)
                two = text_fit.wrap_words(summary, room, COMPACT_WRAP)
                if size < 10 and not self.note and two.count("\n") == 1:
                    view.label(  # two legible lines rather than one shrunk or cut
                        two,
                        left,
                        self.top - pad - px(17),
                        COMPACT_WRAP,
                        theme.TEXT_DIM,
                        anchor_y="top",
                        width=int(room) + 2,
                        multiline=True,
                    )
                else:  # the style guide's smallest size at least: cut rather than smaller
                    size = max(size, theme.TYPE_TINY)
                    view.label(
                        text_fit.cut_to(summary, room, size),
                        left,
                        self.top - pad - px(27 if low else 29),
                        size,
                        theme.TEXT_DIM,
                    )
            if note:
                view.label(
                    note,
                    left,
                    self.bottom + pad,
                    note_size,
                    theme.BAD if self.dim else theme.ACCENT,
                    anchor_y="bottom" if note_lines > 1 else "baseline",
                    width=int(self.right - left) if note_lines > 1 else None,
                    multiline=note_lines > 1,
                )
            if self.count > 1:
                view.label(
                    f"×{self.count}",
                    self.right - pad,
                    self.bottom + pad,
                    13,
                    theme.ACCENT,
                    bold=True,
                    anchor_x="right",
                )
            return
        band = px(34)
        name, room = card_name(self.card), self.width - 2 * pad - px(2)
        size = max(text_fit.fitting_size(name, room, 13, bold=True), theme.TYPE_TINY)
        view.label(
            text_fit.cut_to(name, room, size, bold=True),
            self.left + pad + px(2),
            self.top - band + px(11),
            size,
            text_colour,
            bold=True,
        )
        summary = view.label(
            card_summary(self.card),
            self.left + pad + px(2),
            self.bottom + px(SUMMARY_TOP),
            11,
            theme.TEXT,
            width=int(self.width - 2 * pad),
            multiline=True,
            anchor_y="top",
        )
        self.fit_summary(summary, pad)
        flavour = card_flavour(self.card)
        if flavour:  # the card's own text, over the foot of the art (docs/cards.md ``text``)
            label = view.label(
                flavour,
                self.left + pad + px(2),
                self.bottom + self.text_top + px(TEXT_BAND + 2),
                10,
                theme.TEXT_DIM,
                width=int(self.width - 2 * pad),
                multiline=True,
                anchor_y="top",
            )
            limit = len(flavour)
            while label.content_height > px(TEXT_BAND - 6) and limit > 8:  # keep it in its band
                limit = int(limit * 0.85)
                label.text = shorten(flavour, limit)
                self.text_cut = True
        price = getattr(self.card, "price", None)
        if isinstance(self.card, Equipment) and price:
            view.label(
                t("kit.price", price=price),
                self.right - pad,
                self.bottom + pad + px(2),
                11,
                theme.ACCENT,
                anchor_x="right",
            )

    def fit_summary(self, summary: arcade.Text, pad: float) -> None:
        """Keep a long summary (an event's whole effect, a stalker's ability) inside the face at
        a readable size: the art gives up height first (down to half the face), then the text
        shrinks one point, then the art gives up more (it keeps ``ART_LEAST`` of its room),
        then the text shrinks to the style guide's smallest size (``TYPE_TINY``), then it is
        cut."""
        px = theme.px
        band = px(34) + px(10) + (px(TEXT_BAND) if card_flavour(self.card) else 0)
        half = max(px(SUMMARY_TOP), self.height * 0.5)
        most = max(half, (self.height - band) * (1 - ART_LEAST))
        steps = (
            (theme.TYPE_SMALL, half),
            (theme.TYPE_SMALL - 1, half),
            (theme.TYPE_SMALL - 1, most),
            (theme.TYPE_TINY, most),
        )
        for size, room in steps:
            summary.font_size = px(size)
            self.text_size = size
            self.text_top = min(room, max(px(SUMMARY_TOP), summary.content_height + pad))
            if summary.content_height + pad <= self.text_top:
                break
        summary.y = self.bottom + self.text_top
        text, limit = summary.text, len(summary.text)
        while summary.content_height + pad > self.text_top and limit > 8:
            limit = int(limit * 0.85)
            summary.text = shorten(text, limit)
            self.text_cut = True

    # shapes
    def draw(self) -> None:
        px = theme.px
        lf, b, r, tp = self.left, self.bottom, self.right, self.top
        back = _mix(theme.BG, self.accent, 0.18 if not self.dim else 0.06)
        arcade.draw_lrbt_rectangle_filled(lf, r, b, tp, back)
        if self.compact:
            arcade.draw_lrbt_rectangle_filled(lf, lf + px(5), b, tp, self.accent)
            if self.art_side:
                side = self.art_side
                low = b + (self.height - side) / 2  # centred in the tile's height
                self._draw_art(lf + px(8), lf + px(8) + side, low, low + side)
        else:
            band = px(34)
            arcade.draw_lrbt_rectangle_filled(
                lf, r, tp - band, tp, _mix(theme.BG, self.accent, 0.55)
            )
            art_top, art_bottom = tp - band - px(4), b + self.text_top + px(6)
            if card_flavour(self.card):
                art_bottom += px(TEXT_BAND)
            if art_top - art_bottom > px(20):
                self._draw_art(lf + px(6), r - px(6), art_bottom, art_top)
        edge = theme.BAD if (self.dim and self.note) else self.accent
        arcade.draw_lrbt_rectangle_outline(lf, r, b, tp, edge, 2 if not self.dim else 1)
        if self.dim:
            arcade.draw_lrbt_rectangle_filled(lf, r, b, tp, (0, 0, 0, 90))

    def _draw_art(self, lf: float, r: float, b: float, t: float) -> None:
        if self.art is not None:
            tex = self.art
            scale = min((r - lf) / tex.width, (t - b) / tex.height)
            w, h = tex.width * scale, tex.height * scale
            cx, cy = (lf + r) / 2, (b + t) / 2
            arcade.draw_texture_rect(tex, arcade.XYWH(cx, cy, w, h))
            return
        self._emblem(lf, r, b, t)

    def _emblem(self, lf: float, r: float, b: float, t: float) -> None:
        """A generated picture: a field tinted by the card id and the kind's emblem."""
        seed = _hash(self.card.id)
        accent = self.accent
        arcade.draw_lrbt_rectangle_filled(lf, r, b, t, _mix(theme.BG, accent, 0.28))
        cx, cy = (lf + r) / 2, (b + t) / 2
        size = min(r - lf, t - b) * 0.42
        # rings seeded by the card id: custom cards look distinct without art
        for k in range(3):
            radius = size * (0.55 + 0.25 * k) + (seed >> (k * 3)) % 7
            sides = 6 if (seed >> k) & 1 else 8
            rot = (seed % 60) + k * 15
            points = [
                (
                    cx + radius * math.cos(math.radians(rot + 360 * i / sides)),
                    cy + radius * math.sin(math.radians(rot + 360 * i / sides)),
                )
                for i in range(sides)
            ]
            arcade.draw_polygon_outline(points, _mix(theme.BG, accent, 0.45 + 0.15 * k), 1)
        kind = card_kind(self.card)
        light = _mix(accent, Color(255, 255, 255), 0.35)
        s = size * 0.55
        if kind in ("weapon", "mod"):
            arcade.draw_circle_outline(cx, cy, s, light, 3)
            arcade.draw_line(cx - s * 1.4, cy, cx + s * 1.4, cy, light, 2)
            arcade.draw_line(cx, cy - s * 1.4, cx, cy + s * 1.4, light, 2)
            arcade.draw_circle_filled(cx, cy, s * 0.18, light)
        elif kind in ("head", "body"):
            shield = [
                (cx - s, cy + s),
                (cx + s, cy + s),
                (cx + s, cy),
                (cx, cy - s * 1.2),
                (cx - s, cy),
            ]
            arcade.draw_polygon_filled(shield, _mix(accent, theme.BG, 0.2))
            arcade.draw_polygon_outline(shield, light, 3)
        elif kind == "navigation":
            arcade.draw_circle_outline(cx, cy, s, light, 3)
            arcade.draw_triangle_filled(cx, cy + s * 0.9, cx - s * 0.3, cy, cx + s * 0.3, cy, light)
            arcade.draw_triangle_filled(
                cx, cy - s * 0.9, cx - s * 0.3, cy, cx + s * 0.3, cy, _mix(accent, theme.BG, 0.3)
            )
        elif kind == "grenade":
            arcade.draw_circle_filled(cx, cy - s * 0.15, s * 0.8, _mix(accent, theme.BG, 0.2))
            arcade.draw_circle_outline(cx, cy - s * 0.15, s * 0.8, light, 3)
            arcade.draw_lrbt_rectangle_filled(
                cx - s * 0.25, cx + s * 0.25, cy + s * 0.6, cy + s * 0.95, light
            )
        elif kind == "stimulator":
            w = s * 0.35
            arcade.draw_lrbt_rectangle_filled(cx - w, cx + w, cy - s, cy + s, light)
            arcade.draw_lrbt_rectangle_filled(cx - s, cx + s, cy - w, cy + w, light)
        elif kind == "artifact":
            spikes = 5 + seed % 4
            points = []
            for i in range(spikes * 2):
                rad = s if i % 2 == 0 else s * 0.45
                ang = math.radians(90 + 180 * i / spikes)
                points.append((cx + rad * math.cos(ang), cy + rad * math.sin(ang)))
            arcade.draw_polygon_filled(points, light)
        elif kind == "monster":
            for k in (-1, 0, 1):
                x = cx + k * s * 0.55
                arcade.draw_triangle_filled(
                    x - s * 0.18, cy + s, x + s * 0.18, cy + s, x + k * s * 0.15, cy - s, light
                )
            arcade.draw_circle_filled(cx - s * 0.5, cy + s * 0.2, s * 0.12, theme.BG)
            arcade.draw_circle_filled(cx + s * 0.5, cy + s * 0.2, s * 0.12, theme.BG)
        else:
            arcade.draw_circle_filled(cx, cy, s * 0.7, light)
