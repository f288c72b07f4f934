"""The host: a websocket server around a :class:`~stalkerzone.network.table.GameTable`.

The server runs an asyncio loop in its own thread (so a window's frame loop or a command's main
thread stays free); every table call happens in that loop, one message at a time, so the table
needs no lock. Bot seats play in the same loop, with ``bot_delay`` seconds between their actions
so that the other players can follow them. Messages longer than
:data:`~stalkerzone.network.protocol.MAX_TRANSPORT_MESSAGE` close the connection (websocket code
1009); anything else a client sends is answered, never crashes the host.

No client can hold the table up: what is sent to a connection waits in its own
:class:`Outbox`, written by its own task, so the table never waits for a socket. A connection
more than ``Limits.max_queue_bytes`` or ``Limits.max_lag`` seconds behind is told why (``bye``,
``too_slow``) and cut; connections beyond ``Limits.max_connections`` are told so and closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import socket
import threading
import time
from collections import deque
from collections.abc import Callable
from http import HTTPStatus
from pathlib import Path
from typing import Any, TypeVar

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from stalkerzone.engine.core import StalkerCard
from stalkerzone.network import limits as bounds
from stalkerzone.network import protocol
from stalkerzone.network.limits import Limits, LogOnce, SpareDescriptor
from stalkerzone.network.stalker_choice import free_stalkers
from stalkerzone.network.table import CLOSE, GameTable, Outgoing
from stalkerzone.network.web_files import WebFiles, answer, read_bounded, table_data

log = logging.getLogger(__name__)
T = TypeVar("T")
DEFAULT_PORT = 41717
GOODBYE = "the host ended the game"
LAST_WORD = 1.0
"""Seconds a connection being cut is given to take its ``bye``."""
TICK = 0.5
"""Seconds between the host's checks for absent seats (``--bot-takeover``)."""
BOT_RETRY = 1.0
PRELOADED = (
    "stalkerzone.persistence.saves",
    "stalkerzone.network.seat_tokens",
    "stalkerzone.odds.levels",
    "stalkerzone.odds.steady",
)
"""Modules the host loads on first use (saving, the bots' odds) loaded when it starts."""
"""Seconds a bot seat that failed waits before it tries again."""


class Outbox:
    """The messages waiting for one connection, sent in order by their own task; what it is
    behind (bytes, seconds) is bounded by ``limits``."""

    def __init__(self, ws: ServerConnection, limits: Limits, failures: LogOnce) -> None:
        self.ws = ws
        self.limits = limits
        self.failures = failures
        self.queue: deque[tuple[str, float]] = deque()
        self.bytes = 0
        self.closing = False
        self.cut = False
        self.close_code = 1000
        self.wake = asyncio.Event()
        self.task = asyncio.get_running_loop().create_task(self.run())

    def put(self, text: str) -> bool:
        """Queue ``text``; False (and the connection is being cut) when it is too far behind."""
        if self.closing:
            return True
        now = time.monotonic()
        self.queue.append((text, now))
        self.bytes += len(text)
        behind = now - self.queue[0][1]
        if self.bytes > self.limits.max_queue_bytes or behind > self.limits.max_lag:
            self.abandon(f"{self.bytes} bytes and {behind:.1f} s behind")
            return False
        self.wake.set()
        return True

    def finish(self, code: int = 1000) -> None:
        """Send what is queued, then close."""
        self.closing = True
        self.close_code = code
        self.wake.set()

    def abandon(self, why: str) -> None:
        """Too slow: drop what waits, say why (``bye``, ``too_slow``) and close."""
        if self.cut:
            return
        self.cut = True
        self.failures("slow", "a connection too far behind was cut (%s)", why)
        self.queue.clear()
        self.bytes = 0
        bye = protocol.goodbye("too far behind the table", bounds.BYE_TOO_SLOW)
        self.queue.append((protocol.line(bye), time.monotonic()))
        self.finish(1008)
        transport = self.ws.transport
        if transport is not None and transport.get_write_buffer_size() > 0:
            self.abort()  # its socket takes nothing more: the bye could not reach it either

    async def run(self) -> None:
        try:
            while True:
                while not self.queue and not self.closing:
                    self.wake.clear()
                    await self.wake.wait()
                if not self.queue:
                    break
                text, _ = self.queue.popleft()
                self.bytes -= len(text)
                wait = LAST_WORD if self.closing else self.limits.max_lag
                # not wait_for: a send cancelled while the socket is full may never return
                sending = asyncio.ensure_future(self.ws.send(text))
                done, _ = await asyncio.wait({sending}, timeout=wait)
                if not done:  # not taken in time: cut (the aborted send then ends)
                    self.abandon(f"a message not taken in {wait:.0f} s")
                    self.abort()
                    await asyncio.wait({sending}, timeout=LAST_WORD)
                    return
                sending.result()
            closing = asyncio.ensure_future(self.ws.close(self.close_code))
            await asyncio.wait({closing}, timeout=LAST_WORD)
        except (ConnectionClosed, OSError):
            pass
        finally:
            if self.cut or self.closing:
                self.abort()

    def abort(self) -> None:
        """Drop the connection at once (nothing more is sent)."""
        transport = self.ws.transport
        if transport is not None and not transport.is_closing():
            transport.abort()


