"""Cards coming into play, shown large over the board (EVENT-1, ANOM-1, TROPHY-1, TROPHY-3,
ORDER-1, REP-1, EQ-10).

:class:`RevealQueue` reads the session's record: for every action applied since it last looked,
the reveals of :func:`~stalkerzone.client.screens.reveal.presenter.reveals` (from the notes
and the states before and after). :class:`RevealOverlay` shows them one at a time: the card's
face (or an Element, or the anomaly roll), what it did, and where it goes, sliding there as it
leaves. A human's card stays until acknowledged (Space, Enter, a click); a bot's card goes by
itself after a moment (none at all in a headless fast run or while bots are skipped); Space
skips the bots' cards.

Anomaly rolls: :attr:`RevealOverlay.draw_roll` draws the recorded face; the dice drawing of the
fight screen can be put there (it takes the die's face and its box).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import arcade
import pyglet

from stalkerzone.client.render import shapes
from stalkerzone.client.render.card_back import draw_card_back
from stalkerzone.client.render.card_face import CardFace
from stalkerzone.client.render.card_thumbs import FaceLook
from stalkerzone.client.screens.reveal.presenter import Reveal, reveals
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import theme
from stalkerzone.engine.play import GameState

if TYPE_CHECKING:
    from stalkerzone.client.controller.session import GameSession

BOT_SECONDS = 1.6
"""How long a bot's card stays at animation speed 1."""
LEAVE_SECONDS = 0.35
"""How long a card takes to slide to where it goes."""
PANEL_SHARE = 0.6
"""The card's panel is at most this share of the window's height, at every UI scale (the card
in it smaller still): the map around it stays in sight."""

RollDrawer = Callable[[int, float, float, float], None]
"""Draws one recorded die face in a square box: (face, centre x, centre y, size)."""


def draw_plain_die(face: int, cx: float, cy: float, size: float) -> None:
    """A d6 with its pips (the recorded face of an anomaly roll, ANOM-1)."""
    half = size / 2
    arcade.draw_lrbt_rectangle_filled(cx - half, cx + half, cy - half, cy + half, theme.TEXT)
    arcade.draw_lrbt_rectangle_outline(cx - half, cx + half, cy - half, cy + half, theme.ACCENT, 3)
    spots = {
        1: [(0, 0)],
        2: [(-1, 1), (1, -1)],
        3: [(-1, 1), (0, 0), (1, -1)],
        4: [(-1, 1), (1, 1), (-1, -1), (1, -1)],
        5: [(-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)],
        6: [(-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)],
    }.get(face, [(0, 0)])
    step = size * 0.27
    for dx, dy in spots:
        arcade.draw_circle_filled(cx + dx * step, cy + dy * step, size * 0.09, theme.BG)


def draw_face(texture: arcade.Texture, x: float, y: float, w: float, h: float) -> None:
    """A rendered card face in the box whose lower left corner is (x, y)."""
    sharp = abs(w - texture.width) < 1  # at its own size: pixel for pixel
    arcade.draw_texture_rect(texture, arcade.LBWH(round(x), round(y), w, h), pixelated=sharp)


