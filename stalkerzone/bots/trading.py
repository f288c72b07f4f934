"""Trading at bases and rearranging equipment (BASE-1…BASE-3, ORDER-1, REP-1, EQ-3, EQ-8,
EQ-10, TROPHY-1): deliver, sell, heal, buy, take orders, and what a visit to each base is worth."""

from __future__ import annotations

from stalkerzone.bots.estimates import estimate
from stalkerzone.bots.turn import TurnView
from stalkerzone.engine.core import (
    Artifact,
    ArtifactRequirement,
    Colour,
    Equipment,
    Grenade,
    Monster,
    Navigation,
    Order,
    Site,
    Stimulator,
    VisitRequirement,
)
from stalkerzone.engine.fight import MonsterSide
from stalkerzone.engine.play import (
    Action,
    Activate,
    Buy,
    DeliverOrder,
    GameState,
    GiveUpOrder,
    Heal,
    OpenOrder,
    PlayerState,
    Sell,
    Stash,
    TakeOrder,
    card_id,
    instances,
)
from stalkerzone.engine.turn import bases, equipment

BASES = (Site.VILLAGE, Site.MILITARY_BASE, Site.LABORATORY)
CASH_STEP = 200
"""Shop values look at cash in steps of this much."""

UPGRADE = 0.8
"""The least gain (:meth:`TurnView.gain`) a card in a shop counts as an upgrade for."""


def harmful(state: GameState, instance: str) -> bool:
    """An artifact with a drawback (some effect below zero)."""
    card = state.card(instance)
    return isinstance(card, Artifact) and any(e.amount < 0 for e in card.effects)


def catalogue(view: TurnView, base: Site) -> tuple[str, ...]:
    """BASE-2: card ids a base sells that the stock holds now (the stock is public)."""
    memo = view.memory.catalogues
    key = (base, view.state.decks.stock)
    hit = memo.get(key)
    if hit is None:
        hit = memo.put(key, bases.catalogue(view.state, base))
    return hit


ESCAPE_WEIGHT = 0.3
"""What one point of escape bonus (FIGHT-3) is worth next to :meth:`TurnView.power`."""


def rearranged_value(view: TurnView, after: PlayerState) -> float:
    """What a rearranged loadout is worth more than the present one, by the bots' estimates
    (:meth:`TurnView.power` and the escape bonus)."""
    now, then = view.stats, view.stats_of(after)
    escape = ESCAPE_WEIGHT * (then.escape_bonus - now.escape_bonus)
    return view.power(then) - view.power(now) + escape


def keeps_damage(view: TurnView, after: PlayerState) -> bool:
    """EQ-10: a rearrangement keeps the damage taken (health moves with the maximum), so it
    never costs health for good; the engine guarantees it, a bot checks before it moves."""
    before = view.player
    top_before, top_after = view.stats.max_health, view.stats_of(after).max_health
    return top_before - before.health == top_after - after.health


def activation_value(view: TurnView, instance: str) -> float | None:
    """EQ-3, EQ-10: what activating a backpack card is worth (None if the engine refuses it
    or it would cost health for good), from the engine's own activation (swaps, health)."""
    p, ctx = view.player, view.state.ctx
    if equipment.activate_refusal(p, instance, ctx) is not None:
        return None
    after = equipment.activate(p, instance, ctx)
    return rearranged_value(view, after) if keeps_damage(view, after) else None


def stash_value(view: TurnView, instance: str) -> float | None:
    """EQ-8, EQ-10: what stashing an active card is worth (None as for activating)."""
    p, ctx = view.player, view.state.ctx
    if equipment.stash_refusal(p, instance, ctx) is not None:
        return None
    after = equipment.stash(p, instance, ctx)
    return rearranged_value(view, after) if keeps_damage(view, after) else None


def rearrange(view: TurnView) -> Action | None:
    """EQ-8, EQ-10: activate grenades, stimulators and upgrades from the backpack; activate a
    gained artifact left in the backpack (EQ-10) only if its net value is positive; stash an
    artifact whose drawback costs more than it gives. Never a move that costs health."""
    state, p = view.state, view.player
    for a in view.legal:
        if isinstance(a, Activate):
            card = state.card(a.card)
            if isinstance(card, (Grenade, Stimulator)):
                return a
            if isinstance(card, Artifact):
                value = activation_value(view, a.card)
                if value is not None and value > 0.01:
                    return a
                continue
            if view.gain(a.card) > 0.01:
                return a
    for a in view.legal:
        if isinstance(a, Stash) and a.card in p.artifacts and harmful(state, a.card):
            value = stash_value(view, a.card)
            if value is not None and value > 0.01:
                return a
    return None


