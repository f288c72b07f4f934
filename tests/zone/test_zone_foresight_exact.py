"""Exact foresight (TURN-4, MAP-5, MAP-7): every verdict agrees with the plain exhaustive search
of :mod:`tests.zone.exhaustive` on random partial Zones, free and closed roads, none undecided;
the lower bounds on joining road networks never exceed a real join; a completion found for one
placement is reused for another only when it really completes it."""

from __future__ import annotations

import random

import pytest

from stalkerzone.engine.zone import SLOT_DIRECTIONS, Placement, Zone, check_zone, random_zone
from stalkerzone.engine.zone.foresight import Foresight
from stalkerzone.engine.zone.foresight.bounds import (
    SideTable,
    join_distances,
    joining_bound,
    levels,
    most_sides,
    slots_matched,
    steiner_bound,
)
from stalkerzone.engine.zone.foresight.geometry import completes, road_networks
from tests.support.base import sectors
from tests.zone.exhaustive import can_complete, random_partial


def questions(closed: bool, seed: int, count: int) -> list[tuple[Zone, Placement]]:
    """Placements of one sector on partial Zones two sectors before the end: half of them
    prefixes of random valid Zones (mostly completable), half random MAP-4 walks (often dead)."""
    tiles = sectors()
    rng = random.Random(seed)
    out: list[tuple[Zone, Placement]] = []
    for n in range(count):
        if n % 2:
            zone = random_partial(tiles, rng, 8)
        else:
            full = random_zone(tiles, random.Random(seed * 100 + n), "free", closed)
            zone = Zone(full.placements[:8])
        sid = rng.choice([s.id for s in tiles if s.id not in zone.sector_ids()])
        seer = Foresight(tiles, closed_roads=closed)
        legal = list(seer.sector_verdicts(zone, sid).verdicts)
        rng.shuffle(legal)
        out += [(zone, p) for p in legal[:6]]
    return out


@pytest.mark.slow
@pytest.mark.parametrize("closed", [False, True])
def test_every_verdict_agrees_with_the_exhaustive_search(closed: bool) -> None:
    tiles = sectors()
    asked = questions(closed, 7, 18)
    truths = 0
    for zone, p in asked:
        verdicts = Foresight(tiles, closed_roads=closed).sector_verdicts(zone, p.sector).verdicts
        truth = can_complete(zone.place(p), tiles, closed_roads=closed)
        assert verdicts[p] is truth, (zone, p)
        truths += truth
    assert len(asked) >= 100 and 0 < truths < len(asked)  # both answers are checked


@pytest.mark.slow
def test_three_sectors_before_the_end_agree_with_the_exhaustive_search() -> None:
    """Several road networks left to join with two sectors after this one (the hard case)."""
    tiles = sectors()
    rng = random.Random(5)
    zone = random_partial(tiles, rng, 7)
    sid = rng.choice([s.id for s in tiles if s.id not in zone.sector_ids()])
    verdicts = Foresight(tiles).sector_verdicts(zone, sid).verdicts
    assert None not in verdicts.values()
    for p in list(verdicts)[::45]:
        assert verdicts[p] is can_complete(zone.place(p), tiles), (zone, p)


def test_a_zone_with_many_networks_is_decided_exactly() -> None:
    """Five road networks and five sectors left: no undecided verdict; every "completable"
    comes with a completion that passes ``check_zone`` (a proof), checked here."""
    zone = Zone(
        (
            Placement("s01", "a", 0, (0, 0)),
            Placement("s05", "b", 3, (-1, 1)),
            Placement("s07", "a", 1, (-1, 2)),
            Placement("s06", "a", 4, (-2, 1)),
            Placement("s10", "b", 2, (-3, 1)),
        )
    )
    seer = Foresight(sectors())
    verdicts = seer.sector_verdicts(zone, "s02").verdicts
    assert None not in verdicts.values()
    assert True in verdicts.values() and False in verdicts.values()
    proven = [p for p, v in verdicts.items() if v][::8]
    for p in proven:
        done = seer.completion(zone.place(p))
        assert done is not None and done.placements[:6] == (*zone.placements, p)
        assert check_zone(done, sectors()) == ()


