"""`simulate --sweep FILE`: a grid of variant numbers and card fields × seeds, the same table
from local processes and from a Dask cluster; a bad sweep file names file and field (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stalkerzone.cli import main
from stalkerzone.content.loader import load_packs
from stalkerzone.errors import UserError
from stalkerzone.simulation.runner import SimConfig, load_world
from stalkerzone.simulation.sweep import point_world, read_sweep, run_sweep

GRID = """\
games = 2
players = 2
seeds = [1, 2]
variant = "express"
max_rounds = 10

[variant_fields]
start_money = [500, 2000]

[[card_fields]]
card = "blind-dog"
field = "green.health"
values = [1, 5]
"""

DEFAULTS = SimConfig(games=100, players=4, seed=1, include_user=False)


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "sweep.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_sim_sweep_grid_and_worlds(tmp_path: Path) -> None:
    sweep = read_sweep(_write(tmp_path, GRID), DEFAULTS)
    assert sweep.config.games == 2 and sweep.config.players == 2
    assert sweep.config.variant == "express" and sweep.seeds == (1, 2)
    assert sweep.points() == [(500, 1), (500, 5), (2000, 1), (2000, 5)]
    world = load_world(sweep.config)
    packs = load_packs([], include_user=False).packs
    cards, _, variant = point_world(sweep, world, (2000, 5), packs)
    assert variant.start_money == 2000
    assert cards.get("blind-dog").green.health == 5  # type: ignore[union-attr]
    assert cards.get("blind-dog").yellow == world[0].get("blind-dog").yellow  # type: ignore[union-attr]
    fresh = load_world(sweep.config)
    assert world[2] == fresh[2] and world[0].get("blind-dog") == fresh[0].get("blind-dog")


@pytest.mark.slow
def test_sim_sweep_same_table_local_and_on_dask(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    sweep = read_sweep(_write(tmp_path, GRID.replace("[1, 5]", "[1]")), DEFAULTS)
    local = run_sweep(sweep, workers=1)
    assert [p["values"] for p in local["points"]] == [
        {"start_money": 500, "blind-dog.green.health": 1},
        {"start_money": 2000, "blind-dog.green.health": 1},
    ]
    for point in local["points"]:
        assert point["games"] == 4  # 2 seeds × 2 games
        assert "blind-dog" in point["cards"]
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        remote = run_sweep(sweep, scheduler=cluster.scheduler_address)
    assert remote == local
    assert run_sweep(sweep, workers=2) == local  # spawned local processes


@pytest.mark.slow
def test_sim_sweep_command_text_and_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, GRID.replace("seeds = [1, 2]", "seeds = [3]").replace("[1, 5]", "[2]"))
    assert main(["simulate", "--sweep", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seeds"] == [3] and len(data["points"]) == 2
    assert data["axes"][0] == {"name": "start_money", "values": [500, 2000]}
    assert main(["simulate", "--sweep", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Results per grid point" in out and "start_money" in out


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("games = 2\ncolour = 1\n", "colour: unknown key"),
        ("games = 0\n", "games: must be at least 1"),
        ("games = 'many'\n", "games: a whole number is needed"),
        ("seeds = []\n", "seeds: a list of whole numbers"),
        ("variant = 'turbo'\n", "variant: unknown value 'turbo'"),
        ("[variant_fields]\nstart_cash = [1]\n", "variant_fields.start_cash: not a variant"),
        ("[variant_fields]\nstart_money = [-5]\n", "variant_fields.start_money[0]: must be at"),
        ("[[card_fields]]\ncard = 'ak74'\nvalues = [1]\n", "card_fields[0].field: missing"),
        (
            "[[card_fields]]\ncard = 'blind-dog'\nfield = 'green.speed'\nvalues = [1]\n",
            "card_fields blind-dog.green.speed: green has no field 'speed'",
        ),
        (
            "[[card_fields]]\ncard = 'no-such'\nfield = 'price'\nvalues = [1]\n",
            "no loaded pack defines a card 'no-such'",
        ),
        ("games = [\n", "not valid TOML"),
    ],
)
def test_sim_sweep_bad_file_names_file_and_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, where: str
) -> None:
    path = _write(tmp_path, "players = 2\nmax_rounds = 1\n" + text)
    assert main(["simulate", "--games", "1", "--sweep", str(path)]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and where in err, err
    assert "Traceback" not in err


def test_sim_sweep_options_that_do_not_go_together(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "--scheduler", "tcp://127.0.0.1:1"]) == 2
    assert "--scheduler: only with --sweep" in capsys.readouterr().err
    path = _write(tmp_path, "games = 1\n")
    assert main(["simulate", "--sweep", str(path), "--report", str(tmp_path / "r")]) == 2
    assert "not together with" in capsys.readouterr().err
    assert main(["simulate", "--sweep", str(tmp_path / "none.toml")]) == 2
    assert "none.toml" in capsys.readouterr().err


def _point_error(tmp_path: Path, card: str, field: str, value: int) -> str:
    text = f'games = 1\n[[card_fields]]\ncard = "{card}"\nfield = "{field}"\nvalues = [{value}]\n'
    sweep = read_sweep(_write(tmp_path, text), DEFAULTS)
    world = load_world(sweep.config)
    packs = load_packs([], include_user=False).packs
    with pytest.raises(UserError) as caught:
        point_world(sweep, world, (value,), packs)
    return str(caught.value)


@pytest.mark.parametrize(
    ("card", "field", "value", "said"),
    [
        ("blind-dog", "green.health", 0, "0 is refused: green.health: must be at least 1"),
        ("blind-dog", "green.health", 1001, "green.health: must be at most 1000"),
        ("blind-dog", "copies", 21, "copies: must be at most 20"),
        ("blind-dog", "copies", 0, "copies: must be at least 1"),
        ("blind-dog", "green.helth", 5, "no field 'helth' (did you mean 'health'?)"),
        ("blind-dgo", "green.health", 5, "no loaded pack defines a card 'blind-dgo' (did you"),
        ("cerberus", "abilities.1.attacks", 2, "a list of 1: use an item number 0..0"),
        ("rifle-sighting", "one_die_bonus", 0, "0 is refused: give one_die_bonus and/or"),
        ("blind-dog", "green.attack", 3, "'green.attack' is not a whole number (it is '1d6"),
    ],
)
def test_sweep_values_the_loader_refuses_are_never_played(
    tmp_path: Path, card: str, field: str, value: int, said: str
) -> None:
    """docs/cards.md: a sweep plays only cards the loader would take; the error names the
    sweep file, the axis and the field, with the closest name for a typo."""
    message = _point_error(tmp_path, card, field, value)
    assert message.startswith(f"{tmp_path / 'sweep.toml'}: card_fields {card}.{field}: ")
    assert said in message, message


def test_sweep_reaches_ability_numbers(tmp_path: Path) -> None:
    text = 'games = 1\n[[card_fields]]\ncard = "cerberus"\nfield = "abilities.0.attacks"\n'
    sweep = read_sweep(_write(tmp_path, text + "values = [2]\n"), DEFAULTS)
    world = load_world(sweep.config)
    packs = load_packs([], include_user=False).packs
    cards, _, _ = point_world(sweep, world, (2,), packs)
    cerberus = cards.get("cerberus")
    assert cerberus.abilities[0].attacks.red == 2  # type: ignore[union-attr]
    assert world[0].get("cerberus").abilities[0].attacks.red == 3  # type: ignore[union-attr]
