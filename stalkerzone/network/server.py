"""The host: a websocket server around a :class:`~stalkerzone.network.table.GameTable`.

The server runs an asyncio loop in its own thread (so a window's frame loop or a command's main
thread stays free); every table call happens in that loop, one message at a time, so the table
needs no lock. Bot seats play in the same loop, with ``bot_delay`` seconds between their actions
so that the other players can follow them. Messages longer than
:data:`~stalkerzone.network.protocol.MAX_TRANSPORT_MESSAGE` close the connection (websocket code
1009); anything else a client sends is answered, never crashes the host.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from stalkerzone.network import protocol
from stalkerzone.network.table import CLOSE, GameTable, Outgoing

log = logging.getLogger(__name__)
T = TypeVar("T")
DEFAULT_PORT = 41717
GOODBYE = "the host ended the game"


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
        self._bots: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def address(self) -> str:
        """``ws://host:port`` of the running server."""
        return f"ws://{self.host}:{self.port}"

    # --- life --------------------------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> int:
        """Start serving in a thread; the bound port (an OSError if the port is taken)."""
        self._thread = threading.Thread(target=self._run, name="stalkerzone-host", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the game server did not start")
        if self.error is not None:
            raise OSError(f"cannot serve on {self.host}:{self.port}: {self.error}")
        return self.port

    def stop(self, reason: str = GOODBYE, timeout: float = 5.0) -> None:
        """Tell every client ``reason`` (``bye``), close the connections, end the thread."""
        loop, stopped = self.loop, self._stopped
        if loop is None or stopped is None or self._thread is None:
            return
        if loop.is_running():
            future = asyncio.run_coroutine_threadsafe(self._shutdown(reason), loop)
            try:
                future.result(timeout)
            except Exception as error:  # the host is closing anyway
                log.info("shutdown: %s", error)
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

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self.loop = loop
        try:
            loop.run_until_complete(self._main())
        except BaseException as error:
            self.error = error
            self._ready.set()
        finally:
            loop.close()

    async def _main(self) -> None:
        self._stopped = asyncio.Event()
        async with serve(
            self._serve_client,
            self.host,
            self.port,
            max_size=protocol.MAX_TRANSPORT_MESSAGE,
            compression=None,
        ) as server:
            self._server = server
            sockets = list(server.sockets)
            if sockets:
                self.port = int(sockets[0].getsockname()[1])
            self._ready.set()
            self._wake_bots()
            await self._stopped.wait()

    async def _shutdown(self, reason: str) -> None:
        await self._deliver(self.table.goodbye(reason))
        for ws in list(self._sockets.values()):
            await ws.close(1001, reason[:100])
        if self._bots is not None:
            self._bots.cancel()
        assert self._stopped is not None
        self._stopped.set()

    # --- connections -------------------------------------------------------------------------
    async def _serve_client(self, ws: ServerConnection) -> None:
        conn_id = self.table.connect()
        self._sockets[conn_id] = ws
        try:
            async for raw in ws:
                await self._deliver(self._receive(conn_id, raw))
                self._wake_bots()
        except ConnectionClosed:
            pass
        finally:
            self._sockets.pop(conn_id, None)
            await self._deliver(self.table.disconnect(conn_id))

    def _receive(self, conn_id: int, raw: str | bytes) -> list[Outgoing]:
        try:
            return self.table.receive(conn_id, raw)
        except Exception:  # a bug must cost one message, never the game
            log.exception("message from connection %s", conn_id)
            return [(conn_id, protocol.protocol_refusal("the host could not handle this"))]

    async def _deliver(self, outgoing: list[Outgoing]) -> None:
        """Send each message (one line of JSON) to its connection; ``CLOSE`` closes it."""
        lines: dict[int, str] = {}
        for conn_id, message in outgoing:
            ws = self._sockets.get(conn_id)
            if ws is None:
                continue
            try:
                if message is CLOSE:
                    await ws.close()
                    continue
                text = lines.get(id(message))
                if text is None:
                    text = lines[id(message)] = protocol.line(message)
                await ws.send(text)
            except ConnectionClosed:
                continue

    # --- bots --------------------------------------------------------------------------------
    def _wake_bots(self) -> None:
        """Let the bot seats play if one is to act and they are not playing already."""
        if (self._bots is None or self._bots.done()) and self.table.bot_to_act():
            self._bots = asyncio.get_running_loop().create_task(self._play_bots())

    async def _play_bots(self) -> None:
        while self.table.bot_to_act():
            await asyncio.sleep(self.bot_delay)
            try:
                outgoing = self.table.bot_step()
            except Exception:  # a bot that fails stops, the host does not
                log.exception("bot seat")
                return
            await self._deliver(outgoing)


def serve_table(table: GameTable, **options: Any) -> GameServer:
    """A started :class:`GameServer` for ``table`` (``options``: host, port, bot_delay)."""
    server = GameServer(table, **options)
    server.start()
    return server
