"""``simulate --seats``: a bot level per seat, the list turned one seat per game (TURN-1), wins
per level with 95% intervals, and how many rounds bots hold the Elements they need before
entering the Epicenter (WIN-1); a bad level is one line and exit 2."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from stalkerzone.cli import main
from stalkerzone.simulation.runner import (
    GameResult,
    HoldingClock,
    SimConfig,
    run_games,
    seat_levels,
)
from stalkerzone.simulation.seats import holding_summary, level_summary, percentile
from tests.support.records import start

SEATS = ("hard", "normal", "normal", "normal")
FOUR = SimConfig(4, 4, 3, "express", include_user=False, seats=SEATS)
SMALL = SimConfig(4, 2, 3, "express", max_rounds=8, include_user=False, seats=("hard", "normal"))


def test_sim_seats_turn_one_seat_per_game() -> None:
    assert seat_levels(FOUR, 0) == SEATS
    assert seat_levels(FOUR, 1) == ("normal", "hard", "normal", "normal")
    assert seat_levels(FOUR, 5) == ("normal", "hard", "normal", "normal")
    assert [seat_levels(FOUR, g).index("hard") for g in range(4)] == [0, 1, 2, 3]
    assert seat_levels(SimConfig(1, 3, 1, level="easy"), 2) == ("easy",) * 3


def test_sim_seats_games_play_their_levels_and_count_per_level() -> None:
    results = run_games(SMALL)
    assert [r.levels for r in results] == [seat_levels(SMALL, g) for g in range(4)]
    levels = level_summary(results)
    assert levels["hard"]["games"] == 4 and levels["normal"]["games"] == 4
    wins = sum(1 for r in results if r.winner_seat is not None and not r.capped)
    assert levels["hard"]["wins"] + levels["normal"]["wins"] == wins
    for row in levels.values():
        low, high = row["ci95"]
        assert 0 <= low <= row["win_rate"] <= high <= 1


def _result(levels: tuple[str, ...], winner: int | None, holding: tuple[int, ...]) -> GameResult:
    return GameResult(
        0,
        0,
        ("a", "b"),
        None,
        1,
        1,
        1,
        winner is None,
        (0, 0),
        (0, 0),
        (),
        (),
        levels=levels,
        winner_seat=winner,
        holding=holding,
    )


def test_sim_seats_level_wins_and_holding_figures() -> None:
    results = [
        _result(("hard", "easy"), 0, (0, 2)),
        _result(("easy", "hard"), 1, (5,)),
        _result(("hard", "easy"), None, (9,)),
    ]
    levels = level_summary(results)
    assert (levels["hard"]["wins"], levels["hard"]["games"]) == (2, 3)
    assert (levels["easy"]["wins"], levels["easy"]["games"]) == (0, 3)
    held = holding_summary(results)
    assert held == {
        "spells": 4,
        "median": 3.5,
        "p90": 9,
        "max": 9,
        "rounds": {"0": 1, "2": 1, "5": 1, "9": 1},
    }
    assert percentile(list(range(1, 11)), 0.9) == 9 and percentile([], 0.5) is None


def test_sim_seats_holding_clock_counts_turns_begun_with_the_elements() -> None:
    state = start(seed=3, players=2).state
    seat = state.current_player
    need = state.variant.elements_required
    holding = replace(
        state,
        players=tuple(
            replace(p, elements=need) if k == seat else p for k, p in enumerate(state.players)
        ),
    )
    clock = HoldingClock(2)
    for turn in range(3):  # three of its turns begin with the Elements: 0, 1, 2 rounds held
        clock.before(replace(holding, turn=holding.turn + 2 * turn))
        clock.before(replace(holding, turn=holding.turn + 2 * turn))  # the same turn: once
    clock.after(holding, state)  # the Elements are gone (DEATH-1): the spell ends
    clock.before(replace(state, turn=state.turn + 8))  # without them: no spell
    assert clock.result() == (2,)


def test_sim_seats_command_reports_levels_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = [
        "simulate",
        "--games",
        "2",
        "--express",
        "--max-rounds",
        "8",
        "--seed",
        "3",
        "--seats",
        "hard,normal",
        "--workers",
        "1",
        "--json",
    ]
    assert main(args) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["config"]["players"] == 2 and summary["config"]["seats"] == ["hard", "normal"]
    assert set(summary["levels"]) == {"hard", "normal"}
    assert summary["levels"]["hard"]["games"] == 2
    assert set(summary["holding_elements"]) == {"spells", "median", "p90", "max", "rounds"}


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ("hard,master", "--seats: unknown bot level 'master' (easy, normal, hard, expert)"),
        ("hard,normal,easy", "--seats: 3 levels for 4 players"),
    ],
)
def test_sim_seats_bad_levels_are_one_line_and_exit_2(
    seats: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    extra = ["--players", "4"] if seats.count(",") == 2 else []
    assert main(["simulate", "--games", "2", "--seats", seats, *extra]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith(message) and "\n" not in err
