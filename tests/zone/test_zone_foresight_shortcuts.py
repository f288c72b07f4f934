"""Shortcuts of the free-roads foresight (TURN-4, MAP-4, MAP-5): each bound prunes where the
sectors left cannot join the road networks, never below what a real completion needs, and the
breadth-first rings grown on (``deeper``) are the rings searched afresh."""

from __future__ import annotations

import itertools
import random

from stalkerzone.engine.zone import SLOT_DIRECTIONS, random_zone, tables
from stalkerzone.engine.zone.foresight import Foresight
from stalkerzone.engine.zone.foresight.bounds import SideTable, deeper, levels, steiner_bound
from stalkerzone.engine.zone.foresight.cover import slots_meeting
from stalkerzone.engine.zone.foresight.geometry import road_networks
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


def fewest_joining(
    starts: list[list[tuple[int, int]]],
    occupied: dict[tuple[int, int], int],
    sides: SideTable,
    most: int,
) -> int:
    """The plain count behind the Steiner bound: the fewest empty slots that, with the networks,
    form one connected whole in the relaxed search (a slot meets a neighbour where both have
    a road side towards the other, a network the slots it faces); ``most + 1`` past ``most``."""
    near: set[tuple[int, int]] = set()
    for st in starts:
        near |= set(levels(st, occupied, frozenset(), sides, most))
    cells = sorted(near)
    steps = [((i, j), d) for d, (i, j) in enumerate(SLOT_DIRECTIONS)]

    def joined(chosen: tuple[tuple[int, int], ...]) -> bool:
        inside = set(chosen)
        nets = {0}
        todo = [s for s in starts[0] if s in inside]
        reached = set(todo)
        while todo:
            a = todo.pop()
            for n, st in enumerate(starts):
                if n not in nets and a in st:
                    nets.add(n)
                    fresh = [s for s in st if s in inside and s not in reached]
                    reached.update(fresh)
                    todo += fresh
            for (di, dj), d in steps:
                b = (a[0] + di, a[1] + dj)
                meets = sides[a] >> d & 1 and sides[b] >> ((d + 3) % 6) & 1
                if b in inside and b not in reached and meets:
                    reached.add(b)
                    todo.append(b)
        return len(nets) == len(starts) and reached == inside

    for size in range(1, most + 1):
        if any(joined(c) for c in itertools.combinations(cells, size)):
            return size
    return most + 1


def test_the_steiner_bound_is_the_fewest_slots_joining_the_networks() -> None:
    """On random walks with three or four networks, with the sides the sectors left really
    have, the Steiner bound (bit-set Dreyfus–Wagner) equals the plain count over every set of
    up to two slots, and stays above two where that count does."""
    tiles = sectors()
    seer = Foresight(tiles)
    compared = joined = 0
    for occupied in walks(40):
        starts = [sorted(f) for _, f in road_networks(occupied)]
        if not 3 <= len(starts) <= 4:
            continue
        counts = (1,) * len(seer.kind_masks)
        sides = seer.moves.sides_table(occupied, counts)
        for most in (1, 2):
            want = fewest_joining(starts, occupied, sides, most)
            assert steiner_bound(starts, occupied, frozenset(), sides, most) == want, occupied
            joined += want <= most
        compared += 1
    assert compared >= 5 and joined > 0  # both answers are checked


def test_slots_nothing_fits_stay_empty_without_a_search_node_of_their_own() -> None:
    """A faced slot where no sector left fits never gets one (sectors placed later only take
    options away): the search blocks every such slot at once, in the same node, so a state
    with them costs the nodes of the same state with them blocked, and gets its verdict."""
    tiles = sectors()
    found = 0
    for occupied in walks(60):
        seer = Foresight(tiles)
        counts = tuple(2 * (i == 4) for i in range(len(seer.kind_masks)))  # two of one kind
        faced = set().union(*(f for _, f in road_networks(occupied)))
        options = seer.moves.options_at(occupied, counts, sorted(faced))
        stuck = frozenset(s for s, moves in options.items() if not moves)
        if len(stuck) < 2:
            continue
        found += 1
        verdict = seer._bounded(dict(occupied), frozenset(), counts)
        nodes = seer.nodes
        other = Foresight(tiles)
        assert other._bounded(dict(occupied), stuck, counts) is verdict
        assert nodes == other.nodes, occupied
    assert found >= 3
