"""Loading card packs (docs/cards.md): the base pack, the user card folder and ``--cards DIR``
packs.

:func:`load_packs` never raises for bad input: it returns every valid card of every valid pack
plus one :class:`CardProblem` per thing wrong. Decisions:

- packs load in this order: base, user packs (sorted by folder name), extra dirs as given; the
  card files of a pack in name order (top level of the pack folder only); cards in file order.
  A folder given twice (same resolved path) is loaded once.
- a pack whose ``pack.toml`` is missing or broken is skipped whole; a pack id already loaded
  skips the later pack.
- a bad card is dropped, the rest of its file still loads; a file that cannot be read or parsed
  (over 1 MB, not UTF-8, TOML syntax, nested over 64 levels) is dropped whole. Files are read
  through :mod:`stalkerzone.files`: only regular files whose real path lies inside their pack
  (a symlink out of the pack, a FIFO or a device is refused, never opened).
- a duplicate card id drops the later card; the error names both files.
- cross references are checked once all packs are loaded: an order whose monster or artifact no
  loaded pack defines is dropped with its error.
- ``art`` is stored on the engine card as the resolved path of the file inside its pack.
- a byte-order mark at the start of a file (saved by some Windows editors) is ignored.
- likely mistakes in cards that still load are warnings (:mod:`~stalkerzone.content.lint`),
  kept apart from the problems; a cached load reports the same warnings as a cold one.

This module finds the packs and reads their files; validating them (pydantic, imported only
then) is :mod:`stalkerzone.content.pack_validation`. A run over files already validated once
reads the result from the :class:`~stalkerzone.content.pack_cache.PackCache` instead: its key is
made from the folder listings and the digests of the files, found by their stat where a file
was read before (:mod:`~stalkerzone.content.file_digests`), so a warm run reads no card file;
a miss reads every file and keys the entry it writes by the bytes it validated.
"""

from __future__ import annotations

import codecs
import os
import stat
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from stalkerzone import files, paths
from stalkerzone.content.file_digests import FileDigests, digest_of, stat_of
from stalkerzone.content.pack_cache import PackCache
from stalkerzone.content.problems import CardProblem
from stalkerzone.engine.core import CardSet, Text, frozen

if TYPE_CHECKING:
    from stalkerzone.content.pack_manifest import PackFile

MAX_FILE_BYTES = 1_000_000
PACK_FILE = "pack.toml"
LISTING_LIMIT = 5000
"""A pack folder with more files and folders than this is validated every time (not cached)."""
CARD_SET_FIELDS = {
    "monster": "monsters",
    "weapon": "weapons",
    "weapon_mod": "weapon_mods",
    "armour": "armour",
    "navigation": "navigation",
    "grenade": "grenades",
    "stimulator": "stimulators",
    "artifact": "artifacts",
    "event": "events",
    "order": "orders",
    "stalker": "stalkers",
}
"""Card kind (the TOML array name) -> :class:`CardSet` field."""

__all__ = ["MAX_FILE_BYTES", "LoadResult", "PackInfo", "load_packs"]


@frozen
class PackInfo:
    """A pack found while loading. ``ok``: no problems at all; ``loaded``: its pack.toml was
    valid (its valid cards are in the card set); ``cards``: how many of its cards loaded;
    ``title``: its name in every language it gives (``name`` is the English one)."""

    id: str
    name: str
    version: str
    path: Path
    ok: bool
    problems: tuple[CardProblem, ...]
    loaded: bool = True
    cards: int = 0
    warnings: tuple[CardProblem, ...] = ()
    title: Text | None = None


