"""The lesson drawn over whichever screen is shown: a small panel with the step's words and
"F1: <rule>", and a bright outline around what to click (a hex or a slot on the map, a sector of
the tray, a button). It only draws: every click still goes to the screen under it.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import arcade
import arcade.gui

from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.render.fonts import FONT
from stalkerzone.client.render.zone_layer import HEX
from stalkerzone.client.text import i18n
from stalkerzone.client.tutorial.goals import END_TURN, Target
from stalkerzone.client.widgets import text_fit, theme
from stalkerzone.engine.play import PlaceSector
from stalkerzone.engine.zone import Hex, slot_centre

if TYPE_CHECKING:
    from stalkerzone.client.app.base_view import BaseView
    from stalkerzone.client.tutorial.controller import CurrentStep

GLOW = (70, 225, 255, 255)  # the lesson's colour: no other mark on the board is cyan
PANEL_W = 470  # UI units, over a map; elsewhere the panel takes the screen's right column
TEXT_SIZE = 13
PANEL_LINES = 6  # the step's words fit in this many lines at the smallest size
SCREEN_WORDS = {("tutorial.fight", "fight"): "tutorial.fight_odds"}  # (step, screen): words
END_TURN_WORDS = "tutorial.end_turn"  # when the target is End turn: the move is used
SPENT_AT_BASE_WORDS = "tutorial.spent_at_base"  # at a base whose trading used the move
Box = tuple[float, float, float, float]  # left, right, bottom, top


def rule_title(rule: str) -> str:
    """The rule's title in the player's language (what F1 opens; no rule id on screen)."""
    from stalkerzone.content.rules_reference import load_rules_reference

    for section in load_rules_reference(i18n.language()):
        if section.id == rule:
            return section.title
    return rule


def step_words(step: CurrentStep, screen: str = "board") -> tuple[str, str]:
    """(header, body) of a step on ``screen``: "Learn to play · step 6 of 10: Win a fight" (what
    the learner does) and its words (the bot's turn, a card to take away and a spent move say
    so: a move used, by walking or trading, TURN-2, sends the learner to End turn and names
    the step left for the next turn, never "click the lit hex")."""
    title = i18n.t(step.title)
    head = i18n.t("tutorial.header", n=step.number, total=step.total, title=title)
    body = i18n.t(SCREEN_WORDS.get((step.text, screen), step.text))
    target = step.target
    if target is not None and target.kind in ("wait", "continue"):
        body = i18n.t(f"tutorial.{target.kind}")
    elif target is not None and target.move_used:
        body = i18n.t(SPENT_AT_BASE_WORDS, title=title)
    elif target is not None and target.buttons == END_TURN:  # the step waits for the next turn
        body = i18n.t(END_TURN_WORDS, title=title)
    return head, body


def rule_words(step: CurrentStep | None) -> str:
    """The panel's foot: "F1 opens the rule: Your action in a round" (its title in the
    player's language; "" once the lesson is over)."""
    return "" if step is None else i18n.t("tutorial.rule", rule=rule_title(step.rule))


def fit_body(
    body: str, width: float, size: float = TEXT_SIZE, *, bold: bool = False
) -> tuple[str, float]:
    """The step's words broken at spaces to ``width`` pixels, set smaller only when they would
    take more than :data:`PANEL_LINES` lines (never cut)."""
    smallest = size * text_fit.SMALLEST
    while True:
        text = text_fit.wrap_words(body, width, size, bold=bold)
        if text.count("\n") < PANEL_LINES or size <= smallest:
            return text, size
        size = max(smallest, size - 0.5)


def button_widget(view: BaseView, ref: object) -> arcade.gui.UIWidget | None:
    """The shown button a target names (see :class:`Target`), if the screen shows it."""
    if isinstance(ref, str) and ref.startswith("tab:"):
        key: object = ref[4:]
    elif isinstance(ref, str):
        key = i18n.t(ref)
    else:
        key = ref
    widget = view.buttons.get(key)
    shown = {w for layer in view.ui.children for w in view.ui.walk_widgets(layer=layer)}
    if widget is None or widget not in shown:  # a dialog's buttons sit on a layer of their own
        return None
    return widget


def first_button(view: BaseView, target: Target) -> arcade.gui.UIWidget | None:
    for ref in target.buttons:
        widget = button_widget(view, ref)
        if widget is not None:
            return widget
    return None


def hex_on_screen(view: Any, h: Hex) -> tuple[float, float, float] | None:
    """Window position and on-screen size of a hex of a map screen (None: not a map)."""
    camera = getattr(view, "camera", None)
    if camera is None or not hasattr(camera, "to_screen"):
        return None
    x, y = camera.to_screen(*hexgeom.world(h.q, h.r, HEX))
    return x, y, HEX * camera.zoom


