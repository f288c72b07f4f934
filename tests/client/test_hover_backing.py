"""The board's hover line: when it wraps to a second line it rises above the bar under the map,
and the bar's panel grows under it, so its words never lie on the map's hexes."""

from __future__ import annotations

from dataclasses import replace

from stalkerzone.client.app.settings import UI_SCALES
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.screens.board import BoardView, hud
from stalkerzone.client.widgets import theme
from tests.client.test_text_fits import game, hover_targets
from tests.support.window import frame, opened, pixels


def near(colour: tuple[int, ...], wanted: tuple[int, ...], slack: int = 14) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(colour[:3], wanted[:3], strict=True))


def test_a_wrapped_hover_line_lies_on_the_bars_panel_not_on_the_map(win: StalkerWindow) -> None:
    win.app.update_settings(replace(win.app.settings, language="ru", ui_scale=max(UI_SCALES)))
    play = game(win, "free")
    targets = hover_targets(play)
    win.app.session = play
    board = opened(win.show_screen("board"), BoardView)
    band = theme.px(hud.BOTTOM_H)
    wrapped = 0
    for h in targets.values():
        board.hover = None
        hud.show_hover(board, h)
        frame(win)
        text = board.hover_text
        top = text.y + text.content_height
        if top <= band:
            continue
        wrapped += 1
        image = pixels(win)
        # just right of the text's column, between the bar's edge and the line's top
        x = win.width - board.hud_w - 4
        for y in range(int(band) + 2, int(top), 4):
            colour = image.getpixel((x, win.height - y))
            assert isinstance(colour, tuple)
            assert near(colour, theme.PANEL), (x, y, colour)
    assert wrapped, "no hover line wrapped: the test shows nothing"
