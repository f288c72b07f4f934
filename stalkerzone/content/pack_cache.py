"""Validated content kept between runs (docs/architecture.md, Speed targets): card packs and
variants.

Validating the card packs builds pydantic models, and importing pydantic alone costs more than a
bare interpreter start. A second run over the same files reads the engine values back from one
cache file instead. An entry is found by a digest of

- the cache format and the package version;
- the program's own content code: the bytes of every module of ``stalkerzone.content`` and
  ``stalkerzone.engine`` and of ``stalkerzone.files``, so that an edited loader or card class
  never reads an entry written by the old one;
- everything the loader reads (:class:`EntryKey`, filled by the loader): every file's bytes and
  the folder listings the art check looks at (docs/cards.md ``art``).

The bytes of a file enter the key as their digest, and the digests of files read before are
found again by their stat (:mod:`~stalkerzone.content.file_digests`, git's index), so that a
warm run reads neither the card files nor the code: a file whose stat changed, or that was
written too shortly before its last read to tell (racy), is read and digested again.

Each entry is a checked file: a magic string, the digest of its payload, the payload (a pickle of
the key and the value). An entry that is missing, truncated, corrupt, of another format, for
another key, of the wrong type or unreadable is a miss: the caller validates again and the entry
is written anew. A cache folder that cannot be written is skipped. Never a traceback.

A :class:`PackCache` is one object with one folder; the command line makes one per run
(:meth:`PackCache.from_environment`). ``STALKERZONE_NO_CACHE=1`` (or ``stalkerzone --no-cache``)
turns it off; tests get a temporary folder through ``STALKERZONE_HOME``.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable
from pathlib import Path
from typing import TypeVar

from stalkerzone import __version__, paths
from stalkerzone.content.file_digests import FileDigests

try:  # the BLAKE2 module alone: ``hashlib`` also loads OpenSSL, ~8 ms at every start-up
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - an interpreter built without it
    from hashlib import blake2b
try:  # the C unpickler alone: ``pickle`` itself is the pure-Python pickler, a cold-path need
    from _pickle import loads as unpickle
except ImportError:  # pragma: no cover - an interpreter built without it
    from pickle import loads as unpickle

CACHE_FORMAT = 2
"""Bumped whenever the layout of an entry or of a key changes."""
NO_CACHE_VARIABLE = "STALKERZONE_NO_CACHE"
"""Set to anything but ``""`` or ``"0"``: no cache is read or written."""
MAGIC = b"stalkerzone-cache\n"
DIGEST_BYTES = 32
MAX_ENTRIES = 32
"""Entries kept in the folder; older ones are removed when a new one is written."""
MAX_ENTRY_BYTES = 64 * 2**20
SUFFIX = ".entry"
PACKAGE_DIR = Path(__file__).resolve().parent.parent
CODE_FOLDERS = ("content", "engine")
CODE_FILES = ("files.py", "__init__.py")

T = TypeVar("T")


class EntryKey:
    """A digest being built from the inputs of one load (length-prefixed, so that no two
    different sequences of parts give the same bytes)."""

    def __init__(self, kind: str, code: bytes) -> None:
        self._hash = blake2b(digest_size=DIGEST_BYTES)
        self.add_text(f"{CACHE_FORMAT}\0{__version__}\0{kind}")
        self.add_bytes(code)

    def add_bytes(self, data: bytes) -> None:
        self._hash.update(len(data).to_bytes(8, "little"))
        self._hash.update(data)

    def add_text(self, text: str) -> None:
        self.add_bytes(text.encode("utf-8", "surrogatepass"))

    def hexdigest(self) -> str:
        return self._hash.hexdigest()


class PackCache:
    """Validated content on disk, by digest of its inputs (see the module docstring).

    ``directory`` None: a cache that is off (every lookup misses, nothing is written).
    ``hits``, ``misses`` and ``rejected`` (entries found but unusable) count this object's
    lookups; ``digests``: the file digests by stat of the same folder (saved with every lookup
    and every entry written).
    """

    def __init__(self, directory: Path | None, *, package_dir: Path = PACKAGE_DIR) -> None:
        self.directory = directory
        self.digests = FileDigests(directory)
        self._package_dir = package_dir
        self._code: bytes | None = None
        self.hits = 0
        self.misses = 0
        self.rejected = 0

    @classmethod
    def from_environment(cls) -> PackCache:
        """The user's cache folder, or off when ``STALKERZONE_NO_CACHE`` says so."""
        if os.environ.get(NO_CACHE_VARIABLE, "") not in ("", "0"):
            return cls(None)
        return cls(paths.user_cache_dir() / "content")

    @classmethod
    def off(cls) -> PackCache:
        return cls(None)

    @property
    def enabled(self) -> bool:
        return self.directory is not None

    def key(self, kind: str) -> EntryKey:
        """A new key of an entry of ``kind`` (``"packs"``, ``"variant"``), code digest included."""
        return EntryKey(kind, self._code_digest())

    def _code_digest(self) -> bytes:
        """The digest of the content code (once per cache object): each module's name and the
        digest of its bytes (found by its stat when it was read before)."""
        if self._code is None:
            digest = blake2b(digest_size=DIGEST_BYTES)
            for name, path in _code_files(self._package_dir):
                found = self.digests.file_digest(path) or b"unreadable"
                digest.update(name.encode() + len(found).to_bytes(8, "little") + found)
            self._code = digest.digest()
        return self._code

    def _path(self, key: str) -> Path | None:
        if self.directory is None or not key.isalnum():
            return None
        return self.directory / f"{key}{SUFFIX}"

    def load(self, key: str, expected: type[T]) -> T | None:
        """The value stored under ``key`` if it is there, intact and a ``expected``."""
        path = self._path(key)
        if path is None:
            return None
        self.digests.save()
        try:
            with path.open("rb") as stream:
                data = stream.read(MAX_ENTRY_BYTES + 1)
        except OSError:
            self.misses += 1
            return None
        value = _decode(data, key, expected)
        if value is None:
            self.rejected += 1
            self.misses += 1
            return None
        self.hits += 1
        return value

    def store(self, key: str, value: object) -> None:
        """Write ``value`` under ``key`` (atomically; silently skipped if the folder is not
        writable), then drop the oldest entries beyond :data:`MAX_ENTRIES`."""
        path = self._path(key)
        if path is None:
            return
        self.digests.save()
        import pickle  # writing an entry follows a validation, which costs far more

        try:
            payload = pickle.dumps((key, value), protocol=pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
            return
        if len(payload) > MAX_ENTRY_BYTES:
            return
        digest = blake2b(payload, digest_size=DIGEST_BYTES).digest()
        temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            temporary.write_bytes(MAGIC + digest + payload)
            os.replace(temporary, path)
        except OSError:
            with contextlib.suppress(OSError):
                temporary.unlink(missing_ok=True)
            return
        self._prune(keep=path)

    def _prune(self, keep: Path) -> None:
        assert self.directory is not None
        try:
            entries = [p for p in self.directory.iterdir() if p.name.endswith(SUFFIX)]
            if len(entries) <= MAX_ENTRIES:
                return
            entries.sort(key=lambda p: p.stat().st_mtime)
            for old in entries[: len(entries) - MAX_ENTRIES]:
                if old != keep:
                    old.unlink(missing_ok=True)
        except OSError:
            return


def _code_files(package_dir: Path) -> Iterable[tuple[str, str]]:
    """The modules whose code decides what the loaders build (name, path), in a fixed order
    (paths as text: a ``Path`` per module cost more than its stat)."""
    base = os.path.abspath(package_dir)
    for folder in CODE_FOLDERS:
        yield from _folder_files(base, folder)
    for name in CODE_FILES:
        yield name, os.path.join(base, name)


def _folder_files(base: str, folder: str) -> Iterable[tuple[str, str]]:
    """The modules of ``folder`` and of its sub-packages (name, path), sorted by name."""
    inside = os.path.join(base, folder)
    try:
        entries = sorted(os.scandir(inside), key=lambda e: e.name)
    except OSError:
        return
    for entry in entries:
        if entry.name.endswith(".py"):
            yield f"{folder}/{entry.name}", entry.path
        elif entry.is_dir() and entry.name != "__pycache__":
            yield from _folder_files(base, f"{folder}/{entry.name}")


def _decode(data: bytes, key: str, expected: type[T]) -> T | None:
    """The value of an entry's bytes, or None for anything but an intact entry of ``key``."""
    header = len(MAGIC) + DIGEST_BYTES
    if len(data) <= header or len(data) > MAX_ENTRY_BYTES + header or not data.startswith(MAGIC):
        return None
    digest, payload = data[len(MAGIC) : header], data[header:]
    if blake2b(payload, digest_size=DIGEST_BYTES).digest() != digest:
        return None
    try:  # the digest matched, so this is what store() wrote; a class may have moved since
        stored = unpickle(payload)
    except Exception:
        return None
    if not (isinstance(stored, tuple) and len(stored) == 2 and stored[0] == key):
        return None
    value = stored[1]
    return value if isinstance(value, expected) else None
