"""The dice area of the fight screen: the die being rolled (or the last one, dimmed), who rolled
it and with which formula, and the banner of an ability as it acts (ABIL-PARALYSIS,
ABIL-FIRST-STRIKE, ABIL-DRAIN, ABIL-REGENERATION).

Every die is drawn as a die with the face the engine recorded (:mod:`.dice_faces`): a d6 with
its pips, other dice with the number on their shape (d4 a triangle, d8 a diamond, d10 a kite,
d12 a pentagon, d20 a hexagon), "+k to one die" as a badge on the highest die and the sum with
the modifier apart ("5 + 1 = 6") under them (DMG-4). While they tumble, each die shows random
faces of its own. A roll of an old save without recorded faces whose total does not fix them
shows the total alone.

:class:`DiceArea` owns its few ``arcade.Text`` objects and moves them instead of making new ones
every frame.
"""

from __future__ import annotations

import arcade
from arcade.types import Color

from stalkerzone.client.render.fonts import FONT
from stalkerzone.client.screens.fight.dice_animation import StepQueue
from stalkerzone.client.screens.fight.dice_faces import (
    DiceShown,
    Die,
    dice_shown,
    formula_of,
    tumbling,
)
from stalkerzone.client.screens.fight.steps import Step
from stalkerzone.client.text.card_words import t
from stalkerzone.client.widgets import text_fit, theme

FACE = Color(240, 236, 220)  # a die's face
FACE_DIM = Color(150, 148, 138)  # the last roll, shown until the next one

PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, 1), (1, -1)),
    3: ((-1, 1), (0, 0), (1, -1)),
    4: ((-1, 1), (1, 1), (-1, -1), (1, -1)),
    5: ((-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)),
    6: ((-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)),
}

Flash = tuple[str, float, Color]  # words, seconds left, colour
DIE_LARGEST = 120  # a die's side at most (UI scale 1): a large table shows large dice
CAPTION_BAND = 56  # under the dice: their sum, then who rolled (never over each other)


def _count(formula_text: str) -> int:
    """How many dice a formula rolls (0 if it is not one)."""
    formula = formula_of(formula_text)
    return formula.dice_count if formula is not None else 0


SHAPES: dict[int, tuple[tuple[float, float], ...]] = {
    4: ((0.0, 1.0), (0.95, -0.7), (-0.95, -0.7)),
    8: ((0.0, 1.0), (0.9, 0.0), (0.0, -1.0), (-0.9, 0.0)),
    10: ((0.0, 1.0), (0.9, 0.15), (0.0, -1.0), (-0.9, 0.15)),
    12: ((0.0, 1.0), (0.95, 0.31), (0.59, -0.81), (-0.59, -0.81), (-0.95, 0.31)),
    20: ((0.0, 1.0), (0.87, 0.5), (0.87, -0.5), (0.0, -1.0), (-0.87, -0.5), (-0.87, 0.5)),
}


