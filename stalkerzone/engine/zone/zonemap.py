"""The assembled Zone as one hex map, and cheapest moves within an allowance (TURN-2, §1 table).

Every small hex of every placed face gets world coordinates (slot centre + the turned local
hex). Entering a hex costs ``variant.road_cost`` if the hex has a road (whatever its terrain,
bridges included), else ``variant.terrain_cost[terrain]``; ``None`` means impassable. A hex with
a danger or the Epicenter may be entered but never passed through: entering ends the move.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from stalkerzone.engine.core import Site, Terrain, Variant
from stalkerzone.engine.zone.hexes import DIRECTIONS, Hex, slot_centre
from stalkerzone.engine.zone.hexes import rotate as rotate_hex
from stalkerzone.engine.zone.layout import Sector, Zone

ORIGIN = Hex(0, 0)
STOP_SITES: frozenset[Site] = frozenset(
    {Site.DANGER_GREEN, Site.DANGER_YELLOW, Site.DANGER_RED, Site.EPICENTER}
)
"""Sites that end a move on entering (§1 table, TURN-2)."""


@dataclass(frozen=True, slots=True)
class HexInfo:
    """One world hex: terrain, site, whether it has a road, its sector; ``roads`` = world
    sides a road leaves by (for drawing), ``face`` and ``local`` = where it is printed."""

    terrain: Terrain
    site: Site | None
    road: bool
    sector: str
    roads: frozenset[int] = frozenset()
    face: str = "a"
    local: Hex = ORIGIN


@dataclass(frozen=True, slots=True)
class Route:
    """Cheapest way to a hex: its cost and the hexes entered (``start`` excluded)."""

    cost: int
    path: tuple[Hex, ...]


class ZoneMap:
    """The Zone as one hex map (world axial coordinates)."""

    def __init__(self, hexes: Mapping[Hex, HexInfo]) -> None:
        self.hexes: Mapping[Hex, HexInfo] = hexes
        self._sites: dict[Site, tuple[Hex, ...]] = {}
        for h in sorted(hexes):
            site = hexes[h].site
            if site is not None:
                self._sites[site] = (*self._sites.get(site, ()), h)

    @classmethod
    def build(cls, zone: Zone, sectors: Iterable[Sector]) -> ZoneMap:
        """World hexes of every placement (unknown sectors or faces raise ``KeyError``)."""
        by_id = {s.id: s for s in sectors}
        hexes: dict[Hex, HexInfo] = {}
        for p in zone.placements:
            face = by_id[p.sector].faces[p.face]
            centre = slot_centre(p.slot)
            for local, tile in face.hexes.items():
                t = rotate_hex(local, p.rotation)
                world = Hex(centre.q + t.q, centre.r + t.r)
                roads = frozenset((s + p.rotation) % 6 for s in tile.roads)
                hexes[world] = HexInfo(
                    tile.terrain, tile.site, bool(tile.roads), p.sector, roads, p.face, local
                )
        return cls(hexes)

    def site_hexes(self, site: Site) -> tuple[Hex, ...]:
        return self._sites.get(site, ())

    @property
    def village(self) -> Hex:
        return self._one(Site.VILLAGE)

    @property
    def epicenter(self) -> Hex:
        return self._one(Site.EPICENTER)

    def _one(self, site: Site) -> Hex:
        found = self.site_hexes(site)
        if not found:
            raise KeyError(f"the Zone has no {site.value}")
        return found[0]

    def road_linked(self, a: Hex, b: Hex) -> bool:
        """Whether a road runs directly from ``a`` to its neighbour ``b`` (both sides agree)."""
        ia, ib = self.hexes.get(a), self.hexes.get(b)
        if ia is None or ib is None:
            return False
        for side, d in enumerate(DIRECTIONS):
            if a.q + d.q == b.q and a.r + d.r == b.r:
                return side in ia.roads and (side + 3) % 6 in ib.roads
        return False

    def enter_cost(self, h: Hex, variant: Variant) -> int | None:
        """Cost of entering ``h`` (§1 table); ``None`` = impassable or off the map."""
        info = self.hexes.get(h)
        if info is None:
            return None
        if info.road:
            return variant.road_cost
        return variant.terrain_cost.get(info.terrain)

    def reachable(self, start: Hex, allowance: int, variant: Variant) -> Mapping[Hex, Route]:
        """Every hex reachable from ``start`` for at most ``allowance`` (Dijkstra), with its
        cheapest route; ties go to fewer steps, then to the smaller hex. ``start`` itself is
        not included. Danger and Epicenter hexes end the move (§1, TURN-2)."""
        costs: dict[Hex, int | None] = {}
        best: dict[Hex, tuple[int, int]] = {start: (0, 0)}
        parent: dict[Hex, Hex] = {}
        heap: list[tuple[int, int, Hex]] = [(0, 0, start)]
        done: set[Hex] = set()
        hexes = self.hexes
        while heap:
            cost, steps, h = heapq.heappop(heap)
            if h in done:
                continue
            done.add(h)
            if h != start:
                info = hexes[h]
                if info.site in STOP_SITES:
                    continue
            for d in DIRECTIONS:
                n = Hex(h.q + d.q, h.r + d.r)
                if n in done:
                    continue
                if n in costs:
                    step = costs[n]
                else:
                    step = self.enter_cost(n, variant)
                    costs[n] = step
                if step is None:
                    continue
                total = cost + step
                if total > allowance:
                    continue
                old = best.get(n)
                if old is None or (total, steps + 1) < old:
                    best[n] = (total, steps + 1)
                    parent[n] = h
                    heapq.heappush(heap, (total, steps + 1, n))
        routes: dict[Hex, Route] = {}
        for h in done:
            if h == start:
                continue
            path = [h]
            while path[-1] in parent and parent[path[-1]] != start:
                path.append(parent[path[-1]])
            routes[h] = Route(best[h][0], tuple(reversed(path)))
        return routes
