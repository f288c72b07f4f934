"""The stalker card's "last received" line (EQ-10, TROPHY-1) names what came most recently: the
trophy of a fight just won, not the purchases of a turn before it."""

from __future__ import annotations

import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import LogLine
from stalkerzone.client.screens.stalker import holdings
from stalkerzone.client.screens.stalker.screen import StalkerView
from stalkerzone.client.text import i18n
from stalkerzone.client.text.card_words import card_name, colour_name
from stalkerzone.engine.core import Colour, Note
from stalkerzone.engine.play import Buy, Trophy
from tests.client.test_client_board import set_state, start
from tests.support.game import edit, take
from tests.support.window import frame, opened


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_trophy_of_a_fight_just_won_is_the_last_received_not_last_turns_purchases(
    win: StalkerWindow, language: str
) -> None:
    i18n.set_language(language)
    try:
        session = start(win)
        me = session.state.current_player
        set_state(session, edit(session.state, me, cash=5000))
        bought = [a for a in session.legal_now() if isinstance(a, Buy)][:2]
        assert len(bought) == 2
        for action in bought:  # two purchases at the base: their gained lines in the log
            session.act(action)
        state = session.state
        name = state.players[me].name
        purchases = holdings.gained_lines(session.log, state, state.players[me])
        assert len(purchases) == 2, purchases
        # two turns later the stalker wins a fight: the trophy, as the engine notes it
        state, dog = take(state, "blind-dog")
        state = edit(state, me, trophies=(Trophy(dog, Colour.YELLOW),))
        later = state.turn + 2
        trophy = Note(
            "TROPHY-1", "trophy_taken", "x", player=name, card="blind-dog", colour="yellow"
        )
        set_state(session, state)
        session.log.append(LogLine(later, name, trophy))
        dog_words = i18n.t(
            "gained.trophy",
            card=card_name(state.cards.get("blind-dog")),
            colour=colour_name(Colour.YELLOW),
        )
        assert holdings.gained_lines(session.log, state, state.players[me]) == [dog_words]
        view = opened(win.show_screen("stalker", player=me), StalkerView)
        frame(win)
        texts = " ".join(text.text for text in view._texts)
        assert dog_words in texts
        assert not any(line in texts for line in purchases)  # last turn's news is gone
    finally:
        i18n.set_language("en")
