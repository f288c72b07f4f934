"""The rows of a base's lists (BASE-2, BASE-3, ORDER-1): the card's face at the left (its art,
name and numbers, from :class:`CardTiles`), the row's headline, detail and change, its buttons."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from stalkerzone.client.render.card_thumbs import FaceLook
from stalkerzone.client.screens.bases.presenter import CardRow, RowAction
from stalkerzone.client.widgets import text_fit, theme
from stalkerzone.client.widgets.disabled_reasons import Why
from stalkerzone.client.widgets.hits import Hit
from stalkerzone.engine.core import AnyCard, Colour

if TYPE_CHECKING:
    from stalkerzone.client.screens.bases.screen import BaseScreen


def row(
    screen: BaseScreen,
    card: AnyCard,
    y: float,
    left: float,
    right: float,
    *,
    colour: Colour | None = None,
    key: str = "",
    tip: str = "",
) -> tuple[float, float]:
    """A card tile at the left of a row; returns the row's (bottom, top)."""
    px = theme.px
    h = px(theme.TILE_HEIGHT)
    screen.tiles.add(card, left, y - h, screen.tile_w, h, FaceLook(colour=colour, compact=True))
    screen.row_boxes.append((left, right, y - h - px(3), y + px(3)))
    if key:
        screen.hits.add(Hit(left, y - h, right - px(140), y, key, None, tip))
    return y - h, y


def row_button(
    screen: BaseScreen, action: RowAction, right: float, bottom: float, sold_out: bool = False
) -> None:
    """A row's action button (buy, sell, deliver, take) at its right end; amber when the
    engine would take it, else off with its refusal under the mouse; off on a sold-out row."""
    px = theme.px
    screen.button(
        action.label,
        partial(screen.do, action.action),
        width=120,
        height=38,
        size=13,
        x=right - px(124),
        y=bottom + px(10),
        add=True,
        primary=action.primary and not screen.read_only and not sold_out,
        enabled=not screen.read_only and not sold_out,
        why=Why.said(action.reason, action.rule) if action.reason and not sold_out else None,
    )


def card_rows(
    screen: BaseScreen, rows: list[CardRow], top: float, left: float, right: float
) -> float:
    """Rows of cards from ``top`` down: tile, headline, detail (and change), button."""
    px = theme.px
    y = top
    for item in rows:
        b, _ = row(
            screen, item.card, y, left, right, colour=item.colour, key=item.key, tip=item.tip
        )
        x = left + screen.tile_w + px(14)
        big = item.key.startswith(("buy:", "sell:"))
        room = right - px(256 if item.second else 132) - x  # up to the row's button(s)
        size = text_fit.fitting_size(item.headline, room, 15 if big else 12, bold=big)
        screen.label(
            text_fit.cut_to(item.headline, room, size, bold=big),
            x,
            b + px(34),
            size,
            theme.TONES[item.tone],
            bold=big,
        )
        size = text_fit.fitting_size(item.detail, room, 11 if big else 12)
        detail = text_fit.cut_to(item.detail, room, size)
        screen.label(detail, x, b + px(12), size, theme.TONES[item.detail_tone])
        if item.change:
            screen.previews[item.key] = item.change
            screen.label(
                item.change,
                x + px(120),
                b + px(29),
                12,
                theme.TEXT,
                width=int(right - x - px(250)),
                multiline=True,
                anchor_y="center",
            )
        row_button(screen, item.action, right, b, item.sold_out)
        if item.sold_out:
            screen.greyed.append(screen.row_boxes[-1])
        if item.second is not None:
            row_button(screen, item.second, right - px(124), b)
            if item.second_tip and not item.second.reason:
                box = (right - px(248), b + px(10), right - px(128), b + px(48))
                screen.hits.add(Hit(*box, f"tip:{item.second.action}", None, item.second_tip))
        y -= px(theme.ROW)
    return y
