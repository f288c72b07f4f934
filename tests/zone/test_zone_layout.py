"""Layout rules: joins (MAP-3), legal placements (MAP-4), the MAP-5/MAP-7 check, mutations,
foresight and the random Zone (MAP-6)."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stalkerzone.content.tiles import load_sectors
from stalkerzone.engine.zone import (
    SHAPES,
    Placement,
    Sector,
    Zone,
    ZoneImpossible,
    check_zone,
    legal_placements,
    random_zone,
    tables,
)
from stalkerzone.engine.zone.hexes import slot_neighbour
from stalkerzone.engine.zone.layout import canonical_pattern, joins, matched_joins
from tests.support.foresight import completable, dead_ends


@cache
def sectors() -> tuple[Sector, ...]:
    return load_sectors()


@cache
def valid_zone(seed: int) -> Zone:
    return random_zone(sectors(), random.Random(seed))


def _rules(zone: Zone, closed: bool = False) -> set[str]:
    return {p.rule for p in check_zone(zone, sectors(), closed_roads=closed)}


def _world_mask(p: Placement) -> int:
    for f, r, m in tables(sectors()).options[p.sector]:
        if f == p.face and r == p.rotation:
            return m
    raise AssertionError


def test_ten_sectors_twenty_faces_two_to_four_roads() -> None:
    faces = [f for s in sectors() for f in s.faces.values()]
    assert len(sectors()) == 10 and len(faces) == 20
    assert all(2 <= sum(f.edges) <= 4 for f in faces)


def test_edge_patterns_each_rotation_class_twice_never_on_one_sector() -> None:
    classes = [canonical_pattern(f.mask) for s in sectors() for f in s.faces.values()]
    assert sorted(classes.count(c) for c in set(classes)) == [2] * 10
    for s in sectors():
        assert canonical_pattern(s.faces["a"].mask) != canonical_pattern(s.faces["b"].mask)


def test_two_faces_join_in_36_ways_a_third_to_two_thirds_matched() -> None:
    faces = [(s.id + n, f) for s in sectors() for n, f in s.faces.items()]
    for i, (na, fa) in enumerate(faces):
        for nb, fb in faces[i + 1 :]:
            js = joins(fa, fb)
            assert len(js) == 36 and len({(j.direction, j.rotation) for j in js}) == 36
            assert 12 <= matched_joins(fa, fb) <= 24, (na, nb)


def test_join_matching_is_edge_against_opposite_edge() -> None:
    a, b = sectors()[0].faces["a"], sectors()[1].faces["a"]
    for j in joins(a, b):
        zone = Zone(
            (
                Placement("s01", "a", 0, (0, 0)),
                Placement("s02", "a", j.rotation, slot_neighbour((0, 0), j.direction)),
            )
        )
        assert ("MAP-4" not in _rules(zone)) == j.matched


def test_first_placement_goes_on_the_origin() -> None:
    ps = legal_placements(Zone(), "s05", sectors())
    assert len(ps) == 12 and {p.slot for p in ps} == {(0, 0)}


def test_placed_sector_has_no_legal_placement() -> None:
    zone = Zone((Placement("s01", "a", 0, (0, 0)),))
    assert legal_placements(zone, "s01", sectors()) == ()


def test_kept_tables_give_the_same_placements_as_the_sectors() -> None:
    """MAP-4: a caller may keep the sectors' tables (they are not cached per process) and get
    the same legal placements as from the sectors themselves."""
    kept = tables(sectors())
    assert tables(kept) is kept and tables(sectors()) == kept and tables(sectors()) is not kept
    full = valid_zone(3)
    for size in (1, 4, 8):
        zone = Zone(full.placements[:size])
        sid = full.placements[size].sector
        placements = legal_placements(zone, sid, kept)
        assert placements and placements == legal_placements(zone, sid, sectors())


@settings(max_examples=25, deadline=None)
@given(
    st.integers(0, 10_000), st.integers(1, 9), st.sampled_from([f"s{k:02}" for k in range(1, 11)])
)
def test_every_legal_placement_matches_its_neighbours(seed: int, size: int, sid: str) -> None:
    full = valid_zone(seed % 50)
    zone = Zone(tuple(p for p in full.placements if p.sector != sid)[:size])
    by_slot = {p.slot: _world_mask(p) for p in zone.placements}
    for p in legal_placements(zone, sid, sectors()):
        m = _world_mask(p)
        touching = 0
        for d in range(6):
            other = by_slot.get(slot_neighbour(p.slot, d))
            if other is not None:
                touching += 1
                assert (m >> d & 1) == (other >> ((d + 3) % 6) & 1)
        assert touching >= 1 and p.slot not in by_slot


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["free", "ring", "compact"]))
def test_every_random_zone_is_valid(seed: int, shape: str) -> None:
    zone = random_zone(sectors(), random.Random(seed), shape)
    assert check_zone(zone, sectors()) == ()
    assert len(zone.placements) == 10


def test_line_zone_is_valid_and_straight() -> None:
    zone = random_zone(sectors(), random.Random(3), "line")
    assert check_zone(zone, sectors()) == ()
    assert (
        len({p.slot[1] for p in zone.placements}) == 1
        or len({p.slot[0] for p in zone.placements}) == 1
        or len({p.slot[0] + p.slot[1] for p in zone.placements}) == 1
    )


def test_closed_roads_free_zone() -> None:
    zone = random_zone(sectors(), random.Random(2), "free", closed_roads=True)
    assert check_zone(zone, sectors(), closed_roads=True) == ()


@pytest.mark.parametrize("shape", ["line", "ring"])
def test_impossible_shape_is_a_clear_error(shape: str) -> None:
    with pytest.raises(ZoneImpossible, match=f"no {shape} Zone with closed roads"):
        random_zone(sectors(), random.Random(1), shape, closed_roads=True)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 49), st.integers(0, 5), st.integers(-5, 5), st.integers(-5, 5))
def test_turning_and_moving_a_whole_zone_keeps_it_valid(
    seed: int, rot: int, di: int, dj: int
) -> None:
    zone = valid_zone(seed).transformed(rot, (di, dj))
    assert check_zone(zone, sectors()) == ()


# --- mutations: each reported with the right rule id -------------------------------------


def test_mutation_turn_one_sector_breaks_map4() -> None:
    zone = valid_zone(7)
    hits = 0
    for k, p in enumerate(zone.placements):
        turned = Placement(p.sector, p.face, (p.rotation + 1) % 6, p.slot)
        if _world_mask(turned) == _world_mask(p):
            continue
        mutated = Zone((*zone.placements[:k], turned, *zone.placements[k + 1 :]))
        rules = _rules(mutated)
        assert rules <= {"MAP-4", "MAP-5"}  # a leaf may still match after turning
        hits += "MAP-4" in rules
    assert hits >= 1


def test_mutation_swap_two_sectors() -> None:
    zone = valid_zone(8)
    ps = list(zone.placements)
    found = False
    for a in range(10):
        for b in range(a + 1, 10):
            pa, pb = ps[a], ps[b]
            q = list(ps)
            q[a] = Placement(pa.sector, pa.face, pa.rotation, pb.slot)
            q[b] = Placement(pb.sector, pb.face, pb.rotation, pa.slot)
            rules = _rules(Zone(tuple(q)))
            if "MAP-4" in rules:
                found = True
    assert found


def test_mutation_drop_one_sector_is_map1() -> None:
    zone = valid_zone(9)
    dropped = Zone(zone.placements[1:])
    problems = check_zone(dropped, sectors())
    assert any(p.rule == "MAP-1" and zone.placements[0].sector in p.where for p in problems)


def test_mutation_duplicate_one_sector_is_map1() -> None:
    zone = valid_zone(10)
    p = zone.placements[0]
    far = Placement(p.sector, p.face, p.rotation, (40, 40))
    problems = check_zone(zone.place(far), sectors())
    assert any(x.rule == "MAP-1" and "already placed" in x.message for x in problems)


def test_detached_sector_is_map5() -> None:
    zone = valid_zone(11)
    p = zone.placements[-1]
    moved = Zone((*zone.placements[:-1], Placement(p.sector, p.face, p.rotation, (40, 40))))
    assert "MAP-5" in _rules(moved)


def test_open_road_is_map7_only_with_closed_roads() -> None:
    zone = valid_zone(12)
    assert _rules(zone) == set()
    assert _rules(zone, closed=True) == {"MAP-7"}


def test_unknown_sector_face_and_slot_overlap() -> None:
    zone = valid_zone(13)
    bad = zone.place(Placement("s99", "a", 0, (30, 30)))
    assert "MAP-1" in _rules(bad)
    p = zone.placements[0]
    q = zone.placements[1]
    overlap = Zone((*zone.placements[2:], p, Placement(q.sector, q.face, q.rotation, p.slot)))
    assert "MAP-2" in _rules(overlap)


# --- foresight --------------------------------------------------------------------------


def test_foresight_accepts_placements_that_lead_to_a_zone() -> None:
    zone = valid_zone(14)
    partial = Zone(zone.placements[:5])
    nxt = zone.placements[5]
    assert completable(partial, nxt, sectors())


def test_foresight_rejects_a_sealed_road_network() -> None:
    """A Zone whose only road network has no road edge left open can never grow (MAP-5)."""
    zone = random_zone(sectors(), random.Random(2), "free", closed_roads=True)
    first_nine = Zone(zone.placements[:-1])
    last = zone.placements[-1]
    assert completable(first_nine, last, sectors())
    assert completable(first_nine, last, sectors(), closed_roads=True)


def test_dead_ends_are_legal_placements_that_fail_foresight() -> None:
    zone = Zone(valid_zone(15).placements[:3])
    placed = zone.sector_ids()
    sid = next(s.id for s in sectors() if s.id not in placed)
    legal = set(legal_placements(zone, sid, sectors()))
    dead = dead_ends(zone, sid, sectors())
    assert dead <= legal
    for p in legal - dead:
        assert completable(zone, p, sectors())


def test_shapes_are_known() -> None:
    assert set(SHAPES) == {"free", "ring", "line", "compact"}
    with pytest.raises(ZoneImpossible):
        random_zone(sectors(), random.Random(1), "spiral")
