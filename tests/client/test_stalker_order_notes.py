"""What an order asks (ORDER-1) on the stalker card is read whole at the notes' size: one line,
or two lines broken between phrases (never inside a quoted name or brackets), never shrunk
below the style guide's smallest type and never cut with "…" — every order of the base set, in
English and Russian, at the largest and the smallest window, beside a trophy."""

from __future__ import annotations

from typing import Any

import arcade
import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.render.card_face import CardFace
from stalkerzone.client.screens.bases.presenter import requirement_text
from stalkerzone.client.screens.stalker.screen import StalkerView, owned_grid
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import theme
from stalkerzone.engine.core import Colour
from stalkerzone.engine.play import OpenOrder, Trophy
from tests.client.test_client_board import set_state, start
from tests.support.game import edit, take
from tests.support.text_walk import pretend_size
from tests.support.window import frame, opened


class Recorder:
    """Stands in for a screen while a face builds its texts: each label's text and size."""

    def __init__(self) -> None:
        self.labels: list[tuple[str, float]] = []

    def label(self, text: str, x: float, y: float, size: float, *args: Any, **kw: Any) -> Any:
        self.labels.append((text, size))
        return arcade.Text(text, 0, 0)


def plain(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


def note_shown(face: CardFace) -> tuple[str, float]:
    """The note's label on a face: its text (as drawn, lines and all) and size."""
    recorder = Recorder()
    face.build(recorder)
    return next((text, size) for text, size in recorder.labels if plain(text) == plain(face.note))


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_every_order_asks_whole_on_the_stalker_card(
    win: StalkerWindow, lang: str, size: tuple[int, int]
) -> None:
    i18n.set_language(lang)
    try:
        session = start(win)
        state = session.state
        me = state.current_player
        orders = list(state.cards.orders)
        asked = {getattr(order.requirement, "monster", "") for order in orders}
        # a trophy beside the orders that none of them asks for (its order would read "ready")
        monster = next(m for m in state.cards.monsters if m.id not in asked)
        state, trophy = take(state, monster.id)
        state = edit(state, me, trophies=(Trophy(trophy, Colour.YELLOW),))
        cap = state.variant.max_open_orders
        symbols = win.app.settings.colour_blind_symbols
        for start_at in range(0, len(orders), cap):
            held = state
            taken = []
            for order in orders[start_at : start_at + cap]:
                held, instance = take(held, order.id)
                taken.append(OpenOrder(instance))
            set_state(session, edit(held, me, open_orders=tuple(taken)))
            with pretend_size(win, *size):
                view = opened(win.show_screen("stalker"), StalkerView)
                frame(win)
            faces = {face.card.id: face for face in view.owned_faces}
            for order in orders[start_at : start_at + cap]:
                assert order.id in faces, (order.id, sorted(faces))  # shown, not "n more"
                face = faces[order.id]
                asks = requirement_text(held, order, symbols)
                text, shown_at = note_shown(face)
                assert plain(text) == plain(asks) and "…" not in text, (text, asks)
                assert shown_at >= theme.TYPE_TINY, (order.id, shown_at)
                assert text.count("\n") <= 1, text
                for line in text.split("\n"):  # a break between phrases, never inside one
                    assert line.count("«") == line.count("»"), text
                    assert line.count("(") == line.count(")"), text
    finally:
        i18n.set_language("en")


def test_an_order_takes_a_whole_row_and_n_more_takes_the_first_free_cell() -> None:
    trophy, order = False, True
    assert owned_grid([trophy, order, order], 3) == ([(0, 0, 1), (1, 0, 2), (2, 0, 2)], (3, 0))
    assert owned_grid([trophy, order], 1) == ([(0, 0, 1)], (0, 1))  # "1 more" beside it
    assert owned_grid([trophy, trophy, trophy], 1) == ([(0, 0, 1)], (0, 1))
    assert owned_grid([order, order, trophy], 2) == ([(0, 0, 2)], (1, 0))
