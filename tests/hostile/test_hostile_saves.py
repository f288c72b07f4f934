"""Hostile saves: devices and FIFOs, huge integers, lone surrogates, deep nesting, re-signed
snapshots that break the state's invariants, folders named by the save, bad save names and
left-over temp files. Each gives one line naming the file (and the field), quickly, and the
file is left as it was."""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from stalkerzone.cli import main
from stalkerzone.engine.game import record as records
from stalkerzone.persistence import save_folder, saves
from stalkerzone.persistence.save_document import SaveError
from stalkerzone.persistence.serialize import canonical, digest
from tests.hostile.hazards import HOSTILE_KINDS, deadline, fingerprint, hostile_files
from tests.support.records import bot_record, packs


@cache
def played() -> records.GameRecord:
    return bot_record(260, stop_in_fight=True, seed=11, players=3)


def write(folder: Path, name: str = "game.json") -> Path:
    return saves.save_game(played(), folder / name, packs=packs())


def document(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def sealed(data: dict[str, Any]) -> dict[str, Any]:
    """The document with its snapshot checksum and integrity recomputed (as anyone can)."""
    data = {**data, "checksum": digest(data["snapshot"])}
    body = {k: v for k, v in data.items() if k != "integrity"}
    return {**body, "integrity": digest(body)}


def sealed_text(data: dict[str, Any], placeholder: str, value: str) -> str:
    """The document, re-signed, with the JSON string ``"placeholder"`` replaced by the raw
    JSON ``value`` (a huge integer, a lone surrogate, deep nesting) in what is signed too."""
    old_digits = sys.get_int_max_str_digits()
    old_depth = sys.getrecursionlimit()
    sys.set_int_max_str_digits(0)
    sys.setrecursionlimit(20_000)
    try:
        body = {k: v for k, v in data.items() if k != "integrity"}
        text = json.dumps(body).replace(json.dumps(placeholder), value)
        parsed = json.loads(text)
        signed = canonical(parsed).encode("utf-8", "surrogatepass")
        integrity = "sha256:" + hashlib.sha256(signed).hexdigest()
        return text[:-1] + f', "integrity": "{integrity}"}}'
    finally:
        sys.set_int_max_str_digits(old_digits)
        sys.setrecursionlimit(old_depth)


def refused(path: Path, *expected: str) -> str:
    """Loading ``path`` is a one-line SaveError naming it and ``expected``; file unchanged."""
    before = fingerprint(path)
    with deadline(), pytest.raises(SaveError) as caught:
        saves.load_game(path)
    message = str(caught.value)
    assert "\n" not in message and message.startswith(str(path)[:150]), message
    for text in expected:
        assert text.lower() in message.lower(), message
    assert fingerprint(path) == before
    return message


def replay_refused(path: Path, capsys: pytest.CaptureFixture[str], codes: set[int]) -> None:
    """``stalkerzone replay`` gives one clean line (or names the divergence); no traceback."""
    before = fingerprint(path)
    with deadline():
        code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert code in codes, (code, out, err)
    if code == 2:
        assert err.count("\n") == 1 and err.startswith("stalkerzone: "), err
    assert fingerprint(path) == before


# --- devices, FIFOs, names ---------------------------------------------------------------------


@pytest.mark.parametrize("kind", HOSTILE_KINDS)
def test_hostile_save_device_or_fifo(
    tmp_path: Path, kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = hostile_files(tmp_path, "game.json")[kind]
    refused(path, "cannot read", "not a regular file")
    replay_refused(path, capsys, {2})


def test_hostile_save_device_path_given_directly(capsys: pytest.CaptureFixture[str]) -> None:
    for device in ("/dev/zero", "/dev/urandom", "/dev/null"):
        refused(Path(device), "cannot read")
        replay_refused(Path(device), capsys, {2})


def test_hostile_save_paths_nul_and_too_long(tmp_path: Path) -> None:
    with deadline(), pytest.raises(SaveError, match="NUL"):
        saves.load_game(tmp_path / "bad\x00name.json")
    long_path = tmp_path / ("x" * 6000 + ".json")
    with deadline(), pytest.raises(SaveError) as caught:
        saves.load_game(long_path)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 400


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("bad\x00name", "control characters"),
        ("a/b", "may not contain"),
        ("a\\b", "may not contain"),
        (".hidden", "start with"),
        ("x" * 101, "at most 100"),
        ("", "empty"),
        ("   ", "empty"),
        ("line\nbreak", "control characters"),
    ],
)
def test_hostile_save_names(name: str, expected: str) -> None:
    with pytest.raises(SaveError) as caught:
        saves.save_game(played(), name=name, packs=packs())
    message = str(caught.value)
    assert expected in message and "\n" not in message and len(message) < 200, message
    assert save_folder.list_saves() == []


