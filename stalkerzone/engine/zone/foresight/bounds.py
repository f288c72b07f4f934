"""Lower bounds for the dead-end foresight (TURN-4, MAP-4, MAP-5, MAP-7): how many more sectors
joining the road networks of a partial Zone needs at least.

In a valid Zone every sector is reachable by road from the Village (MAP-5), so the road networks
of a partial Zone must all be joined by the sectors still to place. A join runs through empty
slots, each holding a sector that fits its placed neighbours (MAP-4) with a road to the previous
and the next slot of the join. :func:`join_distances` measures, per network, how many sectors
the shortest such join to each other network needs at least: a breadth-first search over the
empty slots where, judged by the placed neighbours only, some remaining sector fits with a road
on the side that is walked (a relaxation: sectors placed later only take options away, so every
real join is a path of this search and no real join is shorter).

:func:`joining_bound` turns the distances into a bound by packing disjoint "moats": give each
network ``i`` a radius ``ρᵢ`` with ``ρᵢ + ρⱼ ≤ d(i, j)`` for every pair. The ball of network
``i`` (the slots at distance 1 … ``ρᵢ`` from it) then meets no other ball (a slot in two balls
would join ``i`` and ``j`` with ``ρᵢ + ρⱼ − 1`` sectors), and the road path of the finished Zone
from network ``i`` to the nearest other network passes a new sector at every distance 1 … ``ρᵢ``
(distance grows by at most one per slot, and that path needs at least ``d(i, j) ≥ ρᵢ``
sectors). So at least ``Σ ρᵢ`` new sectors are needed; fewer left means a dead end. A network
that can reach no other one (``d = ∞``) is a dead end at once. The same moats on plain grid
distances (:func:`grid_distances`) are weaker but need no search, so they are tried first.
The searches run on slots coded as integers (:func:`slot_code`: a neighbour is a constant
added, the sets hold integers); :func:`levels`, :func:`deeper` and :func:`steiner_bound` take
and give plain slots, their ``coded_`` forms the codes.

With closed roads (MAP-7) every road end must meet another one: :func:`ends_pair` counts road
ends (their parity, and how many the new sectors can pair among themselves, Harborth's
:func:`most_sides`), :func:`closing_moves` the open slots, the further sectors they force and
a matching of open slots to distinct sectors (:func:`slots_matched`).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import TypeVar

from stalkerzone.engine.zone import SLOT_DIRECTIONS, Slot
from stalkerzone.engine.zone.foresight.steiner import cheapest_join


class SideTable(dict[Slot, int]):
    """Per empty slot: the sides on which some remaining sector that fits there (MAP-4) has a
    road (one table per search state). It holds every slot next to a placed sector; any other
    slot touches nothing, so every sector fits there turned any way: every side."""

    __slots__ = ()

    def __missing__(self, slot: Slot) -> int:
        return 0x3F

    def __call__(self, slot: Slot) -> int:
        return self[slot]


SlotKey = TypeVar("SlotKey", bound=Hashable)
"""A slot or a coded slot (:func:`slot_code`)."""

UNREACHABLE = 99
"""A distance larger than any number of sectors left."""

_STEPS: tuple[tuple[int, int, int, int], ...] = tuple(
    (1 << d, 1 << ((d + 3) % 6), di, dj) for d, (di, dj) in enumerate(SLOT_DIRECTIONS)
)
"""Per slot direction d: (bit d, the bit of the opposite side, the step to the neighbour)."""


CodedSlot = int
"""A slot coded as one integer, ``q · GRID_WIDTH + r`` (see :func:`slot_code`): the searches of
this module step to a neighbour by adding a constant and keep integers in their sets."""
GRID_WIDTH = 1 << 16
"""Far wider than any Zone: ``r`` stays well within half of it, so the code is one-to-one and
sorts like the (q, r) slot."""


def slot_code(slot: Slot) -> CodedSlot:
    """The integer code of a slot."""
    return slot[0] * GRID_WIDTH + slot[1]


def code_slot(code: CodedSlot) -> Slot:
    """The slot of an integer code (:func:`slot_code` undone)."""
    q, r = divmod(code + GRID_WIDTH // 2, GRID_WIDTH)
    return q, r - GRID_WIDTH // 2


_CODED_STEPS: tuple[tuple[int, int, int], ...] = tuple(
    (1 << d, 1 << ((d + 3) % 6), di * GRID_WIDTH + dj) for d, (di, dj) in enumerate(SLOT_DIRECTIONS)
)
"""Per slot direction d: (bit d, the bit of the opposite side, the step to the coded neighbour)."""
_CODED_ROADS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((back, step) for bit, back, step in _CODED_STEPS if sides & bit) for sides in range(64)
)
"""Per set of sides: (the bit of the opposite side, the step to the coded neighbour) of each."""


def coded_sides(road_sides: Mapping[Slot, int]) -> dict[CodedSlot, int]:
    """A :class:`SideTable` keyed by coded slots (a slot missing from it has every side)."""
    return {slot[0] * GRID_WIDTH + slot[1]: x for slot, x in road_sides.items()}


def coded_closed(occupied: Iterable[Slot], blocked: Iterable[Slot]) -> set[CodedSlot]:
    """The coded slots no search may enter: the placed sectors and the slots left empty."""
    w = GRID_WIDTH
    out = {q * w + r for q, r in occupied}
    out.update(q * w + r for q, r in blocked)
    return out


def levels(
    starts: Sequence[Slot],
    occupied: Mapping[Slot, int],
    blocked: frozenset[Slot],
    road_sides: SideTable,
    depth: int,
    goals: Sequence[Sequence[Slot]] = (),
) -> dict[Slot, int]:
    """Breadth-first from the ``starts`` (distance 1: the empty slots a network's roads face
    where some remaining sector fits) over empty, not blocked slots: a step from ``a`` to its
    neighbour ``b`` needs a road of ``a`` towards ``b`` and of ``b`` towards ``a`` (MAP-4), as
    far as ``depth`` sectors, or (with ``goals``: the starts of the other networks) until the
    ring where the last of those networks is first reached (:func:`coded_levels` on slots)."""
    dist = coded_levels(
        [slot_code(s) for s in starts],
        coded_closed(occupied, blocked),
        coded_sides(road_sides),
        depth,
        [[slot_code(s) for s in g] for g in goals],
    )
    return {code_slot(c): x for c, x in dist.items()}


def coded_levels(
    starts: Sequence[CodedSlot],
    closed: set[CodedSlot],
    sides: Mapping[CodedSlot, int],
    depth: int,
    goals: Sequence[Sequence[CodedSlot]] = (),
) -> dict[CodedSlot, int]:
    """:func:`levels` on coded slots: ``closed`` the placed and blocked slots
    (:func:`coded_closed`), ``sides`` the coded :class:`SideTable` (:func:`coded_sides`)."""
    dist = dict.fromkeys(starts, 1)
    group = {slot: n for n, slots in enumerate(goals) for slot in slots}
    missing = set(range(len(goals))) - {group[s] for s in starts if s in group}
    if goals and not missing:
        return dist
    _grow(dist, list(starts), 2, closed, sides, depth, group, missing)
    return dist


def deeper(
    dist: dict[Slot, int],
    occupied: Mapping[Slot, int],
    blocked: frozenset[Slot],
    road_sides: SideTable,
    depth: int,
) -> dict[Slot, int]:
    """:func:`levels` (``dist``, perhaps stopped at its goals) carried on from its outermost
    ring as far as ``depth`` sectors: the same as :func:`levels` without goals."""
    out = coded_deeper(
        {slot_code(s): x for s, x in dist.items()},
        coded_closed(occupied, blocked),
        coded_sides(road_sides),
        depth,
    )
    return {code_slot(c): x for c, x in out.items()}


def coded_deeper(
    dist: dict[CodedSlot, int], closed: set[CodedSlot], sides: Mapping[CodedSlot, int], depth: int
) -> dict[CodedSlot, int]:
    """:func:`deeper` on coded slots (see :func:`coded_levels`)."""
    last = max(dist.values(), default=0)
    out = dict(dist)
    ring = [slot for slot, x in dist.items() if x == last]
    _grow(out, ring, last + 1, closed, sides, depth, {}, set())
    return out


def _grow(
    dist: dict[CodedSlot, int],
    ring: list[CodedSlot],
    first: int,
    closed: set[CodedSlot],
    road_sides: Mapping[CodedSlot, int],
    depth: int,
    group: Mapping[CodedSlot, int],
    missing: set[int],
) -> None:
    """The breadth-first rings of :func:`levels` from ``ring`` on (its distance ``first − 1``),
    until ``depth``, or the ring where the last of the ``missing`` goals is reached."""
    goals = bool(missing)
    sides = road_sides.get
    roads = _CODED_ROADS
    for level in range(first, depth + 1):
        nxt: list[CodedSlot] = []
        for a in ring:
            for back, step in roads[sides(a, 0x3F)]:
                b = a + step
                if b in dist or b in closed:
                    continue
                if sides(b, 0x3F) & back:
                    dist[b] = level
                    nxt.append(b)
                    if b in group:
                        missing.discard(group[b])
        if not nxt or (goals and not missing):
            break
        ring = nxt


def join_distances(
    starts: Sequence[Sequence[SlotKey]], reached: Sequence[Mapping[SlotKey, int]]
) -> list[list[int]]:
    """``d[i][j]``: the fewest sectors a join of network ``i`` and network ``j`` needs at least
    (:data:`UNREACHABLE` if none was found); ``starts[i]``: the slots at distance 1 of network
    ``i``, ``reached[i]``: its :func:`levels` (with the other networks' starts as goals)."""
    k = len(starts)
    out = [[UNREACHABLE] * k for _ in range(k)]
    for i in range(k):
        dist = reached[i]
        for j in range(i + 1, k):
            near = min((dist.get(s, UNREACHABLE) for s in starts[j]), default=UNREACHABLE)
            back = min((reached[j].get(s, UNREACHABLE) for s in starts[i]), default=UNREACHABLE)
            out[i][j] = out[j][i] = min(near, back)
    return out


def join_levels(
    starts: Sequence[Sequence[CodedSlot]],
    closed: set[CodedSlot],
    sides: Mapping[CodedSlot, int],
    left: int,
    steiner_slack: int,
) -> list[dict[CodedSlot, int]] | None:
    """Several road networks (``starts``: the coded slots each faces, :func:`coded_levels`):
    ``None`` when ``left`` sectors cannot join them all (the moats of :func:`joining_bound` on
    :func:`join_distances`; then, where those are within ``steiner_slack`` of the sectors
    left and the tree of shortest joins needs more, the Steiner bound, which lies between
    them), else each network's breadth-first levels (with the others' starts as goals)."""
    reached = [
        coded_levels(st, closed, sides, left, [o for n, o in enumerate(starts) if n != i])
        for i, st in enumerate(starts)
    ]
    d = join_distances(starts, reached)
    moats = joining_bound(d)
    if moats > left:
        return None
    if len(starts) > 2 and moats + steiner_slack >= left and tree_of_joins(d) > left:
        base = [coded_deeper(r, closed, sides, left) for r in reached]
        if coded_steiner(starts, closed, sides, left, base) > left:
            return None  # the exact (relaxed) join needs more
    return reached


Cell = tuple[int, int, int]
"""A slot (q, r) with q + r: the hex distance is the largest of the three differences."""


def cells_of(slots: Iterable[Slot]) -> list[Cell]:
    """The slots as :data:`Cell` for :func:`nearest_cell`."""
    return [(q, r, q + r) for q, r in slots]


def nearest_cell(mine: Sequence[Cell], theirs: Sequence[Cell]) -> tuple[int, int]:
    """(the fewest grid steps between a cell of ``mine`` and one of ``theirs``, the index in
    ``mine`` of the first cell that near); :data:`UNREACHABLE` steps when either is empty."""
    best, at = UNREACHABLE, 0
    for n, (qa, ra, sa) in enumerate(mine):
        for qb, rb, sb in theirs:
            # the hex distance: the largest of the three axial differences
            steps = qa - qb if qa > qb else qb - qa
            dr = ra - rb if ra > rb else rb - ra
            ds = sa - sb if sa > sb else sb - sa
            if dr > steps:
                steps = dr
            if ds > steps:
                steps = ds
            if steps < best:
                best, at = steps, n
    return best, at


def grid_distances(faced: Sequence[Iterable[Slot]]) -> list[list[int]]:
    """Like :func:`join_distances`, but counting grid steps only (no fit): ``d[i][j]`` is one
    more than the fewest steps between a slot faced by network ``i`` and one faced by network
    ``j``; every join (each step a new sector, MAP-4) needs at least that many sectors, so the
    moats on these distances are a cheaper, weaker bound than on :func:`join_distances`."""
    k = len(faced)
    cells = [cells_of(f) for f in faced]
    out = [[0] * k for _ in range(k)]
    for i in range(k):
        for j in range(i + 1, k):
            out[i][j] = out[j][i] = nearest_cell(cells[i], cells[j])[0] + 1
    return out


def _others(k: int) -> tuple[tuple[int, ...], ...]:
    """Per network of ``k``: the other networks."""
    return tuple(tuple(j for j in range(k) if j != i) for i in range(k))


_OTHERS = tuple(_others(k) for k in range(12))
""":func:`_others` of a few networks, worked out once."""


def joining_bound(d: Sequence[Sequence[int]]) -> int:
    """The moat packing bound on the sectors joining every network (see the module text):
    the largest ``Σ ρᵢ`` found, ``ρᵢ + ρⱼ ≤ d[i][j]``; :data:`UNREACHABLE` when some network
    can reach no other one."""
    k = len(d)
    if k < 2:
        return 0
    if k == 2:  # one join: its own length
        return min(d[0][1], UNREACHABLE)
    others = _OTHERS[k] if k < len(_OTHERS) else _others(k)
    nearest = [min([d[i][j] for j in others[i]]) for i in range(k)]
    if max(nearest) >= UNREACHABLE:
        return UNREACHABLE
    best = 0
    for order in (range(k), sorted(range(k), key=lambda i: nearest[i]), range(k - 1, -1, -1)):
        rho = [n // 2 for n in nearest]  # ρᵢ + ρⱼ ≤ (dᵢ + dⱼ) / 2 ≤ d(i, j)
        for i in order:
            row = d[i]
            rho[i] = min([row[j] - rho[j] for j in others[i]])
        total = sum(rho)
        if total > best:
            best = total
    return best


def tree_of_joins(d: Sequence[Sequence[int]]) -> int:
    """The sectors of a spanning tree of shortest joins (Prim over ``d``): the joins of its
    edges together join every network, sharing slots at most, so the fewest sectors joining
    them all is at most this (an upper bound: above the sectors left, a search is needed)."""
    k = len(d)
    if k < 2:
        return 0
    inside = {0}
    total = 0
    while len(inside) < k:
        cost, new = min((d[i][j], j) for i in inside for j in range(k) if j not in inside)
        total += cost
        inside.add(new)
    return total


def most_sides(n: int) -> int:
    """The most sides ``n`` slots of the hex grid can share: ⌊3n − √(12n − 3)⌋ (Harborth's
    bound for the triangular lattice, which the slot grid's adjacency is)."""
    if n < 1:
        return 0
    root = math.isqrt(12 * n - 3)
    return 3 * n - root - (root * root != 12 * n - 3)


def slots_matched(options: Mapping[Slot, Sequence[tuple[int, int]]], counts: Sequence[int]) -> bool:
    """Closed roads (MAP-7): can every slot of ``options`` (the empty slots faced by a road,
    each with the (kind, world mask) of the remaining sectors that fit there, MAP-4) get a
    sector of its own? Each must be filled by a distinct sector that fits it already (sectors
    placed later only take options away), so without such a matching of slots to the sectors
    left (``counts`` per kind; augmenting paths) the Zone is a dead end."""
    kinds_at = [sorted({kind for kind, _ in moves}) for moves in options.values()]
    holders: list[list[int]] = [[] for _ in counts]
    """Per kind: the slots (by index) its sectors are given to."""

    def give(slot: int, seen: set[int]) -> bool:
        for kind in kinds_at[slot]:
            if kind in seen:
                continue
            seen.add(kind)
            if len(holders[kind]) < counts[kind]:
                holders[kind].append(slot)
                return True
            for n, other in enumerate(holders[kind]):
                if give(other, seen):
                    holders[kind][n] = slot
                    return True
        return False

    return all(give(slot, set()) for slot in range(len(kinds_at)))


def ends_pair(occupied: Mapping[Slot, int], left: int, totals: frozenset[int]) -> bool:
    """Closed roads (MAP-7): in the finished Zone every road end meets another one. The open
    road ends of the placed sectors are each met by a new sector, and the rest of the ``left``
    new sectors' road ends pair among themselves, along at most :func:`most_sides` of their
    sides: so the new sectors' road ends total the open ones plus an even number up to twice
    that; one of the ``totals`` (their road ends in all, over every choice of faces) must."""
    open_ends = 0
    for (i, j), m in occupied.items():
        for bit, _back, di, dj in _STEPS:
            if m & bit and (i + di, j + dj) not in occupied:
                open_ends += 1
    most = open_ends + 2 * most_sides(left)
    return any(open_ends <= total <= most and (total - open_ends) % 2 == 0 for total in totals)


def road_end_totals(kind_masks: Sequence[Sequence[int]], counts: Sequence[int]) -> frozenset[int]:
    """The road ends ``counts`` sectors of each kind may have in all, over every choice of
    faces and turns (``kind_masks``: each kind's world masks); for :func:`ends_pair`."""
    reach = {0}
    for kind, n in enumerate(counts):
        ends = {m.bit_count() for m in kind_masks[kind]}
        for _ in range(n):
            reach = {t + e for t in reach for e in ends}
    return frozenset(reach)


def closing_moves(
    occupied: Mapping[Slot, int],
    faced: set[Slot],
    options: Mapping[Slot, tuple[tuple[int, int], ...]],
    counts: tuple[int, ...],
) -> dict[Slot, tuple[tuple[int, int], ...]] | None:
    """Closed roads (MAP-7): every ``faced`` slot must be filled, and whatever fills one
    faces further empty slots with its own roads, which must be filled too. The moves of
    each faced slot that keep the open slots within the sectors left (a move whose
    roads face more new slots fails at once), or ``None`` when the sectors left cannot
    close every road: a faced slot without such a move; the faced slots plus the further
    sectors they force (the fewest roads towards empty slots not faced, added up over faced
    slots whose such neighbours lie apart, as those need distinct sectors) more than the
    sectors left; or no matching of the faced slots to distinct sectors that fit them
    (:func:`slots_matched`)."""
    slack = sum(counts) - len(faced)
    kept: dict[Slot, tuple[tuple[int, int], ...]] = {}
    needs: list[tuple[int, list[Slot]]] = []
    for slot, moves in options.items():
        i, j = slot
        free = 0
        cells: list[Slot] = []
        for bit, _back, di, dj in _STEPS:
            n = (i + di, j + dj)
            if n not in occupied and n not in faced:
                free |= bit
                cells.append(n)
        fit = tuple(mv for mv in moves if (mv[1] & free).bit_count() <= slack)
        if not fit:
            return None
        kept[slot] = fit
        least = min((m & free).bit_count() for _, m in fit)
        if least:
            needs.append((least, cells))
    needs.sort(key=lambda t: -t[0])
    more = 0
    taken: set[Slot] = set()
    for least, cells in needs:
        if taken.isdisjoint(cells):
            taken.update(cells)
            more += least
    if more > slack or not slots_matched(kept, counts):
        return None
    return kept


def steiner_bound(
    starts: Sequence[Sequence[Slot]],
    occupied: Mapping[Slot, int],
    blocked: frozenset[Slot],
    road_sides: SideTable,
    left: int,
    base: Sequence[Mapping[Slot, int]] | None = None,
) -> int:
    """The fewest sectors joining every network in the relaxed search of :func:`levels` (an
    exact node-weighted Steiner tree, Dreyfus–Wagner over subsets of networks; a network is a
    node of weight 0, so a join may run through it); ``left + 1`` when more than ``left``.

    Only slots that may lie on a smallest tree of at most ``left`` sectors take part: the
    leaves of a smallest tree are networks, so removing one of its slots leaves two parts with
    a network each, and the tree holds a path from that slot to the nearest network of each part
    that meets no other network: its two smallest distances to the networks add up to at most
    ``left + 1``. ``base``: the networks' :func:`levels` as far as ``left``, when known."""
    coded = None
    if base is not None:
        coded = [{slot_code(s): x for s, x in b.items()} for b in base]
    return coded_steiner(
        [[slot_code(s) for s in st] for st in starts],
        coded_closed(occupied, blocked),
        coded_sides(road_sides),
        left,
        coded,
    )


def _three_joined(
    starts: Sequence[Sequence[CodedSlot]], base: Sequence[Mapping[CodedSlot, int]]
) -> int:
    """The fewest slots joining three networks: a smallest tree holding three of them is three
    shortest paths from one node, a slot (counted once, not three times) or one of the
    networks (a path through it to the other two), so no Dreyfus–Wagner is needed."""
    best = UNREACHABLE
    a, b, c = base
    for slot, x in a.items():
        y = b.get(slot)
        if y is not None:
            z = c.get(slot)
            if z is not None and x + y + z - 2 < best:
                best = x + y + z - 2
    joins = [
        [
            min((base[i].get(s, UNREACHABLE) for s in starts[j]), default=UNREACHABLE)
            for j in range(3)
        ]
        for i in range(3)
    ]
    for i in range(3):
        j, h = (n for n in range(3) if n != i)
        best = min(best, min(joins[i][j], joins[j][i]) + min(joins[i][h], joins[h][i]))
    return best


def coded_steiner(
    starts: Sequence[Sequence[CodedSlot]],
    closed: set[CodedSlot],
    sides_of: Mapping[CodedSlot, int],
    left: int,
    base: Sequence[Mapping[CodedSlot, int]] | None = None,
) -> int:
    """:func:`steiner_bound` on coded slots (see :func:`coded_levels`)."""
    k = len(starts)
    if k < 2:
        return 0
    if base is None:
        base = [coded_levels(st, closed, sides_of, left) for st in starts]
    far = left + 1
    if k == 3:
        return min(_three_joined(starts, base), far)
    index: dict[CodedSlot, int] = {}
    for slot in set().union(*base):
        first = second = far
        for b in base:
            x = b.get(slot, far)
            if x < first:
                first, second = x, first
            elif x < second:
                second = x
        if first + second <= far:
            index[slot] = len(index)
    # nodes 0 … n−1 are slots (weight 1), n … n+k−1 the networks (weight 0); links hold the
    # bit set of each node's neighbours
    n = len(index)
    links = [0] * (n + k)
    sides = sides_of.get
    for a, ia in index.items():
        for back, step in _CODED_ROADS[sides(a, 0x3F)]:
            near = a + step
            ib = index.get(near)
            if ib is not None and sides(near, 0x3F) & back:
                links[ia] |= 1 << ib
    for t, st in enumerate(starts):
        for s in st:
            ib = index.get(s)
            if ib is not None:
                links[n + t] |= 1 << ib
                links[ib] |= 1 << (n + t)
    return cheapest_join(links, n, k, left)
