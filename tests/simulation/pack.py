"""A small author's pack for the simulation tests: a common monster, a cheap grenade and an
artifact, written into a temporary folder."""

from __future__ import annotations

from pathlib import Path

from tests.support.packs import manifest, write_files

PACK_CARDS = ("test-rat", "test-grenade", "test-stone")

FILES = {
    "pack.toml": manifest("sim-test"),
    "monsters.toml": """\
[[monster]]
id = "test-rat"
name = { en = "Test rat", ru = "Тестовая крыса" }
trophy = "Tail"
copies = 12
green  = { health = 2, attack = "1d6", defence = 0, trophy_price = 90 }
yellow = { health = 3, attack = "1d6+1", defence = 0, trophy_price = 240 }
red    = { health = 4, attack = "2d6", defence = 1, trophy_price = 540 }
""",
    "grenades.toml": """\
[[grenade]]
id = "test-grenade"
name = { en = "Test grenade", ru = "Тестовая граната" }
attack = "2d6"
price = 20
sold_at = ["village", "military_base", "laboratory"]
copies = 6
""",
    "artifacts.toml": """\
[[artifact]]
id = "test-stone"
name = { en = "Test stone", ru = "Тестовый камень" }
price = 300
effects = [{ stat = "defence", amount = 1 }]
""",
}


def write_pack(root: Path) -> Path:
    """The pack's folder under ``root``."""
    folder = root / "sim-test"
    write_files(folder, FILES)
    return folder
