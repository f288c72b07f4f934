""" "What would the bot do?" (H or the button) on the board, at a base and in a fight: the bot's
choice for the asking seat, highlighted on screen (the hex, the shop row, the fight button),
with its reason in words and the next two alternatives (``stalkerzone.bots.explain``). Its
only figures are the table's: an order's reward as its row shows it, a fight decision's odds as
its button shows them, the guardian's odds as the board's hover over the Epicenter shows them
(WIN-1, FIGHT-4), never a bot's score or its own estimate.

:func:`bot_hint` reads only ``player_view(state, seat)`` (TURN-3): two states that differ only
in what the seat cannot see give the same hint. The search runs on the session's worker, off
the frame loop; :class:`HintOverlay` shows "thinking…" until it is done.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import arcade

from stalkerzone.client.render import shapes
from stalkerzone.client.render.fonts import FONT
from stalkerzone.client.text import i18n
from stalkerzone.client.text.card_words import site_name
from stalkerzone.client.text.engine_text import is_card_param
from stalkerzone.client.widgets import theme
from stalkerzone.client.widgets.overlays import Overlay
from stalkerzone.engine.core import Params, Site
from stalkerzone.engine.game import player_view
from stalkerzone.engine.play import (
    Action,
    Activate,
    Buy,
    DeliverOrder,
    DiscardArmour,
    EndTurn,
    FightDecision,
    GameState,
    GiveUpOrder,
    Heal,
    Move,
    Sell,
    Stash,
    TakeOrder,
    card_id,
)

if TYPE_CHECKING:
    from stalkerzone.bots.explain import Explanation
    from stalkerzone.client.app.base_view import BaseView

Box = tuple[float, float, float, float]  # left, right, bottom, top
Locate = Callable[[Action], list[tuple[float, float]] | None]
"""Where a screen shows an action: the outline's points in window pixels (None: not shown)."""

SHOWN_ALTERNATIVES = 2
PERCENT_PARAMS = frozenset({"win", "death", "escape"})  # a fight's exact chances in percent
EPICENTER_REASONS = frozenset({"epicenter", "arm"})
EPICENTER_PLANS = frozenset(
    {"plan_heal", "plan_buy", "plan_epicenter", "plan_epicenter_later", "plan_wait"}
)
"""The reasons and plans about the guardian's fight: the hint adds its exact odds (as the
board's hover over the Epicenter shows them)."""
WIDTH = 460  # the hint box's width (UI units)


@dataclass(frozen=True, slots=True)
class Hint:
    """The bot's choice in words, why, and the next alternatives (each with its value)."""

    choice: Action
    what: str
    reason: str
    alternatives: tuple[str, ...]

    def lines(self) -> list[str]:
        out = [i18n.t("aids.hint_choice", what=self.what), self.reason]
        if self.alternatives:
            out.append(i18n.t("aids.hint_else", options="; ".join(self.alternatives)))
        return out


def _card(state: GameState, cid: str) -> str:
    base = card_id(cid) if "#" in cid else cid
    if base not in state.cards:
        return cid
    return i18n.card_text(state.cards.get(base).name)


def action_words(action: Action, state: GameState) -> str:
    """An action as the hint says it ("buy Medkit", "move to the Village", "attack")."""
    if isinstance(action, Move):
        tile = state.zone_map.hexes.get(action.to)
        site = tile.site if tile is not None else None
        if isinstance(site, Site):
            return i18n.t("aids.do_move_site", site=site_name(site))
        return i18n.t("aids.do_move")
    if isinstance(action, FightDecision):
        words = i18n.t(f"aids.do_fight_{action.action}")
        if action.stimulator:
            words = i18n.t("aids.do_with", what=words, card=_card(state, action.stimulator))
        return words
    card_actions: dict[type, str] = {
        Buy: "aids.do_buy",
        Sell: "aids.do_sell",
        TakeOrder: "aids.do_take",
        DeliverOrder: "aids.do_deliver",
        GiveUpOrder: "aids.do_give_up",
        Activate: "aids.do_activate",
        Stash: "aids.do_stash",
        DiscardArmour: "aids.do_lose_armour",
    }
    key = card_actions.get(type(action))
    if key is not None:
        return i18n.t(key, card=_card(state, str(getattr(action, "card", ""))))
    if isinstance(action, Heal):
        return i18n.t("aids.do_heal", n=action.points)
    if isinstance(action, EndTurn):
        return i18n.t("aids.do_end_turn")
    return i18n.t("aids.do_other")


