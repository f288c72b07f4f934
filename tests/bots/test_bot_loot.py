"""Bots and loot (DEATH-2): with a Zombie card in force a bot heads for where another player's
loot lies (seen without its contents); without one it ignores others' piles."""

from __future__ import annotations

from dataclasses import replace

from stalkerzone.bots.memory import BotMemory
from stalkerzone.bots.moving import ZOMBIE_PILE_VALUE, goals
from stalkerzone.bots.players import level_profile
from stalkerzone.bots.turn import TurnView
from stalkerzone.engine.game import legal_actions, player_view
from stalkerzone.engine.play import GameState, LootPile
from tests.support.game import edit, fresh


def view_of(state: GameState) -> TurnView:
    seen = player_view(state, 0)
    return TurnView(seen, legal_actions(state), level_profile("hard"), BotMemory())


def test_bot_with_a_zombie_goes_for_anothers_loot_by_where_it_lies() -> None:
    """DEATH-2: the pile's hex becomes a goal of fixed worth (its contents are not seen)."""
    state = replace(fresh(3, players=2), current_player=0, phase="turn", step="move")
    where = next(h for h, info in sorted(state.zone_map.hexes.items()) if info.site is None)
    state = replace(state, loot=(LootPile(hex=where, owner=1, money=5000),))
    assert all(where not in hexes for _, hexes in goals(view_of(state)))
    zombie = edit(state, 0, zombie_turns=1)
    assert (ZOMBIE_PILE_VALUE, frozenset({where})) in goals(view_of(zombie))
