"""`stalkerzone odds`: JSON, the table, and one-line errors with exit 2."""

from __future__ import annotations

import json

import pytest

from stalkerzone.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["odds", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_raw_fight_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "--monster-health",
        "10",
        "--monster-attack",
        "1d6",
        "--attack",
        "2d6",
        "--defence",
        "1",
        "--reputation",
        "3",
        "--json",
    )
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"win", "death", "escape", "expected_rounds"}
    assert data["win"] + data["death"] + data["escape"] == pytest.approx(1.0)
    assert data["escape"] == 0.0


def test_policies_and_table(capsys: pytest.CaptureFixture[str]) -> None:
    raw = [
        "--monster-health",
        "30",
        "--monster-attack",
        "3d6",
        "--attack",
        "1d6",
        "--reputation",
        "2",
    ]
    code, out, _ = run(capsys, *raw, "--policy", "escape", "--json")
    assert code == 0 and json.loads(out)["escape"] > 0.9
    code, out, _ = run(capsys, *raw, "--policy", "best")
    assert code == 0
    assert "policy" in out and "* best" in out and "escape" in out


def test_stand_off_prints_null_rounds(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "--monster-health",
        "5",
        "--monster-attack",
        "1d6",
        "--monster-defence",
        "6",
        "--attack",
        "1d6",
        "--defence",
        "6",
        "--epicenter",
        "--json",
    )
    data = json.loads(out)
    assert code == 0 and data["expected_rounds"] is None and data["endless"] == 1.0


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--monster-health", "10", "--monster-attack", "2x6"], "--monster-attack"),
        (["--monster-health", "10", "--monster-attack", "2d6", "--attack", "d6"], "--attack"),
        (["--monster-health", "10", "--monster-attack", "2d6", "--policy", "brave"], "--policy"),
        (["--monster-health", "0", "--monster-attack", "2d6"], "--monster-health"),
        (["--monster-attack", "2d6"], "--monster"),
        (
            ["--monster-health", "9", "--monster-attack", "2d6", "--event", "no-such-event"],
            "--event",
        ),
        (
            ["--monster-health", "9", "--monster-attack", "2d6", "--cards", "/no/such/dir"],
            "--cards",
        ),
    ],
)
def test_bad_input_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], needle: str
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    lines = [line for line in err.splitlines() if not line.startswith("stalkerzone odds: skipped")]
    assert len(lines) == 1 and needle in lines[0]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["--monster", "gorynich", "--colour", "red"],
            "monster 'gorynich' (did you mean 'gorynych'?)",
        ),
        (
            ["--monster", "gorynych", "--colour", "red", "--weapon", "ak-74"],
            "(did you mean 'ak-47'?)",
        ),
        (["--monster-health", "9", "--monster-attack", "2d6", "--event", "zombi"], "'zombie'?"),
    ],
)
def test_a_misspelt_card_gets_the_closest_of_its_kind(
    capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    code, _, err = run(capsys, *args)
    assert code == 2 and said in err, err


def base_pack_loads() -> bool:
    try:
        from stalkerzone.content.loader import load_packs

        return "gorynych" in load_packs(include_user=False).cards
    except Exception:
        return False


@pytest.mark.skipif(not base_pack_loads(), reason="the base card set does not load")
def test_issue_example_from_the_base_pack(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "--monster",
        "gorynych",
        "--colour",
        "red",
        "--stalker",
        "gromoboy",
        "--weapon",
        "berdan-rifle",
        "--json",
    )
    assert code == 0
    data = json.loads(out)
    assert data["win"] + data["death"] + data["escape"] == pytest.approx(1.0)
    code, out, _ = run(
        capsys,
        "--monster",
        "cerberus",
        "--colour",
        "yellow",
        "--stalker",
        "gromoboy",
        "--weapon",
        "ak-47",
        "--mods",
        "rifle-sighting",
        "--event",
        "monster-max-attack",
    )
    assert code == 0 and "inactive: rifle-sighting" in out
    for bad, needle in (
        (["--monster", "nobody", "--colour", "red"], "nobody"),
        (["--monster", "gorynych", "--colour", "blue"], "--colour"),
        (["--monster", "gorynych", "--colour", "red", "--weapon", "gorynych"], "not a weapon"),
        (["--monster", "gorynych", "--colour", "red", "--event", "zombie"], "--event"),
    ):
        code, out, err = run(capsys, *bad)
        assert code == 2 and needle in err and len(err.strip().splitlines()) == 1
