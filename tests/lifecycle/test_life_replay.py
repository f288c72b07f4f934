"""`stalkerzone replay SAVE` in a fresh process reaches exactly the saved state (exit 0), names
the first diverging action when it does not (exit 1) and refuses unreadable saves (exit 2)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from stalkerzone.cli import main
from stalkerzone.engine.game import record as records
from stalkerzone.persistence import saves
from stalkerzone.persistence.serialize import action_to_json, digest, state_digest
from tests.support.records import bot_record, packs

REPO = Path(__file__).resolve().parents[2]


@cache
def played() -> records.GameRecord:
    return bot_record(300, seed=21, players=4, variant="express")


def replay(path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONHASHSEED": "123"}  # another hash seed than this process
    return subprocess.run(
        [sys.executable, "-m", "stalkerzone", "replay", str(path), *extra],
        capture_output=True,
        text=True,
        cwd=REPO,
        env=env,
        timeout=120,
    )


@pytest.mark.slow
def test_life_replay_in_a_fresh_process_is_identical(tmp_path: Path) -> None:
    record = played()
    path = saves.save_game(record, tmp_path / "game.json", packs=packs())
    done = replay(path, "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(done.stdout)
    assert report["same"] is True
    assert report["actions"] == len(record.actions)
    assert report["checksum"] == state_digest(record.state)


def test_life_replay_text_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = saves.save_game(played(), tmp_path / "game.json", packs=packs())
    assert main(["replay", str(path)]) == 0
    assert "same final state" in capsys.readouterr().out


def test_life_replay_names_the_first_diverging_action(tmp_path: Path) -> None:
    record = played()
    data = saves.save_data(record, packs=packs())
    # change one fingerprint: the replay must stop at that very action
    target = len(record.actions) // 2
    data["trail"][target] = "0000000000"
    body = {k: v for k, v in data.items() if k != "integrity"}
    data = {**body, "integrity": digest(body)}
    path = tmp_path / "diverged.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    done = replay(path, "--json")
    assert done.returncode == 1, done.stdout + done.stderr
    report = json.loads(done.stdout)
    assert report["same"] is False and report["diverged_at"] == target
    assert report["action"] == action_to_json(record.actions[target])
    assert "Traceback" not in done.stdout + done.stderr


def test_life_replay_reports_a_refused_action(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = played()
    data = saves.save_data(record, packs=packs())
    index = next(k for k, a in enumerate(data["actions"]) if a["type"] == "Move" and k > 20)
    data["actions"][index]["to"] = [99, 99]
    body = {k: v for k, v in data.items() if k != "integrity"}
    path = tmp_path / "refused.json"
    path.write_text(json.dumps({**body, "integrity": digest(body)}), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"diverged at action {index}" in out and "refused: TURN-2" in out


def test_life_replay_unreadable_save(tmp_path: Path) -> None:
    path = tmp_path / "nope.json"
    path.write_text("{not json", encoding="utf-8")
    done = replay(path)
    assert done.returncode == 2
    assert done.stderr.startswith("stalkerzone: ") and done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr


def test_life_replay_missing_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_life_replay_carries_a_given_up_order(tmp_path: Path) -> None:
    """ORDER-1: a save with a taken and then given-up order replays to the same state."""
    from stalkerzone.engine.game import legal_actions
    from stalkerzone.engine.play import GiveUpOrder, TakeOrder
    from tests.support.records import start

    record = start(seed=5, players=2, bot=None)
    take = next(a for a in legal_actions(record.state) if isinstance(a, TakeOrder))
    record = records.play(record, take)
    record = records.play(record, GiveUpOrder(take.card))
    assert record.state.decks.orders[-1] == take.card
    path = saves.save_game(record, tmp_path / "given_up.json", packs=packs())
    assert '"GiveUpOrder"' in path.read_text(encoding="utf-8")
    done = replay(path, "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(done.stdout)
    assert report["same"] is True and report["checksum"] == state_digest(record.state)
