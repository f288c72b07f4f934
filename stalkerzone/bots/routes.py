"""Route planning over a Zone map (TURN-2, ST-1 movement): movement points from every hex to the
nearest of a set of goals, over several turns, the way the bots weigh far goals."""

from __future__ import annotations

import heapq

from stalkerzone.bots.memory import BotMemory, BoundedMemo
from stalkerzone.engine.core import DANGER_COLOUR, Site, Variant
from stalkerzone.engine.play import GameState
from stalkerzone.engine.zone import Hex, ZoneMap, neighbours

FIELDS_PER_MAP = 1024
"""Distance fields kept per Zone map (one per set of goal hexes)."""

DANGER_STOP = 4
"""TURN-2: a move stops on entering a danger hex, so passing one costs about a stop more."""


class RouteTable:
    """One Zone map's travel graph — the cost to enter each passable hex (a danger counts as a
    stop), each hex's passable neighbours, the hexes no path passes through (the Epicenter ends
    every move) — and its distance fields, memoised per goal set."""

    def __init__(self, zone_map: ZoneMap, variant: Variant) -> None:
        cost: dict[Hex, int] = {}
        for h, info in zone_map.hexes.items():
            c = zone_map.enter_cost(h, variant)
            if c is not None:
                cost[h] = c + DANGER_STOP if info.site in DANGER_COLOUR else c
        self.hexes = frozenset(zone_map.hexes)
        self.cost = cost
        self.links = {h: tuple(n for n in neighbours(h) if n in cost) for h in zone_map.hexes}
        self.barred = frozenset(zone_map.site_hexes(Site.EPICENTER))
        self.fields: BoundedMemo[frozenset[Hex], dict[Hex, int]] = BoundedMemo(FIELDS_PER_MAP)

    def distances(self, goals: frozenset[Hex]) -> dict[Hex, int]:
        """Movement points from every hex to the nearest goal (the Epicenter is only ever a
        goal, never a hex to pass through)."""
        hit = self.fields.get(goals)
        if hit is not None:
            return hit
        cost, links, barred = self.cost, self.links, self.barred
        dist: dict[Hex, int] = {}
        heap = [(0, g) for g in sorted(goals) if g in self.hexes]
        heapq.heapify(heap)
        while heap:
            d, h = heapq.heappop(heap)
            if h in dist:
                continue
            dist[h] = d
            if h in barred and h not in goals:
                continue
            enter = cost.get(h, 0)
            for n in links.get(h, ()):
                if n not in dist:
                    heapq.heappush(heap, (d + enter, n))
        return self.fields.put(goals, dist)


def route_table(memory: BotMemory, state: GameState) -> RouteTable:
    """The route table of the game's Zone (memoised by the Zone's placements)."""
    key = state.zone.placements
    table = memory.routes.get(key)
    if table is None:
        table = memory.routes.put(key, RouteTable(state.zone_map, state.variant))
    return table
