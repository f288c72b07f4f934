"""The game window: :class:`StalkerWindow` shows one :class:`BaseView` at a time, opens screens
by kind (``window.show_screen("fight")``, the table in :mod:`registry`), drives the bot seats
through one :class:`BotDriver` and turns exceptions into the error dialog.

See the package docstring for the conventions.
"""

from __future__ import annotations

import logging
import time
import traceback
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Literal

import arcade
from pyglet.text import layout as text_layout

from stalkerzone import paths
from stalkerzone.client.app.base_view import BaseView
from stalkerzone.client.app.context import AppContext, Presets, make_context
from stalkerzone.client.app.long_lived import LongLivedObjects
from stalkerzone.client.app.registry import screen_class
from stalkerzone.client.app.ui_surfaces import UiSurfaces
from stalkerzone.client.controller.bot_driver import BotDriver
from stalkerzone.client.render.backdrop import Backdrops
from stalkerzone.client.render.fonts import load_fonts
from stalkerzone.client.sound.music import MusicPlayer
from stalkerzone.client.sound.note_feed import NoteFeed, sounds_of
from stalkerzone.client.sound.player import SoundPlayer
from stalkerzone.client.sound.turn_cue import TurnCue
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import theme
from stalkerzone.errors import UserError

if TYPE_CHECKING:
    from stalkerzone.client.controller.session import GameSession

__all__ = [
    "StalkerWindow",
    "open_window",
    "run_app",
]

log = logging.getLogger("stalkerzone.client")

MIN_WIDTH, MIN_HEIGHT = 1024, 640
DEFAULT_SIZE = (1280, 800)


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
        self.sound = SoundPlayer(volume=app.settings.volume, muted=app.settings.muted)
        self.note_feed = NoteFeed()  # the notes of new actions, for their sounds
        self.music = MusicPlayer()  # the board's and the fights' loops
        self.turn_cue = TurnCue()  # a chime when a human's turn starts
        self.first_frame_seconds: float | None = None
        self._error_count = 0
        try:
            self.set_minimum_size(MIN_WIDTH, MIN_HEIGHT)
        except Exception:  # headless windows have no size limits
            log.debug("minimum size not supported here")
        load_fonts()
        # pyglet keeps its text shaders only while some text uses them: held here, the first
        # text of a screen made after all others went does not compile them again
        self.text_programs = (
            text_layout.get_default_layout_shader(),
            text_layout.get_default_decoration_shader(),
        )
        self.long_lived = LongLivedObjects()  # a game's objects out of the collector's passes
        self.ui_surfaces = UiSurfaces()  # the screens' widget surfaces, kept by screen kind
        self.backdrops = Backdrops()  # the menus' hex fields, built once per size
        self.background_color = theme.BG
        # Start-up: the events of the window's creation (headless: its first resize) go out now,
        # before any screen is shown, so the first screen is built once, not again at its first
        # frame.
        self.dispatch_events()

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
        self.sound.requested.clear()
        self.note_feed = NoteFeed()
        self.turn_cue = TurnCue()
        self.music.stop()
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
        """Open a new screen of ``kind`` (its class from :data:`registry.SCREENS`; an unknown kind
        is a :class:`registry.UnknownScreen`)."""
        view = screen_class(kind)(self, **kwargs)
        self.show_view(view)
        self.long_lived.settle(self.app.session)  # a new game: its objects frozen (once)
        return view

    def refresh_screen(self, kind: str, session: GameSession) -> bool:
        """If the shown screen is one of ``session`` that stays open when its state calls for a
        ``kind`` screen (:meth:`BaseView.follows`), tell it the state changed
        (:meth:`BaseView.state_changed`: the same view, refreshed in place); True if it did."""
        current = self.current_screen
        if current is None or current.session is not session or not current.follows(kind):
            return False
        current.state_changed()
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

    def open_rules(self, view: BaseView, section: str | None = None) -> None:
        """The rules-reference overlay (the screen "rules") over ``view``, at ``section`` (a rule
        id or a prefix; F1: the game's focus, a lesson's rule, else ``view.rules_section``)."""
        if section is None:
            session = self.app.session
            section = (session.rules_focus() if session else None) or view.rules_section
        self.show_screen("rules", back=view, section=section)

    # window behaviour
    def on_key_press(self, symbol: int, modifiers: int) -> Literal[True] | None:
        if symbol == arcade.key.F11:
            self.toggle_fullscreen()
            return True
        hand_to_bot = getattr(self.app.session, "hand_to_bot", None)
        if symbol == arcade.key.F9 and callable(hand_to_bot) and hand_to_bot():
            return True  # a network game this window hosts: a bot plays the absent seat
        return None

    def toggle_fullscreen(self) -> None:
        want = not self.fullscreen
        try:
            self.set_fullscreen(want)
        except Exception as error:  # headless or no display mode
            log.info("fullscreen not available: %s", error)
            return
        self.app.update_settings(replace(self.app.settings, fullscreen=want))

    def on_update(self, delta_time: float) -> bool | None:
        """Bot seats play here (:meth:`BotDriver.update`), one action at a time, when the
        screen is not busy (a walking token, rolling dice: ``screen.busy``). A network game reads
        its host first (``session.poll``)."""
        if self.app.session is not None:
            self.app.session.poll(self)
        self.bots.update(
            self.app.session,
            self.current_screen,
            self,
            delta_time,
            fast=self.headless_fast,
            speed=self.app.settings.animation_speed,
        )
        settings = self.app.settings
        self.sound.configure(settings.volume, settings.muted)
        self.sound.play_all(sounds_of(self.note_feed.take(self.app.session)))
        if self.turn_cue.take(self.app.session):
            self.sound.play("turn")
        screen = self.current_screen
        music = 0.0 if settings.muted else settings.music_volume
        self.music.update(screen.kind if screen is not None else None, music, delta_time)
        return None

    def on_draw(self) -> None:
        if self.first_frame_seconds is None:
            self.first_frame_seconds = time.perf_counter() - self.started
        if self.app.session is not None:
            self.app.session.draw_overlay(self)
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


def _log_to_file(text: str) -> None:
    """Append an error to ``client.log`` in the settings folder (best effort)."""
    try:
        folder = paths.user_config_dir()
        folder.mkdir(parents=True, exist_ok=True)
        with (folder / "client.log").open("a", encoding="utf-8") as out:
            out.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')}\n{text}\n")
    except OSError:
        pass


def open_window(app: AppContext, *, visible: bool = True) -> StalkerWindow:
    """The game window, or a one-line :class:`UserError` when no display can be opened."""
    try:
        window = StalkerWindow(app, visible=visible)
    except Exception as error:
        if type(error).__name__ in ("NoSuchDisplayException", "NoSuchConfigException"):
            raise UserError(
                f"cannot open a window ({error}); set ARCADE_HEADLESS=1 to run offscreen",
                exit_code=1,
            ) from None
        raise
    window.long_lived.enabled = True  # the game's own window: a game's objects frozen
    return window


def run_app(presets: Presets) -> int:
    """Open the window on the title screen and run until it closes (``stalkerzone play``)."""
    app = make_context(presets)
    window = open_window(app)
    if app.settings.fullscreen:
        window.toggle_fullscreen()
    window.show_screen("title")
    arcade.run()
    return 0
