"""The fight screen's panels laid out from a :class:`~.presenter.FightPage`.

The table: the monster's card (its face at its colour with the ability badges on it, its health,
stats and three colours) and the stalker's card (its portrait) facing each other, the odds beside
the dice, and the round log's title. Card faces come from the window's rendered thumbnails (the
renderer of ``cards show``). The presenter decided every word; these functions only place
texts, card faces, badges, hit regions and bars in the panel boxes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arcade.shape_list import (
    Shape,
    ShapeElementList,
    create_rectangle_filled,
    create_rectangle_outline,
)
from arcade.types import Color

from stalkerzone.client.render.card_face import MONSTER_COLOUR
from stalkerzone.client.render.card_thumbs import FaceLook
from stalkerzone.client.render.shapes import BAR_BACK
from stalkerzone.client.screens.fight.ability_badges import build_badges
from stalkerzone.client.screens.fight.presenter import FightPage, MonsterPanel, Tone
from stalkerzone.client.text.card_words import t
from stalkerzone.client.widgets import text_fit, theme
from stalkerzone.client.widgets.hits import Hit
from stalkerzone.engine.core import AnyCard, Monster

if TYPE_CHECKING:
    from stalkerzone.client.screens.fight.screen import FightView

Box = tuple[float, float, float, float]  # left, right, bottom, top


def tone_colour(tone: Tone) -> Color:
    return theme.TONES[tone]


HEADER = 78  # the title and the header's buttons above the table (UI scale 1)
HEAD_HEIGHT = 88  # over each card: its side's name, health bar and attack (UI scale 1)
FOOT_HEIGHT = 96  # under each card: the monster's colours, the stalker's escape and supplies
INFO_HEIGHT = HEAD_HEIGHT + FOOT_HEIGHT
INSET = 10  # a side panel's edge to its card
ACTIONS_HEIGHT = 250  # the decision buttons and the status line
TABLE_LEAST = 192  # the dice and odds panels at their lowest: the odds' rows and two advice lines


def card_size(width: float, height: float) -> tuple[float, float]:
    """The two cards' width and height: as tall as the window allows under the header with
    their numbers below, at most about a quarter of the window's width each."""
    px = theme.px
    room = height - px(HEADER) - px(theme.MARGIN) - px(INFO_HEIGHT) - 2 * px(INSET)
    card_w = max(px(120), min(room / theme.CARD_RATIO, width * 0.28))
    return card_w, card_w * theme.CARD_RATIO


def panel_boxes(width: float, height: float) -> dict[str, Box]:
    """Where each panel sits for a window of ``width`` × ``height``: the monster's card at the
    left and the stalker's at the right, facing each other; between them the dice with the
    odds beside them, the decision buttons under them and the round log at the foot."""
    px = theme.px
    m, gap = px(theme.MARGIN), px(12)
    top = height - px(HEADER)
    col = card_size(width, height)[0] + 2 * px(INSET)
    mid_l, mid_r = m + col + m, width - 2 * m - col
    rest = top - m - px(ACTIONS_HEIGHT) - 2 * gap
    table_b = top - max(px(TABLE_LEAST), min(rest * 0.55, px(420)))
    actions_t = table_b - gap
    actions_b = actions_t - px(ACTIONS_HEIGHT)
    odds_w = max(px(230), (mid_r - mid_l) * 0.44)
    return {
        "monster": (m, m + col, m, top),
        "stalker": (width - m - col, width - m, m, top),
        "dice": (mid_l, mid_r - odds_w - gap, table_b, top),
        "odds": (mid_r - odds_w, mid_r, table_b, top),
        "actions": (mid_l, mid_r, actions_b, actions_t),
        "log": (mid_l, mid_r, m, actions_b - gap),
    }


Bar = tuple[float, float, float, float, float, Color]  # left, bottom, width, height, part, colour


