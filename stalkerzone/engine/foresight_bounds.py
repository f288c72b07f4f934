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

With closed roads (MAP-7) every road end must meet another one: :func:`ends_pair` counts road
ends (their parity, and how many the new sectors can pair among themselves, Harborth's
:func:`most_sides`), :func:`closing_moves` the open slots, the further sectors they force and
a matching of open slots to distinct sectors (:func:`slots_matched`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

from stalkerzone.engine.hexes import SLOT_DIRECTIONS, Slot


class SideTable(dict[Slot, int]):
    """Per empty slot: the sides on which some remaining sector that fits there (MAP-4) has a
    road (one table per search state). It holds every slot next to a placed sector; any other
    slot touches nothing, so every sector fits there turned any way: every side."""

    __slots__ = ()

    def __missing__(self, slot: Slot) -> int:
        return 0x3F

    def __call__(self, slot: Slot) -> int:
        return self[slot]


UNREACHABLE = 99
"""A distance larger than any number of sectors left."""

_STEPS: tuple[tuple[int, int, int, int], ...] = tuple(
    (1 << d, 1 << ((d + 3) % 6), di, dj) for d, (di, dj) in enumerate(SLOT_DIRECTIONS)
)
"""Per slot direction d: (bit d, the bit of the opposite side, the step to the neighbour)."""


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
    ring where the last of those networks is first reached."""
    dist = dict.fromkeys(starts, 1)
    group = {slot: n for n, slots in enumerate(goals) for slot in slots}
    missing = set(range(len(goals))) - {group[s] for s in starts if s in group}
    ring = list(starts)
    for level in range(2, depth + 1):
        if goals and not missing:
            break
        nxt: list[Slot] = []
        for a in ring:
            sides_a = road_sides[a]
            i, j = a
            for bit, back, di, dj in _STEPS:
                if not sides_a & bit:
                    continue
                b = (i + di, j + dj)
                if b in dist or b in occupied or b in blocked:
                    continue
                if road_sides[b] & back:
                    dist[b] = level
                    nxt.append(b)
                    if b in group:
                        missing.discard(group[b])
        if not nxt:
            break
        ring = nxt
    return dist


def join_distances(
    starts: Sequence[Sequence[Slot]], reached: Sequence[Mapping[Slot, int]]
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


def grid_distances(faced: Sequence[Iterable[Slot]]) -> list[list[int]]:
    """Like :func:`join_distances`, but counting grid steps only (no fit): ``d[i][j]`` is one
    more than the fewest steps between a slot faced by network ``i`` and one faced by network
    ``j``; every join (each step a new sector, MAP-4) needs at least that many sectors, so the
    moats on these distances are a cheaper, weaker bound than on :func:`join_distances`."""
    k = len(faced)
    cells = [tuple(f) for f in faced]
    out = [[0] * k for _ in range(k)]
    for i in range(k):
        for j in range(i + 1, k):
            best = UNREACHABLE
            for qa, ra in cells[i]:
                for qb, rb in cells[j]:
                    dq = qa - qb
                    dr = ra - rb
                    steps = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
                    if steps < best:
                        best = steps
            out[i][j] = out[j][i] = best + 1
    return out


def joining_bound(d: Sequence[Sequence[int]]) -> int:
    """The moat packing bound on the sectors joining every network (see the module text):
    the largest ``Σ ρᵢ`` found, ``ρᵢ + ρⱼ ≤ d[i][j]``; :data:`UNREACHABLE` when some network
    can reach no other one."""
    k = len(d)
    if k < 2:
        return 0
    nearest = [min(d[i][j] for j in range(k) if j != i) for i in range(k)]
    if max(nearest) >= UNREACHABLE:
        return UNREACHABLE
    best = 0
    for order in (range(k), sorted(range(k), key=lambda i: nearest[i]), range(k - 1, -1, -1)):
        rho = [n // 2 for n in nearest]  # ρᵢ + ρⱼ ≤ (dᵢ + dⱼ) / 2 ≤ d(i, j)
        for i in order:
            rho[i] = min(d[i][j] - rho[j] for j in range(k) if j != i)
        best = max(best, sum(rho))
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
) -> int:
    """The fewest sectors joining every network in the relaxed search of :func:`levels` (an
    exact node-weighted Steiner tree, Dreyfus–Wagner over subsets of networks; a network is a
    node of weight 0, so a join may run through it); ``left + 1`` when more than ``left``.

    Only slots that may lie on a smallest tree of at most ``left`` sectors take part: the
    leaves of a smallest tree are networks, so removing one of its slots leaves two parts with
    a network each, and the tree holds a path from that slot to the nearest network of each part
    that meets no other network: its two smallest distances to the networks add up to at most
    ``left + 1``."""
    k = len(starts)
    if k < 2:
        return 0
    base = [levels(st, occupied, blocked, road_sides, left) for st in starts]
    far = left + 1
    index: dict[Slot, int] = {}
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
    # nodes 0 … n−1 are slots (weight 1), n … n+k−1 the networks (weight 0); links hold
    # (node, the weight of entering it)
    n = len(index)
    links: list[list[tuple[int, int]]] = [[] for _ in range(n + k)]
    for a, ia in index.items():
        sides_a = road_sides[a]
        i, j = a
        out = links[ia]
        for bit, back, di, dj in _STEPS:
            if sides_a & bit:
                ib = index.get((i + di, j + dj))
                if ib is not None and road_sides[(i + di, j + dj)] & back:
                    out.append((ib, 1))
    for t, st in enumerate(starts):
        for s in st:
            ib = index.get(s)
            if ib is not None:
                links[n + t].append((ib, 1))
                links[ib].append((n + t, 0))
    size = n + k

    def spread(cost: list[int], start: list[int]) -> tuple[list[int], list[int]]:
        """Grow trees along the links from the ``start`` nodes (unit weights but uneven
        starts: buckets by cost); the costs and the nodes reached."""
        buckets: list[list[int]] = [[] for _ in range(far + 1)]
        for v in start:
            buckets[cost[v]].append(v)
        reached: list[int] = []
        for c in range(far):
            for v in buckets[c]:
                if cost[v] != c:
                    continue
                reached.append(v)
                for u, w in links[v]:
                    cu = c + w
                    if cu < cost[u] and cu <= left:
                        cost[u] = cu
                        buckets[cu].append(u)
        return cost, reached

    full = (1 << k) - 1
    dp: list[tuple[list[int], list[int]]] = [([], []) for _ in range(full + 1)]
    for t in range(k):
        cost = [far] * size
        cost[n + t] = 0
        dp[1 << t] = spread(cost, [n + t])
    for subset in range(3, full + 1):
        if not subset & (subset - 1):
            continue
        cost = [far] * size
        start: list[int] = []
        part = (subset - 1) & subset
        while part:
            rest = subset ^ part
            if part < rest:
                mine, inside = dp[part]
                other = dp[rest][0]
                for v in inside:
                    c = mine[v] + other[v] - (v < n)  # the meeting slot counted once
                    if c < cost[v] and c <= left:
                        if cost[v] == far:
                            start.append(v)
                        cost[v] = c
            part = (part - 1) & subset
        dp[subset] = spread(cost, start)
        if not dp[subset][1]:
            return far  # these networks alone cannot be joined with the sectors left
    return min((dp[full][0][v] for v in dp[full][1]), default=far)
