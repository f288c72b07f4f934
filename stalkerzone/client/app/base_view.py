"""The :class:`BaseView` pattern every screen follows (see the package docstring)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, ClassVar, TypeVar

import arcade
import arcade.gui
import pyglet
from arcade.types import Color, RGBANormalized, RGBOrA255
from pyglet import gl

from stalkerzone.client.app.context import AppContext
from stalkerzone.client.render.fonts import FONT
from stalkerzone.client.widgets import modal, text_fit, theme
from stalkerzone.client.widgets.disabled_reasons import DisabledReasons, Why
from stalkerzone.client.widgets.overlays import Overlay
from stalkerzone.client.widgets.text_batch import TextBatch
from stalkerzone.client.widgets.text_field import TextField
from stalkerzone.client.widgets.tips import TipsOverlay
from stalkerzone.client.widgets.widget_actions import WidgetActions

if TYPE_CHECKING:
    from stalkerzone.client.app.window import StalkerWindow
    from stalkerzone.client.controller.session import GameSession

Widget = TypeVar("Widget", bound=arcade.gui.UIWidget)
MODIFIER_LOCKS = arcade.key.MOD_CAPSLOCK | arcade.key.MOD_NUMLOCK | arcade.key.MOD_SCROLLLOCK


class BaseView(arcade.gui.UIView):
    """A screen: an ``arcade.gui.UIView`` (its ``UIManager`` is enabled while shown and drawn
    last) with texts in one batch and hotkeys shared by all screens.

    Subclasses set ``kind`` and ``rules_section`` and override :meth:`build` (make widgets and
    ``arcade.Text`` objects for the current window size; called on show, resize, language
    change) and :meth:`draw_scene` (draw shapes/sprites; never ``draw_text``). A screen reaches
    the game through :attr:`session`; one that follows the game's state while shown overrides
    :meth:`follows` and :meth:`state_changed`.
    """

    kind: ClassVar[str] = "screen"
    busy: bool = False  # True while an animation runs: bots wait for it
    rules_section: ClassVar[str] = ""  # where F1 opens the rules overlay (a rule id prefix)

    def __init__(self, window: StalkerWindow) -> None:
        # UIView.__init__ finds the window itself; this one is given, so the view and its
        # UIManager are bound to it explicitly (what UIView.__init__ does otherwise).
        arcade.View.__init__(self, window)
        self.ui = arcade.gui.UIManager(window)
        self.win: StalkerWindow = window
        self.app: AppContext = window.app
        self._labels = TextBatch()  # this build's texts, drawn in one batch
        self._stale = False
        self._after_frame: list[Callable[[], None]] = []  # see :meth:`after_a_frame`
        self._frames_drawn = 0
        self.disabled_reasons = DisabledReasons()  # the off buttons' reasons (F1: their rule)
        self.overlays: list[Overlay] = []  # layers over the screen (legend, hint, tips …)
        self.buttons: dict[object, arcade.gui.UIFlatButton] = {}  # see :meth:`button`
        # what the widgets do, held here: a widget holding the screen would keep it for good
        self.widget_actions = WidgetActions(window.guarded)

    # the game
    @property
    def session(self) -> GameSession | None:
        """The game in progress (None before one starts): the one way a screen reaches it."""
        return self.app.session

    def follows(self, kind: str) -> bool:
        """Whether this screen, while shown, stays open when the game's state calls for a
        ``kind`` screen, and follows the new state (:meth:`state_changed`) in place; if not, the
        window opens a new screen (:meth:`StalkerWindow.refresh_screen`)."""
        return False

    def state_changed(self) -> None:
        """The game's state changed while this screen is shown and follows it."""

    # life cycle (UIView enables the UIManager on show and disables it on hide)
    def on_show_view(self) -> None:
        self.win.ui_surfaces.lend(self.kind, self.ui)  # the kind's kept surface, not a new one
        super().on_show_view()  # type: ignore[no-untyped-call]  # unannotated in arcade
        self.rebuild_soon()

    def on_resize(self, width: int, height: int) -> None:
        self.rebuild()

    def rebuild_soon(self) -> None:
        """Rebuild now, or, in a headless fast run, when the next frame is drawn (building texts
        and widgets is the costly part of a screen; a bot game changes the state constantly)."""
        if self.win.headless_fast:
            self._stale = True
        else:
            self.rebuild()

    def rebuild(self) -> None:
        """Throw away widgets and texts and build them again for the current size/language."""
        self._stale = False
        theme.fit_window(self.window.width, self.window.height)
        self.ui.clear()  # type: ignore[no-untyped-call]  # unannotated in arcade
        self.disabled_reasons.clear()
        self._labels = TextBatch()
        self.buttons = {}
        self.build()
        for overlay in self.overlays:
            overlay.build()

    def build(self) -> None:
        """Create widgets (``self.ui.add``) and texts (:meth:`label`)."""

    # drawing: UIView clears, calls on_draw_before_ui, then draws the widgets
    def clear(
        self,
        color: RGBOrA255 | None = None,
        color_normalized: RGBANormalized | None = None,
        viewport: tuple[int, int, int, int] | None = None,
    ) -> None:
        """Clear the window's colour, not its depth: nothing is drawn with depth, and clearing
        the multisampled depth buffer with the colour costs 3–12 ms a frame on llvmpipe, the
        colour alone under 1 ms."""
        if color_normalized is not None or viewport is not None:
            super().clear(color, color_normalized, viewport)
            return
        wanted = color if color is not None else self.background_color
        colour = Color.from_iterable(wanted if wanted is not None else self.window.background_color)
        screen = self.window.ctx.screen
        with screen.activate():
            kept, screen.scissor = screen.scissor, None  # the whole window, as arcade clears it
            gl.glClearColor(colour.r / 255, colour.g / 255, colour.b / 255, colour.a / 255)
            gl.glClear(gl.GL_COLOR_BUFFER_BIT)
            screen.scissor = kept

    def on_draw(self) -> None:
        if self._stale:
            self.rebuild()
        self.draw_background()
        self.on_draw_before_ui()
        # the overlays under an open dialog: it dims them with the rest of the screen
        modal.draw_beneath_dialog(self.ui, self.on_draw_after_ui)
        self._frames_drawn += 1

    def after_a_frame(self, action: Callable[[], None]) -> None:
        """Run ``action`` once the screen has been drawn as it is now: a slow step (opening a
        save) after the line saying it has begun is on screen, so a click is answered at once."""
        self._after_frame.append(action)
        self._frames_drawn = 0

    def on_update(self, delta_time: float) -> None:
        if self._after_frame and self._frames_drawn > 0:
            actions, self._after_frame = self._after_frame, []
            for action in actions:
                action()

    def draw_background(self) -> None:
        """What lies behind the screen: the background colour (an overlay draws the screen it
        opened over, dimmed: :meth:`draw_dimmed`)."""
        self.clear()

    def draw_dimmed(self, back: BaseView | None) -> None:
        """``back`` (the screen this one opened over) as it is, dimmed; the background colour
        when there is none or it cannot be drawn."""
        drew = False
        if back is not None and back is not self:
            try:
                back.on_draw()
                self.window.default_camera.use()
                drew = True
            except Exception:  # a screen left half-built must not take this one down
                drew = False
        if not drew:
            self.clear(color=theme.BG)
        w, h = self.window.width, self.window.height
        arcade.draw_lrbt_rectangle_filled(0, w, 0, h, (0, 0, 0, 165))

    def on_draw_before_ui(self) -> None:
        self.draw_scene()
        self.batch.draw()
        self.draw_over()

    def on_draw_after_ui(self) -> None:
        self.draw_on_top()

    def draw_on_top(self) -> None:
        """Over everything, widgets included: the overlays, then a disabled button's reason
        under the mouse."""
        for overlay in self.overlays:
            overlay.draw()
        self.disabled_reasons.draw(self.window.width, self.window.height)

    def draw_scene(self) -> None:
        """Draw shapes and sprites under the texts (default camera)."""

    def draw_over(self) -> None:
        """Draw things over the texts and under the widgets (panels' highlights, tooltips)."""

    @property
    def batch(self) -> pyglet.graphics.Batch:
        """The batch this build's texts are drawn with."""
        return self._labels.batch

    @property
    def _texts(self) -> list[arcade.Text]:
        """This build's texts, in the order they were made."""
        return self._labels.texts

    def label(
        self,
        text: str,
        x: float,
        y: float,
        size: float = 14,
        colour: RGBOrA255 = theme.TEXT,
        *,
        bold: bool = False,
        anchor_x: str = "left",
        anchor_y: str = "baseline",
        width: int | None = None,
        multiline: bool = False,
        batch: pyglet.graphics.Batch | None = None,
    ) -> arcade.Text:
        """An ``arcade.Text`` in Liberation Sans at UI scale, drawn with the view's batch."""
        return self._labels.label(
            text,
            x,
            y,
            size,
            colour,
            bold=bold,
            anchor_x=anchor_x,
            anchor_y=anchor_y,
            width=width,
            multiline=multiline,
            batch=batch,
        )

    def button(
        self,
        text: str,
        on_click: Callable[[], object],
        *,
        width: float = 220,
        height: float = 44,
        primary: bool = False,
        size: float = 15,
        enabled: bool = True,
        why: Why | None = None,
        x: float = 0,
        y: float = 0,
        add: bool = False,
    ) -> arcade.gui.UIFlatButton:
        """A themed button that calls ``on_click()`` (errors go to the error dialog).

        With ``why`` (the engine's refusal of its action now) it is drawn disabled and, under
        the mouse, says why with its rule (:mod:`~stalkerzone.client.widgets.disabled_reasons`).

        With ``add=True`` it is placed at window pixel (x, y) (bottom left) and added to the UI.
        A text too wide for the button is set smaller, and cut with "…" only if it still does not
        fit (:mod:`~stalkerzone.client.widgets.text_fit`). The button is kept in :attr:`buttons`
        under its text and, for ``partial(handler, value)``, under ``value`` (an action, a tab),
        so that what points at a button ("Learn to play") finds it.
        """
        label = text
        room = theme.px(width)
        size = text_fit.fitting_size(text, room, size, pad=text_fit.BUTTON_PAD)
        if not text_fit.fits(text, room, size, pad=text_fit.BUTTON_PAD):
            text = text_fit.cut_to(text, room - 2 * theme.px(text_fit.BUTTON_PAD), size)
        # Made empty, then given its text: the button lays its label out in arcade's default
        # font first and applies the style's font after, so a text given at once would be laid
        # out (and its glyphs rendered) twice, once in a font never shown (start-up).
        widget = arcade.gui.UIFlatButton(
            x=x,
            y=y,
            text="",
            width=room,
            height=theme.px(height),
            style=theme.button_style(primary, size),
        )
        widget.text = text
        widget.disabled = not enabled or why is not None
        if why is not None:
            self.disabled_reasons.add(widget, why)
        self.buttons[label] = widget
        if isinstance(on_click, partial) and on_click.args:
            self.buttons[on_click.args[0]] = widget

        self.widget_actions.on_click(widget, on_click)
        if add:
            self.ui.add(widget)
        return widget

    def anchored(
        self,
        widget: Widget,
        *,
        anchor_x: str = "center",
        anchor_y: str = "center",
        align_x: float = 0,
        align_y: float = 0,
    ) -> Widget:
        """Add ``widget`` (a button, or an :meth:`hbox`/:meth:`vbox` of them) to the UI,
        anchored to the window (``UIAnchorLayout``): ``anchor_x`` left/center/right,
        ``anchor_y`` bottom/center/top, then moved by (align_x, align_y) pixels."""
        anchor = arcade.gui.UIAnchorLayout()
        anchor.add(widget, anchor_x=anchor_x, anchor_y=anchor_y, align_x=align_x, align_y=align_y)
        self.ui.add(anchor)
        return widget

    def hbox(self, *widgets: arcade.gui.UIWidget, space: float = 10) -> arcade.gui.UIBoxLayout:
        """Widgets side by side, ``space`` (UI scale) apart (``UIBoxLayout``)."""
        return arcade.gui.UIBoxLayout(
            vertical=False, children=widgets, space_between=theme.px(space)
        )

    def vbox(
        self, *widgets: arcade.gui.UIWidget, space: float = 10, align: str = "center"
    ) -> arcade.gui.UIBoxLayout:
        """Widgets one above the other, ``space`` (UI scale) apart, aligned left/center/right."""
        return arcade.gui.UIBoxLayout(
            vertical=True, children=widgets, space_between=theme.px(space), align=align
        )

    def text_input(
        self,
        text: str,
        x: float,
        y: float,
        width: float,
        height: float,
        size: float,
        on_change: Callable[[str], object],
        *,
        add: bool = False,
    ) -> TextField:
        """A themed one-line :class:`TextField`; ``on_change(new_value)`` runs on every edit.

        The box (x, y, width, height) is in window pixels, ``size`` at UI scale as in
        :meth:`label`; with ``add=True`` it is added to the UI.
        """
        field = TextField(
            x=x,
            y=y,
            width=width,
            height=height,
            text=text,
            font_name=FONT,
            font_size=theme.px(size),
            text_color=theme.TEXT,
            caret_color=theme.ACCENT,
            style=theme.input_style(),
        )
        text_fit.centre_input(field)

        self.widget_actions.on_change(field, on_change)
        if add:
            self.ui.add(field)
        return field

    # input shared by all screens
    def typing(self) -> bool:
        """True while a text input has the keyboard (hotkeys must not fire then)."""
        return any(
            isinstance(w, arcade.gui.UIInputText) and w.active for w in self.ui.walk_widgets()
        )

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        if self.typing():
            return None
        ctrl = modifiers & (arcade.key.MOD_CTRL | arcade.key.MOD_COMMAND)
        if symbol == arcade.key.F1:  # at the hovered disabled button's rule, if any
            self.win.open_rules(self, self.hovered_rule() or None)
            return True
        if symbol == arcade.key.ESCAPE:
            session = self.session
            if any(overlay.escape() for overlay in self.overlays):
                return True
            if session is None or not session.escape_overlay():
                self.on_escape()
            return True
        if ctrl and symbol == arcade.key.S:
            self.win.show_screen("saves", back=self, mode="save")
            return True
        if ctrl and symbol == arcade.key.O:
            self.win.show_screen("saves", back=self, mode="load")
            return True
        if not modifiers & ~MODIFIER_LOCKS and any(o.key(symbol) for o in self.overlays):
            return True
        return self.on_hotkey(symbol, modifiers)

    def hovered_rule(self) -> str:
        """The rule of what is under the mouse ("" if none): F1 opens it instead of the
        screen's section (a disabled button's refusal, a region's rule)."""
        return self.disabled_reasons.hovered_rule()

    def on_hotkey(self, symbol: int, modifiers: int) -> bool | None:
        """Screen-specific keys (not called while typing)."""
        return None

    def on_escape(self) -> None:
        """Esc: the game menu while a game runs, else back to the title screen."""
        if self.session is not None:
            self.win.show_screen("menu", back=self)
        elif self.kind != "title":
            self.win.show_screen("title")


class GameView(BaseView):
    """A screen that opens only while a game runs (the Zone's screens, the hand-over page, the
    game's end): it belongs to that game, so its :attr:`session` is never None."""

    def __init__(self, window: StalkerWindow) -> None:
        super().__init__(window)
        session = super().session
        if session is None:
            raise RuntimeError(f"the {self.kind} screen opens only while a game runs")
        self._game = session
        self.overlays.append(TipsOverlay(self))  # the first fight, base, event… (settings)

    @property
    def session(self) -> GameSession:
        """The game this screen was opened for."""
        return self._game
