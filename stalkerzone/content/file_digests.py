"""Content digests of files found again by their stat, as git's index does (docs/architecture.md,
Speed targets): the cache of validated content keys an entry by the bytes of every card file and of
every content module, and reading and digesting them all cost more than the rest of a warm load.

A :class:`FileDigests` keeps, per file (its absolute path), the stat seen just before its bytes
were read — device, inode, kind and permissions, size, modification and change times in
nanoseconds — the digest of those bytes and when they were read. A later run whose stat of the
file is the same takes the recorded digest without reading the file, on two conditions:

- the record is **settled**: the file's times are older than the moment it was read by more than
  :data:`SETTLED_NS`, the coarsest file-time step (FAT: 2 s) plus slack. Any write after the read
  gives the file times at least that moment minus one step, so it cannot leave the stat as
  recorded. A record of a file written just before it was read is *racy* (a second write within
  the same time step could keep the size and the times): its file is read and digested every
  time, until a read comes late enough to settle it. The change time cannot be set back by a
  program (``os.utime`` sets it to now), so an edit that restores size and modification time is
  seen too. The times are compared with this machine's clock: a file system whose clock runs
  seconds away from it (a remote share) should be used with ``--no-cache``.
- the stat is taken before the bytes are read, so a write between the two leaves a record whose
  stat is older than the file's: the next run reads the file again.

The records are one file in the cache folder, written atomically when something was added
(never more than :data:`MAX_RECORDS`, the oldest reads dropped first); a missing, truncated or
corrupt index, or one of another format, is an empty one, and a folder that cannot be written
is skipped: the files are then read every time, as without an index. Never a traceback.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import stat
import time
from pathlib import Path

try:  # the BLAKE2 module alone: ``hashlib`` also loads OpenSSL, ~8 ms at every start-up
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - an interpreter built without it
    from hashlib import blake2b

INDEX_FORMAT = 1
"""Bumped whenever the layout of a record changes."""
INDEX_NAME = "files.index"
MAGIC = b"stalkerzone-file-digests\n"
DIGEST_BYTES = 32
SETTLED_NS = 3 * 10**9
"""How much older than their read the file's times must be for a record to be used."""
MAX_RECORDS = 4096
MAX_INDEX_BYTES = 4 * 2**20

Stat = tuple[int, int, int, int, int, int]
"""(device, inode, mode, size, modification time ns, change time ns)."""
Record = tuple[Stat, bytes, int]
"""(the stat before the read, the digest of the bytes read, when they were read in ns)."""


def stat_of(result: os.stat_result) -> Stat:
    """The parts of a stat that change when a file's bytes may have changed."""
    return (
        result.st_dev,
        result.st_ino,
        result.st_mode,
        result.st_size,
        result.st_mtime_ns,
        result.st_ctime_ns,
    )


def digest_of(data: bytes) -> bytes:
    """The content digest of a file's bytes."""
    return blake2b(data, digest_size=DIGEST_BYTES).digest()


def settled(record: Record) -> bool:
    """Whether a write after the read must have changed the recorded stat (see the module)."""
    seen, _, read_at = record
    return max(seen[4], seen[5]) < read_at - SETTLED_NS


class FileDigests:
    """The recorded digests of one cache folder (``None``: nothing is kept, every file is
    read). ``read`` counts the files this object had to read and digest."""

    def __init__(self, directory: Path | None) -> None:
        self.path = None if directory is None else directory / INDEX_NAME
        self._records: dict[str, Record] | None = None
        self._changed = False
        self.read = 0

    @staticmethod
    def key(path: Path | str) -> str:
        """The name a file is recorded under: its absolute path (symlinks not resolved; the
        device and inode in the stat say which file it is)."""
        return os.path.abspath(path)

    def known(self, key: str, seen: Stat) -> bytes | None:
        """The digest recorded for the file ``key`` if ``seen`` (its stat now) is the recorded
        one and the record is settled; None: read the file."""
        record = self._loaded().get(key)
        if not (isinstance(record, tuple) and len(record) == 3 and record[0] == seen):
            return None
        if not (isinstance(record[1], bytes) and isinstance(record[2], int)):
            return None
        return record[1] if settled(record) else None

    def record(self, key: str, seen: Stat, data: bytes, read_at: int) -> bytes:
        """The digest of ``data``, read from the file ``key`` at ``read_at`` (``time_ns``
        taken before the stat ``seen``), recorded for the next runs."""
        digest = digest_of(data)
        self.read += 1
        records = self._loaded()
        if records.get(key) != (seen, digest, read_at):
            records[key] = (seen, digest, read_at)
            self._changed = True
        return digest

    def file_digest(self, path: str) -> bytes | None:
        """The digest of a regular file's bytes (recorded or read now), None if it is not one
        or cannot be read. ``path``: absolute, as :meth:`key` makes it."""
        key = path
        read_at = time.time_ns()
        try:
            result = os.stat(path)
        except (OSError, ValueError):
            return None
        seen = stat_of(result)
        known = self.known(key, seen)
        if known is not None:
            return known
        if not stat.S_ISREG(result.st_mode):
            return None
        try:
            with open(path, "rb") as stream:
                data = stream.read()
        except OSError:
            return None
        return self.record(key, seen, data, read_at)

    def save(self) -> None:
        """Write the records if something was added (atomically; skipped if the folder cannot
        be written)."""
        if not self._changed or self.path is None or self._records is None:
            return
        self._changed = False
        records = self._records
        if len(records) > MAX_RECORDS:
            newest = sorted(records.items(), key=lambda item: item[1][2])[-MAX_RECORDS:]
            records = dict(newest)
        payload = marshal.dumps((INDEX_FORMAT, records))
        temporary = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary.write_bytes(MAGIC + _header() + digest_of(payload) + payload)
            os.replace(temporary, self.path)
        except OSError:
            with contextlib.suppress(OSError):
                temporary.unlink(missing_ok=True)

    def _loaded(self) -> dict[str, Record]:
        if self._records is None:
            self._records = self._read_index()
        return self._records

    def _read_index(self) -> dict[str, Record]:
        """The records on disk; empty for anything but an intact index of this format."""
        if self.path is None:
            return {}
        try:
            with self.path.open("rb") as stream:
                data = stream.read(MAX_INDEX_BYTES + 1)
        except OSError:
            return {}
        start = len(MAGIC) + len(_header())
        if len(data) > MAX_INDEX_BYTES or not data.startswith(MAGIC + _header()):
            return {}
        digest, payload = data[start : start + DIGEST_BYTES], data[start + DIGEST_BYTES :]
        if digest_of(payload) != digest:
            return {}
        try:  # the digest matched, so this is what save() wrote
            found = marshal.loads(payload)
        except (EOFError, ValueError, TypeError):
            return {}
        if not (isinstance(found, tuple) and len(found) == 2 and found[0] == INDEX_FORMAT):
            return {}
        records = found[1]
        return records if isinstance(records, dict) else {}


def _header() -> bytes:
    """The format line: the index format and marshal's (another Python may write another)."""
    return f"{INDEX_FORMAT} {marshal.version}\n".encode()