def _param(state: GameState, name: str, value: object) -> object:
    if is_card_param(name) and isinstance(value, str):
        card = _card(state, value)  # quoted in Russian: a name keeps its case after a verb
        return f"«{card}»" if i18n.language() == "ru" else card
    if name == "goal" and isinstance(value, str):
        if value in {s.value for s in Site}:
            return site_name(Site(value))
        return i18n.t(f"aids.goal_{value.replace(' ', '_')}")
    if name == "action" and isinstance(value, str):
        return i18n.t(f"aids.do_fight_{value}")
    if name == "base" and isinstance(value, str) and value in {s.value for s in Site}:
        return site_name(Site(value))
    if name in PERCENT_PARAMS and isinstance(value, int | float | str):
        return i18n.percent(float(value) / 100)  # one rounding for every chance (">99.9%")
    return value


def fight_odds_words(params: Params) -> str:
    """A fight decision's exact odds as the line under its button on the fight screen."""
    from stalkerzone.client.screens.fight.presenter import odds_line
    from stalkerzone.odds import Odds

    chances = {name: float(value) / 100 for name, value in params if name in PERCENT_PARAMS}
    return odds_line(Odds(chances["win"], chances["death"], chances["escape"], 0.0))


def guardian_words(state: GameState, seat: int) -> str | None:
    """WIN-1, FIGHT-4: ``seat``'s exact odds against the guardian now, with the best play and
    the loot in the Epicenter picked up first, in the words and figures of the board's hover
    over the Epicenter (None: the guardian is not known, or ``state`` is a fight)."""
    from stalkerzone.client.screens.board.known_fights import fight_odds, guardian_fight

    if state.fight is not None:
        return None
    fight = guardian_fight(state, seat, state.zone_map.epicenter)
    if fight is None:
        return None
    odds = fight_odds(fight)
    chances = i18n.t("known_fight.odds", win=i18n.percent(odds.win), death=i18n.percent(odds.death))
    return i18n.t("aids.hint_guardian", odds=chances)


def about_guardian(explanation: Explanation) -> bool:
    """Is the bot's reason or plan about the guardian's fight?"""
    return explanation.key in EPICENTER_REASONS or explanation.plan_key in EPICENTER_PLANS


def reason_words(explanation: Explanation, state: GameState, guardian: str | None = None) -> str:
    """The bot's reason and its plan in the player's language, cards and places by name, a
    fight decision's odds as its button shows them, and ``guardian`` (the guardian's odds, from
    :func:`guardian_words`) after a reason or a plan about the Epicenter."""
    from stalkerzone.bots.explain import REASONS

    which = 1 if i18n.language() == "ru" else 0
    parts = []
    for key, params in (
        (explanation.key, explanation.params),
        (explanation.plan_key, explanation.plan_params),
    ):
        words = {name: _param(state, name, value) for name, value in params}
        if key == "fight":
            parts.append(
                i18n.t("aids.hint_fight", action=words["action"], odds=fight_odds_words(params))
            )
        else:
            parts.append(REASONS[key][which].format(**words))
    if guardian is not None and about_guardian(explanation):
        parts.append(guardian)
    text = "; ".join(parts)
    return text[:1].upper() + text[1:]


def bot_hint(state: GameState, seat: int, level: str = "hard") -> Hint | None:
    """What the bot would do in ``seat``'s place, from that seat's view only (None when it is
    not that seat's decision or the game is over). The bots are imported here, when a hint is
    first asked for: the board opens without them."""
    from stalkerzone.bots.explain import explain
    from stalkerzone.bots.players import BotError

    if state.is_terminal or state.current_player != seat:
        return None
    seen = player_view(state, seat)
    try:
        found = explain(seen, seat, level)
    except BotError:
        return None
    others = []
    for alternative in found.alternatives[:SHOWN_ALTERNATIVES]:
        what = action_words(alternative.action, seen)
        if found.key == "fight":  # FIGHT-2: a decision's odds, as its button shows them
            value = fight_odds_words(alternative.params)
            others.append(i18n.t("aids.hint_option", what=what, value=value))
        else:  # a bot's score means nothing to a player: the alternatives in order, in words
            others.append(what)
    guardian = guardian_words(seen, seat) if about_guardian(found) else None
    reason = reason_words(found, seen, guardian)
    return Hint(found.choice, action_words(found.choice, seen), reason, tuple(others))


