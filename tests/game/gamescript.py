"""A scripted player for the full-game tests: simple greedy rules, using only what
``legal_actions`` offers and what the state shows (no engine internals are changed)."""

from __future__ import annotations

from stalkerzone.engine.actions import (
    Action,
    Activate,
    Buy,
    DeliverOrder,
    EndTurn,
    FightDecision,
    Heal,
    Move,
    PlaceSector,
    Sell,
    TakeOrder,
)
from stalkerzone.engine.cards import (
    DANGER_COLOUR,
    Armour,
    Artifact,
    Equipment,
    Grenade,
    Order,
    Site,
    Stimulator,
    VisitRequirement,
    Weapon,
)
from stalkerzone.engine.equipment import stats
from stalkerzone.engine.hexes import Hex, distance
from stalkerzone.engine.state import GameState, card_id


def _value(state: GameState, instance: str | None) -> float:
    if instance is None:
        return 0.0
    card = state.card(instance)
    if isinstance(card, Weapon):
        return card.attack.mean()
    if isinstance(card, Armour):
        return float(card.defence)
    return 0.0


def choose(state: GameState) -> Action:
    actions = legal_actions_cached(state)
    if state.phase == "layout":
        return _layout(state, actions)
    if state.phase == "fight":
        return _fight(state, actions)
    if state.phase == "choose_armour":
        return actions[0]
    player = state.player
    top = stats(player, state.ctx).max_health
    # trade first
    for a in actions:
        if isinstance(a, DeliverOrder):
            return a
    for a in actions:
        if isinstance(a, Sell):
            card = state.card(a.card)
            if any(t.card == a.card for t in player.trophies):
                return a
            if a.card in player.backpack and not isinstance(card, Artifact):
                return a
    heals = [a for a in actions if isinstance(a, Heal)]
    if heals and player.health < top:
        return max(heals, key=lambda h: h.points)
    buy = _best_buy(state, actions)
    if buy is not None:
        return buy
    for a in actions:
        if isinstance(a, TakeOrder):
            order = state.card(a.card)
            assert isinstance(order, Order)
            if isinstance(order.requirement, VisitRequirement):
                return a
    for a in actions:
        if isinstance(a, Activate):
            card = state.card(a.card)
            slot_value = _value(state, getattr(player, getattr(card, "slot", "weapon"), None))
            if isinstance(card, (Weapon, Armour)) and _value(state, a.card) > slot_value:
                return a
            if isinstance(card, (Grenade, Stimulator, Artifact)):
                return a
    moves = [a for a in actions if isinstance(a, Move)]
    if moves:
        target = _target(state)
        if target is not None:
            return min(moves, key=lambda m: (_risk(state, m.to), distance(m.to, target), m.to))
    return EndTurn()


def _layout(state: GameState, actions: tuple[Action, ...]) -> Action:
    """The first placement (in a seeded order) the zone engine's foresight accepts."""
    from stalkerzone.engine.layout import Placement, completable

    start = (len(state.zone.placements) * 7919 + state.first_player * 31) % len(actions)
    order = actions[start:] + actions[:start]
    for action in order[:40]:
        assert isinstance(action, PlaceSector)
        placement = Placement(action.sector, action.face, action.rotation, action.slot)
        if completable(state.zone, placement, state.ctx.sectors):
            return action
    return order[0]


def _fight(state: GameState, actions: tuple[Action, ...]) -> Action:
    player = state.player
    fight = state.fight
    assert fight is not None
    decisions = [a for a in actions if isinstance(a, FightDecision)]
    health = fight.fight.stalker_health
    low = health <= 12
    if low and not fight.epicenter:
        for a in decisions:
            if a.action == "escape" and a.stimulator is None:
                return a
    grenades = [a for a in decisions if a.action == "grenade"]
    stims = [a for a in decisions if a.stimulator is not None and (a.action == "attack")]
    if low and stims:
        return stims[0]
    if grenades and (fight.epicenter or fight.colour == "red"):
        return grenades[0]
    del player
    return next(a for a in decisions if a.action == "attack" and a.stimulator is None)


def _best_buy(state: GameState, actions: tuple[Action, ...]) -> Action | None:
    player = state.player
    best: tuple[float, Buy] | None = None
    for a in actions:
        if not isinstance(a, Buy):
            continue
        card = state.cards.get(a.card)
        assert isinstance(card, Equipment)
        gain = 0.0
        if isinstance(card, Weapon):
            gain = card.attack.mean() - _value(state, player.weapon) - (0 if player.weapon else 3.5)
        elif isinstance(card, Armour):
            gain = card.defence - _value(state, getattr(player, card.slot))
        elif isinstance(card, Stimulator) and len(player.stimulators) < 2:
            gain = 1.0
        elif isinstance(card, Grenade) and len(player.grenades) < 2:
            gain = 0.5
        if gain <= 0 or player.cash - card.price < 100:
            continue
        score = gain * 1000 / card.price
        if best is None or score > best[0]:
            best = (score, a)
    return best[1] if best else None


def _target(state: GameState) -> Hex | None:
    player = state.player
    zone_map = state.zone_map
    here = player.position
    assert here is not None
    top = stats(player, state.ctx).max_health
    if player.elements >= state.variant.elements_required and player.health >= top - 2:
        return zone_map.epicenter
    if player.health < top // 2:
        return zone_map.village
    goals = list(zone_map.site_hexes(Site.ANOMALY)) + list(zone_map.site_hexes(Site.EVENT))
    mine = [p.hex for p in state.loot if p.owner == state.current_player]
    if mine and mine[0] != zone_map.epicenter:
        return mine[0]
    if player.cash < 300:
        goals += list(zone_map.site_hexes(Site.DANGER_GREEN))
    goals = [g for g in goals if g != here]
    if not goals:
        return zone_map.village
    return min(goals, key=lambda g: (distance(here, g), g))


def _risk(state: GameState, to: Hex) -> int:
    site = state.zone_map.hexes[to].site
    if site in DANGER_COLOUR:
        return {"green": 1, "yellow": 3, "red": 5}[DANGER_COLOUR[site]]
    return 0


def legal_actions_cached(state: GameState) -> tuple[Action, ...]:
    from stalkerzone.engine.game import legal_actions

    return legal_actions(state)


def play_game(state: GameState, max_actions: int = 20000) -> tuple[GameState, int]:
    """Play to the end with the scripted player in every seat; returns the state and the count."""
    from stalkerzone.engine.game import apply

    count = 0
    while not state.is_terminal and count < max_actions:
        state = apply(state, choose(state))
        count += 1
    return state, count


__all__ = ["card_id", "play_game"]
