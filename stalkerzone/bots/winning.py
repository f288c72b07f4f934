"""The plan of a bot that carries the Elements it needs (WIN-1): heal, buy, then the Epicenter.

A bot states it as one :class:`EpicenterPlan`: the step it is on and the odds behind it. It
waits for its level's odds against the guardian only while an upgrade in stock that it can pay
for (at a base its reputation opens, REP-1) would raise them; with nothing left to buy that
helps it settles for its level's ``settle_odds``, and a rival carrying the Elements too makes it
hurry. A level with a ``patience_cash`` (hard, expert) waits to earn money only for an upgrade at
most that far away (a few rounds' worth: further is not worth the rounds a rival may use to
win); with none in reach it heals and goes in, so it never holds the Elements for long without
a plan it can state (normal waits for its odds, which is part of why it is weaker). The plan
reads only the seat's own state and what every seat sees (others' Elements, the shops' stock).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from stalkerzone.bots.trading import BASES, UPGRADE, catalogue, shop_value
from stalkerzone.bots.turn import TurnView
from stalkerzone.engine.core import Equipment, Grenade, Monster, Stimulator

Step = Literal["gather", "heal", "buy", "epicenter", "wait"]


@dataclass(frozen=True, slots=True)
class EpicenterPlan:
    """Where a bot stands on its way to the win."""

    step: Step  # gather Elements, heal first, buy first, go in, or wait for better odds
    odds: float  # its estimated chance against the guardian at full health
    wanted: float  # the chance it goes in with


def can_buy_better(view: TurnView, extra: int = 0) -> bool:
    """Is there an upgrade in stock (BASE-2) it can pay for (with its trophies sold, and
    ``extra`` money more) at a base it may use (REP-1)? The shop list and the stock are
    public."""
    state, p, variant = view.state, view.player, view.variant
    cash = (
        extra
        + p.cash
        + sum(
            monster.at(t.colour).trophy_price
            for t in p.trophies
            if isinstance(monster := state.card(t.card), Monster)
        )
    )
    for base in BASES:
        if p.reputation < variant.reputation_needed(base) or not view.zone_map.site_hexes(base):
            continue
        if not extra and shop_value(view, base) <= 0:
            continue
        for cid in catalogue(view, base):
            card = state.cards.get(cid)
            if not isinstance(card, Equipment):
                continue
            if isinstance(card, (Grenade, Stimulator)) and not view.arming:
                continue
            if card.price <= cash and view.gain(f"{cid}#0") >= UPGRADE:
                return True
    return False


def rival_ready(view: TurnView) -> bool:
    """Does another seat carry the Elements it needs (public: everyone sees Elements)?"""
    need = view.variant.elements_required
    return any(p.elements >= need for k, p in enumerate(view.state.players) if k != view.index)


def epicenter_plan(view: TurnView) -> EpicenterPlan:
    """The step a bot is on (memoised per decision on the view)."""
    if view.need:
        return EpicenterPlan("gather", 0.0, 1.0)
    profile = view.profile
    odds = view.guardian_odds()
    wanted = view.epicenter_threshold()
    buying = can_buy_better(view)
    if not buying:
        wanted = min(wanted, profile.settle_odds)
    if rival_ready(view):
        wanted *= profile.rival_hurry
    fit = view.player.health >= view.stats.max_health * profile.epicenter_health
    if odds >= wanted:
        if fit:
            return EpicenterPlan("epicenter", odds, wanted)
        if view.player.cash >= view.variant.heal_price:
            return EpicenterPlan("heal", odds, wanted)
        return EpicenterPlan("epicenter", odds, wanted)  # no money to heal: waiting won't help
    if buying:
        return EpicenterPlan("buy", odds, wanted)
    patience = view.profile.patience_cash
    if patience is None or can_buy_better(view, patience):
        return EpicenterPlan("wait", odds, wanted)
    # nothing in reach would help: heal, then go in with the odds it has (no endless wait)
    if not fit and view.player.cash >= view.variant.heal_price:
        return EpicenterPlan("heal", odds, odds)
    return EpicenterPlan("epicenter", odds, odds)
