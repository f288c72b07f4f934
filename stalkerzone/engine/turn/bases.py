"""Trading at bases (BASE-1 … BASE-3, TROPHY-2, ORDER-1, REP-1, ST-4).

A stalker trades on the base hex its move ended on, or on the base it stayed on (TURN-2); the
first trade of a turn ends the chance to move. Every refusal names its rule.
"""

from __future__ import annotations

from dataclasses import replace

from stalkerzone.engine.core import (
    BASES,
    Artifact,
    ArtifactRequirement,
    BaseRefused,
    Equipment,
    EquipmentRefused,
    IllegalAction,
    Monster,
    Note,
    NotEnoughMoney,
    NotNow,
    Order,
    OrderRefused,
    Site,
    TrophyRequirement,
)
from stalkerzone.engine.play import (
    GameState,
    OpenOrder,
    PlayerState,
    Trophy,
    card_id,
    note,
    set_player,
    without,
)
from stalkerzone.engine.turn.equipment import (
    gain,
    gained_note,
    grenade_room,
    keep_damage,
    remove_card,
    stats,
)
from stalkerzone.engine.turn.sites import mark_visits

BASE_NAMES = {
    Site.VILLAGE: "the Village",
    Site.MILITARY_BASE: "the Military Base",
    Site.LABORATORY: "the Laboratory",
}


def base_here(state: GameState) -> Site | None:
    """The base under the current player's stalker, if any."""
    position = state.player.position
    if position is None or state.phase != "turn":
        return None
    info = state.zone_map.hexes.get(position)
    return info.site if info is not None and info.site in BASES else None


def trade_refusal(state: GameState) -> tuple[str, str] | None:
    """Why the current player may not trade now (rule id, reason), or None if it may."""
    refusal = trade_refusal_error(state)
    return None if refusal is None else (refusal.rule, refusal.reason)


def trade_refusal_error(state: GameState) -> IllegalAction | None:
    """:func:`trade_refusal` as the exception :func:`open_base` raises (with its message key)."""
    if state.phase != "turn":
        return NotNow("TURN-2", "trading waits until the fight or choice is over", key="trade_wait")
    base = base_here(state)
    if base is None:
        return BaseRefused("BASE-1", "there is no base on this hex", key="no_base")
    if state.step == "done":
        return NotNow(
            "TURN-2",
            "this turn's trading is over: the stalker stays on this hex; end the turn",
            key="trading_over",
        )
    needed = state.variant.reputation_needed(base)
    have = state.player.reputation
    if have < needed:
        name = BASE_NAMES[base].removeprefix("the ")
        return BaseRefused(
            "BASE-1",
            f"{name} needs reputation {needed}, you have {have}",
            key="reputation",
            base=base.value,
            needed=needed,
            have=have,
        )
    return None


def open_base(state: GameState) -> Site:
    """The base the current player may trade at, or the refusal as an exception."""
    refusal = trade_refusal_error(state)
    if refusal is not None:
        raise refusal
    base = base_here(state)
    assert base is not None
    return base


def _traded(state: GameState, player: PlayerState, line: Note) -> GameState:
    """After a trade: staying on a base counts as a visit (EVENT-1, ORDER-1); no moving now."""
    base = base_here(state)
    assert base is not None
    player = replace(mark_visits(player, base, state), protection_minus=0)
    state = set_player(state, state.current_player, player)
    return note(replace(state, step="site"), line)


def catalogue(state: GameState, base: Site) -> tuple[str, ...]:
    """BASE-2: card ids this base sells that the stock still holds, in stock order."""
    seen: list[str] = []
    for instance in state.decks.stock:
        cid = card_id(instance)
        card = state.cards.get(cid)
        if cid not in seen and isinstance(card, Equipment) and base in card.sold_at:
            seen.append(cid)
    return tuple(seen)


def buy(state: GameState, cid: str) -> GameState:
    """BASE-2, ST-4, EQ-6: pay the price; the card goes into its slot or the backpack (EQ-10)."""
    base = open_base(state)
    if cid not in state.cards:
        raise BaseRefused("BASE-2", f"there is no card '{cid}'", key="no_such_card", card=cid)
    card = state.cards.get(cid)
    if not isinstance(card, Equipment) or base not in card.sold_at:
        raise BaseRefused(
            "BASE-2",
            f"{BASE_NAMES[base]} does not sell {cid}",
            key="not_sold_here",
            base=base.value,
            card=cid,
        )
    instance = next((c for c in state.decks.stock if card_id(c) == cid), None)
    if instance is None:
        raise BaseRefused("BASE-2", f"every copy of {cid} is taken", key="sold_out", card=cid)
    player = state.player
    if player.cash < card.price:
        raise NotEnoughMoney(
            "ST-4",
            f"{cid} costs {card.price}, you have {player.cash}",
            key="too_expensive",
            card=cid,
            price=card.price,
            cash=player.cash,
        )
    refusal = buy_refusal(state, player, cid)
    if refusal is not None:
        raise refusal
    gained = gain(replace(player, cash=player.cash - card.price), instance, state.ctx)
    player = gained.player
    state = replace(state, decks=replace(state.decks, stock=without(state.decks.stock, instance)))
    state = _traded(
        state,
        player,
        Note(
            "BASE-2",
            "buy",
            f"{player.name} buys {cid} for {card.price}",
            player=player.name,
            card=cid,
            price=card.price,
        ),
    )
    return note(state, gained_note(gained, player.name, instance, "BASE-2"))


