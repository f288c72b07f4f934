"""Undo (TURN-2): a player takes back their own actions of this turn until dice are rolled or
hidden information is revealed; the engine says so before the button is pressed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from stalkerzone.bots import players as bots
from stalkerzone.engine.game import GameRecord, legal_actions, undo
from stalkerzone.engine.game import record as records
from stalkerzone.engine.play import EndTurn, FightDecision, Move, PlaceSector, Stash, set_player
from tests.support.records import start


def human_game(**kwargs: object) -> GameRecord:
    return start(bot=None, **kwargs)


def play_until(record: GameRecord, wanted: type, limit: int = 3000) -> GameRecord:
    """Bot moves for the humans until the last action was of ``wanted`` kind and it
    changed the RNG (a roll) — or any kind if ``wanted`` is Action."""
    for _ in range(limit):
        action = bots.choose(record.state, None, "hard")
        before = record.state
        record = records.play(record, action)
        if isinstance(action, wanted) and record.state.rng != before.rng:
            return record
    raise AssertionError(f"no {wanted.__name__} with a roll in {limit} actions")


def test_life_nothing_to_undo_at_the_start() -> None:
    record = human_game()
    check = undo.check(record)
    assert not check and "nothing" in check.reason
    with pytest.raises(undo.UndoRefused, match=r"^TURN-2: nothing"):
        undo.undo(record)


def test_life_undo_a_quiet_action_restores_the_state() -> None:
    record = human_game(seed=4)
    state = record.state
    assert state.phase == "turn"
    state = set_player(state, state.current_player, replace(state.player, weapon="pm-pistol#1"))
    state = replace(
        state,
        decks=replace(state.decks, stock=tuple(c for c in state.decks.stock if c != "pm-pistol#1")),
    )
    record = replace(record, states=(state,))
    after = records.play(record, Stash("pm-pistol#1"))
    assert undo.can_undo(after)
    back = undo.undo(after)
    assert back.state == state and back.actions == ()


def test_life_undo_refused_after_a_roll() -> None:
    record = play_until(human_game(seed=5), Move)
    assert record.state.notes  # something happened where the move ended
    check = undo.check(record)
    assert not check.allowed
    assert check.reason.startswith("TURN-2: ") and "cannot be taken back" in check.reason
    with pytest.raises(undo.UndoRefused):
        undo.undo(record)


def test_life_undo_refused_after_a_fight_decision() -> None:
    record = play_until(human_game(seed=6), FightDecision)
    assert not undo.can_undo(record)
    assert "rolled" in undo.check(record).reason


def test_life_undo_refused_after_the_turn_ends_and_for_others() -> None:
    record = human_game(seed=7)
    ended = records.play(record, EndTurn())
    assert "turn is over" in undo.check(ended).reason
    state = record.state
    quiet = [a for a in legal_actions(state) if isinstance(a, Move)]
    # a move onto a hex without a site reveals nothing: it can be taken back by its player
    plain = [m for m in quiet if state.zone_map.hexes[m.to].site is None]
    moved = records.play(record, plain[0])
    assert undo.can_undo(moved, state.current_player)
    other = (state.current_player + 1) % len(state.players)
    assert not undo.can_undo(moved, other)
    assert "nothing of yours" in undo.check(moved, other).reason
    assert undo.undo(moved).state == state


def test_life_undo_refused_for_a_bot_and_after_loading() -> None:
    record = start(seed=8, bot="hard")
    action = bots.choose(record.state, None, "hard")
    moved = records.play(record, action)
    assert "bot" in undo.check(moved).reason
    loaded = records.from_snapshot(moved.setup, moved.actions, moved.state)
    assert "loaded" in undo.check(loaded).reason


def test_life_undo_a_sector_placement() -> None:
    record = human_game(seed=9, zone_mode="hand")
    first = legal_actions(record.state)[0]
    assert isinstance(first, PlaceSector)
    placed = records.play(record, first)
    assert undo.can_undo(placed)
    assert undo.undo(placed).state == record.state


def test_life_undo_never_reopens_the_layout() -> None:
    """The last placement by one seat, play begun with the other: nobody takes it back."""
    record = human_game(seed=3, players=2, zone_mode="hand")
    while record.state.phase == "layout":
        record = records.play(record, legal_actions(record.state)[0])
    last = record.actor(len(record.actions) - 1)
    assert isinstance(record.actions[-1], PlaceSector) and last != record.state.current_player
    for seat in (None, last, record.state.current_player):
        check = undo.check(record, seat)
        assert not check and check.key == "undo_none_yours"
        with pytest.raises(undo.UndoRefused, match="nothing of yours"):
            undo.undo(record, seat)


def test_life_irreversible_reads_what_happened() -> None:
    record = human_game(seed=10)
    state = record.state
    assert undo.irreversible(state, state) is None
    assert undo.irreversible(state, replace(state, rng=state.rng + 1)) == "dice were rolled"
    drawn = replace(state, decks=replace(state.decks, events=state.decks.events[1:]))
    assert undo.irreversible(state, drawn) == "a card was drawn"
    fight = replace(state, phase="fight")
    assert undo.irreversible(state, fight) == "a fight has started"
