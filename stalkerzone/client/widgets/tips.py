"""One-time tips, keyed by rule id: the first time something happens to a human player in a
normal game (the first board turn TURN-2, fight FIGHT-1, base BASE-1, event EVENT-1, death
DEATH-1, card in the backpack EQ-2, anomaly ANOM-1, trophy TROPHY-1, Element WIN-1, order
ORDER-1) a few seconds of words at the top of the screen. They never take a key or a click.
Settings → Tips turns them off; the tips seen are
remembered per user in ``paths.user_config_dir()/tips_seen.toml`` (written atomically, read
through :mod:`stalkerzone.files`; a broken file counts as none seen, with a note).
"""

from __future__ import annotations

import time
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import arcade
import tomli_w

from stalkerzone import files, paths
from stalkerzone.client.render import shapes
from stalkerzone.client.render.fonts import FONT
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import theme
from stalkerzone.client.widgets.overlays import Overlay
from stalkerzone.engine.play import GameState, PlayerState
from stalkerzone.engine.turn import bases

if TYPE_CHECKING:
    from stalkerzone.client.app.base_view import BaseView

SHOWN_SECONDS = 7.0  # how long a tip stays (at animation speed 1)
MAX_TIPS_BYTES = 16 * 1024
WIDTH = 560  # the tip box's width (UI units)


def _noted(state: GameState, rule: str) -> bool:
    return any(getattr(note, "rule", "") == rule for note in state.notes)


Condition = Callable[[GameState, PlayerState], bool]
TIPS: tuple[tuple[str, Condition], ...] = (
    ("TURN-2", lambda s, p: s.phase == "turn" and s.step == "move"),
    ("DEATH-1", lambda s, p: p.deaths > 0),
    ("FIGHT-1", lambda s, p: s.phase == "fight"),
    ("BASE-1", lambda s, p: s.phase == "turn" and bases.base_here(s) is not None),
    ("EVENT-1", lambda s, p: _noted(s, "EVENT-1") or p.held_event is not None),
    ("ANOM-1", lambda s, p: _noted(s, "ANOM-1")),
    ("WIN-1", lambda s, p: p.elements > 0),
    ("TROPHY-1", lambda s, p: bool(p.trophies)),
    ("ORDER-1", lambda s, p: bool(p.open_orders)),
    ("EQ-2", lambda s, p: bool(p.backpack)),
)
"""Each tip's rule id and when it is due, most pressing first (one shows at a time): the board's
first turn before all (it is where a game starts)."""


def tip_key(rule: str) -> str:
    """The string of a tip: ``tips.fight_1`` for FIGHT-1 (no rule id in the catalogue)."""
    return "tips." + rule.lower().replace("-", "_")


def tips_path() -> Path:
    return paths.user_config_dir() / "tips_seen.toml"


def load_seen() -> tuple[set[str], str | None]:
    """The rule ids of the tips already shown, and a note if the file could not be used."""
    path = tips_path()
    if not path.exists():
        return set(), None
    try:
        data = tomllib.loads(files.decode(files.read_bytes(path, limit=MAX_TIPS_BYTES), str(path)))
        seen = data.get("seen", [])
        if not isinstance(seen, list) or not all(isinstance(rule, str) for rule in seen):
            raise ValueError("seen must be a list of rule ids")
        return set(seen), None
    except files.FileRefused as error:
        return set(), f"{path}: tips ignored: {error.reason}"
    except (OSError, ValueError) as error:
        return set(), f"{path}: tips ignored: {files.shorten(str(error), 120)}"


def save_seen(seen: set[str]) -> None:
    files.write_atomic(tips_path(), tomli_w.dumps({"seen": sorted(seen)}).encode("utf-8"))


