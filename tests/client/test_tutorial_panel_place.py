"""The lesson's panel hides nothing the step needs: played through by its targets at two window
sizes, on every frame the panel's drawn box never overlaps the lit target, nor in a fight the
round log, the odds, the dice, the buttons, the stalker's side or the monster's stats, nor at a
base the stalker's side (its card), nor on the stalker card the character's card or the
backpack (measured on the screens' own rectangles)."""

from __future__ import annotations

import pytest

from stalkerzone.client.app.context import AppContext, Presets
from stalkerzone.client.app.settings import Settings
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.tutorial.overlay import Box, overlaps, target_rect
from stalkerzone.client.widgets.hits import Hit
from tests.client.test_tutorial_play import LIMIT, act_on, start_lesson
from tests.support.window import current, frame


def kept_clear(view: object) -> dict[str, Box]:
    """What the screen shows that no step may hide, by name (window boxes)."""
    kind = getattr(view, "kind", "")
    hits: list[Hit] = list(getattr(getattr(view, "hits", None), "items", ()))
    if kind == "fight":
        boxes = dict(getattr(view, "panels", {}))
        boxes.pop("monster")  # its foot (the colours table) is where the panel sits
        for hit in hits:
            if hit.key == "stats":
                boxes["monster stats"] = (hit.left, hit.right, hit.bottom, hit.top)
        return boxes
    if kind == "base":
        return {"stalker's side": view.side_box}  # type: ignore[attr-defined]
    if kind == "stalker":
        boxes = {"backpack": view.pack_box}  # type: ignore[attr-defined]
        for hit in hits:
            if isinstance(hit.key, str) and hit.key.startswith("stalker:"):
                boxes["character card"] = (hit.left, hit.right, hit.bottom, hit.top)
        return boxes
    return {}


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_panel_never_hides_the_target_the_round_log_or_the_stalker(
    win: StalkerWindow, size: tuple[int, int]
) -> None:
    win.reset(AppContext(presets=Presets(), settings=Settings()), size)
    win.raise_errors = True
    session = start_lesson(win)
    lesson = session.lesson
    assert lesson is not None
    seen: set[str] = set()
    for _ in range(LIMIT):
        frame(win)
        step = lesson.current_step
        if step is None:
            break
        view = current(win)
        panel = session.overlay.shown_box
        lit = target_rect(view, step.target)
        if lit is not None:
            assert not overlaps(panel, lit), (step.number, view.kind, panel, lit)
        for name, box in kept_clear(view).items():
            assert not overlaps(panel, box), (step.number, view.kind, name, panel, box)
        seen.add(view.kind)
        act_on(win, step.target)
    assert lesson.finished
    assert {"layout", "board", "base", "stalker", "fight"} <= seen
