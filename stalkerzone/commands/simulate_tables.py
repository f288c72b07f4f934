"""Text tables of `stalkerzone simulate`: every card, a comparison, a sweep (rich, on stdout)."""

from __future__ import annotations

import sys
from typing import Any

from rich.console import Console
from rich.table import Table

from stalkerzone.content.messages import count_of
from stalkerzone.simulation.card_stats import COUNTS
from stalkerzone.simulation.compare import changed_cards
from stalkerzone.simulation.summary import interval_text, percent

UNCUT_WIDTH = 1000
"""Width for output to a file or a pipe: no column is ever cut there (a terminal keeps its own
width, at least :data:`TERMINAL_MIN_WIDTH`)."""
TERMINAL_MIN_WIDTH = 120


def table_console() -> Console:
    """A console for the tables on stdout: a terminal's width, and nothing cut when written to
    a file or a pipe (``simulate … > tables.txt``)."""
    if not sys.stdout.isatty():
        return Console(file=sys.stdout, width=UNCUT_WIDTH, color_system=None)
    return Console(file=sys.stdout, width=max(TERMINAL_MIN_WIDTH, Console().width))


def _signed(value: float | None, scale: float = 100.0, digits: int = 1) -> str:
    return "-" if value is None else f"{scale * value:+.{digits}f}"


def print_cards(summary: dict[str, Any]) -> None:
    """Every loaded card: how often it was bought, found, drawn, used, sold, in fights, and the
    win rate of the stalkers who had it against the other seats of the same games (95% Wilson
    intervals); then the cards nobody met, the cards the bots never spend and the cards always
    held together (whose rates cannot be told apart)."""
    out = table_console()
    table = Table(
        title="Every card",
        caption="win % of the seats that had the card / of the other seats of the same games "
        f"(seat order not controlled), 95% intervals; * = too few seat-games (fewer than "
        f"{summary['min_seat_games']} of either)",
    )
    for col in ("card", "kind", "pack", *COUNTS, "with %", "95%", "others %", "95%", ""):
        left = col in ("card", "kind", "pack")
        table.add_column(col, justify="left" if left else "right", no_wrap=col == "card")
    for cid, row in summary["cards"].items():
        table.add_row(
            cid,
            row["kind"],
            row["pack"],
            *(str(row[c]) for c in COUNTS),
            percent(row["with"]["win_rate"]),
            interval_text(row["with"]["ci95"]),
            percent(row["without"]["win_rate"]),
            interval_text(row["without"]["ci95"]),
            "" if row["meaningful"] else "*",
            style="yellow" if not row["with"]["games"] else None,
        )
    out.print(table)
    rows = summary["cards"].items()
    unseen = [cid for cid, row in rows if not row["with"]["games"]]
    if unseen:
        out.print(f"Never held, bought, found, drawn, used, sold or fought: {', '.join(unseen)}")
    unspent = [
        f"{cid} (had {row['bought'] + row['found']}×)" for cid, row in rows if row.get("never_used")
    ]
    if unspent:
        out.print(f"The bots never spent: {', '.join(unspent)}")
    shown: set[str] = set()
    for cid, row in rows:
        twins = row.get("held_with") or []
        if twins and cid not in shown:
            group = [cid, *twins]
            shown.update(group)
            out.print(
                f"Always held by the same seats of the same games (one win rate for all): "
                f"{', '.join(group)}"
            )


def print_changes(changes: dict[str, Any]) -> None:
    """What a pack changed (``--compare``): stalkers, game length, the cards that moved."""
    out = table_console()
    rounds = changes["rounds"]
    out.print(
        f"[bold]{changes['games']} games each, the same seeds, without and with "
        f"{changes['pack']}[/]: mean length {rounds['mean_without']} → {rounds['mean_with']} "
        f"rounds ({_signed(rounds['change'], 1, 2)}); draws {changes['draws']['without']} → "
        f"{changes['draws']['with']}; deaths per game {changes['deaths_per_game']['without']} "
        f"→ {changes['deaths_per_game']['with']}"
    )
    stalkers = Table(
        title="Win rate per stalker", caption="clear = the 95% intervals do not overlap"
    )
    for col in ("stalker", "without %", "with %", "change", "clear"):
        stalkers.add_column(col, justify="left" if col == "stalker" else "right")
    for name, row in changes["stalkers"].items():
        stalkers.add_row(
            name,
            percent(row["win_rate_without"]),
            percent(row["win_rate_with"]),
            _signed(row["change"]),
            "yes" if row["clear"] else "",
        )
    out.print(stalkers)
    shown = changed_cards(changes)
    cards = Table(title="Cards that are new or whose figures moved (without → with)")
    for col in ("card", "kind", "pack", *COUNTS, "win % with it", "clear"):
        left = col in ("card", "kind", "pack")
        cards.add_column(col, justify="left" if left else "right", no_wrap=col == "card")
    for cid in shown:
        row = changes["cards"][cid]
        rate = row["win_rate_with_card"]
        cards.add_row(
            cid + (" (new)" if row["new"] else ""),
            row["kind"],
            row["pack"],
            *(f"{row[c]['without']}→{row[c]['with']}" for c in COUNTS),
            f"{percent(rate['without'])}→{percent(rate['with'])}",
            "yes" if row["clear"] else "",
        )
    out.print(cards)
    if changes["cards_gone"]:
        out.print(f"Cards no longer loaded with the pack: {', '.join(changes['cards_gone'])}")


def print_sweep(table: dict[str, Any]) -> None:
    """One row per grid point (seeds pooled): length, draws, deaths, win % per stalker."""
    out = table_console()
    cfg = table["config"]
    out.print(
        f"[bold]Sweep {table['sweep']}[/]: {count_of(len(table['points']), 'point')} × "
        f"{count_of(len(table['seeds']), 'seed')} × {count_of(cfg['games_per_seed'], 'game')}, "
        f"{count_of(cfg['players'], 'player')}, variant {cfg['variant']}, bot {cfg['bot']}"
    )
    stalkers = sorted({s for p in table["points"] for s in p["characters"]})
    grid = Table(title="Results per grid point", caption="win % per stalker, seeds pooled")
    axes = [a["name"] for a in table["axes"]]
    for col in (*axes, "games", "draws", "rounds", "deaths/game", *stalkers):
        grid.add_column(col, justify="right", no_wrap=col in axes)
    for point in table["points"]:
        chars = point["characters"]
        grid.add_row(
            *(str(point["values"][a]) for a in axes),
            str(point["games"]),
            str(point["draws"]),
            "-" if point["rounds"]["mean"] is None else f"{point['rounds']['mean']:.1f}",
            f"{point['deaths_per_game']:.2f}",
            *(percent(chars[s]["win_rate"]) if s in chars else "-" for s in stalkers),
        )
    out.print(grid)
