"""Snake-shaped completions for the dead-end foresight (TURN-4, MAP-4, MAP-5), free roads.

With one road network the remaining sectors can nearly always be laid as a snake: each one
continues a road of the one placed before it, on a slot where it fits every neighbour (MAP-4),
so the Zone stays one road network (MAP-5). :func:`snake_out` looks for one within a fixed
number of steps; the search of :mod:`stalkerzone.engine.zone.foresight.search` uses it as a proof of
"completable" and goes on searching where it finds none.
"""

from __future__ import annotations

from stalkerzone.engine.zone import SLOT_DIRECTIONS, Slot
from stalkerzone.engine.zone.foresight.moves import MoveTable

Step = tuple[Slot, int, int]
"""One sector of a completion: (slot, sector kind, world edge mask)."""


def snake_out(
    moves: MoveTable,
    occupied: dict[Slot, int],
    counts: tuple[int, ...],
    path: list[Step],
    steps: int,
) -> list[Step] | None:
    """A completion (``path`` so far, then the snake) in which every remaining sector (``counts``
    per kind) continues the road of the one placed before it, found within ``steps``
    placements tried; ``None`` when none was. ``occupied`` and ``path`` are restored."""
    budget = [steps]
    for slot in sorted(occupied):
        found = _snake(moves, occupied, counts, slot, path, budget)
        if found is not None or budget[0] <= 0:
            return found
    return None


def _snake(
    moves: MoveTable,
    occupied: dict[Slot, int],
    counts: tuple[int, ...],
    tip: Slot,
    path: list[Step],
    budget: list[int],
) -> list[Step] | None:
    if not any(counts):
        return list(path)
    i, j = tip
    m = occupied[tip]
    for d, (di, dj) in enumerate(SLOT_DIRECTIONS):
        n = (i + di, j + dj)
        if not m >> d & 1 or n in occupied:
            continue
        fits = sorted(moves.at(occupied, counts, n), key=lambda mv: -mv[1].bit_count())
        for kind, mask in fits:
            budget[0] -= 1
            if budget[0] <= 0:
                return None
            occupied[n] = mask
            path.append((n, kind, mask))
            fewer = (*counts[:kind], counts[kind] - 1, *counts[kind + 1 :])
            found = _snake(moves, occupied, fewer, n, path, budget)
            path.pop()
            del occupied[n]
            if found is not None:
                return found
    return None
