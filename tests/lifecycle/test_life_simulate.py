"""`simulate`: results do not depend on the number of worker processes; the summary has what a
card author reads; bad command lines give one line and exit 2, never a traceback."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from stalkerzone.cli import main
from stalkerzone.simulation.runner import (
    GamePlayer,
    SimConfig,
    game_seed,
    load_world,
    run_games,
    summarise,
)

REPO = Path(__file__).resolve().parents[2]
SMALL = SimConfig(games=4, players=2, seed=5, variant="express", max_rounds=12, include_user=False)


def test_life_game_seeds_are_fixed_and_distinct() -> None:
    seeds = [game_seed(1, i) for i in range(200)]
    assert len(set(seeds)) == 200
    assert seeds[:3] == [game_seed(1, 0), game_seed(1, 1), game_seed(1, 2)]
    assert game_seed(2, 0) != game_seed(1, 0)


@pytest.mark.slow
def test_life_simulate_same_for_one_and_two_workers() -> None:
    one = summarise(SMALL, run_games(SMALL, workers=1))
    two = summarise(SMALL, run_games(SMALL, workers=2))
    assert one == two
    assert one["games"] == 4 and one["finished"] + one["draws"] == 4
    assert set(one["characters"]) <= {
        "gromoboy",
        "nosorog",
        "shustry",
        "mazhor",
        "sledopyt",
        "bugai",
    }


@pytest.mark.slow
def test_life_simulate_same_in_any_order_of_games() -> None:
    """One process playing the games backwards, its bots' memory shared by all of them, gets
    every game exactly as a run in game order does."""
    config = replace(SMALL, games=6, players=3)
    forward = run_games(config, world=load_world(config))
    player = GamePlayer(config)
    backward = [player.play(index) for index in reversed(range(config.games))]
    assert backward[::-1] == forward
    assert summarise(config, backward[::-1]) == summarise(config, forward)


@pytest.mark.slow
def test_life_simulate_same_in_a_shuffled_order_split_between_players() -> None:
    """Any order of games, shared out between two players (as two workers get their chunks),
    each player's bot memory carrying over from game to game: every game is the game of its
    seed alone, and so is the summary."""
    config = replace(SMALL, games=6, players=3)
    world = load_world(config)
    forward = run_games(config, world=world)
    order = list(range(config.games))
    random.Random(7).shuffle(order)
    players = (GamePlayer(config, world), GamePlayer(config, world))
    played = {index: players[k % 2].play(index) for k, index in enumerate(order)}
    assert order != sorted(order)
    assert [played[index] for index in range(config.games)] == forward
    assert summarise(config, [played[i] for i in range(config.games)]) == summarise(config, forward)


def test_life_simulate_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "simulate",
            "--games",
            "3",
            "--players",
            "3",
            "--seed",
            "2",
            "--express",
            "--max-rounds",
            "10",
            "--workers",
            "1",
            "--json",
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    data = json.loads(out)
    for key in (
        "characters",
        "rounds",
        "fights",
        "cash_flow",
        "draws",
        "orders_per_game",
        "deaths_per_game",
    ):
        assert key in data
    assert any(key.endswith("/red") for key in data["fights"])  # every monster has its rows


def test_life_simulate_command_table(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--games", "2", "--players", "2", "--express", "--max-rounds", "8"])
    out = capsys.readouterr().out
    assert code == 0
    for title in ("Wins by character", "Fights per monster and colour", "Cash flow"):
        assert title in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "9"], "--players"),
        (["--players", "0"], "--players"),
        (["--games", "x"], "--games"),
        (["--variant", "turbo"], "turbo"),
        (["--bot", "genius"], "genius"),
        (["--cards", "/nonexistent/pack"], "--cards"),
    ],
)
def test_life_simulate_bad_arguments(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code = main(["simulate", "--games", "1", *args])
    except SystemExit as exit_:  # argparse refuses it (exit 2, usage line)
        code = int(exit_.code or 0)
    err = capsys.readouterr().err
    assert code == 2
    assert message in err and "Traceback" not in err


@pytest.mark.slow
def test_life_simulate_in_a_subprocess_with_workers() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "stalkerzone",
            "simulate",
            "--games",
            "2",
            "--players",
            "2",
            "--express",
            "--max-rounds",
            "6",
            "--workers",
            "2",
            "--json",
        ],
        capture_output=True,
        text=True,
        cwd=REPO,
        env={**os.environ},
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == 2
    assert "Traceback" not in done.stderr
