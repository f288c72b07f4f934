"""The monster's abilities as badges on its card (ABIL-PARALYSIS, ABIL-FIRST-STRIKE, ABIL-DRAIN,
ABIL-REGENERATION, ABIL-MULTI-ATTACK): an icon and the ability's short name on a plate in the
ability's colour, the rule's text under the mouse, a click opens the rule.

The plates and icons are shapes made once per build into one ``ShapeElementList`` (one draw
call a frame); the words are the screen's labels. An icon is a few triangles in a unit square:
a lightning bolt (paralysis), two arrowheads (first strike), a drop (drain), a cross (health
regained), three claw marks (attacks one after another).
"""

from __future__ import annotations

import math
from functools import partial
from typing import TYPE_CHECKING

from arcade.shape_list import (
    Shape,
    ShapeElementList,
    create_rectangle_filled,
    create_rectangle_outline,
    create_triangles_filled_with_colors,
)
from arcade.types import Color

from stalkerzone.client.screens.fight.presenter import AbilityLine
from stalkerzone.client.text import i18n
from stalkerzone.client.text.card_words import shorten, t
from stalkerzone.client.widgets import text_fit, theme
from stalkerzone.client.widgets.hits import Hit
from stalkerzone.content.rules_reference import load_rules_reference

if TYPE_CHECKING:
    from stalkerzone.client.screens.fight.screen import FightView

Point = tuple[float, float]
Triangle = tuple[Point, Point, Point]

PLATE_HEIGHT = 30  # a badge's height at UI scale 1
RULE_TEXT_CHARS = 260  # the rule's text in the tooltip is cut after about this many characters


def _rect(x0: float, y0: float, x1: float, y1: float) -> list[Triangle]:
    return [((x0, y0), (x1, y0), (x1, y1)), ((x0, y0), (x1, y1), (x0, y1))]


def _slash(x: float) -> list[Triangle]:
    """A claw mark leaning right, ``x`` its centre."""
    a, b, c, d = (x - 0.35, -0.9), (x - 0.1, -0.9), (x + 0.35, 0.9), (x + 0.1, 0.9)
    return [(a, b, c), (a, c, d)]


def _disc(cx: float, cy: float, r: float, sides: int = 14) -> list[Triangle]:
    out: list[Triangle] = []
    for k in range(sides):
        a0, a1 = 2 * math.pi * k / sides, 2 * math.pi * (k + 1) / sides
        out.append(
            (
                (cx, cy),
                (cx + r * math.cos(a0), cy + r * math.sin(a0)),
                (cx + r * math.cos(a1), cy + r * math.sin(a1)),
            )
        )
    return out


ICONS: dict[str, list[Triangle]] = {
    "paralysis": [
        ((0.45, 1.0), (-0.55, -0.1), (0.2, -0.1)),
        ((-0.2, 0.15), (0.55, 0.15), (-0.45, -1.0)),
    ],
    "first_strike": [
        ((-1.0, 0.8), (0.0, 0.0), (-1.0, -0.8)),
        ((0.0, 0.8), (1.0, 0.0), (0.0, -0.8)),
    ],
    "drain": [((0.0, 1.0), (-0.55, -0.15), (0.55, -0.15)), *_disc(0.0, -0.4, 0.58)],
    "regeneration": [*_rect(-0.9, -0.3, 0.9, 0.3), *_rect(-0.3, -0.9, 0.3, 0.9)],
    "multi_attack": [*_slash(-0.6), *_slash(0.0), *_slash(0.6)],
}

PLATE_COLOUR: dict[str, Color] = {
    "paralysis": theme.WARN,
    "first_strike": theme.BAD,
    "drain": theme.BAD,
    "regeneration": theme.GOOD,
    "multi_attack": theme.BAD,
}

KIND_OF_RULE: dict[str, str] = {
    "ABIL-PARALYSIS": "paralysis",
    "ABIL-FIRST-STRIKE": "first_strike",
    "ABIL-DRAIN": "drain",
    "ABIL-REGENERATION": "regeneration",
    "ABIL-MULTI-ATTACK": "multi_attack",
}


def icon_shape(kind: str, cx: float, cy: float, side: float, colour: Color) -> Shape | None:
    """The icon of an ability kind as one shape, ``side`` pixels across around (cx, cy)."""
    triangles = ICONS.get(kind)
    if not triangles:
        return None
    half = side / 2
    points = [(cx + x * half, cy + y * half) for tri in triangles for x, y in tri]
    return create_triangles_filled_with_colors(points, [colour] * len(points))


def rule_text(rule: str) -> str:
    """The rule's title and text in the language shown, cut to a tooltip's length."""
    for section in load_rules_reference(i18n.language()):
        if section.id == rule:
            return f"{section.title}: {shorten(section.text, RULE_TEXT_CHARS)}"
    return ""


def badge_tip(ability: AbilityLine) -> str:
    """What the badge says under the mouse: the ability with the card's numbers, the rule's
    own text, and that a click opens it."""
    lines = [f"{ability.rule} · {ability.text}", rule_text(ability.rule)]
    lines.append(t("kit.tip_rule_click", rule=ability.rule))
    return "\n".join(line for line in lines if line)


def build_badges(
    view: FightView, abilities: tuple[AbilityLine, ...], left: float, top: float, room: float
) -> float:
    """The badges stacked down from (left, top), none wider than ``room``; their shapes go
    into ``view.badge_shapes``. Returns the bottom of the last one."""
    px = theme.px
    h = px(PLATE_HEIGHT)
    side = px(18)
    y = top
    for ability in abilities:
        kind = KIND_OF_RULE.get(ability.rule, "")
        colour = PLATE_COLOUR.get(kind, theme.ACCENT)
        words_room = room - side - px(26)
        size = text_fit.fitting_size(ability.badge, words_room, 13, bold=True)
        word = view.label(
            text_fit.cut_to(ability.badge, words_room, size, bold=True),
            left + side + px(16),
            y - h / 2,
            size,
            theme.BG,
            bold=True,
            anchor_y="center",
        )
        width = min(room, side + px(26) + word.content_width)
        cx, cy = left + width / 2, y - h / 2
        shapes = view.badge_shapes
        shapes.append(create_rectangle_filled(cx, cy, width + px(4), h + px(4), theme.BG))
        shapes.append(create_rectangle_filled(cx, cy, width, h, colour))
        shapes.append(create_rectangle_outline(cx, cy, width, h, theme.BG, 1))
        icon = icon_shape(kind, left + px(8) + side / 2, cy, side, theme.BG)
        if icon is not None:
            shapes.append(icon)
        view.hits.add(
            Hit(
                left,
                y - h,
                left + width,
                y,
                f"abil:{ability.rule}",
                partial(view.win.open_rules, view, ability.rule),
                badge_tip(ability),
                ability.rule,
            )
        )
        y -= h + px(8)
    return y + px(8)


def new_shapes() -> ShapeElementList[Shape]:
    """An empty list for one build's badge shapes."""
    return ShapeElementList()
