"""Benchmark: a frame of the fight screen at 1280×800 (the bar: 60 fps, 16.7 ms, on this
machine's software renderer).

    ARCADE_HEADLESS=1 python benchmarks/bench_fight_frame.py [--frames 60]

A real game: two stalkers, Gorynych (paralysis, a badge on its card) on top of the monster deck,
the first stalker's move into a danger hex starts the fight. Measured:

- ``fight, still``: the screen waiting for a decision (both cards, odds, buttons, the round log);
- ``fight, dice rolling``: an update and a frame while the dice tumble (the steps of the fight
  so far played again whenever they are done);
- ``empty``: a frame that only clears the window.

Every frame ends with ``ctx.finish()`` so the time includes the rendering, not only the calls.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("ARCADE_HEADLESS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=60)
    args = parser.parse_args()

    from stalkerzone.client.app.context import AppContext, Presets
    from stalkerzone.client.app.window import StalkerWindow
    from stalkerzone.client.controller.session import GameSession, GameSpec, SeatSpec
    from stalkerzone.client.screens.fight.screen import FightView
    from stalkerzone.engine.play import Move, card_id

    home = Path(os.environ.setdefault("STALKERZONE_HOME", "/tmp/stalkerzone-bench"))
    home.mkdir(parents=True, exist_ok=True)
    window = StalkerWindow(AppContext(presets=Presets()), (1280, 800))
    window.raise_errors = True
    app = window.app
    view: FightView | None = None
    for seed in range(3, 40):
        seats = (SeatSpec("Anna", "gromoboy"), SeatSpec("Boris", "nosorog"))
        session = GameSession.start(app, GameSpec(seed=seed, seats=seats, zone_mode="free"))
        session.worker.synchronous = True
        session.autosave_enabled = False
        app.session = session
        state = session.state
        # benchmark set-up only: Gorynych on top of the monster deck
        top = next(c for c in state.decks.monsters if card_id(c) == "gorynych")
        rest = tuple(c for c in state.decks.monsters if c != top)
        state = replace(state, decks=replace(state.decks, monsters=(top, *rest)))
        session.record = replace(session.record, states=(*session.record.states[:-1], state))
        session.version += 1
        zone = state.zone_map
        moves = [
            a
            for a in session.legal_now()
            if isinstance(a, Move) and str(zone.hexes[a.to].site or "").startswith("danger")
        ]
        if not moves:
            continue
        window.show_screen("board")
        session.act(moves[0])
        session.show(window)
        shown = window.current_screen
        if session.state.phase == "fight" and isinstance(shown, FightView):
            view = shown
            break
    assert view is not None, "no seed with a danger in reach"
    ctx = window.ctx
    cpu_ms: dict[int, list[float]] = {}

    def draw() -> None:
        window.dispatch_event("on_draw")
        window.dispatch_events()
        ctx.finish()

    def timed(frame: Callable[[], None]) -> list[float]:
        for _ in range(5):
            frame()
        times = []
        for _ in range(args.frames):
            start, cpu = time.perf_counter(), time.process_time()
            frame()
            times.append((time.perf_counter() - start) * 1000)
            cpu_ms.setdefault(id(times), []).append((time.process_time() - cpu) * 1000)
        return times

    fight_view = view
    fight_view.skip()
    window.dispatch_event("on_update", 1 / 60)
    draw()
    still = timed(draw)

    def rolling() -> None:
        fight = fight_view.fight
        if not fight_view.queue.busy and fight is not None:
            fight_view.push_log(fight, 0)  # the steps so far, rolled again
        window.dispatch_event("on_update", 1 / 60)
        draw()

    dice = timed(rolling)

    def empty() -> None:
        window.clear()
        ctx.finish()

    nothing = timed(empty)
    print(
        f"frame of the fight screen at {window.width}x{window.height}; median of {args.frames} "
        "frames (ms; the bar: 16.7 ms = 60 fps; cpu: the process's CPU time):"
    )
    for name, times in (("fight, still", still), ("fight, dice rolling", dice), ("empty", nothing)):
        print(
            f"  {name:20} median {statistics.median(times):7.2f}   p90 "
            f"{sorted(times)[int(len(times) * 0.9)]:7.2f}   cpu median "
            f"{statistics.median(cpu_ms[id(times)]):7.2f}"
        )
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
