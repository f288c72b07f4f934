"""The bot's hint box never covers what it outlines: at a base (every tab: each row shown, the
other tabs' buttons, the heal buttons), on the board (hexes brought under the box's usual
place) and in a fight (each decision button), at 1280x800 and 1024x640. At the Laboratory's
Orders tab the box sat over the outlined row "Probe in the red zone", its name hidden."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import GameSession
from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.render.zone_layer import HEX
from stalkerzone.client.screens import hint as hint_module
from stalkerzone.client.screens.bases.screen import BaseScreen
from stalkerzone.client.screens.board.screen import BoardView
from stalkerzone.client.screens.fight.screen import FightView
from stalkerzone.client.screens.hint import (
    Box,
    Hint,
    HintOverlay,
    action_words,
    outline_bounds,
    overlap,
    place_box,
)
from stalkerzone.client.widgets import theme
from stalkerzone.engine.core import Site
from stalkerzone.engine.play import (
    Action,
    Buy,
    DeliverOrder,
    FightDecision,
    GameState,
    Heal,
    Move,
    Sell,
    TakeOrder,
)
from tests.client.test_client_board import set_state
from tests.client.test_client_screens import into_fight, start
from tests.support.game import edit, hex_of, with_reputation
from tests.support.text_walk import pretend_size
from tests.support.window import frame, opened

SIZES = ((1280, 800), (1024, 640))
TABS = ("buy", "sell", "heal", "orders")
REASON = (
    "Takes the order Probe in the red zone: reward 1350 gr.; once delivered, its +1 reputation "
    "opens Military Base; plan: head for the Epicenter (out of reach this turn); against the "
    "guardian now, with best play: win 52.8%, death 47.2%"
)


class Shown:
    """The hint the overlay shows (``bot_hint`` answers with it: the tests pick the choice)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.hint: Hint | None = None
        monkeypatch.setattr(hint_module, "bot_hint", self.answer)

    def answer(self, state: GameState, seat: int, level: str = "hard") -> Hint | None:
        return self.hint


@pytest.fixture
def shown_hint(monkeypatch: pytest.MonkeyPatch) -> Iterator[Shown]:
    yield Shown(monkeypatch)


def the_hint(view: object) -> HintOverlay:
    found = [o for o in getattr(view, "overlays", []) if isinstance(o, HintOverlay)]
    assert len(found) == 1
    return found[0]


def box_and_outline(
    win: StalkerWindow, session: GameSession, view: object, shown: Shown, action: Action
) -> tuple[Box, Box] | None:
    """The hint box and the outline's bounds with ``action`` the bot's choice (None: the screen
    does not show that choice)."""
    state = session.state
    alternatives = (action_words(action, state), action_words(action, state))
    shown.hint = Hint(action, action_words(action, state), REASON, alternatives)
    overlay = the_hint(view)
    overlay.asked = None
    session.worker.forget()
    overlay.toggle()
    frame(win, updates=2)  # a row below the list's end: scrolled to, then outlined
    assert overlay.current() == (True, shown.hint)
    outline = overlay.outline
    box = overlay.box()
    overlay.asked = None
    if not outline:
        return None
    return box, outline_bounds(outline, theme.px(2))


def clear(box: Box, target: Box, size: tuple[int, int], what: str) -> list[str]:
    """What is wrong with the box: over its target, or out of the window."""
    wrong = []
    if overlap(box, target):
        wrong.append(f"{what} at {size}: the box {box} covers the outline {target}")
    w, h = size
    if box[0] < 0 or box[1] > w or box[2] < 0 or box[3] > h:
        wrong.append(f"{what} at {size}: the box {box} leaves the window")
    return wrong


def at_the_laboratory(win: StalkerWindow) -> GameSession:
    """Boris at the Laboratory (open to him), hurt, with money, two open orders and cards to
    sell: every tab has rows."""
    session = start(win)
    state = session.state
    me = state.current_player
    there = edit(state, me, position=hex_of(state, Site.LABORATORY), cash=5000, health=8)
    there = with_reputation(there, me, 6)
    set_state(session, there)
    return session


