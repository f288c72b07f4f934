"""The common frame of the card screens: header, "?" and Back buttons, refusal line, tooltips.

:class:`ScreenFrame` is a :class:`~stalkerzone.client.app.base_view.BaseView` with a title band,
a "?" button
that opens the rules overlay at the screen's section, a Back button (to ``back`` or the screen the
game calls for), a line that shows the last refusal with a link to its rule, and tooltips for
drawn regions (:class:`~stalkerzone.client.widgets.hits.HitMap`).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, ClassVar

import arcade
import pyglet
from arcade.types import RGBOrA255

from stalkerzone.client.app.base_view import BaseView
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.render import shapes as widgets
from stalkerzone.client.render.fonts import FONT
from stalkerzone.client.text.card_words import Refusal, t
from stalkerzone.client.text.engine_text import render
from stalkerzone.client.widgets import modal, theme
from stalkerzone.client.widgets.hits import Hit, HitMap
from stalkerzone.client.widgets.still_frame import StillFrame
from stalkerzone.engine.core import IllegalAction
from stalkerzone.engine.play import Action


class ScreenFrame(BaseView):
    """Header + help + back + refusal line + hit regions and tooltips.

    A screen with ``still_cached`` draws from a :class:`StillFrame` while nothing changes: its
    scene, texts, :meth:`draw_over` and widgets are rendered again only after a rebuild, when
    :meth:`still_state` (the hovered region, the tooltip's place) changes, or when a widget asks
    to be drawn again; the overlays are drawn over it every frame.
    """

    still_cached: ClassVar[bool] = False

    def __init__(self, window: StalkerWindow, back: BaseView | None = None) -> None:
        super().__init__(window)
        self.still = StillFrame(window)
        self.builds = 0  # rebuilds so far: a new build is a new still frame
        self.back = back
        self.refusal: Refusal | None = None
        self.info = ""  # a neutral status line (what the last action did)
        self.hits = HitMap()
        self.hover: Hit | None = None
        self.mouse = (0.0, 0.0)
        self._tip_text: arcade.Text | None = None

    # frame -----------------------------------------------------------------------------------
    def rebuild(self) -> None:
        self.hits.clear()
        self.hover = None
        self._tip_text = None
        self.builds += 1
        super().rebuild()

    # drawing ---------------------------------------------------------------------------------
    def still_state(self) -> Hashable:
        """What the still frame shows besides the build: the hovered region (its outline) and,
        with a tooltip, the mouse (the tooltip follows it)."""
        hover = self.hover
        tip = hover is not None and bool(hover.tip)
        return (id(hover), self.mouse if tip else None)

    def on_draw(self) -> None:
        if not self.still_cached or modal.is_open(self.ui):
            self.still.invalidate()
            super().on_draw()
            return
        if self._stale:
            self.rebuild()
        self.still.draw(self.ui, (self.builds, self.still_state()), self.render_still)
        self.draw_on_top()

    def render_still(self) -> None:
        """What :meth:`BaseView.on_draw` draws under the overlays (onto the still frame)."""
        self.on_draw_before_ui()
        modal.draw_widgets(self.ui)

    def header(self, title: str, subtitle: str = "") -> None:
        h = self.window.height
        px = theme.px
        self.label(title, px(24), h - px(42), 22, theme.ACCENT, bold=True)
        if subtitle:
            self.label(subtitle, px(24), h - px(64), 12, theme.TEXT_DIM)
        # top right: Back, then "?" (the rules overlay at this screen's section)
        back = self.button(t("kit.back"), self.go_back, width=130, height=40, size=13)
        rules = self.button("?", self.help, width=44, height=40, size=16)
        self.anchored(
            self.hbox(back, rules),
            anchor_x="right",
            anchor_y="top",
            align_x=-px(16),
            align_y=-px(16),
        )

    def refusal_line(self, left: float, bottom: float, width: float) -> None:
        """The last refusal (red) with a "rule ›" link, or the info line (green)."""
        px = theme.px
        if self.refusal is not None:
            self.label(
                self.refusal.text(),
                left,
                bottom + px(14),
                13,
                theme.BAD,
                anchor_y="center",
                width=int(width - px(150)),
                multiline=False,
            )
            if self.refusal.rule:
                rule = self.refusal.rule
                self.button(
                    t("kit.rule_link", rule=rule),
                    lambda: self.win.open_rules(self, rule),
                    width=140,
                    height=30,
                    size=11,
                    x=left + width - px(140),
                    y=bottom,
                    add=True,
                )
        elif self.info:
            self.label(self.info, left, bottom + px(14), 13, theme.GOOD, anchor_y="center")

    def help(self) -> None:
        self.win.open_rules(self, self.rules_section)

    def go_back(self) -> None:
        if self.back is not None:
            self.window.show_view(self.back)
            return
        session = self.session
        if session is not None:
            session.show(self.win, handover=False)
        else:
            self.win.show_screen("title")

    def on_escape(self) -> None:
        self.go_back()

    # acting ----------------------------------------------------------------------------------
    def act(self, action: Action) -> bool:
        """``session.act``; a refusal is kept for the refusal line. True if it was applied."""
        session = self.session
        if session is None:
            return False
        try:
            session.act(action)
        except IllegalAction as error:
            self.refusal = Refusal.of(error, session.cards)
            self.info = ""
            return False
        self.refusal = None
        notes = getattr(session.view, "notes", ())
        self.info = render(notes[-1], session.view.cards, with_rule=False) if notes else ""
        return True

    # tooltips --------------------------------------------------------------------------------
    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        self.mouse = (x, y)
        hit = self.hits.at(x, y)
        if hit is not self.hover:
            self.hover = hit
            self._tip_text = None
            self.hover_changed()

    def hovered_rule(self) -> str:
        """A disabled button's rule, else the rule of the region under the mouse."""
        own = self.hover.rule if self.hover is not None else ""
        return super().hovered_rule() or own

    def hover_changed(self) -> None:
        """Called when the mouse enters or leaves a hit region."""

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        hit = self.hits.at(x, y)
        if hit is not None and hit.on_click is not None:
            self.win.guarded(hit.on_click)

    def draw_over(self) -> None:
        hit = self.hover
        if hit is None or not hit.tip:
            return
        px = theme.px
        if self._tip_text is None:
            self._tip_text = arcade.Text(
                hit.tip,
                0,
                0,
                theme.TEXT,
                px(12),
                width=px(340),
                multiline=True,
                font_name=FONT,
                anchor_y="top",
            )
        text = self._tip_text
        w = min(px(356), text.content_width + px(16))
        h = text.content_height + px(14)
        x, y = self.mouse
        x = min(x + px(16), self.window.width - w - px(4))
        y = max(h + px(4), y - px(12))
        widgets.panel(x, x + w, y - h, y, light=True, edge=theme.ACCENT)
        text.x, text.y = x + px(8), y - px(7)
        text.draw()


class TextCache:
    """``arcade.Text`` objects kept between refreshes and moved instead of made again.

    Making a Text costs milliseconds (pyglet lays it out); moving or hiding one is cheap. A
    screen calls :meth:`begin`, asks for every text it shows with :meth:`get` (made once per
    key), then :meth:`end`, which hides the texts not asked for; :meth:`draw` draws them.
    """

    def __init__(self) -> None:
        self.batch = pyglet.graphics.Batch()
        self.items: dict[Hashable, arcade.Text] = {}
        self.used: set[Hashable] = set()

    def clear(self) -> None:
        self.batch = pyglet.graphics.Batch()
        self.items = {}
        self.used = set()

    def begin(self) -> None:
        self.used = set()

    def get(
        self,
        key: Hashable,
        text: str,
        x: float,
        y: float,
        size: float = 12,
        colour: RGBOrA255 = theme.TEXT,
        **style: Any,
    ) -> arcade.Text:
        """The text under ``key`` at (x, y) in ``colour`` (made with ``text``/``style`` once)."""
        item = self.items.get(key)
        if item is None:
            item = arcade.Text(
                text, x, y, colour, theme.px(size), font_name=FONT, batch=self.batch, **style
            )
            self.items[key] = item
        else:
            if item.position != (x, y):
                item.position = (x, y)
            if tuple(item.color) != tuple(colour if len(colour) == 4 else (*colour, 255)):
                item.color = colour
            if not item.visible:
                item.visible = True
        self.used.add(key)
        return item

    def end(self) -> None:
        for key, item in self.items.items():
            if key not in self.used and item.visible:
                item.visible = False

    def draw(self) -> None:
        self.batch.draw()
