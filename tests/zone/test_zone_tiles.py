"""The tile loader: the shipped sectors load; broken tile files name file, sector, face, hex."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from stalkerzone.content.tiles import TileError, load_sectors
from stalkerzone.errors import UserError
from stalkerzone.paths import tiles_dir


def test_shipped_sectors_load() -> None:
    sectors = load_sectors()
    assert [s.id for s in sectors] == [f"s{k:02}" for k in range(1, 11)]
    assert all(len(f.hexes) == 19 for s in sectors for f in s.faces.values())
    assert sectors[0].faces["a"].name.get("ru")


def _broken(tmp_path: Path, old: str, new: str, file: str = "s01.toml") -> Path:
    folder = tmp_path / "tiles"
    shutil.copytree(tiles_dir(), folder, ignore=shutil.ignore_patterns("*.md"))
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert re.search(old, text), old
    path.write_text(re.sub(old, new, text, count=1), encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (r'terrain = "forest"', 'terrain = "lava"', "terrain 'lava' unknown"),
        (r'site = "anomaly"', 'site = "castle"', "site 'castle' unknown"),
        (r"at = \[0, -2\]", "at = [3, 0]", "outside the sector"),
        (r"roads = \[0, 3\]", "roads = [0]", "has no road"),
        (r"edges = \[true", "edges = [false", "edges[0]"),
        (r"\[faces.b\]", "[faces.c]", "faces"),
        (r'site = "village", ', "", "village must be printed once on both faces"),
        (r"id = \"s01\"", 'id = "s01"\nid2 = 1', "unknown key"),
        (r"hexes = \[", "hexes = [[", "not valid TOML"),
    ],
)
def test_broken_tile_files_name_the_place(tmp_path: Path, old: str, new: str, message: str) -> None:
    folder = _broken(tmp_path, old, new)
    with pytest.raises(TileError) as info:
        load_sectors(folder)
    text = str(info.value)
    assert text.startswith("s01.toml")
    assert message in text
    assert isinstance(info.value, UserError)


def test_error_names_sector_face_and_hex(tmp_path: Path) -> None:
    folder = _broken(tmp_path, r'terrain = "forest"', 'terrain = "lava"')
    with pytest.raises(
        TileError, match=r"s01.toml: sector s01: face a: hex \(-?\d, -?\d\): terrain"
    ):
        load_sectors(folder)


def test_cut_off_hex_is_reported(tmp_path: Path) -> None:
    folder = tmp_path / "tiles"
    shutil.copytree(tiles_dir(), folder, ignore=shutil.ignore_patterns("*.md"))
    path = folder / "s01.toml"
    lines = path.read_text(encoding="utf-8").splitlines()
    # wall in the corner hex (2, -2) of face a: its neighbours inside the sector become water
    for k, line in enumerate(lines):
        if "[faces.b]" in line:
            break
        for at in ("at = [1, -2]", "at = [1, -1]", "at = [2, -1]"):
            if at in line and "roads" not in line and "site" not in line:
                lines[k] = re.sub(r'terrain = "\w+"', 'terrain = "water"', line)
    text = "\n".join(lines)
    path.write_text(text, encoding="utf-8")
    try:
        load_sectors(folder)
    except TileError as error:
        assert "s01.toml: sector s01: face a" in str(error)


def test_missing_folder_and_duplicate_ids(tmp_path: Path) -> None:
    with pytest.raises(TileError, match="no such tile folder"):
        load_sectors(tmp_path / "nope")
    folder = _broken(tmp_path, r'id = "s01"', 'id = "s02"')
    with pytest.raises(TileError, match="already used"):
        load_sectors(folder)
