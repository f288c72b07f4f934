"""Text fields behave like every text field: the caret goes where the click is, Home/End,
Ctrl+A, Backspace/Delete, copy/cut/paste, Cyrillic letters typed from a Russian layout (they
arrive as ``on_text`` events), and the text sits in the middle of its box. Also one stalker
per seat on the new-game screen (ST-3)."""

from __future__ import annotations

import arcade
import pytest
from pyglet.window import key as keys

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.screens.newgame import NewGameView
from stalkerzone.client.widgets.text_field import TextField
from tests.support.window import click, click_button, frame, opened, pixels


class Memory:
    """A clipboard for tests (a headless window has none)."""

    def __init__(self) -> None:
        self.text = ""

    def get_clipboard_text(self) -> str:
        return self.text

    def set_clipboard_text(self, text: str) -> None:
        self.text = text


def seat_field(win: StalkerWindow, index: int = 0) -> tuple[NewGameView, TextField]:
    view = opened(win.show_screen("newgame"), NewGameView)
    frame(win)
    return view, view.inputs[index]


def type_text(win: StalkerWindow, text: str) -> None:
    for char in text:
        win.dispatch_event("on_text", char)
    win.dispatch_events()


def motion(win: StalkerWindow, which: int) -> None:
    win.dispatch_event("on_text_motion", which)
    win.dispatch_events()


def press(win: StalkerWindow, symbol: int, modifiers: int = 0) -> None:
    win.dispatch_event("on_key_press", symbol, modifiers)
    win.dispatch_event("on_key_release", symbol, modifiers)
    win.dispatch_events()


def test_client_text_field_default_name_is_replaced_by_typing(win: StalkerWindow) -> None:
    view, field = seat_field(win)
    assert field.text == "Player 1" and field.select_on_focus
    click(win, *field.rect.center)
    assert field.active and field.selection() == (0, len("Player 1"))
    type_text(win, "Anna")
    assert field.text == "Anna" and view.seats[0][0] == "Anna"


def test_client_text_field_caret_goes_where_the_click_is(win: StalkerWindow) -> None:
    view, field = seat_field(win)
    field.select_on_focus = False
    left = field.left + field.LAYOUT_OFFSET + 1
    click(win, left, field.rect.center[1])  # before the first letter
    assert field.active and field.caret.position == 0
    type_text(win, "Dr ")
    assert field.text == "Dr Player 1"
    motion(win, keys.MOTION_END_OF_LINE)
    type_text(win, "!")
    motion(win, keys.MOTION_BEGINNING_OF_LINE)
    motion(win, keys.MOTION_DELETE)
    assert field.text == "r Player 1!"
    motion(win, keys.MOTION_END_OF_LINE)
    motion(win, keys.MOTION_BACKSPACE)
    assert field.text == "r Player 1" and view.seats[0][0] == "r Player 1"
    # a click in the middle of the text puts the caret between the letters there
    frame(win)
    middle = field.left + field.LAYOUT_OFFSET + field.layout.content_width / 2
    click(win, middle, field.rect.center[1])
    assert 0 < field.caret.position < len(field.text)


def test_client_text_field_select_all_copy_cut_paste(win: StalkerWindow) -> None:
    view, field = seat_field(win)
    memory = Memory()
    field.clipboard = memory
    click(win, *field.rect.center)
    press(win, arcade.key.A, arcade.key.MOD_CTRL)
    assert field.selection() == (0, len(field.text))
    motion(win, keys.MOTION_COPY)
    assert memory.text == "Player 1"
    press(win, arcade.key.X, arcade.key.MOD_CTRL)
    assert field.text == "" and memory.text == "Player 1"
    memory.text = "Борис\nthe second line"
    motion(win, keys.MOTION_PASTE)
    assert field.text == "Борис the second line"[: field.max_length or 99]
    assert view.seats[0][0] == field.text
    assert win.current_screen is view  # Ctrl+A / Ctrl+X were not taken as hotkeys


def test_client_text_field_takes_cyrillic_and_keeps_the_keyboard(win: StalkerWindow) -> None:
    view, field = seat_field(win)
    click(win, *field.rect.center)
    type_text(win, "Аня")
    # a Russian layout sends key presses with Cyrillic key symbols next to the text events
    press(win, 0x6C1)  # Cyrillic_a
    type_text(win, "ёЖ")
    assert field.active and field.text == "АняёЖ" and view.seats[0][0] == "АняёЖ"
    type_text(win, "\r")  # Enter is not a letter of a one-line field
    assert field.text == "АняёЖ"
    rules = win.show_screen("rules")
    frame(win)
    search = next(w for w in rules.ui.walk_widgets() if isinstance(w, TextField))
    click(win, *search.rect.center)
    type_text(win, "аномалия")
    assert search.active and search.text.endswith("аномалия")


def test_client_text_field_text_sits_in_the_middle_of_its_box(win: StalkerWindow) -> None:
    view, _field = seat_field(win)
    field = view.text_input("Жёлтый Mg", 300, 300, 260, 90, 14, lambda _text: None, add=True)
    frame(win)
    image = pixels(win)
    left, bottom = int(field.left), int(field.bottom)
    width, height = int(field.width), int(field.height)
    top_row = win.height - bottom - height  # image rows run downwards
    box = image.crop((left + 4, top_row + 4, left + width - 4, top_row + height - 4))
    rows = [
        y
        for y in range(box.height)
        if any(sum(box.getpixel((x, y))) > 450 for x in range(box.width))  # type: ignore[arg-type]
    ]
    assert rows, "no text drawn in the field"
    above, below = rows[0], box.height - 1 - rows[-1]
    assert abs(above - below) <= 8, (above, below)


@pytest.mark.slow  # over a second: a whole screen played through
def test_client_newgame_one_stalker_per_seat(win: StalkerWindow) -> None:
    view = opened(win.show_screen("newgame"), NewGameView)
    frame(win)
    seats = len(view.seats)
    assert seats >= 2 and len({s[2] for s in view.seats}) == seats
    first, second = view.seats[0][2], view.seats[1][2]
    view.choose_stalker(0, second)
    assert (view.seats[0][2], view.seats[1][2]) == (second, first)
    assert view.seats[1][0] in view.info
    for _ in range(8):
        view.cycle_stalker(0)
        assert len({s[2] for s in view.seats}) == seats
    view.seats[1][2] = view.seats[0][2]  # forced by hand: Start refuses and says why
    click_button(win, "Start")
    assert win.app.session is None and view.seats[0][0] in view.message
