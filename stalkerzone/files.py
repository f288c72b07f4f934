"""Reading files that someone else may have made: saves, layouts, card packs, settings.

Every reader of the program goes through :func:`read_bytes`: the file must be a regular file
(checked with ``fstat`` on the opened descriptor, so FIFOs, ``/dev/zero`` and ``/dev/urandom``,
directly or through a symlink, are refused without blocking), its real path must lie inside a
given folder when one is given (card files and art stay inside their pack), and at most
``limit + 1`` bytes are ever read. :func:`load_json` and :func:`check_tree` guard the parsed
value: nesting depth, integer size and lone surrogates. Every failure is a :class:`FileRefused`
whose message is one line naming the file.
"""

from __future__ import annotations

import os
import stat
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from stalkerzone.errors import UserError

MAX_DEPTH = 64
"""Deepest nesting of lists and tables accepted in any file (saves need about 12)."""
MAX_DIGITS = 40
"""Longest integer (in digits) accepted in a JSON file (seeds need 19)."""
SHOWN_PATH = 200
"""Longest file name shown in a message."""
TEMP_SUFFIX = ".tmp"


class FileRefused(UserError):
    """A file that is not read: ``reason`` says why; the message names the file."""

    def __init__(self, name: str, reason: str) -> None:
        super().__init__(f"{shorten(name, SHOWN_PATH)}: {reason}")
        self.reason = reason


def shorten(text: str, limit: int = 60) -> str:
    """``text`` cut to ``limit`` characters with "…", control characters made visible."""
    clean = text.encode("utf-8", "backslashreplace").decode("utf-8")
    clean = clean.replace("\r", "\\r").replace("\n", "\\n").replace("\x00", "\\0")
    return clean if len(clean) <= limit else clean[: limit - 1] + "…"


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def is_inside(path: Path, root: Path) -> bool:
    """Whether the real path of ``path`` (symlinks followed) lies inside the real ``root``."""
    try:
        real = Path(os.path.realpath(path))
        base = Path(os.path.realpath(root))
    except (OSError, ValueError):
        return False
    return real == base or base in real.parents


def read_bytes(
    path: Path | str, *, limit: int, inside: Path | None = None, name: str | None = None
) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes (:class:`FileRefused` if not).

    ``inside``: the file's real path must lie in this folder. ``name``: how the file is shown.
    """
    shown = str(path) if name is None else name
    if "\x00" in str(path):
        raise FileRefused(shown, "cannot read: the file name contains a NUL byte")
    if inside is not None and not is_inside(Path(path), inside):
        raise FileRefused(shown, "refused: it leads outside its folder (a symlink?)")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        raise FileRefused(shown, f"cannot read: {error.strerror or error}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise FileRefused(shown, f"cannot read: {_kind(mode)}, not a regular file")
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as error:
        raise FileRefused(shown, f"cannot read: {error.strerror or error}") from None
    finally:
        os.close(fd)
    if total > limit:
        raise FileRefused(shown, f"refused: larger than {_size(limit)}")
    return b"".join(chunks)


def _size(limit: int) -> str:
    if limit >= 2**20 and limit % 2**20 == 0:
        return f"{limit // 2**20} MB"
    if limit >= 1_000_000 and limit % 1_000_000 == 0:
        return f"{limit // 1_000_000} MB"
    return f"{limit} bytes"


def decode(raw: bytes, name: str) -> str:
    """UTF-8 text of ``raw`` (:class:`FileRefused` naming the line of the first bad byte)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise FileRefused(name, f"not UTF-8 text (line {line})") from None


class _TooLong(ValueError):
    pass


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _TooLong(f"an integer of {len(text)} digits (at most {MAX_DIGITS})")
    return int(text)


def _parse_constant(text: str) -> float:
    raise _TooLong(f"{text} is not a number JSON allows")


def load_json(text: str | bytes, name: str, *, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON with guards: nesting depth, integer size, NaN, lone surrogates."""
    import json  # only the commands that read JSON pay for it

    try:
        data = json.loads(text, parse_int=_parse_int, parse_constant=_parse_constant)
    except json.JSONDecodeError as error:
        raise FileRefused(name, f"bad JSON at line {error.lineno} column {error.colno}") from None
    except _TooLong as error:
        raise FileRefused(name, f"bad JSON: {error}") from None
    except RecursionError:
        raise FileRefused(name, "bad JSON: nested too deeply") from None
    except ValueError as error:  # e.g. the interpreter's limit on integer digits
        raise FileRefused(name, f"bad JSON: {shorten(str(error))}") from None
    problem = check_tree(data, max_depth=max_depth)
    if problem:
        raise FileRefused(name, problem)
    return data


def check_tree(data: Any, *, max_depth: int = MAX_DEPTH) -> str:
    """What is wrong with a parsed value (too deep, a lone surrogate), or ``""``.

    Iterative, so a deep value cannot exhaust the stack.
    """
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            if not value.isascii() and not _valid_unicode(value):
                return "invalid Unicode text (a lone surrogate such as \\ud800)"
        elif isinstance(value, dict):
            if depth >= max_depth:
                return f"nested too deeply (more than {max_depth} levels)"
            for key, item in value.items():
                stack.append((key, depth + 1))
                stack.append((item, depth + 1))
        elif isinstance(value, list):
            if depth >= max_depth:
                return f"nested too deeply (more than {max_depth} levels)"
            stack.extend((item, depth + 1) for item in value)
    return ""


def _valid_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def temp_files(folder: Path) -> Iterator[Path]:
    """Left-over temp files of interrupted atomic writes in ``folder`` (``.<name>.*.tmp``)."""
    try:
        entries = list(folder.iterdir())
    except OSError:
        return
    for entry in entries:
        if entry.name.startswith(".") and entry.name.endswith(TEMP_SUFFIX):
            yield entry


def clean_temp_files(folder: Path, *, older_than: float = 0.0) -> int:
    """Delete left-over temp files in ``folder`` last written over ``older_than`` seconds ago
    (a write still under way in another process is left alone); how many were deleted."""
    now = time.time()
    removed = 0
    for entry in temp_files(folder):
        try:
            info = entry.lstat()
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime >= older_than:
                entry.unlink()
                removed += 1
        except OSError:
            continue
    return removed


def write_atomic(path: Path, data: bytes, *, stale_after: float = 60.0) -> None:
    """Write ``data`` to a temp file in ``path``'s folder, flush it to disk, then rename it over
    ``path``: a crash leaves the old file or the new one, never half of one. Temp files an
    interrupted write left there over ``stale_after`` seconds ago are cleaned first."""
    path.parent.mkdir(parents=True, exist_ok=True)
    clean_temp_files(path.parent, older_than=stale_after)
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
