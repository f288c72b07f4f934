"""Saving and loading through the menu (Ctrl+S, Ctrl+O, Esc), autosave, a bad save shown in the
window."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import arcade
import pytest
from PIL import ImageStat

from stalkerzone import paths
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller import save_files as saves
from stalkerzone.client.controller.session import GameSession, GameSpec, SeatSpec
from stalkerzone.client.screens.saves import SavesView, save_row
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import modal
from stalkerzone.engine.play import EndTurn, Move
from tests.client.test_client_board import start, to_board
from tests.story.games import played
from tests.support.base import base_cards, sectors
from tests.support.text_walk import misfits, text_box, texts_of
from tests.support.window import (
    click,
    click_button,
    current,
    find_button,
    frame,
    game,
    key,
    opened,
    pixels,
    shown,
    two_frames,
)


def test_client_save_and_load_through_the_menu(win: StalkerWindow) -> None:
    session = start(win)
    view = to_board(win, session)
    move = next(a for a in session.legal_now() if isinstance(a, Move))
    view.do(move)
    frame(win)
    key(win, arcade.key.S, arcade.key.MOD_CTRL)
    assert current(win).kind == "saves" and shown(win, SavesView).mode == "save"
    shown(win, SavesView).name = "before-the-storm"
    click_button(win, "Save")
    path = paths.user_saves_dir() / "before-the-storm.json"
    assert path.is_file() and "Saved" in shown(win, SavesView).message
    click_button(win, "Back")
    assert win.current_screen is view
    saved_state = session.state
    if session.state.phase == "turn":
        view.end_turn()
    frame(win)
    key(win, arcade.key.ESCAPE)
    assert current(win).kind == "menu"
    click_button(win, "Load game (Ctrl+O)")
    screen = shown(win, SavesView)
    assert screen.kind == "saves" and screen.mode == "load"
    screen.load(path)
    two_frames(win)
    loaded = game(win)
    assert loaded is not session
    assert loaded.state == saved_state
    assert loaded.actions == session.actions[: len(loaded.actions)]


def test_client_autosave_after_each_turn_and_continue(win: StalkerWindow) -> None:
    session = start(win)
    session.autosave_enabled = True
    to_board(win, session)
    session.act(EndTurn())
    assert saves.latest_autosave() is not None
    win.app.session = None
    win.show_screen("title")
    frame(win)
    click_button(win, "Continue")
    two_frames(win)
    assert win.app.session is not None and win.app.session.state == session.state


def test_client_bad_save_is_reported_in_the_window(win: StalkerWindow) -> None:
    folder = paths.user_saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    bad = folder / "broken.json"
    bad.write_text('{"format": 2, "seed": "x"', encoding="utf-8")
    win.show_screen("title")
    key(win, arcade.key.O, arcade.key.MOD_CTRL)
    screen = shown(win, SavesView)
    assert screen.kind == "saves"
    frame(win)
    click_button(win, "Load")
    two_frames(win)
    assert win.current_screen is screen and win.app.session is None
    assert "broken.json" in screen.message


def _two_saves() -> tuple[Path, Path]:
    folder = paths.user_saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    first, second = folder / "first.json", folder / "second.json"
    first.write_text('{"players": [{"name": "Anna"}]}', encoding="utf-8")
    second.write_text('{"players": [{"name": "Борис"}]}', encoding="utf-8")
    return first, second


def test_client_a_save_is_renamed_and_never_over_another(win: StalkerWindow) -> None:
    first, second = _two_saves()
    win.show_screen("saves", mode="load")
    screen = shown(win, SavesView)
    frame(win)
    screen.start_rename(first)
    assert find_button(win, "Save the name") and find_button(win, "Cancel")
    for name, said in (
        ("second", "Another save is called “second”"),
        ("Autosave", "is the autosave's name"),
        ("../escape", "letters, digits"),
        ("   ", "letters, digits"),
    ):
        screen.new_name = name
        click_button(win, "Save the name")
        assert said in screen.message and not screen.message_ok, name
        assert screen.renaming == first  # still renaming: the name can be corrected
    assert first.read_text(encoding="utf-8") != second.read_text(encoding="utf-8")
    assert sorted(p.name for p in saves.list_saves()) == ["first.json", "second.json"]
    screen.new_name = "Вылазка 2"
    click_button(win, "Save the name")
    renamed = paths.user_saves_dir() / "Вылазка 2.json"
    assert renamed.is_file() and not first.exists() and second.is_file()
    assert screen.message == "Renamed: Вылазка 2" and screen.renaming is None
    assert "Anna" in renamed.read_text(encoding="utf-8")


def test_client_enter_in_the_name_field_renames_as_the_button_does(win: StalkerWindow) -> None:
    """Typed, then Enter: renamed (Enter did nothing, and a click elsewhere dropped the name)."""
    from stalkerzone.client.widgets.text_field import TextField

    first, _second = _two_saves()
    win.show_screen("saves", mode="load")
    screen = shown(win, SavesView)
    frame(win)
    screen.start_rename(first)
    frame(win)
    field = next(w for w in screen.ui.walk_widgets() if isinstance(w, TextField))
    click(win, *field.rect.center)
    field.select_all()
    win.dispatch_event("on_text", "kate-r4")
    key(win, arcade.key.ENTER)
    assert screen.renaming is None and (paths.user_saves_dir() / "kate-r4.json").is_file()


def test_client_a_save_is_deleted_only_after_a_question(win: StalkerWindow) -> None:
    first, second = _two_saves()
    win.show_screen("saves", mode="load")
    screen = shown(win, SavesView)
    frame(win)
    screen.ask_delete(first)
    frame(win)
    assert find_button(win, "Keep it") and first.is_file()
    click_button(win, "Keep it")
    assert first.is_file() and screen.deleting is None
    screen.ask_delete(first)
    key(win, arcade.key.ESCAPE)  # Esc keeps it too
    assert first.is_file() and current(win) is screen
    screen.ask_delete(first)
    frame(win)
    find_button(win, "Delete")
    click_button(win, "Delete")
    assert not first.exists() and second.is_file()
    assert screen.message == "Deleted: first"
    with pytest.raises(ValueError, match="not a save"):
        saves.delete_save(paths.user_saves_dir().parent / "elsewhere.json")


def test_the_lesson_and_the_autosave_are_named_in_the_players_language() -> None:
    from stalkerzone.client.text import i18n

    lesson, autosave, mine = Path("learn-to-play.json"), Path(saves.AUTOSAVE), Path("mine.json")
    assert SavesView.shown_name(lesson) == "Learn to play"
    i18n.set_language("ru")
    try:
        assert SavesView.shown_name(lesson) == "Обучение"
        assert SavesView.shown_name(autosave) == i18n.t("saves.autosave") != saves.AUTOSAVE
        assert SavesView.shown_name(mine) == "mine"
    finally:
        i18n.set_language("en")


def test_client_continue_after_a_won_game_shows_its_end(win: StalkerWindow) -> None:
    """WIN-1: the action that ends the game rewrites the autosave, so Continue on the title
    opens the finished game on its end screen, never the turn before the winning fight."""
    record = played()
    before_end = replace(record, actions=record.actions[:-1], states=record.states[:-1])
    seats = tuple(SeatSpec(p.name, p.stalker, p.bot) for p in record.setup.players)
    session = GameSession(GameSpec(3, seats, zone_mode="free"), before_end, base_cards(), sectors())
    session.autosave_enabled = True
    win.app.session = session
    session.act(record.actions[-1])
    assert session.state.is_terminal
    win.app.session = None
    win.show_screen("title")
    frame(win)
    click_button(win, "Continue")
    two_frames(win)
    loaded = game(win)
    assert loaded.state.is_terminal and loaded.state.winner == record.state.winner
    assert current(win).kind == "gameover"


def test_continue_answers_at_once_and_opens_the_game_after_a_frame(win: StalkerWindow) -> None:
    """Reading a save takes a moment (up to seconds on a busy machine): the click is answered
    at once with "Opening the saved game…", the menu goes deaf, the game opens after."""
    session = start(win)
    session.autosave()
    win.app.session = None
    title = win.show_screen("title")
    frame(win)
    click_button(win, "Continue")
    assert win.app.session is None and win.current_screen is title
    assert any(t.text == i18n.t("title.opening") for t in title._texts)
    assert not title.ui._enabled  # arcade keeps it private
    two_frames(win)
    assert win.app.session is not None and win.current_screen is not title


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_delete_question_dims_the_list_under_it(win: StalkerWindow, language: str) -> None:
    """Deleting a save asks the game's modal question: the list stays on screen under it,
    dimmed (not replaced by the question), and its buttons do not react; Y deletes."""
    i18n.set_language(language)
    first, second = _two_saves()
    screen = opened(win.show_screen("saves", mode="load"), SavesView)
    frame(win)
    rows = [t for t in texts_of(screen) if t.text.startswith(("Anna", "Борис"))]
    assert len(rows) == 2
    left, right, bottom, top = (round(v) for v in text_box(rows[1]))
    area = (left, win.height - top, right, win.height - bottom)  # the second row's title
    before = ImageStat.Stat(pixels(win).crop(area).convert("L")).mean[0]
    screen.ask_delete(first)
    frame(win)
    assert modal.is_open(screen.ui) and screen.delete_question(first).heading
    assert [t.text for t in texts_of(screen) if t.text.startswith(("Anna", "Борис"))] == [
        t.text for t in rows
    ], "the list is still there"
    dimmed = ImageStat.Stat(pixels(win).crop(area).convert("L")).mean[0]
    assert dimmed < before * 0.75, (before, dimmed)
    found = misfits(screen, f"delete question {language}")
    assert not found, found
    click_button(win, i18n.t("saves.load"))  # under the question: nothing happens
    assert screen.pending is None and win.app.session is None and first.is_file()
    key(win, arcade.key.Y)
    assert not first.exists() and second.is_file() and not modal.is_open(screen.ui)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_autosaves_date_is_shown_whole_when_the_row_has_room(
    win: StalkerWindow, language: str
) -> None:
    """The autosave has no Overwrite button when saving: its two lines use that room, and its
    name and date are shown whole ("Autosave (last turn) · 7 Dec 13:05")."""
    i18n.set_language(language)
    start(win)
    folder = paths.user_saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    autosave = folder / saves.AUTOSAVE
    players = '[{"name": "Анна Каренина"}, {"name": "Boris"}, {"name": "Bot 3"}]'
    autosave.write_text(
        f'{{"players": {players}, "saved": "2026-12-07T13:05:00Z"}}', encoding="utf-8"
    )
    (folder / "first.json").write_text('{"players": [{"name": "Anna"}]}', encoding="utf-8")
    screen = opened(win.show_screen("saves", mode="save"), SavesView)
    frame(win)
    title, detail = save_row(screen.shown_name(autosave), saves.save_summary(autosave))
    shown_texts = [t.text for t in texts_of(screen)]
    assert title in shown_texts and detail in shown_texts, shown_texts
    assert not misfits(screen, f"saves {language}")
