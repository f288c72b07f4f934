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
from stalkerzone.client.render import card_face
from stalkerzone.client.screens.gameover import GameOverView, colour_of
from stalkerzone.client.widgets import theme
from stalkerzone.commands import watch
from stalkerzone.errors import UserError


@pytest.fixture
def fast(win: StalkerWindow) -> Iterator[StalkerWindow]:
    win.headless_fast = True
    win.app.watching = True
    yield win
    win.headless_fast = False


@pytest.mark.slow
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
    # gameover.png carries the story's charts: the seat's line in each plot (WIN-1)
    view = fast.current_screen
    assert isinstance(view, GameOverView) and view.story is not None
    shot = Image.open(result.screenshots["gameover"]).convert("RGB")
    line = tuple(colour_of(0))[:3]
    for field, chart in view.charts.items():
        plot = shot.crop(
            (
                int(chart.left) + 1,
                fast.height - int(chart.top),
                int(chart.right),
                fast.height - int(chart.bottom),
            )
        )
        assert line in set(plot.getdata()), f"no line on the {field} chart of gameover.png"


@pytest.mark.slow
def test_client_watch_shows_an_event_card_and_a_stalker_card(
    fast: StalkerWindow, tmp_path: Path
) -> None:
    """EVENT-1: ``event.png`` is the board with the first event card drawn over it;
    ``stalker.png`` the stalker card of a seat holding a trophy and an order (TROPHY-1,
    ORDER-1)."""
    spec = bot_spec(fast.app, 2, 3, "express", "free")
    result = drive_headless(fast, spec, turns=12, shots=tmp_path)
    assert {"event", "stalker"} <= set(result.screenshots)
    board, event = (Image.open(tmp_path / f"{k}.png").convert("RGB") for k in ("board", "event"))
    assert event.size == board.size == (fast.width, fast.height)
    # the event card's name band (its kind's colour) is drawn over the board
    band = tuple(card_face._mix(theme.BG, card_face.KIND_COLOUR["event"], 0.55))[:3]
    assert band in set(event.getdata()) and band not in set(board.getdata())
    stalker = Image.open(tmp_path / "stalker.png")
    assert len(set(stalker.resize((64, 40)).getdata())) > 20, "stalker.png looks empty"


@pytest.mark.slow
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
