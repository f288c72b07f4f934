"""The cache of validated content (content/pack_cache.py): a second load of the same files reads
the entry and gives exactly what validating gives; a corrupt, stale or unreadable entry is
ignored and rebuilt, never a traceback; ``STALKERZONE_NO_CACHE`` / ``--no-cache`` turn it off."""

from __future__ import annotations

import hashlib
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from stalkerzone.cli import main
from stalkerzone.commands import cards as cards_command
from stalkerzone.content import models, templates, values, variants
from stalkerzone.content.loader import LoadResult, load_packs
from stalkerzone.content.pack_cache import (
    DIGEST_BYTES,
    MAGIC,
    MAX_ENTRIES,
    NO_CACHE_VARIABLE,
    PackCache,
)
from stalkerzone.content.tiles import TileError, load_sectors
from stalkerzone.paths import tiles_dir, user_cache_dir
from tests.support.packs import MONSTER, PackWriter, manifest

REPO = Path(__file__).resolve().parents[2]


def load(base: Path, cache: PackCache, *extra: Path) -> LoadResult:
    return load_packs(list(extra), include_user=False, base_dir=base, cache=cache)


def entries(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.entry")) if folder.is_dir() else []


def test_cache_second_load_reads_the_entry_and_gives_the_same(tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    fresh = load_packs(include_user=False, cache=PackCache.off())
    first_run = PackCache(folder)
    first = load_packs(include_user=False, cache=first_run)
    assert (first_run.hits, first_run.misses) == (0, 1) and len(entries(folder)) == 1
    second_run = PackCache(folder)
    second = load_packs(include_user=False, cache=second_run)
    assert (second_run.hits, second_run.misses, second_run.rejected) == (1, 0, 0)
    assert second == first == fresh
    assert len(second.cards.monsters) == len(fresh.cards.monsters) > 0


def test_cache_keeps_problems_and_skipped_packs(
    tmp_path: Path, mini_base: Path, write_pack: PackWriter
) -> None:
    broken = write_pack("broken", {"m.toml": MONSTER.format(id="x").replace("= 8,", "= -8,")})
    skipped = write_pack("skipped", {"pack.toml": "format = 1\n"})
    folder = tmp_path / "cache"
    first = load(mini_base, PackCache(folder), broken, skipped)
    again = PackCache(folder)
    second = load(mini_base, again, broken, skipped)
    assert again.hits == 1
    assert second == first and second.problems and not second.ok
    assert [p.loaded for p in second.packs] == [True, True, False]


def test_cache_warm_load_reports_the_same_warnings_and_problems(
    tmp_path: Path, mini_base: Path, write_pack: PackWriter
) -> None:
    """Warnings (content/lint) are part of the entry: a warm load reports what a cold one does,
    here an orphan mod (EQ-4), a file not read, a card in pack.toml and a bad card."""
    orphan = '[[weapon_mod]]\nid = "scope"\nweapon_type = "laser"\nattack_bonus = 1\nprice = 5\n'
    pack = write_pack(
        "p",
        {
            "pack.toml": manifest("p") + MONSTER.format(id="stray"),
            "mods.toml": "\ufeff" + orphan,  # a byte-order mark is accepted
            "bad.toml": MONSTER.format(id="bad").replace("= 8,", "= -8,"),
            "more.TOML": MONSTER.format(id="unread"),
        },
    )
    folder = tmp_path / "cache"
    cold_run = PackCache(folder)
    cold = load(mini_base, cold_run, pack)
    warm_run = PackCache(folder)
    warm = load(mini_base, warm_run, pack)
    assert (cold_run.misses, warm_run.hits, warm_run.misses) == (1, 1, 0)
    assert warm == cold == load(mini_base, PackCache.off(), pack)
    assert [(Path(w.file).name, w.card_id) for w in warm.warnings] == [
        ("mods.toml", "scope"),
        ("more.TOML", "-"),
    ]
    assert all(w.warning for w in warm.warnings) and warm.packs[1].warnings == warm.warnings
    assert {(p.card_id, p.field) for p in warm.problems} == {
        ("stray", "monster"),
        ("bad", "green.health"),
    }
    assert [m.card_id for m in warm.problems if "pack.toml" in m.message] == ["stray"]
    assert [c.id for c in warm.cards.weapon_mods] == ["scope"]


def test_cache_entry_is_stale_when_a_file_changes(
    tmp_path: Path, mini_base: Path, write_pack: PackWriter
) -> None:
    folder = tmp_path / "cache"
    pack = write_pack("p", {"m.toml": MONSTER.format(id="first")})
    assert [m.id for m in load(mini_base, PackCache(folder), pack).cards.monsters] == [
        "gorynych",
        "first",
    ]
    (pack / "m.toml").write_text(MONSTER.format(id="second"), encoding="utf-8")
    run = PackCache(folder)
    assert [m.id for m in load(mini_base, run, pack).cards.monsters] == ["gorynych", "second"]
    assert run.misses == 1 and len(entries(folder)) == 2
    (pack / "n.toml").write_text(MONSTER.format(id="third"), encoding="utf-8")
    assert [m.id for m in load(mini_base, PackCache(folder), pack).cards.monsters][-1] == "third"


def test_cache_entry_is_stale_when_art_goes_or_grows(
    tmp_path: Path, mini_base: Path, write_pack: PackWriter
) -> None:
    """docs/cards.md ``art``: the art check reads the folder, so the key holds its listing."""
    card = MONSTER.format(id="drawn") + 'art = "art/drawn.png"\n'
    pack = write_pack("p", {"m.toml": card, "art/drawn.png": b"\x89PNG"})
    folder = tmp_path / "cache"
    assert load(mini_base, PackCache(folder), pack).ok
    (pack / "art" / "drawn.png").unlink()
    gone = load(mini_base, PackCache(folder), pack)
    assert any("does not exist" in p.message for p in gone.problems)
    assert gone == load(mini_base, PackCache.off(), pack)
    (pack / "art" / "drawn.png").write_bytes(b"\x89PNG")
    assert load(mini_base, PackCache(folder), pack).ok


@pytest.mark.parametrize(
    "damage",
    ["garbage", "empty", "truncated", "flipped", "wrong key", "wrong type", "bad pickle"],
)
def test_cache_corrupt_entry_is_ignored_and_rebuilt(
    tmp_path: Path, mini_base: Path, damage: str
) -> None:
    folder = tmp_path / "cache"
    good = load(mini_base, PackCache(folder))
    [entry] = entries(folder)
    data = entry.read_bytes()
    header = len(MAGIC) + DIGEST_BYTES

    def sealed(payload: bytes) -> bytes:
        return MAGIC + hashlib.blake2b(payload, digest_size=DIGEST_BYTES).digest() + payload

    damaged = {
        "garbage": b"\x00garbage" * 50,
        "empty": b"",
        "truncated": data[: len(data) // 2],
        "flipped": data[:-5] + bytes([data[-5] ^ 0xFF]) + data[-4:],
        "wrong key": sealed(pickle.dumps(("0" * 64, pickle.loads(data[header:])[1]))),
        "wrong type": sealed(pickle.dumps((entry.stem, {"cards": "not cards"}))),
        "bad pickle": sealed(b"\x80\x05cno_such_module\nThing\n."),
    }[damage]
    entry.write_bytes(damaged)
    run = PackCache(folder)
    assert load(mini_base, run) == good
    assert (run.hits, run.misses, run.rejected) == (0, 1, 1)
    assert entry.read_bytes() == data  # rewritten
    again = PackCache(folder)
    assert load(mini_base, again) == good and again.hits == 1


def test_cache_folder_that_cannot_be_used_is_skipped(tmp_path: Path, mini_base: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    for folder in (blocker, blocker / "below"):
        run = PackCache(folder)
        assert load(mini_base, run) == load(mini_base, PackCache.off())
        assert run.misses == 1 and blocker.read_text(encoding="utf-8") == "not a folder"


def test_cache_a_refused_file_is_never_cached(
    tmp_path: Path, mini_base: Path, write_pack: PackWriter
) -> None:
    """A file refused for more than its bytes (here a FIFO) keeps the load uncached."""
    pack = write_pack("p", {})
    os.mkfifo(pack / "pipe.toml")
    folder = tmp_path / "cache"
    result = load(mini_base, PackCache(folder), pack)
    assert any("FIFO" in p.message for p in result.problems)
    assert entries(folder) == []


def test_cache_key_holds_the_content_code(tmp_path: Path, mini_base: Path) -> None:
    """An edited loader or card class never reads the entries of the old code."""
    code = tmp_path / "code"
    for name in ("content", "engine"):
        (code / name).mkdir(parents=True)
    (code / "content" / "loader.py").write_text("old = 1\n", encoding="utf-8")
    folder = tmp_path / "cache"
    load(mini_base, PackCache(folder, package_dir=code))
    (code / "content" / "loader.py").write_text("new = 2\n", encoding="utf-8")
    run = PackCache(folder, package_dir=code)
    load(mini_base, run)
    assert run.misses == 1 and len(entries(folder)) == 2
    assert PackCache(folder).key("packs").hexdigest() != run.key("packs").hexdigest()


def test_cache_keeps_a_bounded_number_of_entries(tmp_path: Path) -> None:
    cache = PackCache(tmp_path)
    for number in range(MAX_ENTRIES + 8):
        entry = cache.key("test")
        entry.add_text(str(number))
        key = entry.hexdigest()
        cache.store(key, number)
        assert cache.load(key, int) == number
    assert len(entries(tmp_path)) == MAX_ENTRIES


def test_cache_variants(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "cache"
    fresh = variants.load_variant("express", cache=PackCache.off())
    assert variants.load_variant("express", cache=PackCache(folder)) == fresh
    run = PackCache(folder)
    assert variants.load_variant("express", cache=run) == fresh and run.hits == 1
    text = (variants.VARIANTS_DIR / "standard.toml").read_text(encoding="utf-8")
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "standard.toml").write_text(text.replace("grenade_cap = 10", "grenade_cap = -1"))
    monkeypatch.setattr(variants, "VARIANTS_DIR", broken)
    for _ in range(2):  # a broken file is never cached: the error comes every time
        with pytest.raises(variants.VariantError, match="grenade_cap"):
            variants.load_variant("standard", cache=PackCache(folder))
    assert len(entries(folder)) == 1


def test_cache_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(NO_CACHE_VARIABLE, raising=False)
    assert PackCache.from_environment().directory == user_cache_dir() / "content"
    assert str(user_cache_dir()).startswith(os.environ["STALKERZONE_HOME"])
    for value, enabled in (("1", False), ("yes", False), ("0", True), ("", True)):
        monkeypatch.setenv(NO_CACHE_VARIABLE, value)
        assert PackCache.from_environment().enabled is enabled


def test_cache_no_cache_option(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(NO_CACHE_VARIABLE, raising=False)
    folder = user_cache_dir() / "content"
    assert main(["--no-cache", "cards", "check", "--no-user"]) == 0
    assert entries(folder) == [] and NO_CACHE_VARIABLE not in os.environ
    assert main(["cards", "check", "--no-user"]) == 0
    assert len(entries(folder)) == 1


def test_cache_warm_run_imports_no_pydantic(tmp_path: Path) -> None:
    """Start-up: the second process reads the packs and the variant without building models."""
    script = (
        "import sys\n"
        "from stalkerzone.content.loader import load_packs\n"
        "from stalkerzone.content.variants import load_variant\n"
        "cards = load_packs(include_user=False).cards\n"
        "load_variant('standard')\n"
        "print(len(cards.monsters), 'pydantic' in sys.modules)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO), "STALKERZONE_HOME": str(tmp_path)}
    env.pop(NO_CACHE_VARIABLE, None)
    runs = [
        subprocess.run(
            [sys.executable, "-c", script],
            env=env,
            capture_output=True,
            text=True,
            check=True,
            cwd=REPO,
        ).stdout.split()
        for _ in range(2)
    ]
    assert runs[0][1] == "True" and runs[1][1] == "False"
    assert runs[0][0] == runs[1][0] != "0"


def test_cache_card_kinds_named_without_the_models() -> None:
    assert cards_command.CARD_KINDS == models.CARD_KINDS
    assert cards_command.TEMPLATE_KINDS == templates.TEMPLATE_KINDS
    assert ", ".join(values.COLOURS) == cards_command.COLOUR_NAMES
    assert " or ".join(values.LANGUAGES) == cards_command.LANGUAGE_NAMES


def test_cache_sectors(tmp_path: Path) -> None:
    """MAP-1 … MAP-5 checked sectors come back from the cache; a broken file never does."""
    folder = tmp_path / "cache"
    fresh = load_sectors(cache=PackCache.off())
    assert load_sectors(cache=PackCache(folder)) == fresh
    run = PackCache(folder)
    assert load_sectors(cache=run) == fresh and run.hits == 1
    tiles = tmp_path / "tiles"
    tiles.mkdir()
    for path in sorted(tiles_dir().glob("*.toml")):
        (tiles / path.name).write_bytes(path.read_bytes())
    assert load_sectors(tiles, cache=PackCache(folder)) == fresh
    first = sorted(tiles.glob("*.toml"))[0]
    first.write_text(first.read_text(encoding="utf-8") + "\nextra = 1\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(TileError, match="unknown key 'extra'"):
            load_sectors(tiles, cache=PackCache(folder))
    assert len(entries(folder)) == 2
