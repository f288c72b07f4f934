"""Shortcuts of the free-roads foresight (TURN-4, MAP-4, MAP-5): each bound prunes where the
sectors left cannot join the road networks, never below what a real completion needs, and the
breadth-first rings grown on (``deeper``) are the rings searched afresh."""

from __future__ import annotations

import random

from stalkerzone.engine.foresight_bounds import SideTable, deeper, levels
from stalkerzone.engine.foresight_cover import slots_meeting
from stalkerzone.engine.foresight_geometry import road_networks
from stalkerzone.engine.layout import Foresight, random_zone, tables
from tests.support.base import sectors
from tests.zone.exhaustive import random_partial


def parts_of_valid_zones(count: int) -> list[tuple[dict[tuple[int, int], int], int]]:
    """(occupied slots with world masks, sectors left) of random parts of random valid Zones:
    each part is completed by the rest of its Zone, so no bound may exceed the sectors left;
    parts taken at random hold several road networks."""
    tiles = sectors()
    tab = tables(tiles)
    rng = random.Random(11)
    out = []
    for seed in range(count):
        zone = random_zone(tiles, random.Random(seed))
        for size in range(2, len(zone.placements)):
            occupied: dict[tuple[int, int], int] = {}
            for p in rng.sample(zone.placements, size):
                masks = {(f, r): m for f, r, m in tab.options[p.sector]}
                occupied[p.slot] = masks[(p.face, p.rotation)]
            out.append((occupied, len(zone.placements) - size))
    return out


def test_slots_meeting_counts_the_most_faced_slots() -> None:
    """Three networks facing apart need three slots; one slot faced by all three serves them."""
    assert slots_meeting([{(0, 1)}, {(5, 1)}, {(9, 1)}]) == 3
    assert slots_meeting([{(0, 1), (4, 4)}, {(4, 4), (5, 1)}, {(9, 1), (4, 4)}]) == 1
    assert slots_meeting([{(0, 1), (1, 1)}, {(1, 1)}, {(2, 1)}, {(2, 1)}]) == 2
    assert slots_meeting([{(0, 1)}, {(0, 1)}, set()]) == 2  # more than there are: dead


def test_slots_meeting_prunes_three_networks_with_two_sectors_left() -> None:
    """Three one-sector networks in a row, each facing its own slots only: two sectors cannot
    reach all three, so the search ends at once (one node), and the answer is "dead"."""
    tiles = sectors()
    seer = Foresight(tiles)
    occupied = {(0, 0): 0b000001, (4, 0): 0b000001, (8, 0): 0b000001}
    faced = [f for _, f in road_networks(occupied)]
    assert slots_meeting(faced) == 3
    counts = (1, 1) + (0,) * (len(seer.kind_masks) - 2)
    assert seer._bounded(dict(occupied), frozenset(), counts) is False
    assert seer.nodes == 1


def test_slots_meeting_never_exceeds_the_sectors_left_of_a_valid_zone() -> None:
    """On random parts of valid Zones with several networks the count stays within the sectors
    the rest of the Zone uses (the bound must not prune a completable Zone)."""
    checked = 0
    for occupied, left in parts_of_valid_zones(12):
        faced = [f for _, f in road_networks(occupied)]
        if len(faced) > 1:
            assert slots_meeting(faced) <= left, occupied
            checked += 1
    assert checked > 20


def walks(count: int) -> list[dict[tuple[int, int], int]]:
    """Occupied slots (world masks) of random MAP-4 walks of 4 to 7 sectors: many networks."""
    tiles = sectors()
    tab = tables(tiles)
    rng = random.Random(3)
    out = []
    for n in range(count):
        zone = random_partial(tiles, rng, 4 + n % 4)
        occupied: dict[tuple[int, int], int] = {}
        for p in zone.placements:
            masks = {(f, r): m for f, r, m in tab.options[p.sector]}
            occupied[p.slot] = masks[(p.face, p.rotation)]
        out.append(occupied)
    return out


def test_deeper_rings_are_the_rings_searched_to_the_full_depth() -> None:
    """The rings of a search stopped at its goals, grown on, are those of a search without goals,
    on random walks with several networks (relaxed sides: every side open)."""
    compared = 0
    for occupied in walks(30):
        starts = [sorted(f) for _, f in road_networks(occupied)]
        if len(starts) < 2:
            continue
        sides = SideTable()
        for i, st in enumerate(starts):
            goals = [o for j, o in enumerate(starts) if j != i]
            stopped = levels(st, occupied, frozenset(), sides, 8, goals)
            full = levels(st, occupied, frozenset(), sides, 8)
            assert deeper(stopped, occupied, frozenset(), sides, 8) == full
            compared += len(stopped) < len(full)
    assert compared > 0  # some searches did stop early
