"""A scripted player for the full-game tests: simple greedy rules, using only what
``legal_actions`` offers and what the state shows (no engine internals are changed)."""

from __future__ import annotations

import heapq

from stalkerzone.engine.core import (
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
from stalkerzone.engine.play import (
    Action,
    Activate,
    Buy,
    DeliverOrder,
    EndTurn,
    FightDecision,
    GameState,
    Heal,
    Move,
    PlaceSector,
    Sell,
    TakeOrder,
    card_id,
)
from stalkerzone.engine.turn import stats
from stalkerzone.engine.zone import Hex, neighbours
from stalkerzone.engine.zone.hexes import distance


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
            if any(t.card == a.card for t in player.trophies) and not _wanted(state, a.card):
                return a
            if a.card in player.backpack and not isinstance(card, Artifact):
                return a
    heals = [a for a in actions if isinstance(a, Heal)]
    rich = player.health < top and player.cash > 3000
    if heals and (player.health < top * 6 // 10 + 2 or rich):
        return max(heals, key=lambda h: h.points)
    buy = _best_buy(state, actions)
    if buy is not None:
        return buy
    takes = [a for a in actions if isinstance(a, TakeOrder)]
    if takes:
        return min(takes, key=lambda a: (_order_rank(state, a.card), a.card))
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
        if target is not None and target != player.position:
            far = _distances(state, target)

            def cost(m: Move) -> tuple[int, Hex]:
                risk = 0 if m.to == target else 3 * _risk(state, m.to)
                return (far.get(m.to, 999) + risk, m.to)

            return min(moves, key=cost)
    return EndTurn()


def _layout(state: GameState, actions: tuple[Action, ...]) -> Action:
    """The first placement (in a seeded order) the zone engine's foresight accepts."""
    from stalkerzone.engine.zone import Placement
    from tests.support.foresight import completable

    start = (len(state.zone.placements) * 7919 + state.first_player * 31) % len(actions)
    order = actions[start:] + actions[:start]
    for action in order[:40]:
        assert isinstance(action, PlaceSector)
        placement = Placement(action.sector, action.face, action.rotation, action.slot)
        if completable(state.zone, placement, state.ctx.sectors):
            return action
    return order[0]


def _fight(state: GameState, actions: tuple[Action, ...]) -> Action:
    """The combat engine's best decision by exact odds (FIGHT-2)."""
    from stalkerzone.odds import best_decision

    fight = state.fight
    assert fight is not None
    if fight.fight.stalker_health > 12 or fight.epicenter:
        attack = FightDecision("attack")
        grenades = [a for a in actions if isinstance(a, FightDecision) and a.action == "grenade"]
        if fight.epicenter and grenades:
            return grenades[0]
        if attack in actions:
            return attack
    best = best_decision(fight.fight)
    pick = FightDecision(best.action, best.grenade, best.stimulator)
    return pick if pick in actions else actions[0]


def _wanted(state: GameState, trophy: str) -> bool:
    """A trophy some order on offer or open could take."""
    from stalkerzone.engine.core import TrophyRequirement

    instances = [o.card for o in state.player.open_orders]
    for instance in instances:
        order = state.card(instance)
        assert isinstance(order, Order)
        req = order.requirement
        if isinstance(req, TrophyRequirement) and req.monster == card_id(trophy):
            return True
    return False


def _order_rank(state: GameState, instance: str) -> int:
    order = state.card(instance)
    assert isinstance(order, Order)
    req = order.requirement
    if isinstance(req, VisitRequirement):
        return {"danger_red": 3, "danger_yellow": 2}.get(req.site, 0)
    return 1 if getattr(req, "colour", None) is None else 4


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
        elif isinstance(card, Stimulator) and not player.stimulators and player.cash > 1500:
            gain = 1.0
        elif isinstance(card, Grenade) and not player.grenades and player.cash > 1500:
            gain = 0.5
        if gain <= 0 or player.cash < card.price:
            continue
        score = gain * 1000 / card.price
        if best is None or score > best[0]:
            best = (score, a)
    return best[1] if best else None


def _target(state: GameState) -> Hex | None:
    """Where to go: own loot, healing, open orders, the Epicenter when the odds are fair,
    Elements, then monsters for money."""
    player = state.player
    zone_map = state.zone_map
    here = player.position
    assert here is not None
    top = stats(player, state.ctx).max_health
    mine = [p.hex for p in state.loot if p.owner == state.current_player]
    mine = [h for h in mine if h != zone_map.epicenter]
    if mine:
        return mine[0]
    if player.health < top * 6 // 10:
        return zone_map.village
    enough = player.elements >= state.variant.elements_required
    if enough and player.health >= top - 2 and _guardian_odds(state) >= 0.35:
        return zone_map.epicenter
    for order in player.open_orders:
        card = state.card(order.card)
        assert isinstance(card, Order)
        if isinstance(card.requirement, VisitRequirement) and not order.visited:
            return _nearest(state, zone_map.site_hexes(card.requirement.site))
    if any(bases_fulfilled(state, o) for o in player.open_orders) and here != zone_map.village:
        return zone_map.village
    if len(player.open_orders) < state.variant.max_open_orders:
        from stalkerzone.engine.turn.bases import offered

        usable = [
            b
            for b in (Site.VILLAGE, Site.MILITARY_BASE, Site.LABORATORY)
            if player.reputation >= state.variant.reputation_needed(b) and offered(state, b)
        ]
        if usable:
            return _nearest(state, tuple(zone_map.site_hexes(usable[-1])))
    if not enough:
        return _nearest(state, zone_map.site_hexes(Site.ANOMALY))
    if enough and _guardian_odds(state) < 0.35 and player.cash >= 3000:
        return _nearest(state, zone_map.site_hexes(Site.LABORATORY))
    colour = Site.DANGER_YELLOW if stats(player, state.ctx).defence >= 4 else Site.DANGER_GREEN
    return _nearest(state, zone_map.site_hexes(colour))


def bases_fulfilled(state: GameState, order: object) -> bool:
    from stalkerzone.engine.turn.bases import fulfilment

    return fulfilment(state, state.player, order) is not None  # type: ignore[arg-type]


def _nearest(state: GameState, goals: tuple[Hex, ...]) -> Hex | None:
    here = state.player.position
    assert here is not None
    goals = tuple(g for g in goals if g != here) or goals
    if not goals:
        return None
    return min(goals, key=lambda g: (distance(here, g), g))


def _guardian_odds(state: GameState) -> float:
    """Exact chance to beat the Epicenter guardian now, at full health."""
    from stalkerzone.engine.core import Colour
    from stalkerzone.engine.fight import StalkerSide, start_fight
    from stalkerzone.engine.turn.equipment import loadout
    from stalkerzone.odds import odds

    player = state.player
    kit = (player.stalker, *sorted(card_id(c) for c in player.active))
    key = ("script-odds", kit)
    found = state.ctx.memo.get(key)
    if found is None:
        side = StalkerSide.from_loadout(
            loadout(player, state.ctx), state.variant, 999, player.reputation
        )
        guardian = next(m for m in state.cards.monsters if m.deck == "epicenter")
        found = odds(start_fight(side, guardian, Colour.RED, epicenter=True), "best").win
        state.ctx.memo[key] = found
    return float(found)  # type: ignore[arg-type]


def _distances(state: GameState, target: Hex) -> dict[Hex, int]:
    """Walking cost from every hex to ``target`` (dangers may be crossed here, at a price)."""
    key = ("script-distances", state.zone.placements, target)
    found = state.ctx.memo.get(key)
    if found is not None:
        return found  # type: ignore[return-value]
    zone_map, variant = state.zone_map, state.variant
    best = {target: 0}
    heap = [(0, target)]
    while heap:
        cost, here = heapq.heappop(heap)
        if cost > best[here]:
            continue
        info = zone_map.hexes[here]
        step = variant.road_cost if info.road else variant.terrain_cost[info.terrain]
        if step is None and here != target:
            continue
        for near in neighbours(here):
            if near in zone_map.hexes and cost + (step or 1) < best.get(near, 10**6):
                best[near] = cost + (step or 1)
                heapq.heappush(heap, (best[near], near))
    state.ctx.memo[key] = best
    return best


def _risk(state: GameState, to: Hex) -> int:
    site = state.zone_map.hexes[to].site
    if site is not None and site in DANGER_COLOUR:
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
