"""How good a position is for one seat (WIN-1): the expert's evaluation of the games its search
plays out, as its chance to win the race for the Epicenter.

Each stalker races to win the guardian's fight. Its first try comes once it has found its
missing Elements (about :data:`ROUNDS_PER_ELEMENT` rounds each, ANOM-1), walked to the Epicenter
(route distance over its movement, ST-1) and healed when hurt (BASE-3); it wins that try with the
exact odds of :mod:`stalkerzone.odds` against the guardian at full health with its equipment as
it stands (FIGHT-4: no escape; money in hand and open orders count as equipment it may still
buy). A lost try costs everything it carried (DEATH-1), so later tries come a whole
:data:`CYCLE_ROUNDS` apart at lower odds. The seat's chance is that of winning a try before any
rival has won one, round by round over :data:`HORIZON` rounds (what is left after that shared
by each one's pace). Only what every seat sees is read: Elements, positions, equipment, health,
money and open orders are public (TURN-3).
"""

from __future__ import annotations

from stalkerzone.bots.guardian import guardian_win
from stalkerzone.bots.levels import PROFILES
from stalkerzone.bots.memory import BotMemory
from stalkerzone.bots.routes import route_table
from stalkerzone.bots.trading import BASES, catalogue
from stalkerzone.bots.turn import TurnView
from stalkerzone.engine.core import Equipment, Monster, Order
from stalkerzone.engine.play import GameState
from stalkerzone.engine.turn import stats

NO_PROFILE = PROFILES["hard"]
"""The profile a view for the evaluation is made with (it reads no profile number)."""

ROUNDS_PER_ELEMENT = 4.0
"""About how many rounds a stalker takes to find one more Element (ANOM-1: 1 in 3 per visit)."""

CYCLE_ROUNDS = 15
"""Rounds from a lost try to the next (DEATH-3: a fresh stalker finds all the Elements again)."""

LATER_ODDS = 0.5
"""The share of its odds a stalker has again on a later try (it lost its equipment, DEATH-1)."""

HORIZON = 60
"""Rounds the race is followed round by round."""

CASH_HALF = 2500.0
"""Money that counts for half the way from a stalker's odds to certainty (it buys equipment)."""

CASH_SHARE = 0.5
"""The most money in hand can add to the odds, as a share of the way to certainty."""

ORDER_CASH = 0.5
"""An open order counts as this share of its reward in money (ORDER-1)."""

LEAST_ODDS = 0.01
"""The odds no stalker falls below (a lucky fight is always possible)."""


STEPS_PER_ROUND = 4
"""The race is followed in steps of a quarter round (a turn of a 4-seat game)."""

Tries = tuple[int, float, float]
"""A stalker's race: the step of its first try, its odds then, its odds on later tries."""


def tries(memory: BotMemory, state: GameState, index: int) -> Tries:
    """When (in :data:`STEPS_PER_ROUND` steps) seat ``index`` first tries the guardian and with
    what odds (:data:`Tries`); a stalker fighting in the Epicenter now tries first (step -1)
    with the exact odds of that fight."""
    p = state.players[index]
    variant = state.variant
    odds = guardian_win(memory, state, p)
    cash = float(p.cash)
    for order in p.open_orders:
        card = state.card(order.card)
        if isinstance(card, Order):
            cash += ORDER_CASH * card.reward
    odds += (1.0 - odds) * CASH_SHARE * cash / (cash + CASH_HALF)
    odds = max(LEAST_ODDS, odds)
    later = max(LEAST_ODDS, LATER_ODDS * odds)
    held = state.fight
    if held is not None and held.epicenter and held.player == index:
        return -1, memory.odds.odds(held.fight, "best").win, later
    need = max(0, variant.elements_required - p.elements)
    st = stats(p, state.ctx)
    rounds = need * ROUNDS_PER_ELEMENT
    if p.position is not None:
        table = route_table(memory, state)
        far = table.distances(frozenset({state.zone_map.epicenter})).get(p.position)
        rounds += (far if far is not None else 20) / max(1, st.movement)
    if p.health < 0.7 * st.max_health:
        rounds += 1.0
    return round(rounds * STEPS_PER_ROUND), odds, later