@dataclass
class TipBook:
    """The tips seen (kept per user) and the one on screen, if any (with when it started)."""

    seen: set[str] = field(default_factory=set)
    showing: str = ""
    started: float = 0.0
    watched_version: int = -1
    loaded: bool = False
    notes: list[str] = field(default_factory=list)

    def load(self) -> None:
        if not self.loaded:
            self.seen, note = load_seen()
            if note:
                self.notes.append(note)
            self.loaded = True

    def due(self, state: GameState, seat: int) -> str:
        """The first tip not seen yet whose moment has come for ``seat`` ("" if none)."""
        player = state.players[seat]
        for rule, condition in TIPS:
            if rule not in self.seen and condition(state, player):
                return rule
        return ""

    def observe(self, state: GameState, seat: int, version: int, now: float) -> str:
        """Start the tip due now (once ever), unless one is still on screen; its rule id."""
        self.load()
        if self.showing or version == self.watched_version:
            return ""
        self.watched_version = version
        rule = self.due(state, seat)
        if rule:
            self.seen.add(rule)
            self.showing, self.started = rule, now
            try:
                save_seen(self.seen)
            except OSError as error:
                self.notes.append(f"tips not saved: {error}")
        return rule

    def expire(self, now: float, seconds: float = SHOWN_SECONDS) -> None:
        """The tip on screen goes after ``seconds``."""
        if self.showing and now - self.started >= seconds:
            self.showing = ""
            self.watched_version = -1  # another tip may be due at once


class TipsOverlay(Overlay):
    """The tip on ``view``: observed on each frame, drawn at the top centre over everything."""

    def __init__(self, view: BaseView) -> None:
        self.view = view
        self.text: arcade.Text | None = None
        self.text_for = ""

    def seat(self) -> int | None:
        """The human whose turn it is in a normal game (None: no tip now)."""
        view = self.view
        session = view.session
        if session is None or not view.app.settings.tips or view.app.watching:
            return None
        if session.teaching():  # a lesson's panel says what to do: one voice at a time
            return None
        state = session.state
        if state.phase in ("layout", "over") or session.is_bot():
            return None
        if session.is_remote(state.current_player):
            return None
        return state.current_player

    def update(self, now: float) -> None:
        book = self.view.app.tips
        speed = max(0.25, float(self.view.app.settings.animation_speed))
        book.expire(now, SHOWN_SECONDS / min(speed, 2.0))
        seat = self.seat()
        session = self.view.session
        if seat is not None and session is not None:
            book.observe(session.state, seat, session.version, now)
        elif book.showing and seat is None and not self.view.app.settings.tips:
            book.showing = ""

    def quiet(self) -> bool:
        """Something more pressing is on screen (a walk, a card coming into play, anomaly
        dice, the legend or the bot's hint), the hand-over page, or the banner over the dealt Zone
        (the table reads who starts, or passes the screen: the tip is for the player on the
        board, after it): the tip waits, hidden."""
        if self.view.kind == "handover":
            return True
        opening = getattr(self.view, "opening", None)
        if opening is not None and opening.active:  # who starts, over the dealt Zone
            return True
        dice = getattr(self.view, "anomaly_dice", None)
        others = any(o.showing() for o in self.view.overlays if o is not self)
        return bool(self.view.busy or getattr(dice, "active", False) or others)

    def draw(self) -> None:
        if self.quiet():
            return
        self.update(time.monotonic())
        rule = self.view.app.tips.showing
        if not rule:
            return
        px = theme.px
        if self.text is None or self.text_for != rule:
            words = f"{i18n.t('tips.title')}: {i18n.t(tip_key(rule))}"
            self.text = arcade.Text(
                f"{words}\n{i18n.t('tips.off')}",
                0,
                0,
                theme.TEXT,
                px(12),
                width=px(WIDTH) - px(24),
                multiline=True,
                font_name=FONT,
                anchor_y="top",
            )
            self.text_for = rule
        text = self.text
        w, h = self.view.window.width, self.view.window.height
        height = text.content_height + px(16)
        left = (w - px(WIDTH)) / 2
        top = h - px(64)
        shapes.panel(left, left + px(WIDTH), top - height, top, light=True, edge=theme.ACCENT)
        text.x, text.y = left + px(12), top - px(8)
        text.draw()
