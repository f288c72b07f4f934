"""Hex math and MAP-2 slot geometry: rotation, pixels, borders and gates."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from stalkerzone.engine.zone import (
    DIRECTIONS,
    GATES,
    SECTOR_HEXES,
    SLOT_DIRECTIONS,
    Hex,
    hex_to_pixel,
    neighbour,
    neighbours,
    slot_centre,
    slot_of,
    world_hex,
)
from stalkerzone.engine.zone.hexes import BORDERS, distance, pixel_to_hex, rotate

coords = st.integers(-30, 30)
hexes = st.builds(Hex, coords, coords)


def test_one_step_maps_cube_as_specified() -> None:
    h = Hex(2, -1)  # cube (2, -1, -1)
    assert rotate(h, 1) == Hex(1, 1)  # (-r, -s, -q) = (1, 1, -2)


@settings(max_examples=60)
@given(hexes, st.integers(-12, 12))
def test_rotation_round_trips(h: Hex, steps: int) -> None:
    assert rotate(rotate(h, steps), -steps) == h
    assert rotate(h, 6) == h
    assert distance(rotate(h, steps), Hex(0, 0)) == distance(h, Hex(0, 0))
    one = h
    for _ in range(steps % 6):
        one = rotate(one, 1)
    assert one == rotate(h, steps)


def test_rotation_turns_sides_and_slot_directions() -> None:
    for k in range(6):
        assert rotate(DIRECTIONS[k], 1) == DIRECTIONS[(k + 1) % 6]
        i, j = SLOT_DIRECTIONS[k]
        assert rotate(slot_centre((i, j)), 1) == slot_centre(SLOT_DIRECTIONS[(k + 1) % 6])


@settings(max_examples=60)
@given(hexes, st.sampled_from([10.0, 24.5, 1.0]))
def test_pixel_round_trip(h: Hex, size: float) -> None:
    x, y = hex_to_pixel(h, size)
    assert pixel_to_hex(x, y, size) == h
    assert pixel_to_hex(x + 0.4 * size, y - 0.3 * size, size) == h


def test_neighbours_and_distance() -> None:
    for n in neighbours(Hex(3, -2)):
        assert distance(n, Hex(3, -2)) == 1
    assert distance(Hex(0, 0), Hex(2, -1)) == 2
    assert len(SECTOR_HEXES) == 19


def test_slot_centres_follow_map2() -> None:
    assert slot_centre((1, 0)) == Hex(5, -2)
    assert slot_centre((0, 1)) == Hex(2, 3)
    assert slot_centre((2, -1)) == Hex(8, -7)


def test_sectors_tile_the_plane() -> None:
    seen: dict[Hex, tuple[int, int]] = {}
    for i in range(-2, 3):
        for j in range(-2, 3):
            for local in SECTOR_HEXES:
                w = world_hex((i, j), 0, local)
                assert w not in seen
                seen[w] = (i, j)
                assert slot_of(w) == ((i, j), local)


def test_borders_have_five_pairs_and_the_middle_is_the_gate() -> None:
    for k in range(6):
        assert len(BORDERS[k]) == 5
        assert GATES[k] == BORDERS[k][2]
        assert GATES[k][1] == k
        other = slot_centre(SLOT_DIRECTIONS[k])
        for h, s in BORDERS[k]:
            n = neighbour(h, s)
            assert distance(n, other) <= 2 and distance(h, Hex(0, 0)) == 2


def test_gates_face_each_other() -> None:
    """Edge k's gate touches the neighbour's gate of edge k+3 (edge/gate correspondence)."""
    for k in range(6):
        gate, side = GATES[k]
        partner = neighbour(gate, side)
        c = slot_centre(SLOT_DIRECTIONS[k])
        local = Hex(partner.q - c.q, partner.r - c.r)
        assert GATES[(k + 3) % 6] == (local, (side + 3) % 6)


def test_turned_gate_is_the_gate_of_the_turned_edge() -> None:
    for k in range(6):
        for rho in range(6):
            gate, side = GATES[k]
            assert (rotate(gate, rho), (side + rho) % 6) == GATES[(k + rho) % 6]