def buy_refusal(state: GameState, player: PlayerState, cid: str) -> IllegalAction | None:
    """EQ-6: a grenade over the cap (every grenade carried counts) cannot be bought."""
    if grenade_room(player, state.cards.get(cid), state.ctx):
        return None
    cap = state.variant.grenade_cap
    return EquipmentRefused(
        "EQ-6",
        f"you carry {cap} grenades already, the most allowed",
        key="grenade_cap",
        cap=cap,
        card=cid,
    )


def sale_price(state: GameState, player: PlayerState, instance: str) -> int | None:
    """What a base pays for a carried card or trophy (None if it is neither)."""
    for trophy in player.trophies:
        if trophy.card == instance:
            monster = state.card(instance)
            assert isinstance(monster, Monster)
            return monster.at(trophy.colour).trophy_price
    if instance not in player.carried():
        return None
    card = state.card(instance)
    if isinstance(card, Artifact):
        return card.price
    if isinstance(card, Equipment):
        return card.price // state.variant.resale_divisor
    return None


def sell(state: GameState, instance: str) -> GameState:
    """BASE-2 (equipment at price // resale_divisor, artifacts at price), TROPHY-2, TROPHY-4."""
    open_base(state)
    player = state.player
    price = sale_price(state, player, instance)
    if price is None:
        cid = card_id(instance)
        raise BaseRefused("BASE-2", f"you carry no {cid} to sell", key="nothing_to_sell", card=cid)
    decks = state.decks
    trophy = next((t for t in player.trophies if t.card == instance), None)
    if trophy is not None:
        player = replace(player, trophies=tuple(t for t in player.trophies if t != trophy))
        decks = replace(decks, monster_discard=(instance, *decks.monster_discard))
        rule = "TROPHY-2"
    else:
        card = state.card(instance)
        player = remove_card(player, instance)
        if isinstance(card, Artifact):
            decks = replace(decks, artifact_discard=(instance, *decks.artifact_discard))
        else:
            decks = replace(decks, stock=(instance, *decks.stock))
        rule = "BASE-2"
    player = keep_damage(state.player, replace(player, cash=player.cash + price), state.ctx)
    state = replace(state, decks=decks)
    cid = card_id(instance)
    return _traded(
        state,
        player,
        Note(
            rule,
            "sell",
            f"{player.name} sells {cid} for {price}",
            player=player.name,
            card=cid,
            price=price,
        ),
    )


