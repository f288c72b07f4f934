"""The menus' hex field is built once per window size and seed and kept by the window: every
hand-over page built its ~400 hexes again (the longest part of passing the screen)."""

from __future__ import annotations

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.render.backdrop import KEPT, Backdrops
from stalkerzone.client.screens.handover import HandoverView
from tests.client.test_client_board import start
from tests.support.window import frame, opened


def test_hand_over_pages_share_one_backdrop_kept_by_the_window(win: StalkerWindow) -> None:
    session = start(win)
    first = opened(win.show_screen("handover", player=0, then="board"), HandoverView)
    frame(win)
    second = opened(win.show_screen("handover", player=1, then="board"), HandoverView)
    frame(win)
    assert first.back_shapes is not None and first.back_shapes is second.back_shapes
    assert session.state.players


def test_the_window_keeps_only_the_last_few_backdrops() -> None:
    kept = Backdrops()
    first = kept.get(200, 100, seed=1)
    assert kept.get(200, 100, seed=1) is first
    for seed in range(2, 2 + KEPT):
        kept.get(200, 100, seed=seed)
    assert len(kept.kept) == KEPT and kept.get(200, 100, seed=1) is not first
