"""The file digests by stat behind the content cache key (content/file_digests.py): a warm load
reads no card file, and no edit — same size, modification time set back, within the same time
step — ever reads a stale entry; a racy record is read again; a broken index is an empty one."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from stalkerzone.content import file_digests
from stalkerzone.content.file_digests import (
    INDEX_NAME,
    SETTLED_NS,
    FileDigests,
    digest_of,
    settled,
    stat_of,
)
from stalkerzone.content.loader import LoadResult, load_packs
from stalkerzone.content.pack_cache import PackCache
from tests.support.packs import MONSTER, PackWriter


def load(base: Path, cache: PackCache, *extra: Path) -> LoadResult:
    return load_packs(list(extra), include_user=False, base_dir=base, cache=cache)


def monster_ids(result: LoadResult) -> list[str]:
    return [m.id for m in result.cards.monsters]


@pytest.fixture
def no_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    """Records settle at once (files written by a test are younger than ``SETTLED_NS``): only
    the stat then tells an edit, which is what these tests check."""
    monkeypatch.setattr(file_digests, "SETTLED_NS", 0)


def test_digests_a_warm_load_reads_no_file(
    tmp_path: Path, mini_base: Path, write_pack: PackWriter, no_wait: None
) -> None:
    pack = write_pack("p", {"m.toml": MONSTER.format(id="first")})
    folder = tmp_path / "cache"
    cold_run = PackCache(folder)
    cold = load(mini_base, cold_run, pack)
    assert cold_run.digests.read > 0 and (folder / INDEX_NAME).is_file()
    warm_run = PackCache(folder)
    assert load(mini_base, warm_run, pack) == cold and warm_run.hits == 1
    assert warm_run.digests.read == 0  # neither the card files nor the code were read


@pytest.mark.parametrize("settle", [True, False], ids=["settled", "racy"])
def test_digests_an_edit_keeping_size_and_time_is_seen(
    tmp_path: Path,
    mini_base: Path,
    write_pack: PackWriter,
    monkeypatch: pytest.MonkeyPatch,
    settle: bool,
) -> None:
    """The same size, the modification time set back to the nanosecond, at once after the first
    load: a settled record sees the change time, a racy one (the default for a file this young)
    is read again."""
    if settle:
        monkeypatch.setattr(file_digests, "SETTLED_NS", 0)
    pack = write_pack("p", {"m.toml": MONSTER.format(id="first")})
    card = pack / "m.toml"
    folder = tmp_path / "cache"
    assert monster_ids(load(mini_base, PackCache(folder), pack)) == ["gorynych", "first"]
    before = card.stat()
    card.write_text(MONSTER.format(id="other"), encoding="utf-8")  # as long as "first"
    os.utime(card, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = card.stat()
    assert (after.st_size, after.st_mtime_ns) == (before.st_size, before.st_mtime_ns)
    run = PackCache(folder)
    assert monster_ids(load(mini_base, run, pack)) == ["gorynych", "other"]
    assert run.misses == 1


def test_digests_an_edited_loader_of_the_same_size_is_seen(tmp_path: Path, no_wait: None) -> None:
    """The code digest too: an edited content module (same size, time set back) is read."""
    code = tmp_path / "code"
    (code / "content").mkdir(parents=True)
    module = code / "content" / "loader.py"
    module.write_text("old = 1\n", encoding="utf-8")
    folder = tmp_path / "cache"

    def looked_up() -> tuple[str, PackCache]:
        cache = PackCache(folder, package_dir=code)
        key = cache.key("packs").hexdigest()
        assert cache.load(key, int) is None  # a lookup keeps the digests (saved)
        return key, cache

    first, _ = looked_up()
    again, run = looked_up()
    assert again == first and run.digests.read == 0
    before = module.stat()
    module.write_text("new = 2\n", encoding="utf-8")
    os.utime(module, ns=(before.st_atime_ns, before.st_mtime_ns))
    edited, run = looked_up()
    assert edited != first and run.digests.read == 1


def test_digests_a_racy_record_is_never_used(tmp_path: Path) -> None:
    """A file whose times are not older than its read by SETTLED_NS is read again."""
    card = tmp_path / "card.toml"
    card.write_bytes(b"one")
    seen = stat_of(card.stat())
    digests = FileDigests(tmp_path)
    changed = max(seen[4], seen[5])
    digest = digests.record(FileDigests.key(card), seen, b"one", changed + SETTLED_NS)
    assert digest == digest_of(b"one") and not settled((seen, digest, changed + SETTLED_NS))
    assert digests.known(FileDigests.key(card), seen) is None
    digests.record(FileDigests.key(card), seen, b"one", changed + SETTLED_NS + 1)
    assert digests.known(FileDigests.key(card), seen) == digest
    other = (*seen[:3], seen[3] + 1, *seen[4:])
    assert digests.known(FileDigests.key(card), other) is None  # another size
    digests.save()
    reread = FileDigests(tmp_path)
    assert reread.known(FileDigests.key(card), seen) == digest


@pytest.mark.parametrize("damage", ["garbage", "empty", "truncated", "flipped", "format"])
def test_digests_a_broken_index_is_an_empty_one(
    tmp_path: Path, mini_base: Path, damage: str, no_wait: None
) -> None:
    folder = tmp_path / "cache"
    good = load(mini_base, PackCache(folder))
    index = folder / INDEX_NAME
    data = index.read_bytes()
    index.write_bytes(
        {
            "garbage": b"\x00garbage" * 50,
            "empty": b"",
            "truncated": data[: len(data) // 2],
            "flipped": data[:-5] + bytes([data[-5] ^ 0xFF]) + data[-4:],
            "format": data.replace(b"\n1 ", b"\n9 ", 1),
        }[damage]
    )
    run = PackCache(folder)
    assert load(mini_base, run) == good and run.hits == 1
    assert run.digests.read > 0  # everything read again, the index written anew
    again = PackCache(folder)
    assert load(mini_base, again) == good and again.digests.read == 0


def test_digests_a_linked_card_file_is_read_every_time(
    tmp_path: Path, mini_base: Path, write_pack: PackWriter, no_wait: None
) -> None:
    """A card file that is a link is not found by its stat: retargeting it is seen."""
    pack = write_pack("p", {"real/a.toml": MONSTER.format(id="first")})
    (pack / "real" / "b.toml").write_text(MONSTER.format(id="other"), encoding="utf-8")
    (pack / "m.toml").symlink_to(pack / "real" / "a.toml")
    folder = tmp_path / "cache"
    assert monster_ids(load(mini_base, PackCache(folder), pack))[-1] == "first"
    (pack / "m.toml").unlink()
    (pack / "m.toml").symlink_to(pack / "real" / "b.toml")
    assert monster_ids(load(mini_base, PackCache(folder), pack))[-1] == "other"


def test_digests_an_unwritable_folder_is_skipped(tmp_path: Path, mini_base: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    run = PackCache(blocker / "below")
    assert load(mini_base, run) == load(mini_base, PackCache.off())
    assert blocker.read_text(encoding="utf-8") == "not a folder"
