"""The window, the shared :class:`AppContext`, the :class:`BaseView` pattern, the screen registry.

One :class:`StalkerWindow` shows one :class:`BaseView` at a time (``window.show_view``). Screens
register under a *kind* with :func:`screen` so that other modules can open them by name
(``window.show_screen("fight")``) without importing each other; every module in
``stalkerzone.client.screens`` is imported when the window opens, so registering is just
decorating the class. See the package docstring for the conventions.
"""

from __future__ import annotations

import importlib
import logging
import pkgutil
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeVar

import arcade
import arcade.gui
import pyglet
from arcade.types import RGBOrA255

from stalkerzone import paths
from stalkerzone.client.app.settings import Settings, load_settings, save_settings
from stalkerzone.client.controller.bot_driver import BotDriver
from stalkerzone.client.render.card_face import ArtTextures
from stalkerzone.client.render.card_face import use as use_art
from stalkerzone.client.render.fonts import FONT, load_fonts
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import theme
from stalkerzone.errors import UserError

if TYPE_CHECKING:
    from stalkerzone.client.controller.session import GameSession
    from stalkerzone.content.loader import LoadResult
    from stalkerzone.engine.variant import Variant

log = logging.getLogger("stalkerzone.client")

MIN_WIDTH, MIN_HEIGHT = 1024, 640
DEFAULT_SIZE = (1280, 800)


# --- presets and shared context ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Presets:
    """What ``stalkerzone play`` was given on the command line (presets the new-game screen)."""

    players: int = 2
    bots: int = 0
    seed: int | None = None
    variant: str = "standard"
    card_dirs: tuple[Path, ...] = ()
    lang: str | None = None


@dataclass
class AppContext:
    """What every screen shares: settings, loaded cards, the variant, the game in progress.

    It also owns the client's display state: the string catalogue (language), the UI scale and
    the loaded card art. The window makes them the active ones (:meth:`activate`), so a new
    context is a fully fresh client.
    """

    presets: Presets = field(default_factory=Presets)
    settings: Settings = field(default_factory=Settings)
    notes: list[str] = field(default_factory=list)  # problems shown once (bad settings file…)
    session: GameSession | None = None  # the game in progress
    watching: bool = False  # spectator mode (``stalkerzone watch``): no hand-over, no dialogs
    catalogue: i18n.Catalogue = field(default_factory=i18n.Catalogue)
    ui_scale: theme.UiScale = field(default_factory=theme.UiScale)
    art: ArtTextures = field(default_factory=ArtTextures)
    _cards: LoadResult | None = None  # loaded on first use

    def __post_init__(self) -> None:
        self.catalogue.set_language(self.settings.language)
        self.ui_scale.set(self.settings.ui_scale)

    def game(self) -> GameSession:
        """The game in progress (game screens open only while one runs)."""
        if self.session is None:
            raise RuntimeError("no game is in progress")
        return self.session

    def activate(self) -> None:
        """Make this context's language, scale and art the ones every screen reads."""
        i18n.use(self.catalogue)
        theme.use(self.ui_scale)
        use_art(self.art)

    def cards(self, *, reload: bool = False) -> LoadResult:
        """Base pack + user folder + ``--cards`` folders (``content.loader.load_packs``)."""
        if self._cards is None or reload:
            from stalkerzone.content.loader import load_packs

            self._cards = load_packs(self.presets.card_dirs)
        return self._cards

    def variant(self, name: str) -> Variant:
        from stalkerzone.content.variants import load_variant

        return load_variant(name)

    def update_settings(self, settings: Settings) -> None:
        """Apply and save new settings (language, scale…); a failed save becomes a note."""
        self.settings = settings.validated()
        self.catalogue.set_language(self.settings.language)
        self.ui_scale.set(self.settings.ui_scale)
        try:
            save_settings(self.settings)
        except OSError as error:
            self.notes.append(f"settings not saved: {error}")


# --- screen registry --------------------------------------------------------------------------

ScreenFactory = Callable[..., "BaseView"]
Widget = TypeVar("Widget", bound=arcade.gui.UIWidget)
_SCREENS: dict[str, ScreenFactory] = {}


def screen(kind: str) -> Callable[[ScreenFactory], ScreenFactory]:
    """Class decorator: register a screen under ``kind`` (``title``, ``board``, ``fight``…)."""

    def register(factory: ScreenFactory) -> ScreenFactory:
        _SCREENS[kind] = factory
        return factory

    return register