def heal_limit(state: GameState, player: PlayerState) -> int:
    """BASE-3, ST-4, ST-5: the most points the stalker may heal now (missing and paid for)."""
    missing = stats(player, state.ctx).max_health - player.health
    return max(0, min(missing, player.cash // max(1, state.variant.heal_price)))


def heal(state: GameState, points: int) -> GameState:
    """BASE-3: buy any number of health points at ``variant.heal_price`` a point, never above
    the maximum (ST-5)."""
    open_base(state)
    player = state.player
    missing = stats(player, state.ctx).max_health - player.health
    if points < 1 or points > missing:
        raise BaseRefused(
            "BASE-3",
            f"you can heal 1 to {missing} points, not {points}",
            key="heal_range",
            missing=missing,
            points=points,
        )
    cost = points * state.variant.heal_price
    if cost > player.cash:
        raise NotEnoughMoney(
            "ST-4",
            f"{points} health costs {cost}, you have {player.cash}",
            key="heal_too_expensive",
            points=points,
            cost=cost,
            cash=player.cash,
        )
    player = replace(player, cash=player.cash - cost, health=player.health + points)
    return _traded(
        state,
        player,
        Note(
            "BASE-3",
            "heal",
            f"{player.name} heals {points} for {cost}",
            player=player.name,
            points=points,
            cost=cost,
        ),
    )


def offered(state: GameState, base: Site) -> tuple[str, ...]:
    """ORDER-1: the order cards this base offers (``offered_at`` empty means every base)."""
    out = []
    for instance in state.decks.orders:
        card = state.card(instance)
        assert isinstance(card, Order)
        if not card.offered_at or base in card.offered_at:
            out.append(instance)
    return tuple(out)


def holds_order(player: PlayerState, cid: str) -> bool:
    """ORDER-1: a stalker holds at most one copy of an order card (``cid`` a card id)."""
    return any(card_id(order.card) == cid for order in player.open_orders)


def take_order(state: GameState, instance: str) -> GameState:
    """ORDER-1: at most ``variant.max_open_orders`` open orders."""
    base = open_base(state)
    if instance not in offered(state, base):
        cid = card_id(instance)
        raise OrderRefused(
            "ORDER-1",
            f"{BASE_NAMES[base]} offers no order {cid}",
            key="order_not_offered",
            base=base.value,
            card=cid,
        )
    player = state.player
    cid = card_id(instance)
    if holds_order(player, cid):
        raise OrderRefused(
            "ORDER-1",
            f"you hold the order {cid} already; deliver it before taking it again",
            key="order_held",
            card=cid,
        )
    cap = state.variant.max_open_orders
    if len(player.open_orders) >= cap:
        raise OrderRefused(
            "ORDER-1", f"at most {cap} open orders; deliver one first", key="orders_full", cap=cap
        )
    player = replace(player, open_orders=(*player.open_orders, OpenOrder(instance)))
    state = replace(state, decks=replace(state.decks, orders=without(state.decks.orders, instance)))
    return _traded(
        state,
        player,
        Note(
            "ORDER-1",
            "order_taken",
            f"{player.name} takes the order {cid}",
            player=player.name,
            card=cid,
        ),
    )


def fulfilment(state: GameState, player: PlayerState, order: OpenOrder) -> str | Trophy | None:
    """What delivering an order hands over: a trophy, an artifact instance, "" for a visit made;
    None while the requirement is not met."""
    card = state.card(order.card)
    assert isinstance(card, Order)
    req = card.requirement
    if isinstance(req, TrophyRequirement):
        for trophy in player.trophies:
            if card_id(trophy.card) == req.monster and req.colour in (None, trophy.colour):
                return trophy
        return None
    if isinstance(req, ArtifactRequirement):
        for instance in player.carried():
            if card_id(instance) == req.artifact:
                return instance
        return None
    return "" if order.visited else None


def deliver_order(state: GameState, instance: str) -> GameState:
    """ORDER-1, REP-1: hand over what the order asks, get the reward and +1 reputation."""
    open_base(state)
    player = state.player
    order = next((o for o in player.open_orders if o.card == instance), None)
    if order is None:
        cid = card_id(instance)
        raise OrderRefused(
            "ORDER-1", f"you hold no open order {cid}", key="order_not_held", card=cid
        )
    given = fulfilment(state, player, order)
    if given is None:
        cid = card_id(instance)
        raise OrderRefused(
            "ORDER-1", f"the order {cid} is not fulfilled yet", key="order_unfulfilled", card=cid
        )
    decks = state.decks
    if isinstance(given, Trophy):
        player = replace(player, trophies=tuple(t for t in player.trophies if t != given))
        decks = replace(decks, monster_discard=(given.card, *decks.monster_discard))
    elif given:
        player = keep_damage(player, remove_card(player, given), state.ctx)
        decks = replace(decks, artifact_discard=(given, *decks.artifact_discard))
    card = state.card(instance)
    assert isinstance(card, Order)
    player = replace(
        player,
        cash=player.cash + card.reward,
        open_orders=tuple(o for o in player.open_orders if o.card != instance),
        delivered=(*player.delivered, instance),
    )
    state = replace(state, decks=decks)
    return _traded(
        state,
        player,
        Note(
            "REP-1",
            "order_delivered",
            f"{player.name} delivers {card.id}: +{card.reward}, +1 reputation",
            player=player.name,
            card=card.id,
            reward=card.reward,
        ),
    )


def give_up_order(state: GameState, instance: str) -> GameState:
    """ORDER-1: at a base the stalker may use, an open order may be given up: no reward, no
    reputation change; the card goes to the bottom of the order deck."""
    refusal = trade_refusal_error(state)
    if refusal is not None:
        raise OrderRefused(
            "ORDER-1",
            f"an order can be given up only at a base you may use ({refusal.reason})",
            key="give_up_not_here",
        )
    player = state.player
    if not any(o.card == instance for o in player.open_orders):
        cid = card_id(instance)
        raise OrderRefused(
            "ORDER-1", f"you hold no open order {cid}", key="order_not_held", card=cid
        )
    player = replace(player, open_orders=tuple(o for o in player.open_orders if o.card != instance))
    state = replace(state, decks=replace(state.decks, orders=(*state.decks.orders, instance)))
    cid = card_id(instance)
    return _traded(
        state,
        player,
        Note(
            "ORDER-1",
            "order_given_up",
            f"{player.name} gives up the order {cid}: it goes to the bottom of the order deck",
            player=player.name,
            card=cid,
        ),
    )
