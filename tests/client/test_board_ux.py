"""Board, saves and settings polish: B opens the stalker card from the board and the hint bar
says so, the standing letters have a legend, the save list names players, round and date in
lines that fit (en and ru), a move is in the turn log (TURN-2), and the
settings help texts never touch the row below."""

from __future__ import annotations

from datetime import datetime

import arcade
import pytest

from stalkerzone.client.app.context import AppContext, Presets
from stalkerzone.client.app.settings import Settings
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller import save_files as saves
from stalkerzone.client.controller.session import SeatSpec
from stalkerzone.client.screens.board import BoardView, presenter
from stalkerzone.client.screens.saves import SavesView, save_date, save_row
from stalkerzone.client.screens.settings import SettingsView
from stalkerzone.client.text import engine_text, i18n
from stalkerzone.engine.core import Note
from stalkerzone.engine.play import EndTurn, Move
from tests.client.test_client_board import start, to_board
from tests.support.window import current, frame, key, shown

SIZES = ((1024, 640), (1280, 800))  # asked for; a headless window keeps its first size


def reopen(win: StalkerWindow, language: str, size: tuple[int, int]) -> None:
    win.reset(AppContext(presets=Presets(), settings=Settings(language=language)), size)
    win.raise_errors = True


def test_b_opens_the_stalker_card_from_the_board_and_the_hint_bar_says_so(
    win: StalkerWindow,
) -> None:
    session = start(win)
    view = to_board(win, session)
    assert "B: stalker card" in i18n.t("board_ux.keys")
    assert any("B: stalker card" in text.text for text in view._texts)
    key(win, arcade.key.B)
    frame(win)
    assert current(win).kind == "stalker"
    i18n.set_language("ru")
    try:
        assert "B: карта сталкера" in i18n.t("board_ux.keys")
    finally:
        i18n.set_language("en")


def test_the_standing_letters_have_a_legend_in_both_languages(win: StalkerWindow) -> None:
    view = to_board(win, start(win))
    assert any(text.text == presenter.public_legend() for text in view._texts)
    assert presenter.public_legend() == "E Elements · T trophies · O orders"
    i18n.set_language("ru")
    try:
        legend = presenter.public_legend()
        assert legend.startswith("Э элементы") and "З заказы" in legend
    finally:
        i18n.set_language("en")


def test_save_row_names_players_round_and_date() -> None:
    i18n.set_language("en")
    when = datetime(2026, 12, 1, 13, 5)
    summary = saves.SaveSummary(("Anna", "Борис"), 7, when)
    assert save_row("Autosave (last turn)", summary) == (
        "Anna, Борис · round 7",
        "Autosave (last turn) · 1 Dec 13:05",
    )
    assert save_row("x", saves.SaveSummary(("Anna",), 0, None)) == (
        "Anna · laying out the Zone",
        "x",
    )
    assert save_row("bad", saves.SaveSummary((), None, None))[0] == "cannot be read"
    i18n.set_language("ru")
    try:
        assert save_date(when) == "1 дек 13:05"
        assert save_row("a", summary)[0] == "Anna, Борис · раунд 7"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "ru"])
def test_save_list_shows_players_and_round_in_lines_that_fit(
    win: StalkerWindow, language: str
) -> None:
    session = start(win)
    session.act(EndTurn()) if any(isinstance(a, EndTurn) for a in session.legal_now()) else None
    session.act(EndTurn()) if any(isinstance(a, EndTurn) for a in session.legal_now()) else None
    saves.autosave(session)
    session.save("a-very-long-name-for-a-saved-game-that-goes-on-and-on")
    summary = saves.save_summary(saves.list_saves()[0])
    assert summary.players == ("Anna", "Boris") and summary.round is not None
    for size in SIZES:
        reopen(win, language, size)
        win.app.session = session
        win.show_screen("saves")
        frame(win)
        screen = shown(win, SavesView)
        left, right, _bottom, _top = screen.box
        texts = {text.text: text for text in screen._texts}
        assert any(t.startswith("Anna, Boris · ") for t in texts)
        rows = [
            t for t in screen._texts if t.text.startswith(("Anna, Boris", i18n.t("saves.autosave")))
        ]
        assert rows
        loads = [
            b for b in screen.ui.walk_widgets() if getattr(b, "text", "") == i18n.t("saves.load")
        ]
        first_button = min(b.rect.left for b in loads)
        for text in screen._texts:
            if text.y < screen.box[3] - 100 and text.x == left + 20 * 1:
                # a row's text ends before the buttons and the two lines do not overlap
                assert text.x + text.content_width <= first_button, text.text
        autosave = next(t for t in screen._texts if t.text.startswith(i18n.t("saves.autosave")))
        title = next(
            t
            for t in screen._texts
            if t.text.startswith("Anna, Boris") and abs(t.y - autosave.y) < 30
        )
        assert title.y - autosave.y >= autosave.content_height - 2  # one above the other
        assert right > first_button