def shop_plan(memory: BotMemory, state: GameState, index: int) -> Tries | None:
    """The seat's other way to the guardian: a base it may trade at first (REP-1), where it
    heals and buys the one card in stock (BASE-2) that raises its odds the most for the money it
    has with its trophies sold, then the Epicenter (None if no base is open to it)."""
    p = state.players[index]
    if p.position is None:
        return None
    variant = state.variant
    zone_map = state.zone_map
    table = route_table(memory, state)
    to_epicenter = table.distances(frozenset({zone_map.epicenter}))
    view = TurnView(state, (), NO_PROFILE, memory, index)
    cash = p.cash + sum(
        m.at(t.colour).trophy_price
        for t in p.trophies
        if isinstance(m := state.card(t.card), Monster)
    )
    best_odds, best_steps = guardian_win(memory, state, p), None
    movement = max(1, view.stats.movement)
    for base in BASES:
        hexes = zone_map.site_hexes(base)
        if not hexes or p.reputation < variant.reputation_needed(base):
            continue
        there = table.distances(frozenset(hexes)).get(p.position)
        onward = min((to_epicenter.get(h, 99) for h in hexes), default=99)
        if there is None:
            continue
        steps = round(STEPS_PER_ROUND * ((there + onward) / movement + 1.0))
        if best_steps is None or steps < best_steps:
            best_steps = steps
        for cid in catalogue(view, base):
            card = state.cards.get(cid)
            if not isinstance(card, Equipment) or card.price > cash:
                continue
            after = view.with_card(f"{cid}#0")
            if after is None:
                continue
            odds = guardian_win(memory, state, after)
            if odds > best_odds:
                best_odds, best_steps = odds, steps
    if best_steps is None:
        return None
    need = max(0, variant.elements_required - p.elements)
    first = best_steps + round(need * ROUNDS_PER_ELEMENT * STEPS_PER_ROUND)
    odds = max(LEAST_ODDS, best_odds)
    return first, odds, max(LEAST_ODDS, LATER_ODDS * odds)


def direct_plan(memory: BotMemory, state: GameState, index: int) -> Tries:
    """The seat's straight way: the Elements it lacks, then the Epicenter as it stands."""
    p = state.players[index]
    held = state.fight
    odds = max(LEAST_ODDS, guardian_win(memory, state, p, as_it_stands=True))
    later = max(LEAST_ODDS, LATER_ODDS * guardian_win(memory, state, p))
    if held is not None and held.epicenter and held.player == index:
        return -1, memory.odds.odds(held.fight, "best").win, later
    need = max(0, state.variant.elements_required - p.elements)
    rounds = need * ROUNDS_PER_ELEMENT
    if p.position is not None:
        far = route_table(memory, state).distances(frozenset({state.zone_map.epicenter}))
        rounds += far.get(p.position, 20) / max(1, stats(p, state.ctx).movement)
    return round(rounds * STEPS_PER_ROUND), odds, later


def race(races: list[Tries], seat: int) -> float:
    """The chance that ``seat`` wins a try before every rival, step by step (the seat tries
    first within a step: it is its turn); after :data:`HORIZON` rounds what is left goes by
    each one's pace on later tries."""
    alive = [1.0] * len(races)  # chance each has not won yet
    won = 0.0
    cycle = CYCLE_ROUNDS * STEPS_PER_ROUND
    for r in range(-1, HORIZON * STEPS_PER_ROUND):
        others = 1.0
        for k, chance in enumerate(alive):
            if k != seat:
                others *= chance
        for k, (first, odds, later) in enumerate(races):
            q = odds if r == first else later if r > first and (r - first) % cycle == 0 else 0
            if not q:
                continue
            if k == seat:
                won += others * alive[k] * q
            alive[k] *= 1.0 - q
    rest = 1.0
    for chance in alive:
        rest *= chance
    paces = [later / CYCLE_ROUNDS for _, _, later in races]
    return won + rest * paces[seat] / sum(paces)


def evaluate(memory: BotMemory, state: GameState, seat: int) -> float:
    """The chance to win that ``state`` gives ``seat`` (1 or 0 once decided)."""
    if state.is_terminal:
        return 1.0 if state.winner == seat else 0.0
    races = [tries(memory, state, k) for k in range(len(state.players))]
    best = race(races, seat)
    for plan in (direct_plan(memory, state, seat), shop_plan(memory, state, seat)):
        if plan is not None:
            races[seat] = plan
            best = max(best, race(races, seat))
    return best
