"""Hostile layout files for ``stalkerzone map check``: devices and FIFOs (directly, through a
symlink, on stdin), deep nesting, huge integers, lone surrogates, huge files. Each is one line
naming the file, exit 2, quickly, and the file is left as it was."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from stalkerzone.cli import main
from tests.hostile.hazards import (
    HOSTILE_KINDS,
    SAFETY_SECONDS,
    deadline,
    fingerprint,
    hostile_files,
    one_line_error,
)

GOOD = {"placements": [{"sector": "s01", "face": "a", "rotation": 0, "slot": [0, 0]}]}


def check(path: Path | str, capsys: pytest.CaptureFixture[str], *expected: str) -> None:
    before = fingerprint(Path(path))
    with deadline():
        code = main(["map", "check", str(path)])
    one_line_error(capsys, code, *expected)
    assert fingerprint(Path(path)) == before


@pytest.mark.parametrize("kind", HOSTILE_KINDS)
def test_hostile_layout_device_or_fifo(
    tmp_path: Path, kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    check(hostile_files(tmp_path, "zone.json")[kind], capsys, "not a regular file")


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_hostile_layout_device_given_directly(
    device: str, capsys: pytest.CaptureFixture[str]
) -> None:
    check(device, capsys, device, "not a regular file")


def test_hostile_layout_folder_and_long_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    check(tmp_path, capsys, "a folder")
    with deadline():
        code = main(["map", "check", str(tmp_path / ("z" * 6000))])
    err = one_line_error(capsys, code, "cannot read")
    assert len(err) < 400


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"placements": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested too deeply"),
        ('{"placements": ' + "[" * 990 + "]" * 990 + "}", "nested too deeply"),
        ('{"placements": [' + '{"a":' * 50 + "1" + "}" * 50 + "]}", "nested too deeply"),
        (
            '{"placements": [{"sector": "s01", "face": "a", "rotation": 0, "slot": [%s, 0]}]}'
            % ("7" * 5000),
            "digits",
        ),
        (
            '{"placements": [{"sector": "s01", "face": "a", "rotation": %s, "slot": [0, 0]}]}'
            % ("1" * 4400),
            "digits",
        ),
        (
            '{"placements": [{"sector": "\\ud800", "face": "a", "rotation": 0, "slot": [0, 0]}]}',
            "surrogate",
        ),
        ('{"\\udc00": 1, "placements": []}', "surrogate"),
        (
            '{"placements": [{"sector": "s01", "face": "a", "rotation": NaN, "slot": [0, 0]}]}',
            "NaN",
        ),
        (
            '{"placements": [{"sector": "' + "s" * 100_000 + '", "face": "a", "rotation": 0, '
            '"slot": [0, 0]}]}',
            "sector",
        ),
        (
            '{"placements": [{"sector": "s01", "face": "a", "rotation": 0, "slot": [0, 0], '
            '"' + "k" * 10_000 + '": 1}]}',
            "unknown field",
        ),
    ],
    ids=[
        "nested-100000",
        "nested-990",
        "nested-50",
        "slot-5000-digits",
        "rotation-4400-digits",
        "sector-surrogate",
        "key-surrogate",
        "nan",
        "sector-100000",
        "key-10000",
    ],
)
def test_hostile_layout_contents(
    tmp_path: Path, text: str, expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "zone.json"
    path.write_text(text, encoding="utf-8")
    before = fingerprint(path)
    with deadline():
        code = main(["map", "check", str(path)])
    err = one_line_error(capsys, code, str(path), expected)
    assert len(err) < 400, len(err)
    assert fingerprint(path) == before


def test_hostile_layout_too_large(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "zone.json"
    path.write_text(json.dumps(GOOD) + " " * 2_000_000, encoding="utf-8")
    check(path, capsys, "larger than")


def test_hostile_layout_a_good_file_still_checks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "zone.json"
    path.write_text(json.dumps(GOOD), encoding="utf-8")
    assert main(["map", "check", str(path)]) in (0, 1)
    out, err = capsys.readouterr()
    assert err == "" and ("valid" in out)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_hostile_layout_device_on_stdin(device: str) -> None:
    """``map check -`` with a device on stdin reads at most the limit, then one line."""
    with open(device, "rb") as stdin:
        done = subprocess.run(
            [sys.executable, "-m", "stalkerzone", "map", "check", "-"],
            stdin=stdin,
            capture_output=True,
            text=True,
            timeout=SAFETY_SECONDS * 3,
            check=False,
        )
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "<stdin>" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
