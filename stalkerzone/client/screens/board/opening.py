"""The start of play on the board (TURN-1, TURN-4): a short banner over the whole Zone that says
how the Zone was made and who starts ("The Zone is dealt. Bot 2 starts, round 1").

It never blocks a player (a human who starts just plays; the banner goes with the first
action), but while it is up the bots wait (``holds_bots``), so the table sees the Zone before
the first bot moves. It goes by itself after :data:`SECONDS` at animation speed 1, at once in a
headless fast run or while the bots are skipped; Space sends it away.

In a hot-seat game whose first seat is not the one at the screen, the board first shows the
finished Zone to everyone (nothing private) and the banner waits for Space or a click, which
pass the screen on (``hands_over``, TURN-3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from stalkerzone.client.render import shapes
from stalkerzone.client.render.fonts import FONT
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import text_fit, theme

if TYPE_CHECKING:
    from stalkerzone.client.controller.session import GameSession
    from stalkerzone.client.screens.board.screen import BoardView

SECONDS = 3.0
"""How long the banner stays (and holds the bots) at animation speed 1."""


def opening_line(session: GameSession) -> str:
    """What the banner says: how the Zone was made and whose turn comes first (TURN-1)."""
    state = session.state
    name = session.shown_name(state.current_player)
    key = "flow.opening_laid" if session.spec.zone_mode == "hand" else "flow.opening_dealt"
    return i18n.t(key, name=name, n=session.round)


def before_hand_over(session: GameSession) -> bool:
    """The board shows the Zone to the whole table and a human's turn waits for its player."""
    from stalkerzone.client.controller.session import PUBLIC

    state = session.state
    return (
        session.viewer == PUBLIC
        and state.phase == "turn"
        and not session.is_bot()
        and session.default_viewer() != PUBLIC
    )


class Opening:
    """The banner at the start of play: up from the board's first showing until it times out,
    is sent away, or the first action of play is taken."""

    def __init__(self, session: GameSession) -> None:
        self.session = session
        self.left = SECONDS if session.at_start_of_play() else 0.0
        self.version = session.version  # the banner goes with the first action after it
        self.text: arcade.Text | None = None
        self.built_for: tuple[object, ...] | None = None
        self.box: tuple[float, float, float, float] | None = None  # left, right, bottom, top

    @property
    def active(self) -> bool:
        return self.left > 0

    @property
    def hands_over(self) -> bool:
        """The banner waits for the table and then passes the screen on (nothing is played
        from the board meanwhile)."""
        return self.active and before_hand_over(self.session)

    @property
    def holds_bots(self) -> bool:
        """The bots wait while the table reads the banner and sees the Zone."""
        return self.active and self.session.is_bot()

    def update(self, view: BoardView, delta_time: float) -> None:
        """Count down (at the animation speed); at once in a fast run or when bots are
        skipped; gone with the first action. When it goes, the board zooms in to where play
        is as it does for any turn (the Zone stayed whole while it was up)."""
        if not self.active:
            return
        fast = view.win.headless_fast or view.win.skip_bots
        if self.hands_over and not fast:
            return  # the table looks as long as it likes
        speed = max(0.1, float(view.app.settings.animation_speed))
        self.left = max(0.0, self.left - delta_time * speed)
        if fast or self.session.version != self.version:
            self.left = 0.0
        if not self.active:
            self.ended(view)

    def dismiss(self, view: BoardView) -> bool:
        """Space: the banner goes (True if it was up)."""
        if not self.active:
            return False
        self.left = 0.0
        self.ended(view)
        return True

    def dismiss_to_hand_over(self, view: BoardView) -> bool:
        """A click while the banner waits for the table: it goes (True if it was waiting)."""
        return self.hands_over and self.dismiss(view)

    def ended(self, view: BoardView) -> None:
        """The whole Zone stays in view (the first view of the board shows all of it); a board
        shown before a hand-over passes the screen on."""
        view.rebuild_soon()
        if before_hand_over(self.session):
            view.ui.enable()  # the buttons answer again (the next screen disables them itself)
            self.session.show(view.win)

    def depth(self, view: BoardView) -> float:
        """How far down from the map's top the banner reaches (pixels; 0 when it is not up):
        the first view keeps the Zone under it."""
        if not self.active:
            return 0.0
        return theme.px(18) + self.banner_text(view).content_height + theme.px(32)

    def draw(self, view: BoardView) -> None:
        """The banner across the top of the map, under the top bar (the board draws it over its
        goal panel and tips: it is read first)."""
        if not self.active:
            return
        px = theme.px
        left, bottom, width, height = view.camera.area
        text = self.banner_text(view)
        half = min(width / 2 - px(10), text.content_width / 2 + px(24))
        cx, top = left + width / 2, bottom + height - px(18)
        box = self.box = (cx - half, cx + half, top - text.content_height - px(32), top)
        shapes.panel(*box, edge=theme.ACCENT)
        text.draw()

    def banner_text(self, view: BoardView) -> arcade.Text:
        """The banner's words, made again only when the language, the map area or the scale
        changed."""
        px = theme.px
        left, bottom, width, height = view.camera.area
        passing = before_hand_over(self.session)
        key = (i18n.language(), width, height, theme.scale(), passing)
        if key != self.built_for or self.text is None:
            self.built_for = key
            line = opening_line(self.session)
            words, size = text_fit.fit_lines(line, width - px(60), 16, bold=True)
            if passing:  # TURN-3: how the screen goes on to the first player
                name = self.session.shown_name(self.session.state.current_player)
                more = i18n.t("flow.opening_pass", name=name)
                words = f"{words}\n{text_fit.fit_lines(more, width - px(60), size, bold=True)[0]}"
            self.text = arcade.Text(
                words,
                left + width / 2,
                bottom + height - px(34),
                theme.ACCENT,
                theme.px(size),
                width=int(width - px(60)),
                multiline=True,
                align="center",
                anchor_x="center",
                anchor_y="top",
                bold=True,
                font_name=FONT,
            )
        return self.text