@frozen
class LoadResult:
    """What :func:`load_packs` found: the valid cards, every problem, every pack, and the
    warnings (likely mistakes in cards that still loaded, :mod:`~stalkerzone.content.lint`)."""

    cards: CardSet
    problems: tuple[CardProblem, ...]
    packs: tuple[PackInfo, ...]
    warnings: tuple[CardProblem, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems


@frozen
class ValidatedPacks:
    """What validating the packs found (a cache entry): the cards and every pack's info,
    its problems and warnings included."""

    cards: CardSet
    packs: tuple[PackInfo, ...]


@frozen
class SourceFile:
    """One file of a pack as read: its bytes, or the problem that kept it unread."""

    path: Path
    shown: str
    raw: bytes | None
    problem: CardProblem | None = None


class Pack:
    """A pack folder being loaded: where it is, how it is shown, its files as read (filled in
    by the loader and by :mod:`~stalkerzone.content.pack_validation`)."""

    def __init__(self, path: Path, shown: str, *, installed: bool = False) -> None:
        self.path = path
        self.shown = shown
        self.installed = installed
        """A pack of the user card folder (a folder given by the author wins its id)."""
        self.manifest: SourceFile | None = None  # None: there is no pack.toml
        self.card_files: list[SourceFile] = []
        self.ignored_files: list[CardProblem] = []
        """Warnings for files in the folder that look like card files but are not read."""
        self.meta: PackFile | None = None
        self.problems: list[CardProblem] = []
        self.warnings: list[CardProblem] = []
        self.rejected: set[str] = set()  # ids of cards dropped for their errors


def load_packs(
    extra_dirs: Sequence[Path] = (),
    *,
    include_user: bool = True,
    base_dir: Path | None = None,
    cache: PackCache | None = None,
) -> LoadResult:
    """Load the base pack, the user packs (``include_user``) and ``extra_dirs``.

    An extra dir may be a pack (it holds ``pack.toml``) or a folder of packs. ``cache``: where
    validated packs are kept between runs (default: :meth:`PackCache.from_environment`).
    """
    packs, loose = _find_packs(extra_dirs, include_user, base_dir)
    cache = PackCache.from_environment() if cache is None else cache
    key = _entry_key(cache, packs, warm=True) if cache.enabled else None
    validated = cache.load(key, ValidatedPacks) if key is not None else None
    if validated is None:  # validating needs pydantic and the lint checks: imported only now
        from stalkerzone.content import lint
        from stalkerzone.content.pack_validation import validate

        for pack in packs:
            _read_pack(pack, cache.digests if cache.enabled else None)
        key = _entry_key(cache, packs, warm=False) if cache.enabled else None
        for pack in packs:  # the key holds the folder listing these warnings are made from
            pack.ignored_files = lint.ignored_files(pack.path, pack.shown)
        validated = validate(packs)
        if key is not None:
            cache.store(key, validated)
    problems = (*loose, *(p for info in validated.packs for p in info.problems))
    warnings = tuple(w for info in validated.packs for w in info.warnings)
    return LoadResult(validated.cards, problems, validated.packs, warnings)


def _find_packs(
    extra_dirs: Sequence[Path], include_user: bool, base_dir: Path | None
) -> tuple[list[Pack], list[CardProblem]]:
    """The pack folders to load, in load order, and problems with folders that hold none."""
    loose: list[CardProblem] = []
    packs: list[Pack] = []
    seen: set[Path] = set()

    def add(path: Path, installed: bool = False) -> None:
        key = path.resolve()
        if key not in seen:
            seen.add(key)
            packs.append(Pack(path, _shown(path), installed=installed))

    add(paths.base_cards_dir() if base_dir is None else Path(base_dir))
    if include_user:
        for folder in _subfolders(paths.user_cards_dir()):
            if (folder / PACK_FILE).is_file():
                add(folder, installed=True)
            else:
                loose.append(pack_problem(folder, 0, f"no {PACK_FILE}: not a card pack, skipped"))
    for extra in extra_dirs:
        directory = Path(extra)
        if not directory.is_dir():
            what = "is not a folder" if directory.exists() else "does not exist"
            loose.append(pack_problem(directory, 0, f"card pack folder {what}"))
        elif (directory / PACK_FILE).is_file():
            add(directory)
        else:
            folders = _subfolders(directory)
            inner = [p for p in folders if (p / PACK_FILE).is_file()]
            if not inner:
                loose.append(
                    pack_problem(directory, 0, f"no {PACK_FILE} here nor in any sub-folder")
                )
            for folder in inner:
                add(folder)
            for folder in folders:
                if folder not in inner and any(folder.glob("*.toml")):
                    message = f"card files but no {PACK_FILE}: not a card pack, skipped"
                    loose.append(pack_problem(folder, 0, message))
    return packs, loose


def _subfolders(directory: Path) -> list[Path]:
    """Sub-folders in name order (none if the folder is missing or unreadable)."""
    try:
        return sorted(p for p in directory.iterdir() if p.is_dir())
    except OSError:
        return []


def _shown(path: Path) -> str:
    """A path as a person would type it: relative to the working folder when inside it."""
    if not path.is_absolute():
        return str(path)
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def pack_problem(
    path: Path | str, line: int, message: str, card: str = "-", key: str = "-"
) -> CardProblem:
    """A problem with ``path`` (shown as typed, see :func:`_shown`)."""
    shown = path if isinstance(path, str) else _shown(path)
    return CardProblem(shown, line, card, key, message)


def join(shown: str, name: str) -> str:
    """The shown path of the file ``name`` in a folder shown as ``shown``."""
    return str(Path(shown) / name)


def card_file_names(names: Iterable[str]) -> list[str]:
    """The card files among the names at the top of a pack folder: ``*.toml`` but
    ``pack.toml``, in name order (as the file system compares names: ``os.path.normcase``)."""
    found = [n for n in names if os.path.normcase(n).endswith(".toml") and n != PACK_FILE]
    return sorted(found, key=os.path.normcase)


def _read_pack(pack: Pack, digests: FileDigests | None) -> None:
    """Read ``pack.toml`` and every card file (``*.toml`` at the top of the pack, in name order);
    ``digests``: where the digests of the regular files read are recorded by their stat."""
    manifest = pack.path / PACK_FILE
    if manifest.is_file():
        pack.manifest = _read_recorded(manifest, join(pack.shown, PACK_FILE), pack.path, digests)
    try:
        names = card_file_names(os.listdir(pack.path))
    except OSError:
        names = []
    pack.card_files = [
        _read_recorded(pack.path / n, join(pack.shown, n), pack.path, digests) for n in names
    ]


def _read_recorded(
    path: Path, shown: str, pack_dir: Path, digests: FileDigests | None
) -> SourceFile:
    """:func:`_read_source`, the digest of a regular file (not a link) recorded by the stat
    taken before its read."""
    read_at = time.time_ns()
    try:
        before = os.lstat(path) if digests is not None else None
    except (OSError, ValueError):
        before = None
    source = _read_source(path, shown, pack_dir)
    regular = before is not None and stat.S_ISREG(before.st_mode)
    if digests is not None and before is not None and regular and source.raw is not None:
        digests.record(FileDigests.key(path), stat_of(before), source.raw, read_at)
    return source


def _read_source(path: Path, shown: str, pack_dir: Path) -> SourceFile:
    """The file's bytes, or why they cannot be read (size, I/O, not a regular file inside its
    pack)."""
    try:
        raw = files.read_bytes(path, limit=MAX_FILE_BYTES, inside=pack_dir, name=shown)
    except files.FileRefused as error:
        reason = error.reason
        if reason.startswith("refused: larger"):
            reason = "card files over 1 MB are refused"
        elif reason.startswith("cannot read: "):
            reason = "cannot read the file: " + reason.removeprefix("cannot read: ")
        return SourceFile(path, shown, None, pack_problem(shown, 0, reason))
    # a byte-order mark (saved by some Windows editors) is accepted and ignored
    return SourceFile(path, shown, raw.removeprefix(codecs.BOM_UTF8))


def _entry_key(cache: PackCache, packs: list[Pack], *, warm: bool) -> str | None:
    """The cache key of loading ``packs``, or None when the result may depend on more than the
    key can see (a file refused for a reason other than its bytes, an unlisted folder).

    ``warm``: before reading, each file's digest found by its stat or read now; else from the
    files as read (``_read_pack``), the key of exactly the bytes validated. Besides the digests,
    the key holds each pack's folder as given, as shown and as resolved, and a listing of the
    folder (names, kinds, sizes, link targets): the art check reads those.
    """
    key = cache.key("packs")
    for pack in packs:
        for text in (str(pack.path), pack.shown, str(pack.path.resolve())):
            key.add_text(text)
        listing = Listing.of(pack.path)
        if listing is None:
            return None
        sources = _known_sources(pack, listing, cache.digests) if warm else _read_sources(pack)
        if sources is None:
            return None
        key.add_text(f"{len(sources)} files")
        for shown, digest in sources:
            key.add_text(shown)
            key.add_bytes(digest)
        key.add_bytes(listing.text)
    return key.hexdigest()


def _read_sources(pack: Pack) -> list[tuple[str, bytes]] | None:
    """(shown, digest) of the manifest and the card files as read; None if one was refused."""
    found = []
    for source in [pack.manifest, *pack.card_files]:
        if source is None:
            found.append(("no manifest", b""))
        elif source.raw is None:
            return None
        else:
            found.append((source.shown, digest_of(source.raw)))
    return found


def _known_sources(
    pack: Pack, listing: Listing, digests: FileDigests
) -> list[tuple[str, bytes]] | None:
    """(shown, digest) of the manifest and the card files before reading: a regular file (not a
    link) by its recorded digest if its stat is the one recorded, anything else read now (as
    ``_read_pack`` would); None if one would be refused."""
    manifest = pack.path / PACK_FILE
    names = card_file_names(listing.names)
    found: list[tuple[str, bytes]] = []
    if PACK_FILE not in listing.files and not manifest.is_file():
        found.append(("no manifest", b""))
    else:
        names.insert(0, PACK_FILE)
    for name in names:
        path, shown = pack.path / name, join(pack.shown, name)
        seen = listing.files.get(name)
        if seen is None:  # a link, a folder or another kind: read as the loader reads it
            raw = _read_source(path, shown, pack.path).raw
            if raw is None:
                return None
            found.append((shown, digest_of(raw)))
            continue
        if seen.st_size > MAX_FILE_BYTES:
            return None
        file_key, stat_seen = FileDigests.key(path), stat_of(seen)
        digest = digests.known(file_key, stat_seen)
        if digest is None:
            raw = _read_source(path, shown, pack.path).raw
            if raw is None:
                return None
            digest = digests.record(file_key, stat_seen, raw, listing.read_at)
        found.append((shown, digest))
    return found


class Listing:
    """Every entry below a pack folder (links not followed), as the cache key holds it: ``text``
    (kind, name and size or link target per entry, NUL-separated: no name holds a NUL),
    ``names`` at the top of the folder, ``files``: the stat of each regular file at the top
    (not a link), taken after ``read_at``."""

    __slots__ = ("files", "names", "read_at", "text")

    def __init__(
        self, text: bytes, names: list[str], files: dict[str, os.stat_result], read_at: int
    ) -> None:
        self.text = text
        self.names = names
        self.files = files
        self.read_at = read_at

    @classmethod
    def of(cls, folder: Path) -> Listing | None:
        """The listing of ``folder``; None if it cannot be listed or is over LISTING_LIMIT."""
        read_at = time.time_ns()
        parts: list[str] = []
        names: list[str] = []
        top: dict[str, os.stat_result] = {}
        pending: list[tuple[str, str]] = [(str(folder), "")]  # (folder to scan, its key name)
        count = 0
        try:
            while pending:
                current, prefix = pending.pop()
                with os.scandir(current) as scan:
                    entries = sorted(scan, key=lambda entry: entry.name)
                count += len(entries)
                if count > LISTING_LIMIT:
                    return None
                for entry in entries:
                    name = prefix + entry.name
                    if not prefix:
                        names.append(entry.name)
                    if entry.is_symlink():
                        parts += ("link", name, os.readlink(entry.path))
                    elif entry.is_dir(follow_symlinks=False):
                        parts += ("folder", name, "")
                        pending.append((entry.path, name + os.sep))
                    elif entry.is_file(follow_symlinks=False):
                        seen = entry.stat(follow_symlinks=False)
                        parts += ("file", name, str(seen.st_size))
                        if not prefix:
                            top[entry.name] = seen
                    else:
                        parts += ("other", name, "")
        except (OSError, ValueError):
            return None
        text = "\0".join(parts).encode("utf-8", "surrogatepass")
        return cls(text, names, top, read_at)
