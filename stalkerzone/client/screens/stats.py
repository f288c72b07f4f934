"""ST-1: a player's stats as the screens show them, and what a change of their cards would make
them (the previews of the base, the stalker card and the cards coming into play). No arcade."""

from __future__ import annotations

from collections.abc import Callable

from stalkerzone.engine.core import IllegalAction, StalkerStats
from stalkerzone.engine.play import GameState, PlayerState
from stalkerzone.engine.turn import equipment


def player_stats(state: GameState, player: PlayerState) -> StalkerStats:
    """ST-1: the stats a player's active cards give (``engine.turn.equipment.stats``)."""
    return equipment.stats(player, state.ctx)


def stats_if(
    state: GameState, player: PlayerState, change: Callable[[PlayerState], PlayerState]
) -> StalkerStats | None:
    """The stats after a hypothetical change of the player (a preview; None if refused)."""
    try:
        return player_stats(state, change(player))
    except (IllegalAction, KeyError, ValueError, AssertionError):
        return None
