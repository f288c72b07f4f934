"""Hostile command-line values: one set of rules for every command. The same seed range
everywhere, ``--cards DIR`` missing is an error everywhere, raw odds values have the limits
cards have, empty values are errors, long values are shortened in the message; each is one
line and exit 2, quickly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stalkerzone.cli import main
from tests.hostile.hazards import deadline, one_line_error

LONG = "x" * 100_000
RAW_FIGHT = ["odds", "--monster-health", "9", "--monster-attack", "2d6"]


def refused(capsys: pytest.CaptureFixture[str], argv: list[str], *expected: str) -> str:
    with deadline():
        code = main(argv)
    err = one_line_error(capsys, code, *expected)
    assert len(err) < 300, len(err)
    return err


SEED_COMMANDS = {
    "play": ["play"],
    "watch": ["watch"],
    "simulate": ["simulate", "--games", "1"],
    "map-random": ["map", "random"],
}
BAD_SEEDS = {
    "negative": ("-1", "out of range (0..9223372036854775807)"),
    "2**63": (str(2**63), "out of range"),
    "10**20": ("1" + "0" * 20, "out of range"),
    "5000-digits": ("9" * 5000, "too long"),
    "200-digits": ("9" * 200, "out of range"),
    "text": ("abc", "not a whole number"),
    "empty": ("", "empty"),
    "blank": ("   ", "empty"),
}


@pytest.mark.parametrize("command", sorted(SEED_COMMANDS))
@pytest.mark.parametrize("seed", sorted(BAD_SEEDS))
def test_hostile_seed_range_is_the_same_everywhere(
    command: str, seed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    value, expected = BAD_SEEDS[seed]
    refused(capsys, [*SEED_COMMANDS[command], "--seed", value], "--seed", expected)


def test_hostile_largest_seed_is_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["map", "random", "--seed", str(2**63 - 1), "--json"]) == 0
    assert "placements" in json.loads(capsys.readouterr().out)


CARDS_COMMANDS = {
    "play": ["play"],
    "watch": ["watch"],
    "replay": ["replay", "whatever.json"],
    "odds": RAW_FIGHT,
    "simulate": ["simulate", "--games", "1"],
}


@pytest.mark.parametrize("command", sorted(CARDS_COMMANDS))
@pytest.mark.parametrize("folder", ["/nonexistent", "", "file", "long"])
def test_hostile_cards_folder_missing_is_an_error_everywhere(
    command: str, folder: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    value = {"file": str(tmp_path / "file.txt"), "long": "/" + LONG}.get(folder, folder)
    (tmp_path / "file.txt").write_text("not a folder", encoding="utf-8")
    expected = {"": "empty", "file": "not a folder", "long": "too long"}.get(folder, "does not")
    refused(capsys, [*CARDS_COMMANDS[command], "--cards", value], "--cards", expected)


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        (["--monster-health", "1000000"], "--monster-health: 1000000 is out of range (1..1000)"),
        (["--monster-health", "1001"], "(1..1000)"),
        (["--monster-health", "0"], "--monster-health"),
        (["--monster-health", "nine"], "not a whole number"),
        (["--monster-defence", "5000"], "--monster-defence"),
        (["--monster-defence", "-1"], "--monster-defence"),
        (["--health", "1001"], "--health"),
        (["--health", "0"], "--health"),
        (["--defence", "1001"], "--defence"),
        (["--defence", "-1"], "--defence"),
        (["--reputation", "-1"], "--reputation"),
        (["--reputation", "100000"], "--reputation"),
        (["--attack", ""], "--attack: an empty value"),
        (["--attack", "   "], "--attack: an empty value"),
        (["--stalker", ""], "--stalker: an empty value"),
        (["--weapon", ""], "--weapon: an empty value"),
        (["--event", ""], "--event: an empty value"),
        (["--policy", ""], "--policy: an empty value"),
        (["--mods", "a,,b"], "--mods: an empty card id"),
        (["--armour", ","], "--armour: an empty card id"),
        (["--monster-attack", ""], "--monster-attack: an empty value"),
        (["--stalker", LONG], "too long"),
        (["--stalker", "y" * 900], "…"),
        (["--weapon", "w" * 900], "…"),
        (["--attack", "9" * 900], "--attack"),
        (["--policy", "p" * 900], "…"),
    ],
    ids=lambda v: v if isinstance(v, str) and len(v) < 40 else None,
)
def test_hostile_odds_values(
    extra: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    refused(capsys, [*RAW_FIGHT, *extra], expected)


def test_hostile_odds_raw_stalker_has_no_character_cap(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [*RAW_FIGHT, "--attack", "2d6", "--defence", "1", "--health", "35", "--json"]
    with deadline():
        assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err == "" and 0 < json.loads(out)["win"] <= 1
    with deadline():
        assert main([*RAW_FIGHT, "--attack", "2d6", "--health", "1000"]) == 0
    assert "health 1000/1000" in capsys.readouterr().out


def test_hostile_odds_character_keeps_its_cap(capsys: pytest.CaptureFixture[str]) -> None:
    refused(capsys, [*RAW_FIGHT, "--health", "35"], "above the maximum", "ST-5")


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["play", "--lang", ""], "--lang: an empty value"),
        (["play", "--lang", LONG], "--lang"),
        (["play", "--variant", ""], "--variant: an empty value"),
        (["play", "--variant", "v" * 500], "…"),
        (["play", "--players", ""], "--players: an empty value"),
        (["watch", "--zone", ""], "--zone: an empty value"),
        (["watch", "--zone", "z" * 500], "…"),
        (["watch", "--turns", "0"], "--turns"),
        (["watch", "--bots", "99"], "--bots"),
        (["watch", "--screenshots", ""], "--screenshots: an empty value"),
        (["watch", "--screenshots", "/proc/zzz"], "--screenshots: cannot write"),
        (["watch", "--screenshots", "/proc/zzz/deeper"], "--screenshots: cannot write"),
        (["watch", "--screenshots", "/dev/null"], "--screenshots"),
        (["replay", "/dev/zero"], "not a regular file"),
    ],
    ids=lambda v: None,
)
def test_hostile_other_values(
    argv: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    refused(capsys, argv, expected)


def test_hostile_screenshots_over_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "shots"
    blocker.write_text("a file", encoding="utf-8")
    refused(capsys, ["watch", "--screenshots", str(blocker)], "is a file, not a folder")
    assert blocker.read_text(encoding="utf-8") == "a file"
