"""Saves and the recorded dice of fight rolls (DMG-4): a save written before rolls kept their
faces still loads, still replays as the same game, and an edited face is still noticed."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from stalkerzone.engine.game import record as records
from stalkerzone.persistence import saves
from stalkerzone.persistence.serialize import digest
from tests.support.records import bot_record, packs


@cache
def played() -> records.GameRecord:
    return bot_record(260, stop_in_fight=True, seed=11, players=3)


def sealed(data: dict[str, Any]) -> dict[str, Any]:
    """The document with its snapshot checksum and integrity recomputed."""
    data = {**data, "checksum": digest(data["snapshot"])}
    body = {k: v for k, v in data.items() if k != "integrity"}
    return {**body, "integrity": digest(body)}


def logs(data: dict[str, Any]) -> list[dict[str, Any]]:
    snap = data["snapshot"]
    return [e for name in ("fight", "last_fight") if snap[name] for e in snap[name]["fight"]["log"]]


def saved(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    path = saves.save_game(played(), tmp_path / "game.json", packs=packs())
    return path, json.loads(path.read_text(encoding="utf-8"))


def test_a_save_without_recorded_faces_loads_and_replays_the_same(tmp_path: Path) -> None:
    path, data = saved(tmp_path)
    entries = logs(data)
    assert any(e["faces"] for e in entries)  # this build records them …
    for entry in entries:  # … an older one did not
        for key in saves.ROLL_DETAIL:
            del entry[key]
    path.write_text(json.dumps(sealed(data)), encoding="utf-8")
    loaded = saves.load_game(path)
    fight = loaded.record.state.fight or loaded.record.state.last_fight
    assert fight is not None and all(e.faces == () for e in fight.fight.log)
    assert saves.load_game(path, verify=True).record.state == played().state
    report = saves.replay_save(path)
    assert report.same and report.difference == ""


def test_an_edited_face_is_still_a_different_game(tmp_path: Path) -> None:
    path, data = saved(tmp_path)
    entry = next(e for e in logs(data) if len(e["faces"]) >= 1 and e["faces"][0] < 6)
    entry["faces"][0] += 1
    path.write_text(json.dumps(sealed(data)), encoding="utf-8")
    report = saves.replay_save(path)
    assert not report.same and ".faces" in report.difference
