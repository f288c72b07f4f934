"""The host's limits without sockets: the table code, rate limits, unique names, caps, a seat
taken by token, a bot standing in for an absent seat, saving out of file descriptors, and the
host command's watch loop (docs/protocol.md, "Who may join, and the limits")."""

from __future__ import annotations

import errno
import logging
import secrets
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from stalkerzone.commands.host import watch
from stalkerzone.engine.game import legal_actions
from stalkerzone.network import discovery, limits, protocol
from stalkerzone.network.limits import Limits, SpareDescriptor, TokenBucket
from stalkerzone.network.table import CLOSE, GameTable
from stalkerzone.persistence.serialize import JSON, action_to_json
from tests.support.network import table

Out = list[tuple[int, dict[str, JSON]]]


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def coded(kinds: tuple[Any, ...] = ("remote", "remote"), **fields: Any) -> tuple[GameTable, Clock]:
    t = table(kinds)
    clock = Clock()
    t.code, t.clock = "K7MR2Q", clock
    for name, value in fields.items():
        setattr(t, name, value)
    return t, clock


def send(t: GameTable, conn: int, message: dict[str, Any]) -> Out:
    return t.receive(conn, protocol.line(message))


def join(t: GameTable, conn: int, seats: list[int] | None = None, **extra: Any) -> Out:
    message = {"type": "join", "protocol": protocol.VERSION, "seats": seats or [], **extra}
    return send(t, conn, message)


def mine(out: Out, conn: int) -> list[dict[str, JSON]]:
    return [m for c, m in out if c == conn]


def kinds_of(out: Out, conn: int) -> list[str]:
    return [str(m.get("key") or m["type"]) for m in mine(out, conn)]


def test_codes_are_short_unambiguous_and_compared_without_case_or_dashes() -> None:
    code = limits.new_code()
    assert len(code) == limits.CODE_LENGTH and set(code) <= set(limits.CODE_ALPHABET)
    assert not set("01OIL") & set(limits.CODE_ALPHABET)
    assert limits.code_matches("k7m-r2q", "K7MR2Q")
    assert not limits.code_matches("K7MR2R", "K7MR2Q") and not limits.code_matches(None, "K7MR2Q")
    assert limits.read_code("ab-cd 12") == "ABCD12"
    with pytest.raises(ValueError, match="letters and digits"):
        limits.read_code("ab!")


def test_tokens_never_start_with_a_dash(monkeypatch: pytest.MonkeyPatch) -> None:
    made = iter(["-starts-badly", "-again", "fine-token"])
    monkeypatch.setattr(secrets, "token_urlsafe", lambda n: next(made))
    assert limits.new_token() == "fine-token"


def test_a_token_bucket_spends_its_burst_then_refills_at_its_rate() -> None:
    bucket = TokenBucket(rate=2.0, burst=3)
    assert [bucket.take(0.0) for _ in range(4)] == [True, True, True, False]
    assert bucket.take(0.5) and not bucket.take(0.5)


def test_a_join_needs_the_code_and_the_third_wrong_one_closes_the_connection() -> None:
    t, _ = coded()
    conn = t.connect("10.0.0.5")
    assert kinds_of(join(t, conn, [0]), conn) == [limits.REFUSED_CODE]
    assert kinds_of(join(t, conn, [0], code="AAAAAA"), conn) == [limits.REFUSED_CODE]
    out = join(t, conn, [0], code="BBBBBB")
    assert kinds_of(out, conn) == [limits.BYE_BAD_CODE, "close"]
    other = t.connect("10.0.0.6")
    assert kinds_of(join(t, other, [0], code="k7mr2q"), other) == ["view"]
    watcher = t.connect("10.0.0.7")
    assert kinds_of(join(t, watcher, code="K7MR2Q"), watcher) == ["view"]
    host = t.connect("127.0.0.1")
    assert kinds_of(join(t, host, token=t.host_key), host) == ["view"]  # the host's own seats


