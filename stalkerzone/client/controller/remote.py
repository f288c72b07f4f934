"""A game played on a host, shown by the client's usual screens (docs/protocol.md).

:class:`RemoteSession` is a :class:`GameSession` whose state is the host's ``player_view`` of this
client's seats (TURN-3): screens read it and call ``act`` as for a local game, but ``act`` sends
the action and the host's engine answers (a refusal comes back as the same IllegalAction). The
window polls it every frame (``poll``): new views open the screen the state calls for, so other
players' moves, trades and fights are followed live. Seats that are not this client's are never
decided here (``plays_bots`` is off: the host plays its bots), and there is no hand-over page for
them. A host that goes away opens the lobby with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import arcade

from stalkerzone.client.controller.session import (
    PUBLIC,
    GameSession,
    GameSpec,
    LogLine,
    ScreenHost,
    SeatSpec,
)
from stalkerzone.client.controller.table_display import JoinCorner, handover_due
from stalkerzone.client.controller.turn_log import take_back
from stalkerzone.client.render.fonts import FONT
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import theme
from stalkerzone.engine.core import IllegalAction, params_of
from stalkerzone.engine.game import GameRecord, GameSetup, PlayerSetup, UndoCheck, UndoRefused
from stalkerzone.engine.play import Action, GameState
from stalkerzone.network.client import JoinRefused, RemoteGame
from stalkerzone.network.discovery import Advertisement
from stalkerzone.network.protocol import PROTOCOL_RULE
from stalkerzone.network.remembered import remember_seat
from stalkerzone.network.server import GameServer
from stalkerzone.persistence.serialize import SnapshotError, action_from_json

if TYPE_CHECKING:
    from stalkerzone.client.app.context import Presets
    from stalkerzone.client.app.window import StalkerWindow
    from stalkerzone.story import Story

OTHERS = "remote"  # the ``bot`` mark of a seat this client does not decide for
LOGGED = {"joined": "joined", "left": "left", "stand_in": "stand_in_log", "undo": "undo_log"}
"""The table's events that are turn-log lines, and their strings."""


