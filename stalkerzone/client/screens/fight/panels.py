"""The fight screen's panels laid out from a :class:`~.presenter.FightPage`.

The monster card (its face, colour, stats, ability badges linked to their rules, the three
colours), the stalker side, the odds and the round log's title. The presenter decided every
word; these functions only place texts, hit regions and bars in the panel boxes.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from arcade.types import Color

from stalkerzone.client.render.card_face import MONSTER_COLOUR, CardFace
from stalkerzone.client.screens.fight.presenter import FightPage, MonsterPanel, Tone
from stalkerzone.client.text.card_words import t
from stalkerzone.client.widgets import theme
from stalkerzone.client.widgets.hits import Hit
from stalkerzone.engine.core import Monster

if TYPE_CHECKING:
    from stalkerzone.client.screens.fight.screen import FightView

Box = tuple[float, float, float, float]  # left, right, bottom, top

TONES: dict[Tone, Color] = {
    "text": theme.TEXT,
    "dim": theme.TEXT_DIM,
    "accent": theme.ACCENT,
    "good": theme.GOOD,
    "bad": theme.BAD,
    "warn": theme.WARN,
}


def tone_colour(tone: Tone) -> Color:
    return TONES[tone]


def panel_boxes(width: float, height: float) -> dict[str, Box]:
    """Where each panel sits for a window of ``width`` × ``height``."""
    px = theme.px
    col = min(px(380), int(width * 0.27))
    top = height - px(78)
    w = width
    return {
        "monster": (px(16), px(16) + col, px(16), top),
        "stalker": (w - px(16) - col, w - px(16), top - px(250), top),
        "log": (w - px(16) - col, w - px(16), px(16), top - px(262)),
        "odds": (px(32) + col, w - px(32) - col, top - px(170), top),
        "dice": (px(32) + col, w - px(32) - col, px(16) + px(262), top - px(182)),
        "actions": (px(32) + col, w - px(32) - col, px(16), px(16) + px(250)),
    }


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


def build_monster(view: FightView, monster: MonsterPanel, card: Monster | None, box: Box) -> None:
    """The monster's card face, colour, health spot, stats and abilities (ABIL-*)."""
    px = theme.px
    lf, r, b, tp = box
    card_h = min(px(300), (tp - b) * 0.45)
    view.face = None
    if card is not None:
        view.face = CardFace(
            card, lf + px(12), tp - px(12) - card_h, r - lf - px(24), card_h, colour=monster.colour
        )
        view.face.build(view)
    y = tp - px(22) - card_h
    view.label(
        monster.colour_name, lf + px(14), y - px(12), 13, MONSTER_COLOUR[monster.colour], bold=True
    )
    view.health_spots["monster"] = (
        r - px(14),
        y - px(12),
        (lf + px(14), y - px(34), r - lf - px(28), px(12)),
        monster.max_health,
    )
    view.label(monster.stats, lf + px(14), y - px(58), 13)
    view.hits.add(
        Hit(
            lf + px(14),
            y - px(64),
            r - px(14),
            y - px(44),
            "stats",
            None,
            t("kit.tip_rule", rule="DMG-2"),
        )
    )
    y -= px(82)
    if not monster.abilities:
        view.label(monster.no_abilities, lf + px(14), y, 12, theme.TEXT_DIM)
        y -= px(30)
    for ability in monster.abilities:
        mark = view.label(ability.badge + "  ?", lf + px(21), y, 12, theme.BG, bold=True)
        bw = mark.content_width + px(14)
        view.badge_rects.append((lf + px(14), y - px(6), lf + px(14) + bw, y + px(18)))
        said = view.label(
            ability.text,
            lf + px(14),
            y - px(12),
            11,
            theme.TEXT,
            width=int(r - lf - px(28)),
            multiline=True,
            anchor_y="top",
        )
        view.hits.add(
            Hit(
                lf + px(14),
                y - px(6),
                lf + px(14) + bw,
                y + px(18),
                f"abil:{ability.rule}",
                partial(view.win.open_rules, view, ability.rule),
                t("kit.tip_rule_click", rule=ability.rule),
            )
        )
        y -= max(px(70), px(12) + said.content_height + px(16))  # a long one wraps further
    if card is not None and y > b + px(110):
        build_colours(view, monster, lf, r, y)


