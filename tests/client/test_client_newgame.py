"""The new-game screen: presets, seats, packs with their errors, starting a game."""

from __future__ import annotations

from pathlib import Path

import arcade
import arcade.gui
import pytest

from stalkerzone.client.app.context import AppContext, Presets, make_context
from stalkerzone.client.app.settings import Settings
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.screens.newgame import NewGameView
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import text_fit
from stalkerzone.client.widgets.text_field import TextField
from tests.support.text_walk import texts_of
from tests.support.window import click_button, current, find_button, frame, game, key, opened


@pytest.mark.slow
def test_client_newgame_presets_and_start_by_hand(win: StalkerWindow) -> None:
    win.app = AppContext(presets=Presets(players=3, bots=1, seed=42), settings=Settings())
    view = opened(win.show_screen("newgame"), NewGameView)
    frame(win)
    assert [seat[1] for seat in view.seats] == [None, None, "normal"]
    assert view.seed_text == "42" and view.zone_mode == "hand"
    click_button(win, "+ Add player")
    assert len(view.seats) == 4
    click_button(win, "− Remove player")
    click_button(win, "Gromoboy")  # the first seat's stalker button cycles the characters
    assert view.seats[0][2] == "nosorog"
    click_button(win, "Express")
    assert view.variant == "express"
    click_button(win, "Start")
    frame(win)
    session = game(win)
    assert session is not None and session.spec.seed == 42 and session.spec.variant == "express"
    assert [s.bot for s in session.spec.seats] == [None, None, "normal"]
    assert session.state.phase == "layout"
    assert current(win).kind in ("layout", "handover")


def test_client_newgame_bad_seed_is_refused_on_screen(win: StalkerWindow) -> None:
    view = opened(win.show_screen("newgame"), NewGameView)
    frame(win)
    view.seed_text = "soon"
    click_button(win, "Start")
    frame(win)
    assert win.app.session is None and win.current_screen is view
    assert "soon" in view.message


def test_client_newgame_lists_a_bad_pack_with_its_errors(
    win: StalkerWindow, tmp_path: Path
) -> None:
    pack = tmp_path / "swamp"
    pack.mkdir()
    (pack / "pack.toml").write_text(
        'format = 1\n[pack]\nid = "swamp"\nname = "Swamp horrors"\nversion = "1.0.0"\n',
        encoding="utf-8",
    )
    (pack / "monsters.toml").write_text(
        '[[monster]]\nid = "bog-thing"\nname = "Bog thing"\ntrophy = "Slime"\n'
        'green = { health = "lots", attack = "1d6", defence = 0, trophy_price = 10 }\n'
        'yellow = { health = 3, attack = "2d6", defence = 0, trophy_price = 10 }\n'
        'red = { health = 3, attack = "2d6", defence = 0, trophy_price = 10 }\n',
        encoding="utf-8",
    )
    win.app = AppContext(presets=Presets(card_dirs=(pack,)), settings=Settings())
    view = opened(win.show_screen("newgame"), NewGameView)
    frame(win)
    texts = [t.text for t in view._texts]
    assert any("Swamp horrors" in t for t in texts)
    area = [w for w in view.ui.walk_widgets() if isinstance(w, arcade.gui.UITextArea)]
    assert area and "monsters.toml" in area[0].text and "bog-thing" in area[0].text
    assert find_button(win, "Start")  # the game can still start with the valid packs


def _write_swamp_pack(folder: Path, health: str) -> None:
    pack = folder / "swamp"
    pack.mkdir(parents=True, exist_ok=True)
    (pack / "pack.toml").write_text(
        'format = 1\n[pack]\nid = "swamp"\nname = "Swamp horrors"\nversion = "1.0.0"\n',
        encoding="utf-8",
    )
    (pack / "monsters.toml").write_text(
        '[[monster]]\nid = "bog-thing"\nname = "Bog thing"\ntrophy = "Slime"\n'
        f'green = {{ health = {health}, attack = "1d6", defence = 0, trophy_price = 10 }}\n'
        'yellow = { health = 3, attack = "2d6", defence = 0, trophy_price = 10 }\n'
        'red = { health = 3, attack = "2d6", defence = 0, trophy_price = 10 }\n',
        encoding="utf-8",
    )


