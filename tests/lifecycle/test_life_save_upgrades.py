"""Older saves brought up to the current format a step at a time, and the one strict model of
the current format: each step gives the next format, every readable format passes the model
once upgraded, and the model names the field it refuses."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from stalkerzone.engine.game import record as records
from stalkerzone.persistence import saves
from stalkerzone.persistence.save_document import SaveError
from stalkerzone.persistence.save_model import DocumentError, read_document_model
from stalkerzone.persistence.save_upgrades import UPGRADES, to_current
from stalkerzone.persistence.serialize import digest
from tests.support.records import bot_record, packs


@cache
def played() -> records.GameRecord:
    return bot_record(60, seed=5, players=2)


def current(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    path = saves.save_game(played(), tmp_path / "game.json", packs=packs())
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return path, data


def resealed(data: dict[str, Any]) -> dict[str, Any]:
    body = {k: v for k, v in data.items() if k != "integrity"}
    return {**body, "integrity": digest(body)}


def older(data: dict[str, Any], fmt: int) -> dict[str, Any]:
    """``data`` (format 4) as format ``fmt`` wrote it."""
    if fmt == 1:
        kept = ("game", "seed", "variant", "zone_mode", "players", "actions")
        return {"format": 1, "card_dirs": [], **{k: data[k] for k in kept}}
    old = {k: v for k, v in data.items() if k not in ("log", "integrity")}
    if fmt == 2:
        old["card_dirs"] = ["/somewhere/cards"]
    return resealed({**old, "format": fmt})


@pytest.mark.parametrize("fmt", [1, 2, 3])
def test_life_each_step_gives_the_next_format_and_the_model_reads_it(
    tmp_path: Path, fmt: int
) -> None:
    _, data = current(tmp_path)
    old = older(data, fmt)
    step = UPGRADES[fmt](old)
    assert step["format"] == fmt + 1
    assert old == older(data, fmt)  # the step copied, never changed, what it was given
    document = read_document_model(to_current(old), fmt)
    assert document.format == 4 and document.seed == data["seed"]
    assert document.log == []
    assert (document.snapshot is None) == (fmt == 1)
    assert "card_dirs" not in to_current(old)


@pytest.mark.parametrize("fmt", [1, 2, 3])
def test_life_an_older_save_loads_as_the_same_game(tmp_path: Path, fmt: int) -> None:
    path, data = current(tmp_path)
    path.write_text(json.dumps(older(data, fmt)), encoding="utf-8")
    loaded = saves.load_game(path)
    assert loaded.format == fmt and loaded.log == ()
    assert loaded.record.state == played().state


def test_life_a_format_1_save_is_replayed_whatever_it_holds_as_a_snapshot(
    tmp_path: Path,
) -> None:
    path, data = current(tmp_path)
    old = {**older(data, 1), "snapshot": {"turn": "lots"}, "checksum": "sha256:00"}
    path.write_text(json.dumps(old), encoding="utf-8")
    assert saves.load_game(path).record.state == played().state


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda d: d.update(wings=True), "unknown field 'wings'"),
        (lambda d: d["players"][1].update(bot=3), "players[1].bot: expected a string"),
        (lambda d: d["players"][0].update(colour="red"), "players[0]: unknown field 'colour'"),
        (lambda d: d["packs"][0].update(id=None), "packs[0].id: expected a string"),
        (lambda d: d.update(turn=None), "turn: missing (a snapshot is saved)"),
        (lambda d: d.update(snapshot=None), "snapshot: missing"),
        (lambda d: d.update(seed=True), "seed: expected an integer"),
        (lambda d: d.update(variant="turbo"), "variant: unknown variant 'turbo'"),
        (lambda d: d.update(log={}), "log: expected a list"),
    ],
    ids=[
        "top-level",
        "bot",
        "seat-field",
        "pack-id",
        "turn",
        "snapshot",
        "seed-bool",
        "variant",
        "log",
    ],
)
def test_life_the_model_names_the_field_it_refuses(
    tmp_path: Path, change: Any, expected: str
) -> None:
    path, data = current(tmp_path)
    change(data)
    path.write_text(json.dumps(resealed(data)), encoding="utf-8")
    with pytest.raises(SaveError) as caught:
        saves.load_game(path)
    assert str(caught.value).startswith(f"{path}: {expected}"), caught.value
    with pytest.raises(DocumentError) as refused:
        read_document_model(data, 4)
    assert str(refused.value).startswith(expected), refused.value
