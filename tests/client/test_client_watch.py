"""``stalkerzone watch``: bots play a whole game through the real client, headless, with a PNG
per screen kind; and the command's checks."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.watch import bot_spec, drive_headless
from stalkerzone.commands import watch
from stalkerzone.errors import UserError


@pytest.fixture
def fast(win: StalkerWindow) -> Iterator[StalkerWindow]:
    win.headless_fast = True
    win.app.watching = True
    yield win
    win.headless_fast = False


def test_client_watch_plays_a_bot_game_to_the_end(fast: StalkerWindow, tmp_path: Path) -> None:
    spec = bot_spec(fast.app, 1, 1, "express", "free")
    result = drive_headless(fast, spec, turns=400, shots=tmp_path)
    assert result.over, f"no winner after {result.turns} turns"
    assert result.winner == "Bot 1"
    assert {"title", "board", "gameover"} <= set(result.screenshots)
    for kind, path in result.screenshots.items():
        image = Image.open(path)
        assert image.size == (fast.width, fast.height), kind
        assert len(set(image.resize((64, 40)).getdata())) > 20, f"{kind}.png looks empty"


def test_client_watch_stops_at_the_turn_limit(fast: StalkerWindow, tmp_path: Path) -> None:
    spec = bot_spec(fast.app, 3, 7, "standard", "free")
    result = drive_headless(fast, spec, turns=4, shots=tmp_path)
    assert not result.over and 4 < result.turns <= 6
    assert (tmp_path / "title.png").is_file() and (tmp_path / "board.png").is_file()


def _args(**values: object) -> argparse.Namespace:
    base: dict[str, object] = {
        "bots": None,
        "seed": None,
        "turns": None,
        "screenshots": None,
        "variant": None,
        "express": False,
        "zone": None,
        "cards": [],
        "lang": None,
    }
    base.update(values)
    return argparse.Namespace(**base)


@pytest.mark.parametrize(
    "values",
    [
        {"bots": "0"},
        {"bots": "7"},
        {"seed": "x"},
        {"turns": "0"},
        {"zone": "spiral"},
        {"variant": "hard"},
        {"lang": "fr"},
    ],
)
def test_client_watch_rejects_bad_values(values: dict[str, object]) -> None:
    with pytest.raises(UserError) as caught:
        watch.run(_args(**values))
    assert "\n" not in str(caught.value)