class HintOverlay(Overlay):
    """H or the button: the hint box and the highlight of the bot's choice on ``view``.

    ``locate`` finds the choice on the screen; ``anchor`` gives the box's bottom left corner
    where it stands unless it would cover the outlined choice (then :func:`place_box` finds it
    a clear place inside ``area``: the window unless given); ``button_at`` (if given) where the
    screen wants its "Bot hint (H)" button (None: none).
    """

    def __init__(
        self,
        view: BaseView,
        locate: Locate,
        anchor: Callable[[], tuple[float, float]],
        button_at: Callable[[], tuple[float, float, float] | None] | None = None,
        area: Callable[[], Box] | None = None,
    ) -> None:
        self.view = view
        self.locate = locate
        self.anchor = anchor
        self.button_at = button_at
        self.area = area
        self.asked: tuple[int, int] | None = None  # (state version, seat) asked for
        self.texts: list[arcade.Text] = []
        self.shown: object = None  # what the texts were made for
        self.outline: list[tuple[float, float]] | None = None  # the choice outlined now

    # --- asking -------------------------------------------------------------------------------
    def seat(self) -> int | None:
        """The asking seat: a human whose decision it is now (None: nobody may ask)."""
        session = self.view.session
        if session is None or session.state.phase in ("over", "layout") or session.is_bot():
            return None
        if self.view.app.watching:
            return None
        return session.state.current_player

    def build(self) -> None:
        self.texts = []
        self.shown = None
        place = self.button_at() if self.button_at is not None else None
        asking = getattr(self.view, "question", None) is not None  # its buttons only
        if place is None or self.seat() is None or asking:
            return
        x, y, width = place
        self.view.button(
            i18n.t("aids.hint_button"),
            self.toggle,
            width=width,
            height=30,
            size=12,
            x=x,
            y=y,
            add=True,
        )

    def key(self, symbol: int) -> bool:
        if symbol != arcade.key.H:
            return False
        self.toggle()
        return True

    def showing(self) -> bool:
        return self.asked is not None

    def escape(self) -> bool:
        if self.asked is None:
            return False
        self.asked = None
        return True

    def toggle(self) -> None:
        """Ask for the hint of the state now, or put it away."""
        session = self.view.session
        seat = self.seat()
        if self.asked is not None or session is None or seat is None:
            self.asked = None
            return
        self.asked = (session.version, seat)
        state = session.state
        session.worker.submit(("hint", *self.asked), lambda: bot_hint(state, seat))

    def current(self) -> tuple[bool, Hint | None]:
        """(done, hint) for the state shown; a hint asked for an older state is put away."""
        session = self.view.session
        if self.asked is None or session is None:
            return False, None
        if self.asked[0] != session.version:
            self.asked = None
            return False, None
        key = ("hint", *self.asked)
        if not session.worker.ready(key):
            return False, None
        found: Hint | None = session.worker.result(key)  # bot_hint says None when it cannot
        return True, found

    # --- drawing ------------------------------------------------------------------------------
    def draw(self) -> None:
        if self.asked is None:
            return
        done, hint = self.current()
        if self.asked is None:
            return
        self.outline = None
        if not done:
            lines = [i18n.t("aids.hint_thinking")]
        elif hint is None:
            lines = [i18n.t("aids.hint_none")]
        else:
            lines = hint.lines()
            self.outline = self.locate(hint.choice) or None
            if self.outline:
                self.draw_outline(self.outline)
        if self.shown != lines:
            self.make_texts(lines)
        self.draw_box()

    def draw_outline(self, points: list[tuple[float, float]]) -> None:
        width = theme.px(4)
        for k, (ax, ay) in enumerate(points):
            bx, by = points[(k + 1) % len(points)]
            arcade.draw_line(ax, ay, bx, by, theme.PATH, width)

    def make_texts(self, lines: list[str]) -> None:
        px = theme.px
        self.texts = []
        for k, line in enumerate(lines):
            self.texts.append(
                arcade.Text(
                    line,
                    0,
                    0,
                    theme.ACCENT if k == 0 else theme.TEXT,
                    px(13 if k == 0 else 12),
                    width=px(WIDTH) - px(20),
                    multiline=True,
                    font_name=FONT,
                    bold=k == 0,
                    anchor_y="top",
                )
            )
        self.shown = lines

    def box(self) -> Box:
        """Where the box stands: at its anchor, or clear of the outlined choice."""
        px = theme.px
        height = sum(t.content_height + px(4) for t in self.texts) + px(16)
        window = self.view.window
        margin = px(8)
        area: Box = (margin, window.width - margin, margin, window.height - margin)
        if self.area is not None:
            area = self.area()
        target = outline_bounds(self.outline, px(4)) if self.outline else None
        return place_box(px(WIDTH), height, self.anchor(), area, target, px(8))

    def draw_box(self) -> None:
        px = theme.px
        left, right, bottom, top = self.box()
        shapes.panel(left, right, bottom, top, light=True, edge=theme.PATH)
        y = top - px(8)
        for text in self.texts:
            text.x, text.y = left + px(10), y
            text.draw()
            y -= text.content_height + px(4)


