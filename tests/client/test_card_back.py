"""A card shown face down (a bot's fight event kept for its next fight, EVENT-1, TURN-3) is drawn
as the game's card back, as printed and as a pile of loot shows it in flight: the event deck's
colour, the cream trefoil in its middle, the game's and the deck's names under it in the
reader's language, not an empty frame."""

from __future__ import annotations

import pytest
from PIL import Image

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import GameSession, GameSpec, SeatSpec
from stalkerzone.client.render.card_back import CREAM, back_words
from stalkerzone.client.screens.board import BoardView
from stalkerzone.client.screens.reveal.presenter import Reveal
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import theme
from tests.support.window import colours, frame, pixels, shown


def face_down_card(win: StalkerWindow) -> Image.Image:
    """The reveal's card box, drawn over the board for a bot's face-down fight event."""
    seats = (SeatSpec("Anna", "gromoboy"), SeatSpec("Boris", "nosorog", "normal"))
    session = GameSession.start(win.app, GameSpec(seed=5, seats=seats, zone_mode="free"))
    session.worker.synchronous = True
    session.autosave_enabled = False
    win.app.session = session
    win.show_screen("board")
    frame(win, updates=2)
    view = shown(win, BoardView)
    kept = Reveal(
        "held_event",
        1,
        i18n.t("reveal.kept_title", player="Boris"),
        "monster-first",
        (i18n.t("reveal.kept_line"),),
        rule="EVENT-1",
        private=True,
        hidden=(i18n.t("reveal.kept_hidden"),),
    )
    view.reveals.current = kept.seen_by(0)  # what the human at the screen may see of it
    view.reveals.timer = 60.0
    assert view.reveals.current.card is None
    frame(win, updates=0)
    left, bottom, width, height = view.reveals.card_box
    top = win.height - bottom
    return pixels(win).crop((int(left), int(top - height), int(left + width), int(top)))


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_face_down_event_shows_the_card_back_with_the_games_name(
    win: StalkerWindow, language: str
) -> None:
    i18n.set_language(language)
    card = face_down_card(win)
    w, h = card.size
    middle = colours(card.crop((int(w * 0.3), int(h * 0.3), int(w * 0.7), int(h * 0.55))))
    assert middle.count(tuple(CREAM)[:3]) > w * h * 0.01  # the trefoil fills its middle
    event = tuple(theme.CARD_KIND["event"])[:3]
    assert colours(card).count(event) > w * h * 0.3  # on the event deck's colour
    foot = card.crop((int(w * 0.1), int(h * 0.72), int(w * 0.9), int(h * 0.9)))
    assert len(set(colours(foot))) > 8  # the names' letters, anti-aliased
    title, deck = back_words(w, "event")
    assert title.text == i18n.t("app.title").upper() and 0 < title.content_width <= w * 0.8
    assert deck.text == i18n.t("reveal.back_event").upper() != "REVEAL.BACK_EVENT"
