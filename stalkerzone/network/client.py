"""The client's end of a network game: a connection to the host and the game as it sees it.

:class:`HostConnection` wraps the ``websockets`` threaded client: a reader thread puts every
message from the host in a queue, and :meth:`HostConnection.poll` (called from a window's
``on_update``) takes them out without ever blocking a frame. When the host goes away the queue
gets a ``closed`` message with a clear reason.

:class:`RemoteGame` reads those messages: the latest view (``player_view`` of the seat, read
back strictly with ``persistence.serialize.state_from_json``), who sits where and is connected,
the recent events and chat. :meth:`RemoteGame.act` sends an action and waits for the host's
answer: the new view, or the engine's refusal raised as the same
:class:`~stalkerzone.engine.core.illegal.IllegalAction`.
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from websockets.exceptions import ConnectionClosed, InvalidURI, WebSocketException
from websockets.sync.client import ClientConnection, connect

from stalkerzone.engine.core import CardSet
from stalkerzone.engine.play import Action, GameContext, GameState
from stalkerzone.engine.zone import Sector
from stalkerzone.errors import UserError
from stalkerzone.network import protocol
from stalkerzone.network.pack_offers import PackOffer, offer_from_json
from stalkerzone.network.protocol import ProtocolError
from stalkerzone.persistence.serialize import JSON, SnapshotError, action_to_json, state_from_json

if TYPE_CHECKING:
    from stalkerzone.content.loader import LoadResult

DEFAULT_PORT = 41717
HOST_GONE = "the host closed the connection"
HOST_LOST = "lost the connection to the host"


class JoinRefused(UserError):
    """The host would not seat this client, or could not be reached; the text says why."""


class PacksOffered(JoinRefused):
    """The host plays with card packs this client lacks (or has in another version) and offers
    them: the player may accept them (``pack_offers.download_and_install``) and join again."""

    def __init__(self, offers: tuple[PackOffer, ...]) -> None:
        self.offers = offers
        named = ", ".join(f"{o.id} {o.version} ({max(1, o.size // 1024)} KB)" for o in offers)
        super().__init__(
            f"the host plays with card packs not installed here and offers them: {named}"
        )


def address_uri(address: str, default_port: int = DEFAULT_PORT) -> str:
    """``ws://host:port`` for ``host``, ``host:port`` or a full ``ws://`` address."""
    text = address.strip()
    if text.startswith(("ws://", "wss://")):
        return text
    host, sep, port = text.rpartition(":")
    if not sep or not port.isdigit():
        host, port = text, str(default_port)
    if not host:
        raise JoinRefused(f"{address!r} is not an address (use HOST or HOST:PORT)")
    return f"ws://{host}:{port}"


class HostConnection:
    """A websocket to the host, read by a thread; messages are polled, never awaited."""

    def __init__(self, address: str, *, timeout: float = 5.0) -> None:
        self.uri = address_uri(address)
        self._stack = contextlib.ExitStack()  # the connection's own context, closed on close()
        try:
            self.ws: ClientConnection = self._stack.enter_context(
                connect(
                    self.uri,
                    open_timeout=timeout,
                    max_size=protocol.MAX_HOST_MESSAGE,
                    compression=None,
                )
            )
        except (OSError, InvalidURI, WebSocketException, TimeoutError) as error:
            raise JoinRefused(f"cannot reach a game at {self.uri}: {error}") from None
        self.inbox: queue.Queue[dict[str, JSON]] = queue.Queue()
        self.closed_by_us = False
        self._reader = threading.Thread(target=self._read, name="stalkerzone-join", daemon=True)
        self._reader.start()

    def _read(self) -> None:
        reason = HOST_GONE
        try:
            for raw in self.ws:
                try:
                    self.inbox.put(protocol.read_host_message(raw))
                except ProtocolError as error:
                    reason = f"the host sent a broken message ({error})"
                    break
        except ConnectionClosed as error:
            if error.rcvd is None:
                reason = HOST_LOST
        except OSError:
            reason = HOST_LOST
        self.inbox.put({"type": "closed", "reason": reason})

    def send(self, message: dict[str, JSON]) -> None:
        """Send one message; a connection already gone is noticed by the reader."""
        with contextlib.suppress(ConnectionClosed, OSError):
            self.ws.send(protocol.line(message))

    def poll(self) -> list[dict[str, JSON]]:
        """Every message received since the last poll (never blocks)."""
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def next(self, timeout: float) -> dict[str, JSON] | None:
        """The next message, waiting up to ``timeout`` seconds."""
        try:
            return self.inbox.get(timeout=max(timeout, 0.0))
        except queue.Empty:
            return None

    def close(self) -> None:
        """Say goodbye and close (the reader thread then ends)."""
        if self.closed_by_us:
            return
        self.closed_by_us = True
        self.send({"type": "bye"})
        with contextlib.suppress(OSError, ConnectionClosed):
            self._stack.close()
        self._reader.join(2.0)