@dataclass
class RemoteSession(GameSession):
    """The client's session of a network game (state = this seat's view, never the truth)."""

    remote: RemoteGame | None = None
    hosting: HostedGame | None = None  # the server, when this window hosts the game
    closed_shown: bool = False
    strip: TableStrip = field(default_factory=lambda: TableStrip())
    join_corner: JoinCorner = field(default_factory=lambda: JoinCorner())
    display: bool = False  # the window is the table's public display (``table_display``)
    logged: int = -1  # the actions played when the turn log last took a view's notes
    final_fight: bool = False
    """As the public display: the game just ended with a fight, which is played out for the
    table before the game-over screen (that comes when its dice are done, or on Space)."""
    plays_bots = False  # the host plays every seat that is not ours

    @classmethod
    def joined(cls, game: RemoteGame) -> RemoteSession:
        """A session for a game joined with :func:`stalkerzone.network.client.open_game`."""
        view = game.view
        assert view is not None and game.ctx is not None
        mine = set(game.seats)
        seats = tuple(
            SeatSpec(p.name, p.stalker, None if i in mine else (p.bot or OTHERS))
            for i, p in enumerate(view.players)
        )
        zone_mode = str(game.game.get("zone_mode", "hand"))
        spec = GameSpec(0, seats, view.variant_id, zone_mode)  # the seed stays on the host
        setup = GameSetup(
            0,
            tuple(PlayerSetup(s.name, s.stalker, s.bot) for s in seats),
            game.ctx.variant,
            zone_mode,  # type: ignore[arg-type]
        )
        record = GameRecord(setup, (), (view,))
        session = cls(spec, record, game.cards, game.sectors, remote=game)
        session.autosave_enabled = False  # the host saves
        session.log.extend(LogLine(turn, "", text) for turn, text in game.log)  # kept on rejoin
        session.logged = game.version
        session.viewer = session.default_viewer()
        session.read_events()
        return session

    @property
    def game(self) -> RemoteGame:
        assert self.remote is not None
        return self.remote

    # --- reading -----------------------------------------------------------------------------
    def is_remote(self, index: int) -> bool:
        """A person's seat played on another machine (not a bot, not this client's)."""
        return index not in self.game.seats and self.spec.seats[index].bot == OTHERS

    def seated(self) -> bool:
        """Whether this connection holds a seat (the public display and spectators hold none)."""
        return bool(self.game.seats)

    def default_viewer(self) -> int:
        """The seat the host's view is of (a spectator sees the public board)."""
        return self.game.viewer if self.game.seats else PUBLIC

    def host_story(self) -> Story | None:
        """The story the host sent at the end (WIN-1): this client saw only the views, so its
        own record cannot tell it (None until it comes, or if it cannot be read)."""
        from stalkerzone.story import StoryUnreadable, story_from_json

        if self.game.story is None:
            return None
        try:
            return story_from_json(self.game.story)
        except StoryUnreadable:
            return None

    def undo_check(self) -> UndoCheck:
        """What the host's last view said (TURN-2: the same rule as at one screen): allowed,
        or why not (with the reason's parameters, a name); nothing said (not this seat's turn)
        is a refusal too."""
        said = self.game.undo
        if said is None:
            rule = "TURN-2: nothing of yours to take back this turn"
            return UndoCheck(False, rule, key="undo_none_yours")
        if said.get("allowed") is True:
            return UndoCheck(True)
        reason = f"{said.get('rule') or PROTOCOL_RULE}: {said.get('message') or ''}"
        raw = said.get("params")
        params = (
            {k: v for k, v in raw.items() if isinstance(v, str)} if isinstance(raw, dict) else {}
        )
        key = str(said.get("key") or "protocol")
        return UndoCheck(False, reason, key=key, params=params_of(params))

    def undo(self) -> None:
        """Ask the host to take the last action back (TURN-2); its refusal is raised as the
        engine's would be (:class:`UndoRefused`; nothing changed). The host's undo event logs
        who took it back."""
        try:
            view = self.game.take_back()
        except JoinRefused as error:
            raise UndoRefused(PROTOCOL_RULE, str(error), key="protocol") from None
        except IllegalAction as error:
            reason = str(error).removeprefix(f"{error.rule}: ")
            raise UndoRefused(error.rule, reason, key=error.key, **dict(error.params)) from None
        self._took(view)

    def autosave(self) -> None:
        """The host saves a network game; the client keeps nothing."""

    # --- acting ------------------------------------------------------------------------------
    def act(self, action: Action, *, dealt: bool = False) -> GameState:
        """Send ``action`` to the host and take its answer: the new view, or the engine's
        refusal raised (nothing changed). A lost host is a refusal naming the reason. The
        host's turn log is the one shown, so ``dealt`` changes nothing here."""
        try:
            view = self.game.act(action)
        except JoinRefused as error:
            raise IllegalAction(PROTOCOL_RULE, str(error), key="protocol") from None
        self._took(view)
        return view

    def poll(self, host: ScreenHost) -> None:
        """Read what the host sent; open the screen a new view calls for, or the lobby with
        the reason when the host is gone."""
        game = self.game
        if game.connection.closed_by_us:
            return
        if self.hosting is not None:
            self.hosting.refresh()
        if game.update():
            view = game.view
            assert view is not None
            self._took(view)
            self.show(host)
        if game.closed is not None and not self.closed_shown:
            self.closed_shown = True
            host.show_screen("lobby", message=game.closed)

    def _took(self, view: GameState) -> None:
        if view is self.record.state:
            return
        before = self.state
        if view.phase == "over" and before.phase != "over" and self.display:
            self.final_fight = view.last_fight is not None and (
                before.fight is not None or before.last_fight != view.last_fight
            )
        actions = self.read_events()
        self.record = GameRecord(self.record.setup, actions, (view,), base=len(actions))
        self.version += 1
        number = self.game.version  # the actions played: the notes' action (an undo marks)
        if number > self.logged:  # a position logged already (after an undo) is not again
            self.logged = number
            if not self.display or self.game.viewer == PUBLIC:  # a public display: no secret
                for line in view.notes:
                    self.log.append(LogLine(view.turn, "", line, number))
        if len(self.log) > 400:
            del self.log[:-300]
        self.worker.forget(lambda key: key[1] == self.version)  # type: ignore[index]

    def read_events(self) -> tuple[Action, ...]:
        """The actions the host reported (``event`` messages; an ``undo`` takes the last one
        back, TURN-2), and the joins, leaves and undos as log lines."""
        actions = list(self.record.actions)
        for event in self.game.take_events():
            kind = event.get("kind")
            name = str(event.get("name", ""))
            if kind == "action":
                try:
                    actions.append(action_from_json(event.get("action")))
                except SnapshotError:
                    continue
            elif isinstance(kind, str) and kind in LOGGED:
                if kind == "undo":  # TURN-2: its lines read "Taken back: …", as at one screen
                    if actions:
                        actions.pop()
                    version = event.get("version")
                    if isinstance(version, int):
                        take_back(self.log, version + 1, self.state.turn)
                        self.logged = min(self.logged, version)
                self.log.append(
                    LogLine(self.state.turn, name, i18n.t(f"network.{LOGGED[kind]}", name=name))
                )
        return tuple(actions[-50:])

    def show(self, window: ScreenHost, *, handover: bool = True) -> None:
        """The screen for the state; a hand-over page only between this client's own seats
        (as the public display: before any of them, ``table_display.handover_due``). As the
        public display, a game ended by a fight shows that fight played out first."""
        if self.final_fight:  # WIN-1 after a fight: the fight first, then the game's end
            self.final_fight = False
            if not window.refresh_screen("gameover", self):  # a fight shown follows to its end
                window.show_screen("fight")
            return
        due = handover_due(self, window) if handover else None
        if due is not None:
            self.viewer = PUBLIC
            window.show_screen("handover", player=due, then=self.screen_kind())
            return
        super().show(window, handover=handover and len(self.humans) > 1)

    def absent_seat(self) -> int | None:
        """When this window hosts: the seat to act if it is remote, its player away and no bot
        plays it yet (the strip offers F9: a bot plays it until its player is back)."""
        if self.hosting is None or self.state.phase == "over":
            return None
        current = self.state.current_player
        row = next((s for s in self.game.table if s.seat == current), None)
        if row is None or row.kind != "remote" or row.connected or row.stand_in:
            return None
        return current

    def hand_to_bot(self) -> bool:
        """F9 when hosting: a bot plays the absent seat to act until its player rejoins."""
        index = self.absent_seat()
        if index is None or self.hosting is None:
            return False
        self.hosting.server.stand_in(index)
        return True

    def log_line(self, text: str) -> None:
        """A line in the turn log (hosting address, discovery problems)."""
        self.log.append(LogLine(self.state.turn, "", text))

    def close(self) -> None:
        self.leave()

    def leave(self) -> None:
        """Leave the game: close the connection and, on the host, stop serving (every client
        is told why)."""
        self.game.leave()
        if self.hosting is not None:
            self.hosting.close()
            self.hosting = None

    def draw_overlay(self, window: StalkerWindow) -> None:
        """Who sits where, who is connected and whose turn it is, over every game screen;
        when hosting, the join card while a remote seat is free."""
        self.strip.draw(self, window)
        self.join_corner.draw(self, window)