def tray_box(view: Any, placement: PlaceSector) -> Box | None:
    """The tray tile of the sector and face to lay (the layout screen's tray)."""
    for sector, face, box in getattr(view, "tray_boxes", ()):
        if sector == placement.sector and face == placement.face:
            return tuple(box)
    return None


def target_box(
    view: BaseView, target: Target
) -> tuple[str, Box | tuple[float, float, float]] | None:
    """Where the target is drawn: ("rect", box) or ("hex", (x, y, size)) or ("slot", …)."""
    if target.kind == "button":
        widget = first_button(view, target)
        if widget is None:
            return None
        r = widget.rect
        return "rect", (r.left, r.right, r.bottom, r.top)
    if target.kind == "card" and target.card is not None:  # a tile of the stalker card
        for hit in getattr(getattr(view, "hits", None), "items", ()):
            if hit.key == ("card", target.card, "slot") or hit.key == ("card", target.card, "pack"):
                return "rect", (hit.left, hit.right, hit.bottom, hit.top)
        return None
    if target.kind in ("hex", "look") and target.hex is not None and view.kind == "board":
        spot = hex_on_screen(view, target.hex)
        return ("hex", spot) if spot is not None else None
    if target.kind == "slot" and target.placement is not None and view.kind == "layout":
        p = target.placement
        if getattr(view, "selected", None) != p.sector or getattr(view, "face", "") != p.face:
            box = tray_box(view, p)
            return ("rect", box) if box is not None else None
        spot = hex_on_screen(view, slot_centre(p.slot))
        if spot is None:
            return None
        x, y, size = spot
        return "slot", (x, y, size * 4.9)  # round the sector's 19 hexes, corners included
    return None


Place = tuple[float, float, float, bool]
"""Left, an edge and the width of the panel, and whether that edge is its bottom."""


def panel_places(screen: str, w: float, h: float) -> tuple[Place, ...]:
    """Where the panel may sit on ``screen``, best first, each hiding nothing a step needs there:
    on the board over the map's bottom left (or right), above the status lines (the top holds the
    goal panel and an anomaly roll's dice); on the layout in the tray's column under the lesson's
    one sector (else over the map's top or bottom right of the tray); at a base over the foot (or
    the head) of the list, never over the stalker's side; in a fight at the foot of the monster's
    column, under its stats (the round log, the odds, the dice and the buttons stay clear); on the
    stalker card over the lowest slot rows, left of the character's card (the weapon row and the
    backpack stay clear). :meth:`LessonOverlay.draw` takes the first that does not cover the
    target."""
    px = theme.px
    if screen == "board":
        from stalkerzone.client.screens.board.hud import HUD_W

        width = min(px(PANEL_W), w * 0.42)
        right = w - px(HUD_W) - px(16)
        return (px(16), px(96), width, True), (right - width, px(96), width, True)
    if screen == "layout":  # the tray's column under the lesson's one sector, else the map's
        from stalkerzone.client.screens.layout.screen import TRAY_W

        width = min(px(PANEL_W), w * 0.42)
        tray: Place = (px(10), h - px(190), px(TRAY_W) - px(20), False)
        return tray, (px(356), h - px(70), width, False), (px(356), px(96), width, True)
    if screen == "base":  # the list is (16, 0.70 w − 8) wide, from 64 to h − 132
        width = int(w * 0.70) - px(8) - px(40)  # the list's width: no row half hidden
        return (px(28), px(72), width, True), (px(28), h - px(176), width, False)
    if screen == "fight":  # the monster's column is min(380, 0.27 w) wide
        column = min(px(380), int(w * 0.27))
        return ((px(22), px(22), column - px(12), True),)
    if screen == "stalker":  # the 2nd and 3rd slot columns under the top row are empty (the
        slots = int(w * 0.62) - px(8) - px(30) - px(14)  # lower rows hold the first only)
        tile = (slots - 3 * px(8)) / 4
        beside = (px(30) + tile + px(8), h - px(296), 2 * tile + px(8), False)
        return beside, (px(30), px(72), 3 * tile + 2 * px(8), True)
    return ((w * 0.72, px(330), w * 0.28 - px(16), False),)


def done_place(w: float, h: float) -> Place:
    """Where "Learn to play · done" sits on the board: over the foot of the side panel's turn
    log, above the Undo button (the map, its legend, the goal panel and the stalker's figures
    stay clear)."""
    from stalkerzone.client.screens.board.hud import HUD_W

    px = theme.px
    return (w - px(HUD_W) + px(8), px(64), px(HUD_W) - px(16), True)


