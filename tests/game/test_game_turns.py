"""TURN-*, layout and determinism, on hand-built states."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from stalkerzone.engine.core import LayoutRefused, MoveRefused, NotNow, Site
from stalkerzone.engine.game import GameSetup, PlayerSetup, apply, legal_actions, new_game
from stalkerzone.engine.play import Activate, Buy, EndTurn, Move, PlaceSector
from stalkerzone.engine.turn.turns import village_sector
from stalkerzone.engine.zone import check_zone
from tests.support.game import (
    base_cards,
    check_invariants,
    edit,
    fresh,
    hex_of,
    next_to,
    sectors,
    variant,
)


def test_game_turn1_one_to_six_players_clockwise_from_a_random_first() -> None:
    firsts = {fresh(seed, players=4).current_player for seed in range(12)}
    assert len(firsts) > 1
    state = fresh(3, players=4)
    order = [state.current_player]
    for _ in range(4):
        state = apply(state, EndTurn())
        order.append(state.current_player)
    assert [(b - a) % 4 for a, b in itertools.pairwise(order)] == [1, 1, 1, 1]
    seats = tuple(PlayerSetup(f"P{k}", "gromoboy") for k in range(7))
    with pytest.raises(ValueError, match=r"^TURN-1: "):
        new_game(GameSetup(1, seats, variant(), "free"), base_cards(), sectors())
    solo = fresh(players=1)
    assert apply(solo, EndTurn()).current_player == 0


def test_game_turn2_one_move_then_only_trade_and_end() -> None:
    state = fresh()
    index = state.current_player
    target = hex_of(state, Site.VILLAGE)
    # stay on the Village and trade: no move afterwards
    traded = apply(state, Buy("pm-pistol"))
    assert traded.step == "site" and not any(isinstance(a, Move) for a in legal_actions(traded))
    state = next_to(state, index, target)
    moved = apply(state, Move(target))
    assert moved.players[index].position == target and moved.step == "site"
    with pytest.raises(NotNow, match=r"^TURN-2: one move per turn"):
        apply(moved, Move(state.players[index].position))  # type: ignore[arg-type]
    after = apply(moved, EndTurn())
    assert (after.step == "move" and after.current_player != index) or len(after.players) == 1


def test_game_turn2_out_of_reach() -> None:
    state = fresh()
    far = max(state.zone_map.hexes, key=lambda h: abs(h.q) + abs(h.r))
    with pytest.raises(MoveRefused, match=r"^TURN-2: hex .* is out of reach"):
        apply(state, Move(far))


def test_game_turn2_paths_are_recorded_and_within_movement() -> None:
    state = fresh()
    moves = [a for a in legal_actions(state) if isinstance(a, Move)]
    assert moves
    after = apply(state, moves[-1])
    assert after.last_move[-1] == moves[-1].to


def test_game_turn3_view_hides_held_events_and_loot() -> None:
    from stalkerzone.engine.game import HIDDEN_CARD, player_view
    from stalkerzone.engine.play import LootPile

    state = fresh(players=2)
    event = state.decks.events[0]
    state = replace(state, decks=replace(state.decks, events=state.decks.events[1:]))
    state = edit(state, 0, held_event=event)
    pile = LootPile(hex=state.zone_map.village, owner=0, money=10)
    state = replace(state, loot=(pile,))
    mine, theirs = player_view(state, 0), player_view(state, 1)
    assert mine.players[0].held_event == event and mine.loot == (pile,)
    assert theirs.players[0].held_event == HIDDEN_CARD and theirs.loot == ()
    assert theirs.rng == 0 and theirs.decks.monsters == (HIDDEN_CARD,) * len(state.decks.monsters)


def test_game_turn4_layout_starts_with_the_village_sector() -> None:
    state = fresh(5, players=3, zone_mode="hand")
    assert state.phase == "layout" and state.zone.placements == ()
    first = legal_actions(state)
    village = village_sector(state.ctx.sectors)
    assert first and {a.sector for a in first} == {village}  # type: ignore[union-attr]
    other = next(s.id for s in state.ctx.sectors if s.id != village)
    with pytest.raises(LayoutRefused, match=r"^TURN-4: the Village sector"):
        apply(state, PlaceSector(other, "a", 0, (0, 0)))
    with pytest.raises(NotNow, match=r"^TURN-4: first lay out the Zone"):
        apply(state, EndTurn())
    seats = []
    while state.phase == "layout":
        seats.append(state.current_player)
        options = legal_actions(state)
        state = apply(state, options[len(options) // 2])
        check_invariants(state)
    assert len(seats) == 10 and seats[:3] == [seats[0], (seats[0] + 1) % 3, (seats[0] + 2) % 3]
    assert check_zone(state.zone, state.ctx.sectors) == ()
    assert state.phase == "turn" and state.current_player == state.first_player
    assert all(p.position == state.zone_map.village for p in state.players)
    with pytest.raises(NotNow, match=r"^TURN-4: the Zone is laid out already"):
        apply(state, first[0])


def test_game_map5_dealt_zones_are_valid() -> None:
    for mode in ("free", "ring", "line", "compact"):
        state = fresh(2, zone_mode=mode)
        assert check_zone(state.zone, state.ctx.sectors) == ()


def test_game_same_seed_same_actions_same_state() -> None:
    def play(seed: int) -> list[object]:
        state = fresh(seed, players=3)
        seen: list[object] = []
        for step in range(120):
            actions = legal_actions(state)
            if not actions:
                break
            state = apply(state, actions[(step * 7919) % len(actions)])
            seen.append(state)
        return seen

    assert play(11) == play(11)
    assert play(11) != play(12)


def test_game_illegal_action_leaves_state_unchanged() -> None:
    state = fresh()
    before = replace(state)
    for action in (
        Activate("berdan-rifle#1"),
        Buy("gauss-rifle"),
        Move(hex_of(state, Site.LABORATORY)),
    ):
        with pytest.raises(Exception, match=r"^[A-Z]+(-[A-Z0-9]+)+: "):
            apply(state, action)
        assert state == before