class GameServer:
    """Serves ``table`` on ``host:port`` (port 0: any free port, read :attr:`port` after
    :meth:`start`)."""

    def __init__(
        self, table: GameTable, *, host: str = "127.0.0.1", port: int = 0, bot_delay: float = 0.0
    ) -> None:
        self.table = table
        self.host = host
        self.port = port
        self.bot_delay = bot_delay
        self.loop: asyncio.AbstractEventLoop | None = None
        self.error: BaseException | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._stopped: asyncio.Event | None = None
        self._server: Server | None = None
        self._sockets: dict[int, ServerConnection] = {}
        self._outboxes: dict[int, Outbox] = {}
        self._open = 0  # connections open now, joined or not
        self._spare: SpareDescriptor | None = None
        self._last: tuple[dict[str, Any], str] | None = None  # a message sent to many, as text
        self._bots: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.web = WebFiles.for_game(
            self._table_data,
            lambda: self.table.state.variant,
            packs=self.table.offers.body,
            free_stalkers=lambda: free_stalkers(self.table),
            portrait=self._portrait,
        )
        self._portraits: dict[str, bytes | None] = {}

    @property
    def address(self) -> str:
        """``ws://host:port`` of the running server."""
        return f"ws://{self.host}:{self.port}"

    # --- life --------------------------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> int:
        """Start serving in a thread; the bound port (an OSError if the port is taken). What
        saving and the bots load on first use is loaded now: out of file descriptors later,
        no module file needs opening."""
        for module in PRELOADED:
            importlib.import_module(module)
        self._thread = threading.Thread(target=self._run, name="stalkerzone-host", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the game server did not start")
        if self.error is not None:
            raise OSError(f"cannot serve on {self.host}:{self.port}: {self.error}")
        return self.port

    def stop(self, reason: str = GOODBYE, timeout: float = 30.0) -> None:
        """Tell every client ``reason`` (``bye``), save, close the connections, end the thread.
        ``timeout`` leaves time for a bot's move under way to end first (the table is busy
        until then) and for the save."""
        loop, stopped = self.loop, self._stopped
        if loop is None or stopped is None or self._thread is None:
            return
        if loop.is_running():
            future = asyncio.run_coroutine_threadsafe(self._shutdown(reason), loop)
            try:
                future.result(timeout)
            except Exception as error:  # the host is closing anyway
                log.error(
                    "the host did not shut down in order (%r): the game may be unsaved", error
                )
        self._thread.join(timeout)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def call(self, work: Callable[[], T], timeout: float = 5.0) -> T:
        """Run ``work`` in the server's loop (where the table lives) and return its result."""
        loop = self.loop
        assert loop is not None

        async def run() -> T:
            return work()

        return asyncio.run_coroutine_threadsafe(run(), loop).result(timeout)

    @property
    def limits(self) -> Limits:
        return self.table.limits

    def stand_in(self, index: int) -> None:
        """Have a bot play remote seat ``index`` until its player rejoins (the table is told);
        nothing if the seat is held or not remote. From any thread."""
        loop = self.loop
        if loop is None or not loop.is_running():
            return

        def hand_over() -> None:
            self._deliver(self.table.stand_in(index))
            self._wake_bots()

        loop.call_soon_threadsafe(hand_over)

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        loop.set_exception_handler(self._loop_error)
        self.loop = loop
        if self.table.spare is None:
            self._spare = self.table.spare = SpareDescriptor()
        try:
            loop.run_until_complete(self._main())
        except BaseException as error:
            self.error = error
            self._ready.set()
        finally:
            loop.close()
            if self._spare is not None:
                self._spare.close()

    def _loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """asyncio's own failures (an accept out of file descriptors…), logged once a kind."""
        message = str(context.get("message", "error"))
        error = context.get("exception")
        kind = f"{message[:40]} {type(error).__name__}"
        self.table.failures(kind, "host: %s (%s)", message, error)

    async def _main(self) -> None:
        self._stopped = asyncio.Event()
        async with serve(
            self._serve_client,
            self.host,
            self.port,
            max_size=protocol.MAX_TRANSPORT_MESSAGE,
            compression=None,
            process_request=self._http_request,
        ) as server:
            self._server = server
            sockets = list(server.sockets)
            if sockets:
                self.port = int(sockets[0].getsockname()[1])
            self._ready.set()
            self._wake_bots()
            ticks = asyncio.get_running_loop().create_task(self._tick())
            await self._stopped.wait()
            ticks.cancel()

    async def _tick(self) -> None:
        """Every :data:`TICK` seconds: hand a seat absent on its turn to a bot when due."""
        while self.table.bot_takeover is not None:
            await asyncio.sleep(TICK)
            self._deliver(self.table.check_absent())
            self._wake_bots()

    async def _shutdown(self, reason: str) -> None:
        """Tell everyone ``reason`` (``bye``, ``host_closed``), save, close every connection."""
        try:
            await self._say_goodbye(reason)
        finally:
            assert self._stopped is not None
            self._stopped.set()

    async def _say_goodbye(self, reason: str) -> None:
        self._deliver(self.table.goodbye(reason))
        if self.table.autosave and self.table.record.actions:
            self.table.save()
        for box in self._outboxes.values():
            box.finish(1001)
        writers = [box.task for box in self._outboxes.values()]
        if writers:
            await asyncio.wait(writers, timeout=2 * LAST_WORD + 0.5)
        for ws in list(self._sockets.values()):
            if ws.transport is not None:
                ws.transport.abort()
        if self._bots is not None:
            self._bots.cancel()

    # --- connections -------------------------------------------------------------------------
    async def _serve_client(self, ws: ServerConnection) -> None:
        if self._open >= self.limits.max_connections:
            await self._turn_away(ws)
            return
        self._open += 1
        sock = ws.transport.get_extra_info("socket") if ws.transport is not None else None
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.limits.socket_buffer)
        peer = ws.remote_address
        conn_id = self.table.connect(str(peer[0]) if peer else "")
        self._sockets[conn_id] = ws
        box = self._outboxes[conn_id] = Outbox(ws, self.limits, self.table.failures)
        try:
            async for raw in ws:
                if box.closing:
                    break
                self._deliver(self._receive(conn_id, raw))
                self._wake_bots()
                await asyncio.sleep(0)  # the writers go on between one client's messages
        except ConnectionClosed:
            pass
        finally:
            self._open -= 1
            self._sockets.pop(conn_id, None)
            self._deliver(self.table.disconnect(conn_id))
            box.finish()
            # its last words (a bye) go out before the connection is closed; bounded by the
            # outbox's own limits
            await asyncio.wait({box.task}, timeout=self.limits.max_lag + 2 * LAST_WORD)
            self._outboxes.pop(conn_id, None)

    def _http_request(self, ws: ServerConnection, request: Request) -> Response | None:
        """A plain HTTP request is answered with the web page's files (``web_files``); a
        WebSocket upgrade goes on to the protocol. Beyond ``max_connections`` open: 503."""
        if request.headers.get("Upgrade", "").lower() == "websocket":
            return None
        if self._open >= self.limits.max_connections:
            return answer(HTTPStatus.SERVICE_UNAVAILABLE, request.headers.get("Host"))
        return self.web.respond(request)

    def _table_data(self) -> bytes:
        """The cards and sectors of the game served (the page's ``table.json``)."""
        ctx = self.table.state.ctx
        return table_data(ctx.cards, ctx.sectors, ctx.variant)

    def _portrait(self, card: str) -> bytes | None:
        """The portrait of the stalker card ``card`` of the game (its art file, read once and
        at most ``MAX_FILE`` bytes), or None."""
        cards = self.table.state.ctx.cards
        found = cards.get(card) if card in cards else None
        if not isinstance(found, StalkerCard) or not found.art:
            return None  # nothing kept for a name that is no stalker: the cache stays small
        if card not in self._portraits:
            self._portraits[card] = read_bounded(Path(found.art))
        return self._portraits[card]

    async def _turn_away(self, ws: ServerConnection) -> None:
        """A connection over ``max_connections``: told why (``too_many_connections``), closed."""
        cap = self.limits.max_connections
        self.table.failures("full", "connections refused: %s open already", cap)
        bye = protocol.goodbye(f"the host has {cap} connections already", bounds.BYE_FULL)
        with contextlib.suppress(ConnectionClosed, TimeoutError, OSError):
            await asyncio.wait_for(ws.send(protocol.line(bye)), LAST_WORD)
            await asyncio.wait_for(ws.close(1013), LAST_WORD)
        if ws.transport is not None:
            ws.transport.abort()

    def _receive(self, conn_id: int, raw: str | bytes) -> list[Outgoing]:
        try:
            return self.table.receive(conn_id, raw)
        except Exception:  # a bug must cost one message, never the game
            log.exception("message from connection %s", conn_id)
            return [(conn_id, protocol.protocol_refusal("the host could not handle this"))]

    def _deliver(self, outgoing: list[Outgoing]) -> None:
        """Queue each message (one line of JSON, written once however many get it) for its
        connection; ``CLOSE`` closes it after what it was sent. Never waits for a socket."""
        lines: dict[int, str] = {}
        for conn_id, message in outgoing:
            box = self._outboxes.get(conn_id)
            if box is None:
                continue
            if message is CLOSE:
                box.finish()
                continue
            text = lines.get(id(message))
            if text is None:
                last = self._last
                if last is not None and last[0] is message:  # e.g. the spectators' welcome
                    text = last[1]
                else:
                    text = protocol.line(message)
                    self._last = (message, text)
                lines[id(message)] = text
            box.put(text)

    # --- bots --------------------------------------------------------------------------------
    def _wake_bots(self) -> None:
        """Let the bot seats play if one is to act and they are not playing already."""
        if (self._bots is None or self._bots.done()) and self.table.bot_to_act():
            self._bots = asyncio.get_running_loop().create_task(self._play_bots())

    async def _play_bots(self) -> None:
        """Play the bot seats while one is to act; a bot that fails (out of file descriptors
        for a module it loads…) is logged once and tries again a second later."""
        while self.table.bot_to_act():
            await asyncio.sleep(self.bot_delay)
            try:
                outgoing = self.table.bot_step()
            except Exception as error:  # the host goes on; the bot tries again
                self.table.failures("bot", "a bot seat failed (%r): it tries again", error)
                await asyncio.sleep(BOT_RETRY)
                continue
            self._deliver(outgoing)


def serve_table(table: GameTable, **options: Any) -> GameServer:
    """A started :class:`GameServer` for ``table`` (``options``: host, port, bot_delay)."""
    server = GameServer(table, **options)
    server.start()
    return server
