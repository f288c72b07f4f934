"""Why a placement cuts the Zone off (TURN-4, MAP-4, MAP-5, MAP-7): the reason the foresight
gives for a placement it refuses, as a :class:`~stalkerzone.engine.zone.cut_offs.CutOff`.

The checks go from the plainest to the most general: a road network that can no longer grow,
a road no remaining sector can close (closed roads), a network that can no longer meet the
others, a sector that could no longer be placed, and else the remaining sectors as a whole.
"""

from __future__ import annotations

from collections.abc import Mapping

from stalkerzone.engine.core import params_of
from stalkerzone.engine.zone import (
    CutOff,
    Slot,
    Zone,
    constraint,
    direction,
    occupancy,
    open_road_slots,
    road_components,
)
from stalkerzone.engine.zone.foresight.geometry import rows_to
from stalkerzone.engine.zone.foresight.seer import Seer, Verdict


def why_not(seer: Seer, zone: Zone, verdict: Verdict) -> CutOff:
    """Why ``zone`` (not proven completable: ``verdict`` is ``False`` or ``None``) cannot be
    completed, in the words of :data:`~stalkerzone.engine.zone.cut_offs.CUT_OFF_TEXT`."""
    start = seer._start(zone)
    if start is None:
        return _invalid(seer, zone)
    if verdict is None:
        return CutOff("TURN-4", "undecided", ())
    occupied, blocked, counts = start
    comps = road_components(occupied)
    owner = {p.slot: p.sector for p in zone.placements}
    village = next((p.slot for p in zone.placements if p.sector == seer.tab.village), None)

    def located(key: str, slot: Slot) -> CutOff:
        far, way = direction(village, slot) if village is not None else (0, "")
        values: dict[str, object] = {"sector": owner[slot]}
        if way:
            values.update(distance=far, direction=way)
        return CutOff("MAP-5", key, params_of(values))

    if sum(counts):
        sealed = [c for c in comps if not open_road_slots(occupied, c)]
        if sealed and len(comps) == 1:
            return CutOff("MAP-5", "roads_closed", ())
        if sealed:
            cut = next((c for c in sealed if village not in c), sealed[0])
            return located("network_cut_off", min(cut))
    unclosable = _unclosable_road(seer, occupied, counts) if seer.closed else None
    if unclosable is not None:
        return located("road_unclosable", unclosable)
    if len(comps) > 1:
        apart = _network_apart(seer, comps, occupied, blocked, counts, village)
        if apart is not None:
            return located("network_cut_off", apart)
    return _sectors_cut_off(seer, zone, occupied, counts)


def _unclosable_road(
    seer: Seer, occupied: Mapping[Slot, int], counts: tuple[int, ...]
) -> Slot | None:
    """Closed roads (MAP-7): the first placed slot with a road no remaining sector can close."""
    for slot in sorted(occupied):
        for target in sorted(open_road_slots(occupied, [slot])):
            if not seer.moves.at(occupied, counts, target):
                return slot
    return None


def _network_apart(
    seer: Seer,
    comps: list[set[Slot]],
    occupied: Mapping[Slot, int],
    blocked: frozenset[Slot],
    counts: tuple[int, ...],
    village: Slot | None,
) -> Slot | None:
    """A slot of the first road network (not the Village's) that can no longer meet another."""
    faced = [open_road_slots(occupied, c) - blocked for c in comps]
    for k, comp in enumerate(comps):
        if village in comp:
            continue
        goals = set().union(*(f for n, f in enumerate(faced) if n != k))
        dist = _rows_to(seer, occupied, blocked, counts, goals, faced[k])
        if not any(s in dist for s in faced[k]):
            return min(comp)
    return None


def _sectors_cut_off(
    seer: Seer, zone: Zone, occupied: dict[Slot, int], counts: tuple[int, ...]
) -> CutOff:
    """A remaining sector the Zone could no longer take, else the remaining sectors together
    (MAP-5; MAP-7 when only closing every road fails)."""
    placed = zone.sector_ids()
    seer.memo = {}
    try:
        for sid in seer.tab.ids:
            kind = seer.kind[sid]
            if sid in placed or not counts[kind]:
                continue
            fewer = (*counts[:kind], counts[kind] - 1, *counts[kind + 1 :])
            if seer._bounded(dict(occupied), frozenset(), fewer):
                return CutOff("MAP-5", "sector_cut_off", params_of({"sector": sid}))
    finally:
        seer.memo = {}
    left = sum(counts)
    if seer.closed and _completable_with_free_roads(seer, zone):
        return CutOff("MAP-7", "zone_unclosable", params_of({"count": left}))
    return CutOff("MAP-5", "zone_cut_off", params_of({"count": left}))


def _completable_with_free_roads(seer: Seer, zone: Zone) -> bool:
    """Could the Zone be completed if roads might end at empty space? Then closing every road
    (MAP-7) is what fails, not joining the sectors (MAP-5)."""
    return seer.free_roads_verdict(zone) is True


def _invalid(seer: Seer, zone: Zone) -> CutOff:
    """Which rule a Zone that cannot even be searched breaks (MAP-1, MAP-4, MAP-5)."""
    if not seer.sites_ok:
        return CutOff("MAP-5", "sites", ())
    occupied = occupancy(zone, seer.tab)
    known = set(seer.tab.ids)
    if len(zone.sector_ids()) == len(zone.placements) == len(occupied) and all(
        p.sector in known for p in zone.placements
    ):
        for p in zone.placements:
            touch, need = constraint(occupied, p.slot)
            if (occupied[p.slot] ^ need) & touch:
                return CutOff("MAP-4", "misfit", params_of({"sector": p.sector}))
    return CutOff("MAP-1", "unknown", ())


def _rows_to(
    seer: Seer,
    occupied: Mapping[Slot, int],
    blocked: frozenset[Slot],
    counts: tuple[int, ...],
    goals: set[Slot],
    targets: set[Slot],
) -> dict[Slot, int]:
    """:func:`rows_to` from the ``goals`` where some remaining sector fits (MAP-4)."""
    fit = {g for g in goals if seer.moves.at(occupied, counts, g)}
    sides = seer.moves.sides_table(occupied, counts)
    return rows_to(occupied, blocked, sum(counts), fit, targets, sides)