def build_colours(view: FightView, monster: MonsterPanel, lf: float, r: float, y: float) -> None:
    """The card's three colours (health, attack, defence, trophy price), this one marked."""
    px = theme.px
    view.label(monster.colours_title, lf + px(14), y, 11, theme.TEXT_DIM, bold=True)
    wide = r - lf >= px(340)
    for k, row in enumerate(monster.colours):
        yy = y - px(22) - k * px(20)
        tone = MONSTER_COLOUR[row.colour] if row.current else theme.TEXT_DIM
        view.label(row.name, lf + px(14), yy, 11, tone, bold=row.current)
        line = row.line if wide else row.line_short
        view.label(line, lf + px(118), yy, 11, theme.TEXT if row.current else theme.TEXT_DIM)


def build_stalker(view: FightView, page: FightPage, box: Box) -> None:
    """The stalker's name, health spot, attack, defence, escape chance (FIGHT-3), supplies."""
    px = theme.px
    lf, r, _b, tp = box
    st = page.stalker
    x = lf + px(14)
    view.label(st.title, x, tp - px(28), 15, bold=True)
    view.health_spots["stalker"] = (
        r - px(14),
        tp - px(52),
        (x, tp - px(72), r - lf - px(28), px(12)),
        st.max_health,
    )
    view.label(st.attack, x, tp - px(100), 13)
    view.label(st.defence, x, tp - px(124), 13)
    esc_text = view.label(  # its top where one line's top was: a second line goes down
        st.escape,
        x,
        tp - px(134),
        12,
        theme.TEXT_DIM,
        width=int(r - x - px(10)),
        multiline=True,
        anchor_y="top",
    )
    extra = max(0, esc_text.content_height - px(18))
    view.label(st.supplies, x, tp - px(172) - extra, 12, theme.TEXT_DIM)
    view.hits.add(
        Hit(
            x,
            tp - px(156),
            r - px(14),
            tp - px(136),
            "esc",
            None,
            t("kit.tip_rule", rule="FIGHT-3"),
        )
    )


def build_log_title(view: FightView, box: Box) -> None:
    px = theme.px
    lf, _r, _b, tp = box
    view.label(t("fight.log_title"), lf + px(14), tp - px(24), 13, bold=True)


def build_odds(view: FightView, page: FightPage, box: Box) -> None:
    """Exact odds of winning, dying and escaping under the best play, with bars."""
    px = theme.px
    lf, r, b, tp = box
    odds = page.odds
    x = lf + px(14)
    view.label(odds.title, x, tp - px(26), 14, bold=True)
    if odds.outcome:
        view.label(odds.outcome, x, tp - px(62), 18, theme.ACCENT, bold=True)
        return
    if odds.waiting:
        view.label(odds.waiting, x, tp - px(62), 13, theme.TEXT_DIM)
        return
    if odds.updating:
        view.label(odds.updating, r - px(14), tp - px(26), 11, theme.TEXT_DIM, anchor_x="right")
    width = r - lf - px(28)
    for k, row in enumerate(odds.rows):
        y = tp - px(56) - k * px(28)
        colour = tone_colour(row.tone)
        view.label(row.name, x, y, 12, theme.TEXT_DIM)
        view.label(row.value, r - px(14), y, 14, colour, bold=True, anchor_x="right")
        view.bars.append((x + px(90), y - px(2), width - px(170), px(10), row.fraction, colour))
    if odds.best_move:
        view.label(odds.best_move, x, b + px(12), 12, theme.ACCENT)
    view.hits.add(Hit(lf, b, r, tp, "odds", None, odds.tip))
