"""The turn log in a save (format 4): every line comes back with its rule, message key and
parameters; older formats load with an empty log; plain lines stay plain."""

from __future__ import annotations

import json
from pathlib import Path

from stalkerzone.engine.core import Note
from stalkerzone.engine.game import GameRecord
from stalkerzone.persistence import saves
from stalkerzone.persistence.serialize import digest
from stalkerzone.persistence.turn_log import LogEntry, log_from_json, log_to_json
from tests.support.records import bot_record, packs


def story() -> tuple[GameRecord, tuple[LogEntry, ...]]:
    record = bot_record(60, seed=4, players=2)
    entries = [
        LogEntry(state.turn, state.players[state.current_player].name, line)
        for state in record.states
        for line in state.notes
    ]
    entries.append(LogEntry(record.state.turn, "", "the last action was taken back"))
    return record, tuple(entries)


def test_life_turn_log_round_trip_keeps_keys_and_parameters(tmp_path: Path) -> None:
    record, entries = story()
    assert sum(isinstance(e.line, Note) for e in entries) >= 5
    path = saves.save_game(record, tmp_path / "story.json", packs=packs(), log=entries)
    loaded = saves.load_game(path)
    assert loaded.format == 4 and len(loaded.log) == len(entries)
    for before, after in zip(entries, loaded.log, strict=True):
        assert (after.turn, after.player, str(after.line)) == (
            before.turn,
            before.player,
            str(before.line),
        )
        if isinstance(before.line, Note):
            assert isinstance(after.line, Note)
            assert (after.line.rule, after.line.key, after.line.params) == (
                before.line.rule,
                before.line.key,
                before.line.params,
            )
        else:
            assert not isinstance(after.line, Note)
    assert log_from_json(log_to_json(entries)) == loaded.log


def test_life_turn_log_older_formats_load_with_an_empty_log(tmp_path: Path) -> None:
    record, entries = story()
    path = saves.save_game(record, tmp_path / "old.json", packs=packs(), log=entries)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["format"] = 3
    del data["log"]
    body = {k: v for k, v in data.items() if k != "integrity"}
    path.write_text(json.dumps({**body, "integrity": digest(body)}), encoding="utf-8")
    loaded = saves.load_game(path)
    assert loaded.format == 3 and loaded.log == () and loaded.record.state == record.state
