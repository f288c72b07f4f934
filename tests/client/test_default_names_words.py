"""A seat's default name is stored in English ("Player 2", "Bot 3") and read in the language of
the moment everywhere a name is shown (TURN-2): the turn log, the reveals, the save list."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from stalkerzone.client.controller.save_files import SaveSummary
from stalkerzone.client.controller.turn_log import LogLine
from stalkerzone.client.screens.board.log_words import line_words
from stalkerzone.client.screens.board.presenter import log_line
from stalkerzone.client.screens.reveal.presenter import anomaly_reveal
from stalkerzone.client.screens.saves import save_row
from stalkerzone.client.text import engine_text, i18n
from stalkerzone.engine.core import Note
from tests.support.game import edit, fresh


@pytest.fixture
def russian() -> Iterator[None]:
    i18n.set_language("ru")
    try:
        yield
    finally:
        i18n.set_language("en")


def test_default_names_read_in_russian_and_typed_names_stay(russian: None) -> None:
    assert i18n.player_name("Player 2") == "Игрок 2"
    assert i18n.player_name("Bot 3", "easy") == "Бот 3"
    assert i18n.player_name("Bot 3") == "Бот 3"  # a bot's default name on any seat
    assert i18n.player_name("Анна Каренина") == "Анна Каренина"
    assert i18n.player_name("Player 02") == "Player 02"  # not a default the screen gives


def test_the_save_list_names_default_seats_in_russian(russian: None) -> None:
    title, _ = save_row("x", SaveSummary(("Анна Каренина", "Player 2", "Bot 3"), 3, None))
    assert title.startswith("Анна Каренина, Игрок 2, Бот 3")


def test_log_lines_and_notes_name_default_seats_in_russian(russian: None) -> None:
    kept = Note("EVENT-1", "event_kept", "EVENT-1: Bot 3 keeps a fight event", player="Bot 3")
    hidden = log_line(kept, "Player 1")
    assert isinstance(hidden, str) and "Бот 3" in hidden and "Bot " not in hidden
    element = Note("ANOM-1", "anomaly_element", "ANOM-1: rolled 5", face=5)
    said = line_words(LogLine(3, "Player 2", element), "Player 1", None, ())
    assert "Игрок 2" in said and "Player " not in said
    restored = Note("EVENT-1", "protection_restored", "EVENT-1: protection is whole")
    falls = Note("FIGHT-6", "stalker_falls", "FIGHT-6: Bot 3 falls", player="Bot 3")
    for note in (restored, falls):  # each line from a capital letter, the catalogue's as it is
        line = line_words(LogLine(3, "Bot 3", note), "Player 1", None, ())
        assert line[:1].isupper() and line[1:] == engine_text.words(note)[1:]
    shown = Note("EVENT-1", "event_kept", "EVENT-1: kept", player="Bot 3", card="x")
    found = engine_text.words(shown)
    assert found.startswith("Бот 3 оставляет") and "Bot " not in found


def test_a_reveal_names_a_default_seat_in_russian(russian: None) -> None:
    state = edit(fresh(players=3), 2, name="Bot 3", bot="easy")
    state = edit(state, 1, name="Player 2")
    for who in (1, 2):
        note = Note("ANOM-1", "anomaly_element", "ANOM-1: rolled 5", face=5)
        shown = anomaly_reveal(note, state, who)
        text = " ".join((shown.title, *shown.lines, shown.goes_to))
        assert "Bot " not in text and "Player " not in text
        assert ("Игрок 2" if who == 1 else "Бот 3") in shown.title


def test_a_bots_fight_title_and_the_end_screens_luck_name_it_in_russian(russian: None) -> None:
    from dataclasses import replace
    from types import SimpleNamespace
    from typing import cast

    from stalkerzone.client.screens.fight.presenter import _watch_title
    from stalkerzone.client.screens.gameover import luck_text
    from stalkerzone.engine.play import FightState
    from stalkerzone.story.model import StalkerStory

    state = edit(fresh(players=3), 2, name="Bot 3", bot="easy")
    held = cast(FightState, SimpleNamespace(player=2))  # the title reads whose fight it is only
    assert _watch_title(held, state) == "Бой: Бот 3"
    story = StalkerStory(2, "Bot 3", "nosorog", None, (), 0, 0, 0, 0.0, 0.0)
    for luck in (0.0, 2.0):
        assert "Бот 3" in luck_text(replace(story, luck=luck))