def table_shapes(
    boxes: dict[str, Box], monster_edge: Color, bars: list[Bar]
) -> ShapeElementList[Shape]:
    """The panels (the monster's edged in its colour) and the odds' bars as one list of shapes,
    made once per build and drawn in one call a frame."""
    shapes: ShapeElementList[Shape] = ShapeElementList()

    def rect(lf: float, r: float, b: float, tp: float, colour: Color, edge: Color) -> None:
        cx, cy, w, h = (lf + r) / 2, (b + tp) / 2, r - lf, tp - b
        shapes.append(create_rectangle_filled(cx, cy, w, h, colour))
        shapes.append(create_rectangle_outline(cx, cy, w, h, edge, 1))

    for name, (lf, r, b, tp) in boxes.items():
        rect(lf, r, b, tp, theme.PANEL, monster_edge if name == "monster" else theme.PANEL_EDGE)
    for left, bottom, width, height, fraction, colour in bars:
        rect(left, left + width, bottom, bottom + height, BAR_BACK, theme.PANEL_EDGE)
        part = max(0.0, min(1.0, fraction))
        if part > 0:
            lf, b, tp = left, bottom, bottom + height
            shapes.append(
                create_rectangle_filled(
                    lf + width * part / 2, (b + tp) / 2, width * part, height, colour
                )
            )
    return shapes


def build_header(view: FightView, page: FightPage) -> None:
    """The event / Epicenter line, "?" and the backpack button (the title is in the round log,
    it changes while the dice roll)."""
    w, h = view.window.width, view.window.height
    px = theme.px
    if page.subtitle:
        view.label(page.subtitle, px(24), h - px(64), 12, theme.WARN)
    view.button("?", view.help, width=44, height=40, size=16, x=w - px(60), y=h - px(56), add=True)
    view.button(
        t("fight.backpack"),
        view.open_backpack,
        width=150,
        height=40,
        size=13,
        x=w - px(60) - px(160),
        y=h - px(56),
        add=True,
    )


def card_box(view: FightView, box: Box) -> Box:
    """The card's rectangle (left, right, bottom, top) in a side panel, under its head."""
    px = theme.px
    lf, _r, _b, tp = box
    w, h = card_size(view.window.width, view.window.height)
    top = tp - px(HEAD_HEIGHT)
    return lf + px(INSET), lf + px(INSET) + w, top - h, top


def build_head(
    view: FightView, side: str, box: Box, name: str, colour: Color, numbers: str, top: int
) -> None:
    """A side's head over its card, the same on both sides so the bars face each other: its
    name, its health bar with the health beside it (``side`` in ``view.health_spots``, moved
    by the round log as the dice land) and its attack and defence."""
    px = theme.px
    lf, r, _b, tp = box
    x = lf + px(theme.PAD)
    room = r - lf - 2 * px(theme.PAD)
    size = text_fit.fitting_size(name, room, 15, bold=True)
    view.label(
        text_fit.cut_to(name, room, size, bold=True), x, tp - px(26), size, colour, bold=True
    )
    bar = (x, tp - px(52), room - px(124), px(12))
    view.health_spots[side] = (r - px(theme.PAD), tp - px(52), bar, top)
    size = text_fit.fitting_size(numbers, room, 13)
    view.label(text_fit.cut_to(numbers, room, size), x, tp - px(78), size)


def build_monster(view: FightView, monster: MonsterPanel, card: Monster | None, box: Box) -> None:
    """The monster's head (colour, health, stats), its card face at its colour with its
    abilities as badges on it (ABIL-*), and at the foot the card's three colours."""
    px = theme.px
    lf, r, b, tp = box
    hue = MONSTER_COLOUR[monster.colour]
    build_head(view, "monster", box, monster.colour_name, hue, monster.stats, monster.max_health)
    view.hits.add(
        Hit(
            lf + px(theme.PAD),
            tp - px(84),
            r - px(theme.PAD),
            tp - px(62),
            "stats",
            None,
            t("kit.tip_rule", rule="DMG-2"),
        )
    )
    cl, cr, cb, ct = card_box(view, box)
    if card is not None:
        view.tiles.add(card, cl, cb, cr - cl, ct - cb, FaceLook(colour=monster.colour))
    build_badges(view, monster.abilities, cl + px(8), ct - px(42), cr - cl - px(16))
    y = cb - px(24)
    if card is not None and y - px(22) - len(monster.colours) * px(20) > b:
        build_colours(view, monster, lf, r, y)


def build_colours(view: FightView, monster: MonsterPanel, lf: float, r: float, y: float) -> None:
    """The card's three colours (health, attack, defence, trophy price), this one marked."""
    px = theme.px
    x = lf + px(theme.PAD)
    view.label(monster.colours_title, x, y, 11, theme.TEXT_DIM, bold=True)
    wide = r - lf >= px(340)
    for k, row in enumerate(monster.colours):
        yy = y - px(22) - k * px(20)
        tone = MONSTER_COLOUR[row.colour] if row.current else theme.TEXT_DIM
        view.label(row.name, x, yy, 11, tone, bold=row.current)
        line = row.line if wide else row.line_short
        room = r - px(theme.PAD) - (lf + px(118))
        size = text_fit.fitting_size(line, room, 11)
        view.label(
            text_fit.cut_to(line, room, size),
            lf + px(118),
            yy,
            size,
            theme.TEXT if row.current else theme.TEXT_DIM,
        )


