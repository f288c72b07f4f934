"""`simulate --report DIR` and `--compare PACK`: an HTML page with its PNG charts, no network;
the same seeds without and with a pack and what changed, in text and JSON."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from stalkerzone.cli import main
from stalkerzone.simulation.compare import changed_cards, compare_summaries
from stalkerzone.simulation.runner import SimConfig, load_world, run_games
from stalkerzone.simulation.summary import full_summary
from tests.simulation.pack import PACK_CARDS, write_pack

COMMON = ["simulate", "--games", "3", "--players", "2", "--seed", "4", "--express"]
COMMON += ["--max-rounds", "12"]


@pytest.mark.slow
def test_sim_report_writes_page_and_charts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    folder = write_pack(tmp_path)
    out_dir = tmp_path / "report"
    assert main([*COMMON, "--cards", str(folder), "--report", str(out_dir), "--json"]) == 0
    captured = capsys.readouterr()
    json.loads(captured.out)  # stdout stays pure JSON
    assert str(out_dir / "index.html") in captured.err
    page = (out_dir / "index.html").read_text(encoding="utf-8")
    images = re.findall(r"src='([^']+)'", page)
    assert sorted(images) == ["cards.png", "fights.png", "rounds.png", "stalkers.png"]
    for name in images:
        data = (out_dir / name).read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 2000
    assert "http" not in page and "<script" not in page  # self-contained
    for cid in PACK_CARDS:
        assert cid in page
    assert "test-rat · green" in page  # fights per monster and colour
    assert "95%" in page
    for section in ("Cash flow", "deaths/game", "orders/game", "Never met", "never spent"):
        assert section in page, section
    assert "round cap" in page and "turn cap" not in page


def test_sim_report_folder_that_cannot_be_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    assert main([*COMMON, "--games", "1", "--report", str(blocker / "sub")]) == 2
    err = capsys.readouterr().err
    assert "--report" in err and "Traceback" not in err


@pytest.mark.slow
def test_sim_compare_says_what_the_pack_changed(tmp_path: Path) -> None:
    folder = write_pack(tmp_path)
    base = SimConfig(
        games=2, players=2, seed=4, variant="express", max_rounds=40, include_user=False
    )
    with_pack = replace(base, card_dirs=(str(folder),))
    summaries = []
    for config in (base, with_pack):
        world = load_world(config)
        summaries.append(full_summary(config, run_games(config, world=world), world[0]))
    changes = compare_summaries(summaries[0], summaries[1])
    for cid in PACK_CARDS:
        assert changes["cards"][cid]["new"]
        assert cid in changed_cards(changes)
    assert not changes["cards"]["pm-pistol"]["new"]
    assert changes["cards_gone"] == []
    rounds = changes["rounds"]
    assert rounds["mean_with"] is not None and rounds["mean_without"] is not None
    assert rounds["change"] == pytest.approx(rounds["mean_with"] - rounds["mean_without"], abs=0.01)
    assert set(changes["stalkers"]) == set(summaries[0]["characters"]) | set(
        summaries[1]["characters"]
    )
    # the same comparison with itself changes nothing
    same = compare_summaries(summaries[0], summaries[0])
    assert changed_cards(same) == [] and same["rounds"]["change"] == 0


@pytest.mark.slow
def test_sim_compare_command_text_and_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = write_pack(tmp_path)
    assert main([*COMMON, "--games", "2", "--compare", str(folder), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"changes", "without", "with"}
    assert data["changes"]["pack"] == str(folder)
    assert "test-rat" in data["with"]["cards"] and "test-rat" not in data["without"]["cards"]
    assert main([*COMMON, "--games", "2", "--compare", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "Win rate per stalker" in out and "test-rat (new)" in out
    assert main([*COMMON, "--compare", str(tmp_path / "missing")]) == 2
