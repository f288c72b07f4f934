"""How good a position is for one seat (WIN-1): the expert's evaluation of the games its search
plays out, as its chance to win the race for the Epicenter.

Each stalker races to win the guardian's fight, by one of three ways (:func:`plans`): straight
there as it stands, through a base to heal and buy the card that helps most (BASE-2, BASE-3),
or the same after earning money for a few rounds. A way's first try comes once the stalker has
found its missing Elements (about :data:`ROUNDS_PER_ELEMENT` rounds each, ANOM-1) and walked
there (route distance over its movement, ST-1), and wins with the exact odds of
:mod:`stalkerzone.odds` against the guardian (FIGHT-4: no escape). A lost try costs everything
it carried (DEATH-1), so later tries come :data:`CYCLE_ROUNDS` apart at lower odds. Each rival
goes its fastest way; the seat's value is its best chance, over its ways, to win a try before
any rival has won one, followed step by step over :data:`HORIZON` rounds. Only what every seat
sees is read: Elements, positions, equipment, health, money and trophies are public (TURN-3).
"""

from __future__ import annotations

from stalkerzone.bots.guardian import weapon_guardian_win as guardian_win
from stalkerzone.bots.levels import PROFILES
from stalkerzone.bots.memory import BotMemory
from stalkerzone.bots.routes import route_table
from stalkerzone.bots.trading import BASES, catalogue
from stalkerzone.bots.turn import TurnView
from stalkerzone.engine.core import Equipment, Monster, Site
from stalkerzone.engine.play import GameState, PlayerState
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

EARN_PER_ROUND = 200
"""About the money a stalker earns in a round (trophies, orders, finds: ~4,400 green in a
23-round standard game of hard bots)."""

PURCHASES = 4
"""The most cards a shopping plan buys."""

EARN_ROUNDS = 4
"""The rounds of the plan that earns money for a better card before going in."""

LEAST_ODDS = 0.01
"""The odds no stalker falls below (a lucky fight is always possible)."""


STEPS_PER_ROUND = 4
"""The race is followed in steps of a quarter round (a turn of a 4-seat game)."""

Tries = tuple[int, float, float]
"""A stalker's way to the guardian: the step of its first try, its odds then, its odds on later
tries (a lost try costs all it carried, DEATH-1)."""


