"""The Zone as one hex map and cheapest moves (§1 table, TURN-2) on hand-built maps."""

from __future__ import annotations

import random
from types import MappingProxyType

from stalkerzone.content.tiles import load_sectors
from stalkerzone.engine.core import Site, Terrain, Text, Variant
from stalkerzone.engine.zone import Hex, ZoneMap, random_zone, slot_centre
from stalkerzone.engine.zone.zonemap import HexInfo

COST = {
    Terrain.OPEN: 2,
    Terrain.RUINS: 2,
    Terrain.FOREST: 2,
    Terrain.SWAMP: 2,
    Terrain.WATER: None,
    Terrain.ANOMALY_FIELD: None,
}
VARIANT = Variant(
    id="t",
    name=Text.plain("t"),
    start_money=1000,
    start_health=30,
    base_movement=4,
    base_reputation=MappingProxyType({}),
    elements_required=3,
    grenade_cap=10,
    active_artifacts=3,
    max_open_orders=2,
    terrain_cost=MappingProxyType(COST),
    road_cost=1,
    heal_price=20,
    resale_divisor=2,
    anomaly_table=(),
)


def strip(cells: str) -> ZoneMap:
    """A row of hexes (q = 0, 1, …; r = 0).

    o open, r road, w water, b bridge, d danger, e epicenter."""
    hexes = {}
    for q, c in enumerate(cells):
        terrain = Terrain.WATER if c in "wb" else Terrain.OPEN
        site = Site.DANGER_RED if c == "d" else Site.EPICENTER if c == "e" else None
        hexes[Hex(q, 0)] = HexInfo(terrain, site, c in "rb", "s01")
    return ZoneMap(hexes)


def test_open_ground_costs_two() -> None:
    routes = strip("oooo").reachable(Hex(0, 0), 4, VARIANT)
    assert {h.q: r.cost for h, r in routes.items()} == {1: 2, 2: 4}
    assert routes[Hex(2, 0)].path == (Hex(1, 0), Hex(2, 0))


def test_road_costs_one_when_entered_and_bridges_cross_water() -> None:
    routes = strip("orbro").reachable(Hex(0, 0), 4, VARIANT)
    assert {h.q: r.cost for h, r in routes.items()} == {1: 1, 2: 2, 3: 3}


def test_water_blocks() -> None:
    assert Hex(2, 0) not in strip("owo").reachable(Hex(0, 0), 10, VARIANT)


def test_danger_and_epicenter_end_the_move() -> None:
    for c in "de":
        routes = strip(f"r{c}rr").reachable(Hex(0, 0), 10, VARIANT)
        assert Hex(1, 0) in routes and Hex(2, 0) not in routes


def test_leaving_a_danger_hex_is_allowed() -> None:
    routes = strip("drr").reachable(Hex(0, 0), 2, VARIANT)
    assert routes[Hex(2, 0)].cost == 2


def test_cheapest_path_prefers_the_road_around() -> None:
    hexes = {
        h: HexInfo(Terrain.OPEN, None, False, "s01")
        for h in [Hex(q, r) for q in range(-2, 3) for r in range(-2, 3)]
    }
    hexes[Hex(1, 0)] = HexInfo(Terrain.WATER, None, False, "s01")
    for h in (Hex(0, 1), Hex(1, 1)):
        hexes[h] = HexInfo(Terrain.OPEN, None, True, "s01")
    hexes[Hex(2, 0)] = HexInfo(Terrain.OPEN, None, True, "s01")
    route = ZoneMap(hexes).reachable(Hex(0, 0), 5, VARIANT)[Hex(2, 0)]
    assert route.cost == 3 and route.path == (Hex(0, 1), Hex(1, 1), Hex(2, 0))


def test_built_zone_has_190_hexes_and_the_unique_sites() -> None:
    sectors = load_sectors()
    zone = random_zone(sectors, random.Random(5))
    zmap = ZoneMap.build(zone, sectors)
    assert len(zmap.hexes) == 190
    for site in (Site.VILLAGE, Site.MILITARY_BASE, Site.LABORATORY, Site.EPICENTER):
        assert len(zmap.site_hexes(site)) == 1
    p = zone.placements[0]
    assert zmap.hexes[slot_centre(p.slot)].sector == p.sector
    assert zmap.reachable(zmap.village, 4, VARIANT)


def test_roads_continue_across_sector_borders() -> None:
    sectors = load_sectors()
    zmap = ZoneMap.build(random_zone(sectors, random.Random(6)), sectors)
    for h, info in zmap.hexes.items():
        for side in info.roads:
            n = Hex(h.q + [1, 0, -1, -1, 0, 1][side], h.r + [0, 1, 1, 0, -1, -1][side])
            if n in zmap.hexes:
                assert zmap.road_linked(h, n)
