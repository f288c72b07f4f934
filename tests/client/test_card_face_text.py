"""A full card face keeps every text inside it: a long summary (an event's whole effect, as on
the reveal of a held fight event) takes room from the art, then shrinks, and is never drawn over
the card's edge (render.card_face ``fit_summary``)."""

from __future__ import annotations

from typing import Any

import arcade
import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.render.card_face import SUMMARY_TOP, CardFace
from stalkerzone.client.text import i18n
from stalkerzone.client.text.card_words import card_summary
from stalkerzone.client.widgets import theme
from tests.support.base import base_cards
from tests.support.text_walk import text_box
from tests.support.window import frame


class Recorder:
    """A screen's ``label`` that also keeps every text it made."""

    def __init__(self, view: Any) -> None:
        self.view = view
        self.texts: list[arcade.Text] = []

    def label(self, *args: Any, **kw: Any) -> arcade.Text:
        text: arcade.Text = self.view.label(*args, **kw)
        self.texts.append(text)
        return text


@pytest.mark.slow  # every card of the base set at two sizes
@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_card_keeps_its_summary_inside_its_face_at_reveal_and_fight_size(
    win: StalkerWindow, language: str
) -> None:
    i18n.set_language(language)
    view = win.show_screen("settings")
    frame(win)
    cards = base_cards()
    checked = raised = 0
    for width, height in ((230, 330), (180, 240)):  # the reveal, the fight in a small window
        for card in cards:
            face = CardFace(card, 100, 100, width, height)
            recorder = Recorder(view)
            face.build(recorder)
            summary = next(t for t in recorder.texts if t.text and t.multiline)
            _left, right, bottom, top = text_box(summary)
            assert bottom >= face.bottom, (card.id, width, card_summary(card))
            assert top <= face.bottom + face.text_top + 1, card.id  # under the art
            assert right <= face.right + 1, card.id
            checked += 1
            raised += face.text_top > theme.px(SUMMARY_TOP)
    assert checked > 100
    assert raised > 0  # some summaries needed more than the usual room, and got it
