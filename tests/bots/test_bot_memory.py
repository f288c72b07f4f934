"""The bots' memory: bounded tables keyed by content, owned by a game, a session or a worker; a
memory that served other games gives exactly the choices a fresh one gives (EVENT-1 lost
protection, ST-1 stats)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from stalkerzone.bots import players as bots
from stalkerzone.bots.levels import PROFILES
from stalkerzone.bots.memory import BotMemory, BoundedMemo
from stalkerzone.bots.routes import FIELDS_PER_MAP
from stalkerzone.bots.turn import TurnView, loadout_key, player_stats
from stalkerzone.content.variants import load_variant
from stalkerzone.engine.game import legal_actions
from stalkerzone.engine.play import GameContext, GameState
from stalkerzone.engine.turn import stats
from stalkerzone.simulation.runner import game_seed, play_game
from tests.support.base import base_cards, sectors
from tests.support.records import start


def _turn_state(seed: int = 3) -> GameState:
    state = start(seed=seed, players=2).state
    assert state.phase == "turn"
    return state


def test_bot_memo_keeps_at_most_its_cap_and_forgets_the_oldest_first() -> None:
    memo: BoundedMemo[int, str] = BoundedMemo(3)
    for k in range(5):
        assert memo.put(k, f"v{k}") == f"v{k}"
        assert len(memo) <= 3
    assert [memo.get(k) for k in range(5)] == [None, None, "v2", "v3", "v4"]
    memo.put(4, "again")  # replacing an entry forgets nothing
    assert len(memo) == 3 and memo.get(2) == "v2" and memo.get(4) == "again"
    with pytest.raises(ValueError, match="at least one entry"):
        BoundedMemo(0)


def test_bot_memory_forgets_everything_when_it_serves_another_content_set() -> None:
    state = _turn_state()
    memory = BotMemory()
    bots.choose(state, None, "hard", memory=memory)
    filled = memory.sizes()
    assert filled["stats"] > 0 and filled["gains"] > 0
    assert memory.serve(state.ctx).sizes() == filled  # the same content: kept
    same = GameContext(state.ctx.cards, state.ctx.sectors, state.ctx.variant)
    assert memory.serve(same).sizes() == filled
    express = GameContext(state.ctx.cards, state.ctx.sectors, load_variant("express"))
    assert set(memory.serve(express).sizes().values()) == {0}


def test_bot_gain_memo_tells_a_lost_protection_apart() -> None:
    """EVENT-1 "protection reduced": the same cards with less defence gain differently from
    an armour; a memory that saw the unhurt stalker first must not answer for the other."""
    state = _turn_state()
    p = state.player
    hurt = replace(
        state,
        players=tuple(
            replace(q, protection_minus=3) if k == state.current_player else q
            for k, q in enumerate(state.players)
        ),
    )
    legal = legal_actions(state)

    def gain(s: GameState, memory: BotMemory) -> float:
        return TurnView(s, legal, PROFILES["hard"], memory.serve(s.ctx)).gain("stalker-suit#0")

    shared = BotMemory()
    whole = gain(state, shared)
    reduced = gain(hurt, shared)
    assert reduced == gain(hurt, BotMemory())
    assert whole == gain(state, BotMemory())
    assert whole > reduced  # the suit's 2 defence are eaten up by the lost protection
    assert loadout_key(p) != loadout_key(hurt.player)


def test_bot_stats_memo_key_covers_what_stats_read() -> None:
    """ST-1: stats come from the active cards other than grenades and stimulators, which the
    loadout key counts by number only; a lost protection changes the key."""
    state = _turn_state()
    p = state.player
    with_rgd = replace(p, grenades=("rgd-5#0",))
    with_f1 = replace(p, grenades=("f-1#0",))
    assert stats(with_rgd, state.ctx) == stats(with_f1, state.ctx)
    assert loadout_key(with_rgd) == loadout_key(with_f1)
    memory = BotMemory().serve(state.ctx)
    assert player_stats(memory, state, with_f1) == stats(with_f1, state.ctx)
    lost = replace(p, body="stalker-suit#0", protection_minus=1)
    assert loadout_key(lost) != loadout_key(replace(lost, protection_minus=0))
    assert player_stats(memory, state, lost) == stats(lost, state.ctx)


@pytest.mark.slow
def test_bot_memory_stays_bounded_over_hundreds_of_games() -> None:
    """Memory stays flat however many games one process plays: every table stops at its cap
    (small caps here, so that a few hundred short games fill them)."""
    cards, tiles, variant = base_cards(), sectors(), load_variant("express")
    memory = BotMemory(cap=64, route_tables=2)
    reached: set[str] = set()
    for index in range(240):
        play_game(index, game_seed(11, index), cards, tiles, variant, 2, round_cap=1, memory=memory)
        sizes = memory.sizes()
        assert sizes.pop("routes") <= 2
        assert sizes.pop("routes.fields") <= 2 * FIELDS_PER_MAP
        assert max(sizes.values()) <= 64, sizes
        reached.update(name for name, size in sizes.items() if size == 64)
    assert {"stats", "exchanges", "gains"} <= reached  # the caps were reached and held


@pytest.mark.slow
def test_bot_choices_do_not_depend_on_what_the_memory_served_before() -> None:
    """Games played one after another with one memory, in either order, play exactly as games
    each with a fresh memory."""
    cards, tiles, variant = base_cards(), sectors(), load_variant("express")

    def play(index: int, memory: BotMemory | None) -> object:
        seed = game_seed(12, index)
        return play_game(index, seed, cards, tiles, variant, 3, round_cap=20, memory=memory)

    alone = [play(index, None) for index in range(6)]
    forward = BotMemory()
    assert [play(index, forward) for index in range(6)] == alone
    backward = BotMemory()
    assert [play(index, backward) for index in reversed(range(6))] == alone[::-1]