# --- values inside a re-signed save ------------------------------------------------------------


@pytest.mark.parametrize(
    ("where", "value", "expected"),
    [
        ("seed", "9" * 5000, "integer of 5000 digits"),
        ("seed", "9" * 50, "integer of 50 digits"),
        ("snapshot.rng", "1" * 4400, "digits"),
        ("players.0.name", '"\\ud800"', "surrogate"),
        ("snapshot.notes", '["\\udfff x"]', "surrogate"),
        ("snapshot.notes", "[" * 990 + "]" * 990, "nested too deeply"),
        ("snapshot.notes", "[" * 70 + "]" * 70, "nested too deeply"),
        ("actions.0", "{" + '"a":{' * 200 + "}" * 201, "nested too deeply"),
        ("snapshot.turn", "1e999999", "bad"),
        ("snapshot.turn", "NaN", "not a number JSON allows"),
    ],
    ids=[
        "seed-5000-digits",
        "seed-50-digits",
        "rng-4400-digits",
        "name-surrogate",
        "note-surrogate",
        "nested-990",
        "nested-70",
        "action-nested-200",
        "float-overflow",
        "nan",
    ],
)
def test_hostile_save_resigned_values(
    tmp_path: Path, where: str, value: str, expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path)
    data = document(path)
    target: Any = data
    keys = [int(k) if k.isdigit() else k for k in where.split(".")]
    for key in keys[:-1]:
        target = target[key]
    target[keys[-1]] = "PLACEHOLDER"
    path.write_text(sealed_text(data, "PLACEHOLDER", value), encoding="utf-8")
    if "e999999" in value:
        refused(path, "snapshot")
    else:
        refused(path, expected)
    replay_refused(path, capsys, {1, 2})


def _player(field: str, value: Any, seat: int = 0) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["snapshot"]["players"][seat][field] = value

    return change


def _top(field: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["snapshot"][field] = value

    return change


def _loot_owner(data: dict[str, Any]) -> None:
    data["snapshot"]["loot"] = [{"hex": [0, 0], "owner": 5, "cards": [], "trophies": []}]


def _fight_player(data: dict[str, Any]) -> None:
    held = data["snapshot"]["fight"] or data["snapshot"]["last_fight"]
    held["player"] = 8


INVARIANTS: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "cash-negative": (_player("cash", -500), "players[0].cash"),
    "cash-huge": (_player("cash", 10**9), "players[0].cash"),
    "health-999": (_player("health", 999), "players[0].health"),
    "health-negative": (_player("health", -4, seat=1), "players[1].health"),
    "health-zero": (_player("health", 0), "players[0].health"),
    "elements-negative": (_player("elements", -3), "players[0].elements"),
    "deaths-negative": (_player("deaths", -1), "players[0].deaths"),
    "position-off-map": (_player("position", [999, 999]), "players[0].position"),
    "stalker-swapped": (_player("stalker", "nobody-at-all"), "players[0].stalker"),
    "current-player-9": (_top("current_player", 9), "current_player"),
    "first-player-negative": (_top("first_player", -1), "first_player"),
    "winner-7": (_top("winner", 7), "winner"),
    "standings-out": (_top("standings", [0, 4]), "standings[1]"),
    "turn-zero": (_top("turn", 0), "turn"),
    "rng-negative": (_top("rng", -1), "rng"),
    "loot-owner": (_loot_owner, "loot[0].owner"),
    "fight-player": (_fight_player, "player"),
    "players-dropped": (lambda d: d["snapshot"]["players"].pop(), "players"),
}


@pytest.mark.parametrize("kind", sorted(INVARIANTS))
def test_hostile_save_resigned_snapshot_breaks_an_invariant(
    tmp_path: Path, kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path)
    change, field = INVARIANTS[kind]
    data = document(path)
    change(data)
    path.write_text(json.dumps(sealed(data)), encoding="utf-8")
    message = refused(path, field)
    assert "snapshot" in message
    replay_refused(path, capsys, {1})  # the actions replay and reach another state


# --- packs by id, never by folder --------------------------------------------------------------


@pytest.fixture
def loaded_folders(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[Path, ...]]]:
    """The folders every ``load_packs`` call of a load was given."""
    from stalkerzone.content import loader

    seen: list[tuple[Path, ...]] = []
    real = loader.load_packs

    def spy(extra_dirs: Any = (), **kwargs: Any) -> Any:
        seen.append(tuple(extra_dirs))
        return real(extra_dirs, **kwargs)

    monkeypatch.setattr(loader, "load_packs", spy)
    yield seen


