"""The host's game table: the only place a network game is played, with no I/O of its own.

:class:`GameTable` keeps the game record (``game.record``: set-up, actions, the states between,
the RNG inside the state, never sent), the seats and who holds them, and the connections. It turns
every message a connection sends into the messages to send back (:data:`Outgoing`), so the server
around it only moves text. Each connection only ever gets ``player_view`` of its seat (TURN-3,
DEATH-2); actions are checked by the engine itself (``legal_actions`` / ``apply``) and a refusal
leaves the game unchanged.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from stalkerzone.bots import players as bots
from stalkerzone.bots.memory import BotMemory
from stalkerzone.engine.core import IllegalAction
from stalkerzone.engine.game import GameRecord, legal_actions, notes_seen, player_view
from stalkerzone.engine.game import record as records
from stalkerzone.engine.play import Action, GameState
from stalkerzone.engine.turn import seat_refusal
from stalkerzone.network import admission, joining, protocol, undo_offer
from stalkerzone.network import limits as bounds
from stalkerzone.network.join_codes import JoinCodes
from stalkerzone.network.limits import (
    CodeGuesses,
    ConnectionBudget,
    Limits,
    LogOnce,
    SpareDescriptor,
    new_token,
)
from stalkerzone.network.pack_offers import PackOffers
from stalkerzone.network.protocol import (
    ActionMessage,
    ByeMessage,
    ChatMessage,
    JoinMessage,
    ProtocolError,
)
from stalkerzone.network.view_extras import ViewExtras
from stalkerzone.network.view_writer import ViewWriter
from stalkerzone.persistence.serialize import JSON, action_to_json, canonical

log = logging.getLogger(__name__)
SeatKind = Literal["local", "remote", "bot"]
SEAT_KINDS: tuple[SeatKind, ...] = ("local", "remote", "bot")
"""``local``: hot-seat at the host's own screen; ``remote``: a player on another machine;
``bot``: played by the host."""
PUBLIC = -1
LOG_LINES = 200
"""How many lines of the turn log a joining connection is sent (its view of each)."""

Outgoing = tuple[int, dict[str, JSON]]
"""A message for one connection (its id)."""
CLOSE: dict[str, JSON] = {"type": "close"}
"""Not a protocol message: tells the server to close that connection after what it sent."""


@dataclass
class Seat:
    index: int
    name: str
    kind: SeatKind
    bot: str | None = None
    holder: int | None = None  # the connection playing it now
    stand_in: bool = False  # a remote seat the host's bot plays while its player is away


@dataclass
class Connection:
    id: int
    seats: tuple[int, ...] | None = None  # None until it joined; () for a spectator
    name: str = ""
    token: str = ""
    address: str = ""  # the peer's IP address (wrong table codes are counted per address)
    budget: ConnectionBudget | None = None
    display: bool = False  # the host's window as the table's public display (``public_display``)


@dataclass
class GameTable:
    """An authoritative game for connected clients, hot-seat seats and bots (TURN-1, TURN-3)."""

    record: GameRecord
    seats: list[Seat]
    packs: tuple[Any, ...] = ()
    hide_orders: bool = False
    save_to: Path | None = None  # where the game is saved after every turn (None: autosave)
    autosave: bool = True
    host_key: str = field(default_factory=new_token)
    code: str = ""
    """The table code a join must give (``""``: none asked; the host's own key needs none)."""
    limits: Limits = field(default_factory=Limits)
    public_display: bool = False
    """The host's own window is the table's public display: its connection sees the public
    board except on the turns of its own (hot-seat) seats."""
    offers: PackOffers = field(default_factory=lambda: PackOffers(()))
    """The card packs offered to joining players (``pack_offers``), made from ``packs``."""

    bot_takeover: float | None = None
    """Seconds a remote seat may be absent on its turn before a bot plays it (None: never)."""
    clock: Callable[[], float] = time.monotonic
    spare: SpareDescriptor | None = None  # given back when a save finds no file descriptor
    failures: LogOnce = field(default_factory=lambda: LogOnce(log))
    absent_since: dict[int, float] = field(default_factory=dict)
    guesses: CodeGuesses | None = None
    join_codes: JoinCodes = field(default_factory=JoinCodes)
    """One-time codes a printed URL or a shown QR code carries instead of :attr:`code`."""
    connections: dict[int, Connection] = field(default_factory=dict)
    tokens: dict[str, tuple[int, ...]] = field(default_factory=dict)
    bot_memory: BotMemory = field(default_factory=BotMemory)
    chat: list[tuple[str, str]] = field(default_factory=list)
    views: ViewWriter = field(default_factory=ViewWriter)
    extras: ViewExtras = field(default_factory=ViewExtras)  # odds, undo, story (``view_extras``)
    saved_at: Path | None = None  # the last save written: its sidecar keeps the tokens
    stand_in_moves: set[int] = field(default_factory=set)
    """The indices of the actions a stand-in bot played for an absent player (not the
    player's to take back, ``undo_offer``)."""
    _next_id: int = 0
    _legal: tuple[int, list[JSON]] = (-1, [])  # the legal actions of one position
    welcome: tuple[object, dict[str, JSON]] | None = None  # a spectator's, shared (``joining``)

    def __post_init__(self) -> None:
        self.join_codes.clock = lambda: self.clock()  # the table's clock, even one set later
        if self.packs and not self.offers.has_folders():
            self.offers = PackOffers(self.packs)

    @classmethod
    def create(cls, record: GameRecord, kinds: Sequence[SeatKind], **options: Any) -> GameTable:
        """A table for ``record`` whose seats are of ``kinds`` (a bot seat needs a bot in the
        set-up, TURN-1); ``options`` are the other fields."""
        players = record.setup.players
        if len(kinds) != len(players):
            raise ValueError(f"{len(kinds)} seat kinds for {len(players)} players")
        seats = []
        for index, (kind, player) in enumerate(zip(kinds, players, strict=True)):
            if (kind == "bot") != (player.bot is not None):
                raise ValueError(f"seat {index + 1}: a bot seat needs a bot player and back")
            seats.append(Seat(index, player.name, kind, player.bot))
        return cls(record, seats, **options)

    # --- reading -----------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The true state (it never leaves the host as such)."""
        return self.record.state

    @property
    def version(self) -> int:
        """How many actions the game has had: every view carries it."""
        return len(self.record.actions)

    def viewer_of(self, seats: Sequence[int], *, display: bool = False) -> int:
        """Whose view a holder of ``seats`` gets: the current seat if it holds it, else its
        first seat (the public display: nobody's), else nobody's (spectators see the public
        board)."""
        if not seats:
            return PUBLIC
        current = self.state.current_player
        if current in seats:
            return current
        return PUBLIC if display else seats[0]

    def view_of(self, seats: Sequence[int], *, display: bool = False) -> GameState:
        """``player_view`` for a holder of ``seats`` (face-down cards counted, never named;
        notes for another seat told without their card)."""
        viewer = self.viewer_of(seats, display=display)
        return player_view(self.state, viewer, hide_orders=self.hide_orders)

    def legal_of(self, seats: Sequence[int]) -> list[JSON]:
        """The legal actions of a holder of ``seats`` in the protocol's JSON form: those of the
        seat to act if it holds it (turn, layout and fight decisions alike, TURN-2), else none;
        worked out once per position, in a fixed order (the engine's follows the shuffled
        orders pile, which no view tells); last, ``{"type": "Undo"}`` when the seat may take
        back its last action (``undo_offer``)."""
        state = self.state
        if state.phase == "over" or state.current_player not in seats:
            return []
        if self._legal[0] != self.version:
            found = sorted((action_to_json(a) for a in legal_actions(state)), key=canonical)
            self._legal = (self.version, found)
        if undo_offer.check_for(self.record, seats, self.stand_in_moves):
            return [*self._legal[1], undo_offer.undo_action()]
        return list(self._legal[1])

    def log_of(self, seats: Sequence[int], *, display: bool = False) -> list[JSON]:
        """The turn log as a holder of ``seats`` may read it: ``[turn, line]`` for each note of
        the last actions the record keeps (at most :data:`LOG_LINES`), told as in its views."""
        viewer = self.viewer_of(seats, display=display)
        lines: list[JSON] = []
        for state in reversed(self.record.states[1:]):
            seen = notes_seen(state, viewer)
            lines[:0] = [[state.turn, str(line)] for line in seen]
            if len(lines) >= LOG_LINES:
                break
        return lines[-LOG_LINES:]

    def table_info(self) -> list[JSON]:
        """The seats as every client sees them: name, kind, bot strength, connected."""
        return [
            {
                "seat": s.index,
                "name": s.name,
                "kind": s.kind,
                "bot": s.bot,
                "connected": s.kind == "bot" or s.holder is not None,
                "stand_in": s.stand_in,
            }
            for s in self.seats
        ]

    def game_info(self) -> dict[str, JSON]:
        """What a client needs to read views: variant, Zone mode, card packs with checksums."""
        from stalkerzone.persistence.saves import pack_refs

        state = self.state
        refs = pack_refs(state.cards, self.packs, state.ctx)
        return {
            "variant": state.variant.id,
            "zone_mode": self.record.setup.zone_mode,
            "packs": [self._pack_info(p) for p in refs],
        }

    def _pack_info(self, ref: Any) -> dict[str, JSON]:
        """A pack in play: id, version, checksum of its cards, and the archive offered."""
        info: dict[str, JSON] = {"id": ref.id, "version": ref.version, "digest": ref.digest}
        offer = self.offers.offer(ref.id)
        if offer is not None:
            info["offer"] = offer.as_json()
        return info

    def view_message(
        self, conn: Connection, *, reply_to: int | None = None, first: bool = False
    ) -> dict[str, JSON]:
        seats = conn.seats or ()
        display = conn.display
        view, legal = self.view_of(seats, display=display), self.legal_of(seats)
        viewer = self.viewer_of(seats, display=display)
        message: dict[str, JSON] = {
            "type": "view",
            "protocol": protocol.VERSION,
            "version": self.version,
            "viewer": viewer,
            "seats": list(seats),
            "table": self.table_info(),
            "reply_to": reply_to,
            "state": self.views.write(view, self.version),
            "legal": legal,
            **self.extras.fields(self.record, view, viewer, seats, legal, self.stand_in_moves),
        }
        if first:
            message["token"] = conn.token
            message["game"] = self.game_info()
            message["log"] = self.log_of(seats, display=display)
        return message

    # --- connections -------------------------------------------------------------------------
    def connect(self, address: str = "") -> int:
        """A new connection (not yet joined) from the IP ``address``: its id."""
        self._next_id += 1
        budget = ConnectionBudget.of(self.limits)
        self.connections[self._next_id] = Connection(self._next_id, address=address, budget=budget)
        return self._next_id

    def watchers(self) -> int:
        """Connections that joined holding no seat (spectators; not the host's own window)."""
        return sum(
            1 for c in self.connections.values() if c.seats == () and c.token != self.host_key
        )

    def free_seats(self) -> int:
        """Remote seats a newcomer may take by number (nobody holds them, no token keeps them)."""
        reserved = {i for seats in self.tokens.values() for i in seats}
        return sum(
            1
            for s in self.seats
            if s.kind == "remote" and s.holder is None and s.index not in reserved
        )

    def disconnect(self, conn_id: int) -> list[Outgoing]:
        """The connection is gone: its seats wait for their token (rejoin), others are told."""
        conn = self.connections.pop(conn_id, None)
        if conn is None or conn.seats is None:
            return []
        for index in conn.seats:
            if self.seats[index].holder == conn_id:
                self.seats[index].holder = None
        if not conn.seats:  # a spectator leaving changes no seat: nobody is told
            return []
        return self.to_all(self.seat_event("left", conn))

    def receive(self, conn_id: int, raw: str | bytes) -> list[Outgoing]:
        """Everything one message from ``conn_id`` causes; never raises."""
        conn = self.connections.get(conn_id)
        if conn is None:
            return []
        try:
            message = protocol.read_client_message(raw)
        except ProtocolError as error:
            return [(conn_id, protocol.protocol_refusal(str(error)))]
        over = admission.over_rate(self, conn, message)
        if over is not None:
            return over
        try:
            return self._handle(conn, message)
        except ProtocolError as error:
            request = message.id if isinstance(message, ActionMessage) else None
            return [(conn_id, protocol.protocol_refusal(str(error), request))]

    def cut(self, conn_id: int, key: str, reason: str) -> list[Outgoing]:
        """Tell ``conn_id`` why (``bye`` with its reason key), close it, tell the others."""
        return [
            (conn_id, protocol.goodbye(reason, key)),
            (conn_id, CLOSE),
            *self.disconnect(conn_id),
        ]

    def _handle(self, conn: Connection, message: protocol.ClientMessage) -> list[Outgoing]:
        if isinstance(message, JoinMessage):
            return joining.join(self, conn, message)
        if conn.seats is None:
            raise ProtocolError("join first")
        if isinstance(message, ActionMessage):
            return self._action(conn, message)
        if isinstance(message, ChatMessage):
            name = conn.name or f"Watcher {conn.id}"
            self.chat.append((name, message.text))
            del self.chat[:-100]
            chat: dict[str, JSON] = {"type": "chat", "name": name, "text": message.text}
            return self.to_all(chat)
        assert isinstance(message, ByeMessage)
        return [(conn.id, CLOSE), *self.disconnect(conn.id)]

    def _action(self, conn: Connection, message: ActionMessage) -> list[Outgoing]:
        if undo_offer.is_undo(message.action):
            return undo_offer.take_back(self, conn, message)
        action = protocol.read_action(message)
        error = seat_refusal(self.state, conn.seats or ())
        if error is not None:
            return [(conn.id, protocol.refusal(error, message.id))]
        try:
            self.play(action)
        except IllegalAction as refused:
            return [(conn.id, protocol.refusal(refused, message.id))]
        return self.after_action(reply_to=(conn.id, message.id))

    # --- playing -----------------------------------------------------------------------------
    def play(self, action: Action) -> None:
        """Apply ``action`` for the current seat (``record.play``); saves after a turn."""
        before = self.state
        self.record = records.play(self.record, action)
        ended_turn = self.state.current_player != before.current_player
        left_layout = before.phase == "layout" and self.state.phase != "layout"
        if self.autosave and (ended_turn or left_layout or self.state.phase == "over"):
            self.save()

    def after_action(self, reply_to: tuple[int, int] | None = None) -> list[Outgoing]:
        """The event and the new views after an action, for every joined connection."""
        index = len(self.record.actions) - 1
        actor = self.record.actor(index)
        action = self.record.actions[index]
        event: dict[str, JSON] = {
            "type": "event",
            "kind": "action",
            "version": self.version,
            "seat": actor,
            "name": self.seats[actor].name if actor is not None else "",
            "action": action_to_json(action),
        }
        return self.views_to_all(reply_to, event)

    def views_to_all(
        self, reply_to: tuple[int, int] | None, event: dict[str, JSON] | None = None
    ) -> list[Outgoing]:
        """``event`` (if any) for every joined connection, then each one's new view (one
        message for the same seats)."""
        out: list[Outgoing] = [] if event is None else self.to_all(event)
        same: dict[tuple[tuple[int, ...], int | None, bool], dict[str, JSON]] = {}
        for conn in self.connections.values():
            if conn.seats is None:
                continue
            reply = reply_to[1] if reply_to is not None and reply_to[0] == conn.id else None
            key = (conn.seats, reply, conn.display)  # spectators share one message (one text)
            message = same.get(key)
            if message is None:
                message = same[key] = self.view_message(conn, reply_to=reply)
            out.append((conn.id, message))
        return out

    def forget_position(self) -> None:
        """The record changed other than by an action (an undo, a stalker chosen): a version
        number may be seen again, so what was worked out for one is dropped."""
        self._legal, self.welcome = (-1, []), None

    def bot_to_act(self) -> bool:
        """Whether a bot plays the seat to act: a bot seat, or a stand-in for an absent player."""
        state = self.state
        seat = self.seats[state.current_player]
        return state.phase != "over" and (seat.kind == "bot" or seat.stand_in)

    def check_absent(self) -> list[Outgoing]:
        """With ``bot_takeover`` set: a remote seat absent on its turn for that many seconds is
        played by a bot from now on (until its player rejoins); the table is told."""
        state = self.state
        seat = self.seats[state.current_player]
        if self.bot_takeover is None or state.phase == "over" or seat.kind != "remote":
            return []
        if seat.holder is not None or seat.stand_in:
            self.absent_since.pop(seat.index, None)
            return []
        now = self.clock()
        since = self.absent_since.setdefault(seat.index, now)
        if now - since < self.bot_takeover:
            return []
        return self.stand_in(seat.index)

    def stand_in(self, index: int) -> list[Outgoing]:
        """A bot plays seat ``index`` until its player rejoins; everyone is told."""
        seat = self.seats[index]
        if seat.kind != "remote" or seat.holder is not None or seat.stand_in:
            return []
        seat.stand_in = True
        self.absent_since.pop(index, None)
        event: dict[str, JSON] = {
            "type": "event",
            "kind": "stand_in",
            "seats": [index],
            "name": seat.name,
            "table": self.table_info(),
        }
        return self.to_all(event)

    def bot_step(self) -> list[Outgoing]:
        """One action of the bot seat to act (nothing if none is), and what it causes."""
        if not self.bot_to_act():
            return []
        state = self.state
        seat = self.seats[state.current_player]
        strength = seat.bot or "normal"  # a stand-in: normal
        action = bots.choose(state, None, strength, legal_actions(state), memory=self.bot_memory)
        self.play(action)
        if seat.stand_in:
            self.stand_in_moves.add(len(self.record.actions) - 1)
        return self.after_action()

    def save(self) -> Path | None:
        """Save the game as the client does (``persistence.saves``); a failure never stops it."""
        from stalkerzone.persistence import saves

        def write() -> Path:
            if self.save_to is not None:
                return saves.save_game(self.record, self.save_to, packs=self.packs)
            return saves.autosave(self.record, packs=self.packs)

        try:
            path = write()
        except Exception as error:  # a full disk must not end the game for everyone
            if self.spare is None:
                self.failures("save", "the game could not be saved: %s", error)
                return None
            try:  # out of file descriptors? the save gets the one kept for it
                with self.spare.released():
                    path = write()
                    self.saved_at = path
                    self.keep_tokens()
            except Exception as again:
                self.failures("save", "the game could not be saved: %s", again)
                return None
            self.failures(
                "spare", "a save failed (%s): written with the spare file descriptor", error
            )
            return path
        self.saved_at = path
        self.keep_tokens()
        return path

    def keep_tokens(self) -> None:
        """Write the seat tokens beside the save (``seat_tokens``), so a resumed game is
        rejoined by token; nothing before the first save, and a failure never stops the game."""
        from stalkerzone.network import seat_tokens

        where = self.save_to or self.saved_at
        if where is None or not self.autosave:
            return
        try:
            seat_tokens.write_tokens(where, self.tokens)
        except OSError:
            return

    def goodbye(self, reason: str) -> list[Outgoing]:
        """The host is closing: every connection is told why."""
        bye = protocol.goodbye(reason, bounds.BYE_HOST_CLOSED)
        return [(c, bye) for c in self.connections]

    # --- helpers -----------------------------------------------------------------------------
    def to_all(self, message: dict[str, JSON]) -> list[Outgoing]:
        return [(c.id, message) for c in self.connections.values() if c.seats is not None]

    def seat_event(self, kind: str, conn: Connection) -> dict[str, JSON]:
        """``joined`` / ``left``: who, which seats, and the seats' new connection states."""
        return {
            "type": "event",
            "kind": kind,
            "seats": list(conn.seats or ()),
            "name": conn.name,
            "table": self.table_info(),
        }


def seat_kinds(spec: Iterable[str]) -> tuple[SeatKind, ...]:
    """``("remote", "bot", …)`` from words; :class:`ValueError` naming a bad one."""
    out: list[SeatKind] = []
    for word in spec:
        if word not in SEAT_KINDS:
            raise ValueError(f"{word!r} is not a seat kind ({', '.join(SEAT_KINDS)})")
        out.append(word)
    return tuple(out)
