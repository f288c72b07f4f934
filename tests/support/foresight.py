"""The dead-end foresight (TURN-4) asked one question afresh, as the tests ask it."""

from __future__ import annotations

from collections.abc import Iterable

from stalkerzone.engine.zone import Placement, Sector, Zone
from stalkerzone.engine.zone.foresight import Foresight


def completable(
    zone: Zone,
    placement: Placement,
    sectors: Iterable[Sector],
    *,
    closed_roads: bool = False,
    foresight: Foresight | None = None,
) -> bool:
    """Dead-end foresight (TURN-4): is the Zone with ``placement`` proven completable into a
    valid Zone (MAP-5, MAP-7 if ``closed_roads``)? Pass a ``foresight`` (for these sectors and
    this variant) to keep its answers; without one the question is searched afresh."""
    if foresight is None:
        foresight = Foresight(sectors, closed_roads=closed_roads)
    return foresight.completable(zone, placement)


def dead_ends(
    zone: Zone,
    sector_id: str,
    sectors: Iterable[Sector],
    *,
    closed_roads: bool = False,
    foresight: Foresight | None = None,
) -> frozenset[Placement]:
    """The legal placements (MAP-4) of ``sector_id`` that TURN-4 refuses."""
    if foresight is None:
        foresight = Foresight(sectors, closed_roads=closed_roads)
    return foresight.dead_ends(zone, sector_id)
