"""Benchmark: the network host under a crowd (127.0.0.1 only).

    python benchmarks/bench_host.py [--actions 200] [--watchers 200] [--crowd 1000]

Three processes, so that one's work does not slow another's measure: the host (``--serve``: a
6-seat game, every seat remote, the caps raised to let the crowd in and the action rate raised
so that the players may play as fast as they can; every other limit as ``stalkerzone host``
has it), the watchers (``--watch N``: N spectators that read everything), and this one, the six
players, each playing the easy bot's choice on its own view.

- **round trip**: an action sent by the seat to act until its new view is read and parsed
  (``RemoteGame.act``), over ``--actions`` actions with ``--watchers`` watchers connected:
  median and 95th percentile;
- **crowd**: the host's resident memory (VmRSS) and CPU seconds (user + system) with ``--crowd``
  watchers connected, and the CPU it spent per action while they watched;
- **stalled watcher**: one more watcher that never reads (a 4 KiB receive buffer): the round
  trips of the players while it is connected (the table does not wait for it: the longest one is
  printed) and how long until the host cut it (``Limits.max_lag`` / ``max_queue_bytes`` bound it,
  not the watcher).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stalkerzone.bots import players as bots
from stalkerzone.engine.game import legal_actions
from stalkerzone.network import protocol
from stalkerzone.network.client import RemoteGame, open_game
from stalkerzone.network.limits import Limits

LOOPBACK = "127.0.0.1"
CODE = "BENCH1"
SEATS = 6
HERE = Path(__file__).resolve()


# --- the host ---------------------------------------------------------------------------------
def serve(crowd: int) -> int:
    """Host a 6-seat game on 127.0.0.1 and print its port; log cuts to stderr with a time."""
    import logging

    from stalkerzone.network.hosting import HostPlan, new_table
    from stalkerzone.network.server import GameServer

    logging.basicConfig(format="%(created).3f %(message)s", level=logging.ERROR)
    table = new_table(HostPlan(("remote",) * SEATS, seed=11), autosave=False)  # type: ignore[arg-type]
    table.code = CODE
    table.limits = Limits(
        max_connections=crowd + 50, max_watchers=crowd + 10, actions_per_second=1000.0
    )
    server = GameServer(table, host=LOOPBACK, port=0, bot_delay=0.0)
    server.start()
    print(server.port, flush=True)
    sys.stdin.readline()  # until the benchmark is done
    server.stop()
    return 0


# --- the watchers -----------------------------------------------------------------------------
def watch(port: int, count: int) -> int:
    """``count`` spectators reading everything; prints "ready" once all joined, ends on stdin."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    join = protocol.line({"type": "join", "protocol": protocol.VERSION, "code": CODE})

    async def one() -> None:
        ws = await connect(f"ws://{LOOPBACK}:{port}", open_timeout=120, max_size=None)
        await ws.send(join)
        await ws.recv()
        ready.append(1)
        try:
            async for _ in ws:
                pass
        except ConnectionClosed:
            return

    ready: list[int] = []

    async def main() -> None:
        tasks = [asyncio.create_task(one()) for _ in range(count)]
        while len(ready) < count:
            await asyncio.sleep(0.05)
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)
        for task in tasks:
            task.cancel()

    asyncio.run(main())
    return 0


# --- the players ------------------------------------------------------------------------------
def child(*argv: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(HERE), *argv],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def host_usage(pid: int) -> tuple[float, float]:
    """(resident MiB, CPU seconds) of process ``pid`` (Linux /proc)."""
    status = Path(f"/proc/{pid}/status").read_text()
    rss = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS"))
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return rss / 1024, (int(fields[11]) + int(fields[12])) / ticks


