"""Benchmark: a frame of the full board (target ≤ 8 ms median, llvmpipe, 1280×800) and the time
from start to the first interactive frame (target ≤ 2 s).

    ARCADE_HEADLESS=1 python benchmarks/bench_frame.py [--frames 200]

Measured in the same run, on the same dealt Zone (ten sectors, 190 hexes), six stalker tokens
spread over it and the HUD:

- ``board``: the client's board screen as it draws every frame (static layer cached in an
  offscreen framebuffer, one blit, then the hover path, texts of the status line and widgets);
- ``board, panning``: the camera moves every frame: the map area is drawn straight onto the
  screen from the Zone's world texture (rendered once per map/zoom change, a pan only moves it)
  with the reachable hexes and tokens on top; HUD and buttons are blitted around it from the
  cache;
- ``board, zooming``: the zoom changes every frame (a wheel spun on): the world texture is drawn
  scaled; it is rendered again at the new zoom once the zoom stays put for a frame;
- ``board, zoom settles``: every frame renders the world texture again (what the first frame
  after a zoom change costs);
- ``board, cache off``: the whole cached layer rendered every frame (map from the world
  texture, HUD texts, widgets);
- ``board, token walking``: a stalker's token walks a long path hex by hex (drawn every frame
  over the cached layer, at the animation speed 1); the animations' bar is 60 fps (16.7 ms);
- ``board, card flying``: a card flies from a stalker's hex to the side panel, one after
  another;
- ``naive``: the same hexes, roads and sites drawn with ``draw_polygon_filled`` / ``draw_line``
  calls every frame, plus the HUD texts with ``draw_text``;
- ``empty``: a screen that only clears the window (arcade's ``Window.clear``), through the
  same frame path (the bar: a still board within 1.3× of it, printed as a ratio);
- ``stalker card``, ``base``: the stalker card and the Village's shop as they draw every still
  frame (card faces from their cached thumbnails), the stalkers at their start.

Every frame ends with ``ctx.finish()`` so the time includes the rendering, not only the calls.
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("ARCADE_HEADLESS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

FIRST_FRAME = """
import time, os, sys
t0 = float(sys.argv[1])
os.environ.setdefault("ARCADE_HEADLESS", "1")
from stalkerzone.client.app.window import Presets, make_context, open_window
app = make_context(Presets())
opened = time.time()
window = open_window(app)
window.show_screen("title")
window.dispatch_event("on_draw")
window.dispatch_events()
window.ctx.finish()
done = time.time()
print(done - t0, done - opened)
"""


def first_frame() -> tuple[float, float]:
    """(process start → first title frame, window creation → first frame), seconds."""
    started = time.time()
    out = subprocess.run(
        [sys.executable, "-c", FIRST_FRAME, str(started)],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "ARCADE_HEADLESS": "1"},
    ).stdout.split()
    return float(out[0]), float(out[1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=200)
    args = parser.parse_args()

    import arcade

    from stalkerzone.client.app.context import AppContext, Presets
    from stalkerzone.client.app.window import StalkerWindow
    from stalkerzone.client.controller.session import GameSession, GameSpec, SeatSpec
    from stalkerzone.client.render import hex_geometry as hexgeom
    from stalkerzone.client.render.token_walk import HEXES_PER_SECOND
    from stalkerzone.client.render.zone_layer import HEX
    from stalkerzone.client.screens.board import BoardView
    from stalkerzone.client.widgets import theme
    from stalkerzone.engine.zone import neighbours

    home = Path(os.environ.setdefault("STALKERZONE_HOME", "/tmp/stalkerzone-bench"))
    home.mkdir(parents=True, exist_ok=True)
    window = StalkerWindow(AppContext(presets=Presets()), (1280, 800))
    window.raise_errors = True
    window.long_lived.enabled = True  # as in the game's window (open_window)
    app = window.app
    names = ("Anna", "Boris", "Vera", "Gleb", "Dina", "Egor")
    stalkers = [s.id for s in app.cards().cards.stalkers]
    seats = tuple(SeatSpec(names[k], stalkers[k % len(stalkers)]) for k in range(6))
    session = GameSession.start(app, GameSpec(seed=11, seats=seats, zone_mode="free"))
    session.worker.synchronous = True
    session.autosave_enabled = False
    # Spread the six tokens over the Zone (benchmark set-up only, not a game action).
    state = session.state
    at_start = state
    spots = sorted(state.zone_map.hexes)[:: max(1, len(state.zone_map.hexes) // 6)][:6]
    players = tuple(replace(p, position=spots[k]) for k, p in enumerate(state.players))
    record = session.record
    session.record = replace(record, states=(*record.states[:-1], replace(state, players=players)))
    session.version += 1
    app.session = session
    session.viewer = state.current_player
    view = window.show_screen("board")
    assert isinstance(view, BoardView)
    view.camera.fit(margin=HEX)  # the whole Zone on screen
    view.opening.dismiss(view)  # a board in play: the opening banner (it waits for Space) gone
    ctx = window.ctx
    cpu_ms: dict[int, list[float]] = {}  # CPU time per frame of each list of wall times

    def draw() -> None:
        window.dispatch_event("on_draw")
        window.dispatch_events()
        ctx.finish()

    def timed(prepare: object = None, frame: Callable[[], None] = draw) -> list[float]:
        for _ in range(5):
            if callable(prepare):
                prepare()
            frame()
        times = []
        for _ in range(args.frames):
            if callable(prepare):
                prepare()
            start, cpu = time.perf_counter(), time.process_time()
            frame()
            times.append((time.perf_counter() - start) * 1000)
            cpu_ms.setdefault(id(times), []).append((time.process_time() - cpu) * 1000)
        return times

    board = timed()
    start_position = view.camera.position

    def pan() -> None:
        x, y = view.camera.position
        view.camera.camera.position = (x + 0.5, y)

    panning = timed(pan)
    view.camera.camera.position = start_position
    start_zoom = view.camera.zoom
    steps = itertools.cycle([1.15, 1.15, 1 / 1.15, 1 / 1.15])

    def zoom() -> None:
        view.camera.camera.zoom = view.camera.zoom * next(steps)

    zooming = timed(zoom)
    view.camera.camera.zoom = start_zoom

    def settle() -> None:
        view.world.invalidate()
        pan()

    settling = timed(settle)
    view.camera.camera.position = start_position
    uncached = timed(view.cache.invalidate)

    me = view.view.current_player
    here = view.positions[me]
    zone_map = view.view.zone_map
    path = [here]
    while len(path) < 40:  # back and forth along the Zone: a walk that outlasts the frames
        around = [h for h in neighbours(path[-1]) if h in zone_map.hexes]
        ahead = [h for h in around if h not in path[-3:]] or around
        path.append(sorted(ahead)[len(path) % len(ahead)])
    view.motion.walk.start(me, path)
    view.version += 1
    view.build_tokens()

    def walk() -> None:
        view.motion.walk.update(1 / 60, HEXES_PER_SECOND)
        if not view.motion.walk.active:
            view.motion.walk.start(me, path)

    walking = timed(walk)
    view.motion.walk.stop()
    view.version += 1
    view.build_tokens()
    frm, to = view.motion.hex_spot(view, me), view.motion.panel_spot(view, me)
    assert frm is not None

    def fly() -> None:
        view.motion.flights.update(1 / 60, 1.0)
        if not view.motion.flights.active:
            view.motion.flights.launch(["medkit"], frm, to)

    flying = timed(fly)
    view.motion.flights.finish()

    hexes = view.hexes
    texts = [t.text for t in view._texts][:60]

    def naive() -> None:
        window.clear(color=theme.BG)
        with view.camera.activate():
            for h, placed in hexes.items():
                x, y = hexgeom.world(h.q, h.r, HEX)
                points = hexgeom.corners(x, y, HEX)
                arcade.draw_polygon_filled(points, theme.TERRAIN[placed.tile.terrain])
                arcade.draw_polygon_outline(points, theme.HEX_EDGE, 1)
                for side in placed.roads:
                    n = hexgeom.world(
                        h.q + (1, 0, -1, -1, 0, 1)[side], h.r + (0, 1, 1, 0, -1, -1)[side], HEX
                    )
                    arcade.draw_line(x, y, (x + n[0]) / 2, (y + n[1]) / 2, theme.ROAD, HEX * 0.2)
                if placed.tile.site is not None:
                    arcade.draw_circle_filled(x, y, HEX * 0.5, theme.SITE_COLOUR[placed.tile.site])
            for index, where in view.positions.items():
                x, y = hexgeom.world(where.q, where.r, HEX)
                arcade.draw_circle_filled(x, y, HEX * 0.55, theme.PLAYER_COLOURS[index])
        for k, text in enumerate(texts):
            arcade.draw_text(text, 990, 780 - k * 13, theme.TEXT, 10, font_name="Liberation Sans")
        ctx.finish()

    window.remove_handlers(view)
    naive_times = timed(frame=naive)

    class EmptyView(arcade.View):
        """A screen that only clears the window (arcade's clear), through the same frame path
        as the board: its draw dispatched, the window's events polled, the rendering
        finished."""

        def on_draw(self) -> None:
            self.window.clear(color=theme.BG)

    window.show_view(EmptyView())
    empty_times = timed()
    session.record = replace(session.record, states=(*session.record.states[:-1], at_start))
    session.version += 1
    window.show_screen("stalker")
    stalker_card = timed()
    window.show_screen("base")
    base = timed()

    total, after_open = first_frame()
    print(
        f"frame of the full board at {window.width}x{window.height}, {len(hexes)} hexes, "
        f"6 tokens, HUD; median of {args.frames} frames (ms; cpu: the process's CPU time, which a "
        "busy machine inflates less than the wall clock):"
    )
    rows = (
        ("board", board),
        ("board, panning", panning),
        ("board, zooming", zooming),
        ("board, zoom settles", settling),
        ("board, cache off", uncached),
        ("board, token walking", walking),
        ("board, card flying", flying),
        ("naive", naive_times),
        ("empty", empty_times),
        ("stalker card", stalker_card),
        ("base", base),
    )
    for name, times in rows:
        print(
            f"  {name:20} median {statistics.median(times):7.2f}   p90 "
            f"{sorted(times)[int(len(times) * 0.9)]:7.2f}   cpu median "
            f"{statistics.median(cpu_ms[id(times)]):7.2f}"
        )
    still, blank = statistics.median(board), statistics.median(empty_times)
    print(f"still board / empty frame: {still / blank:.2f}x (the bar: 1.3x)")
    print(
        f"first interactive frame: {total:.2f} s from process start "
        f"({after_open:.2f} s from opening the window)"
    )
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
