"""The check of a finished Zone: every broken rule with where it is (MAP-1 … MAP-5, MAP-7)."""

from __future__ import annotations

from collections.abc import Iterable

from stalkerzone.engine.cards import Site
from stalkerzone.engine.hexes import Slot, slot_neighbour
from stalkerzone.engine.layout.placements import flood, occupancy, tables
from stalkerzone.engine.layout.sectors import UNIQUE_SITES, Placement, Sector, Zone, ZoneProblem


def _where(p: Placement) -> str:
    return f"{p.sector}{p.face} at slot ({p.slot[0]}, {p.slot[1]})"


def check_zone(
    zone: Zone, sectors: Iterable[Sector], *, closed_roads: bool = False
) -> tuple[ZoneProblem, ...]:
    """Every broken rule of a finished Zone (MAP-1, MAP-2, MAP-4, MAP-5, MAP-7 if asked)."""
    sectors = tuple(sectors)
    tab = tables(sectors)
    by_id = {s.id: s for s in sectors}
    problems: list[ZoneProblem] = []
    seen: dict[str, Placement] = {}
    placed: dict[Slot, Placement] = {}
    for p in zone.placements:
        sector = by_id.get(p.sector)
        if sector is None:
            problems.append(ZoneProblem("MAP-1", _where(p), f"unknown sector {p.sector!r}"))
            continue
        if p.face not in sector.faces:
            problems.append(ZoneProblem("MAP-1", _where(p), f"sector has no face {p.face!r}"))
            continue
        if not 0 <= p.rotation < 6:
            problems.append(ZoneProblem("MAP-3", _where(p), f"rotation {p.rotation} is not 0…5"))
            continue
        if p.sector in seen:
            problems.append(
                ZoneProblem("MAP-1", _where(p), f"sector already placed ({_where(seen[p.sector])})")
            )
            continue
        if p.slot in placed:
            problems.append(
                ZoneProblem("MAP-2", _where(p), f"slot already holds {placed[p.slot].sector}")
            )
            continue
        seen[p.sector] = p
        placed[p.slot] = p
    for sid in tab.ids:
        if sid not in seen:
            problems.append(ZoneProblem("MAP-1", sid, "sector not placed (all 10 are used)"))
    if not placed:
        return tuple(problems)
    occupied = occupancy(Zone(tuple(placed.values())), tab)
    # connected (MAP-5)
    start = next(iter(placed))
    group = flood(occupied, start, roads_only=False)
    for slot, p in placed.items():
        if slot not in group:
            problems.append(
                ZoneProblem("MAP-5", _where(p), f"not connected to {_where(placed[start])}")
            )
    # edges match (MAP-4)
    for slot, p in placed.items():
        m = occupied[slot]
        for d in range(3):
            n = slot_neighbour(slot, d)
            if n in placed and (m >> d & 1) != (occupied[n] >> ((d + 3) % 6) & 1):
                road_here = "road" if m >> d & 1 else "no road"
                road_there = "road" if occupied[n] >> ((d + 3) % 6) & 1 else "no road"
                problems.append(
                    ZoneProblem(
                        "MAP-4",
                        f"{_where(p)} | {_where(placed[n])}",
                        f"edges do not match: {road_here} meets {road_there}",
                    )
                )
    # unique sites (MAP-5)
    carriers: dict[Site, list[Placement]] = {s: [] for s in UNIQUE_SITES}
    for p in placed.values():
        for site in by_id[p.sector].faces[p.face].sites():
            if site in carriers:
                carriers[site].append(p)
    for site, ps in carriers.items():
        if len(ps) != 1:
            where = ", ".join(_where(p) for p in ps) or "zone"
            problems.append(
                ZoneProblem("MAP-5", where, f"{len(ps)} × {site.value} (exactly one is needed)")
            )
    # road reachability from the Village sector (MAP-5)
    village_slots = [p.slot for p in carriers[Site.VILLAGE]]
    if village_slots:
        reached = flood(occupied, village_slots[0], roads_only=True)
        for slot, p in placed.items():
            if slot not in reached:
                problems.append(
                    ZoneProblem("MAP-5", _where(p), "not reachable by road from the Village sector")
                )
    # closed roads (MAP-7)
    if closed_roads:
        for slot, p in placed.items():
            m = occupied[slot]
            for d in range(6):
                if m >> d & 1 and slot_neighbour(slot, d) not in placed:
                    problems.append(
                        ZoneProblem(
                            "MAP-7",
                            f"{_where(p)} world edge {d}",
                            "a road leads into empty space (closed roads)",
                        )
                    )
    return tuple(problems)
