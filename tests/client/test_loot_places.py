"""Places are named in words, never hex coordinates (MAP-1, DEATH-1): a loot pile lies at a
base or the Epicenter by name, elsewhere in a sector by its name, in English and Russian."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.screens.stalker import holdings
from stalkerzone.client.screens.stalker.screen import StalkerView
from stalkerzone.client.text import i18n
from stalkerzone.engine.core import Site
from stalkerzone.engine.play import LootPile
from tests.client.test_client_board import set_state, start, to_board
from tests.client.test_deliberate_acts import epicenter_of, hover
from tests.support.game import fresh
from tests.support.window import frame, opened

COORDINATES = re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)")
EPICENTER = {"en": "Epicenter", "ru": "Эпицентр"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_loot_lines_name_every_hex_in_words(lang: str) -> None:
    i18n.set_language(lang)
    try:
        state = fresh(3)
        for where, info in state.zone_map.hexes.items():
            pile = LootPile(where, 0, ("ak-47#1",), money=50, elements=1)
            (line,) = holdings.loot_lines(replace(state, loot=(pile,)), 0)
            assert not COORDINATES.search(line), line
            if info.site == Site.EPICENTER:
                assert f"({EPICENTER[lang]})" in line, line
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_stalker_card_and_the_board_show_no_coordinates(win: StalkerWindow, lang: str) -> None:
    i18n.set_language(lang)
    try:
        session = start(win)
        board = to_board(win, session)
        me = session.state.current_player
        where = epicenter_of(session)
        pile = LootPile(where, me, ("ak-47#1", "medkit#1"), money=50, elements=1)
        set_state(session, replace(session.state, loot=(pile,)))
        board.state_changed()
        hover(win, board, where)
        assert not COORDINATES.search(board.hover_text.text), board.hover_text.text
        view = opened(win.show_screen("stalker"), StalkerView)
        frame(win)
        texts = [t.text for t in view._texts]
        found = [text for text in texts if EPICENTER[lang] in text]
        assert found, texts
        assert not [text for text in texts if COORDINATES.search(text)]
    finally:
        i18n.set_language("en")
