"""Greedy joins of road networks for the dead-end foresight (TURN-4, MAP-4, MAP-5), free roads.

With several road networks and enough sectors left, a completion is nearly always found by
joining the two nearest networks with a short row of sectors whose roads lead towards each
other, until one network is left, and laying the rest as a row or a snake
(:mod:`stalkerzone.engine.zone.foresight.snake`). :func:`greedy_join` looks for such a completion
within a fixed number of placements, with only cheap geometry at each step (grid distances, no
searches that heed the fit); the exact search of :mod:`~stalkerzone.engine.zone.foresight.search`
asks it
before branching, takes what it finds as the proof of "completable" and goes on searching
where it finds none. Every sector it places fits its neighbours then (MAP-4), and it ends only
with one road network holding every sector (MAP-5), so what it finds is a completion.
"""

from __future__ import annotations

from collections.abc import Callable

from stalkerzone.engine.zone import SLOT_DIRECTIONS, Slot, slot_distance
from stalkerzone.engine.zone.foresight.bounds import UNREACHABLE, cells_of, nearest_cell
from stalkerzone.engine.zone.foresight.geometry import road_networks, straight_road_out
from stalkerzone.engine.zone.foresight.moves import Move, MoveTable
from stalkerzone.engine.zone.foresight.snake import snake_out

Step = tuple[Slot, int, int]
"""One sector of a completion: (slot, sector kind, world edge mask)."""
SNAKE_STEPS = 30
"""Placements the snake laying the rest may try, once the networks are joined."""
GOALS = 6
"""Slots of the other networks, nearest first, that the moves on the joining slot aim at."""


def greedy_join(
    moves: MoveTable,
    occupied: dict[Slot, int],
    blocked: frozenset[Slot],
    counts: tuple[int, ...],
    path: list[Step],
    budget: int,
) -> list[Step] | None:
    """A completion (``path`` so far, then the joins and the rest) found by joining the nearest
    road networks first, at most ``budget`` joining sectors placed, each the move on the
    joining slot whose roads lead nearest to another network; ``None`` when none was found
    (which proves nothing). Joins never use a ``blocked`` slot; ``occupied`` and ``path`` are
    restored."""
    placed = 0
    try:
        while True:
            networks = road_networks(occupied)
            if len(networks) == 1:
                row = straight_road_out(occupied, blocked, counts, moves.kind_masks)
                if row is not None:
                    return [*path, *row]
                return snake_out(moves, occupied, counts, path, SNAKE_STEPS)
            faced = [sorted(f - blocked) for _, f in networks]
            if placed == budget or not any(counts) or not all(faced):
                return None
            slot, goals = _nearest_join(faced)
            options = moves.at(occupied, counts, slot)
            if not options:
                return None
            kind, mask = min(options, key=_lead(slot, goals))
            occupied[slot] = mask
            path.append((slot, kind, mask))
            placed += 1
            counts = (*counts[:kind], counts[kind] - 1, *counts[kind + 1 :])
    finally:
        for slot, _, _ in path[len(path) - placed :]:
            del occupied[slot]
        del path[len(path) - placed :]


def _nearest_join(faced: list[list[Slot]]) -> tuple[Slot, list[Slot]]:
    """The slot to join from: a slot faced by several networks if there is one, else the slot
    of the network facing the fewest slots (the hardest to reach) nearest to another network;
    with the other networks' slots, nearest first (at most ``GOALS``)."""
    seen: set[Slot] = set()
    for slots in faced:
        for shared in slots:
            if shared in seen:
                return shared, [shared]
            seen.add(shared)
    mine = min(range(len(faced)), key=lambda i: len(faced[i]))
    theirs = [g for j, other in enumerate(faced) if j != mine for g in other]
    slot = faced[mine][nearest_cell(cells_of(faced[mine]), cells_of(theirs))[1]]
    goals = sorted(theirs, key=lambda g: slot_distance(slot, g))
    return slot, goals[:GOALS]


def _lead(slot: Slot, goals: list[Slot]) -> Callable[[Move], tuple[int, int]]:
    """How near a move on ``slot`` leads to a goal: the fewest grid steps from a slot its
    roads face to a goal, then the most roads (to grow on)."""
    i, j = slot
    ends = [min(slot_distance((i + di, j + dj), g) for g in goals) for di, dj in SLOT_DIRECTIONS]

    def lead(move: Move) -> tuple[int, int]:
        m = move[1]
        near = min((x for d, x in enumerate(ends) if m >> d & 1), default=UNREACHABLE)
        return near, -m.bit_count()

    return lead