def base_value(view: TurnView) -> dict[Site, float]:
    """Worth of going to each base this player may use (REP-1): selling, orders, healing
    (BASE-3), buying."""
    state, p, variant = view.state, view.player, view.variant
    keep = view.reserved()
    sale = 0.0
    for t in p.trophies:
        if t.card not in keep:
            monster = state.card(t.card)
            assert isinstance(monster, Monster)
            sale += monster.at(t.colour).trophy_price
    delivered = 0.0
    for order in p.open_orders:
        if bases.fulfilment(state, p, order) is not None:
            card = state.card(order.card)
            assert isinstance(card, Order)
            delivered += card.reward + 400.0
    missing = view.stats.max_health - p.health
    heal = 0.0
    if missing > 0 and p.cash >= variant.heal_price:
        urgency = 2.5 if p.health < view.stats.max_health * 0.5 else 0.6
        heal = min(missing, p.cash // variant.heal_price) * variant.heal_price
        heal *= urgency
    out: dict[Site, float] = {}
    for base in BASES:
        if p.reputation < variant.reputation_needed(base):
            continue
        shop = shop_value(view, base)
        orders = 0.0
        if len(p.open_orders) < variant.max_open_orders:
            offered = bases.offered(state, base)
            orders = max((order_value(view, o) for o in offered), default=0.0) * 0.6
        value = sale + delivered + heal + shop + orders
        out[base] = value if value >= 150 else 0.0
    return out


def shop_value(view: TurnView, base: Site) -> float:
    """The best upgrade this base sells that the player can pay for (with its sales)."""
    state, p = view.state, view.player
    cash = p.cash
    for t in p.trophies:
        monster = state.card(t.card)
        cash += monster.at(t.colour).trophy_price if isinstance(monster, Monster) else 0
    step = cash // CASH_STEP
    key = (base, step, view.loadout, view.need, view.profile.exact_guardian, catalogue(view, base))
    hit = view.memory.shops.get(key)
    if hit is None:
        hit = view.memory.shops.put(key, _shop_value(view, base, step * CASH_STEP))
    return hit


def _shop_value(view: TurnView, base: Site, cash: int) -> float:
    best = 0.0
    for cid in catalogue(view, base):
        card = view.state.cards.get(cid)
        if not isinstance(card, Equipment) or card.price > cash:
            continue
        if isinstance(card, (Grenade, Stimulator)) and (view.need or not view.arming):
            continue  # kit is bought on the way, not worth a trip, until the Elements are in
        gain = view.gain(f"{cid}#0")
        if gain >= UPGRADE:
            best = max(best, gain * 120.0)
    return best


def trade(view: TurnView) -> Action | None:
    """BASE-1: deliver an order, sell trophies and useless cards, heal when hurt, buy the best
    upgrade, heal, take an order — the first that applies."""
    state, p, legal = view.state, view.player, view.legal
    for a in legal:
        if isinstance(a, DeliverOrder):
            return a
    given_up = order_to_give_up(view)
    if given_up is not None:
        return given_up
    keep = view.reserved()
    for a in legal:
        if isinstance(a, Sell) and a.card not in keep:
            if any(t.card == a.card for t in p.trophies):
                return a
            if a.card in p.backpack:
                card = state.card(a.card)
                if isinstance(card, Artifact) or view.gain(a.card) <= 0:
                    return a
    top = view.stats.max_health
    heals = [a for a in legal if isinstance(a, Heal)]
    if heals and p.health < top * 0.7:
        return max(heals, key=lambda h: h.points)
    buy = best_buy(view)
    if buy is not None:
        return buy
    if heals:
        return max(heals, key=lambda h: h.points)
    return best_order(view)


def best_buy(view: TurnView) -> Buy | None:
    """The listed purchase with the most gain per price (grenades and stimulators only with
    money to spare)."""
    state, p = view.state, view.player
    best: tuple[float, str, Buy] | None = None
    for a in view.legal:
        if not isinstance(a, Buy):
            continue
        card = state.cards.get(a.card)
        assert isinstance(card, Equipment)
        if card.price > p.cash:
            continue
        # kit for the guardian is bought with all it has once it carries the Elements
        spare = 0 if view.arming and not view.need else 300
        if isinstance(card, (Grenade, Stimulator)) and p.cash < card.price + spare:
            continue
        gain = view.gain(f"{a.card}#0")
        if gain < 0.4:
            continue
        score = gain * 1000.0 / max(1, card.price)
        if isinstance(card, Navigation) and view.need == 0:
            score *= 0.5
        if best is None or (score, a.card) > (best[0], best[1]):
            best = (score, a.card, a)
    return best[2] if best else None


def order_value(view: TurnView, instance: str) -> float:
    """ORDER-1: what an order is worth to take now (0 if it looks out of reach)."""
    card = view.state.card(instance)
    assert isinstance(card, Order)
    req = card.requirement
    base = card.reward + 300.0
    if isinstance(req, VisitRequirement):
        return base
    if isinstance(req, ArtifactRequirement):
        held = any(card_id(c) == req.artifact for c in view.player.carried())
        return base if held else 0.2 * base
    colours = [req.colour] if req.colour else list(Colour)
    best = 0.0
    for colour in colours:
        try:
            monster = view.state.cards.get(req.monster)
        except KeyError:
            return 0.0
        if not isinstance(monster, Monster):
            return 0.0
        side = MonsterSide.of(monster, colour)
        est = estimate(view.memory, view.stats, view.stats.max_health, view.player.reputation, side)
        best = max(best, est.win)
    return base * best if best > 0.5 else 0.0


def unmeetable(state: GameState, index: int, instance: str) -> bool:
    """ORDER-1: an order no one can meet for this stalker any more, by what every player sees:
    every copy of its monster is another player's trophy, every copy of its artifact is
    carried by another player, or its site is not on the Zone."""
    card = state.card(instance)
    assert isinstance(card, Order)
    req = card.requirement
    others = [p for k, p in enumerate(state.players) if k != index]
    if isinstance(req, VisitRequirement):
        return not state.zone_map.site_hexes(req.site)
    if isinstance(req, ArtifactRequirement):
        taken = sum(1 for p in others for c in p.carried() if card_id(c) == req.artifact)
        wanted = req.artifact
    else:
        taken = sum(1 for p in others for t in p.trophies if card_id(t.card) == req.monster)
        wanted = req.monster
    if wanted not in state.cards:
        return True
    return taken >= len(instances(state.cards.get(wanted)))


def order_to_give_up(view: TurnView) -> GiveUpOrder | None:
    """ORDER-1: give up an open order that can no longer be met; or, with every order slot
    taken, one that looks out of reach (worth 0) when this base offers one worth taking."""
    p = view.player
    listed = [a for a in view.legal if isinstance(a, GiveUpOrder)]
    for a in listed:
        if unmeetable(view.state, view.index, a.card):
            return a
    if len(p.open_orders) < view.variant.max_open_orders or not listed:
        return None
    base = bases.base_here(view.state)
    if base is None:
        return None
    offered = [
        o
        for o in bases.offered(view.state, base)
        if not bases.holds_order(p, card_id(o)) and not unmeetable(view.state, view.index, o)
    ]
    if not any(order_value(view, o) > 200 for o in offered):
        return None
    for a in listed:
        held = OpenOrder(a.card)
        if bases.fulfilment(view.state, p, held) is None and order_value(view, a.card) <= 0:
            return a
    return None


def best_order(view: TurnView) -> TakeOrder | None:
    """The listed order worth the most, if it is worth taking at all (never one that can no
    longer be met, ORDER-1)."""
    options = [
        (order_value(view, a.card), a.card, a)
        for a in view.legal
        if isinstance(a, TakeOrder) and not unmeetable(view.state, view.index, a.card)
    ]
    options = [o for o in options if o[0] > 200]
    return max(options)[2] if options else None


def trade_worth_staying(view: TurnView) -> bool:
    """TURN-2: at a base before moving, is trading here worth giving up the move?"""
    for a in view.legal:
        if isinstance(a, DeliverOrder):
            return True
    p = view.player
    keep = view.reserved()
    if any(t.card not in keep for t in p.trophies):
        return True
    if p.health < view.stats.max_health * 0.7 and p.cash >= 5 * view.variant.heal_price:
        return True
    if best_buy(view) is not None:
        return True
    return len(p.open_orders) < view.variant.max_open_orders and best_order(view) is not None