def test_a_move_is_written_to_the_turn_log_in_both_languages(win: StalkerWindow) -> None:
    session = start(win)
    move = max(
        (a for a in session.legal_now() if isinstance(a, Move)),
        key=lambda a: (
            len(
                session.state.zone_map.reachable(
                    session.state.player.position or a.to, 99, session.state.variant
                )
            ),
            a.to,
        ),
    )
    before = len(session.log)
    session.act(move)
    line = session.log[before].text
    assert isinstance(line, Note) and line.key in ("moved", "moved_base") and line.rule == "TURN-2"
    steps = len(session.state.last_move)
    text = engine_text.words(line, session.cards, sectors=session.sectors)
    assert text.startswith(f"Anna moves {steps} hex")
    assert ("hexes" in text) == (steps != 1)
    i18n.set_language("ru")
    try:
        ru = engine_text.words(line, session.cards, sectors=session.sectors)
        assert ru.startswith(f"Anna проходит {steps} гекс") and "sector" not in ru
    finally:
        i18n.set_language("en")


def test_russian_plural_forms_of_hexes() -> None:
    i18n.set_language("ru")
    try:
        forms = {n: engine_text.plural_form(n) for n in (1, 2, 5, 11, 12, 21, 22, 25)}
        assert forms == {1: "one", 2: "few", 5: "many", 11: "many", 12: "many", 21: "one",
                         22: "few", 25: "many"}  # fmt: skip
    finally:
        i18n.set_language("en")
    assert engine_text.plural_form(1) == "one" and engine_text.plural_form(2) == "many"


@pytest.mark.parametrize("language", ["en", "ru"])
def test_settings_help_text_never_touches_the_next_row(win: StalkerWindow, language: str) -> None:
    for size in SIZES:
        reopen(win, language, size)
        win.show_screen("settings")
        frame(win)
        screen = shown(win, SettingsView)
        helps = [t for t in screen._texts if t.multiline and t.anchor_y == "top"]
        names = [t for t in screen._texts if t.bold and t.x == helps[0].x]
        names = [n for n in names if n.y < helps[0].y + 40]
        assert len(helps) == 9 and len(names) >= 9
        for about in helps:
            bottom = about.y - about.content_height
            below = [n for n in names if n.y < about.y]
            if below:
                name = max(below, key=lambda n: n.y)
                assert bottom > name.y + name.content_height * 0.8, (about.text, name.text)


def keys_line(view: BoardView) -> str:
    """The keys line under the map (its wrapped lines joined again)."""
    hints = {i18n.t(k) for k in ("board_ux.keys", "board_ux.bot_keys", "board_ux.watch_keys")}
    lines = [t.text.replace("·\n", "· ") for t in view._texts]
    (line,) = [text for text in lines if text in hints]
    return line


@pytest.mark.parametrize("language", ["en", "ru"])
def test_in_a_bots_turn_the_keys_line_names_only_the_keys_that_work(
    win: StalkerWindow, language: str
) -> None:
    reopen(win, language, (1280, 800))
    seats = (SeatSpec("Anna", "gromoboy"), SeatSpec("Bot", "nosorog", "normal"))
    session = start(win, seats)
    view = to_board(win, session)
    if session.state.current_player != 0:
        for _ in range(900):
            frame(win)
            if session.state.current_player == 0 and current(win).kind == "board":
                break
        view = shown(win, BoardView)
    play = {"E:", "U:", "B:", "H:", i18n.t("board_ux.keys").split(" · ")[0]}
    assert all(word in keys_line(view) for word in play)  # Anna's turn: every key
    session.act(EndTurn())
    frame(win)
    assert session.is_bot() and current(win) is view
    line = keys_line(view)
    assert not any(word in line for word in play), line  # nothing of a turn to play
    assert line.startswith(("Space: skip bots", "Пробел: пропустить ботов"))
    for works in ("Home:", "L:", "F1:", "Esc:", "+/−"):
        assert works in line
    key(win, arcade.key.SPACE)  # skip bots: Space has done its work
    frame(win)
    if current(win) is view and session.is_bot():
        assert keys_line(view) == i18n.t("board_ux.watch_keys")


def test_in_another_seats_turn_the_keys_line_names_no_key_of_a_turn(win: StalkerWindow) -> None:
    session = start(win)  # two people; the screen shows the other's eyes (as a network seat)
    view = to_board(win, session)
    session.viewer = 1 - session.state.current_player
    view.rebuild()
    assert keys_line(view) == i18n.t("board_ux.watch_keys")
