"""Closed roads (MAP-7, TURN-4): the foresight decides every partial Zone by looking it up in the
complete list of closed Zones (:mod:`stalkerzone.engine.zone.foresight.library`). Every stored Zone
is valid, the list is what the exhaustive search writes, the search finds every closed Zone of
a small pack (checked against a plain search), and the look-up agrees with the search; every
first and second placement is decided, each "completable" with a valid completion."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from stalkerzone.engine.zone import (
    Placement,
    Sector,
    Zone,
    check_zone,
    legal_placements,
    occupancy,
    random_zone,
    tables,
)
from stalkerzone.engine.zone.cut_offs import CUT_OFF_TEXT
from stalkerzone.engine.zone.foresight import Foresight
from stalkerzone.engine.zone.foresight import closed_zones as foresight_closed_zones
from stalkerzone.engine.zone.foresight.library import (
    ClosedZone,
    decode,
    encode,
    enumerate_closed,
    turn_zone,
    write_zones,
)
from tests.support.base import sectors
from tests.zone.exhaustive import random_partial, road_faced


def searching(tiles: tuple[Sector, ...]) -> Foresight:
    """A closed-roads Foresight that searches (its list of closed Zones left out)."""
    seer = Foresight(tiles, closed_roads=True, budget=400_000, sector_budget=10**7)
    seer.library = None
    return seer


def as_zone(seer: Foresight, cells: ClosedZone) -> Zone:
    """Cells (slot, kind, world mask) as placements of the sectors of each kind."""
    out = []
    for slot, kind, mask in cells:
        sid = next(s for s in seer.tab.ids if seer.kind[s] == kind)
        face, rotation = dict(seer.tab.distinct[sid])[mask][0]
        out.append(Placement(sid, face, rotation, slot))
    return Zone(tuple(out))


def canonical(cells: ClosedZone) -> tuple[tuple[tuple[int, int], int, int], ...]:
    """A Zone up to rotation and translation: the smallest of its six turns, moved so that
    its smallest slot is (0, 0)."""
    best = None
    for rho in range(6):
        turned = sorted(turn_zone(cells, rho))
        (q0, r0), _, _ = turned[0]
        shape = tuple(((q - q0, r - r0), k, m) for (q, r), k, m in turned)
        best = shape if best is None or shape < best else best
    assert best is not None
    return best


def test_the_shipped_sectors_have_their_complete_list() -> None:
    """The list holds for the shipped sectors (a changed sector would turn it off: this fails);
    every stored Zone passes ``check_zone`` with closed roads; the stored module is exactly
    what the generator writes for these Zones."""
    seer = Foresight(sectors(), closed_roads=True)
    assert seer.library is not None and len(seer.library.rows) == 880
    zones = [decode(text) for text in foresight_closed_zones.ZONES]
    assert all(
        encode(z, 10) == text for z, text in zip(zones, foresight_closed_zones.ZONES, strict=True)
    )
    for cells in zones:
        assert check_zone(as_zone(seer, cells), sectors(), closed_roads=True) == ()
    assert len({canonical(z) for z in zones}) == 880  # no Zone twice, up to symmetry
    stored = Path(foresight_closed_zones.__file__).read_text(encoding="utf-8")
    assert write_zones(seer, zones) == stored
    assert Foresight(sectors()).library is None  # free roads search as before


def brute_closed_zones(tiles: tuple[Sector, ...]) -> set[object]:
    """Every closed Zone of a small pack by the plain definition: the first sector on (0, 0),
    then, while a road faces an empty slot, that slot (the smallest) gets each sector left in
    each way it meets its neighbours (MAP-4; with closed roads it must be filled, MAP-7), as
    long as there are sectors enough for the faced slots; a Zone holding every sector with no
    road facing empty space is closed."""
    tab = tables(tiles)
    kind = {sid: n for n, sid in enumerate(tab.ids)}
    found: set[object] = set()

    def grow(zone: Zone) -> None:
        faced = road_faced(zone, tiles)
        left = [s.id for s in tiles if s.id not in zone.sector_ids()]
        if not faced:
            if not left:
                masks = occupancy(zone, tab)
                found.add(
                    canonical(
                        tuple((p.slot, kind[p.sector], masks[p.slot]) for p in zone.placements)
                    )
                )
            return
        if len(faced) > len(left):
            return  # each faced slot needs a sector of its own
        slot = min(faced)
        for sid in left:
            for p in legal_placements(zone, sid, tiles):
                if p.slot == slot:
                    grow(zone.place(p))

    for p in legal_placements(Zone(()), tiles[0].id, tiles):
        grow(Zone((p,)))
    return found


@pytest.mark.slow
@pytest.mark.parametrize(
    "ids", [("s01", "s02", "s03", "s05", "s06"), ("s01", "s02", "s03", "s05", "s09")]
)
def test_the_exhaustive_search_finds_every_closed_zone_of_a_small_pack(
    ids: tuple[str, ...],
) -> None:
    tiles = tuple(s for s in sectors() if s.id in ids)
    seer = Foresight(tiles, closed_roads=True)
    assert seer.library is None  # not the shipped sectors
    mine = {canonical(z) for z in enumerate_closed(seer)}
    assert mine and mine == brute_closed_zones(tiles)


def test_every_first_placement_of_every_sector_is_decided() -> None:
    """The empty Zone: every placement of every sector is decided at once; each completable
    one comes with a valid closed-roads Zone that keeps it. The Village's face with three
    roads is in no closed Zone (its six turns are refused), its face with two roads is."""
    tiles = sectors()
    seer = Foresight(tiles, closed_roads=True)
    for sector in tiles:
        verdicts = seer.sector_verdicts(Zone(()), sector.id).verdicts
        assert None not in verdicts.values() and True in verdicts.values()
        for p, v in verdicts.items():
            if v:
                done = seer.completion(Zone((p,)))
                assert done is not None and done.placements[0] == p
                assert check_zone(done, tiles, closed_roads=True) == ()
    village = seer.sector_verdicts(Zone(()), "s01").verdicts
    by_id = {s.id: s for s in tiles}
    roads = {p: sum(by_id["s01"].faces[p.face].edges) for p in village}
    assert {roads[p] for p, v in village.items() if v} == {2}
    assert {roads[p] for p, v in village.items() if not v} == {3}
    assert seer.nodes == 0  # no search at all


def test_a_second_placement_is_decided_and_agrees_with_the_search() -> None:
    tiles = sectors()
    seer = Foresight(tiles, closed_roads=True)
    first = seer.sector_verdicts(Zone(()), "s01").completable[0]
    zone = Zone((first,))
    verdicts = seer.sector_verdicts(zone, "s10").verdicts
    assert None not in verdicts.values()
    proven = [p for p, v in verdicts.items() if v]
    dead = [p for p, v in verdicts.items() if not v]
    assert proven and dead
    for p in proven:
        done = seer.completion(zone.place(p))
        assert done is not None and done.placements[:2] == (first, p)
        assert check_zone(done, tiles, closed_roads=True) == ()
    slow = searching(tiles)
    for p in [p for p in dead if p.slot == (0, -1) and p.face == "a"][:2]:
        assert slow.zone_verdict(zone.place(p)) is False


def questions(seed: int, count: int) -> list[tuple[Zone, str]]:
    """Partial Zones with 6 or 7 sectors: prefixes of random closed Zones (completable) and
    random MAP-4 walks (mostly dead), each with a sector to place next."""
    tiles = sectors()
    rng = random.Random(seed)
    out = []
    for n in range(count):
        size = 6 + n % 2
        if n % 3 == 0:
            zone = random_partial(tiles, rng, size)
        else:
            whole = random_zone(tiles, random.Random(seed * 100 + n), "free", True)
            zone = Zone(whole.placements[:size])
        out.append((zone, rng.choice([s.id for s in tiles if s.id not in zone.sector_ids()])))
    return out


def test_the_look_up_agrees_with_the_search() -> None:
    """Every placement of one sector on partial Zones of 6 or 7 sectors: the list and the
    search (the closed-roads bounds, no list) give the same verdict, both answers occur."""
    tiles = sectors()
    answers: list[bool | None] = []
    for zone, sid in questions(11, 12):
        quick = Foresight(tiles, closed_roads=True).sector_verdicts(zone, sid).verdicts
        slow = searching(tiles).sector_verdicts(zone, sid).verdicts
        assert quick == slow, zone
        answers += quick.values()
    assert True in answers and False in answers and None not in answers


@pytest.mark.slow
def test_a_dead_zone_needs_no_search_and_a_completable_one_is_kept() -> None:
    """A random walk the search needs many nodes to refute is refused by the list with none;
    a prefix of a valid closed Zone is kept, with a completion that keeps its sectors."""
    tiles = sectors()
    dead = None
    rng = random.Random(4)
    while dead is None:
        zone = random_partial(tiles, rng, 4)
        slow = searching(tiles)
        if slow.zone_verdict(zone) is False and slow.nodes > 50:
            dead = zone
    quick = Foresight(tiles, closed_roads=True)
    assert quick.zone_verdict(dead) is False and quick.nodes == 0
    assert quick.zone_cut_off(dead) is not None
    whole = random_zone(tiles, random.Random(8), "free", True)
    kept = Zone(whole.placements[:3])
    assert quick.zone_verdict(kept) is True and quick.nodes == 0
    done = quick.completion(kept)
    assert done is not None and done.placements[:3] == kept.placements
    assert check_zone(done, tiles, closed_roads=True) == ()


def test_a_zone_only_closed_roads_refuse_names_map_7() -> None:
    """The Village's face with three roads, alone: with free roads the Zone can be completed,
    with closed roads (MAP-7) it cannot; the reason names MAP-7, not joining (MAP-5)."""
    tiles = sectors()
    seer = Foresight(tiles, closed_roads=True)
    village = seer.sector_verdicts(Zone(()), "s01").verdicts
    dead = Zone((next(p for p, v in village.items() if v is False),))
    assert Foresight(tiles).zone_verdict(dead) is True
    why = seer.zone_cut_off(dead)
    assert why is not None and (why.rule, why.key) == ("MAP-7", "zone_unclosable")
    assert CUT_OFF_TEXT[why.key].format(**dict(why.params)).startswith("the 9 remaining")
