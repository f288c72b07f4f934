"""A client written from docs/protocol.md alone: ``websockets`` and ``json``, no rules engine and
nothing of the game's own code. It joins a seat and plays until the game is over, choosing
from the ``legal`` actions each view lists: a fight decision, an armour card, a sector, a move
(the last one listed), else the end of the turn; a few actions a turn at most."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from websockets.sync.client import connect

PREFERRED = ("FightDecision", "DiscardArmour", "PlaceSector", "Move")
ACTIONS_A_TURN = 4


@dataclass
class Played:
    """How the game went for this client."""

    seat: int = -1
    token: str = ""
    actions: int = 0
    views: int = 0
    refused: list[dict[str, Any]] = field(default_factory=list)
    last_state: dict[str, Any] = field(default_factory=dict)
    log: list[Any] = field(default_factory=list)
    bye: str = ""


RATE_LIMITED = "rate_limited"
"""The refusal key of a message over the host's rate (docs/protocol.md, limits)."""
PAUSE = 1.0
"""Seconds to wait before sending a rate-limited action again (the rate refills meanwhile)."""


def choose(legal: list[dict[str, Any]], done_this_turn: int) -> dict[str, Any]:
    """One of ``legal``: by :data:`PREFERRED` kind, else ``EndTurn``, else the first."""
    end = [a for a in legal if a["type"] == "EndTurn"]
    if end and done_this_turn >= ACTIONS_A_TURN:
        return end[0]
    for kind in PREFERRED:
        found = [a for a in legal if a["type"] == kind]
        if found:
            return found[-1] if kind == "Move" else found[0]
    return end[0] if end else legal[0]


def play(uri: str, name: str, *, seconds: float) -> Played:
    """Join the first free seat of the host at ``uri`` and play to the end of the game (or
    until ``seconds`` have passed: then the result says the game is not over)."""
    played = Played()
    deadline = time.monotonic() + seconds
    acted_at = -1
    turn_key: tuple[int, int] | None = None
    done_this_turn = 0
    request = 0
    sent: dict[str, Any] | None = None
    with connect(uri, max_size=16 * 1024 * 1024) as ws:
        join = {"type": "join", "protocol": 1, "any_seat": True, "name": name}
        ws.send(json.dumps(join))
        while time.monotonic() < deadline:
            try:
                raw = ws.recv(timeout=max(0.01, deadline - time.monotonic()))
            except TimeoutError:
                break
            message = json.loads(raw)
            kind = message["type"]
            if kind == "refused" and message.get("key") == RATE_LIMITED and sent is not None:
                time.sleep(PAUSE)  # over the host's rate: it did nothing, so send it again
                ws.send(json.dumps(sent))
                continue
            if kind == "refused":
                played.refused.append(message)
                continue
            if kind == "bye":
                played.bye = message["reason"]
                break
            if kind != "view":
                continue
            played.views += 1
            state = message["state"]
            played.last_state = state
            if "token" in message:
                played.token = message["token"]
                played.seat = message["seats"][0]
                played.log = message["log"]
            if state["phase"] == "over":
                break
            legal = message["legal"]
            if not legal or message["version"] <= acted_at:
                continue
            key = (state["turn"], state["current_player"])
            if key != turn_key:
                turn_key, done_this_turn = key, 0
            action = choose(legal, done_this_turn)
            done_this_turn += 1
            request += 1
            sent = {"type": "action", "id": request, "action": action}
            ws.send(json.dumps(sent))
            acted_at = message["version"]
            played.actions += 1
        ws.send(json.dumps({"type": "bye"}))
    return played