def _turns(far: int | None, movement: int) -> int:
    """Whole turns to walk ``far`` movement points: 0 when it is reachable this turn."""
    if far is None:
        return 5
    return max(0, -(-far // max(1, movement)) - 1)


def direct_plan(memory: BotMemory, state: GameState, index: int) -> Tries:
    """Straight there: the Elements it lacks, the walk, the guardian as it stands; a stalker
    fighting in the Epicenter now tries first (step -1) with that fight's exact odds."""
    p = state.players[index]
    held = state.fight
    later = max(LEAST_ODDS, LATER_ODDS * guardian_win(memory, state, p))
    if held is not None and held.epicenter and held.player == index:
        return -1, memory.odds.odds(held.fight, "best").win, later
    odds = max(LEAST_ODDS, guardian_win(memory, state, p, as_it_stands=True))
    need = max(0, state.variant.elements_required - p.elements)
    rounds = need * ROUNDS_PER_ELEMENT
    if p.position is not None:
        far = route_table(memory, state).distances(frozenset({state.zone_map.epicenter}))
        rounds += _turns(far.get(p.position), stats(p, state.ctx).movement)
    return round(rounds * STEPS_PER_ROUND), odds, later


def shop_plan(memory: BotMemory, state: GameState, index: int, earn: int = 0) -> Tries | None:
    """Through a base it may trade at (REP-1), after ``earn`` rounds of earning money
    (:data:`EARN_PER_ROUND`): heal there and buy the one card in stock (BASE-2) that raises its
    odds the most for its money with its trophies sold, then the Epicenter (None if no base is
    open to it)."""
    p = state.players[index]
    if p.position is None:
        return None
    key = (p, state.decks.stock, earn)
    hit = memory.plans.get(key)
    if hit is None:
        hit = memory.plans.put(key, _shop_plan(memory, state, index, earn))
    return hit


def _shop_plan(memory: BotMemory, state: GameState, index: int, earn: int) -> Tries | None:
    p = state.players[index]
    assert p.position is not None
    variant, zone_map = state.variant, state.zone_map
    table = route_table(memory, state)
    to_epicenter = table.distances(frozenset({zone_map.epicenter}))
    view = TurnView(state, (), NO_PROFILE, memory, index)
    cash = p.cash + earn * EARN_PER_ROUND
    for t in p.trophies:
        monster = state.card(t.card)
        cash += monster.at(t.colour).trophy_price if isinstance(monster, Monster) else 0
    movement = max(1, view.stats.movement)
    best: tuple[float, int] | None = None
    for base in BASES:
        hexes = zone_map.site_hexes(base)
        there = table.distances(frozenset(hexes)).get(p.position) if hexes else None
        if there is None or p.reputation < variant.reputation_needed(base):
            continue
        onward = min((to_epicenter.get(h, 99) for h in hexes), default=99)
        rounds = 1 + _turns(there, movement) + _turns(onward, movement)
        odds = _shopping(memory, state, view, base, cash)
        if best is None or (odds, -rounds) > (best[0], -best[1]):
            best = (odds, rounds)
    if best is None:
        return None
    need = max(0, variant.elements_required - p.elements)
    total = max(earn, need * ROUNDS_PER_ELEMENT) + best[1]
    odds = max(LEAST_ODDS, best[0])
    return round(total * STEPS_PER_ROUND), odds, max(LEAST_ODDS, LATER_ODDS * odds)


def _shopping(memory: BotMemory, state: GameState, view: TurnView, base: Site, cash: int) -> float:
    """The odds against the guardian after buying at ``base``, greedily, up to
    :data:`PURCHASES` cards it can pay for: each time the one that raises the odds the most (by
    its strength in the planner's terms while the odds stay flat)."""
    p = view.player
    stock = catalogue(view, base)
    for _ in range(PURCHASES):
        now = (guardian_win(memory, state, p), view.power(view.stats_of(p)))
        best: tuple[tuple[float, float], PlayerState, int] | None = None
        for cid in stock:
            card = state.cards.get(cid)
            if not isinstance(card, Equipment) or card.price > cash:
                continue
            after = view.with_card_on(p, f"{cid}#0")
            if after is None:
                continue
            score = (guardian_win(memory, state, after), view.power(view.stats_of(after)))
            if score > now and (best is None or score > best[0]):
                best = (score, after, card.price)
        if best is None:
            break
        _, p, price = best
        cash -= price
    return guardian_win(memory, state, p)


def plans(memory: BotMemory, state: GameState, index: int) -> list[Tries]:
    """Seat ``index``'s ways to the guardian: straight there, through a base now, and through a
    base after earning money for :data:`EARN_ROUNDS` rounds (only the fight, while it fights
    the guardian)."""
    ways = [direct_plan(memory, state, index)]
    if ways[0][0] < 0:
        return ways  # fighting the guardian now: no other way is open
    for earn in (0, EARN_ROUNDS):
        way = shop_plan(memory, state, index, earn)
        if way is not None:
            ways.append(way)
    return ways


def pace(way: Tries) -> float:
    """How fast a way wins, trying again after every loss: one over the rounds it takes on
    average (the first try, then a whole cycle per lost try)."""
    first, odds, _ = way
    rounds = odds * max(0, first) / STEPS_PER_ROUND + (1.0 - odds) * CYCLE_ROUNDS
    return odds / (1.0 + rounds)


SPREAD = 4
"""A try planned for a step comes up to this many steps sooner or later (a round each way): the
rounds a way takes are an estimate."""


def _chance_at(step: int, first: int, odds: float, later: float, cycle: int) -> float:
    """The chance that a way wins at ``step``: its first try spread evenly over the steps
    around ``first`` (a fight under way or a try this turn: at once), later ones a cycle apart,
    spread alike."""
    width = 2 * SPREAD + 1
    if first <= 0:  # a fight under way (step -1) or a try this turn (step 0): at once
        if step == max(first, 0) - (first < 0):
            return odds
        start = max(first, 0) + cycle - SPREAD
    else:
        start = max(1, first - SPREAD)
        if start <= step < start + width:
            return odds / width
        start += cycle
    if step < start:
        return 0.0
    return later / width if (step - start) % cycle < width else 0.0


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
            q = _chance_at(r, first, odds, later, cycle)
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
    """The chance to win that ``state`` gives ``seat`` (1 or 0 once decided): each rival goes
    its fastest way (:func:`pace`), the seat the way that wins it the race most often."""
    if state.is_terminal:
        return 1.0 if state.winner == seat else 0.0
    races = [max(plans(memory, state, k), key=pace) for k in range(len(state.players))]
    best = 0.0
    for way in plans(memory, state, seat):
        races[seat] = way
        best = max(best, race(races, seat))
    return best