def panel_place(screen: str, w: float, h: float) -> Place:
    """The first place of :func:`panel_places` (where the panel sits when nothing is lit)."""
    return panel_places(screen, w, h)[0]


def overlaps(a: Box, b: Box) -> bool:
    """Whether two (left, right, bottom, top) boxes share any area."""
    return a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]


def target_rect(view: BaseView, target: Target | None) -> Box | None:
    """The window box the target's outline takes (None: not drawn on this screen)."""
    where = None if target is None else target_box(view, target)
    if where is None:
        return None
    kind, box = where
    if kind == "rect":
        return box  # type: ignore[return-value]
    x, y, size = box[0], box[1], box[2]
    grow = size * 1.8 if kind == "hex" else size  # the hex's pulsing ring reaches 1.8 sizes
    return x - grow, x + grow, y - grow, y + grow


@dataclass
class LessonOverlay:
    """Draws the current step over the shown screen (texts kept between frames)."""

    _texts: dict[tuple[str, float, int, bool], arcade.Text] = field(default_factory=dict)
    shown_box: Box = (0.0, 0.0, 0.0, 0.0)

    def text(self, text: str, size: float, width: int, bold: bool = False) -> arcade.Text:
        key = (text, size, width, bold)
        found = self._texts.get(key)
        if found is None:
            if len(self._texts) > 64:
                self._texts.clear()
            found = arcade.Text(
                text,
                0,
                0,
                theme.TEXT,
                theme.px(size),
                width=width,
                font_name=FONT,
                bold=bold,
                multiline=True,
                anchor_y="top",
            )
            self._texts[key] = found
        return found

    def draw(self, view: BaseView, step: CurrentStep | None, finished_words: str = "") -> None:
        view.window.default_camera.use()
        px = theme.px
        w, h = view.window.width, view.window.height
        places = panel_places(view.kind, w, h)
        if step is None:  # closed by a click on it or Esc (LessonSession.click_overlay)
            head, body = i18n.t("tutorial.done_header"), finished_words
            places, foot = (done_place(w, h),), i18n.t("tutorial.done_close")
        else:
            head, body = step_words(step, view.kind)
            foot = rule_words(step)
        if not body:
            return
        target = step.target if step is not None else None
        if target is not None:
            self.draw_target(view, target)
        lit = target_rect(view, target)
        for left, edge, width, from_bottom in places:
            inner = int(width - px(24))
            text, size = fit_body(body, inner)
            head_lines, head_size = fit_body(head, inner, 11, bold=True)
            foot_lines, foot_size = fit_body(foot, inner, 10)
            head_text = self.text(head_lines, head_size, inner, True)
            body_text = self.text(text, size, inner)
            foot_text = self.text(foot_lines, foot_size, inner) if foot_lines else None
            foot_h = foot_text.content_height + px(6) if foot_text is not None else 0.0
            height = head_text.content_height + body_text.content_height + foot_h + px(30)
            top = edge + height if from_bottom else edge
            box = (left, left + width, top - height, top)
            if lit is None or not overlaps(box, lit):
                break
        left, right, bottom, top = self.shown_box = box
        arcade.draw_lrbt_rectangle_filled(left, right, bottom, top, (14, 20, 24, 255))
        arcade.draw_lrbt_rectangle_outline(left, right, bottom, top, GLOW, 2)
        head_text.position = (left + px(12), top - px(10))
        head_text.color = GLOW
        head_text.draw()
        body_text.position = (left + px(12), top - px(18) - head_text.content_height)
        body_text.draw()
        if foot_text is not None:
            foot_text.position = (left + px(12), bottom + px(8) + foot_text.content_height)
            foot_text.color = theme.TEXT_DIM
            foot_text.draw()

    def draw_target(self, view: BaseView, target: Target) -> None:
        where = target_box(view, target)
        if where is None:
            return
        pulse = 0.5 + 0.5 * math.sin(time.perf_counter() * 5.0)
        width = theme.px(3) + theme.px(2) * pulse
        kind, box = where
        if kind == "rect":
            left, right, bottom, top = box  # type: ignore[misc]
            pad = theme.px(4)
            arcade.draw_lrbt_rectangle_outline(
                left - pad, right + pad, bottom - pad, top + pad, GLOW, width
            )
            return
        x, y, size = box[0], box[1], box[2]
        if kind == "slot":  # a sector's place: a ring around its middle hex
            arcade.draw_circle_outline(x, y, size, GLOW, width)
            return
        arcade.draw_polygon_outline(hexgeom.corners(x, y, size), GLOW, width)
        arcade.draw_circle_outline(x, y, size * (1.5 + 0.3 * pulse), GLOW, theme.px(2))
