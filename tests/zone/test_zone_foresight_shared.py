"""Work the free-roads foresight shares or skips (TURN-4, MAP-4, MAP-5): a slot proven dead for
every mask at once is dead for each of them, a greedy join is a real completion, and the
Steiner count by trying sets of slots is the Dreyfus–Wagner count."""

from __future__ import annotations

import itertools
import random

import pytest

from stalkerzone.engine.zone import SLOT_DIRECTIONS, Zone, legal_placements, tables
from stalkerzone.engine.zone.foresight import Foresight
from stalkerzone.engine.zone.foresight.geometry import road_networks
from stalkerzone.engine.zone.foresight.greedy import greedy_join
from stalkerzone.engine.zone.foresight.slots import slot_dead
from stalkerzone.engine.zone.foresight.steiner import (
    _TooMany,
    cheapest_join,
    dreyfus_wagner,
    fewest_by_search,
)
from tests.support.base import sectors
from tests.zone.exhaustive import random_partial

Occupied = dict[tuple[int, int], int]


def random_graph(rng: random.Random) -> tuple[list[int], int, int, int]:
    """(links, slots, networks, sectors left) of a random relaxed join graph: slots linked to
    each other and to networks at random (networks never to networks)."""
    slots = rng.randrange(1, 13)
    networks = rng.randrange(2, 6)
    links = [0] * (slots + networks)
    for a in range(slots + networks):
        for b in range(a + 1, slots + networks):
            if (a < slots or b < slots) and rng.random() < 0.3:
                links[a] |= 1 << b
                links[b] |= 1 << a
    return links, slots, networks, rng.randrange(1, 6)


def test_trying_sets_of_slots_counts_what_dreyfus_wagner_counts() -> None:
    rng = random.Random(3)
    joined = 0
    for _ in range(400):
        links, slots, networks, left = random_graph(rng)
        want = dreyfus_wagner(links, slots, networks, left)
        assert fewest_by_search(links, slots, networks, left) == want
        assert cheapest_join(links, slots, networks, left) == want
        joined += want <= left
    assert 50 < joined < 400  # both answers are checked


def test_a_search_trying_too_many_sets_hands_over_to_dreyfus_wagner() -> None:
    """A row of slots between two networks: one set tried is not enough to find the row, so
    the search gives up and :func:`cheapest_join` still answers exactly."""
    slots = 4
    links = [0] * (slots + 2)
    chain = [slots, 0, 1, 2, 3, slots + 1]
    for a, b in itertools.pairwise(chain):
        links[a] |= 1 << b
        links[b] |= 1 << a
    with pytest.raises(_TooMany):
        fewest_by_search(links, slots, 2, 5, most=1)
    assert cheapest_join(links, slots, 2, 5) == dreyfus_wagner(links, slots, 2, 5) == 4
    assert cheapest_join(links, slots, 2, 3) == 4  # more than three left: "more"


def occupancy(zone: Zone) -> Occupied:
    tab = tables(sectors())
    out: Occupied = {}
    for p in zone.placements:
        masks = {(f, r): m for f, r, m in tab.options[p.sector]}
        out[p.slot] = masks[(p.face, p.rotation)]
    return out


def test_a_slot_dead_for_every_mask_is_dead_for_each_of_them() -> None:
    """On random MAP-4 walks (many networks), wherever the relaxed state proves a slot dead,
    every placement of the sector on that slot is a dead end by the plain search."""
    tiles = sectors()
    rng = random.Random(8)
    killed = checked = 0
    for _ in range(30):
        zone = random_partial(tiles, rng, rng.randrange(5, 8))
        sid = rng.choice([s.id for s in tiles if s.id not in zone.sector_ids()])
        seer = Foresight(tiles)
        start = seer._start(zone)
        assert start is not None
        occupied, _, counts = start
        kind = seer.kind[sid]
        fewer = (*counts[:kind], counts[kind] - 1, *counts[kind + 1 :])
        masks = {(f, r): m for f, r, m in seer.tab.options[sid]}
        by_slot: dict[tuple[int, int], list[int]] = {}
        placements = legal_placements(zone, sid, seer.tab)
        for p in placements:
            by_slot.setdefault(p.slot, []).append(masks[(p.face, p.rotation)])
        for slot, on_slot in by_slot.items():
            checked += 1
            if slot_dead(seer.moves, occupied, slot, on_slot, fewer, seer.steiner_slack):
                killed += 1
                for p in placements:
                    if p.slot == slot:
                        assert Foresight(tiles).zone_verdict(zone.place(p)) is False, (zone, p)
    assert 0 < killed < checked  # both answers are met


def joined_whole(occupied: Occupied) -> bool:
    """Every pair of neighbours agrees on its shared side (MAP-4) and the whole is one road
    network (MAP-5)."""
    for (i, j), m in occupied.items():
        for d, (di, dj) in enumerate(SLOT_DIRECTIONS):
            other = occupied.get((i + di, j + dj))
            if other is not None and (m >> d & 1) != (other >> ((d + 3) % 6) & 1):
                return False
    return len(road_networks(occupied)) == 1


def test_a_greedy_join_is_a_completion_and_keeps_off_blocked_slots() -> None:
    """On random walks with several networks, whatever a greedy join returns places exactly
    the sectors left, agrees with every neighbour and joins everything into one network; with
    every slot one network faces blocked it finds nothing; the state it was given is restored."""
    tiles = sectors()
    rng = random.Random(4)
    found = 0
    for _ in range(60):
        zone = random_partial(tiles, rng, rng.randrange(3, 7))
        seer = Foresight(tiles)
        start = seer._start(zone)
        assert start is not None
        occupied, _, counts = start
        networks = road_networks(occupied)
        if len(networks) < 2:
            continue
        shut = frozenset(networks[0][1])
        assert greedy_join(seer.moves, occupied, shut, counts, [], 8) is None
        before, path = dict(occupied), [((9, 9), 0, 0)]
        rest = greedy_join(seer.moves, occupied, frozenset(), counts, path, 8)
        assert occupied == before and path == [((9, 9), 0, 0)]
        if rest is None:
            continue
        found += 1
        steps = rest[1:]
        assert sorted(k for _, k, _ in steps) == sorted(
            k for k, n in enumerate(counts) for _ in range(n)
        )
        whole = dict(occupied)
        for slot, _, mask in steps:
            assert slot not in whole
            whole[slot] = mask
        assert joined_whole(whole), zone
    assert found > 5
