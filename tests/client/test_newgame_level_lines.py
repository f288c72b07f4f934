"""The new-game screen's lines saying how each bot level in play plays: every one inside the
players' panel, in both languages at every window size and UI scale (the longest, "hard" in
Russian, ran over the panel's edge)."""

from __future__ import annotations

from dataclasses import replace

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import BOT_STRENGTHS
from stalkerzone.client.screens.newgame import NewGameView
from stalkerzone.client.text import i18n
from tests.client.test_text_fits import configurations
from tests.support.text_walk import left_right, pretend_size, texts_of
from tests.support.window import opened


def test_every_bot_levels_line_stays_inside_the_players_panel(win: StalkerWindow) -> None:
    found: list[str] = []
    for lang, (w, h), setting in configurations():
        win.app.update_settings(replace(win.app.settings, language=lang, ui_scale=setting))
        with pretend_size(win, w, h):
            view = opened(win.show_screen("newgame"), NewGameView)
            view.seats = [[f"P{k}", level, None] for k, level in enumerate(BOT_STRENGTHS)]
            view.rebuild()
            left, right, _bottom, _top = view.left_box
            abouts = {i18n.t(f"newgame.strength_{level}_about") for level in BOT_STRENGTHS}
            lines = [
                t
                for t in texts_of(view)
                if t.text.rstrip("…") in {a[: len(t.text.rstrip("…"))] for a in abouts}
                and len(t.text) > 20
            ]
            assert len(lines) == len(BOT_STRENGTHS), [t.text for t in lines]
            for text in lines:
                start, end = left_right(text)
                if start < left or end > right:
                    found.append(
                        f"{lang} {w}x{h} {setting:.0%}: {text.text[:40]!r} {start:.0f}..{end:.0f} "
                        f"outside {left:.0f}..{right:.0f}"
                    )
    assert not found, "\n".join(found)
