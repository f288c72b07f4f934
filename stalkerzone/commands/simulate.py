"""`stalkerzone simulate`: bot games headless, then statistics for card authors.

Progress goes to stderr (a rich progress bar); the table or ``--json`` goes to stdout. Results
are the same for any ``--workers``. ``--report DIR`` adds an HTML page with charts,
``--compare PACK`` plays the same seeds without and with a pack, ``--sweep FILE`` plays a grid
(:mod:`stalkerzone.simulation.sweep`), on a Dask cluster with ``--scheduler``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from stalkerzone.commands.options import parse_cards, parse_seed
from stalkerzone.errors import UserError


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help="play bot games headless and print balance statistics",
        description="Play N bot games and print wins by character, game length, deaths, fights "
        "per monster and colour, cash flow and orders: what a card author needs to see "
        "whether a new card breaks the game.",
    )
    parser.add_argument("--games", type=_positive, default=100, metavar="N")
    parser.add_argument(
        "--players", type=_positive, default=None, metavar="P", help="1 to 6 (default 4)"
    )
    parser.add_argument("--seed", default="1", metavar="S", help="a whole number 0..2**63-1")
    parser.add_argument("--variant", default="standard", help="standard or express")
    parser.add_argument("--express", action="store_true", help="same as --variant express")
    parser.add_argument(
        "--cards", action="append", default=[], metavar="DIR", help="extra card pack (repeatable)"
    )
    parser.add_argument("--bot", default="hard", help="bot level: easy, normal, hard or expert")
    parser.add_argument(
        "--seats",
        default=None,
        metavar="L,L,…",
        help="a bot level per seat, e.g. hard,normal,normal,normal; game g turns the list by g "
        "seats, so every level plays every seat",
    )
    parser.add_argument("--workers", type=_positive, default=None, metavar="W")
    parser.add_argument(
        "--zone",
        default="free",
        choices=("free", "ring", "line", "compact", "hand"),
        help="Zone shape dealt at random, or 'hand' for bots laying out the sectors",
    )
    parser.add_argument(
        "--max-rounds",
        type=_positive,
        default=None,
        metavar="R",
        help="round cap: a game still going after R rounds is a draw",
    )
    parser.add_argument("--json", action="store_true", help="print the statistics as JSON")
    parser.add_argument(
        "--report",
        metavar="DIR",
        default=None,
        help="also write an HTML page with charts into DIR (index.html and PNGs); with --compare, "
        "of the run with the pack",
    )
    parser.add_argument(
        "--compare",
        metavar="PACK",
        default=None,
        help="play the same seeds without and with the card pack PACK and say what changed",
    )
    parser.add_argument(
        "--sweep",
        metavar="FILE",
        default=None,
        help="play a grid of variant numbers and card fields x seeds from a TOML file",
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        default=None,
        help="with --sweep: play on the Dask distributed scheduler at ADDRESS",
    )


def _config(args: argparse.Namespace) -> Any:
    """The SimConfig of the command line (a UserError for a bad value)."""
    from stalkerzone.bots.levels import LEVELS
    from stalkerzone.content.variants import VARIANT_NAMES
    from stalkerzone.simulation.runner import SimConfig

    seed = parse_seed(args.seed) or 0
    card_dirs = tuple(str(d) for d in parse_cards(args.cards))
    variant = "express" if args.express else args.variant
    if variant not in VARIANT_NAMES:
        raise UserError(f"--variant: unknown variant '{variant}' ({', '.join(VARIANT_NAMES)})")
    if args.bot not in LEVELS:
        raise UserError(f"--bot: unknown bot level '{args.bot}' ({', '.join(LEVELS)})")
    seats = parse_seats(args.seats, LEVELS)
    players = args.players if args.players is not None else (len(seats) or 4)
    if not 1 <= players <= 6:
        raise UserError(f"--players: 1 to 6 players, not {players}")
    if seats and len(seats) != players:
        raise UserError(f"--seats: {len(seats)} levels for {players} players")
    return SimConfig(
        games=args.games,
        players=players,
        seed=seed,
        variant=variant,
        card_dirs=card_dirs,
        level=args.bot,
        zone_mode=args.zone,
        max_rounds=args.max_rounds,
        seats=seats,
    )


def parse_seats(text: str | None, levels: tuple[str, ...]) -> tuple[str, ...]:
    """``--seats``: comma-separated bot levels, one per seat (a UserError for a bad one)."""
    if text is None:
        return ()
    seats = tuple(part.strip() for part in text.split(","))
    for level in seats:
        if level not in levels:
            raise UserError(f"--seats: unknown bot level '{level}' ({', '.join(levels)})")
    if not 1 <= len(seats) <= 6:
        raise UserError(f"--seats: 1 to 6 seats, not {len(seats)}")
    return seats


def _load(config: Any) -> Any:
    """The run's world; skipped cards and packs reported on stderr first (nothing silent)."""
    from stalkerzone.content.loader import load_packs
    from stalkerzone.content.report import report
    from stalkerzone.simulation.runner import load_world

    world = load_world(config)  # bad --cards or packs: a one-line error before any work
    packs = load_packs([Path(d) for d in config.card_dirs], include_user=config.include_user)
    report(packs, "simulate")  # nothing silent (docs/cards.md)
    return world


