"""Benchmark: network play over loopback — round-trip latency and the host's throughput with six
clients, against a direct in-process ``apply`` measured in the same run.

    python benchmarks/bench_network.py [--actions 150] [--seed 2] [--pings 200]

One six-seat game (every seat remote) is first played by the bots in process, to get a fixed
list of actions. Then, in the same run:

- **direct apply**: those actions through ``engine.game.record.play`` alone (the baseline: what a
  hot-seat client does per action);
- **host work**: the same through the host's ``GameTable`` without sockets (apply, then an event
  and a ``player_view`` JSON for each of the six connections);
- **round trip**: a host on 127.0.0.1 with six joined clients; each action is sent by the client
  of the seat to act, which waits for its new view (``RemoteGame.act``: host apply, six views
  serialised and sent, the answer read back strictly); the five others read theirs as well;
- **ping**: a chat line from one client until it comes back (the protocol's floor, no state).

Medians per action in milliseconds, the ratios against the direct apply, and the host's
throughput (actions per second with six clients, the whole replay's wall time).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stalkerzone.bots import players as bots
from stalkerzone.bots.memory import BotMemory
from stalkerzone.content.loader import LoadResult, load_packs
from stalkerzone.content.tiles import load_sectors
from stalkerzone.content.variants import load_variant
from stalkerzone.engine.game import GameRecord, legal_actions
from stalkerzone.engine.game import record as records
from stalkerzone.engine.play import Action
from stalkerzone.network import protocol
from stalkerzone.network.client import HostConnection, RemoteGame
from stalkerzone.network.hosting import HostPlan, new_table
from stalkerzone.network.server import GameServer
from stalkerzone.network.table import GameTable, SeatKind
from stalkerzone.persistence.saves import pack_refs
from stalkerzone.persistence.serialize import action_to_json

SEATS = 6


def fresh_table(loaded: LoadResult, seed: int) -> GameTable:
    remote: SeatKind = "remote"
    kinds = (remote,) * SEATS
    plan = HostPlan(kinds, seed=seed)
    return new_table(plan, loaded=loaded, autosave=False)


def bot_actions(record: GameRecord, count: int) -> list[Action]:
    """The bots' actions for ``count`` steps of the game (or until it ends)."""
    memory = BotMemory()
    done: list[Action] = []
    while len(done) < count and not record.state.is_terminal:
        state = record.state
        action = bots.choose(state, None, "easy", legal_actions(state), memory=memory)
        record = records.play(record, action)
        done.append(action)
    return done


def direct(record: GameRecord, actions: list[Action]) -> list[float]:
    times = []
    for action in actions:
        start = time.perf_counter()
        record = records.play(record, action)
        times.append(time.perf_counter() - start)
    return times


def host_work(table: GameTable, actions: list[Action]) -> list[float]:
    """The table's own work per action, six joined connections, no sockets."""
    conns = []
    for seat in range(SEATS):
        conn = table.connect()
        join = {"type": "join", "protocol": protocol.VERSION, "seats": [seat]}
        table.receive(conn, protocol.line(join))
        conns.append(conn)
    times = []
    for request, action in enumerate(actions):
        mover = conns[table.state.current_player]
        raw = protocol.line({"type": "action", "id": request, "action": action_to_json(action)})
        start = time.perf_counter()
        out = table.receive(mover, raw)
        for _, message in out:
            protocol.line(message)
        times.append(time.perf_counter() - start)
    return times


def client_of(server: GameServer, loaded: LoadResult, sectors: tuple[object, ...]) -> RemoteGame:
    digests = {p.id: p.digest for p in pack_refs(loaded.cards, loaded.packs)}
    connection = HostConnection(f"127.0.0.1:{server.port}")
    return RemoteGame(
        connection,
        loaded.cards,
        sectors,  # type: ignore[arg-type]
        load_variant,
        pack_digests=digests,
    )


def over_loopback(
    table: GameTable, actions: list[Action], loaded: LoadResult, pings: int
) -> tuple[list[float], float, list[float]]:
    """Round trips per action, the replay's wall time, ping round trips."""
    server = GameServer(table, host="127.0.0.1", port=0)
    server.start()
    sectors = tuple(load_sectors())
    clients = []
    for seat in range(SEATS):
        game = client_of(server, loaded, sectors)
        game.join([seat])
        clients.append(game)
    times = []
    wall = time.perf_counter()
    for action in actions:
        view = clients[0].view
        assert view is not None
        mover = clients[view.current_player]
        start = time.perf_counter()
        mover.act(action)
        times.append(time.perf_counter() - start)
        for game in clients:
            while game.version < mover.version:
                game.update()
                time.sleep(0.0002)
    wall = time.perf_counter() - wall
    ping = []
    speaker = clients[0]
    for _ in range(pings):
        start = time.perf_counter()
        speaker.say("ping")
        while True:
            message = speaker.connection.next(5.0)
            assert message is not None, "the ping never came back"
            if message.get("type") == "chat":
                break
        ping.append(time.perf_counter() - start)
    for game in clients:
        game.leave()
    server.stop()
    return times, wall, ping


def ms(values: list[float]) -> float:
    return statistics.median(values) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=150)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--pings", type=int, default=200)
    args = parser.parse_args()
    loaded = load_packs(include_user=False)
    start = fresh_table(loaded, args.seed).record
    actions = bot_actions(start, args.actions)
    baseline = direct(start, actions)
    hosted = host_work(fresh_table(loaded, args.seed), actions)
    trips, wall, ping = over_loopback(fresh_table(loaded, args.seed), actions, loaded, args.pings)
    base = ms(baseline)
    print(f"{len(actions)} actions of a {SEATS}-seat game, medians per action")
    print(f"  direct apply (baseline)      {base:8.3f} ms")
    print(f"  host work, 6 views, no I/O   {ms(hosted):8.3f} ms   {ms(hosted) / base:7.1f}×")
    print(f"  round trip over loopback     {ms(trips):8.3f} ms   {ms(trips) / base:7.1f}×")
    print(f"  ping (chat, no state)        {ms(ping):8.3f} ms")
    print(f"  host throughput, 6 clients   {len(actions) / wall:8.1f} actions/s")


if __name__ == "__main__":
    main()
