"""Which remaining sectors fit an empty slot (MAP-4), for the dead-end foresight (TURN-4).

A slot's fit depends only on which of its sides touch placed sectors, which of those sides need a
road, and how many sectors of each kind are left; :class:`MoveTable` keeps the answers per such
key (bounded), so the search asks in integer work. A
:class:`~stalkerzone.engine.zone.foresight.search.Foresight` owns one for its sectors.
"""

from __future__ import annotations

from collections.abc import Mapping

from stalkerzone.engine.zone import SLOT_DIRECTIONS, Slot
from stalkerzone.engine.zone.foresight.bounds import GRID_WIDTH, CodedSlot, SideTable

Move = tuple[int, int]
"""(sector kind, world edge mask) for one slot."""
_SIDES: tuple[tuple[int, int, int, int], ...] = tuple(
    (1 << d, (d + 3) % 6, di, dj) for d, (di, dj) in enumerate(SLOT_DIRECTIONS)
)
"""Per slot direction d: (bit d, the opposite side, the step to the neighbour)."""
_TOWARDS: tuple[tuple[int, int, int, int], ...] = tuple(
    (1 << d, 1 << ((d + 3) % 6), di, dj) for d, (di, dj) in enumerate(SLOT_DIRECTIONS)
)
"""Per slot direction d: (bit d, the bit of the side facing back, the step to the neighbour)."""
_CODED_TOWARDS: tuple[tuple[int, int, int], ...] = tuple(
    (bit, back, di * GRID_WIDTH + dj) for bit, back, di, dj in _TOWARDS
)
""":data:`_TOWARDS` with the step to the coded neighbour (``bounds.slot_code``)."""
LIMIT = 50_000
"""Entries a table keeps before it starts afresh."""