class RevealQueue:
    """The reveals of the actions a session applied since this queue last looked."""

    def __init__(self, session: GameSession) -> None:
        self.session = session
        self.seen = len(session.record.actions)  # a loaded game reveals nothing of its past
        self.waiting: deque[tuple[int, Reveal]] = deque()  # (the turn it happened in, reveal)
        self.symbols = False
        """Colour-blind marks on the colours of the reveals queued from now on (settings)."""

    def catch_up(self) -> None:
        """Queue the reveals of every action applied since the last call (an undo rewinds)."""
        record = self.session.record
        count = len(record.actions)
        if count < self.seen:
            self.seen = count
            self.waiting.clear()
        for index in range(self.seen, count):
            before, after = record.before(index), record.after(index)
            if before is not None and after is not None:
                found = reveals(before, after, self.symbols)
                self.waiting.extend((before.turn, reveal) for reveal in found)
        self.seen = count

    def drop_earlier_turns(self) -> None:
        """A person's turn has begun (TURN-3: after the hand-over page, or straight after the
        bots): the cards of earlier turns still waiting, a bot's among them, belong to those
        turns and are not shown now (a bot's cards go by themselves in its own turn)."""
        self.waiting = deque(i for i in self.waiting if not self.belongs_to_earlier_turn(i[0]))

    def belongs_to_earlier_turn(self, turn: int) -> bool:
        """A card of ``turn`` is left out now: a person's turn after it has begun."""
        session = self.session
        state = session.state
        return state.phase != "over" and not session.is_bot() and turn < state.turn

    def pass_over(self) -> None:
        """Count every action applied so far as seen, revealing none of them: what the player
        did on a screen that showed it already (the base screen, BASE-1)."""
        self.seen = len(self.session.record.actions)

    def next(self, viewer: int) -> Reveal | None:
        """The next reveal as ``viewer`` may see it (a held event face down to others)."""
        return self.waiting.popleft()[1].seen_by(viewer) if self.waiting else None


class _Labels:
    """A screen's ``label`` writing into the overlay's own batch (for :class:`CardFace`)."""

    def __init__(self, view: Any, batch: pyglet.graphics.Batch) -> None:
        self.view = view
        self.batch = batch

    def label(self, text: str, x: float, y: float, size: float = 14, *args: Any, **kw: Any) -> Any:
        kw["batch"] = self.batch
        return self.view.label(text, x, y, size, *args, **kw)


