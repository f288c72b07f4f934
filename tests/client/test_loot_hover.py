"""Hovering a loot sack says whose loot it is and what it holds as far as the viewer may know
(DEATH-1, DEATH-2), first on the line and at the Epicenter too, in English and Russian."""

from __future__ import annotations

from dataclasses import replace

import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.text import i18n
from stalkerzone.engine.core import Colour
from stalkerzone.engine.play import LootPile, Trophy
from stalkerzone.engine.zone import Hex
from tests.client.test_client_board import set_state, start, to_board
from tests.client.test_deliberate_acts import epicenter_of, hover

WORDS = {
    "en": ("Your loot: AK-47, Medkit, 1 trophy, 200 gr., 2 Elements", "Boris's loot: what"),
    "ru": ("Ваш хабар: АК-47, Аптечка, 1 трофей, 200 гр., 2 Элемента", "Хабар игрока Boris:"),
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_hovering_a_loot_sack_says_whose_it_is_and_what_it_holds(
    win: StalkerWindow, lang: str
) -> None:
    i18n.set_language(lang)
    try:
        session = start(win)
        view = to_board(win, session)
        me = session.state.current_player
        assert session.state.players[me].name == "Anna"
        trophy = Trophy("snork#1", Colour.GREEN)
        mine = LootPile(Hex(0, 1), me, ("ak-47#1", "medkit#1"), (trophy,), money=200, elements=2)
        theirs = LootPile(Hex(1, 0), 1 - me, ("toz-34#1",), money=50)
        state = session.state
        set_state(session, replace(state, loot=(mine, theirs)))
        view.state_changed()
        own, other = WORDS[lang]
        hover(win, view, mine.hex)
        assert view.hover_text.text.replace("\n", " ").startswith(own), view.hover_text.text
        hover(win, view, theirs.hex)  # not seen without a Zombie card (DEATH-2)
        assert other not in view.hover_text.text.replace("\n", " ")
        zombie = replace(state.players[me], zombie_turns=2)
        players = tuple(zombie if k == me else p for k, p in enumerate(state.players))
        set_state(session, replace(state, loot=(mine, theirs), players=players))
        view.state_changed()
        assert sorted(own for _x, _y, own in view.loot_marks.spots) == [False, True]  # DEATH-2
        hover(win, view, Hex(0, 1))
        hover(win, view, theirs.hex)
        line = view.hover_text.text.replace("\n", " ")
        assert line.startswith(other) and "ТОЗ" not in line and "TOZ" not in line, line
        assert "50" not in line  # what another's pile holds is never shown
    finally:
        i18n.set_language("en")


def test_a_sack_at_the_epicenter_is_named_before_the_guardian(win: StalkerWindow) -> None:
    session = start(win)
    view = to_board(win, session)
    me = session.state.current_player
    where = epicenter_of(session)
    state = session.state
    set_state(session, replace(state, loot=(LootPile(where, me, ("ak-47#1",)),)))
    view.state_changed()
    hover(win, view, where)
    line = view.hover_text.text.replace("\n", " ")
    assert line.startswith("Your loot: AK-47") and "Guardian of the Epicenter" in line, line
