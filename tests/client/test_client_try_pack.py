"""`stalkerzone play --try DIR`: a card author's test game, the pack loaded and its cards dealt
first from every deck (docs/cards.md); a folder with no pack is one line, exit 2."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from stalkerzone.client.app.context import AppContext
from stalkerzone.client.app.settings import Settings
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.screens.newgame import NewGameView
from stalkerzone.commands.play import presets_from_args
from stalkerzone.engine.play import card_id
from stalkerzone.errors import UserError
from tests.client.test_client_newgame import _write_swamp_pack
from tests.support.window import click_button, frame, game, opened


def _args(**given: object) -> argparse.Namespace:
    fields: dict[str, object] = {
        "players": None,
        "bots": None,
        "seed": "5",
        "variant": None,
        "express": False,
        "cards": [],
        "lang": None,
        "try_dirs": [],
    }
    fields.update(given)
    return argparse.Namespace(**fields)


def test_a_tried_pack_deals_its_cards_first(win: StalkerWindow, tmp_path: Path) -> None:
    _write_swamp_pack(tmp_path, "3")
    presets = presets_from_args(_args(try_dirs=[str(tmp_path / "swamp")]))
    assert presets.tried_packs == ("swamp",) and tmp_path / "swamp" in presets.card_dirs
    win.app = AppContext(presets=presets, settings=Settings())
    opened(win.show_screen("newgame"), NewGameView)
    frame(win)
    click_button(win, "Start")
    frame(win)
    session = game(win)
    assert session is not None and session.spec.early_packs == ("swamp",)
    assert card_id(session.state.decks.monsters[0]) == "bog-thing"


def test_trying_a_folder_without_a_pack_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(UserError, match=r"^--try: .*: no card pack loads from it"):
        presets_from_args(_args(try_dirs=[str(tmp_path)]))
