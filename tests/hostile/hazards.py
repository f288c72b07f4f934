"""Hostile files made at test time: FIFOs, symlinks to devices, and the means to check that a
reader refused them with one clean line, quickly, leaving them as they were."""

from __future__ import annotations

import contextlib
import hashlib
import os
import signal
import stat
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

import pytest

DEVICES = ("/dev/zero", "/dev/urandom")
SAFETY_SECONDS = 20
"""Only a safety net: a reader that blocks fails the test instead of hanging the suite."""


def hostile_files(folder: Path, name: str) -> dict[str, Path]:
    """A FIFO and symlinks to ``/dev/zero`` and ``/dev/urandom``, each called ``name`` inside
    its own sub-folder of ``folder`` (kind -> path)."""
    made: dict[str, Path] = {}
    for kind in ("fifo", "zero-link", "urandom-link"):
        path = folder / kind / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if kind == "fifo":
            os.mkfifo(path)
        else:
            path.symlink_to(DEVICES[0] if kind == "zero-link" else DEVICES[1])
        made[kind] = path
    return made


HOSTILE_KINDS = ("fifo", "zero-link", "urandom-link")


def fingerprint(path: Path) -> tuple[object, ...]:
    """What must not change: a symlink's target, a FIFO's kind, a regular file's bytes."""
    info = path.lstat()
    if stat.S_ISLNK(info.st_mode):
        return ("link", os.readlink(path))
    if stat.S_ISREG(info.st_mode):
        return ("file", hashlib.sha256(path.read_bytes()).hexdigest())
    return ("other", stat.S_IFMT(info.st_mode))


@contextlib.contextmanager
def deadline(seconds: int = SAFETY_SECONDS) -> Iterator[None]:
    """Fail (rather than hang) when the body blocks for ``seconds``."""

    def expired(signum: int, frame: FrameType | None) -> None:
        raise TimeoutError(f"still running after {seconds} s: the reader blocked")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def one_line_error(capsys: pytest.CaptureFixture[str], code: int, *expected: str) -> str:
    """The command failed with exit 2 and one ``stalkerzone:`` line holding ``expected``."""
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert code == 2, (code, out, err)
    assert err.count("\n") == 1 and err.startswith("stalkerzone: "), err
    for text in expected:
        assert text.lower() in err.lower(), err
    return err