def test_hostile_save_format_2_folders_are_never_scanned(
    tmp_path: Path, loaded_folders: list[tuple[Path, ...]]
) -> None:
    path = write(tmp_path)
    data = document(path)
    data["format"] = 2
    data["card_dirs"] = ["/", "/etc", "/proc", "/dev", str(tmp_path / "hostile-pack")]
    path.write_text(json.dumps(sealed(data)), encoding="utf-8")
    before = fingerprint(path)
    with deadline():
        loaded = saves.load_game(path)
    assert loaded.format == 2 and loaded.record.state == played().state
    assert loaded_folders == [()]
    assert fingerprint(path) == before


@pytest.mark.parametrize("fmt", [3, 4])
def test_hostile_save_format_3_refuses_folders(tmp_path: Path, fmt: int) -> None:
    path = write(tmp_path)
    data = document(path)
    assert data["format"] == saves.FORMAT == 4 and "card_dirs" not in data
    if fmt == 3:  # a format 3 save, as the version before the turn log wrote it
        data["format"] = 3
        del data["log"]
        assert data["format"] == 3 and "card_dirs" not in data
    assert [set(p) for p in data["packs"]] == [{"id", "version", "digest"}]
    data["card_dirs"] = ["/etc"]
    path.write_text(json.dumps(sealed(data)), encoding="utf-8")
    refused(path, "card_dirs", "names its packs")


HOSTILE_LOGS: list[tuple[object, str]] = [
    ("not a list", "log: expected a list"),
    ([None], "log[0]: expected an object"),
    ([{"turn": -1, "player": "", "rule": "", "key": "", "params": {}, "text": ""}], "turn"),
    ([{"turn": 1, "player": 7, "rule": "", "key": "", "params": {}, "text": ""}], "player"),
    ([{"turn": 1, "player": "", "rule": "", "key": "x", "params": [], "text": ""}], "params"),
    (
        [{"turn": 1, "player": "", "rule": "R-1", "key": "buy", "params": {"key": 1}, "text": ""}],
        "params.key",
    ),
    (
        [{"turn": 1, "player": "", "rule": "R-1", "key": "b{0}", "params": {}, "text": ""}],
        "log[0].key",
    ),
    ([{"turn": 1, "player": "x" * 3000, "rule": "", "key": "", "params": {}, "text": ""}], "long"),
    ([{}] * 401, "at most 400 lines"),
]


@pytest.mark.parametrize(("log", "expected"), HOSTILE_LOGS)
def test_hostile_save_turn_log_fields_are_checked(
    tmp_path: Path, log: object, expected: str
) -> None:
    path = write(tmp_path)
    data = document(path)
    data["log"] = log
    path.write_text(json.dumps(sealed(data)), encoding="utf-8")
    refused(path, "log", expected)


def test_hostile_save_missing_pack_is_looked_up_only_in_given_folders(
    tmp_path: Path, loaded_folders: list[tuple[Path, ...]]
) -> None:
    path = write(tmp_path)
    data = document(path)
    data["format"] = 2
    data["card_dirs"] = ["/etc"]
    data["packs"].append({"id": "ghost", "version": "1.0", "digest": ""})
    path.write_text(json.dumps(sealed(data)), encoding="utf-8")
    message = refused(path, "ghost", "--cards DIR")
    assert loaded_folders == [()] and "/etc" in message
    extra = tmp_path / "extra"
    extra.mkdir()
    with pytest.raises(SaveError, match="ghost"):
        saves.load_game(path, extra_dirs=(extra,))
    assert loaded_folders[-1] == (extra,)


# --- temp files of interrupted writes ----------------------------------------------------------


def _left_over(folder: Path, name: str, age: float) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    temp = folder / name
    temp.write_bytes(b"{" * 1000)
    then = time.time() - age
    os.utime(temp, (then, then))
    return temp


def test_hostile_temp_files_are_cleaned_on_the_next_write_and_listing() -> None:
    folder = save_folder.saves_dir()
    stale = _left_over(folder, ".autosave.json.k2j3h4.tmp", age=3600)
    fresh = _left_over(folder, ".autosave.json.other.tmp", age=0)
    unrelated = _left_over(folder, "notes.tmp", age=3600)
    saves.autosave(played(), packs=packs())
    assert not stale.exists() and fresh.exists() and unrelated.exists()
    stale = _left_over(folder, ".game.json.abc.tmp", age=3600)
    assert save_folder.list_saves() == [folder / "autosave.json"]
    assert not stale.exists()
    stale = _left_over(folder, ".autosave.json.zzz.tmp", age=3600)
    assert save_folder.latest_autosave() == folder / "autosave.json"
    assert not stale.exists()


def test_hostile_settings_temp_files_are_cleaned_on_the_next_write() -> None:
    from stalkerzone.client.app.settings import Settings, save_settings, settings_path

    folder = settings_path().parent
    stale = _left_over(folder, ".settings-x1y2.tmp", age=3600)
    save_settings(Settings())
    assert not stale.exists() and settings_path().is_file()
