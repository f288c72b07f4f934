"""``simulate --sweep FILE``: a grid of variant numbers and card fields × seeds, played and
tabulated.

The sweep file (TOML) holds the run's settings and the axes of the grid::

    games = 20                # per grid point and seed
    players = 4
    seeds = [1, 2]
    variant = "standard"      # also: bot, zone, max_rounds, cards (folders, relative to FILE)

    [variant_fields]          # numbers of the variant file (ST-2, BASE-3 …)
    start_money = [1000, 1500]

    [[card_fields]]           # a whole-number field of one card; dots reach into a table
    card = "blind-dog"
    field = "green.health"
    values = [2, 3, 4]

Every combination of the axes' values is one grid point; every point is played with every seed.
A game's result depends only on its point, its seed and its number (``game_seed``), so the
table is the same whether the games run here (``--workers`` processes) or on a Dask distributed
cluster (``--scheduler ADDRESS``, the ``cluster`` extra).
"""

from __future__ import annotations

import itertools
import multiprocessing
import tomllib
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from stalkerzone.content.loader import PackInfo
from stalkerzone.content.messages import hint
from stalkerzone.engine.core import CardSet
from stalkerzone.errors import UserError
from stalkerzone.simulation.runner import (
    GamePlayer,
    GameResult,
    SimConfig,
    World,
    chunk_size,
    load_world,
)
from stalkerzone.simulation.summary import full_summary

SETTINGS = ("games", "players", "seeds", "variant", "bot", "zone", "max_rounds", "cards")
TABLES = ("variant_fields", "card_fields")
ZONES = ("free", "ring", "line", "compact", "hand")


@dataclass(frozen=True)
class Axis:
    """One dimension of the grid: ``name`` (``start_money`` or ``card.field``) and its values."""

    name: str
    values: tuple[int, ...]
    card: str | None = None  # None: a variant number
    field: str = ""


@dataclass(frozen=True)
class Sweep:
    """A parsed sweep file: the base configuration, its seeds and the grid's axes."""

    path: Path
    config: SimConfig
    seeds: tuple[int, ...]
    axes: tuple[Axis, ...]

    def points(self) -> list[tuple[int, ...]]:
        """Every combination of the axes' values (one point when there are no axes)."""
        return list(itertools.product(*(a.values for a in self.axes)))


def _fail(path: Path, where: str, message: str) -> UserError:
    return UserError(f"{path}: {where}: {message}")