@dataclass
class HostedGame:
    """The server this window runs for a hosted game and its LAN announcement."""

    server: GameServer
    announcement: Advertisement | None = None
    link_address: str = ""
    """The address in the join URL (the LAN address); empty: no join card (this computer
    only)."""

    def refresh(self) -> None:
        """Keep the free-seat count announced on the network current."""
        if self.announcement is None:
            return
        try:  # read from the window's thread: a count caught mid-change is read next frame
            free = self.server.table.free_seats()
        except RuntimeError:
            return
        self.announcement.set_free_seats(free)

    @property
    def code(self) -> str:
        """The table code players give to join or watch."""
        return self.server.table.code

    def close(self) -> None:
        if self.announcement is not None:
            self.announcement.close()
        self.server.stop()


class TableStrip:
    """Lines listing each seat, connected or not, and the one to act: hung from the corner the
    screen keeps free (``overlay_corner``: the map's top right), else at the bottom right."""

    def __init__(self) -> None:
        self.key: object = None
        self.texts: list[arcade.Text] = []
        self.box = (0.0, 0.0, 0.0, 0.0)

    def draw(self, session: RemoteSession, window: StalkerWindow) -> None:
        game = session.game
        state = session.state
        key = (
            tuple((s.name, s.connected, s.stand_in) for s in game.table),
            state.current_player,
            window.width,
            window.height,
            game.closed,
            i18n.language(),
            self.corner(window),
        )
        if key != self.key:
            self.key = key
            self.build(session, window)
        left, right, bottom, top = self.box
        arcade.draw_lrbt_rectangle_filled(left, right, bottom, top, (10, 12, 10, 215))
        for text in self.texts:
            text.draw()

    @staticmethod
    def corner(window: StalkerWindow) -> tuple[float, float] | None:
        """The top right corner the screen keeps free for the strip (``overlay_corner``:
        the layout and the board), or None: the bottom right of the screen."""
        spot = getattr(window.current_view, "overlay_corner", None)
        return spot() if callable(spot) else None

    def build(self, session: RemoteSession, window: StalkerWindow) -> None:
        game = session.game
        state = session.state
        parts: list[tuple[str, Any]] = []
        for seat in game.table:
            mark = "●" if seat.connected else "○"
            word = i18n.t(f"network.kind_{seat.kind}") if seat.kind else ""
            if seat.stand_in:
                word = i18n.t("network.stand_in")
            you = i18n.t("network.you") if seat.seat in game.seats else ""
            turn = "→ " if seat.seat == state.current_player and state.phase != "over" else ""
            colour = theme.PLAYER_COLOURS[seat.seat % len(theme.PLAYER_COLOURS)]
            if not seat.connected:
                colour = theme.TEXT_DIM
            parts.append((f"{turn}{mark} {i18n.player_name(seat.name)}{you} · {word}", colour))
        absent = session.absent_seat()
        if absent is not None:
            name = i18n.player_name(game.table[absent].name) if absent < len(game.table) else ""
            parts.append((i18n.t("network.offer_bot", name=name), theme.WARN))
        if session.hosting is not None and session.hosting.code:
            parts.append((i18n.t("network.code_shown", code=session.hosting.code), theme.ACCENT))
        if game.closed:
            parts.append((game.closed, theme.WARN))
        size = 11
        corner = self.corner(window)
        x = window.width - theme.px(12) if corner is None else corner[0] - theme.px(6)
        y = theme.px(8)
        self.texts = []
        widest = 0.0
        for text, colour in reversed(parts):
            label = arcade.Text(
                text,
                x,
                y,
                colour,
                theme.px(size),
                font_name=FONT,
                anchor_x="right",
                anchor_y="bottom",
            )
            widest = max(widest, label.content_width)
            y += label.content_height + theme.px(2)
            self.texts.append(label)
        pad = theme.px(6)
        bottom, top = float(theme.px(4)), y + pad / 2
        if corner is not None:  # hang it from the corner the screen keeps free
            shift = corner[1] - top
            for label in self.texts:
                label.y += shift
            bottom, top = bottom + shift, corner[1]
        self.box = (x - widest - pad, x + pad, bottom, top)


