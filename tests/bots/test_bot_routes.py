"""Route planning (TURN-2): movement points to the nearest goal, a danger hex costing a stop more,
the Epicenter never passed through; one route table per Zone, its fields memoised."""

from __future__ import annotations

from stalkerzone.bots.memory import BotMemory
from stalkerzone.bots.routes import DANGER_STOP, route_table
from stalkerzone.engine.core import DANGER_COLOUR, Site
from stalkerzone.engine.zone import neighbours
from tests.support.records import start


def test_bot_routes_cost_entering_the_goal_and_a_stop_more_through_a_danger() -> None:
    state = start(seed=3, players=2).state
    zone_map = state.zone_map
    memory = BotMemory().serve(state.ctx)
    table = route_table(memory, state)
    assert route_table(memory, state) is table  # one table per Zone
    danger = next(h for site in DANGER_COLOUR for h in zone_map.site_hexes(site))
    plain = next(h for h, info in zone_map.hexes.items() if info.site is None and h in table.cost)
    for goal in (danger, plain):
        dist = table.distances(frozenset({goal}))
        assert dist[goal] == 0
        enter = zone_map.enter_cost(goal, state.variant)
        assert enter is not None
        extra = DANGER_STOP if goal == danger else 0
        for n in neighbours(goal):
            if n in table.cost:
                assert dist[n] == enter + extra
        assert table.distances(frozenset({goal})) is dist  # memoised per goal set
    assert len(table.fields) == 2


def test_bot_routes_never_pass_through_the_epicenter() -> None:
    """TURN-2: entering the Epicenter ends a move, so no distance is measured through it (it is
    only ever a goal)."""
    state = start(seed=3, players=2).state
    zone_map = state.zone_map
    table = route_table(BotMemory().serve(state.ctx), state)
    epicenter = zone_map.epicenter
    assert epicenter in table.barred
    village = frozenset(zone_map.site_hexes(Site.VILLAGE))
    dist = table.distances(village)
    through = table.distances(frozenset({epicenter}))
    assert through[epicenter] == 0
    for h, d in dist.items():
        if h == epicenter or h in village:
            continue
        # a hex's distance comes from a neighbour other than the Epicenter
        options = [dist[n] + table.cost[n] for n in table.links[h] if n in dist and n != epicenter]
        assert d == min(options)
