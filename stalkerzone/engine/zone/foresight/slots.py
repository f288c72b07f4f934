"""One proof for every placement of a sector on one slot (TURN-4, MAP-4, MAP-5), free roads.

A sector's placements on one slot differ only in its face and turn, that is in the roads it
has towards the empty slots around it: every legal mask has a road exactly where a placed
neighbour has one towards the slot (MAP-4), so every one of them merges the same road
networks. Where a slot is a dead end, it usually is for every mask at once (the slot lies
where no join of the networks can use it). :func:`slot_dead` proves that on one relaxed state
instead of one search per mask; the foresight asks it after the first masks on a slot are
found dead at their first node.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from stalkerzone.engine.zone import Slot
from stalkerzone.engine.zone.foresight.bounds import (
    grid_distances,
    join_levels,
    joining_bound,
    slot_code,
)
from stalkerzone.engine.zone.foresight.cover import slots_meeting
from stalkerzone.engine.zone.foresight.geometry import road_networks
from stalkerzone.engine.zone.foresight.moves import MoveTable


def slot_dead(
    moves: MoveTable,
    occupied: Mapping[Slot, int],
    slot: Slot,
    masks: Iterable[int],
    counts: tuple[int, ...],
    steiner_slack: int,
) -> bool:
    """Is the sector on the empty ``slot`` a dead end with each of its world ``masks``
    (legal there, MAP-4), ``counts`` sectors of each kind left after it? ``True`` only when
    proven: on a relaxed state the slot's sector has the roads of any of the masks, so its
    network faces every slot any of them faces, and a slot next to it may take whatever fits
    beside any of them. The relaxed state only adds slots faced and roads that may be walked,
    so every bound of the search (MAP-5: the networks met, the moats on grid and fit-aware
    distances, the Steiner bound) is at most what each mask's own state gives: above the
    sectors left there, it is above them for every mask."""
    any_roads, all_roads = 0, 0x3F
    for m in masks:
        any_roads |= m
        all_roads &= m
    relaxed = dict(occupied)
    relaxed[slot] = any_roads
    networks = road_networks(relaxed)
    if len(networks) < 2:
        return False
    left = sum(counts)
    # beside a road of some mask and beside no road of another: what fits either way
    sides, placed = moves.coded_sides_table(relaxed, counts)
    relaxed[slot] = all_roads
    other, _ = moves.coded_sides_table(relaxed, counts)
    for code, x in other.items():
        sides[code] |= x
    # a faced slot where no sector with a road fits, beside any of the masks, stays empty
    faced = [{s for s in f if sides[slot_code(s)]} for _, f in networks]
    if not all(faced) or slots_meeting(faced) > left:
        return True
    if joining_bound(grid_distances(faced)) > left:
        return True
    starts = [sorted(slot_code(s) for s in f) for f in faced]
    return join_levels(starts, set(placed), sides, left, steiner_slack) is None
