"""Hostile card packs: card files, ``pack.toml`` and art that are FIFOs, device symlinks,
symlinks out of the pack, huge integers, deep nesting, huge or non-UTF-8 files. Each is one
problem line naming the file (the rest of the packs still load), quickly; no file changes; and
a hostile pack in the user card folder breaks no command."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from stalkerzone import paths
from stalkerzone.cli import main
from stalkerzone.content.loader import load_packs
from tests.hostile.hazards import DEVICES, HOSTILE_KINDS, deadline, fingerprint, hostile_files
from tests.support.packs import MONSTER, manifest, write_files

BEAST = MONSTER.format(id="hostile-beast")


def pack(root: Path, pack_id: str = "hostile", cards: str = BEAST) -> Path:
    write_files(root, {"pack.toml": manifest(pack_id), "monsters.toml": cards})
    return root


def problems_of(folder: Path) -> list[str]:
    """The problem lines of loading ``folder`` (and the base pack), within the deadline."""
    with deadline():
        result = load_packs([folder], include_user=False)
    return [str(p) for p in result.problems]


def only_problem(folder: Path, file: str, *expected: str) -> str:
    lines = problems_of(folder)
    assert len(lines) == 1, lines
    line = lines[0]
    assert "\n" not in line and file in line, line
    for text in expected:
        assert text.lower() in line.lower(), line
    return line


def snapshot_tree(root: Path) -> dict[str, tuple[object, ...]]:
    return {str(p): fingerprint(p) for p in sorted(root.rglob("*"))}


# --- card files -------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", HOSTILE_KINDS)
def test_hostile_card_file_device_or_fifo(tmp_path: Path, kind: str) -> None:
    folder = pack(tmp_path / "pack")
    hostile = hostile_files(tmp_path / "made", "x.toml")[kind]
    os.replace(hostile, folder / "zz.toml")
    before = snapshot_tree(folder)
    expected = "not a regular file" if kind == "fifo" else "outside"
    only_problem(folder, "zz.toml", expected)
    assert snapshot_tree(folder) == before


def test_hostile_card_file_symlink_to_a_sibling_pack(tmp_path: Path) -> None:
    folder = pack(tmp_path / "pack")
    sibling = pack(tmp_path / "sibling", "sibling", MONSTER.format(id="stolen"))
    (folder / "stolen.toml").symlink_to(sibling / "monsters.toml")
    with deadline():
        result = load_packs([folder], include_user=False)
    assert "stolen" not in result.cards and "hostile-beast" in result.cards
    assert [p.file.endswith("stolen.toml") for p in result.problems] == [True]
    assert "outside" in result.problems[0].message


def test_hostile_card_file_symlink_to_system_file(tmp_path: Path) -> None:
    folder = pack(tmp_path / "pack")
    (folder / "passwd.toml").symlink_to("/etc/passwd")
    line = only_problem(folder, "passwd.toml", "outside")
    assert "TOML syntax" not in line


def test_hostile_card_file_symlink_inside_the_pack_is_fine(tmp_path: Path) -> None:
    folder = pack(tmp_path / "pack", cards="")
    write_files(folder / "sub", {"real.toml": BEAST})
    (folder / "monsters.toml").unlink()
    (folder / "linked.toml").symlink_to(folder / "sub" / "real.toml")
    with deadline():
        result = load_packs([folder], include_user=False)
    assert result.ok and "hostile-beast" in result.cards


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            BEAST.replace("health = 8,", "health = " + "9" * 5000 + ","),
            "digit",
        ),
        ("x = " + "[" * 100_000 + "]" * 100_000 + "\n", "nested"),
        ("x = " + "[" * 70 + "]" * 70 + "\n", "nested too deeply"),
        ("x = " + "{ a = " * 70 + "1" + " }" * 70 + "\n", "nested"),
        ('x = "\\ud800"\n', "TOML syntax"),
        ("# " + "x" * 1_100_000 + "\n", "over 1 MB"),
    ],
    ids=["health-5000-digits", "nested-100000", "nested-70", "tables-70", "surrogate", "over-1mb"],
)
def test_hostile_card_file_contents(tmp_path: Path, text: str, expected: str) -> None:
    folder = pack(tmp_path / "pack")
    (folder / "zz.toml").write_text(text, encoding="utf-8")
    before = snapshot_tree(folder)
    line = only_problem(folder, "zz.toml", expected)
    assert len(line) < 400
    assert snapshot_tree(folder) == before


def test_hostile_card_file_not_utf8(tmp_path: Path) -> None:
    folder = pack(tmp_path / "pack")
    (folder / "zz.toml").write_bytes(b'x = "\xff\xfe"\n')
    only_problem(folder, "zz.toml", "UTF-8")


# --- pack.toml ------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", HOSTILE_KINDS)
def test_hostile_manifest_device_or_fifo(tmp_path: Path, kind: str) -> None:
    folder = pack(tmp_path / "pack")
    os.replace(hostile_files(tmp_path / "made", "pack.toml")[kind], folder / "pack.toml")
    before = snapshot_tree(folder)
    lines = problems_of(folder)
    assert len(lines) == 1 and "pack.toml" in lines[0], lines
    assert snapshot_tree(folder) == before


def test_hostile_manifest_symlink_out_of_the_pack(tmp_path: Path) -> None:
    folder = pack(tmp_path / "pack")
    elsewhere = tmp_path / "elsewhere.toml"
    elsewhere.write_text(manifest("borrowed"), encoding="utf-8")
    (folder / "pack.toml").unlink()
    (folder / "pack.toml").symlink_to(elsewhere)
    only_problem(folder, "pack.toml", "outside")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("format = " + "1" * 5000 + "\n", "digit"),
        ("format = 1\nx = " + "[" * 100_000 + "]" * 100_000 + "\n", "nested"),
        ("format = 1\nx = " + "[" * 80 + "]" * 80 + "\n", "nested too deeply"),
        ("# " + "x" * 1_100_000 + "\n", "over 1 MB"),
    ],
    ids=["format-5000-digits", "nested-100000", "nested-80", "over-1mb"],
)
def test_hostile_manifest_contents(tmp_path: Path, text: str, expected: str) -> None:
    folder = pack(tmp_path / "pack")
    (folder / "pack.toml").write_text(text, encoding="utf-8")
    only_problem(folder, "pack.toml", expected)


# --- art ------------------------------------------------------------------------------------


def with_art(art: str) -> str:
    return BEAST.replace("trophy = ", f"art = {json.dumps(art)}\ntrophy = ", 1)


@pytest.mark.parametrize(
    ("art", "expected"),
    [
        ("a" * 6000 + ".png", "at most 255"),
        ("art/zero.png", "outside"),
        ("art/fifo.png", "regular file"),
        ("art/out.png", "outside"),
        ("../elsewhere.png", "outside"),
        ("/etc/passwd", "relative"),
        ("art/bad\x00.png", "not a file name"),
    ],
    ids=["6000-chars", "device-link", "fifo", "link-out", "dot-dot", "absolute", "nul"],
)
def test_hostile_art(tmp_path: Path, art: str, expected: str) -> None:
    folder = pack(tmp_path / "pack", cards=with_art(art))
    (folder / "art").mkdir()
    (folder / "art" / "zero.png").symlink_to(DEVICES[0])
    os.mkfifo(folder / "art" / "fifo.png")
    (tmp_path / "elsewhere.png").write_bytes(b"\x89PNG")
    (folder / "art" / "out.png").symlink_to(tmp_path / "elsewhere.png")
    before = snapshot_tree(folder)
    line = only_problem(folder, "monsters.toml", "art", expected)
    assert len(line) < 400
    assert snapshot_tree(folder) == before


# --- a hostile pack in the user card folder breaks no command ---------------------------------


@pytest.fixture
def hostile_user_pack(tmp_path: Path) -> Path:
    folder = pack(paths.user_cards_dir() / "hostile", cards=with_art("a" * 6000))
    os.mkfifo(folder / "fifo.toml")
    (folder / "zero.toml").symlink_to(DEVICES[0])
    (folder / "random.toml").symlink_to(DEVICES[1])
    return folder


def test_hostile_user_pack_odds_still_runs(
    hostile_user_pack: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with deadline():
        code = main(["odds", "--monster-health", "5", "--monster-attack", "1d6", "--json"])
    out, err = capsys.readouterr()
    assert code == 0 and "Traceback" not in out + err and '"win"' in out
    problem_lines = [line for line in err.splitlines() if line.startswith(str(hostile_user_pack))]
    assert len(problem_lines) == 4, err
    assert "stalkerzone odds: card packs: 4 problems (those cards are not loaded)" in err


def test_hostile_user_pack_cards_check_names_each_file(
    hostile_user_pack: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with deadline():
        code = main(["cards", "check"])
    out, err = capsys.readouterr()
    assert code == 2 and "Traceback" not in out + err
    for name in ("fifo.toml", "zero.toml", "random.toml", "monsters.toml"):
        assert name in out, out


def test_hostile_user_pack_replay_still_runs(
    hostile_user_pack: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from stalkerzone.persistence import saves
    from tests.support.records import bot_record, packs

    path = saves.save_game(bot_record(30, seed=3), tmp_path / "game.json", packs=packs())
    with deadline():
        code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert code == 0 and "same final state" in out and "Traceback" not in err
