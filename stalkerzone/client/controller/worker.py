"""Engine work off the frame: one background thread, results picked up in ``on_update``.

The engine can take a while (dead-end foresight while laying out, bot decisions, odds). A frame
never waits for it: :meth:`Worker.submit` returns at once and
:meth:`Worker.result` answers ``None`` until the job is done. Jobs are keyed, so asking again for
the same key while it runs does not start a second job. ``synchronous = True`` runs jobs inline
(headless ``watch`` and tests, where nothing else needs the frame).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from concurrent.futures import Future
from typing import Any


class Worker:
    def __init__(self, synchronous: bool = False) -> None:
        self.synchronous = synchronous
        self._jobs: dict[Hashable, Future[Any]] = {}

    def submit(self, key: Hashable, job: Callable[[], Any]) -> None:
        """Start ``job`` under ``key`` unless it is running or done already."""
        if key in self._jobs:
            return
        future: Future[Any] = Future()
        self._jobs[key] = future
        if self.synchronous:
            _run(job, future)
        else:
            # A daemon thread: a long engine search never keeps the program from closing.
            threading.Thread(target=_run, args=(job, future), daemon=True, name="engine").start()

    def ready(self, key: Hashable) -> bool:
        future = self._jobs.get(key)
        return future is not None and future.done()

    def result(self, key: Hashable) -> Any:
        """The job's result once done (re-raising its exception), else ``None``."""
        future = self._jobs.get(key)
        if future is None or not future.done():
            return None
        return future.result()

    def wait(self, key: Hashable) -> Any:
        """Block until the job is done (only for tests and headless runs)."""
        return self._jobs[key].result()

    def forget(self, keep: Callable[[Hashable], bool] | None = None) -> None:
        """Drop finished jobs (all, or those ``keep`` refuses)."""
        for key in list(self._jobs):
            if self._jobs[key].done() and (keep is None or not keep(key)):
                del self._jobs[key]


def _run(job: Callable[[], Any], future: Future[Any]) -> None:
    try:
        future.set_result(job())
    except Exception as error:
        future.set_exception(error)