def play(players: list[RemoteGame], actions: int) -> list[float]:
    """``actions`` actions, each by the seat to act: their round trips in milliseconds."""
    times = []
    for _ in range(actions):
        for game in players:
            game.update()
        latest = max(g.version for g in players)
        deadline = time.monotonic() + 30
        while any(g.version != latest for g in players):
            assert time.monotonic() < deadline, "a player fell behind"
            time.sleep(0.001)
            for game in players:
                game.update()
        view = players[0].view
        assert view is not None
        if view.phase == "over":
            break
        mover = players[view.current_player]
        mine = mover.view
        assert mine is not None
        action = bots.choose(mine, None, "easy", legal_actions(mine))
        start = time.perf_counter()
        mover.act(action, timeout=60)
        times.append((time.perf_counter() - start) * 1000)
    return times


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def stall(port: int, stack: contextlib.ExitStack) -> None:
    """A watcher that joins and then never reads (its receive buffer 4 KiB), open until
    ``stack`` closes."""
    from websockets.sync.client import connect

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect((LOOPBACK, port))
    ws = stack.enter_context(connect(f"ws://{LOOPBACK}:{port}", sock=sock, max_queue=1))
    ws.send(protocol.line({"type": "join", "protocol": protocol.VERSION, "code": CODE}))


def run(actions: int, watchers: int, crowd: int) -> None:
    host = child("--serve", str(crowd))
    assert host.stdout is not None and host.stderr is not None and host.stdin is not None
    port = int(host.stdout.readline())
    cuts: list[float] = []

    def read_log() -> None:
        for line in host.stderr or ():
            if "too far behind" in line:
                cuts.append(float(line.split()[0]))

    threading.Thread(target=read_log, daemon=True).start()
    players = [open_game(f"{LOOPBACK}:{port}", (seat,), code=CODE) for seat in range(SEATS)]
    crowds: list[subprocess.Popen[str]] = []
    try:
        crowds.append(child("--watch", str(port), str(watchers)))
        assert crowds[0].stdout is not None
        crowds[0].stdout.readline()
        trips = play(players, actions)
        print(
            f"round trip, {SEATS} seats + {watchers} watchers, {len(trips)} actions: "
            f"median {statistics.median(trips):.1f} ms, p95 {percentile(trips, 0.95):.1f} ms, "
            f"max {max(trips):.1f} ms"
        )
        rss0, cpu0 = host_usage(host.pid)
        crowds.append(child("--watch", str(port), str(crowd - watchers)))
        assert crowds[1].stdout is not None
        crowds[1].stdout.readline()
        rss1, cpu1 = host_usage(host.pid)
        trips = play(players, 50)
        rss2, cpu2 = host_usage(host.pid)
        print(
            f"host with {crowd} watchers: RSS {rss1:.0f} MiB ({rss0:.0f} MiB with {watchers}), "
            f"{cpu1 - cpu0:.2f} CPU s to let {crowd - watchers} in, "
            f"{(cpu2 - cpu1) / max(len(trips), 1) * 1000:.0f} CPU ms per action "
            f"(round trip median {statistics.median(trips):.1f} ms); after: RSS {rss2:.0f} MiB"
        )
        for extra in crowds[1:]:
            extra.communicate("\n", timeout=60)
        del crowds[1:]
        limits = Limits()
        stalled = contextlib.ExitStack()
        stall(port, stalled)
        start = time.time()
        during: list[float] = []
        while not cuts and time.time() - start < limits.max_lag + 60:
            during += play(players, 1)
        cut = cuts[0] - start if cuts else float("nan")
        print(
            f"stalled watcher: players' round trips meanwhile median "
            f"{statistics.median(during):.1f} ms, longest {max(during):.1f} ms; cut by the host "
            f"{cut:.1f} s after it stopped reading (bounds: {limits.max_lag:.0f} s or "
            f"{limits.max_queue_bytes // 1024} KiB queued)"
        )
        stalled.close()
    finally:
        for game in players:
            game.leave()
        for proc in crowds:
            proc.communicate("\n", timeout=60)
        host.communicate("\n", timeout=60)
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, {os.cpu_count()} cores")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--watchers", type=int, default=200)
    parser.add_argument("--crowd", type=int, default=1000)
    parser.add_argument("--serve", type=int, metavar="CROWD", help=argparse.SUPPRESS)
    parser.add_argument("--watch", type=int, nargs=2, metavar=("PORT", "N"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:
        return serve(args.serve)
    if args.watch is not None:
        return watch(*args.watch)
    run(args.actions, args.watchers, args.crowd)
    return 0


if __name__ == "__main__":
    sys.exit(main())
