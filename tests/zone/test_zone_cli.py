"""`stalkerzone map` end to end: tiles JSON, random | check, exit codes 0/1/2."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from stalkerzone.cli import main


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_tiles_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "map", "tiles", "--json")
    data = json.loads(out)
    assert code == 0 and data["radius"] == 2 and len(data["sectors"]) == 10
    face = data["sectors"][0]["faces"]["a"]
    assert len(face["edges"]) == 6 and "village" in face["sites"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_then_check_is_valid(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, seed: int
) -> None:
    code, out, _ = _run(capsys, "map", "random", "--seed", str(seed), "--json")
    assert code == 0
    layout = tmp_path / "zone.json"
    layout.write_text(out, encoding="utf-8")
    assert set(json.loads(out)) == {"placements"}
    code, out, _ = _run(capsys, "map", "check", str(layout))
    assert code == 0 and out.startswith("valid")


def test_check_reads_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, out, _ = _run(capsys, "map", "random", "--seed", "1", "--json", "--shape", "compact")
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO(out))
    code, out, _ = _run(capsys, "map", "check", "-")
    assert code == 0


def test_broken_layout_names_rules(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _, out, _ = _run(capsys, "map", "random", "--seed", "4", "--json")
    data = json.loads(out)
    data["placements"].pop()
    layout = tmp_path / "broken.json"
    layout.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = _run(capsys, "map", "check", str(layout))
    assert code == 1 and "MAP-1" in out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[]", "placements"),
        ('{"placements": [{"sector": "s01", "face": "c", "rotation": 0, "slot": [0, 0]}]}', "face"),
        (
            '{"placements": [{"sector": "s01", "face": "a", "rotation": 9, "slot": [0, 0]}]}',
            "rotation",
        ),
        ('{"placements": [{"sector": "s01", "face": "a", "rotation": 0, "slot": [0]}]}', "slot"),
        ('{"placements": [{"sector": 1, "face": "a", "rotation": 0, "slot": [0, 0]}]}', "sector"),
        (
            '{"placements": [{"sector": "s01", "face": "a", "rotation": 0, "slot": [0, 0],'
            ' "x": 1}]}',
            "unknown field",
        ),
    ],
)
def test_malformed_layout_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, message: str
) -> None:
    layout = tmp_path / "bad.json"
    layout.write_text(content, encoding="utf-8")
    code, _, err = _run(capsys, "map", "check", str(layout))
    assert code == 2 and message in err and "bad.json" in err and "Traceback" not in err


def test_missing_file_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = _run(capsys, "map", "check", str(tmp_path / "none.json"))
    assert code == 2 and "cannot read" in err


def test_impossible_shape_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "map", "random", "--seed", "1", "--shape", "line", "--closed-roads")
    assert code == 1 and "no line Zone with closed roads" in err


def test_readable_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "map", "random", "--seed", "1", "--shape", "ring")
    assert code == 0 and "s01" in out


def test_a_reader_that_stops_early_gets_no_traceback() -> None:
    """``stalkerzone map tiles --json | true``: the command stops quietly when the pipe is
    closed before it writes, with the exit a shell gives such a writer (141), nothing on
    stderr."""
    import subprocess

    command = [sys.executable, "-m", "stalkerzone", "map", "tiles", "--json"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.close()  # the reader goes away before the command writes
        errors = process.stderr.read().decode()
        code = process.wait(timeout=60)
    assert "Traceback" not in errors and "BrokenPipeError" not in errors, errors
    assert code == 141