def build_stalker(view: FightView, page: FightPage, card: AnyCard | None, box: Box) -> None:
    """The stalker's head (the player, health, attack and defence), its card with its portrait
    (ST-3) facing the monster's, and at the foot the escape chance (FIGHT-3) and supplies."""
    px = theme.px
    lf, r, _b, _tp = box
    st = page.stalker
    numbers = f"{st.attack}   ·   {st.defence}"
    build_head(view, "stalker", box, st.title, theme.TEXT, numbers, st.max_health)
    cl, cr, cb, ct = card_box(view, box)
    if card is not None:
        view.tiles.add(card, cl, cb, cr - cl, ct - cb)
    x = lf + px(theme.PAD)
    room = r - lf - 2 * px(theme.PAD)
    y = cb - px(12)
    esc_text = view.label(  # two lines if need be: the supplies go down with it
        st.escape,
        x,
        y,
        12,
        theme.TEXT_DIM,
        width=int(room),
        multiline=True,
        anchor_y="top",
    )
    view.hits.add(
        Hit(
            x,
            y - esc_text.content_height,
            r - px(14),
            y,
            "esc",
            None,
            t("kit.tip_rule", rule="FIGHT-3"),
        )
    )
    size = text_fit.fitting_size(st.supplies, room, 12)
    view.label(
        text_fit.cut_to(st.supplies, room, size),
        x,
        y - esc_text.content_height - px(18),
        size,
        theme.TEXT_DIM,
    )


def build_log_title(view: FightView, box: Box) -> None:
    px = theme.px
    lf, _r, _b, tp = box
    view.label(t("fight.log_title"), lf + px(14), tp - px(24), 13, bold=True)


def build_odds(view: FightView, page: FightPage, box: Box) -> None:
    """Exact odds of winning, dying and escaping under the best play, beside the dice: each a
    name and a value over a bar; at the foot the best (safest) move and, under it, the move
    that wins most when it is another (while the odds are recomputed: that they are)."""
    px = theme.px
    lf, r, b, tp = box
    odds = page.odds
    x = lf + px(theme.PAD)
    room = r - lf - 2 * px(theme.PAD)
    size = text_fit.fitting_size(odds.title, room, 14, bold=True)
    view.label(text_fit.cut_to(odds.title, room, size, bold=True), x, tp - px(26), size, bold=True)
    if odds.outcome or odds.waiting:  # the result headline, or the dice still rolling
        big = bool(odds.outcome)
        view.label(
            odds.outcome or odds.waiting,
            x,
            tp - px(44),
            18 if big else 13,
            theme.ACCENT if big else theme.TEXT_DIM,
            bold=big,
            width=int(room),
            multiline=True,
            anchor_y="top",
        )
        return
    # at the foot, bottom-up: the move that wins most (when another), over it the best move
    # (or, while the odds are recomputed, that they are); each whole, on up to two lines
    # (smaller first); the rows share what room is left
    foot = (
        (odds.win_most, 11, theme.GOOD),
        (odds.best_move, 12, theme.ACCENT),
        (odds.updating, 10, theme.TEXT_DIM),
    )
    y = b + px(10)
    for line, most, colour in foot:
        if not line:
            continue
        text, size = text_fit.fit_lines(line, room, most)
        said = view.label(
            text, x, y, size, colour, anchor_y="bottom", width=int(room) + 4, multiline=True
        )
        y += said.content_height + px(4)
    spare = tp - px(50) - px(14) - 2 * px(22) - y  # beyond the rows at their closest
    first = tp - px(50) - max(0.0, min(px(14), spare / 3))  # clear of the title if room
    row_h = max(px(22), min(px(56), (first - px(14) - y) / 2))
    for k, row in enumerate(odds.rows):
        y = first - k * row_h
        colour = tone_colour(row.tone)
        view.label(row.name, x, y, 12, theme.TEXT_DIM)
        view.label(row.value, r - px(theme.PAD), y, 14, colour, bold=True, anchor_x="right")
        view.bars.append((x, y - px(9), room, px(5), row.fraction, colour))
    view.hits.add(Hit(lf, b, r, tp, "odds", None, odds.tip))