@dataclass
class SeatInfo:
    """A seat as the table shows it (the ``table`` of a view)."""

    seat: int
    name: str
    kind: str
    bot: str | None
    connected: bool
    stand_in: bool = False  # a bot of the host plays it while its player is away


@dataclass
class RemoteGame:
    """A game played on a host: what this client knows of it and how it acts in it."""

    connection: HostConnection
    cards: CardSet
    sectors: tuple[Sector, ...]
    variant_for: Callable[[str], Any]
    """``content.variants.load_variant`` (given, so the network layer reads no files itself)."""
    pack_digests: dict[str, str] = field(default_factory=dict)
    view: GameState | None = None
    version: int = -1
    viewer: int = -1
    seats: tuple[int, ...] = ()
    token: str = ""
    game: dict[str, JSON] = field(default_factory=dict)
    table: list[SeatInfo] = field(default_factory=list)
    events: list[dict[str, JSON]] = field(default_factory=list)  # the latest ones
    unread: list[dict[str, JSON]] = field(default_factory=list)  # not yet taken
    chat: list[tuple[str, str]] = field(default_factory=list)
    log: list[tuple[int, str]] = field(default_factory=list)  # the turn log sent on joining
    closed: str | None = None
    ctx: GameContext | None = None
    changes: int = 0  # grows with every new view
    undo: dict[str, JSON] | None = None
    """The last view's ``undo`` (TURN-2: may this seat take back its last action, and if not,
    why), or None when it said nothing (not this seat's turn)."""
    story: JSON = None
    """The story the host sent with the last view (only at the end of the game, WIN-1)."""
    _next_id: int = 0

    # --- joining -----------------------------------------------------------------------------
    def join(
        self,
        seats: Sequence[int] = (),
        *,
        token: str | None = None,
        any_seat: bool = False,
        name: str | None = None,
        code: str | None = None,
        stalker: str | None = None,
        timeout: float = 10.0,
    ) -> GameState:
        """Take ``seats`` (none: watch) or take back seats with ``token``, giving the table
        ``code`` and, before play begins, the ``stalker`` to play (one of the free ones); the
        first view."""
        message: dict[str, JSON] = {
            "type": "join",
            "protocol": protocol.VERSION,
            "seats": list(seats),
            "token": token,
            "any_seat": any_seat,
            "name": name,
            "code": code,
        }
        if stalker is not None:
            message["stalker"] = stalker
        self.connection.send(message)
        deadline = time.monotonic() + timeout
        while True:
            reply = self.connection.next(deadline - time.monotonic())
            if reply is None:
                raise JoinRefused(f"{self.connection.uri}: the host did not answer")
            kind = reply.get("type")
            if kind == "refused":
                raise JoinRefused(f"the host refused: {reply.get('message')}")
            if kind in ("closed", "bye"):
                raise JoinRefused(f"{self.connection.uri}: {reply.get('reason')}")
            if kind == "view":
                self._welcome(reply)
                self._read(reply)
                assert self.view is not None
                return self.view

    def _welcome(self, message: dict[str, JSON]) -> None:
        game = message.get("game")
        if not isinstance(game, dict):
            raise JoinRefused("the host's first view has no game description")
        self.game = game
        token = message.get("token")
        self.token = token if isinstance(token, str) else ""
        log = message.get("log")
        self.log = [
            (line[0], line[1])
            for line in (log if isinstance(log, list) else [])
            if isinstance(line, list)
            and len(line) == 2
            and isinstance(line[0], int)
            and isinstance(line[1], str)
        ]
        packs = game.get("packs")
        wanted: list[PackOffer] = []
        for pack in packs if isinstance(packs, list) else []:
            if not isinstance(pack, dict):
                continue
            pid, digest = pack.get("id"), pack.get("digest")
            mine = self.pack_digests.get(str(pid))
            if mine == digest:
                continue
            offer = offer_from_json(pack)
            if offer is None:
                if mine is None:
                    raise JoinRefused(f"the host plays with the card pack '{pid}', not loaded here")
                raise JoinRefused(f"the card pack '{pid}' here differs from the host's")
            wanted.append(offer)
        if wanted:
            raise PacksOffered(tuple(wanted))
        variant = self.variant_for(str(game.get("variant")))
        self.ctx = GameContext(self.cards, self.sectors, variant)

    # --- reading -----------------------------------------------------------------------------
    def update(self) -> bool:
        """Read every message that arrived; True if the view changed."""
        changed = False
        for message in self.connection.poll():
            changed |= self._read(message)
        return changed

    def _read(self, message: dict[str, JSON]) -> bool:
        kind = message.get("type")
        if kind == "view":
            return self._read_view(message)
        if kind == "event":
            self.events.append(message)
            del self.events[:-50]
            self.unread.append(message)
            del self.unread[:-500]
            self._read_table(message.get("table"))
        elif kind == "chat":
            self.chat.append((str(message.get("name", "")), str(message.get("text", ""))))
            del self.chat[:-50]
        elif kind in ("bye", "closed") and self.closed is None:
            self.closed = str(message.get("reason") or HOST_GONE)
        return False

    def _read_view(self, message: dict[str, JSON]) -> bool:
        assert self.ctx is not None
        try:
            state = state_from_json(message.get("state"), self.ctx, "view.state")
        except SnapshotError as error:
            self.closed = f"the host sent a view this client cannot read ({error})"
            return False
        version = message.get("version")
        viewer = message.get("viewer")
        seats = message.get("seats")
        self.version = version if isinstance(version, int) else self.version
        self.viewer = viewer if isinstance(viewer, int) else -1
        if isinstance(seats, list):
            self.seats = tuple(s for s in seats if isinstance(s, int))
        self._read_table(message.get("table"))
        undo = message.get("undo")
        self.undo = undo if isinstance(undo, dict) else None
        self.story = message.get("story")
        self.view = state
        self.changes += 1
        return True

    def _read_table(self, table: JSON) -> None:
        if not isinstance(table, list):
            return
        seats: list[SeatInfo] = []
        for row in table:
            if isinstance(row, dict):
                bot = row.get("bot")
                seats.append(
                    SeatInfo(
                        int(row.get("seat", len(seats))),
                        str(row.get("name", "")),
                        str(row.get("kind", "")),
                        bot if isinstance(bot, str) else None,
                        bool(row.get("connected")),
                        row.get("stand_in") is True,
                    )
                )
        self.table = seats

    def take_events(self) -> list[dict[str, JSON]]:
        """The events that arrived since the last call (oldest first)."""
        taken, self.unread = self.unread, []
        return taken

    # --- acting ------------------------------------------------------------------------------
    def act(self, action: Action, *, timeout: float = 10.0) -> GameState:
        """Send ``action`` and wait for the host: the new view, or the engine's refusal raised
        (an :class:`IllegalAction`; nothing changed). Other messages met meanwhile are read."""
        return self._request(action_to_json(action), timeout)

    def take_back(self, *, timeout: float = 10.0) -> GameState:
        """Ask the host to undo this seat's last action (TURN-2): the view before it, or the
        host's refusal raised (the undo rule's reason; nothing changed)."""
        return self._request({"type": "Undo"}, timeout)

    def _request(self, action: dict[str, JSON], timeout: float) -> GameState:
        if self.closed is not None:
            raise JoinRefused(self.closed)
        self._next_id += 1
        request = self._next_id
        self.connection.send({"type": "action", "id": request, "action": action})
        deadline = time.monotonic() + timeout
        while True:
            reply = self.connection.next(deadline - time.monotonic())
            if reply is None:
                raise JoinRefused(f"{self.connection.uri}: the host did not answer in time")
            if reply.get("type") == "refused" and reply.get("id") == request:
                raise protocol.refused_error(reply)
            self._read(reply)
            if reply.get("type") == "view" and reply.get("reply_to") == request:
                assert self.view is not None
                return self.view
            if self.closed is not None:
                raise JoinRefused(self.closed)

    def say(self, text: str) -> None:
        """A chat line for everyone at the table."""
        self.connection.send({"type": "chat", "text": text[: protocol.MAX_CHAT]})

    def leave(self) -> None:
        self.connection.close()


