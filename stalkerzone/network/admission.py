"""Who a table lets in and how fast (docs/protocol.md, "Who may join, and the limits"): a
message over its connection's rate, a join's code (the table code or an unspent one-time join
code, ``join_codes``; a wrong one counted per address and per connection), a name already at
the table. Functions of the :class:`GameTable` they guard.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from stalkerzone.network import limits as bounds
from stalkerzone.network import protocol
from stalkerzone.network.limits import CodeGuesses, code_matches
from stalkerzone.network.protocol import ActionMessage, ByeMessage, ChatMessage, ClientMessage

if TYPE_CHECKING:
    from stalkerzone.network.table import Connection, GameTable, Outgoing


def over_rate(table: GameTable, conn: Connection, message: ClientMessage) -> list[Outgoing] | None:
    """The answer to a message over its connection's rate (``rate_limited``; the connection
    is cut after ``Limits.strikes`` of them in a burst, see ``Limits``), or None: go on."""
    budget = conn.budget
    if budget is None or isinstance(message, ByeMessage):
        return None
    if isinstance(message, ActionMessage):
        bucket, request = budget.actions, message.id
    elif isinstance(message, ChatMessage):
        bucket, request = budget.chat, None
    else:
        bucket, request = budget.joins, None
    now = table.clock()
    if bucket.take(now):
        return None
    budget.strikes += 1
    if not budget.forgiveness.take(now):
        table.failures(
            "abuse", "connection %s cut: over its rates %s times", conn.id, budget.strikes
        )
        return table.cut(conn.id, bounds.BYE_ABUSE, "too many messages, too fast")
    problem = f"too many {message.type} messages: slow down"
    return [(conn.id, protocol.limit_refusal(bounds.REFUSED_RATE, problem, request))]


def wrong_code(table: GameTable, conn: Connection, given: str | None) -> list[Outgoing] | None:
    """The answer to a join whose code is wrong (or may not be tried now), else None: the
    table code or an unspent join code is right (the join spends the latter once it is let
    in, :func:`spend_join_code`). Wrong codes of either kind are counted alike, per address
    and per connection (then it is cut)."""
    if table.guesses is None:
        table.guesses = CodeGuesses(table.limits)
    now = table.clock()
    if not table.guesses.may_try(conn.address, now):
        problem = "too many wrong table codes from this address: wait a little"
        return [(conn.id, protocol.limit_refusal(bounds.REFUSED_RATE, problem))]
    if code_matches(given, table.code) or table.join_codes.is_open(given):
        return None
    table.guesses.wrong(conn.address, now)
    assert conn.budget is not None
    conn.budget.wrong_codes += 1
    if conn.budget.wrong_codes >= table.limits.wrong_codes_per_connection:
        table.failures("code", "wrong table codes from %s", conn.address or "a connection")
        return table.cut(conn.id, bounds.BYE_BAD_CODE, "wrong table code")
    problem = "the table code is missing or wrong (the host shows it)"
    return [(conn.id, protocol.limit_refusal(bounds.REFUSED_CODE, problem))]


def spend_join_code(table: GameTable, given: str | None) -> None:
    """A join let in with ``given``: when that is a join code (not the table code), it is
    spent, so it admits nobody else."""
    if not code_matches(given, table.code):
        table.join_codes.spend(given)


def name_taken(table: GameTable, name: str, seats: Sequence[int]) -> bool:
    """Whether ``name`` is a seat's name (not one of ``seats``) or another connection's."""
    folded = name.casefold()
    for seat in table.seats:
        if seat.index not in seats and seat.name.casefold() == folded:
            return True
    return any(c.name.casefold() == folded for c in table.connections.values() if c.seats)
