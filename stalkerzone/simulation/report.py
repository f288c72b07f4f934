"""``simulate --report DIR``: one HTML page with PNG charts that a pack author reads instead of
tables. Self-contained: ``index.html`` and its PNGs side by side, no script, no network.

Charts (matplotlib, Agg backend, never a window): win rate per stalker and per card with 95%
Wilson intervals (WIN-1), fight outcomes per monster and colour (FIGHT-1..6), game length in
rounds. Needs the ``report`` extra (matplotlib).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from stalkerzone.errors import UserError
from stalkerzone.simulation.card_stats import COUNTS
from stalkerzone.simulation.summary import interval_text, percent

if TYPE_CHECKING:
    from matplotlib.figure import Figure

_OUTCOME_COLOURS = {"won": "#3a8f3a", "lost": "#b83232", "escaped": "#d9a21b"}
_COLOUR_ORDER = ("green", "yellow", "red")


def _figure(rows: int, width: float = 8.0) -> Figure:
    """A figure tall enough for ``rows`` bars (Agg: drawn in memory only)."""
    from matplotlib.figure import Figure

    return Figure(figsize=(width, max(2.4, 0.6 + 0.26 * rows)), dpi=100, layout="constrained")


def _rate_bars(
    figure: Figure,
    labels: Sequence[str],
    rates: Sequence[float | None],
    intervals: Sequence[Sequence[float] | None],
    fair: float | None,
    title: str,
    colour: str = "#4a72b0",
) -> None:
    """Horizontal win-rate bars (percent) with their 95% intervals as error bars."""
    axes = figure.add_subplot()
    ys = list(range(len(labels)))
    values = [100 * (r or 0.0) for r in rates]
    low = [v - 100 * ci[0] if ci else 0.0 for v, ci in zip(values, intervals, strict=True)]
    high = [100 * ci[1] - v if ci else 0.0 for v, ci in zip(values, intervals, strict=True)]
    axes.barh(ys, values, xerr=[low, high], color=colour, ecolor="#333333", capsize=3)
    axes.set_yticks(ys, labels)
    axes.invert_yaxis()
    axes.set_xlim(0, 100)
    axes.set_xlabel("win rate, % (bars: 95% interval)")
    axes.set_title(title)
    if fair is not None:
        axes.axvline(100 * fair, color="#888888", linestyle="--", linewidth=1)


def chart_stalkers(summary: dict[str, Any], path: Path) -> None:
    """WIN-1: win rate per stalker; the dashed line is a fair share."""
    rows = summary["characters"]
    names = list(rows)
    figure = _figure(len(names))
    _rate_bars(
        figure,
        [f"{n} ({rows[n]['games']})" for n in names],
        [rows[n]["win_rate"] for n in names],
        [rows[n].get("ci95") for n in names],
        1 / max(1, summary["config"]["players"]),
        "Win rate per stalker (games played)",
    )
    figure.savefig(path)


def chart_cards(summary: dict[str, Any], path: Path) -> None:
    """Win rate of the stalkers who had each card (blue) against those who did not (grey)."""
    cards = {cid: row for cid, row in summary["cards"].items() if row["with"]["games"]}
    # a pack author's own cards first, the base set after them
    names = sorted(cards, key=lambda cid: cards[cid]["pack"] == "base")
    figure = _figure(len(names) * 2 if names else 1, width=9.0)
    axes = figure.add_subplot()
    if not names:
        axes.text(0.5, 0.5, "no stalker had any card", ha="center", va="center")
        axes.set_axis_off()
        figure.savefig(path)
        return
    for offset, side, colour in ((-0.2, "with", "#4a72b0"), (0.2, "without", "#aaaaaa")):
        ys = [k + offset for k in range(len(names))]
        values = [100 * (cards[n][side]["win_rate"] or 0.0) for n in names]
        cis = [cards[n][side]["ci95"] for n in names]
        low = [v - 100 * ci[0] if ci else 0.0 for v, ci in zip(values, cis, strict=True)]
        high = [100 * ci[1] - v if ci else 0.0 for v, ci in zip(values, cis, strict=True)]
        axes.barh(ys, values, height=0.4, xerr=[low, high], color=colour, ecolor="#555555")
    labels = [f"{n}{'' if cards[n]['meaningful'] else ' *'}" for n in names]
    axes.set_yticks(range(len(names)), labels, fontsize=8)
    axes.set_ylim(len(names) - 0.4, -0.6)  # first card on top, no empty band
    axes.set_xlim(0, 100)
    axes.set_xlabel("win rate, %: blue = had the card, grey = the other seats of its games")
    axes.set_title(
        "Win rate with each card (blue) and of the other seats of its games (grey)\n"
        "pack cards first; * = too few games",
        loc="left",
    )
    axes.xaxis.set_ticks_position("both")
    axes.tick_params(axis="x", labeltop=True)  # a long chart is read from its top
    figure.savefig(path)


def chart_fights(summary: dict[str, Any], path: Path) -> None:
    """FIGHT-1..6: won / lost / escaped per monster and colour (stacked)."""
    fights = summary["fights"]
    keys = list(fights)
    figure = _figure(len(keys) or 1, width=9.0)
    axes = figure.add_subplot()
    ys = list(range(len(keys)))
    left = [0] * len(keys)
    for outcome, colour in _OUTCOME_COLOURS.items():
        values = [fights[k][outcome] for k in keys]
        axes.barh(ys, values, left=left, color=colour, label=outcome)
        left = [a + b for a, b in zip(left, values, strict=True)]
    axes.set_yticks(ys, [k.replace("/", " · ") for k in keys], fontsize=8)
    axes.set_ylim(len(keys) - 0.4, -0.6)  # first monster on top, no empty band
    axes.set_xlabel("fights")
    axes.set_title("Fight outcomes per monster and colour")
    axes.legend(loc="lower right")
    figure.savefig(path)


def chart_rounds(summary: dict[str, Any], path: Path) -> None:
    """Game length in rounds of every finished game (draws at the round cap left out)."""
    rounds = summary["game_rounds"]
    figure = _figure(8)
    axes = figure.add_subplot()
    if rounds:
        axes.hist(rounds, bins=min(30, max(5, len(set(rounds)))), color="#4a72b0")
        axes.axvline(summary["rounds"]["mean"], color="#b83232", linestyle="--", label="mean")
        axes.legend()
    else:
        axes.text(0.5, 0.5, "no game finished", ha="center", va="center")
    axes.set_xlabel("rounds")
    axes.set_ylabel("games")
    axes.set_title(f"Game length ({len(rounds)} finished, {summary['draws']} draws)")
    figure.savefig(path)


CHARTS = {
    "stalkers.png": chart_stalkers,
    "cards.png": chart_cards,
    "fights.png": chart_fights,
    "rounds.png": chart_rounds,
}
"""Every chart of the report, by file name."""


def _table(head: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


_STYLE = """
body { font-family: sans-serif; margin: 2em; max-width: 70em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.5em; text-align: right; }
td:first-child, th:first-child { text-align: left; }
img { max-width: 100%; border: 1px solid #eee; }
.note { color: #8a5a00; }
"""


def render_html(summary: dict[str, Any], title: str = "Stalker Zone: simulation report") -> str:
    """The report page (charts by file name, tables of every figure)."""
    cfg = summary["config"]
    rounds = summary["rounds"]
    packs = ", ".join(cfg["card_dirs"]) or "base cards only"
    parts = [
        f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
        "<p>"
        + html.escape(
            f"{summary['games']} games, {cfg['players']} players, variant {cfg['variant']}, "
            f"bot {cfg['bot']}, seed {cfg['seed']}, packs: {packs}. {summary['finished']} "
            f"finished, {summary['draws']} draws (round cap {cfg['round_cap']} rounds); mean "
            f"length {rounds['mean']} rounds."
        )
        + "</p>",
        "<p class='note'>"
        + html.escape(
            f"Win rates come with 95% Wilson intervals. A card is compared with the other "
            f"seats of the games it appeared in (seat order is not controlled); with fewer than "
            f"{summary['min_seat_games']} seat-games with it or without it, it is marked * (too "
            "few games to tell: play more games)."
        )
        + "</p>",
        "<h2>Win rate per stalker</h2><img src='stalkers.png' alt='win rate per stalker'>",
        _table(
            ("stalker", "games", "wins", "win %", "95% interval", "deaths/game", "orders/game"),
            [
                (
                    n,
                    r["games"],
                    r["wins"],
                    percent(r["win_rate"]),
                    interval_text(r.get("ci95")),
                    f"{r['deaths_per_game']:.2f}",
                    f"{r['orders_per_game']:.2f}",
                )
                for n, r in summary["characters"].items()
            ],
        ),
        "<h2>Cash flow (green, all players)</h2>",
        _table(
            ("kind", "total", "per game"),
            [
                (kind, total, f"{summary['cash_flow_per_game'][kind]:.0f}")
                for kind, total in summary["cash_flow"].items()
            ],
        ),
        "<h2>Game length</h2><img src='rounds.png' alt='game length in rounds'>",
        "<h2>Fights per monster and colour</h2><img src='fights.png' alt='fight outcomes'>",
        _table(
            ("monster · colour", "fought", "won", "lost", "escaped"),
            [
                (k.replace("/", " · "), r["fought"], r["won"], r["lost"], r["escaped"])
                for k, r in summary["fights"].items()
            ],
        ),
        "<h2>Every card</h2><img src='cards.png' alt='win rate with and without each card'>",
        _table(
            ("card", "kind", "pack", *COUNTS, "with: win %", "95%", "others: win %", "95%", ""),
            [
                (
                    cid,
                    r["kind"],
                    r["pack"],
                    *(r[c] for c in COUNTS),
                    percent(r["with"]["win_rate"]),
                    interval_text(r["with"]["ci95"]),
                    percent(r["without"]["win_rate"]),
                    interval_text(r["without"]["ci95"]),
                    "" if r["meaningful"] else "*",
                )
                for cid, r in summary["cards"].items()
            ],
        ),
        *_card_lists(summary["cards"]),
        "</body></html>",
    ]
    return "\n".join(parts)


def _card_lists(cards: dict[str, dict[str, Any]]) -> list[str]:
    """The cards nobody met, the cards the bots never spent, cards always held together."""
    parts = []
    unseen = [cid for cid, row in cards.items() if not row["with"]["games"]]
    unspent = [cid for cid, row in cards.items() if row.get("never_used")]
    groups: list[list[str]] = []
    grouped: set[str] = set()
    for cid, row in cards.items():
        twins = row.get("held_with") or []
        if twins and cid not in grouped:
            groups.append([cid, *twins])
            grouped.update(groups[-1])
    for title, names in (
        ("Never met (nobody held, bought, found, drew or fought it)", unseen),
        ("The bots never spent (had, never used)", unspent),
    ):
        shown = ", ".join(names) if names else "none"
        parts.append(f"<h2>{html.escape(title)}</h2><p>{html.escape(shown)}</p>")
    parts.append("<h2>Always held by the same seats of the same games</h2>")
    parts.append(
        "<p class='note'>One win rate for the whole group: it cannot be told which card made it."
        "</p>"
    )
    parts.append(
        "<ul>" + "".join(f"<li>{html.escape(', '.join(g))}</li>" for g in groups) + "</ul>"
        if groups
        else "<p>none</p>"
    )
    return parts


def write_report(summary: dict[str, Any], directory: Path) -> Path:
    """Write ``index.html`` and its charts into ``directory`` (made if missing); the page's
    path. A UserError if matplotlib is missing or the folder cannot be written."""
    try:
        import matplotlib  # noqa: F401  (figures are drawn by its Agg canvas, never a window)
    except ImportError:
        raise UserError("--report needs matplotlib: pip install 'stalkerzone[report]'") from None
    try:
        directory.mkdir(parents=True, exist_ok=True)
        for name, draw in CHARTS.items():
            draw(summary, directory / name)
        page = directory / "index.html"
        page.write_text(render_html(summary), encoding="utf-8")
    except OSError as error:
        raise UserError(f"--report {directory}: {error.strerror or error}") from None
    return page
