"""Bot seats in the client: ``choose(session)`` picks the current bot's next action.

Uses ``stalkerzone.engine.bots`` when it exists. Until then :func:`_temporary_simple_bot` —
a TEMPORARY adapter, RNG-free and deliberately simple — keeps bot seats playing: it only
chooses among ``legal_actions`` (so it can never cheat) and reads only ``player_view``.
"""

from __future__ import annotations

import importlib
from typing import Any

from stalkerzone.engine.actions import (
    Action,
    Buy,
    DeliverOrder,
    DiscardArmour,
    EndTurn,
    FightDecision,
    Heal,
    Move,
    PlaceSector,
    TakeOrder,
)
from stalkerzone.engine.cards import Site
from stalkerzone.engine.hexes import distance
from stalkerzone.engine.state import GameState


def _engine_bots() -> Any:
    try:
        return importlib.import_module("stalkerzone.engine.bots")
    except ImportError:
        return None


def choose(state: GameState, legal: tuple[Action, ...], strength: str | None) -> Action:
    """The bot's action for ``state`` (the true state: bots play by the rules engine's view)."""
    bots = _engine_bots()
    if bots is not None and hasattr(bots, "choose"):
        return bots.choose(state, None, strength or "normal", legal)  # type: ignore[no-any-return]
    return _temporary_simple_bot(state, legal)


def _temporary_simple_bot(state: GameState, legal: tuple[Action, ...]) -> Action:
    """TEMPORARY (until engine/bots.py): heal, deliver, take orders, then head for Elements
    (anomalies) and, with enough of them, the Epicenter; fight by attacking; end the turn."""
    if not legal:
        raise ValueError("no legal action")
    first = legal[0]
    if isinstance(first, PlaceSector):
        return first
    if isinstance(first, DiscardArmour):
        return first
    if isinstance(first, FightDecision):
        attack = [a for a in legal if isinstance(a, FightDecision) and a.action == "attack"]
        return attack[0] if attack else first
    player = state.player
    for action in legal:
        if isinstance(action, DeliverOrder):
            return action
    heals = [a for a in legal if isinstance(a, Heal)]
    if heals and player.health * 2 < _max_health(state):
        return max(heals, key=lambda a: a.points)
    weapons = [a for a in legal if isinstance(a, Buy) and _is_weapon(state, a.card)]
    if weapons and player.weapon is None:
        return weapons[0]
    for action in legal:
        if isinstance(action, TakeOrder) and not player.open_orders:
            return action
    moves = [a for a in legal if isinstance(a, Move)]
    if moves and player.position is not None:
        zone_map = state.zone_map
        if player.elements >= state.variant.elements_required:
            target = zone_map.epicenter
        else:
            anomalies = zone_map.site_hexes(Site.ANOMALY)
            target = (
                min(anomalies, key=lambda h: (distance(player.position, h), h))
                if (anomalies)
                else zone_map.epicenter
            )
            if target == player.position and len(anomalies) > 1:
                target = sorted(anomalies, key=lambda h: (distance(player.position, h), h))[1]
        return min(moves, key=lambda m: (distance(m.to, target), m.to))
    return next((a for a in legal if isinstance(a, EndTurn)), first)


def _max_health(state: GameState) -> int:
    from stalkerzone.engine import equipment

    return equipment.stats(state.player, state.ctx).max_health


def _is_weapon(state: GameState, card_id: str) -> bool:
    from stalkerzone.engine.cards import Weapon

    return isinstance(state.cards.get(card_id), Weapon)
