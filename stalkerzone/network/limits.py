"""What one connection may cost the host (docs/protocol.md, "Limits"): caps, rate limits, the
table code, and the host's own guards (a spare file descriptor for saving, failures logged once).

Nothing here does network I/O; the clock is passed in (``now``: ``time.monotonic()``), so the
table and its tests decide what time it is.
"""

from __future__ import annotations

import contextlib
import hmac
import logging
import os
import secrets
from collections.abc import Iterator
from dataclasses import dataclass, field

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Table code letters: no 0/O, 1/I/L, so a code read aloud or off a screen types right."""
CODE_LENGTH = 6
MAX_CODE = 32

# reason keys of ``bye`` (the host closes the connection) and of ``refused`` (nothing changed)
BYE_HOST_CLOSED = "host_closed"
BYE_TOO_SLOW = "too_slow"
BYE_FULL = "too_many_connections"
BYE_WATCHERS_FULL = "too_many_watchers"
BYE_ABUSE = "abuse"
BYE_TAKEN_OVER = "seat_taken_over"
BYE_BAD_CODE = "bad_code"
REFUSED_RATE = "rate_limited"
REFUSED_CODE = "bad_code"
REFUSED_NAME = "name_taken"


@dataclass(frozen=True)
class Limits:
    """The host's limits; ``stalkerzone host`` sets the caps from its options."""

    max_connections: int = 256
    """Open connections at once (joined or not); more are told ``too_many_connections``."""
    max_watchers: int = 64
    """Spectators at once (connections holding no seat)."""
    max_queue_bytes: int = 4 * 1024 * 1024
    """Bytes waiting to be sent to one connection; beyond it the connection is cut."""
    max_lag: float = 10.0
    """Seconds one message may wait to be taken by a connection before it is cut."""
    socket_buffer: int = 128 * 1024
    """The system's send buffer of each connection (so a client that stops reading holds at
    most this much of the host's memory beyond ``max_queue_bytes``)."""
    actions_per_second: float = 10.0
    action_burst: int = 40
    chat_per_second: float = 0.5
    chat_burst: int = 5
    joins_per_second: float = 0.2
    join_burst: int = 5
    wrong_codes_per_second: float = 0.5
    """Wrong table codes one address may try, after a burst of ``wrong_code_burst``."""
    wrong_code_burst: int = 10
    wrong_codes_per_connection: int = 3
    strikes: int = 30
    """Refusals for going over a rate a connection may earn in a burst before it is cut
    (``abuse``)."""
    strikes_forgiven_per_second: float = 0.5
    """How fast those refusals are forgiven: a program that plays fast and now and then goes
    over a rate is never cut, one that keeps hammering is."""


@dataclass(slots=True)
class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` saved; :meth:`take` spends one if there is."""

    rate: float
    burst: int
    tokens: float = -1.0
    stamp: float = 0.0

    def refill(self, now: float) -> float:
        """The tokens saved at ``now``."""
        if self.tokens < 0:
            self.tokens, self.stamp = float(self.burst), now
        self.tokens = min(float(self.burst), self.tokens + max(now - self.stamp, 0.0) * self.rate)
        self.stamp = now
        return self.tokens

    def take(self, now: float) -> bool:
        if self.refill(now) < 1.0:
            return False
        self.tokens -= 1.0
        return True


@dataclass(slots=True)
class ConnectionBudget:
    """One connection's buckets and how often it went over them."""

    actions: TokenBucket
    chat: TokenBucket
    joins: TokenBucket
    forgiveness: TokenBucket
    """Refusals over a rate this connection may still earn (``Limits.strikes``)."""
    strikes: int = 0
    wrong_codes: int = 0

    @classmethod
    def of(cls, limits: Limits) -> ConnectionBudget:
        return cls(
            TokenBucket(limits.actions_per_second, limits.action_burst),
            TokenBucket(limits.chat_per_second, limits.chat_burst),
            TokenBucket(limits.joins_per_second, limits.join_burst),
            TokenBucket(limits.strikes_forgiven_per_second, max(limits.strikes - 1, 0)),
        )


@dataclass
class CodeGuesses:
    """Wrong table codes per address (a bucket each; a few hundred addresses kept at most)."""

    limits: Limits
    buckets: dict[str, TokenBucket] = field(default_factory=dict)

    def may_try(self, address: str, now: float) -> bool:
        """Whether ``address`` may have its code checked now (it spends nothing)."""
        bucket = self.buckets.get(address)
        return bucket is None or bucket.refill(now) >= 1.0

    def wrong(self, address: str, now: float) -> None:
        if address not in self.buckets and len(self.buckets) >= 512:
            self.buckets.pop(next(iter(self.buckets)))
        bucket = self.buckets.setdefault(
            address, TokenBucket(self.limits.wrong_codes_per_second, self.limits.wrong_code_burst)
        )
        bucket.take(now)


def new_code() -> str:
    """A fresh table code: :data:`CODE_LENGTH` letters of :data:`CODE_ALPHABET` (``secrets``)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str:
    """A code as typed, made comparable: upper case, no spaces or dashes."""
    return "".join(c for c in text.upper() if c not in " -_")


def read_code(text: str) -> str:
    """A code given on the command line; :class:`ValueError` says what is wrong with it."""
    code = normal_code(text)
    if not 4 <= len(code) <= MAX_CODE or not code.isascii() or not code.isalnum():
        raise ValueError(f"4 to {MAX_CODE} letters and digits, not {text!r:.40}")
    return code


def code_matches(given: str | None, code: str) -> bool:
    """Whether ``given`` is the table's ``code`` (compared in constant time)."""
    typed = normal_code(given or "")
    return hmac.compare_digest(typed.encode("utf-8"), code.encode("utf-8"))


def new_token() -> str:
    """A seat token (``secrets``): never starting with "-", so ``--token T`` reads it."""
    while True:
        token = secrets.token_urlsafe(16)
        if not token.startswith("-"):
            return token


class LogOnce:
    """Logs the first failure of each kind loudly and counts the rest (``repeats``)."""

    def __init__(self, logger: logging.Logger) -> None:
        self.logger = logger
        self.repeats: dict[str, int] = {}

    def __call__(self, kind: str, message: str, *args: object) -> None:
        if kind in self.repeats:
            self.repeats[kind] += 1
            return
        self.repeats[kind] = 0
        self.logger.error(message + " (further ones of this kind are not logged)", *args)


class SpareDescriptor:
    """One file descriptor held open, given back when the host has run out of them, so that a
    save can still be written (the accept loop then fails instead of the save)."""

    def __init__(self) -> None:
        self.fd: int | None = None
        self.hold()

    def hold(self) -> None:
        if self.fd is None:
            with contextlib.suppress(OSError):
                self.fd = os.open(os.devnull, os.O_RDONLY)

    @contextlib.contextmanager
    def released(self) -> Iterator[None]:
        """The spare descriptor is closed for the block and taken again after it."""
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
        try:
            yield
        finally:
            self.hold()

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