def run_joined(
    presets: Presets,
    address: str,
    seats: tuple[int, ...] = (),
    *,
    token: str | None = None,
    name: str | None = None,
    code: str | None = None,
    any_seat: bool = False,
    accept_packs: bool = False,
    stalker: str | None = None,
) -> int:
    """``stalkerzone join``: connect and join first (a refusal is one line, no window), then
    open the window on the game and run until it closes. The host's card packs this client
    lacks are installed only with ``accept_packs`` (else the refusal says how)."""
    from stalkerzone.client.app.context import make_context
    from stalkerzone.client.app.window import open_window
    from stalkerzone.errors import UserError
    from stalkerzone.network.client import PacksOffered, address_uri, open_game
    from stalkerzone.network.pack_offers import install_offers
    from stalkerzone.paths import user_cards_dir

    app = make_context(presets)

    def joined() -> RemoteGame:
        return open_game(
            address,
            seats,
            token=token,
            name=name,
            code=code,
            any_seat=any_seat,
            stalker=stalker,
            loaded=app.cards(),
        )

    try:
        game = joined()
    except PacksOffered as offered:
        if not accept_packs:
            raise UserError(
                f"{offered}; join again with --accept-packs to download them, check them "
                f"against the host's digests and install them into {user_cards_dir()}"
            ) from None
        for line in install_offers(address_uri(address), offered.offers, user_cards_dir()):
            print(line)
        app.cards(reload=True)
        game = joined()
    if game.token:
        print(f"joined seats {[s + 1 for s in game.seats]}; to rejoin: --token {game.token}")
        remember_seat(address, game.token, code)
    window = open_window(app)
    session = RemoteSession.joined(game)
    app.session = session
    session.show(window)
    try:
        arcade.run()
    finally:
        session.leave()
    return 0
