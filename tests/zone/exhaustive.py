"""A plain, slow completion search (TURN-4, MAP-5, MAP-7): the reference the foresight is
checked against.

A partial Zone can be completed when some way of placing every remaining sector gives a Zone
that passes ``check_zone``. In a valid Zone every sector is reachable by road from the Village
(MAP-5), so taking the sectors in breadth-first order from the Village along the roads, each one
lies on an empty slot faced by a road of a sector placed before it: trying only such slots, with
every face and rotation that meets its neighbours (``legal_placements``, MAP-4), misses no
completion. Nothing else is pruned; the sets of placements already tried are remembered.
"""

from __future__ import annotations

import random

from stalkerzone.engine.core import Site
from stalkerzone.engine.zone import Placement, Sector, Zone, check_zone, legal_placements
from stalkerzone.engine.zone.hexes import slot_neighbour
from stalkerzone.engine.zone.layout import edge_mask


def road_faced(zone: Zone, tiles: tuple[Sector, ...]) -> set[tuple[int, int]]:
    """The empty slots a road of some placed sector leads to (world edge ``(k + ρ) mod 6``)."""
    by_id = {s.id: s for s in tiles}
    taken = {p.slot for p in zone.placements}
    out = set()
    for p in zone.placements:
        mask = edge_mask(by_id[p.sector].faces[p.face].edges)
        for k in range(6):
            if mask >> k & 1:
                n = slot_neighbour(p.slot, (k + p.rotation) % 6)
                if n not in taken:
                    out.add(n)
    return out


def can_complete(zone: Zone, tiles: tuple[Sector, ...], *, closed_roads: bool = False) -> bool:
    """The plain definition of "can still be completed" (see the module text)."""
    failed: set[frozenset[Placement]] = set()

    def search(z: Zone) -> bool:
        left = [s.id for s in tiles if s.id not in z.sector_ids()]
        if not left:
            return not check_zone(z, tiles, closed_roads=closed_roads)
        key = frozenset(z.placements)
        if key in failed:
            return False
        faced = road_faced(z, tiles)
        for sid in left:
            for p in legal_placements(z, sid, tiles):
                if p.slot in faced and search(z.place(p)):
                    return True
        failed.add(key)
        return False

    return search(zone)


def random_partial(tiles: tuple[Sector, ...], rng: random.Random, size: int) -> Zone:
    """``size`` sectors laid by random MAP-4-legal placements, the Village first (the Zone may
    well be a dead end already: the foresight must say so too)."""
    village = next(s.id for s in tiles if Site.VILLAGE in s.unique_sites())
    zone = Zone((Placement(village, rng.choice("ab"), rng.randrange(6), (0, 0)),))
    while len(zone.placements) < size:
        todo = [s.id for s in tiles if s.id not in zone.sector_ids()]
        options = legal_placements(zone, rng.choice(todo), tiles)
        if options:
            zone = zone.place(rng.choice(options))
    return zone
