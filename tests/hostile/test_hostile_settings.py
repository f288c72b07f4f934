"""Hostile settings files: the defaults and a one-line note naming the file, quickly, and the
file left as it was (the client starts whatever the file holds)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from stalkerzone.client.app.settings import Settings, load_settings, settings_path
from tests.hostile.hazards import HOSTILE_KINDS, deadline, fingerprint, hostile_files


def loaded_with_note(path: Path, *expected: str) -> None:
    before = fingerprint(path)
    with deadline():
        settings, note = load_settings()
    assert settings == Settings()
    assert note is not None and "\n" not in note and note.startswith(str(path)), note
    assert len(note) < 400, note
    for text in expected:
        assert text.lower() in note.lower(), note
    assert fingerprint(path) == before


@pytest.mark.parametrize("kind", HOSTILE_KINDS)
def test_hostile_settings_device_or_fifo(tmp_path: Path, kind: str) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    os.replace(hostile_files(tmp_path, "settings.toml")[kind], path)
    loaded_with_note(path, "not a regular file")


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("ui_scale = " + "9" * 5000 + "\n", "digits"),
        ("language = " + "[" * 30_000 + "]" * 30_000 + "\n", "nested"),
        ("language = " + "[" * 80 + "]" * 80 + "\n", "nested too deeply"),
        ('language = "\\ud800"\n', "unicode"),
        ("# " + "x" * 100_000 + "\n", "larger than"),
        ('ui_scale = "huge"\n', "huge"),
        ("language = " + '"' + "x" * 100_000 + '"\n', "larger than"),
    ],
    ids=["huge-int", "deep-30000", "deep-80", "surrogate", "big-comment", "text-scale", "big"],
)
def test_hostile_settings_contents(content: str, expected: str) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content, encoding="utf-8")
    loaded_with_note(path, expected)


def test_hostile_settings_not_utf8() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b'language = "\xff"\n')
    loaded_with_note(path, "UTF-8")


def test_hostile_settings_folder_in_the_way() -> None:
    path = settings_path()
    path.mkdir(parents=True)
    loaded_with_note(path, "a folder")