def test_wrong_codes_are_limited_per_address_even_across_connections() -> None:
    t, clock = coded()
    burst = t.limits.wrong_code_burst
    for _ in range(burst):
        conn = t.connect("10.0.0.9")
        assert kinds_of(join(t, conn, code="WRONG1"), conn) == [limits.REFUSED_CODE]
    late = t.connect("10.0.0.9")
    out = join(t, late, code="K7MR2Q")  # even the right code waits: nothing is checked
    assert kinds_of(out, late) == [limits.REFUSED_RATE]
    elsewhere = t.connect("10.0.0.10")
    assert kinds_of(join(t, elsewhere, code="K7MR2Q"), elsewhere) == ["view"]
    clock.now += 2.0 / t.limits.wrong_codes_per_second
    assert kinds_of(join(t, late, code="K7MR2Q"), late) == ["view"]


def test_names_are_unique_and_a_name_renames_the_seat() -> None:
    t, _ = coded()
    watcher = t.connect()
    out = join(t, watcher, code="K7MR2Q", name="player 1")
    assert kinds_of(out, watcher) == [limits.REFUSED_NAME]
    anna = t.connect()
    assert kinds_of(join(t, anna, [0], code="K7MR2Q", name="Anna"), anna) == ["view"]
    assert t.seats[0].name == "Anna" and t.table_info()[0]["name"] == "Anna"
    assert kinds_of(join(t, watcher, code="K7MR2Q", name="ANNA"), watcher) == [limits.REFUSED_NAME]
    assert kinds_of(join(t, watcher, code="K7MR2Q", name="Boris"), watcher) == ["view"]
    out = send(t, watcher, {"type": "chat", "text": "hello"})
    assert {m["name"] for _, m in out} == {"Boris"}


def test_chat_over_its_rate_is_refused_and_a_flood_closes_the_connection() -> None:
    t, clock = coded(limits=Limits(chat_burst=2, strikes=5))
    conn = t.connect()
    join(t, conn, code="K7MR2Q")
    said = [kinds_of(send(t, conn, {"type": "chat", "text": "x"}), conn) for _ in range(7)]
    assert said[:2] == [["chat"], ["chat"]]
    assert said[2:6] == [[limits.REFUSED_RATE]] * 4
    assert said[6] == [limits.BYE_ABUSE, "close"] and conn not in t.connections
    other = t.connect()
    join(t, other, code="K7MR2Q")
    clock.now += 1000
    assert kinds_of(send(t, other, {"type": "chat", "text": "y"}), other) == ["chat"]


def test_going_over_a_rate_now_and_then_is_forgiven() -> None:
    """A program that plays fast and slows down when refused is never cut (docs/protocol.md)."""
    t, clock = coded(limits=Limits(chat_burst=1, chat_per_second=1.0, strikes=3))
    conn = t.connect()
    join(t, conn, code="K7MR2Q")
    for _ in range(10):  # one refusal every 4 seconds: each is forgiven before the next
        assert kinds_of(send(t, conn, {"type": "chat", "text": "x"}), conn) == ["chat"]
        assert kinds_of(send(t, conn, {"type": "chat", "text": "x"}), conn) == [limits.REFUSED_RATE]
        clock.now += 4
    assert conn in t.connections


def test_pipelined_actions_over_the_rate_are_refused_with_their_id_and_change_nothing() -> None:
    t, _ = coded(limits=Limits(action_burst=3, strikes=100))
    conn = t.connect()
    join(t, conn, [0, 1], code="K7MR2Q")
    answers = []
    for request in range(1, 11):
        action = legal_actions(t.state)[0]
        out = send(t, conn, {"type": "action", "id": request, "action": action_to_json(action)})
        answers.append(mine(out, conn)[-1])
    assert [m["type"] for m in answers[:3]] == ["view"] * 3
    refused = answers[3:]
    assert all(m["key"] == limits.REFUSED_RATE for m in refused)
    assert [m["id"] for m in refused] == list(range(4, 11)) and t.version == 3


def test_spectators_over_the_cap_are_told_and_closed() -> None:
    t, _ = coded(limits=Limits(max_watchers=2))
    for _ in range(2):
        conn = t.connect()
        assert kinds_of(join(t, conn, code="K7MR2Q"), conn) == ["view"]
    extra = t.connect()
    assert kinds_of(join(t, extra, code="K7MR2Q"), extra) == [limits.BYE_WATCHERS_FULL, "close"]
    seat = t.connect()
    assert kinds_of(join(t, seat, [0], code="K7MR2Q"), seat) == ["view"]  # players still join