def open_game(
    address: str,
    seats: Sequence[int] = (),
    *,
    token: str | None = None,
    any_seat: bool = False,
    name: str | None = None,
    code: str | None = None,
    stalker: str | None = None,
    card_dirs: Sequence[Path] = (),
    loaded: LoadResult | None = None,
    timeout: float = 10.0,
) -> RemoteGame:
    """Connect to ``address`` and join. Views are read with ``loaded`` cards (by default the
    base pack, the user folder and ``card_dirs``), which must be the host's."""
    from stalkerzone.content.loader import load_packs
    from stalkerzone.content.tiles import load_sectors
    from stalkerzone.content.variants import load_variant
    from stalkerzone.persistence.saves import pack_refs

    if loaded is None:
        loaded = load_packs(tuple(card_dirs))
    digests = {p.id: p.digest for p in pack_refs(loaded.cards, loaded.packs)}
    connection = HostConnection(address, timeout=timeout)
    game = RemoteGame(
        connection, loaded.cards, tuple(load_sectors()), load_variant, pack_digests=digests
    )
    try:
        game.join(
            seats,
            token=token,
            any_seat=any_seat,
            name=name,
            code=code,
            stalker=stalker,
            timeout=timeout,
        )
    except BaseException:
        connection.close()
        raise
    return game