def base_choices(view: BaseScreen, state: GameState) -> list[Action]:
    """The bot's possible choices a base screen shows: its tab's rows, the heal buttons, and
    one choice on each other tab (its tab's button is outlined)."""
    rows: dict[str, Callable[[str], Action]] = {
        "buy": lambda c: Buy(f"{c}#1"),
        "sell": Sell,
        "offer": TakeOrder,
        "order": DeliverOrder,
    }
    out: list[Action] = []
    for hit in view.hits.items:
        kind, _, rest = str(hit.key).partition(":")
        if kind in rows and rest:
            out.append(rows[kind](rest))
    if view.tab == "heal":
        out += [Heal(1), Heal(state.players[state.current_player].health)]
    others: dict[str, Action] = {
        "buy": Buy("medkit#1"),
        "sell": Sell("nothing#1"),
        "heal": Heal(1),
        "orders": TakeOrder("nothing#1"),
    }
    return out + [a for tab, a in others.items() if tab != view.tab]


def test_the_box_stays_clear_of_a_base_rows_and_buttons(
    win: StalkerWindow, shown_hint: Shown
) -> None:
    session = at_the_laboratory(win)
    wrong: list[str] = []
    outlined = 0
    for size in SIZES:
        with pretend_size(win, *size):
            for tab in TABS:
                view = opened(win.show_screen("base", tab=tab), BaseScreen)
                frame(win)
                for action in base_choices(view, session.state):
                    found = box_and_outline(win, session, view, shown_hint, action)
                    if found is not None:
                        outlined += 1
                        wrong += clear(*found, size, f"base {tab} {action}")
    assert outlined >= 30
    assert not wrong, "\n".join(wrong)


def test_the_box_stays_clear_of_a_hex_under_its_usual_place(
    win: StalkerWindow, shown_hint: Shown
) -> None:
    """Each hex in reach, the map moved so it lies where the box usually stands."""
    session = start(win)
    wrong: list[str] = []
    for size in SIZES:
        with pretend_size(win, *size):
            view = opened(win.show_screen("board"), BoardView)
            view.opening.dismiss(view)
            frame(win)
            overlay = the_hint(view)
            moves = [a for a in session.legal_now() if isinstance(a, Move)]
            assert moves
            for move in moves[:10]:
                left, bottom = overlay.anchor()
                x, y = view.camera.to_screen(*hexgeom.world(move.to.q, move.to.r, HEX))
                view.camera.pan(left + theme.px(120) - x, bottom + theme.px(50) - y)
                found = box_and_outline(win, session, view, shown_hint, move)
                assert found is not None
                wrong += clear(*found, size, f"board {move}")
    assert not wrong, "\n".join(wrong)


def test_the_box_stays_clear_of_a_fight_decision(win: StalkerWindow, shown_hint: Shown) -> None:
    session = into_fight(win)
    wrong: list[str] = []
    for size in SIZES:
        with pretend_size(win, *size):
            view = opened(win.show_screen("fight"), FightView)
            view.skip()
            frame(win, updates=2)
            decisions = [a for a in session.legal_now() if isinstance(a, FightDecision)]
            assert decisions
            for decision in decisions:
                found = box_and_outline(win, session, view, shown_hint, decision)
                if found is not None:
                    wrong += clear(*found, size, f"fight {decision}")
    assert not wrong, "\n".join(wrong)


def test_place_box_keeps_its_anchor_unless_it_covers_the_target() -> None:
    area = (0.0, 1000.0, 0.0, 600.0)
    assert place_box(400, 100, (10, 10), area, None, 8) == (10, 410, 10, 110)
    assert place_box(400, 100, (10, 10), area, (500, 600, 300, 400), 8) == (10, 410, 10, 110)
    moved = place_box(400, 100, (10, 10), area, (50, 120, 20, 80), 8)
    assert moved == (10, 410, 88, 188)  # just above the target: the nearest clear place
    wide = place_box(400, 100, (10, 10), area, (0, 1000, 0, 150), 8)
    assert not overlap(wide, (0, 1000, 0, 150)) and wide[3] <= 600
