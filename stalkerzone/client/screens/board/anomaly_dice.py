"""The anomaly roll on the board (ANOM-1), drawn as dice like the fight's rolls (DMG-4).

When a stalker steps on an anomaly, a strip at the top of the map shows the 1d6 of the anomaly
table with its pips and, for damage, the damage dice with the faces the engine recorded and
their sum ("3 + 5 = 8"), with what the roll did under them; it stays a few seconds (a click or
Space does not wait for it: the board goes on underneath). :func:`anomaly_roll` reads the note
(pure); :class:`AnomalyDice` follows the session's new notes and draws.
"""

from __future__ import annotations

import arcade

from stalkerzone.client.render import shapes
from stalkerzone.client.render.fonts import FONT
from stalkerzone.client.screens.fight.dice_area import FACE, DiceArea
from stalkerzone.client.screens.fight.dice_faces import DiceShown, dice_shown
from stalkerzone.client.sound.note_feed import HasRecord, NoteFeed
from stalkerzone.client.text import engine_text, i18n
from stalkerzone.client.widgets import theme
from stalkerzone.engine.core import CardSet

SHOW_SECONDS = 3.5
ANOMALY_KEYS = ("anomaly_damage", "anomaly_element", "anomaly_artifact", "anomaly_nothing")


def anomaly_roll(note: object) -> tuple[DiceShown, DiceShown | None] | None:
    """The anomaly's 1d6 and, for damage, the damage dice of an ANOM-1 note (None for any
    other note, and for a note read from a save: it has no key)."""
    if getattr(note, "key", "") not in ANOMALY_KEYS:
        return None
    params = dict(getattr(note, "params", ()))
    face = params.get("face")
    if not isinstance(face, int):
        return None
    table = dice_shown("1d6", face, faces=(face,))
    if table is None:
        return None
    formula, faces_text = params.get("damage_dice"), params.get("damage_faces")
    damage: DiceShown | None = None
    if isinstance(formula, str) and isinstance(faces_text, str) and faces_text:
        try:
            faces = tuple(int(f) for f in faces_text.split(","))
        except ValueError:
            faces = ()
        if faces:
            damage = dice_shown(formula, 0, faces=faces)
    return table, damage


class AnomalyDice:
    """The board's strip for the last anomaly roll; ``shown`` is what it shows now."""

    def __init__(self, session: HasRecord | None = None) -> None:
        self.feed = NoteFeed()
        self.feed.take(session)  # what happened before the board opened is not shown again
        self.shown: tuple[DiceShown, DiceShown | None] | None = None
        self.words = ""
        self.left = 0.0
        self.seen_by: object = None  # the seat at the screen when the roll came
        self.table_dice = DiceArea()
        self.damage_dice = DiceArea()
        self._texts: dict[str, arcade.Text] = {}

    @property
    def active(self) -> bool:
        return self.shown is not None and self.left > 0

    def update(
        self, session: HasRecord | None, dt: float, cards: CardSet | None, speed: float = 1.0
    ) -> None:
        """Pick up a new anomaly roll; count its time down."""
        for action in self.feed.take(session):
            for note in action.notes:
                rolled = anomaly_roll(note)
                if rolled is not None:
                    self.shown, self.left = rolled, SHOW_SECONDS
                    self.seen_by = getattr(session, "viewer", None)
                    self.words = engine_text.render(note, cards, with_rule=False)
        if self.left > 0:
            self.left -= dt * max(0.25, speed)

    def hand_over(self, viewer: object) -> None:
        """The board shown to another seat (after a hand-over page): the roll was the turn
        before's (a bot's), so it goes (TURN-3)."""
        if viewer != self.seen_by:
            self.left = 0.0

    def draw(self, map_left: float, map_right: float, map_top: float) -> None:
        """The strip, centred at the top of the map area."""
        if not self.active or self.shown is None:
            return
        px = theme.px
        table, damage = self.shown
        width = px(420) if damage is not None else px(240)
        cx = (map_left + map_right) / 2
        lf, r = cx - width / 2, cx + width / 2
        tp = map_top - px(10)
        b = tp - px(184)
        arcade.draw_lrbt_rectangle_filled(lf, r, b, tp, theme.BG)  # the map never shows through
        shapes.panel(lf, r, b, tp, edge=theme.ACCENT)
        self._put("title", i18n.t("dice.anomaly_roll"), cx, tp - px(16), 13, theme.ACCENT)
        size = px(56)
        y = tp - px(90)
        if damage is None:
            self.table_dice.draw_dice(table, cx, y, size, width - px(40), FACE, theme.ACCENT)
        else:
            left_x, right_x = lf + px(80), cx + px(60)
            self.table_dice.draw_dice(table, left_x, y, size, px(120), FACE, theme.ACCENT)
            self.damage_dice.draw_dice(damage, right_x, y, size, px(220), FACE, theme.BAD)
            self._put("damage", i18n.t("dice.anomaly_damage"), right_x, tp - px(42), 11)
        self._put("words", self.words, cx, b + px(16), 11, theme.TEXT_DIM, width - px(20))

    def _put(
        self,
        slot: str,
        words: str,
        x: float,
        y: float,
        size: int,
        colour: arcade.types.Color = theme.TEXT,
        width: float = 0.0,
    ) -> None:
        text = self._texts.get(slot)
        if text is None:
            text = arcade.Text(
                words, x, y, colour, theme.px(size), font_name=FONT, anchor_x="center"
            )
            text.anchor_y = "center"
            self._texts[slot] = text
        if text.text != words:
            text.text = words
        while width and text.content_width > width and text.font_size > 7:
            text.font_size -= 1  # a long line in Russian still fits the strip
        text.x, text.y, text.color = x, y, colour
        text.draw()