def test_a_seat_taken_with_its_token_tells_the_previous_holder() -> None:
    t, _ = coded()
    first = t.connect()
    token = mine(join(t, first, [1], code="K7MR2Q"), first)[0]["token"]
    assert isinstance(token, str) and not token.startswith("-")
    second = t.connect()
    out = join(t, second, token=token, code="K7MR2Q")
    told = mine(out, first)
    assert told[0]["key"] == limits.BYE_TAKEN_OVER and "taken over" in str(told[0]["reason"])
    assert told[1] is CLOSE and t.seats[1].holder == second


def test_the_free_seats_count_follows_joins_and_tokens() -> None:
    t, _ = coded()
    assert t.free_seats() == 2
    conn = t.connect()
    join(t, conn, [0], code="K7MR2Q")
    assert t.free_seats() == 1
    t.disconnect(conn)
    assert t.free_seats() == 1  # the seat waits for its token


def test_a_bot_stands_in_for_a_seat_absent_on_its_turn_and_gives_it_back() -> None:
    t, clock = coded(bot_takeover=30.0)
    first = t.state.current_player
    anna = t.connect()
    token = mine(join(t, anna, [first], code="K7MR2Q"), anna)[0]["token"]
    t.disconnect(anna)
    assert t.check_absent() == [] and not t.bot_to_act()
    clock.now += 29.0
    assert t.check_absent() == []
    clock.now += 1.0
    watcher = t.connect()
    join(t, watcher, code="K7MR2Q")
    told = t.check_absent()
    assert [m["kind"] for _, m in told] == ["stand_in"] and t.seats[first].stand_in
    assert t.bot_to_act() and t.bot_step()
    back = t.connect()
    join(t, back, token=token, code="K7MR2Q")
    assert not t.seats[first].stand_in and t.seats[first].holder == back


def test_a_binary_frame_is_refused_even_when_it_holds_a_good_message() -> None:
    t, _ = coded()
    conn = t.connect()
    raw = protocol.line({"type": "join", "protocol": 1, "seats": [], "code": "K7MR2Q"})
    out = t.receive(conn, raw.encode())
    assert mine(out, conn)[0]["rule"] == protocol.PROTOCOL_RULE
    assert "binary" in str(mine(out, conn)[0]["message"]) and t.connections[conn].seats is None


def test_out_of_descriptors_a_save_uses_the_spare_and_is_logged_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from stalkerzone.persistence import saves

    t, _ = coded(save_to=tmp_path / "game.json")
    spare = t.spare = SpareDescriptor()
    real = saves.save_game

    def scarce(*args: Any, **kwargs: Any) -> Path:
        if spare.fd is not None:  # every descriptor is taken but the spare
            raise OSError(errno.EMFILE, "Too many open files")
        return real(*args, **kwargs)

    monkeypatch.setattr(saves, "save_game", scarce)
    with caplog.at_level(logging.ERROR):
        assert t.save() == tmp_path / "game.json"
        assert t.save() == tmp_path / "game.json"
    assert spare.fd is not None, "the spare is held again"
    assert sum("spare file descriptor" in r.getMessage() for r in caplog.records) == 1
    spare.close()


class BusyServer:
    """A server whose table answers late at first (``server.call`` times out)."""

    def __init__(self, t: GameTable, late: int) -> None:
        self.table, self.late, self.calls = t, late, 0
        self.running = True

    def call(self, work: Any, timeout: float = 5.0) -> Any:
        self.calls += 1
        if self.calls <= self.late:
            raise TimeoutError
        return work()


class Announcement(discovery.Advertisement):
    def __init__(self) -> None:
        super().__init__()
        self.counts: list[int] = []

    def set_free_seats(self, free: int) -> None:
        self.counts.append(free)


def test_the_watch_loop_survives_a_busy_table_and_keeps_the_free_seats_announced() -> None:
    t, _ = coded()
    conn = t.connect()
    join(t, conn, [0], code="K7MR2Q")
    t.record = replace(t.record, states=(*t.record.states[:-1], replace(t.state, phase="over")))
    server, lan = BusyServer(t, late=3), Announcement()
    assert watch(server, lan, tick=0.0, linger=0.0) == 0
    assert server.calls == 4 and lan.counts == [1]