def screen_kinds() -> tuple[str, ...]:
    return tuple(sorted(_SCREENS))


def load_screens() -> list[str]:
    """Import every module of ``stalkerzone.client.screens`` so that its screens register.

    A module that fails to import is skipped (logged, and returned as a note) so that one
    broken screen never keeps the window from opening.
    """
    package = importlib.import_module("stalkerzone.client.screens")
    problems = []
    for info in pkgutil.walk_packages(package.__path__, prefix=f"{package.__name__}."):
        if info.ispkg:
            continue
        name = info.name
        try:
            importlib.import_module(name)
        except Exception as error:
            log.error("screen module %s failed to import: %s", name, error)
            problems.append(f"{name}: {type(error).__name__}: {error}")
    return problems


# --- the base view ----------------------------------------------------------------------------


class BaseView(arcade.gui.UIView):
    """A screen: an ``arcade.gui.UIView`` (its ``UIManager`` is enabled while shown and drawn
    last) with texts in one batch and hotkeys shared by all screens.

    Subclasses set ``kind`` and ``rules_section`` and override :meth:`build` (make widgets and
    ``arcade.Text`` objects for the current window size; called on show, resize, language
    change) and :meth:`draw_scene` (draw shapes/sprites; never ``draw_text``).
    """

    kind: ClassVar[str] = "screen"
    busy: bool = False  # True while an animation runs: bots wait for it
    rules_section: ClassVar[str] = ""  # where F1 opens the rules overlay (a RULES.md id prefix)

    def __init__(self, window: StalkerWindow) -> None:
        # UIView.__init__ finds the window itself; this one is given, so the view and its
        # UIManager are bound to it explicitly (what UIView.__init__ does otherwise).
        arcade.View.__init__(self, window)
        self.ui = arcade.gui.UIManager(window)
        self.win: StalkerWindow = window
        self.app: AppContext = window.app
        self.batch = pyglet.graphics.Batch()
        self._texts: list[arcade.Text] = []
        self._stale = False

    # life cycle (UIView enables the UIManager on show and disables it on hide)
    def on_show_view(self) -> None:
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
        self.ui.clear()  # type: ignore[no-untyped-call]  # unannotated in arcade
        self.batch = pyglet.graphics.Batch()
        self._texts = []
        self.build()

    def build(self) -> None:
        """Create widgets (``self.ui.add``) and texts (:meth:`label`)."""

    # drawing: UIView clears, calls on_draw_before_ui, then draws the widgets
    def on_draw(self) -> None:
        if self._stale:
            self.rebuild()
        super().on_draw()  # type: ignore[no-untyped-call]  # unannotated in arcade

    def on_draw_before_ui(self) -> None:
        self.draw_scene()
        self.batch.draw()
        self.draw_over()

    def draw_scene(self) -> None:
        """Draw shapes and sprites under the texts (default camera)."""

    def draw_over(self) -> None:
        """Draw things over the texts and under the widgets (panels' highlights, tooltips)."""

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
        item = arcade.Text(
            text,
            x,
            y,
            colour,
            theme.px(size),
            width=width,
            font_name=FONT,
            bold=bold,
            anchor_x=anchor_x,
            anchor_y=anchor_y,
            multiline=multiline,
            batch=batch if batch is not None else self.batch,
        )
        self._texts.append(item)
        return item

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
        x: float = 0,
        y: float = 0,
        add: bool = False,
    ) -> arcade.gui.UIFlatButton:
        """A themed button that calls ``on_click()`` (errors go to the error dialog).

        With ``add=True`` it is placed at window pixel (x, y) (bottom left) and added to the UI.
        """
        widget = arcade.gui.UIFlatButton(
            x=x,
            y=y,
            text=text,
            width=theme.px(width),
            height=theme.px(height),
            style=theme.button_style(primary, size),
        )
        widget.disabled = not enabled

        @widget.event("on_click")
        def _clicked(_event: arcade.gui.UIOnClickEvent) -> None:
            if not widget.disabled:
                self.win.guarded(on_click)

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
    ) -> arcade.gui.UIInputText:
        """A themed one-line text field; ``on_change(new_value)`` runs on every edit.

        The box (x, y, width, height) is in window pixels, ``size`` at UI scale as in
        :meth:`label`; with ``add=True`` it is added to the UI.
        """
        field = arcade.gui.UIInputText(
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

        @field.event("on_change")
        def _changed(event: arcade.gui.UIOnChangeEvent) -> None:
            on_change(str(event.new_value))

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
        if symbol == arcade.key.F1:
            self.win.open_rules(self)
            return True
        if symbol == arcade.key.ESCAPE:
            self.on_escape()
            return True
        if ctrl and symbol == arcade.key.S:
            self.win.show_screen("saves", back=self, mode="save")
            return True
        if ctrl and symbol == arcade.key.O:
            self.win.show_screen("saves", back=self, mode="load")
            return True
        return self.on_hotkey(symbol, modifiers)

    def on_hotkey(self, symbol: int, modifiers: int) -> bool | None:
        """Screen-specific keys (not called while typing)."""
        return None

    def on_escape(self) -> None:
        """Esc: the game menu while a game runs, else back to the title screen."""
        if self.app.session is not None:
            self.win.show_screen("menu", back=self)
        elif self.kind != "title":
            self.win.show_screen("title")


# --- the window -------------------------------------------------------------------------------


class StalkerWindow(arcade.Window):
    """The game window: resizable, minimum size, F11 fullscreen, errors shown in a dialog."""

    def __init__(
        self, app: AppContext, size: tuple[int, int] = DEFAULT_SIZE, *, visible: bool = True
    ) -> None:
        self.started = time.perf_counter()
        app.activate()
        super().__init__(
            size[0],
            size[1],
            i18n.t("app.title"),
            resizable=True,
            visible=visible,
            vsync=False,
            center_window=True,
        )
        self._app = app
        self.raise_errors = False  # tests and headless watch: let exceptions through
        self.headless_fast = False  # headless watch: no waiting, no animations
        self.bots = BotDriver()  # plays every bot seat
        self.first_frame_seconds: float | None = None
        self._error_count = 0
        try:
            self.set_minimum_size(MIN_WIDTH, MIN_HEIGHT)
        except Exception:  # headless windows have no size limits
            log.debug("minimum size not supported here")
        load_fonts()
        self.app.notes.extend(load_screens())
        self.background_color = theme.BG

    @property
    def app(self) -> AppContext:
        """The shared context; setting a new one makes its language and scale active."""
        return self._app

    @app.setter
    def app(self, app: AppContext) -> None:
        self._app = app
        app.activate()

    @property
    def skip_bots(self) -> bool:
        """ "Skip": bots play at once until a human's turn (:class:`BotDriver`)."""
        return self.bots.skip

    @skip_bots.setter
    def skip_bots(self, skip: bool) -> None:
        self.bots.skip = skip

    @property
    def watching(self) -> bool:
        """Spectator mode (``stalkerzone watch``): no hand-over, no dialogs."""
        return self.app.watching

    def reset(self, app: AppContext, size: tuple[int, int] = DEFAULT_SIZE) -> None:
        """Start again as a freshly opened window on ``app``: windowed, no screen, no game,
        default flags, ``app``'s language and scale (tests reuse one window this way)."""
        if self.fullscreen:
            self.set_fullscreen(False)
        self.show_view(arcade.View(self))
        self.app = app
        self.raise_errors = False
        self.headless_fast = False
        self.bots.reset()
        self.first_frame_seconds = None
        self._error_count = 0
        self.set_caption(i18n.t("app.title"))
        try:
            self.set_size(*size)
        except Exception:  # headless windows keep their size
            log.debug("set_size not supported here")
        self.on_resize(*size)

    # screens
    def show_screen(self, kind: str, **kwargs: Any) -> BaseView:
        """Open the screen registered as ``kind`` (see :func:`screen`)."""
        factory = _SCREENS.get(kind)
        if factory is None:
            raise KeyError(f"no screen '{kind}' is registered (known: {', '.join(screen_kinds())})")
        view = factory(self, **kwargs)
        self.show_view(view)
        return view

    def has_screen(self, kind: str) -> bool:
        return kind in _SCREENS

    def refresh_screen(self, kind: str, session: GameSession) -> bool:
        """Tell the shown screen of ``kind`` that ``session``'s state changed, if it follows
        state changes (``state_changed``); True if it did."""
        current = self.current_screen
        if (
            current is None
            or current.kind != kind
            or getattr(current, "session", None) is not session
        ):
            return False
        state_changed = getattr(current, "state_changed", None)
        if state_changed is None:
            return False
        state_changed()
        return True

    def show_again(self, view: object) -> bool:
        """Show a kept screen again if it was made for this window."""
        if not isinstance(view, arcade.View) or view.window is not self:
            return False
        self.show_view(view)
        return True

    @property
    def current_screen(self) -> BaseView | None:
        """The game screen shown now (not ``screen``: pyglet's ``Window.screen`` is the
        monitor, which ``set_fullscreen`` needs)."""
        view = self.current_view
        return view if isinstance(view, BaseView) else None

    def open_rules(self, view: BaseView) -> None:
        """F1: the rules-reference overlay at ``view.rules_section`` (the screen \"rules\")."""
        self.show_screen("rules", back=view, section=view.rules_section)

    # window behaviour
    def on_key_press(self, symbol: int, modifiers: int) -> Literal[True] | None:
        if symbol == arcade.key.F11:
            self.toggle_fullscreen()
            return True
        return None

    def toggle_fullscreen(self) -> None:
        want = not self.fullscreen
        try:
            self.set_fullscreen(want)
        except Exception as error:  # headless or no display mode
            log.info("fullscreen not available: %s", error)
            return
        self.app.update_settings(_replace_settings(self.app.settings, fullscreen=want))

    def on_update(self, delta_time: float) -> bool | None:
        """Bot seats play here (:meth:`BotDriver.update`), one action at a time, when the
        screen is not busy (a walking token, rolling dice: ``screen.busy``)."""
        self.bots.update(
            self.app.session,
            self.current_screen,
            self,
            delta_time,
            fast=self.headless_fast,
            speed=self.app.settings.animation_speed,
        )
        return None

    def on_draw(self) -> None:
        if self.first_frame_seconds is None:
            self.first_frame_seconds = time.perf_counter() - self.started
        return None

    # errors inside the client
    def dispatch_event(self, *args: Any) -> Any:
        try:
            return super().dispatch_event(*args)
        except Exception as error:
            if self.raise_errors:
                raise
            self.report_error(error)
            return True

    def dispatch_events(self) -> None:
        # Headless pyglet delivers queued events without going through dispatch_event.
        try:
            super().dispatch_events()
        except Exception as error:
            if self.raise_errors:
                raise
            self.report_error(error)

    def guarded(self, action: Callable[[], object]) -> None:
        """Run ``action``; an exception goes to the error dialog instead of killing the game."""
        try:
            action()
        except Exception as error:
            if self.raise_errors:
                raise
            self.report_error(error)

    def report_error(self, error: BaseException) -> None:
        """Log the error and show the error dialog (continue / save)."""
        detail = "".join(traceback.format_exception(error))
        log.error("error inside the client:\n%s", detail)
        _log_to_file(detail)
        self._error_count += 1
        back = self.current_screen
        if back is not None and back.kind == "error":
            back = getattr(back, "back", None)
        if self._error_count > 20:
            raise error
        self.show_screen("error", error=error, back=back)


def _replace_settings(settings: Settings, **changes: Any) -> Settings:
    from dataclasses import replace

    return replace(settings, **changes)


def _log_to_file(text: str) -> None:
    """Append an error to ``client.log`` in the settings folder (best effort)."""
    try:
        folder = paths.user_config_dir()
        folder.mkdir(parents=True, exist_ok=True)
        with (folder / "client.log").open("a", encoding="utf-8") as out:
            out.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')}\n{text}\n")
    except OSError:
        pass


def make_context(presets: Presets) -> AppContext:
    """Settings from disk, the command line's language over the saved one."""
    settings, note = load_settings()
    lang = presets.lang or settings.language
    settings = _replace_settings(settings, language=lang).validated()
    app = AppContext(presets=presets, settings=settings)
    if note:
        app.notes.append(note)
    app.activate()
    return app


def open_window(app: AppContext, *, visible: bool = True) -> StalkerWindow:
    """The game window, or a one-line :class:`UserError` when no display can be opened."""
    try:
        return StalkerWindow(app, visible=visible)
    except Exception as error:
        if type(error).__name__ in ("NoSuchDisplayException", "NoSuchConfigException"):
            raise UserError(
                f"cannot open a window ({error}); set ARCADE_HEADLESS=1 to run offscreen",
                exit_code=1,
            ) from None
        raise


def run_app(presets: Presets) -> int:
    """Open the window on the title screen and run until it closes (``stalkerzone play``)."""
    app = make_context(presets)
    window = open_window(app)
    if app.settings.fullscreen:
        window.toggle_fullscreen()
    window.show_screen("title")
    arcade.run()
    return 0
