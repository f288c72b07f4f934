"""Attacks on join codes against a running host, on 127.0.0.1 only and bounded in count and
time: a crowd racing to reuse one code (one join gets in), a flood of guessed codes (checked no
faster than the wrong-code limit, nobody let in). After each the host is alive, the honest seats
play on and the save replays (``attacked``)."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from stalkerzone.network import limits, protocol
from stalkerzone.network.join_codes import new_join_code
from stalkerzone.network.limits import Limits
from stalkerzone.network.table import SeatKind
from tests.network.test_attacks import attacked, uri

pytestmark = pytest.mark.slow  # each attack runs a real host for seconds

RACERS = 20
GUESSERS = 100


async def try_code(address: str, code: str) -> list[dict[str, Any]]:
    """Join with ``code`` for any free seat; every answer until the host closes or 2 s pass."""
    message = {"type": "join", "protocol": protocol.VERSION, "any_seat": True, "code": code}
    async with connect(address) as ws:
        await ws.send(protocol.line(message))
        answers: list[dict[str, Any]] = []
        try:
            raw = await asyncio.wait_for(ws.recv(), 5.0)
            answers.append(json.loads(raw))
        except (ConnectionClosed, TimeoutError):
            pass
        return answers


def test_a_crowd_racing_with_one_join_code_lets_exactly_one_in(tmp_path: Path) -> None:
    kinds: tuple[SeatKind, ...] = ("remote", "remote", "remote")
    with attacked(
        tmp_path, kinds, honest=(0, 1), wrong_code_burst=RACERS * 2, bot_takeover=0.0
    ) as (server, _):
        t = server.table
        code = server.call(t.join_codes.mint)

        async def race() -> list[list[dict[str, Any]]]:
            return await asyncio.gather(*(try_code(uri(server), code) for _ in range(RACERS)))

        answers = asyncio.run(race())
        firsts = [a[0] for a in answers if a]
        views = [m for m in firsts if m["type"] == "view"]
        assert len(views) == 1 and views[0]["seats"] == [2]
        refused = [m for m in firsts if m["type"] == "refused"]
        assert len(refused) == RACERS - 1
        assert {m["key"] for m in refused} == {limits.REFUSED_CODE}
        assert not server.call(lambda: t.join_codes.is_open(code))


def test_a_flood_of_guessed_join_codes_is_checked_at_the_limit_and_lets_nobody_in(
    tmp_path: Path,
) -> None:
    with attacked(tmp_path, ("remote", "remote", "remote"), honest=(0, 1), bot_takeover=0.0) as (
        server,
        _,
    ):
        t = server.table
        real = [server.call(t.join_codes.mint) for _ in range(4)]
        guesses = [new_join_code() for _ in range(GUESSERS)]

        async def flood() -> list[dict[str, Any]]:
            found: list[dict[str, Any]] = []
            for guess in guesses:  # one at a time: each answer is read
                found += await try_code(uri(server), guess)
            return found

        started = time.monotonic()
        answers = asyncio.run(flood())
        elapsed = time.monotonic() - started
        assert len(answers) == GUESSERS and all(m["type"] == "refused" for m in answers)
        checked = [m for m in answers if m["key"] == limits.REFUSED_CODE]
        waited = [m for m in answers if m["key"] == limits.REFUSED_RATE]
        bound = Limits()
        assert len(checked) <= bound.wrong_code_burst + bound.wrong_codes_per_second * elapsed + 1
        assert len(checked) + len(waited) == GUESSERS and waited
        assert server.call(lambda: t.seats[2].holder) is None
        assert server.call(lambda: all(t.join_codes.is_open(c) for c in real))
