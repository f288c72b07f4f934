"""Where the dead-end foresight's join search branches (TURN-4, MAP-4, MAP-5), free roads.

With several road networks, every completion places a new sector on some slot faced by each
network, so the search may branch on any one network's faced slots. :func:`branch_slot` picks
the network whose best slot gives the fewest branches (its moves times its slots from which
another network is in reach), that slot nearest another network, and orders its moves so that
those whose roads lead nearer another network come first (a completion is found sooner; the
order never changes a verdict).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from stalkerzone.engine.zone import SLOT_DIRECTIONS, Slot
from stalkerzone.engine.zone.foresight.bounds import (
    GRID_WIDTH,
    UNREACHABLE,
    CodedSlot,
    join_levels,
    slot_code,
)
from stalkerzone.engine.zone.foresight.moves import Move, MoveTable

_CODED_STEP: tuple[int, ...] = tuple(di * GRID_WIDTH + dj for di, dj in SLOT_DIRECTIONS)
"""Per slot direction: the step to the neighbour's code (``bounds.slot_code``)."""


def branch_slot(
    slots: Sequence[Sequence[Slot]],
    starts: Sequence[Sequence[CodedSlot]],
    reached: Sequence[Mapping[CodedSlot, int]],
    options: Mapping[Slot, tuple[Move, ...]],
    left: int,
) -> tuple[Slot, tuple[Move, ...]] | None:
    """The slot to branch on and its moves, nearest first; ``None`` when some network has no
    slot from which another is in reach with the ``left`` sectors (a dead end). ``slots``: per
    network, its faced slots (sorted), ``starts`` their codes, ``reached`` each network's
    breadth-first levels (``bounds.join_levels``), ``options`` the moves per slot."""
    best: tuple[int, int, Slot, int, int] | None = None
    for i, st in enumerate(starts):
        others = [r for j, r in enumerate(reached) if j != i]
        near = [min([r.get(c, UNREACHABLE) for r in others]) for c in st]
        reach = [n for n, x in enumerate(near) if x <= left]
        if not reach:
            return None
        # codes sort like their slots: the same slot as by (near, branches, slot)
        at = min(reach, key=lambda n: (near[n], len(options[slots[i][n]]), st[n]))
        pick = slots[i][at]
        rank = (len(options[pick]) * len(reach), near[at], pick, i, st[at])  # fewest branches
        if best is None or rank[:4] < best[:4]:
            best = rank
    assert best is not None
    slot, mine, code = best[2], best[3], best[4]
    others = [r for j, r in enumerate(reached) if j != mine]

    def nearness(move: Move) -> int:
        return min(
            (
                r.get(code + step, UNREACHABLE)
                for d, step in enumerate(_CODED_STEP)
                if move[1] >> d & 1
                for r in others
            ),
            default=UNREACHABLE,
        )

    return slot, tuple(sorted(options[slot], key=nearness))


def join_slot(
    moves: MoveTable,
    occupied: Mapping[Slot, int],
    blocked: frozenset[Slot],
    counts: tuple[int, ...],
    faced: list[set[Slot]],
    options: Mapping[Slot, tuple[Move, ...]],
    steiner_slack: int,
) -> tuple[Slot, tuple[Move, ...]] | None:
    """Several road networks: ``None`` when the sectors left cannot join them all (the bounds'
    :func:`~stalkerzone.engine.zone.foresight.bounds.join_levels`), else the slot to branch on
    (:func:`branch_slot`) and its moves, those whose roads lead nearer another network first."""
    left = sum(counts)
    # the breadth-first searches run on integer-coded slots (bounds.slot_code)
    sides, placed = moves.coded_sides_table(occupied, counts)
    closed_slots = set(placed)
    closed_slots.update(slot_code(s) for s in blocked)
    slots = [sorted(f) for f in faced]
    starts = [[slot_code(s) for s in st] for st in slots]
    reached = join_levels(starts, closed_slots, sides, left, steiner_slack)
    if reached is None:
        return None
    return branch_slot(slots, starts, reached, options, left)
