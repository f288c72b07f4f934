"""What changes while the dice roll: the round title, health numbers and bars, the round log.

Texts come from a :class:`~stalkerzone.client.widgets.screen_frame.TextCache`, so revealing a
step makes one or two new texts; each log line links to the rule it cites (FIGHT-*, DMG-*,
ABIL-*).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from arcade.types import Color

from stalkerzone.client.render import shapes
from stalkerzone.client.screens.fight.panels import tone_colour
from stalkerzone.client.screens.fight.presenter import log_tone
from stalkerzone.client.text.card_words import shorten, t
from stalkerzone.client.widgets import theme
from stalkerzone.client.widgets.hits import Hit
from stalkerzone.client.widgets.screen_frame import TextCache

if TYPE_CHECKING:
    from stalkerzone.client.screens.fight.screen import FightView

Bar = tuple[float, float, float, float, float, Color]  # left, bottom, width, height, part, colour
HealthSpot = tuple[float, float, tuple[float, float, float, float], int]  # text x, y; bar; max


class RoundLog:
    """The fight screen's moving parts, rebuilt after every revealed step."""

    def __init__(self) -> None:
        self.texts = TextCache()
        self.health_bars: list[Bar] = []

    def clear(self) -> None:
        self.texts.clear()
        self.health_bars = []

    def build(self, view: FightView) -> None:
        px = theme.px
        cache = self.texts
        cache.begin()
        self.health_bars = []
        fight = view.fight
        if fight is None:
            cache.end()
            return
        h = view.window.height
        round_no = view.shown_round or fight.round
        cache.get(
            ("title", round_no),
            t("fight.title_round", n=round_no),
            px(24),
            h - px(42),
            22,
            theme.ACCENT,
            bold=True,
        )
        for side, index, colour in (("monster", 1, theme.BAD), ("stalker", 0, theme.GOOD)):
            spot = view.health_spots.get(side)
            if spot is None:
                continue
            x, y, bar, top = spot
            now = view.shown_health[index]
            cache.get(
                (side, now, top),
                t("fight.health", now=now, max=top),
                x,
                y,
                13,
                theme.TEXT,
                anchor_x="right",
            )
            self.health_bars.append((*bar, now / max(1, top), colour))
        view.hits.items = [hit for hit in view.hits.items if not str(hit.key).startswith("log:")]
        lf, r, b, tp = view.panels["log"]
        line_h = px(19)
        lines = max(1, int((tp - b - px(44)) // line_h))
        chars = int((r - lf) / px(6.6))
        for k, step in enumerate(view.log[-lines:]):
            y = tp - px(48) - k * line_h
            cache.get(
                ("log", id(step)),
                shorten(step.text, chars),
                lf + px(14),
                y,
                11,
                tone_colour(log_tone(step)),
                bold=step.kind == "round",
            )
            if step.rule:
                view.hits.add(
                    Hit(
                        lf + px(8),
                        y - px(4),
                        r - px(8),
                        y + px(14),
                        f"log:{k}",
                        partial(view.win.open_rules, view, step.rule),
                        t("kit.tip_rule_click", rule=step.rule),
                    )
                )
        cache.end()

    def draw_bars(self) -> None:
        for left, bottom, width, height, fraction, colour in self.health_bars:
            shapes.bar(left, bottom, width, height, fraction, colour)

    def draw_texts(self) -> None:
        self.texts.draw()