class MoveTable:
    """The fitting moves of one set of sector kinds (``kind_masks``: the world masks of each)."""

    def __init__(self, kind_masks: tuple[tuple[int, ...], ...]) -> None:
        self.kind_masks = kind_masks
        self.fits: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}
        """(touching sides, sides needing a road) → the fitting masks of each kind (MAP-4)."""
        self.moves: dict[tuple[int, int, int], tuple[Move, ...]] = {}
        """(touching sides, sides needing a road, kinds left) → :meth:`at` (bounded): the
        moves depend only on which kinds are left, not on how many of each."""
        self.sides: dict[tuple[int, int, int], int] = {}
        """(touching sides, sides needing a road, kinds left) → :meth:`road_sides`."""
        self.kinds_left: dict[tuple[int, ...], int] = {}
        """Sectors left per kind → the bit set of the kinds with some left (bounded)."""

    def sides_table(self, occupied: Mapping[Slot, int], counts: tuple[int, ...]) -> SideTable:
        """Per empty slot, the sides on which some remaining sector that fits there has a road
        (:meth:`road_sides`); a slot that touches no placed sector has every side."""
        table = SideTable()
        for slot, (touch, need) in around(occupied).items():
            table[slot] = self.road_sides(touch, need, counts)
        return table

    def coded_sides_table(
        self, occupied: Mapping[Slot, int], counts: tuple[int, ...]
    ) -> tuple[dict[CodedSlot, int], dict[CodedSlot, int]]:
        """:meth:`sides_table` keyed by coded slots (``bounds.slot_code``), with the
        coded placed sectors (code → world mask) it was worked out from."""
        w = GRID_WIDTH
        placed = {q * w + r: m for (q, r), m in occupied.items()}
        touching: dict[CodedSlot, int] = {}
        needing: dict[CodedSlot, int] = {}
        for c, m in placed.items():
            for bit, side, step in _CODED_TOWARDS:
                slot = c + step
                if slot in placed:
                    continue
                touching[slot] = touching.get(slot, 0) | side
                if m & bit:
                    needing[slot] = needing.get(slot, 0) | side
        kinds = self.left_kinds(counts)
        sides_of = self.sides_of
        table = {
            slot: sides_of(touch, needing.get(slot, 0), kinds) for slot, touch in touching.items()
        }
        return table, placed

    def options_at(
        self, occupied: Mapping[Slot, int], counts: tuple[int, ...], slots: list[Slot]
    ) -> dict[Slot, tuple[Move, ...]]:
        """:meth:`at` for each of the ``slots`` (empty slots next to a placed sector), in order,
        the sides they touch found in one pass over the placed sectors."""
        sides = around(occupied)
        kinds = self.left_kinds(counts)
        moves = self.moves_of
        return {slot: moves(*sides[slot], kinds) for slot in slots}

    def left_kinds(self, counts: tuple[int, ...]) -> int:
        """The bit set of the kinds with some sector left."""
        kinds = self.kinds_left.get(counts)
        if kinds is None:
            kinds = sum(1 << kind for kind, n in enumerate(counts) if n)
            if len(self.kinds_left) > LIMIT:
                self.kinds_left.clear()
            self.kinds_left[counts] = kinds
        return kinds

    def road_sides(self, touch: int, need: int, counts: tuple[int, ...]) -> int:
        """The sides on which some remaining sector that fits an empty slot with these
        (touching sides, sides needing a road) (MAP-4) has a road."""
        return self.sides_of(touch, need, self.left_kinds(counts))

    def sides_of(self, touch: int, need: int, kinds: int) -> int:
        """:meth:`road_sides` by the bit set of the kinds left (:meth:`left_kinds`)."""
        key = (touch, need, kinds)
        sides = self.sides.get(key)
        if sides is None:
            sides = 0
            for _, m in self.moves_of(touch, need, kinds):
                sides |= m
            if len(self.sides) > LIMIT:
                self.sides.clear()
            self.sides[key] = sides
        return sides

    def at(
        self, occupied: Mapping[Slot, int], counts: tuple[int, ...], slot: Slot
    ) -> tuple[Move, ...]:
        """The (kind, world mask) of every remaining sector that fits on an empty ``slot``
        (MAP-4), kept per (touching sides, sides needing a road, sectors left)."""
        touch = need = 0
        i, j = slot
        for bit, back, di, dj in _SIDES:
            m = occupied.get((i + di, j + dj))
            if m is not None:
                touch |= bit
                if m >> back & 1:
                    need |= bit
        return self.for_sides(touch, need, counts)

    def for_sides(self, touch: int, need: int, counts: tuple[int, ...]) -> tuple[Move, ...]:
        """:meth:`at` by (touching sides, sides needing a road, sectors left)."""
        return self.moves_of(touch, need, self.left_kinds(counts))

    def moves_of(self, touch: int, need: int, kinds: int) -> tuple[Move, ...]:
        """:meth:`at` by (touching sides, sides needing a road, the bit set of the kinds
        left, :meth:`left_kinds`)."""
        key = (touch, need, kinds)
        moves = self.moves.get(key)
        if moves is None:
            fits = self.fits.get((touch, need))
            if fits is None:
                fits = tuple(
                    tuple(m for m in masks if not (m ^ need) & touch) for masks in self.kind_masks
                )
                self.fits[(touch, need)] = fits  # at most 64 × 64 entries
            moves = tuple(
                (kind, m) for kind, masks in enumerate(fits) if kinds >> kind & 1 for m in masks
            )
            if len(self.moves) > LIMIT:
                self.moves.clear()
            self.moves[key] = moves
        return moves


def around(occupied: Mapping[Slot, int]) -> dict[Slot, tuple[int, int]]:
    """Per empty slot next to a placed sector: (the sides touching placed sectors, those of
    them that need a road, MAP-4), in one pass over the placed sectors."""
    out: dict[Slot, tuple[int, int]] = {}
    for (i, j), m in occupied.items():
        for bit, side, di, dj in _TOWARDS:
            slot = (i + di, j + dj)
            if slot in occupied:
                continue
            touch, need = out.get(slot, (0, 0))
            out[slot] = (touch | side, need | side if m & bit else need)
    return out
