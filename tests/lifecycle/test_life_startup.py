"""Start-up: what a fresh process imports before its first answer. The title screen comes up
without the odds solver, numpy, pydantic or the other screens' code; a one-shot ``odds`` with
the content cache warm builds no pydantic model; every screen is still found and opens."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
TITLE = (
    "import json, sys\n"
    "from stalkerzone.client.app.window import Presets, make_context, open_window\n"
    "from stalkerzone.client.app.registry import screen_kinds\n"
    "window = open_window(make_context(Presets()))\n"
    "window.show_screen('title')\n"
    "window.dispatch_event('on_draw'); window.dispatch_events(); window.ctx.finish()\n"
    "before = sorted(sys.modules)\n"
    "kinds = screen_kinds()\n"
    "opened = window.show_screen('rules', back=window.current_screen, section='FIGHT').kind\n"
    "print(json.dumps({'modules': before, 'kinds': kinds, 'opened': opened,\n"
    "                  'rules imported': 'stalkerzone.client.screens.rules' in sys.modules}))\n"
)
KINDS = {"base", "board", "error", "fight", "gameover", "handover", "layout", "menu"}
KINDS |= {"newgame", "rules", "saves", "settings", "stalker", "title"}


def run_python(arguments: list[str], home: Path) -> str:
    env = {**os.environ, "PYTHONPATH": str(REPO), "STALKERZONE_HOME": str(home)}
    env.pop("STALKERZONE_NO_CACHE", None)
    env["ARCADE_HEADLESS"] = "1"
    done = subprocess.run(
        [sys.executable, *arguments],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.slow
def test_life_title_screen_imports_no_solver_nor_models(tmp_path: Path) -> None:
    found = json.loads(run_python(["-c", TITLE], tmp_path))
    modules = set(found["modules"])
    assert "stalkerzone.client.screens.title" in modules and "arcade" in modules
    heavy = sorted(
        name
        for name in modules
        if name.split(".")[0] in ("numpy", "pydantic")
        or name.startswith(("stalkerzone.odds", "stalkerzone.bots.players"))
        or name.startswith(("stalkerzone.client.screens.fight", "stalkerzone.client.screens.board"))
    )
    assert heavy == []
    assert set(found["kinds"]) >= KINDS  # found without importing their modules
    assert found["opened"] == "rules" and found["rules imported"]


@pytest.mark.slow
def test_life_one_shot_odds_with_a_warm_cache_builds_no_models(tmp_path: Path) -> None:
    script = (
        "import sys\n"
        "from stalkerzone.cli import main\n"
        "code = main(['odds', '--monster', 'gorynych', '--colour', 'red', '--json'])\n"
        "print('pydantic' in sys.modules, code)\n"
    )
    cold, warm = (run_python(["-c", script], tmp_path).splitlines() for _ in range(2))
    assert cold[-1] == "True 0" and warm[-1] == "False 0"
    assert json.loads(cold[0]) == json.loads(warm[0])
    assert set(json.loads(warm[0])) >= {"win", "death", "escape", "expected_rounds"}
