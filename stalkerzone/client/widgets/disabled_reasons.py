"""Why a button is off: a button whose action the engine would refuse now is drawn disabled,
and while the mouse is over it a tooltip says why in words, with its rule by its title (F1
opens it).

Every screen's buttons go through :meth:`BaseView.button`; a button given a :class:`Why` is
disabled and registered here. Arcade keeps a disabled widget's ``hovered`` flag up to date, so
the tooltip needs no mouse tracking of its own. :func:`why_not` asks the engine: an action in
``legal_actions`` is allowed; any other is applied to the state, and the refusal (the state is
left unchanged, TURN-2) is the reason.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

import arcade
import arcade.gui

from stalkerzone.client.render import shapes
from stalkerzone.client.render.fonts import FONT
from stalkerzone.client.text import engine_text
from stalkerzone.client.text.rules_sections import rule_tip
from stalkerzone.client.widgets import theme
from stalkerzone.engine.core import CardSet, IllegalAction
from stalkerzone.engine.game import apply
from stalkerzone.engine.play import Action, GameState
from stalkerzone.engine.zone import Sector

TIP_WIDTH = 340  # the tooltip's text width (UI units)


@dataclass(frozen=True, slots=True)
class Why:
    """Why an action is not allowed now: the reason in words (no rule id) and the rule."""

    text: str
    rule: str = ""

    @classmethod
    def of(
        cls, error: IllegalAction, cards: CardSet | None = None, sectors: Collection[Sector] = ()
    ) -> Why:
        """The engine's refusal in the player's language."""
        return cls.said(engine_text.words(error, cards, sectors=sectors), error.rule)

    @classmethod
    def said(cls, text: str, rule: str = "") -> Why:
        """A reason already in words (a leading rule id is dropped), starting with a capital."""
        words = engine_text.sentence(text)
        return cls(words[:1].upper() + words[1:], rule)

    def tip(self) -> str:
        """The tooltip: the reason, then the rule by its title on a line of its own."""
        if not self.rule:
            return self.text
        return f"{self.text}\n{rule_tip(self.rule)}"


def why_not(
    state: GameState,
    legal: Collection[Action] | None,
    action: Action,
    cards: CardSet | None = None,
    sectors: Collection[Sector] = (),
) -> Why | None:
    """None when the engine would take ``action`` now, else its refusal. ``legal`` (the
    state's ``legal_actions``) answers at once; an action outside it is applied to ``state`` and
    the refusal is the reason (``apply`` never changes the state it is given)."""
    if legal is not None and action in legal:
        return None
    try:
        apply(state, action)
    except IllegalAction as error:
        return Why.of(error, cards or state.cards, sectors)
    return None


@dataclass
class DisabledReasons:
    """The disabled buttons of a screen with their reasons, and the tooltip of the hovered one."""

    items: list[tuple[arcade.gui.UIWidget, Why]] = field(default_factory=list)
    _tip: arcade.Text | None = None
    _tip_for: object = None

    def clear(self) -> None:
        self.items = []
        self._tip = None
        self._tip_for = None

    def add(self, widget: arcade.gui.UIWidget, why: Why) -> None:
        self.items.append((widget, why))

    def hovered(self) -> tuple[arcade.gui.UIWidget, Why] | None:
        """The disabled button under the mouse with its reason (None: none is)."""
        for widget, why in self.items:
            if getattr(widget, "hovered", False) and widget.visible:
                return widget, why
        return None

    def hovered_rule(self) -> str:
        """The rule of the hovered disabled button ("" if none): what F1 opens."""
        found = self.hovered()
        return found[1].rule if found is not None else ""

    def draw(self, window_width: float, window_height: float) -> None:
        """The hovered disabled button's tooltip, above it (below when there is no room)."""
        found = self.hovered()
        if found is None:
            return
        widget, why = found
        px = theme.px
        if self._tip is None or self._tip_for is not widget:
            self._tip = arcade.Text(
                why.tip(),
                0,
                0,
                theme.TEXT,
                px(12),
                width=px(TIP_WIDTH),
                multiline=True,
                font_name=FONT,
                anchor_y="top",
            )
            self._tip_for = widget
        text = self._tip
        w = min(px(TIP_WIDTH + 16), text.content_width + px(16))
        h = text.content_height + px(14)
        rect = widget.rect
        x = max(px(4), min(rect.left, window_width - w - px(4)))
        top = rect.top + px(6) + h
        if top > window_height - px(4):
            top = rect.bottom - px(6)
        shapes.panel(x, x + w, top - h, top, light=True, edge=theme.BAD)
        text.x, text.y = x + px(8), top - px(7)
        text.draw()
