"""TURN-4: who lays out a hand-laid Zone: every seat in turn (``layout_by="all"``), or only the
human seats (``"humans"``: the bots place no sector); the choice is kept in saves."""

from __future__ import annotations

from pathlib import Path

import pytest

from stalkerzone.engine.game import GameSetup, PlayerSetup, apply, legal_actions, new_game
from stalkerzone.engine.game import record as records
from stalkerzone.engine.play import GameState
from stalkerzone.persistence import saves
from tests.support.game import base_cards, check_invariants, sectors, variant

SEATS = (
    PlayerSetup("Anna", "gromoboy"),
    PlayerSetup("Bot", "nosorog", "normal"),
    PlayerSetup("Vera", "shustry"),
)


def hand_game(seed: int, layout_by: str, seats: tuple[PlayerSetup, ...] = SEATS) -> GameState:
    setup = GameSetup(seed, seats, variant(), "hand", layout_by)  # type: ignore[arg-type]
    return new_game(setup, base_cards(), sectors())


def lay_out(state: GameState) -> tuple[GameState, list[int]]:
    """Place every sector (a middle legal placement each time); the seats that placed."""
    placers = []
    while state.phase == "layout":
        placers.append(state.current_player)
        options = legal_actions(state)
        state = apply(state, options[len(options) // 2])
        check_invariants(state)
    return state, placers


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_game_turn4_humans_lay_out_every_sector_and_bots_none(seed: int) -> None:
    state = hand_game(seed, "humans")
    done, placers = lay_out(state)
    assert len(placers) == 10 and 1 not in placers  # the bot seat places nothing
    humans = [0, 2]
    start = humans.index(placers[0])
    assert placers == [humans[(start + k) % 2] for k in range(10)]  # the humans alternate
    # play starts with the drawn first player, a bot too (TURN-1)
    assert done.phase == "turn" and done.current_player == done.first_player


@pytest.mark.slow  # over a second: whole layouts played through
def test_game_turn4_every_seat_lays_out_by_default() -> None:
    placers = set()
    for seed in range(1, 5):
        state = hand_game(seed, "all")
        placers |= set(lay_out(state)[1])
    assert 1 in placers  # the bot takes its turns in the default


def test_game_turn4_only_bots_lay_out_in_turn_and_a_wrong_choice_is_refused() -> None:
    bots = tuple(PlayerSetup(f"B{k}", s, "easy") for k, s in enumerate(("gromoboy", "nosorog")))
    _, placers = lay_out(hand_game(3, "humans", bots))
    assert set(placers) == {0, 1}  # no human seat: every seat places, as with "all"
    with pytest.raises(ValueError, match=r"^TURN-4: layout_by"):
        hand_game(3, "robots")


def test_game_turn4_layout_by_is_kept_in_a_save(tmp_path: Path) -> None:
    setup = GameSetup(5, SEATS, variant(), "hand", "humans")
    record = records.start(setup, base_cards(), sectors())
    for _ in range(3):
        record = records.play(record, legal_actions(record.state)[0])
    path = tmp_path / "game.json"
    saves.save_game(record, path)
    loaded = saves.load_game(path, verify=True)  # the actions replayed from the seed agree
    assert loaded.record.setup.layout_by == "humans"
    state = loaded.record.state
    assert state.layout_by == "humans" and state.players[state.current_player].bot is None
    _, placers = lay_out(state)
    assert 1 not in placers
