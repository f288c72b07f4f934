"""The hand-over page: every line sits inside the dark band (the "Alex's turn · round 1" line
straddled its top edge), in English and Russian at the window sizes players use."""

from __future__ import annotations

import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.screens.handover import HandoverView
from stalkerzone.client.text import i18n
from tests.client.test_client_board import start
from tests.support.text_walk import pretend_size, text_box, texts_of
from tests.support.window import frame


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_every_line_of_the_hand_over_page_is_inside_its_band(
    win: StalkerWindow, lang: str, size: tuple[int, int]
) -> None:
    i18n.set_language(lang)
    start(win)
    with pretend_size(win, *size):
        view = win.show_screen("handover", player=0)
        assert isinstance(view, HandoverView)
        frame(win)
        bottom, top = view.band
        for text in texts_of(view):
            _l, _r, low, high = text_box(text)
            assert bottom <= low and high <= top, (text.text, (low, high), view.band)