def die_outline(sides: int, cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    """The corners of a die's shape of width ``size`` around (cx, cy); a square for d6 (and
    the rare d2, d3)."""
    half = size / 2
    shape = SHAPES.get(sides, ((-1.0, 1.0), (1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)))
    return [(cx + x * half, cy + y * half) for x, y in shape]


def draw_pips(cx: float, cy: float, size: float, face: int, colour: Color) -> None:
    """The face of a six-sided die as pips (paralysis and escape rolls are plain 1d6)."""
    step = size * 0.27
    radius = size * 0.09
    for dx, dy in PIPS[face]:
        arcade.draw_circle_filled(cx + dx * step, cy + dy * step, radius, colour)


def caption(step: Step) -> str:
    """ "Monster: 2d6" under the die."""
    if step.who == "monster":
        who = t("fight.who_monster")
    elif step.actor:  # another player's fight, watched
        who = t("fight.who_other", player=step.actor)
    else:
        who = t("fight.who_you")
    return f"{who}: {step.dice}" if step.dice else who


class DiceArea:
    """Draws the dice of the step being shown (tumbling, then as recorded) or the last roll;
    ``drawn`` is what it drew last (the dice with their faces), for tests to compare."""

    def __init__(self) -> None:
        self._die_text: arcade.Text | None = None
        self._flash_text: arcade.Text | None = None
        self._captions: dict[str, arcade.Text] = {}
        self._texts: dict[str, arcade.Text] = {}
        self._shown_for: Step | None = None
        self._shown: DiceShown | None = None
        self.drawn: DiceShown | None = None
        self.spots: list[tuple[float, float, float]] = []  # each drawn die: x, y, size

    def draw(
        self,
        box: tuple[float, float, float, float],
        queue: StepQueue,
        last_roll: Step | None,
        flash: Flash | None,
        idle: tuple[str, str] = ("", ""),
    ) -> None:
        """``idle``: the dice formula and caption shown, blank, before the first roll (the
        stalker's attack dice waiting on the table)."""
        px = theme.px
        lf, r, b, tp = box
        band = px(CAPTION_BAND)
        size = max(px(24), min(px(DIE_LARGEST), tp - b - band - px(12)))
        lowest = b + band + size / 2  # the dice's centre at the lowest
        middle = (b + tp) / 2 + px(8) - (px(14) if flash is not None else 0)  # banner above
        cx, cy = (lf + r) / 2, max(lowest, middle) - px(8)
        step: Step | None = queue.current
        face = queue.face()
        dim = False
        self.drawn, self.spots = None, []
        if face is None and last_roll is not None and last_roll.roll is not None:
            step, face, dim = last_roll, last_roll.roll, True
        if face is not None and step is not None:
            colour = theme.BAD if step.who == "monster" else theme.ACCENT
            if dim:
                colour = theme.PANEL_EDGE
            fill = FACE_DIM if dim else FACE
            if queue.rolling and queue.current is step:
                shown = tumbling(step.dice, queue.tumble_faces)
            else:
                shown = self.shown(step)
            if shown is None:
                self._draw_die(cx, cy + px(8), size, face, step, fill, colour)
            else:
                self.draw_dice(shown, cx, cy + px(8), size, r - lf - px(28), fill, colour)
                self.drawn = shown
            words = caption(step)
            if words:
                self._draw_caption(words, cx, b + px(4), colour, r - lf - px(12))
        elif face is None and idle[0]:
            blank = tumbling(idle[0], tuple(0 for _ in range(_count(idle[0]))))
            if blank is not None:
                self.draw_dice(
                    blank, cx, cy + px(8), size, r - lf - px(28), FACE_DIM, theme.PANEL_EDGE
                )
            self._draw_caption(idle[1], cx, b + px(4), theme.TEXT_DIM, r - lf - px(12))
        if flash is not None:
            words, _left, colour = flash
            self._draw_banner(words, cx, tp - px(14), colour)

    def shown(self, step: Step) -> DiceShown | None:
        """The dice of ``step`` with their faces (kept per step: drawn every frame)."""
        if self._shown_for is not step:
            self._shown_for = step
            modifier = step.modifier if step.faces else None
            self._shown = dice_shown(step.dice, step.roll, step.one_die, step.faces, modifier)
        return self._shown

    def draw_dice(
        self,
        shown: DiceShown,
        cx: float,
        cy: float,
        size: float,
        width: float,
        fill: Color,
        edge: Color,
    ) -> None:
        """Every die side by side in ``width``, the sum with its modifier under them (also the
        board's anomaly roll, ANOM-1)."""
        self.spots = []
        n = len(shown.dice)
        size = min(size, width / (n * 1.2))
        step = size * 1.2
        x0 = cx - step * (n - 1) / 2
        for k, die in enumerate(shown.dice):
            self._draw_one(k, die, x0 + k * step, cy, size, fill, edge)
            self.spots.append((x0 + k * step, cy, size))
        tone = theme.TEXT if fill == FACE else theme.TEXT_DIM  # the last roll, dimmed
        y = cy - size / 2 - theme.px(20)
        self._put("equation", shown.equation, cx, y, theme.px(15), tone)

    def _draw_one(
        self, k: int, die: Die, x: float, y: float, size: float, fill: Color, edge: Color
    ) -> None:
        if die.sides == 6:
            half = size / 2
            arcade.draw_lrbt_rectangle_filled(x - half, x + half, y - half, y + half, fill)
            arcade.draw_lrbt_rectangle_outline(x - half, x + half, y - half, y + half, edge, 4)
            if 1 <= die.face <= 6:
                draw_pips(x, y, size, die.face, theme.BG)
        else:
            points = die_outline(die.sides, x, y, size)
            arcade.draw_polygon_filled(points, fill)
            arcade.draw_polygon_outline(points, edge, 4)
            number = str(die.face) if die.face else ""  # a blank die before the first roll
            low = y - size * 0.12 if die.sides == 4 else y
            self._put(f"die{k}", number, x, low, int(size * 0.36), theme.BG, bold=True)
        if die.plus:
            bx, by = x + size * 0.5, y + size * 0.5
            arcade.draw_circle_filled(bx, by, size * 0.22, theme.ACCENT)
            self._put(f"plus{k}", f"+{die.plus}", bx, by, int(size * 0.2), theme.BG, bold=True)

    def _put(
        self,
        slot: str,
        words: str,
        x: float,
        y: float,
        size: int,
        colour: Color,
        bold: bool = False,
    ) -> None:
        """Draw ``words`` centred at (x, y) with the text kept under ``slot``."""
        if not words:
            return
        text = self._texts.get(slot)
        if text is None:
            text = arcade.Text(
                words,
                x,
                y,
                colour,
                size,
                font_name=FONT,
                bold=bold,
                anchor_x="center",
                anchor_y="center",
            )
            self._texts[slot] = text
        if text.text != words:
            text.text = words
        if text.font_size != size:
            text.font_size = size
        text.x, text.y, text.color = x, y, colour
        text.draw()

    def _draw_die(
        self, cx: float, cy: float, size: float, face: int, step: Step, fill: Color, edge: Color
    ) -> None:
        half = size / 2
        arcade.draw_lrbt_rectangle_filled(cx - half, cx + half, cy - half, cy + half, fill)
        arcade.draw_lrbt_rectangle_outline(cx - half, cx + half, cy - half, cy + half, edge, 4)
        if step.dice == "1d6" and 1 <= face <= 6:
            draw_pips(cx, cy, size, face, theme.BG)
            return
        text = self._die_text
        if text is None:
            text = arcade.Text(
                "",
                cx,
                cy,
                theme.BG,
                theme.px(40),
                font_name=FONT,
                bold=True,
                anchor_x="center",
                anchor_y="center",
            )
            self._die_text = text
        if text.font_size != int(size * 0.43):
            text.font_size = int(size * 0.43)
        text.x, text.y = cx, cy
        text.text = str(face)
        text.draw()

    def _draw_caption(self, words: str, cx: float, y: float, colour: Color, width: float) -> None:
        """The caption under the dice, smaller (then cut at a word) when it is wider than the
        panel (a watched bot's "Бросает Бот 3: 1d6+2 (+1 к кубику)" ran past both edges)."""
        text = self._captions.get(words)
        if text is None:
            size = text_fit.fitting_size(words, width, 12)
            shown = text_fit.cut_to(words, width, size)
            text = arcade.Text(
                shown, cx, y, colour, theme.px(size), font_name=FONT, anchor_x="center"
            )
            self._captions = {words: text}
        text.x, text.y, text.color = cx, y, colour
        text.draw()

    def _draw_banner(self, words: str, cx: float, y: float, colour: Color) -> None:
        px = theme.px
        text = self._flash_text
        if text is None or text.text != words:
            text = arcade.Text(
                words,
                cx,
                y,
                theme.BG,
                px(16),
                font_name=FONT,
                bold=True,
                anchor_x="center",
                anchor_y="center",
            )
            self._flash_text = text
        w = text.content_width + px(30)
        arcade.draw_lrbt_rectangle_filled(cx - w / 2, cx + w / 2, y - px(15), y + px(15), colour)
        text.x, text.y = cx, y
        text.draw()
