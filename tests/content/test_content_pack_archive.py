"""Sharing a pack (docs/cards.md "Sharing a pack"): `cards pack DIR` writes one file with every
file's digest, `cards install FILE` checks it and installs the pack into the user card folder;
nothing in an archive is trusted (names, sizes, digests, the pack itself)."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest

from stalkerzone import paths
from stalkerzone.cli import main
from stalkerzone.content.loader import load_packs
from stalkerzone.content.pack_archive import (
    MANIFEST,
    ArchiveError,
    install_archive,
    write_archive,
)
from tests.support.packs import MONSTER, PackWriter

ART = b"\x89PNG\r\n\x1a\n" + bytes(64)


def _swamp(write_pack: PackWriter) -> Path:
    card = MONSTER.format(id="swamp-hag") + 'art = "art/hag.png"\n'
    return write_pack("swamp", {"m.toml": card, "art/hag.png": ART, ".hidden": "x", "m.toml~": "x"})


def test_a_pack_travels_as_one_file_and_installs(
    write_pack: PackWriter, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = _swamp(write_pack)
    out = tmp_path / "swamp.szpack"
    assert main(["cards", "pack", str(pack), "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert f"{out}: pack swamp 1.0.0, 3 files, sha256 " in said
    again = write_archive(pack, tmp_path / "again.szpack")
    assert again.digest in said  # the same folder, the same bytes
    assert again.files == ("art/hag.png", "m.toml", "pack.toml")  # no hidden file, no backup
    assert main(["cards", "install", str(out)]) == 0
    assert "installed pack swamp 1.0.0 into" in capsys.readouterr().out
    installed = paths.user_cards_dir() / "swamp"
    assert (installed / "art" / "hag.png").read_bytes() == ART
    assert "swamp-hag" in load_packs().cards
    assert main(["cards", "install", str(out)]) == 2  # already there
    assert "give --replace" in capsys.readouterr().err
    assert main(["cards", "install", str(out), "--replace"]) == 0


def test_a_pack_with_problems_is_not_packed(write_pack: PackWriter, tmp_path: Path) -> None:
    pack = write_pack("bad", {"m.toml": MONSTER.format(id="Bad Id")})
    with pytest.raises(ArchiveError, match="the pack has 1 problem"):
        write_archive(pack, tmp_path / "bad.szpack")


def _rewritten(source: Path, target: Path, change: dict[str, bytes | None]) -> Path:
    """``source`` with some entries replaced (None: removed), the manifest kept as it was."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(buffer, "w") as new:
        for info in old.infolist():
            data = change.get(info.filename, old.read(info))
            if data is not None:
                new.writestr(info.filename, data)
        for name, data in change.items():
            if name not in old.namelist() and data is not None:
                new.writestr(name, data)
    target.write_bytes(buffer.getvalue())
    return target


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"m.toml": b"[[monster]]\nid = 'other'\n"}, "m.toml: its digest does not match"),
        ({"../evil.toml": b"x"}, "'../evil.toml': not a plain relative file name"),
        ({"/etc/evil": b"x"}, "not a plain relative file name"),
        ({"extra.toml": b"x"}, "the files do not match its manifest (extra.toml)"),
        ({MANIFEST: None}, f"no {MANIFEST}"),
        ({MANIFEST: b"{not json"}, "is not JSON"),
    ],
)
def test_an_archive_that_was_tampered_with_is_refused(
    write_pack: PackWriter, tmp_path: Path, change: dict[str, bytes | None], said: str
) -> None:
    good = write_archive(_swamp(write_pack), tmp_path / "good.szpack").path
    bad = _rewritten(good, tmp_path / "bad.szpack", change)
    user = tmp_path / "user"
    with pytest.raises(ArchiveError) as caught:
        install_archive(bad, user)
    assert said in str(caught.value)
    assert not (user / "swamp").exists() and not (tmp_path / "evil.toml").exists()


def test_an_archive_whose_pack_does_not_load_is_not_installed(
    write_pack: PackWriter, tmp_path: Path
) -> None:
    good = write_archive(_swamp(write_pack), tmp_path / "good.szpack").path
    broken = b"[[monster]]\nid = 'Bad'\n"
    with zipfile.ZipFile(good) as old:
        manifest = json.loads(old.read(MANIFEST))
    import hashlib

    manifest["files"]["m.toml"] = hashlib.sha256(broken).hexdigest()
    bad = _rewritten(
        good, tmp_path / "bad.szpack", {"m.toml": broken, MANIFEST: json.dumps(manifest).encode()}
    )
    with pytest.raises(ArchiveError, match="the pack has"):
        install_archive(bad, tmp_path / "user")
    assert [p.name for p in (tmp_path / "user").iterdir()] == []  # nothing left behind


def test_not_a_zip_and_a_wrong_digest_are_refused(tmp_path: Path, write_pack: PackWriter) -> None:
    junk = tmp_path / "junk.szpack"
    junk.write_bytes(b"<html>")
    with pytest.raises(ArchiveError, match="not a zip file"):
        install_archive(junk, tmp_path / "user")
    good = write_archive(_swamp(write_pack), tmp_path / "good.szpack").path
    with pytest.raises(ArchiveError, match="not the one offered"):
        install_archive(good, tmp_path / "user", expected_digest="0" * 64)
