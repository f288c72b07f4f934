"""Card packs a host offers to the players who join it (docs/protocol.md "Card packs"): the
packs of its game other than the base set, each as a pack archive (``cards pack``) served on the
host's own port at ``/packs/<id>.szpack``, named in the first view with its SHA-256 and size.

A joining player who lacks a pack (or has another version of it) is told what is offered and
accepts it explicitly; the archive is downloaded with a bounded size, checked against the digest
the host named, unpacked with every check of ``cards install`` and installed into the user card
folder. Cards are data: nothing in a pack is ever run.
"""

from __future__ import annotations

import http.client
import tempfile
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stalkerzone.content.pack_archive import (
    MAX_ARCHIVE_BYTES,
    ArchiveError,
    PackArchive,
    archive_bytes,
    digest_of,
    install_archive,
)
from stalkerzone.errors import UserError

BASE_PACK = "base"
PATH_PREFIX = "/packs/"
SUFFIX = ".szpack"
DOWNLOAD_TIMEOUT = 20.0


@dataclass(frozen=True)
class PackOffer:
    """One pack a host offers: its id and version, the archive's SHA-256 and size, its path."""

    id: str
    version: str
    digest: str
    size: int

    @property
    def path(self) -> str:
        return f"{PATH_PREFIX}{self.id}{SUFFIX}"

    def as_json(self) -> dict[str, Any]:
        return {"path": self.path, "digest": self.digest, "bytes": self.size}


class PackOffers:
    """The archives of a host's packs, made once on first use (a thread-safe lazy table)."""

    def __init__(self, packs: Iterable[Any]) -> None:
        self._folders = {
            str(p.id): Path(p.path)
            for p in packs
            if getattr(p, "loaded", True) and str(p.id) != BASE_PACK and Path(p.path).is_dir()
        }
        self._made: dict[str, tuple[PackArchive, bytes] | None] = {}
        self._lock = threading.Lock()

    def has_folders(self) -> bool:
        return bool(self._folders)

    def _archive(self, pack_id: str) -> tuple[PackArchive, bytes] | None:
        with self._lock:
            if pack_id not in self._made:
                folder = self._folders.get(pack_id)
                made: tuple[PackArchive, bytes] | None = None
                if folder is not None:
                    try:
                        made = archive_bytes(folder)
                    except (UserError, OSError):
                        made = None  # a pack that changed on disk since: not offered
                self._made[pack_id] = made
            return self._made[pack_id]

    def offer(self, pack_id: str) -> PackOffer | None:
        found = self._archive(pack_id)
        if found is None:
            return None
        made, data = found
        return PackOffer(made.pack_id, made.version, made.digest, len(data))

    def body(self, path: str) -> bytes | None:
        """The archive served at ``path`` (``/packs/<id>.szpack``), or None."""
        if not path.startswith(PATH_PREFIX) or not path.endswith(SUFFIX):
            return None
        pack_id = path.removeprefix(PATH_PREFIX).removesuffix(SUFFIX)
        if pack_id not in self._folders:
            return None
        found = self._archive(pack_id)
        return None if found is None else found[1]


def offer_from_json(pack: dict[str, Any]) -> PackOffer | None:
    """The offer the host named in its game info for one pack, checked, or None."""
    offer = pack.get("offer")
    if not isinstance(offer, dict):
        return None
    pid, version = pack.get("id"), pack.get("version")
    digest, size = offer.get("digest"), offer.get("bytes")
    if not (
        isinstance(pid, str)
        and isinstance(version, str)
        and isinstance(digest, str)
        and len(digest) == 64
        and isinstance(size, int)
        and 0 < size <= MAX_ARCHIVE_BYTES
        and offer.get("path") == f"{PATH_PREFIX}{pid}{SUFFIX}"
    ):
        return None
    return PackOffer(pid, version, digest, size)


def download_and_install(
    host: str, port: int, offer: PackOffer, user_dir: Path, timeout: float = DOWNLOAD_TIMEOUT
) -> PackArchive:
    """Fetch ``offer`` from the host's port, check its size and SHA-256 against the offer and
    install it into ``user_dir`` (replacing an installed pack of that id); an ArchiveError
    naming the pack and what went wrong, nothing installed."""
    where = f"pack {offer.id} from {host}:{port}"
    try:
        connection = http.client.HTTPConnection(host, port, timeout=timeout)
        try:
            connection.request("GET", offer.path)
            response = connection.getresponse()
            if response.status != 200:
                raise ArchiveError(f"{where}: the host answered {response.status}")
            data = response.read(offer.size + 1)
        finally:
            connection.close()
    except (OSError, http.client.HTTPException) as error:
        raise ArchiveError(f"{where}: cannot download it ({error})") from None
    if len(data) != offer.size or digest_of(data) != offer.digest:
        raise ArchiveError(f"{where}: what arrived is not what was offered (size or digest)")
    with tempfile.TemporaryDirectory() as scratch:
        file = Path(scratch) / f"{offer.id}{SUFFIX}"
        file.write_bytes(data)
        return install_archive(file, user_dir, replace=True, expected_digest=offer.digest)


def install_offers(address_uri: str, offers: Iterable[PackOffer], user_dir: Path) -> list[str]:
    """Download, check and install every offer from the host at ``address_uri`` (``ws://host:
    port``); one line per pack installed ("swamp 1.0 installed (sha256 …)")."""
    from urllib.parse import urlsplit

    parts = urlsplit(address_uri)
    if parts.hostname is None or parts.port is None:
        raise ArchiveError(f"{address_uri}: no host and port to download the packs from")
    said = []
    for offer in offers:
        made = download_and_install(parts.hostname, parts.port, offer, user_dir)
        said.append(f"{made.pack_id} {made.version} installed (sha256 {made.digest[:16]}…)")
    return said