def _whole(path: Path, where: str, value: object, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(path, where, f"a whole number is needed, not {value!r}")
    if value < low:
        raise _fail(path, where, f"must be at least {low}, not {value}")
    return value


def _values(path: Path, where: str, value: object) -> tuple[int, ...]:
    if not isinstance(value, list) or not value:
        raise _fail(path, where, "a list of whole numbers is needed, such as [1, 2]")
    return tuple(_whole(path, f"{where}[{k}]", v) for k, v in enumerate(value))


def read_sweep(path: Path, defaults: SimConfig) -> Sweep:
    """Parse and check a sweep file against ``defaults`` (the command line's settings); a
    UserError naming the file and the field for anything wrong."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as error:
        raise UserError(f"--sweep {path}: {error.strerror or error}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise UserError(f"{path}: not valid TOML: {error}") from None
    for key in data:
        if key not in SETTINGS + TABLES:
            allowed = ", ".join(SETTINGS + TABLES)
            raise _fail(path, key, f"unknown key; allowed keys: {allowed}")
    config = defaults
    if "games" in data:
        config = replace(config, games=_whole(path, "games", data["games"], 1))
    if "players" in data:
        players = _whole(path, "players", data["players"], 1)
        if players > 6:
            raise _fail(path, "players", f"1 to 6 players, not {players}")
        config = replace(config, players=players)
    if "max_rounds" in data:
        config = replace(config, max_rounds=_whole(path, "max_rounds", data["max_rounds"], 1))
    from stalkerzone.bots.levels import LEVELS
    from stalkerzone.content.variants import VARIANT_NAMES

    for key, attr, choices in (
        ("variant", "variant", tuple(VARIANT_NAMES)),
        ("bot", "level", tuple(LEVELS)),
        ("zone", "zone_mode", ZONES),
    ):
        if key in data:
            value = data[key]
            if not isinstance(value, str) or value not in choices:
                raise _fail(path, key, f"unknown value {value!r}; one of {', '.join(choices)}")
            setting: dict[str, Any] = {attr: value}
            config = replace(config, **setting)
    if "cards" in data:
        folders = data["cards"]
        if not isinstance(folders, list) or not all(isinstance(f, str) for f in folders):
            raise _fail(path, "cards", "a list of folder names is needed")
        resolved = tuple(str((path.parent / f).resolve()) for f in folders)
        for name, folder in zip(folders, resolved, strict=True):
            if not Path(folder).is_dir():
                raise _fail(path, "cards", f"{name}: not a folder")
        config = replace(config, card_dirs=config.card_dirs + resolved)
    seeds = _values(path, "seeds", data["seeds"]) if "seeds" in data else (config.seed,)
    axes = _variant_axes(path, data.get("variant_fields", {}))
    axes += _card_axes(path, data.get("card_fields", []))
    return Sweep(path, config, seeds, axes)


def _variant_axes(path: Path, table: object) -> tuple[Axis, ...]:
    if not isinstance(table, dict):
        raise _fail(path, "variant_fields", "a table of field = [values] is needed")
    from stalkerzone.engine.core import Variant

    numbers = [f.name for f in fields(Variant) if f.type in ("int", int)]
    axes = []
    for name, values in table.items():
        if name not in numbers:
            raise _fail(
                path, f"variant_fields.{name}", f"not a variant number ({', '.join(numbers)})"
            )
        axes.append(Axis(name, _values(path, f"variant_fields.{name}", values)))
    return tuple(axes)


def _card_axes(path: Path, table: object) -> tuple[Axis, ...]:
    if not isinstance(table, list):
        raise _fail(path, "card_fields", "an array of tables ([[card_fields]]) is needed")
    axes = []
    for k, entry in enumerate(table):
        where = f"card_fields[{k}]"
        if not isinstance(entry, dict):
            raise _fail(path, where, "a table with card, field and values is needed")
        for key in entry:
            if key not in ("card", "field", "values"):
                raise _fail(
                    path, f"{where}.{key}", "unknown key; allowed keys: card, field, values"
                )
        for key in ("card", "field", "values"):
            if key not in entry:
                raise _fail(path, f"{where}.{key}", "missing")
        card, field = entry["card"], entry["field"]
        if not isinstance(card, str) or not isinstance(field, str):
            raise _fail(path, where, "card and field are names (text)")
        values = _values(path, f"{where}.values", entry["values"])
        axes.append(Axis(f"{card}.{field}", values, card=card, field=field))
    return tuple(axes)


def point_world(
    sweep: Sweep, world: World, point: Sequence[int], packs: Sequence[PackInfo] = ()
) -> World:
    """The world of one grid point: the loaded one with the point's numbers set, each card
    field checked as the loader checks a card file (``packs``: where the cards were loaded
    from; a UserError naming the file, the axis and the field for a value it refuses)."""
    from stalkerzone.content.card_edit import CardEditError, edit_card

    cards, sectors, variant = world
    groups: dict[str, Any] = dict(cards.groups())
    for axis, value in zip(sweep.axes, point, strict=True):
        if axis.card is None:
            number: dict[str, Any] = {axis.name: value}
            variant = replace(variant, **number)
            continue
        where = f"{sweep.path}: card_fields {axis.name}"
        if axis.card not in cards:
            ids = [c.id for c in cards]
            raise UserError(
                f"{where}: no loaded pack defines a card '{axis.card}'{hint(axis.card, ids)}"
            )
        for group, members in groups.items():
            for k, card in enumerate(members):
                if card.id == axis.card:
                    try:
                        changed = edit_card(packs, card, axis.field, value)
                    except CardEditError as error:
                        raise UserError(f"{where}: {error}") from None
                    groups[group] = (*members[:k], changed, *members[k + 1 :])
    return CardSet(**groups), sectors, variant


# --- playing the grid -------------------------------------------------------------------------

Task = tuple[int, int, tuple[int, ...]]
"""(point number, seed, game numbers): one unit of work, the same locally and on a cluster."""


def play_chunk(config: SimConfig, world: World, indices: Sequence[int]) -> list[GameResult]:
    """Play some games of one grid point and seed (a task of a local or a Dask worker)."""
    player = GamePlayer(config, world)
    return [player.play(index) for index in indices]


def tasks(sweep: Sweep, workers: int) -> list[Task]:
    """Every task of the grid, in table order (point, seed, games)."""
    games = sweep.config.games
    chunk = chunk_size(games * len(sweep.seeds) * len(sweep.points()), max(1, workers))
    out: list[Task] = []
    for p in range(len(sweep.points())):
        for seed in sweep.seeds:
            for start in range(0, games, chunk):
                out.append((p, seed, tuple(range(start, min(games, start + chunk)))))
    return out


def run_local(
    sweep: Sweep, worlds: list[World], work: list[Task], workers: int
) -> Iterator[list[GameResult]]:
    """The tasks' results in task order, in this process or ``workers`` spawned processes."""
    configs = [replace(sweep.config, seed=seed) for _, seed, _ in work]
    if workers <= 1 or len(work) < 2:
        for config, (p, _, indices) in zip(configs, work, strict=True):
            yield play_chunk(config, worlds[p], indices)
        return
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        yield from pool.map(
            play_chunk, configs, [worlds[p] for p, _, _ in work], [t[2] for t in work]
        )


def run_dask(
    sweep: Sweep, worlds: list[World], work: list[Task], address: str
) -> Iterator[list[GameResult]]:
    """The tasks' results in task order, played on the Dask cluster at ``address``."""
    try:
        import distributed
    except ImportError:
        raise UserError("--scheduler needs Dask: pip install 'stalkerzone[cluster]'") from None
    try:
        connect: Any = distributed.Client  # the cluster extra ships no type information
        client = connect(address, timeout=20)
    except (OSError, TimeoutError) as error:
        raise UserError(f"--scheduler {address}: cannot reach the scheduler ({error})") from None
    with client:
        shared = client.scatter(worlds, broadcast=True)
        futures = [
            client.submit(
                play_chunk, replace(sweep.config, seed=seed), shared[p], indices, pure=False
            )
            for p, seed, indices in work
        ]
        for future in futures:
            yield future.result()


def run_sweep(
    sweep: Sweep,
    workers: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    world: World | None = None,
) -> dict[str, Any]:
    """Play the whole grid and tabulate it (JSON): one row per point, seeds pooled. ``world``
    is the loaded content (loaded here if not given)."""
    if world is None:
        world = load_world(sweep.config)
    from stalkerzone.content.loader import load_packs

    config = sweep.config
    packs = load_packs([Path(d) for d in config.card_dirs], include_user=config.include_user).packs
    points = sweep.points()
    worlds = [point_world(sweep, world, point, packs) for point in points]
    work = tasks(sweep, workers)
    results: list[list[GameResult]] = [[] for _ in points]
    stream = (
        run_dask(sweep, worlds, work, scheduler)
        if scheduler
        else run_local(sweep, worlds, work, workers)
    )
    for done, ((p, _, _), chunk) in enumerate(zip(work, stream, strict=True)):
        results[p].extend(chunk)
        if progress is not None:
            progress(done + 1, len(work))
    rows = []
    watched = {a.card for a in sweep.axes if a.card}
    for point, played, point_cards in zip(points, results, worlds, strict=True):
        summary = full_summary(sweep.config, played, point_cards[0])
        rows.append(
            {
                "values": {a.name: v for a, v in zip(sweep.axes, point, strict=True)},
                "games": summary["games"],
                "finished": summary["finished"],
                "draws": summary["draws"],
                "rounds": summary["rounds"],
                "deaths_per_game": summary["deaths_per_game"],
                "orders_per_game": summary["orders_per_game"],
                "characters": summary["characters"],
                "cards": {c: summary["cards"][c] for c in sorted(watched) if c in summary["cards"]},
            }
        )
    cfg = sweep.config
    return {
        "sweep": str(sweep.path),
        "config": {
            "games_per_seed": cfg.games,
            "players": cfg.players,
            "variant": cfg.variant,
            "bot": cfg.level,
            "zone_mode": cfg.zone_mode,
            "round_cap": cfg.round_cap,
            "card_dirs": list(cfg.card_dirs),
        },
        "seeds": list(sweep.seeds),
        "axes": [{"name": a.name, "values": list(a.values)} for a in sweep.axes],
        "points": rows,
    }