def _workers(args: argparse.Namespace, games: int) -> int:
    if args.workers is not None:
        return int(args.workers)
    return 1 if games < 16 else max(1, min(8, os.cpu_count() or 1))


def _play(config: Any, world: Any, workers: int, label: str) -> list[Any]:
    """Every game of ``config`` with a progress bar on stderr (a terminal only)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from stalkerzone.simulation.runner import iter_games

    results = []
    err = Console(stderr=True)
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    ) as progress:
        task = progress.add_task(label, total=config.games)
        for result in iter_games(config, workers, world):
            results.append(result)
            progress.advance(task)
    return results


def run(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from stalkerzone.simulation.summary import full_summary

    if args.scheduler and not args.sweep:
        raise UserError("--scheduler: only with --sweep FILE")
    config = _config(args)
    if args.sweep:
        if args.compare or args.report:
            raise UserError("--sweep: not together with --compare or --report")
        return _run_sweep(args, config)
    workers = _workers(args, config.games)
    world = _load(config)
    results = _play(config, world, workers, f"{config.games} bot games")
    summary = full_summary(config, results, world[0])
    if args.compare:
        pack = parse_cards([args.compare])[0]
        with_config = replace(config, card_dirs=(*config.card_dirs, str(pack)))
        with_world = _load(with_config)
        played = _play(with_config, with_world, workers, f"{config.games} games with {pack}")
        with_summary = full_summary(with_config, played, with_world[0])
        from stalkerzone.simulation.compare import compare_summaries

        changes = compare_summaries(summary, with_summary)
        changes["pack"] = str(pack)
        if args.json:
            payload = {"changes": changes, "without": summary, "with": with_summary}
            print(json.dumps(payload, ensure_ascii=False, indent=1))
        else:
            from stalkerzone.commands.simulate_tables import print_changes

            print_changes(changes)
        summary = with_summary
    elif args.json:
        print(json.dumps(summary, ensure_ascii=False, indent=1))
    else:
        from stalkerzone.commands.simulate_tables import print_cards

        print_tables(summary)
        print_cards(summary)
    if args.report:
        from stalkerzone.simulation.report import write_report

        page = write_report(summary, Path(args.report))
        print(f"stalkerzone simulate: report written to {page}", file=sys.stderr)
    return 0


def _run_sweep(args: argparse.Namespace, defaults: Any) -> int:
    from stalkerzone.simulation.sweep import read_sweep, run_sweep

    sweep = read_sweep(Path(args.sweep), defaults)
    world = _load(sweep.config)  # skipped cards and packs reported before any work
    total = sweep.config.games * len(sweep.seeds) * len(sweep.points())
    workers = _workers(args, total)
    table = run_sweep(sweep, workers=workers, scheduler=args.scheduler, world=world)
    if args.json:
        print(json.dumps(table, ensure_ascii=False, indent=1))
    else:
        from stalkerzone.commands.simulate_tables import print_sweep

        print_sweep(table)
    return 0


def print_tables(summary: dict[str, Any]) -> None:
    """The statistics as rich tables on stdout."""
    from rich.table import Table

    from stalkerzone.commands.simulate_tables import table_console

    out = table_console()
    cfg = summary["config"]
    rounds = summary["rounds"]
    seats = cfg.get("seats")
    bots = f"seats {','.join(seats)} (turned each game)" if seats else f"bot {cfg['bot']}"
    out.print(
        f"[bold]{summary['games']} games[/], {cfg['players']} players, variant {cfg['variant']}, "
        f"{bots}, seed {cfg['seed']}: {summary['finished']} finished, "
        f"{summary['draws']} draws (round cap {cfg['round_cap']})"
    )
    if rounds["mean"] is not None:
        out.print(
            f"Game length in rounds: mean {rounds['mean']}, median {rounds['median']}, "
            f"min {rounds['min']}, max {rounds['max']}; {summary['actions_per_game']} actions, "
            f"{summary['deaths_per_game']} deaths and {summary['orders_per_game']} orders "
            "delivered per game"
        )
    if summary["draw_games"]:
        shown = ", ".join(str(i) for i in summary["draw_games"][:20])
        out.print(f"Draws (round cap reached) in games: {shown}")

    fair = 100 / max(1, cfg["players"])
    chars = Table(
        title="Wins by character",
        caption=f"win % = wins per game played; a fair share is {fair:.1f}%",
    )
    for col in ("stalker", "games", "wins", "win %", "deaths/game", "orders/game"):
        chars.add_column(col, justify="left" if col == "stalker" else "right")
    for stalker, row in summary["characters"].items():
        chars.add_row(
            stalker,
            str(row["games"]),
            str(row["wins"]),
            f"{100 * row['win_rate']:.1f}",
            f"{row['deaths_per_game']:.2f}",
            f"{row['orders_per_game']:.2f}",
        )
    out.print(chars)
    print_levels(out, summary, fair)

    fights = Table(title="Fights per monster and colour")
    for col in ("monster", "colour", "fought", "won", "lost", "escaped", "won %"):
        fights.add_column(col, justify="left" if col in ("monster", "colour") else "right")
    for key, row in summary["fights"].items():
        monster, _, colour = key.partition("/")
        fought = row["fought"]
        rate = f"{100 * row['won'] / fought:.0f}" if fought else "-"
        style = "yellow" if fought == 0 else None
        fights.add_row(
            monster,
            colour,
            str(fought),
            str(row["won"]),
            str(row["lost"]),
            str(row["escaped"]),
            rate,
            style=style,
        )
    out.print(fights)

    cash = Table(title="Cash flow (green, all players)")
    cash.add_column("kind")
    cash.add_column("total", justify="right")
    cash.add_column("per game", justify="right")
    for kind, total in summary["cash_flow"].items():
        cash.add_row(kind, str(total), f"{summary['cash_flow_per_game'][kind]:.0f}")
    out.print(cash)


def print_levels(out: Any, summary: dict[str, Any], fair: float) -> None:
    """Wins per bot level (with ``--seats``) and how long bots held the Elements they needed."""
    from rich.table import Table

    from stalkerzone.simulation.summary import interval_text, percent

    if summary["config"]["seats"]:
        table = Table(
            title="Wins by bot level",
            caption=f"seat-games at each level; a fair share is {fair:.1f}%",
        )
        for col in ("level", "seat-games", "wins", "win %", "95%"):
            table.add_column(col, justify="left" if col == "level" else "right")
        for level, row in summary["levels"].items():
            table.add_row(
                level,
                str(row["games"]),
                str(row["wins"]),
                percent(row["win_rate"]),
                interval_text(row["ci95"]),
            )
        out.print(table)
    held = summary["holding_elements"]
    if held["spells"]:
        out.print(
            f"Rounds holding enough Elements before entering the Epicenter: {held['spells']} "
            f"spells, median {held['median']}, 90th percentile {held['p90']}, max {held['max']}"
        )
