"""One-time join codes (docs/protocol.md, "Join codes"): what a printed URL or a QR code shown by
the host carries instead of the table code.

Each code is minted with ``secrets`` when a URL is printed or a QR code is shown, admits one
join and is then spent. At most :data:`MAX_OPEN` are unspent at once (minting another forgets
the oldest), each expires :data:`LIFETIME` seconds after it was minted, and all of them once
every remote seat is taken. A code is drawn
afresh from :data:`~stalkerzone.network.limits.CODE_ALPHABET`: it is never a seat token and
tells nothing about the table code or the tokens. The window shows codes from its own thread
while the host's loop spends them, so every method holds one lock.
"""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from stalkerzone.network.limits import CODE_ALPHABET, normal_code

JOIN_CODE_LENGTH = 16
"""Letters of a join code: 31**16 (about 2**79) codes, and at most 32 (``protocol.MAX_CODE``)."""
MAX_OPEN = 8
"""Unspent join codes at once."""
LIFETIME = 3600.0
"""Seconds an unspent join code admits a join."""


def new_join_code() -> str:
    """A fresh join code: :data:`JOIN_CODE_LENGTH` letters of the table codes' alphabet."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


@dataclass
class JoinCodes:
    """The unspent join codes of one table, each with the time it was minted."""

    clock: Callable[[], float] = time.monotonic
    max_open: int = MAX_OPEN
    lifetime: float = LIFETIME
    minted: dict[str, float] = field(default_factory=dict)
    spent: int = 0
    """How many codes have admitted a join (the window shows a fresh code when it changes)."""
    _shown: str = ""
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def mint(self) -> str:
        """A new code (a URL printed, a QR code shown); the oldest goes when too many wait."""
        with self._lock:
            return self._mint()

    def shown(self) -> str:
        """The code to show now: the one shown before while it is unspent and unexpired, else
        a new one."""
        with self._lock:
            self._expire()
            if self._shown not in self.minted:
                self._shown = self._mint()
            return self._shown

    def spend(self, given: str | None) -> bool:
        """Whether ``given`` is an unspent, unexpired code; if so it is spent (compared in
        constant time against every open code, as typed: case, spaces and dashes ignored)."""
        typed = normal_code(given or "").encode("utf-8")
        with self._lock:
            self._expire()
            found = ""
            for code in list(self.minted):
                if hmac.compare_digest(typed, code.encode("utf-8")):
                    found = code
            if not found:
                return False
            del self.minted[found]
            self.spent += 1
            return True

    def is_open(self, given: str | None) -> bool:
        """Whether ``given`` would be admitted now (it spends nothing)."""
        typed = normal_code(given or "").encode("utf-8")
        with self._lock:
            self._expire()
            return any(hmac.compare_digest(typed, c.encode("utf-8")) for c in self.minted)

    def forget_all(self) -> None:
        """No code admits anyone any more (every remote seat is taken)."""
        with self._lock:
            self.minted.clear()

    def open_count(self) -> int:
        with self._lock:
            self._expire()
            return len(self.minted)

    def _mint(self) -> str:
        code = new_join_code()
        while code in self.minted:  # never in practice: 2**79 codes
            code = new_join_code()
        while len(self.minted) >= self.max_open:
            self.minted.pop(next(iter(self.minted)))
        self.minted[code] = self.clock()
        return code

    def _expire(self) -> None:
        now = self.clock()
        for code, at in list(self.minted.items()):
            if now - at >= self.lifetime:
                del self.minted[code]
