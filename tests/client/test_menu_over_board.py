"""The game menu (Esc) opens over the game, which stays in view dimmed (it was a black
screen: the board vanished), as the rules reference does."""

from __future__ import annotations

import arcade
from PIL import ImageStat

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.screens.menu import MenuView
from tests.client.test_client_board import start, to_board
from tests.support.window import frame, key, pixels, shown


def test_the_menu_shows_the_board_dimmed_behind_it(win: StalkerWindow) -> None:
    view = to_board(win, start(win))
    key(win, arcade.key.SPACE)  # the banner over the dealt Zone goes
    frame(win, updates=2)
    area = (40, 200, 300, 600)  # the map's left side, beside the menu's panel
    before = ImageStat.Stat(pixels(win).crop(area).convert("L"))
    key(win, arcade.key.ESCAPE)
    menu = shown(win, MenuView)
    frame(win)
    assert menu.back is view
    after = ImageStat.Stat(pixels(win).crop(area).convert("L"))
    assert after.stddev[0] > 0.25 * before.stddev[0] > 0, "the board is not seen behind"
    assert after.mean[0] < 0.8 * before.mean[0], "the board behind the menu is not dimmed"
