"""Card packs to share (docs/cards.md "Sharing a pack"): one file, a zip holding the pack folder
and a manifest of every file's SHA-256, written by ``cards pack DIR`` and checked and installed
into the user card folder by ``cards install FILE``.

An archive is data only: names are plain relative paths (no ``..``, no absolute path, no ``\\``,
no link), sizes and counts are bounded before anything is unpacked, every file must match the
manifest's digest, and the unpacked pack must load without a problem before it replaces
anything. The same pack folder always gives the same archive, byte for byte (fixed dates, sorted
names), so its digest names it.
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from stalkerzone import __version__
from stalkerzone.content.loader import PACK_FILE, LoadResult, load_packs
from stalkerzone.errors import UserError

SUFFIX = ".szpack"
MANIFEST = "stalkerzone-pack.json"
MAX_ARCHIVE_BYTES = 64 * 2**20
MAX_FILES = 2000
MAX_FILE_BYTES = 16 * 2**20
MAX_UNPACKED_BYTES = 128 * 2**20
_FIXED_DATE = (1980, 1, 1, 0, 0, 0)
_SKIPPED = ("~", ".bak", ".orig", ".swp", ".pyc")


class ArchiveError(UserError):
    """An archive that cannot be written, read or installed; the text says why."""


@dataclass(frozen=True)
class PackArchive:
    """A pack archive: its pack id and version, where it is, its SHA-256, its files."""

    pack_id: str
    version: str
    path: Path
    digest: str
    files: tuple[str, ...]


def digest_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def pack_files(folder: Path) -> list[Path]:
    """The files of a pack folder that go into its archive: every regular file, hidden files,
    editor backups and links left out."""
    found: list[Path] = []
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder)
        if any(part.startswith(".") for part in relative.parts) or path.name.endswith(_SKIPPED):
            continue
        if path.is_symlink() or not path.is_file():
            continue
        found.append(path)
        if len(found) > MAX_FILES:
            raise ArchiveError(f"cards pack: {folder}: more than {MAX_FILES} files")
    return found


def _one_pack(folder: Path, command: str) -> LoadResult:
    """The folder loaded alone; an :class:`ArchiveError` unless it is one pack with no problem."""
    if not (folder / PACK_FILE).is_file():
        raise ArchiveError(f"{command}: {folder}: no {PACK_FILE} here (a pack folder has one)")
    result = load_packs([folder], include_user=False)
    if result.problems:
        first = result.problems[0]
        raise ArchiveError(
            f"{command}: {folder}: the pack has {len(result.problems)} problem(s), the first: "
            f"{first} (stalkerzone cards check {folder})"
        )
    return result


def write_archive(folder: Path, out: Path | None = None) -> PackArchive:
    """Check the pack in ``folder`` and write its archive (``out``, or ``<id>-<version>.szpack``
    in the working folder)."""
    result = _one_pack(folder, "cards pack")
    info = result.packs[-1]
    files = pack_files(folder)
    entries = {path.relative_to(folder).as_posix(): path.read_bytes() for path in files}
    if sum(len(data) for data in entries.values()) > MAX_UNPACKED_BYTES:
        raise ArchiveError(f"cards pack: {folder}: more than {MAX_UNPACKED_BYTES >> 20} MB")
    manifest = {
        "format": 1,
        "id": info.id,
        "version": info.version,
        "program": __version__,
        "files": {name: digest_of(data) for name, data in entries.items()},
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in [(MANIFEST, _json_bytes(manifest)), *sorted(entries.items())]:
            entry = zipfile.ZipInfo(name, date_time=_FIXED_DATE)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, data)
    data = buffer.getvalue()
    target = out if out is not None else Path(f"{info.id}-{info.version}{SUFFIX}")
    try:
        target.write_bytes(data)
    except OSError as error:
        raise ArchiveError(
            f"cards pack: cannot write {target}: {error.strerror or error}"
        ) from None
    return PackArchive(info.id, info.version, target, digest_of(data), tuple(entries))


def _json_bytes(value: object) -> bytes:
    return (json.dumps(value, indent=1, sort_keys=True, ensure_ascii=False) + "\n").encode()


def read_archive(
    path: Path, expected_digest: str | None = None
) -> tuple[dict[str, object], dict[str, bytes]]:
    """The manifest and the files of an archive, every bound and digest checked; an
    :class:`ArchiveError` naming the file and what is wrong."""
    where = f"cards install: {path}"
    try:
        size = path.stat().st_size
        if size > MAX_ARCHIVE_BYTES:
            raise ArchiveError(f"{where}: larger than {MAX_ARCHIVE_BYTES >> 20} MB")
        data = path.read_bytes()
    except OSError as error:
        raise ArchiveError(f"{where}: cannot read: {error.strerror or error}") from None
    if expected_digest is not None and digest_of(data) != expected_digest:
        raise ArchiveError(f"{where}: the digest is not the one offered: not installed")
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise ArchiveError(f"{where}: not a pack archive (not a zip file)") from None
    with archive:
        members = archive.infolist()
        if len(members) > MAX_FILES + 1:
            raise ArchiveError(f"{where}: more than {MAX_FILES} files")
        if sum(m.file_size for m in members) > MAX_UNPACKED_BYTES:
            raise ArchiveError(f"{where}: unpacks to more than {MAX_UNPACKED_BYTES >> 20} MB")
        files: dict[str, bytes] = {}
        for member in members:
            name = member.filename
            _check_name(name, where)
            if member.is_dir():
                continue
            if member.file_size > MAX_FILE_BYTES:
                raise ArchiveError(f"{where}: {name}: larger than {MAX_FILE_BYTES >> 20} MB")
            if (member.external_attr >> 16) & 0o170000 == 0o120000:
                raise ArchiveError(f"{where}: {name}: a link (archives hold plain files only)")
            try:
                files[name] = archive.read(member)
            except (zipfile.BadZipFile, OSError, ValueError) as error:
                raise ArchiveError(f"{where}: {name}: cannot be read ({error})") from None
    manifest = _manifest(files.pop(MANIFEST, None), where)
    listed = manifest["files"]
    assert isinstance(listed, dict)
    if set(listed) != set(files):
        extra = sorted(set(files) ^ set(listed))
        raise ArchiveError(f"{where}: the files do not match its manifest ({', '.join(extra[:5])})")
    for name, content in files.items():
        if digest_of(content) != listed[name]:
            raise ArchiveError(f"{where}: {name}: its digest does not match the manifest")
    if PACK_FILE not in files:
        raise ArchiveError(f"{where}: no {PACK_FILE} at the top of the archive")
    return manifest, files


def _check_name(name: str, where: str) -> None:
    pure = PurePosixPath(name)
    if (
        not name
        or "\\" in name
        or "\x00" in name
        or pure.is_absolute()
        or ".." in pure.parts
        or (len(name) > 1 and name[1] == ":")
        or len(name) > 255
    ):
        raise ArchiveError(f"{where}: {name[:80]!r}: not a plain relative file name")


def _manifest(raw: bytes | None, where: str) -> dict[str, object]:
    if raw is None:
        raise ArchiveError(f"{where}: no {MANIFEST}: not a Stalker Zone pack archive")
    try:
        manifest = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise ArchiveError(f"{where}: {MANIFEST} is not JSON") from None
    files = manifest.get("files") if isinstance(manifest, dict) else None
    if (
        not isinstance(manifest, dict)
        or manifest.get("format") != 1
        or not isinstance(manifest.get("id"), str)
        or not isinstance(files, dict)
        or not all(isinstance(k, str) and isinstance(v, str) for k, v in files.items())
    ):
        raise ArchiveError(f"{where}: {MANIFEST} is not a pack manifest of format 1")
    return manifest


def install_archive(
    path: Path, user_dir: Path, *, replace: bool = False, expected_digest: str | None = None
) -> PackArchive:
    """Check ``path`` and install its pack as ``user_dir/<id>``: unpacked beside it, loaded
    alone without a problem, then moved in place (an installed pack of that id is replaced only
    with ``replace``)."""
    manifest, files = read_archive(path, expected_digest)
    pack_id = str(manifest["id"])
    where = f"cards install: {path}"
    target = user_dir / pack_id
    if target.exists() and not replace:
        raise ArchiveError(
            f"{where}: a pack '{pack_id}' is already installed in {target}; give --replace to "
            "replace it"
        )
    user_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".installing-", dir=user_dir) as scratch:
        unpacked = Path(scratch) / pack_id
        for name, content in files.items():
            file = unpacked / name
            file.parent.mkdir(parents=True, exist_ok=True)
            file.write_bytes(content)
        result = _one_pack(unpacked, "cards install")
        info = result.packs[-1]
        if info.id != pack_id:
            raise ArchiveError(f"{where}: its pack.toml says '{info.id}', its manifest '{pack_id}'")
        if target.exists():
            shutil.rmtree(target)
        unpacked.rename(target)
    data = path.read_bytes()
    return PackArchive(pack_id, info.version, target, digest_of(data), tuple(sorted(files)))
