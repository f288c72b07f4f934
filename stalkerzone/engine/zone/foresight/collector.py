"""The cyclic garbage collector paused while a bounded search runs (TURN-4 foresight).

The dead-end foresight makes hundreds of thousands of short-lived containers (states, keys,
distance tables), all without reference cycles, so reference counting frees every one of them.
Their number still triggers the cyclic collector, whose full passes walk every object of the
process — in the client, arcade's and the game's — and find nothing to free: a quarter of a
worst-case question's time. A question therefore runs with the collector paused; it runs again
as soon as the question is answered.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """No cyclic collection inside the block; the collector is turned back on after it only
    if it was on before (a caller that had turned it off keeps it off)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