class RevealOverlay:
    """One reveal at a time over a screen (the board): card, lines, destination."""

    def __init__(self, session: GameSession) -> None:
        self.queue = RevealQueue(session)
        self.session = session
        self.current: Reveal | None = None
        self.turn = 0  # the turn the current card came in
        self.timer = 0.0  # seconds left for a bot's card (humans: until acknowledged)
        self.leaving = 0.0  # > 0 while the card slides to where it goes
        self.leave_from: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
        self.batch = pyglet.graphics.Batch()
        self.face: CardFace | None = None
        self.face_texture: arcade.Texture | None = None  # the face, from the window's thumbnails
        self.box = (0.0, 0.0, 0.0, 0.0)  # left, bottom, right, top of the panel
        self.card_box = (0.0, 0.0, 0.0, 0.0)
        self.built_for: tuple[object, ...] | None = None
        self.shown: list[Reveal] = []  # every reveal shown, in order (the screen's history)
        self.draw_roll: RollDrawer = draw_plain_die

    # --- state ---------------------------------------------------------------------------------
    @property
    def active(self) -> bool:
        """A card is on screen (the board waits: no moves, bots wait)."""
        return self.current is not None

    @property
    def pending(self) -> bool:
        """A card is on screen or waits to be shown (bots wait for them all)."""
        self.queue.catch_up()
        return self.current is not None or bool(self.queue.waiting)

    def is_bot_card(self, reveal: Reveal) -> bool:
        """A card that goes by itself: a bot's, or a player's whose turn is over (only the
        player at the screen acknowledges a card)."""
        state = self.session.state
        return self.session.is_bot(reveal.player) or reveal.player != state.current_player

    def update(self, view: Any, delta_time: float, *, hold: bool = False) -> None:
        """Advance: a bot's card times out, a leaving card slides, the next card comes (not
        while ``hold``: e.g. the token still walks)."""
        if self.leaving > 0:
            self.leaving = max(0.0, self.leaving - delta_time * self.speed(view))
            if self.leaving == 0:
                self.current = None
                self.built_for = None
            return
        self.queue.catch_up()
        self.queue.drop_earlier_turns()
        if self.current is not None and self.queue.belongs_to_earlier_turn(self.turn):
            self.current, self.built_for = None, None  # its turn is over: not the next one's
        current = self.current
        if current is not None and self.is_bot_card(current):
            self.timer -= delta_time
            if self.timer <= 0 or self.instant(view):
                self.leave(view)
            return
        if current is None and not hold:
            self.show_next(view)

    def show_next(self, view: Any) -> None:
        self.turn = self.queue.waiting[0][0] if self.queue.waiting else 0
        reveal = self.queue.next(self.session.viewer)
        self.current = reveal
        self.built_for = None
        if reveal is not None:
            self.shown.append(reveal)
            self.timer = BOT_SECONDS / self.speed(view)

    def speed(self, view: Any) -> float:
        return max(0.1, float(view.app.settings.animation_speed))

    def instant(self, view: Any) -> bool:
        """No waiting for bots' cards: headless fast runs and "skip bots"."""
        return bool(view.win.headless_fast or view.win.skip_bots)

    def leave(self, view: Any) -> None:
        """The card slides towards where it goes (at once when nothing is drawn)."""
        if self.instant(view) or self.face is None:
            self.current = None
            self.built_for = None
            return
        self.leaving = LEAVE_SECONDS
        self.leave_from = self.card_box

    def acknowledge(self, view: Any) -> bool:
        """Space, Enter or a click: the card goes (and every queued bot card with it while
        bots are skipped). True if a card was on screen."""
        if self.current is None:
            return False
        if self.leaving > 0:  # already on its way: there at once
            self.leaving = 0.0
            self.current = None
            self.built_for = None
        else:
            self.leave(view)
        if view.win.skip_bots:
            waiting = self.queue.waiting
            self.queue.waiting = deque(item for item in waiting if not self.is_bot_card(item[1]))
        return True

    # --- drawing -------------------------------------------------------------------------------
    def build(self, view: Any) -> None:
        """Texts and the face for the current card (once per card and window size)."""
        reveal = self.current
        assert reveal is not None
        w, h = view.window.width, view.window.height
        key = (id(reveal), w, h, i18n.language())
        if key == self.built_for:
            return
        self.built_for = key
        self.batch = pyglet.graphics.Batch()
        px = theme.px
        labels = _Labels(view, self.batch)
        room = w - float(getattr(view, "hud_w", 0))  # over the map, the side panel in sight
        most = min(room - px(60), px(760))
        ph = min(h - px(120), px(520), h * PANEL_SHARE)  # the map stays in sight around it
        ch = ph - px(100)  # the card as large as the panel holds, at a card's proportions
        cw = min(ch / theme.CARD_RATIO, most * 0.45)
        colour = theme.PLAYER_COLOURS[reveal.player % len(theme.PLAYER_COLOURS)]
        title = labels.label(reveal.title, 0, 0, 20, colour, bold=True)
        width = int(most - cw - px(24) - px(32) - px(20))
        said = []  # what it did (the first line large), then where the card goes
        for k, line in enumerate(reveal.lines):
            size = 28 if k == 0 else 16
            text = labels.label(line, 0, 0, size, theme.TEXT, width=width, multiline=True)
            text.bold = k == 0
            said.append(text)
        if reveal.goes_to:
            said.append(labels.label(reveal.goes_to, 0, 0, 17, theme.ACCENT, bold=True))
        words = max((t.content_width for t in said), default=0)
        # as wide as the card and the words need: a short reveal leaves no empty panel
        pw = min(most, max(px(520), title.content_width + px(40), cw + px(76) + words + px(20)))
        left, bottom = (room - pw) / 2, (h - ph) / 2
        self.box = (left, bottom, left + pw, bottom + ph)
        title.x, title.y = left + px(20), bottom + ph - px(38)
        cx, cy = left + px(24), bottom + px(44)
        self.card_box = (cx, cy, cw, ch)
        state: GameState = self.session.view
        self.face, self.face_texture = None, None
        if reveal.card is not None and reveal.card in state.cards:
            card = state.cards.get(reveal.card)
            self.face = CardFace(card, cx, cy, cw, ch, colour=reveal.colour)
            look = FaceLook(colour=reveal.colour)
            self.face_texture = view.app.thumbnails().texture(card, cw, ch, look)
        elif reveal.kind == "element":
            labels.label(
                i18n.t("reveal.element_card"),
                cx + cw / 2,
                cy + px(24),
                15,
                theme.TEXT,
                bold=True,
                anchor_x="center",
            )
        tx = cx + cw + px(32)
        gaps = [px(18) if k == 0 else px(12) for k in range(len(said))]
        block = sum(t.content_height for t in said) + sum(gaps[:-1])
        y = cy + ch / 2 + block / 2  # the words centred beside the card
        for text, gap in zip(said, gaps, strict=True):
            text.anchor_y = "top"
            text.x, text.y = tx, y
            y -= text.content_height + gap
        bot = self.is_bot_card(reveal)
        hint = i18n.t("reveal.bot_skip" if bot else "reveal.continue")
        labels.label(
            hint, left + pw - px(16), bottom + px(14), 11, theme.TEXT_DIM, anchor_x="right"
        )

    def draw(self, view: Any) -> None:
        """The panel, the card (sliding away while it leaves), the texts."""
        reveal = self.current
        if reveal is None:
            return
        self.build(view)
        w, h = view.window.width, view.window.height
        if self.leaving > 0:
            self.draw_leaving(view, reveal)
            return
        arcade.draw_lrbt_rectangle_filled(0, w, 0, h, (0, 0, 0, 140))
        arcade.draw_lrbt_rectangle_filled(*self.box_lrbt(), theme.BG)
        shapes.panel(*self.box_lrbt())
        cx, cy, cw, ch = self.card_box
        if self.face_texture is not None:
            draw_face(self.face_texture, cx, cy, cw, ch)
        elif reveal.kind == "anomaly" and reveal.face:
            self.draw_roll(reveal.face, cx + cw / 2, cy + ch / 2, min(cw, ch) * 0.5)
        elif reveal.kind == "element":
            self.draw_element(cx + cw / 2, cy + ch / 2 + theme.px(14), min(cw, ch) * 0.32)
        else:
            self.draw_back(cx, cy, cw, ch, reveal)
        self.batch.draw()

    def box_lrbt(self) -> tuple[float, float, float, float]:
        left, bottom, right, top = self.box
        return left, right, bottom, top

    def draw_leaving(self, view: Any, reveal: Reveal) -> None:
        """The card shrinks towards the side panel (the stalker's card and the players)."""
        f = 1.0 - self.leaving / LEAVE_SECONDS
        cx, cy, cw, ch = self.leave_from
        tx, ty = view.window.width - theme.px(150), view.window.height - theme.px(60)
        x = cx + (tx - cx) * f
        y = cy + (ty - cy) * f
        scale = 1.0 - 0.8 * f
        if self.face_texture is not None:  # the card itself, shrinking on its way
            draw_face(self.face_texture, x, y, cw * scale, ch * scale)
            return
        self.draw_back(x, y, cw * scale, ch * scale, reveal)

    def draw_back(self, x: float, y: float, w: float, h: float, reveal: Reveal) -> None:
        """A card shown face down (a bot's kept fight event, TURN-3): the game's card back."""
        draw_card_back(x, y, w, h, "event" if reveal.kind in ("event", "held_event") else None)

    def draw_element(self, cx: float, cy: float, r: float) -> None:
        """WIN-1: an Element, a glowing crystal."""
        points = [(cx, cy + r), (cx + r * 0.6, cy), (cx, cy - r), (cx - r * 0.6, cy)]
        arcade.draw_circle_filled(cx, cy, r * 1.2, (120, 200, 255, 50))
        arcade.draw_polygon_filled(points, (120, 200, 255, 255))
        arcade.draw_polygon_outline(points, theme.TEXT, 2)