def test_client_newgame_rereads_a_pack_edited_while_the_program_runs(
    win: StalkerWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STALKERZONE_HOME", str(tmp_path))
    _write_swamp_pack(tmp_path / "cards", "3")
    view = opened(win.show_screen("newgame"), NewGameView)
    frame(win)
    swamp = next(p for p in view.result.packs if p.name == "Swamp horrors")
    assert swamp.ok and not view.result.problems
    _write_swamp_pack(tmp_path / "cards", '"lots of it"')  # the card breaks on disk
    view = opened(win.show_screen("newgame"), NewGameView)  # opened again: read again
    frame(win)
    area = [w for w in view.ui.walk_widgets() if isinstance(w, arcade.gui.UITextArea)]
    assert area and "monsters.toml line 5: bog-thing: " in area[0].text
    assert "monsters.toml:" not in area[0].text  # the machine format stays on the command line
    _write_swamp_pack(tmp_path / "cards", "4")  # fixed: F5 reads it again on the same screen
    key(win, arcade.key.F5)
    frame(win)
    assert win.current_screen is view and "bog-thing" in {c.id for c in view.result.cards}
    area = [w for w in view.ui.walk_widgets() if isinstance(w, arcade.gui.UITextArea)]
    assert not area  # no problem listed any more
    _write_swamp_pack(tmp_path / "cards", '"a great deal"')
    click_button(win, "Start")
    frame(win)
    session = game(win)
    assert session is not None and "bog-thing" not in {c.id for c in session.cards}


def test_client_newgame_shows_a_toml_error_with_its_line_in_words(
    win: StalkerWindow, tmp_path: Path
) -> None:
    pack = tmp_path / "broken"
    pack.mkdir()
    (pack / "pack.toml").write_text(
        'format = 1\n[pack]\nid = "broken"\nname = "Broken"\nversion = "1.0.0"\n= oops\n',
        encoding="utf-8",
    )
    win.app = AppContext(presets=Presets(card_dirs=(pack,)), settings=Settings())
    view = opened(win.show_screen("newgame"), NewGameView)
    frame(win)
    area = [w for w in view.ui.walk_widgets() if isinstance(w, arcade.gui.UITextArea)]
    assert area and "pack.toml line 6: TOML syntax error" in area[0].text
    assert "-:" not in area[0].text


@pytest.mark.slow
def test_client_newgame_remembers_the_last_setup_per_user(
    win: StalkerWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The seats (names, bots, characters), variant and Zone mode of the last game started come
    back the next time the program starts; a command line that chooses seats wins."""
    monkeypatch.setenv("STALKERZONE_HOME", str(tmp_path))
    win.app = make_context(Presets(seed=7))
    assert win.app.last_setup is None
    view = opened(win.show_screen("newgame"), NewGameView)
    frame(win)
    view.set_name(0, "Анна")
    view.cycle_kind(0)  # the first seat becomes an easy bot
    click_button(win, "+ Add player")
    click_button(win, "Express")
    view.set_zone("free")
    chosen = [list(seat) for seat in view.seats]
    click_button(win, "Start")
    frame(win)
    assert game(win) is not None
    assert (tmp_path / "config" / "last_game.toml").is_file()
    win.app = make_context(Presets())  # the program started again
    view = opened(win.show_screen("newgame"), NewGameView)
    frame(win)
    assert view.seats == chosen and chosen[0][0] == "Анна" and chosen[0][1] == "easy"
    assert (view.variant, view.zone_mode) == ("express", "free")
    win.app = make_context(Presets(players=4, bots=2))  # chosen on the command line
    view = opened(win.show_screen("newgame"), NewGameView)
    assert len(view.seats) == 4 and view.variant == "standard"


def test_client_newgame_a_remembered_default_name_reads_in_the_language(
    win: StalkerWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Default names are remembered as stored ("Player 2", "Bot 3") and shown in the language
    of the moment ("Игрок 2", "Бот 3"); started again, they are stored in English again."""
    monkeypatch.setenv("STALKERZONE_HOME", str(tmp_path))
    win.app = make_context(Presets(players=3, bots=1, seed=7))
    view = opened(win.show_screen("newgame"), NewGameView)
    frame(win)
    click_button(win, "Start")
    frame(win)
    assert game(win) is not None
    win.app = make_context(Presets())  # the program started again, then set to Russian
    i18n.set_language("ru")
    try:
        view = opened(win.show_screen("newgame"), NewGameView)
        frame(win)
        assert [seat[0] for seat in view.seats] == ["Игрок 1", "Игрок 2", "Бот 3"]
        spec = view.spec()
        assert spec is not None
        assert [s.name for s in spec.seats] == ["Player 1", "Player 2", "Bot 3"]
    finally:
        i18n.set_language("en")


def test_client_newgame_a_broken_last_setup_is_a_note_not_a_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STALKERZONE_HOME", str(tmp_path))
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "last_game.toml").write_text('variant = "express"\nseat = 3\n')
    app = make_context(Presets())
    assert app.last_setup is None
    assert any("last_game.toml: last set-up ignored: seat must be a list" in n for n in app.notes)


@pytest.mark.slow
def test_client_newgame_offers_the_expert_and_says_how_each_level_in_play_plays(
    win: StalkerWindow,
) -> None:
    win.app = AppContext(presets=Presets(players=2, bots=1, seed=42), settings=Settings())
    view = opened(win.show_screen("newgame"), NewGameView)
    frame(win)
    assert view.seats[1][1] == "normal"
    view.cycle_kind(1)
    view.cycle_kind(1)
    assert view.seats[1][1] == "expert"
    view.rebuild()
    shown = [t.text for t in texts_of(view)]
    assert any(text.startswith("Expert: ") for text in shown), shown
    assert not any(text.startswith(("Easy: ", "Normal: ", "Hard: ")) for text in shown)
    assert find_button(win, "Bot: expert").text == "Bot: expert"


def test_client_newgame_stores_a_bots_default_name_in_no_language(win: StalkerWindow) -> None:
    """A bot seat left with its default name is stored as "Bot 3" even when the screen said
    "Бот 3" (shown in each player's language later); a name typed for a bot stays as typed."""
    win.app = AppContext(presets=Presets(players=3, bots=1, seed=42), settings=Settings())
    i18n.set_language("ru")
    try:
        view = opened(win.show_screen("newgame"), NewGameView)
        frame(win)
        assert view.seats[2][0] == "Бот 3"
        spec = view.spec()
        assert spec is not None and spec.seats[2].name == "Bot 3"
        view.seats[2][0] = "Бот Вася"
        typed = view.spec()
        assert typed is not None and typed.seats[2].name == "Бот Вася"
        assert i18n.bot_name("Bot 3") == "Бот 3" and i18n.bot_name("Bot 03") == "Bot 03"
    finally:
        i18n.set_language("en")
    assert i18n.bot_name("Bot 3") == "Bot 3"


def test_client_newgame_remembers_that_only_the_humans_lay_out(
    win: StalkerWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """TURN-4: the "humans lay out every sector" switch comes back with the last set-up; a file
    written before the switch existed reads as every seat laying out."""
    monkeypatch.setenv("STALKERZONE_HOME", str(tmp_path))
    win.app = make_context(Presets(seed=7))
    view = opened(win.show_screen("newgame"), NewGameView)
    view.seats = [["Anna", None, view.seats[0][2]], ["Bot", "normal", view.seats[1][2]]]
    view.set_zone("hand")
    frame(win)
    click_button(win, i18n.t("newgame.humans_lay_out_off"))
    assert view.layout_by == "humans"
    click_button(win, "Start")
    frame(win)
    assert game(win).state.layout_by == "humans"
    saved = (tmp_path / "config" / "last_game.toml").read_text()
    assert 'layout_by = "humans"' in saved
    win.app = make_context(Presets())  # the program started again
    view = opened(win.show_screen("newgame"), NewGameView)
    frame(win)
    assert (view.zone_mode, view.layout_by) == ("hand", "humans")
    assert find_button(win, i18n.t("newgame.humans_lay_out_on"))
    (tmp_path / "config" / "last_game.toml").write_text(saved.replace('layout_by = "humans"\n', ""))
    older = make_context(Presets()).last_setup
    assert older is not None and older.layout_by == "all" and older.zone_mode == "hand"


def test_client_newgame_shows_the_longest_seed_whole(win: StalkerWindow) -> None:
    """The seed field holds a 63-bit seed (19 digits) whole, clear of its name and of "New seed",
    in both languages."""
    for language in ("en", "ru"):
        i18n.set_language(language)
        view = opened(win.show_screen("newgame"), NewGameView)
        view.seed_text = str(2**63 - 1)
        view.rebuild()
        frame(win)
        field = next(
            w
            for w in view.ui.walk_widgets()
            if isinstance(w, TextField) and w.text == view.seed_text
        )
        room = field.rect.width - 2 * field.LAYOUT_OFFSET
        assert text_fit.text_width(view.seed_text, 13) <= room, language
        name = next(t for t in view._texts if t.text == i18n.t("newgame.seed"))
        assert name.x + name.content_width <= field.rect.left or name.y > field.rect.top, language
        new = find_button(win, i18n.t("newgame.new_seed"))
        assert field.rect.right < new.rect.left and new.rect.right <= view.right_box[1], language
