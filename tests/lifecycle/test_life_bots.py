"""Bots: 100 seeded games in both variants from the first action to the end (a winner,
or the turn cap — a draw) without one illegal action; deterministic; every level works."""

from __future__ import annotations

from dataclasses import replace

import pytest

from stalkerzone.bots import players as bots
from stalkerzone.bots.levels import LEVELS
from stalkerzone.bots.memory import BotMemory
from stalkerzone.content.variants import load_variant
from stalkerzone.engine.game import legal_actions
from stalkerzone.engine.game import record as records
from stalkerzone.engine.play import FightDecision, Move, PlaceSector, card_places
from stalkerzone.engine.zone import Placement, check_zone, legal_placements
from stalkerzone.simulation.runner import game_seed, play_game
from tests.support.base import base_cards, sectors
from tests.support.foresight import completable
from tests.support.records import start

GAMES = 100


@pytest.mark.slow
def test_life_bots_finish_100_seeded_games_in_both_variants() -> None:
    cards, tiles = base_cards(), sectors()
    figures = {"won": 0, "capped": 0, "actions": 0, "fights": 0}
    for index in range(GAMES):
        variant = "express" if index % 2 else "standard"
        level = ("hard", "normal", "easy")[index % 3]
        players = 1 + index % 4
        result = play_game(
            index,
            game_seed(77, index),
            cards,
            tiles,
            load_variant(variant),
            players,
            level=level,
            round_cap=14 if variant == "express" else 12,
            check_legal=True,  # strict: an action outside legal_actions fails the test
        )
        assert result.actions > 0
        assert result.capped or result.winner is not None
        figures["won"] += result.winner is not None
        figures["capped"] += result.capped
        figures["actions"] += result.actions
        figures["fights"] += len(result.fights)
    print(figures)
    assert figures["won"] + figures["capped"] == GAMES
    assert figures["fights"] >= 100


def test_life_bots_lay_out_the_zone_by_hand() -> None:
    """Each choice is a legal placement that keeps the Zone completable, and ten of them make
    a valid Zone (placed straight onto the Zone: ``apply`` would check the same placements,
    with the whole list of them, more slowly)."""
    state = start(seed=41, players=3, zone_mode="hand").state
    tiles = state.ctx.sectors
    for turn in range(10):
        assert state.phase == "layout"
        action = bots.choose(state, None, "easy" if turn % 2 else "hard", strict=True)
        assert isinstance(action, PlaceSector)
        placement = Placement(action.sector, action.face, action.rotation, action.slot)
        assert placement in legal_placements(state.zone, action.sector, tiles)
        assert completable(state.zone, placement, tiles)
        state = replace(state, zone=state.zone.place(placement), current_player=turn % 3)
    assert check_zone(state.zone, tiles) == ()


@pytest.mark.parametrize("level", LEVELS)
def test_life_bots_are_deterministic(level: str) -> None:
    def run() -> tuple[object, ...]:
        memory = BotMemory()  # memos only save time: choices stay the same
        record = start(seed=43, players=3, variant="express")
        for _ in range(150):
            if record.state.is_terminal:
                break
            action = bots.choose(record.state, None, level, strict=True, memory=memory)
            record = records.play(record, action)
        return record.actions

    first = run()
    assert run() == first


def test_life_bots_fight_or_flee_and_move_with_purpose() -> None:
    record = start(seed=44, players=2, variant="express")
    moves = fights = 0
    memory = BotMemory()
    for _ in range(400):
        state = record.state
        if state.is_terminal:
            break
        action = bots.choose(state, None, "hard", strict=True, memory=memory)
        moves += isinstance(action, Move)
        fights += isinstance(action, FightDecision)
        record = records.play(record, action)
        seen = [i for i, _ in card_places(record.state)]
        assert len(seen) == len(set(seen))
        assert all(p.cash >= 0 for p in record.state.players)
    assert moves > 10 and fights > 0


def test_life_bots_refuse_to_play_out_of_turn() -> None:
    state = start(seed=45, players=2).state
    other = (state.current_player + 1) % 2
    with pytest.raises(bots.BotError, match="TURN-2"):
        bots.choose(state, other)
    with pytest.raises(bots.BotError, match="unknown bot level"):
        bots.choose(state, None, "grandmaster")
    assert bots.choose_action(state, "normal") in legal_actions(state)


def test_life_base_set_games_end_with_a_winner() -> None:
    """Balance guard (README "Balance"): with the base cards, hard bots win express games well
    before the turn cap — a card change that makes the guardian unbeatable shows up here."""
    cards, tiles = base_cards(), sectors()
    for index in range(4):
        result = play_game(
            index, game_seed(5, index), cards, tiles, load_variant("express"), 2, round_cap=60
        )
        assert result.winner is not None, f"game {index} reached the turn cap"
        assert result.rounds <= 50
