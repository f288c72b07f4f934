"""Where to move (TURN-2, WIN-1, ORDER-1, ANOM-1, DEATH-2): goals worth reaching, weighed by value
and by how many turns away they are (``normal``/``hard``), or the nearest simple target
(``easy``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from stalkerzone.bots.trading import base_value
from stalkerzone.bots.turn import ELEMENT_VALUE, TurnView
from stalkerzone.bots.winning import epicenter_plan
from stalkerzone.engine.core import DANGER_COLOUR, Order, Site, VisitRequirement
from stalkerzone.engine.play import Move
from stalkerzone.engine.zone import Hex

WIN_VALUE = 20_000.0
"""What winning the game is worth (WIN-1), weighed by the chance against the guardian."""

DECAY = 0.75
"""A goal one turn further away is worth this much less."""

GOALS_WEIGHED = 8
"""The best goals whose distance fields a move looks at."""

ZOMBIE_PILE_VALUE = 500.0
"""What another player's loot pile is worth with a Zombie card in force (DEATH-2: a bot sees
where it lies, not what it holds)."""

Goal = tuple[float, frozenset[Hex]]


def goal_kinds(view: TurnView) -> list[tuple[float, frozenset[Hex], str]]:
    """:func:`goals` with what each one is (``epicenter``, ``loot``, a base, ``order``, an
    anomaly, a danger, an event): for a bot explaining its move."""
    labelled = []
    zone_map = view.zone_map
    for value, hexes in goals(view):
        if zone_map.epicenter in hexes:
            kind = "epicenter"
        else:
            sites = {zone_map.hexes[h].site for h in hexes}
            site = next(iter(sites)) if len(sites) == 1 else None
            kind = str(site.value) if site is not None else "place"
            if any(pile.hex in hexes and pile.owner == view.index for pile in view.state.loot):
                kind = "loot"
        labelled.append((value, hexes, kind))
    return labelled


def goals(view: TurnView) -> list[Goal]:
    """(value, hexes) of what is worth going to, best first."""
    state, p = view.state, view.player
    zone_map = view.zone_map
    out: list[Goal] = []
    # the Epicenter (WIN-1): heal, buy, then go in
    plan = epicenter_plan(view)
    if plan.step == "epicenter":
        out.append((WIN_VALUE * max(plan.odds, 0.05), frozenset({zone_map.epicenter})))
    boost = view.profile.plan_weight if plan.step in ("heal", "buy") else 1.0
    # own loot (DEATH-2), in the Epicenter only when going there anyway
    for pile in state.loot:
        if zone_map.hexes[pile.hex].site == Site.EPICENTER:
            continue
        if pile.owner != view.index:
            if p.zombie_turns > 0:  # DEATH-2: where it lies is seen, not what it holds
                out.append((ZOMBIE_PILE_VALUE, frozenset({pile.hex})))
            continue
        worth = pile.money + 200.0 * len(pile.cards) + ELEMENT_VALUE * pile.elements
        worth += sum(150.0 for _ in pile.trophies)
        out.append((worth, frozenset({pile.hex})))
    for base, value in base_value(view).items():
        hexes = zone_map.site_hexes(base)
        if value > 0 and hexes:
            out.append((value * boost, frozenset(hexes)))
    # open visit orders (ORDER-1)
    for order in p.open_orders:
        card = state.card(order.card)
        assert isinstance(card, Order)
        req = card.requirement
        if isinstance(req, VisitRequirement) and not order.visited:
            hexes = zone_map.site_hexes(req.site)
            if hexes:
                out.append((card.reward + 300.0, frozenset(hexes)))
    # Elements (ANOM-1), dangers, events
    if view.need:
        hexes = zone_map.site_hexes(Site.ANOMALY)
        value = view.anomaly_value()
        if hexes and value > 0:
            out.append((value, frozenset(h for h in hexes if h != p.position)))
    for site, colour in DANGER_COLOUR.items():
        hexes = zone_map.site_hexes(site)
        value = view.danger_value(colour)
        if hexes and value > 0:
            out.append((value, frozenset(hexes)))
    events = zone_map.site_hexes(Site.EVENT)
    if events:
        out.append((120.0, frozenset(h for h in events if h != p.position)))
    out.sort(key=lambda g: -g[0])
    if plan.step == "epicenter" and view.profile.goal_first:  # no wandering next to the goal
        epicenter = frozenset({zone_map.epicenter})
        rest = [g for g in out if g[1] != epicenter]
        top = max((g[0] for g in rest), default=0.0)
        out = [(max(WIN_VALUE * max(plan.odds, 0.05), 2.0 * top), epicenter), *rest]
    return out


def score_at(h: Hex, fields: Sequence[tuple[float, Mapping[Hex, int]]], movement: int) -> float:
    """The best goal value seen from ``h``, each discounted by the turns it takes to reach."""
    score = 0.0
    for value, dist in fields:
        d = dist.get(h)
        if d is None:
            continue
        score = max(score, value * DECAY ** (d / movement))
    return score


def scored_moves(view: TurnView) -> tuple[float, list[tuple[float, Move]]]:
    """``normal``/``hard``: the value of staying and of every listed move: the site it ends on
    plus the discounted value of the goals it brings closer, best first (ties: the lower hex)."""
    p = view.player
    moves = [a for a in view.legal if isinstance(a, Move)]
    if not moves:
        return 0.0, []
    zone_map = view.zone_map
    movement = max(1, view.stats.movement)
    top_goals = goals(view)[:GOALS_WEIGHED]
    fields = [(value, view.distances(hexes)) for value, hexes in top_goals if hexes]
    site_values: dict[Site | None, float] = {}
    for site, colour in DANGER_COLOUR.items():
        site_values[site] = view.danger_value(colour)
    site_values[Site.ANOMALY] = view.anomaly_value() if view.need else -10.0
    site_values[Site.EVENT] = 60.0
    here_score = score_at(p.position, fields, movement) if p.position else 0.0
    scored: list[tuple[float, Move]] = []
    for move in moves:
        h = move.to
        there = zone_map.hexes[h].site
        immediate = site_values.get(there, 0.0)
        if there == Site.EPICENTER and not any(h in g for _, g in top_goals):
            immediate = -WIN_VALUE
        scored.append((immediate + score_at(h, fields, movement), move))
    scored.sort(key=lambda sm: (-sm[0], sm[1].to.q, sm[1].to.r))
    return here_score, scored


def choose_move(view: TurnView) -> Move | None:
    """``normal``/``hard``: the best of :func:`scored_moves`; None to stay."""
    here_score, scored = scored_moves(view)
    if not scored:
        return None
    best, move = scored[0]
    if best <= here_score * 0.999 and best <= 0:
        return None
    return move


def easy_move(view: TurnView) -> Move | None:
    """``easy``: the Epicenter when it carries the Elements (a base first to heal, if hurt and
    able to pay); a base to heal, sell or spend (the best one its reputation opens); the site
    of an open visit order; else the nearest anomaly, event or danger it feels armed for."""
    p = view.player
    moves = [a for a in view.legal if isinstance(a, Move)]
    if not moves:
        return None
    zone_map = view.zone_map
    top = view.stats.max_health
    step = epicenter_plan(view).step
    if step == "epicenter":
        target: frozenset[Hex] = frozenset({zone_map.epicenter})
    elif (
        step == "heal"
        or (p.health < top * 0.5 and p.cash >= 100)
        or len(p.trophies) >= 2
        or p.cash >= 900
    ):
        usable = [
            b
            for b in (Site.LABORATORY, Site.MILITARY_BASE, Site.VILLAGE)
            if p.reputation >= view.variant.reputation_needed(b) and zone_map.site_hexes(b)
        ]
        target = frozenset(zone_map.site_hexes(usable[0] if p.cash >= 900 else usable[-1]))
    elif visits := view.visit_sites():
        target = visits
    else:
        sites = [Site.ANOMALY, Site.EVENT, Site.DANGER_GREEN]
        if view.stats.attack.mean(view.stats.one_die_bonus) >= 8:
            sites.append(Site.DANGER_YELLOW)
        target = frozenset(h for s in sites for h in zone_map.site_hexes(s) if h != p.position)
    dist = view.distances(target)
    far = 10**6

    def key(m: Move) -> tuple[int, Hex]:
        site = zone_map.hexes[m.to].site
        penalty = 0
        if site in (Site.DANGER_RED, Site.DANGER_YELLOW) and m.to not in target:
            penalty = 50
        return (dist.get(m.to, far) + penalty, m.to)

    return min(moves, key=key)
