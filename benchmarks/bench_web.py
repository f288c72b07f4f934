"""Benchmark: the browser seat — the page's size, its load time and the action round trip from a
real browser (the system Chromium, driven by Playwright) to a host on 127.0.0.1.

    python benchmarks/bench_web.py [--actions 40] [--loads 10] [--seed 5]

- **size**: the bytes of every file the page loads (index.html, its CSS and JavaScript modules,
  the generated table.json and the rules in English and Russian, the free stalkers and their
  portraits on the join page), as served (no compression);
- **load**: a fresh browser context opening the page, from navigation to the load event and to
  the first view shown after pressing Join (median of ``--loads``);
- **round trip**: a game of one browser seat and one bot (Zone laid out by hand); the browser
  plays ``--actions`` of its legal actions through the page's buttons and keys; each is timed by
  the page from sending the action to the host's view that answers it (``reply_to``);
- **odds**: the host's time to work out the exact odds a fighting seat's view carries, at every
  fight decision of three bot games (in the loop that answers actions, so it adds to a fight's
  round trip).

Medians and 95th percentiles in milliseconds. Loopback only: a phone on Wi-Fi adds its own
network's latency to both.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stalkerzone.network.web_files import read_page_files
from stalkerzone.persistence.serialize import action_to_json
from tests.support import browser
from tests.support.network import LOOPBACK, hosted, table

CODE = "BENCH2"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def page_size(port: int, page: Any) -> dict[str, int]:
    """Bytes of each file the page loads, as served."""
    sizes = {}
    names = [*read_page_files(), "table.json", "rules-en.json", "rules-ru.json"]
    names.append("free-stalkers.json")
    fetch = "async (p) => (await (await fetch(p)).arrayBuffer()).byteLength"
    for name in names:
        path = "/" if name == "index.html" else f"/static/{name}"
        sizes[name] = int(page.evaluate(fetch, path))
    free = page.evaluate("async () => (await (await fetch('/static/free-stalkers.json')).json())")
    portraits = [int(page.evaluate(fetch, f"/art/{card}.png")) for card in free["stalkers"]]
    sizes[f"{len(portraits)} portraits"] = sum(portraits)
    return sizes


def load_times(chromium: Any, port: int, loads: int) -> tuple[list[float], list[float]]:
    """Milliseconds to the load event and to the first view shown, ``loads`` fresh visits."""
    to_load, to_view = [], []
    for _ in range(loads):
        context = chromium.new_context(viewport=browser.PHONE)
        page = context.new_page()
        page.set_default_timeout(browser.WAIT_MS)
        page.goto(f"http://{LOOPBACK}:{port}/#code={CODE}")
        page.wait_for_selector("#join-button:enabled")
        to_load.append(
            page.evaluate(
                "() => { const n = performance.getEntriesByType('navigation')[0];"
                " return n.loadEventEnd - n.startTime; }"
            )
        )
        start = time.perf_counter()
        page.locator("input[name=seat][value=any]").check()
        page.locator("#watch-button").click()
        page.wait_for_selector("body[data-phase]")
        to_view.append((time.perf_counter() - start) * 1000)
        context.close()
    return to_load, to_view


def round_trips(chromium: Any, server: Any, game: Any, actions: int) -> list[float]:
    page = chromium.new_context(viewport=browser.PHONE).new_page()
    page.set_default_timeout(browser.WAIT_MS)
    page.goto(f"http://{LOOPBACK}:{server.port}/#code={CODE}")
    page.locator("#join-button").click()
    page.wait_for_selector("body[data-phase]")
    played = 0
    deadline = time.monotonic() + 300
    while played < actions and time.monotonic() < deadline:
        while server.call(game.bot_to_act):
            time.sleep(0.01)
        version = server.call(lambda: game.version)
        browser.wait_version(page, version)
        if server.call(lambda: game.state.phase) == "over":
            break
        if browser.play_step(page, trade=played % 7 == 3):
            played += 1
    found: list[float] = page.evaluate("() => globalThis.stalkerzonePage.roundTrips")
    return found


def odds_times(seed: int, games: int = 3) -> list[float]:
    """Milliseconds the host spends on the exact odds of a fighting seat's view (``odds`` of
    its view message: every decision's odds and the best one), at every fight decision of
    ``games`` bot games (a fight's first decision solves it, the later ones reuse that)."""
    from stalkerzone.bots import players as bots
    from stalkerzone.bots.memory import BotMemory
    from stalkerzone.engine.game import legal_actions

    found = []
    for number in range(games):
        game = table(("bot", "bot", "bot"), seed=seed + number, zone_mode="free")
        memory = BotMemory()
        for _ in range(3000):
            state = game.state
            if state.phase == "over":
                break
            held = state.fight
            if held is not None and not held.fight.is_chance and not held.fight.is_terminal:
                seat = (held.player,)
                legal = game.legal_of(seat) or [action_to_json(a) for a in legal_actions(state)]
                seen = game.view_of(seat).fight
                assert seen is not None
                start = time.perf_counter()
                game.extras.odds.of(seen.fight, legal)
                found.append((time.perf_counter() - start) * 1000)
            game.play(bots.choose(state, None, "normal", legal_actions(state), memory=memory))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=40)
    parser.add_argument("--loads", type=int, default=10)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    why = browser.missing()
    if why is not None:
        raise SystemExit(why)
    from playwright.sync_api import sync_playwright

    game = table(("remote", "bot"), seed=args.seed)
    game.code = CODE
    with hosted(game) as server, sync_playwright() as pw:
        chromium = browser.launch(pw)
        try:
            probe = chromium.new_context().new_page()
            probe.goto(f"http://{LOOPBACK}:{server.port}/#code={CODE}")
            sizes = page_size(server.port, probe)
            probe.context.close()
            to_load, to_view = load_times(chromium, server.port, args.loads)
            trips = round_trips(chromium, server, game, args.actions)
        finally:
            chromium.close()
    odds = odds_times(args.seed)
    total = sum(sizes.values())
    print(f"page size: {total:,} bytes in {len(sizes)} files")
    for name, size in sorted(sizes.items(), key=lambda item: -item[1]):
        print(f"  {name:<16} {size:>8,}")
    print(
        f"load event: median {statistics.median(to_load):.1f} ms, "
        f"p95 {percentile(to_load, 0.95):.1f} ms ({len(to_load)} loads)"
    )
    print(
        f"join to first view: median {statistics.median(to_view):.1f} ms, "
        f"p95 {percentile(to_view, 0.95):.1f} ms"
    )
    print(
        f"action round trip: median {statistics.median(trips):.1f} ms, "
        f"p95 {percentile(trips, 0.95):.1f} ms ({len(trips)} actions)"
    )
    print(
        f"host: exact odds of a fight decision view: median {statistics.median(odds):.1f} ms, "
        f"p95 {percentile(odds, 0.95):.1f} ms, most {max(odds):.1f} ms ({len(odds)} decisions)"
    )


if __name__ == "__main__":
    main()
