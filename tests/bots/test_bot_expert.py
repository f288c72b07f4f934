"""The expert (TURN-1, TURN-3, WIN-1): it samples whole games from what its seat sees only,
searches the moves that decide the race for the Epicenter in them, and decides the same way
for the same view whatever the hidden cards are."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

import pytest

from stalkerzone.bots import players as bots
from stalkerzone.bots.determinise import determinise, named_cards, unseen_cards
from stalkerzone.bots.explain import explain
from stalkerzone.bots.levels import LEVELS, PROFILES
from stalkerzone.bots.memory import BotMemory
from stalkerzone.bots.position import evaluate, race
from stalkerzone.bots.search import FUTURES, search, wants_search
from stalkerzone.bots.turn import TurnView
from stalkerzone.engine.game import HIDDEN_CARD, legal_actions, player_view
from stalkerzone.engine.play import GameState
from stalkerzone.engine.zone import neighbours
from tests.support.records import bot_record


@cache
def _states() -> tuple[GameState, ...]:
    """The states of a 3-seat bot game's first 120 actions (a fixed seed)."""
    return tuple(bot_record(120, seed=4, players=3).states)


def _moving() -> list[GameState]:
    return [s for s in _states() if s.phase == "turn" and s.step == "move"]


def _holding(state: GameState) -> GameState:
    """``state`` with the seat to move carrying the Elements it needs next to the Epicenter
    (public)."""
    zone_map = state.zone_map
    epicenter = zone_map.epicenter
    near = sorted(
        h
        for h in neighbours(epicenter)
        if h in zone_map.hexes and zone_map.enter_cost(h, state.variant) is not None
    )
    seats = list(state.players)
    me = seats[state.current_player]
    need = state.variant.elements_required
    seats[state.current_player] = replace(me, elements=need, position=near[0])
    return replace(state, players=tuple(seats))


def _hide_differently(state: GameState) -> GameState:
    """The same state as the deciding seat sees it: the others hold other fight events (if
    any), the piles are in another order, the dice will fall otherwise."""
    seats = list(state.players)
    for k, p in enumerate(seats):
        if k != state.current_player and p.held_event is not None:
            other = "stalker-twice#1" if p.held_event != "stalker-twice#1" else "monster-first#1"
            seats[k] = replace(p, held_event=other)
    decks = replace(
        state.decks,
        monsters=tuple(reversed(state.decks.monsters)),
        guardians=tuple(reversed(state.decks.guardians)),
        artifacts=tuple(reversed(state.decks.artifacts)),
        events=tuple(reversed(state.decks.events)),
    )
    return replace(state, players=tuple(seats), decks=decks, rng=state.rng ^ 0x5A5A)


def test_bot_expert_is_the_top_of_the_ladder() -> None:
    assert LEVELS[-1] == "expert"
    assert PROFILES["expert"].search
    assert not any(PROFILES[level].search for level in LEVELS[:-1])


@pytest.mark.slow
def test_bot_expert_a_sampled_game_looks_to_the_seat_like_the_real_one() -> None:
    rng = random.Random(5)
    for state in _moving()[:6]:
        seat = state.current_player
        view = player_view(state, seat)
        unseen = unseen_cards(view)
        world = determinise(view, rng, unseen)
        assert player_view(world, seat) == view
        named = named_cards(view)
        for pile in ("monsters", "guardians", "artifacts", "events"):
            dealt = getattr(world.decks, pile)
            assert HIDDEN_CARD not in dealt
            assert len(dealt) == len(getattr(view.decks, pile))
            assert not named & set(dealt)
        assert all(p.held_event != HIDDEN_CARD for p in world.players)


@pytest.mark.slow
def test_bot_expert_two_games_alike_to_the_seat_get_the_same_search() -> None:
    memory = BotMemory()
    searched = 0
    for state in _moving()[:8]:
        state = _holding(state)
        other = _hide_differently(state)
        assert player_view(other, state.current_player) == player_view(state, state.current_player)
        one = bots.choose(state, None, "expert", memory=memory)
        assert one == bots.choose(other, None, "expert", memory=BotMemory())
        view = TurnView(
            player_view(state, state.current_player),
            legal_actions(state),
            PROFILES["expert"],
            memory,
        )
        planned = bots.turn_action(view)
        if wants_search(view, planned):
            searched += 1
            result = search(view, planned, bots.rollout_policy(memory))
            assert result.choice == one and result.futures == FUTURES
            assert all(0 <= w.best_in <= FUTURES for w in result.weighed)
    assert searched >= 4


def test_bot_expert_evaluation_is_a_chance_to_win() -> None:
    memory = BotMemory()
    for state in _moving()[:5]:
        chances = [evaluate(memory, state, seat) for seat in range(len(state.players))]
        assert all(0.0 <= c <= 1.0 for c in chances)
        assert sum(chances) == pytest.approx(1.0, abs=0.2)
    # a seat one step from a sure win against rivals far away: nearly certain
    assert race([(0, 1.0, 0.5), (40, 0.5, 0.25)], 0) == pytest.approx(1.0)
    # the same odds, the seat tries later: it loses when the rival wins first
    assert race([(8, 0.5, 0.25), (0, 0.5, 0.25)], 0) < race([(0, 0.5, 0.25), (8, 0.5, 0.25)], 0)


@pytest.mark.slow
def test_bot_expert_explains_a_searched_move_by_its_sampled_futures() -> None:
    memory = BotMemory()
    explained = 0
    for state in _moving()[:8]:
        state = _holding(state)
        why = explain(state, None, "expert", memory)
        assert why.choice == bots.choose(state, None, "expert", memory=memory)
        if why.key == "searched":
            explained += 1
            params = dict(dict(why.details)["searched"])  # the watch log's figures
            assert params["futures"] == FUTURES and 0 < int(params["best"]) <= FUTURES
            assert f"of {FUTURES} sampled futures" in why.text("en")
            assert f"из {FUTURES} возможных будущих" in why.text("ru")
            assert all(0 <= alt.value <= 100 for alt in why.alternatives)
    assert explained >= 4
