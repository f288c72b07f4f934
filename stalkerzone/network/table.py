"""The host's game table: the only place a network game is played, with no I/O of its own.

:class:`GameTable` keeps the game record (``engine.record``: set-up, actions, the states between,
the RNG inside the state, never sent), the seats and who holds them, and the connections. It turns
every message a connection sends into the messages to send back (:data:`Outgoing`), so the server
around it only moves text. Each connection only ever gets ``player_view`` of its seat (TURN-3,
DEATH-2); actions are checked by the engine itself (``legal_actions`` / ``apply``) and a refusal
leaves the game unchanged.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from stalkerzone.bots import players as bots
from stalkerzone.bots.memory import BotMemory
from stalkerzone.engine.core import IllegalAction
from stalkerzone.engine.game import GameRecord, legal_actions, player_view
from stalkerzone.engine.game import record as records
from stalkerzone.engine.play import Action, GameState
from stalkerzone.engine.turn import seat_refusal
from stalkerzone.network import protocol
from stalkerzone.network.protocol import (
    ActionMessage,
    ByeMessage,
    ChatMessage,
    JoinMessage,
    ProtocolError,
)
from stalkerzone.persistence.serialize import JSON, action_to_json, to_json

SeatKind = Literal["local", "remote", "bot"]
SEAT_KINDS: tuple[SeatKind, ...] = ("local", "remote", "bot")
"""``local``: hot-seat at the host's own screen; ``remote``: a player on another machine;
``bot``: played by the host."""
PUBLIC = -1
PRIVATE_NOTES = frozenset({"event_kept", "pickup_other"})
"""Note keys that name a card only their stalker may see (EVENT-1 held event, DEATH-2 loot)."""

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


@dataclass
class Connection:
    id: int
    seats: tuple[int, ...] | None = None  # None until it joined; () for a spectator
    name: str = ""
    token: str = ""


class ViewWriter:
    """``state_to_json`` of the views of one position, sharing the work between them: a field
    equal in two views (the Zone, the fight, the sorted piles, a stalker) is written once per
    position."""

    def __init__(self) -> None:
        self.version = -1
        self.written: dict[object, tuple[object, JSON]] = {}

    def write(self, view: GameState, version: int) -> dict[str, JSON]:
        """The same JSON as ``state_to_json(view)``, for a view of position ``version``."""
        if version != self.version:
            self.version, self.written = version, {}
        out: dict[str, JSON] = {}
        for f in dataclasses.fields(view):
            if f.name == "ctx" or f.name.startswith("_"):
                continue
            value = getattr(view, f.name)
            if f.name == "players":
                out[f.name] = [self._once((f.name, k), p) for k, p in enumerate(value)]
            else:
                out[f.name] = self._once(f.name, value)
        return out

    def _once(self, key: object, value: object) -> JSON:
        known = self.written.get(key)
        if known is not None and (known[0] is value or known[0] == value):
            return known[1]
        data = to_json(value)
        self.written[key] = (value, data)
        return data


@dataclass
class GameTable:
    """An authoritative game for connected clients, hot-seat seats and bots (TURN-1, TURN-3)."""

    record: GameRecord
    seats: list[Seat]
    packs: tuple[Any, ...] = ()
    hide_orders: bool = False
    save_to: Path | None = None  # where the game is saved after every turn (None: autosave)
    autosave: bool = True
    host_key: str = field(default_factory=lambda: secrets.token_urlsafe(16))
    connections: dict[int, Connection] = field(default_factory=dict)
    tokens: dict[str, tuple[int, ...]] = field(default_factory=dict)
    bot_memory: BotMemory = field(default_factory=BotMemory)
    chat: list[tuple[str, str]] = field(default_factory=list)
    views: ViewWriter = field(default_factory=ViewWriter)
    saved_at: Path | None = None  # the last save written: its sidecar keeps the tokens
    _next_id: int = 0

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

    def viewer_of(self, seats: Sequence[int]) -> int:
        """Whose view a holder of ``seats`` gets: the current seat if it holds it, else its
        first seat, else nobody's (spectators see the public board)."""
        if not seats:
            return PUBLIC
        current = self.state.current_player
        return current if current in seats else seats[0]

    def view_of(self, seats: Sequence[int]) -> GameState:
        """``player_view`` for a holder of ``seats`` (notes naming others' secrets removed)."""
        viewer = self.viewer_of(seats)
        view = player_view(self.state, viewer, hide_orders=self.hide_orders)
        actor = self.record.actor(len(self.record.actions) - 1) if self.record.actions else None
        if actor is not None and actor != viewer:
            kept = tuple(n for n in view.notes if getattr(n, "key", "") not in PRIVATE_NOTES)
            view = replace(view, notes=kept)
        return view

    def table_info(self) -> list[JSON]:
        """The seats as every client sees them: name, kind, bot strength, connected."""
        return [
            {
                "seat": s.index,
                "name": s.name,
                "kind": s.kind,
                "bot": s.bot,
                "connected": s.kind == "bot" or s.holder is not None,
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
            "packs": [{"id": p.id, "version": p.version, "digest": p.digest} for p in refs],
        }

    def view_message(
        self, conn: Connection, *, reply_to: int | None = None, first: bool = False
    ) -> dict[str, JSON]:
        seats = conn.seats or ()
        message: dict[str, JSON] = {
            "type": "view",
            "protocol": protocol.VERSION,
            "version": self.version,
            "viewer": self.viewer_of(seats),
            "seats": list(seats),
            "table": self.table_info(),
            "reply_to": reply_to,
            "state": self.views.write(self.view_of(seats), self.version),
        }
        if first:
            message["token"] = conn.token
            message["game"] = self.game_info()
        return message

    # --- connections -------------------------------------------------------------------------
    def connect(self) -> int:
        """A new connection (not yet joined): its id."""
        self._next_id += 1
        self.connections[self._next_id] = Connection(self._next_id)
        return self._next_id

    def disconnect(self, conn_id: int) -> list[Outgoing]:
        """The connection is gone: its seats wait for their token (rejoin), others are told."""
        conn = self.connections.pop(conn_id, None)
        if conn is None or conn.seats is None:
            return []
        for index in conn.seats:
            if self.seats[index].holder == conn_id:
                self.seats[index].holder = None
        return self._to_all(self._seat_event("left", conn))

    def receive(self, conn_id: int, raw: str | bytes) -> list[Outgoing]:
        """Everything one message from ``conn_id`` causes; never raises."""
        conn = self.connections.get(conn_id)
        if conn is None:
            return []
        try:
            message = protocol.read_client_message(raw)
        except ProtocolError as error:
            return [(conn_id, protocol.protocol_refusal(str(error)))]
        try:
            return self._handle(conn, message)
        except ProtocolError as error:
            request = message.id if isinstance(message, ActionMessage) else None
            return [(conn_id, protocol.protocol_refusal(str(error), request))]

    def _handle(self, conn: Connection, message: protocol.ClientMessage) -> list[Outgoing]:
        if isinstance(message, JoinMessage):
            return self._join(conn, message)
        if conn.seats is None:
            raise ProtocolError("join first")
        if isinstance(message, ActionMessage):
            return self._action(conn, message)
        if isinstance(message, ChatMessage):
            name = conn.name or "spectator"
            self.chat.append((name, message.text))
            del self.chat[:-100]
            chat: dict[str, JSON] = {"type": "chat", "name": name, "text": message.text}
            return self._to_all(chat)
        assert isinstance(message, ByeMessage)
        return [(conn.id, CLOSE), *self.disconnect(conn.id)]

    def _join(self, conn: Connection, message: JoinMessage) -> list[Outgoing]:
        if message.protocol != protocol.VERSION:
            problem = f"protocol {message.protocol} is not spoken here (version {protocol.VERSION})"
            return [(conn.id, protocol.protocol_refusal(problem)), (conn.id, CLOSE)]
        if conn.seats is not None:
            raise ProtocolError("joined already")
        seats = self._claim(message)
        conn.seats = seats
        for index in seats:
            previous = self.seats[index].holder
            if previous is not None and previous in self.connections:
                self.connections[previous].seats = ()  # a rejoin takes the seat back
            self.seats[index].holder = conn.id
        conn.name = message.name or ", ".join(self.seats[i].name for i in seats)
        if message.token is not None and (
            message.token in self.tokens or message.token == self.host_key
        ):
            conn.token = message.token
        elif seats:
            conn.token = secrets.token_urlsafe(16)
            self.tokens[conn.token] = seats
            self.keep_tokens()
        event = self._seat_event("joined", conn)
        others = [(c, m) for c, m in self._to_all(event) if c != conn.id]
        return [(conn.id, self.view_message(conn, first=True)), *others]

    def _claim(self, message: JoinMessage) -> tuple[int, ...]:
        """The seats a join takes: by token (a rejoin, or the host's own hot-seat seats), else
        free remote seats by number, else none (a spectator)."""
        if message.token is not None:
            if message.token == self.host_key:
                return tuple(s.index for s in self.seats if s.kind == "local")
            found = self.tokens.get(message.token)
            if found is None:
                raise ProtocolError("unknown token: this game did not give it out")
            return found
        reserved = {i for seats in self.tokens.values() for i in seats}
        if message.any_seat and not message.seats:
            free = [
                s.index
                for s in self.seats
                if s.kind == "remote" and s.holder is None and s.index not in reserved
            ]
            if not free:
                raise ProtocolError("every remote seat is taken (join to watch instead)")
            return (free[0],)
        for index in message.seats:
            if index >= len(self.seats):
                raise ProtocolError(f"there is no seat {index + 1}")
            seat = self.seats[index]
            if seat.kind != "remote":
                raise ProtocolError(f"seat {index + 1} ({seat.name}) is not a remote seat")
            if seat.holder is not None or index in reserved:
                raise ProtocolError(f"seat {index + 1} ({seat.name}) is taken")
        return tuple(sorted(set(message.seats)))

    def _action(self, conn: Connection, message: ActionMessage) -> list[Outgoing]:
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
        """Apply ``action`` for the current seat (``engine.record.play``); saves after a turn."""
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
        out = self._to_all(event)
        for conn in self.connections.values():
            if conn.seats is None:
                continue
            reply = reply_to[1] if reply_to is not None and reply_to[0] == conn.id else None
            out.append((conn.id, self.view_message(conn, reply_to=reply)))
        return out

    def bot_to_act(self) -> bool:
        state = self.state
        return state.phase != "over" and self.seats[state.current_player].kind == "bot"

    def bot_step(self) -> list[Outgoing]:
        """One action of the bot seat to act (nothing if none is), and what it causes."""
        if not self.bot_to_act():
            return []
        state = self.state
        strength = self.seats[state.current_player].bot or "normal"
        action = bots.choose(state, None, strength, legal_actions(state), memory=self.bot_memory)
        self.play(action)
        return self.after_action()

    def save(self) -> Path | None:
        """Save the game as the client does (``persistence.saves``); a failure never stops it."""
        from stalkerzone.persistence import saves

        try:
            if self.save_to is not None:
                path = saves.save_game(self.record, self.save_to, packs=self.packs)
            else:
                path = saves.autosave(self.record, packs=self.packs)
        except Exception:  # a full disk must not end the game for everyone
            return None
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
        bye: dict[str, JSON] = {"type": "bye", "reason": reason}
        return [(c, bye) for c in self.connections]

    # --- helpers -----------------------------------------------------------------------------
    def _to_all(self, message: dict[str, JSON]) -> list[Outgoing]:
        return [(c.id, message) for c in self.connections.values() if c.seats is not None]

    def _seat_event(self, kind: str, conn: Connection) -> dict[str, JSON]:
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