def outline_bounds(points: list[tuple[float, float]], line: float) -> Box:
    """The box an outline covers, its line's width included."""
    xs, ys = [x for x, _y in points], [y for _x, y in points]
    return min(xs) - line, max(xs) + line, min(ys) - line, max(ys) + line


def overlap(a: Box, b: Box) -> float:
    """The area two boxes share (0: apart or touching)."""
    across = min(a[1], b[1]) - max(a[0], b[0])
    up = min(a[3], b[3]) - max(a[2], b[2])
    return across * up if across > 0 and up > 0 else 0.0


def place_box(
    width: float,
    height: float,
    anchor: tuple[float, float],
    area: Box,
    target: Box | None,
    gap: float,
) -> Box:
    """The hint box: at ``anchor`` (its bottom left corner) unless it would cover ``target``
    (the outlined choice); then, of the places inside ``area`` that leave the target clear
    (below or above it, beside it, the anchor mirrored across the area), the nearest to the
    anchor; with none clear, the place that covers the least of it."""
    ax, ay = anchor
    left, right, bottom, top = area
    first = (ax, ax + width, ay, ay + height)
    if target is None or not overlap(first, target):
        return first
    mx, my = left + right - ax - width, bottom + top - ay - height
    corners = [(mx, ay), (mx, my), (ax, my)]
    for x in (ax, mx):
        corners += [(x, target[3] + gap), (x, target[2] - gap - height)]
    corners += [(target[1] + gap, ay), (target[0] - gap - width, ay)]
    boxes = [(x, x + width, y, y + height) for x, y in corners]
    inside = [b for b in boxes if left <= b[0] and b[1] <= right and bottom <= b[2] and b[3] <= top]
    clear = [b for b in inside if not overlap(b, target)]
    if clear:
        return min(clear, key=lambda b: math.hypot(b[0] - ax, b[2] - ay))
    return min([first, *inside], key=lambda b: overlap(b, target))


def rect_outline(left: float, right: float, bottom: float, top: float) -> list[tuple[float, float]]:
    """A rectangle's corners, a little outside it (the highlight does not cover it)."""
    pad = theme.px(4)
    return [
        (left - pad, bottom - pad),
        (right + pad, bottom - pad),
        (right + pad, top + pad),
        (left - pad, top + pad),
    ]


def button_outline(view: object, text: str) -> list[tuple[float, float]] | None:
    """The highlight of ``view``'s button whose text starts with ``text``."""
    import arcade.gui

    ui = getattr(view, "ui", None)
    if ui is None or not text:
        return None
    for widget in ui.walk_widgets():
        if isinstance(widget, arcade.gui.UIFlatButton) and widget.text.startswith(text):
            r = widget.rect
            return rect_outline(r.left, r.right, r.bottom, r.top)
    return None
