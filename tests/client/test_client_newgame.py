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
from tests.support.text_walk import texts_of
from tests.support.window import click_button, current, find_button, frame, game, key, opened


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