def moat_case() -> tuple[dict[tuple[int, int], int], SideTable, list[list[tuple[int, int]]]]:
    """Three single-sector networks in a row, two empty slots apart, every side open."""
    occupied = {(0, 0): 0b001001, (3, 0): 0b001001, (6, 0): 0b001001}
    sides = SideTable()  # nothing fits tighter than every side
    starts = [sorted(f) for _, f in road_networks(occupied)]
    return occupied, sides, starts


def test_moats_and_steiner_bound_a_row_of_networks() -> None:
    """(0,0) … (3,0) … (6,0): two sectors join each neighbouring pair, four join all three."""
    occupied, sides, starts = moat_case()
    reached = [
        levels(
            st,
            occupied,
            frozenset(),
            sides,
            9,
            [o for j, o in enumerate(starts) if j != i],
        )
        for i, st in enumerate(starts)
    ]
    d = join_distances(starts, reached)
    assert sorted(sorted(row) for row in d)[0][:2] == [2, 2]
    assert joining_bound(d) <= 4
    assert steiner_bound(starts, occupied, frozenset(), sides, 9) == 4
    assert steiner_bound(starts, occupied, frozenset(), sides, 3) == 4  # more than 3 left
    assert joining_bound([[99, 3], [3, 99]]) == 3
    assert joining_bound([[99, 1, 1], [1, 99, 1], [1, 1, 99]]) == 1  # one slot meets all three


def test_a_completion_is_reused_only_where_it_completes() -> None:
    """The last two sectors of a random valid Zone complete its first eight with the ninth;
    moved away, overlapping, or after a placement whose roads do not meet, they do not."""
    tiles = sectors()
    whole = random_zone(tiles, random.Random(3))
    seer = Foresight(tiles)
    start = seer._start(Zone(whole.placements[:8]))
    every = seer._start(whole)
    assert start is not None and every is not None
    occupied, masks = start[0], every[0]
    ninth, tenth = whole.placements[8].slot, whole.placements[9].slot
    rest = [(tenth, 0, masks[tenth])]
    assert completes(occupied, (ninth, masks[ninth]), rest, False)
    away = [((tenth[0] + 40, tenth[1]), 0, masks[tenth])]
    assert not completes(occupied, (ninth, masks[ninth]), away, False)
    assert not completes(occupied, (ninth, masks[ninth]), [(ninth, 0, masks[tenth])], False)
    turned = ((masks[ninth] << 1) | (masks[ninth] >> 5)) & 0x3F
    if turned != masks[ninth]:
        assert not completes(occupied, (ninth, turned), rest, False)


def test_most_sides_is_the_most_any_set_of_slots_shares() -> None:
    """Harborth's bound, used by the closed-roads parity bound (MAP-7), checked on every
    shape of up to seven slots grown from one."""
    shapes = {frozenset([(0, 0)])}
    for n in range(2, 8):
        grown = set()
        for shape in shapes:
            for i, j in shape:
                for di, dj in SLOT_DIRECTIONS:
                    if (i + di, j + dj) not in shape:
                        cells = shape | {(i + di, j + dj)}
                        i0 = min(a for a, _ in cells)
                        j0 = min(b for _, b in cells)
                        grown.add(frozenset((a - i0, b - j0) for a, b in cells))
        shapes = grown
        shared = max(
            sum((i + di, j + dj) in s for i, j in s for di, dj in SLOT_DIRECTIONS) // 2
            for s in shapes
        )
        assert most_sides(n) == shared


def test_closed_road_bounds_keep_every_prefix_of_a_closed_zone() -> None:
    """Every prefix of a valid Zone with closed roads (MAP-7) is completable: the closing
    bounds (faced slots, the sectors they force, the matching, the road-end parity) refuse
    none of them, with four sectors placed or more (six left or fewer)."""
    tiles = sectors()
    seer = Foresight(tiles, closed_roads=True)
    for seed in range(3):
        full = random_zone(tiles, random.Random(seed), "free", True)
        for size in range(4, len(full.placements)):
            assert seer.zone_verdict(Zone(full.placements[:size])) is True


def test_slots_matched_needs_a_sector_of_its_own_per_slot() -> None:
    """Two faced slots that only one sector fits cannot both be closed (MAP-7)."""
    both = {(0, 0): ((0, 3), (1, 6)), (1, 0): ((0, 5),)}
    assert slots_matched(both, (1, 1))
    assert not slots_matched(both, (1, 0))
    assert slots_matched(both, (2, 0))
