"""A full card face keeps every text inside it: a long summary (an event's whole effect, as on
the reveal of a held fight event) takes room from the art, then shrinks, and is never drawn over
the card's edge (render.card_face ``fit_summary``)."""

from __future__ import annotations

from typing import Any

import arcade
import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.render.card_face import COMPACT_WRAP, SUMMARY_TOP, CardFace
from stalkerzone.client.text import i18n
from stalkerzone.client.text.card_words import card_summary
from stalkerzone.client.widgets import text_fit, theme
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


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_long_summary_on_a_row_tile_wraps_to_two_legible_lines_never_shrunk_or_cut(
    win: StalkerWindow, language: str
) -> None:
    """The orders' tiles at a base (``theme.TILE_HEIGHT`` high): "Anomaly readings" and "Lost
    scout" say their whole task in two lines at 9 points, inside the tile."""
    i18n.set_language(language)
    view = win.show_screen("settings")
    frame(win)
    wrapped = 0
    for card in base_cards():
        face = CardFace(card, 100, 100, 300, theme.px(theme.TILE_HEIGHT), compact=True)
        recorder = Recorder(view)
        face.build(recorder)
        summary = card_summary(card)
        if not summary:
            continue
        room = face.right - theme.px(7) - face.text_left
        if text_fit.wrap_words(summary, room, COMPACT_WRAP).count("\n") > 1:
            continue  # more than two lines: cut, as before
        shown = [t for t in recorder.texts if t.text.replace("\n", " ") == summary]
        assert shown, (card.id, summary, [t.text for t in recorder.texts])  # whole, never cut
        text = shown[0]
        assert text.font_size >= theme.px(COMPACT_WRAP) - 0.01, (card.id, text.font_size)
        if text.multiline:
            wrapped += 1
            _left, right, bottom, top = text_box(text)
            assert bottom >= face.bottom and top <= face.top and right <= face.right + 1
    assert wrapped > 0
    i18n.set_language("en")
