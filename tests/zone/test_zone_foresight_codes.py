"""Integer-coded slots of the join searches (TURN-4, MAP-5): a code is one-to-one, sorts like
its slot and steps to a neighbour by a constant; the coded side table is the plain one."""

from __future__ import annotations

import random

from stalkerzone.engine.zone import SLOT_DIRECTIONS, random_zone
from stalkerzone.engine.zone.foresight import Foresight
from stalkerzone.engine.zone.foresight.bounds import GRID_WIDTH, code_slot, coded_sides, slot_code
from stalkerzone.engine.zone.foresight.moves import MoveTable
from tests.support.base import sectors


def test_codes_are_one_to_one_sorted_and_step_by_constants() -> None:
    rng = random.Random(5)
    slots = sorted({(rng.randint(-60, 60), rng.randint(-60, 60)) for _ in range(400)})
    codes = [slot_code(s) for s in slots]
    assert codes == sorted(codes) and len(set(codes)) == len(slots)
    assert [code_slot(c) for c in codes] == slots
    for q, r in slots[:50]:
        for di, dj in SLOT_DIRECTIONS:
            assert slot_code((q + di, r + dj)) == slot_code((q, r)) + di * GRID_WIDTH + dj


def test_the_coded_side_table_is_the_plain_one_and_kinds_left_give_the_same_moves() -> None:
    seer = Foresight(sectors())
    zone = random_zone(sectors(), random.Random(2))
    part = zone.placements[:9]
    occupied = {}
    for p in part:
        masks = {(f, rot): m for f, rot, m in seer.tab.options[p.sector]}
        occupied[p.slot] = masks[(p.face, p.rotation)]
    counts = tuple(min(n, 1) for n in range(len(seer.kind_masks)))  # some kinds used up
    plain = seer.moves.sides_table(occupied, counts)
    coded, placed = seer.moves.coded_sides_table(occupied, counts)
    assert coded == coded_sides(plain)
    assert placed == {slot_code(s): m for s, m in occupied.items()}
    fresh = MoveTable(seer.kind_masks)
    for touch in range(0, 64, 7):
        for need in range(0, 64, 5):
            need &= touch
            want = tuple(
                (kind, m)
                for kind, masks in enumerate(seer.kind_masks)
                if counts[kind]
                for m in masks
                if not (m ^ need) & touch
            )
            assert fresh.for_sides(touch, need, counts) == want
            assert seer.moves.road_sides(touch, need, counts) == _union(want)


def _union(moves: tuple[tuple[int, int], ...]) -> int:
    out = 0
    for _, m in moves:
        out |= m
    return out
