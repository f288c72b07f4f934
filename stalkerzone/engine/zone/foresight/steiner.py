"""The exact Steiner count behind :func:`stalkerzone.engine.zone.foresight.bounds.steiner_bound`
(TURN-4, MAP-5): the fewest slots joining every road network in the relaxed search, on bit sets.

The relaxed search is a graph of nodes: slots (each a sector, weight 1) and networks (weight 0:
a join may run through a placed network). Dreyfus–Wagner (in the Erickson–Monma–Veinott form)
finds the cheapest tree holding a set of networks and ending at a node, for every set of
networks, by merging two cheaper trees at a node and growing trees along the links. The costs
asked about are tiny (at most the sectors left), so the trees are kept per set of networks and
per cost as a bit set of the nodes where a tree of at most that cost ends: merging is a few
``&`` of integers, growing one ``|`` of neighbour sets per node reached.

Most questions the foresight asks have few sectors left and a small graph; those are answered
sooner by trying sets of slots, fewest first (:func:`fewest_by_search`), and Dreyfus–Wagner
takes the rest. Three networks need neither (``bounds``: a tree of three is three
paths from one node).
"""

from __future__ import annotations

from collections.abc import Sequence

SEARCH_NODES = 400
"""Sets of slots :func:`fewest_by_search` may try before the question goes to Dreyfus–Wagner."""


class _TooMany(Exception):
    """:func:`fewest_by_search` has tried its ``SEARCH_NODES`` sets of slots."""


def cheapest_join(links: Sequence[int], slots: int, networks: int, left: int) -> int:
    """The fewest slots of a tree joining every network, ``left + 1`` when more than ``left``.

    ``links[v]``: the bit set of the neighbours of node ``v``; nodes ``0 … slots − 1`` are
    slots, ``slots … slots + networks − 1`` the networks. Few sectors left and a small graph
    (nearly every question the foresight asks) are answered by :func:`fewest_by_search`; the
    rest, or a search that would try too many sets, by Dreyfus–Wagner."""
    if networks < 2:
        return 0
    try:
        return fewest_by_search(links, slots, networks, left)
    except _TooMany:
        return dreyfus_wagner(links, slots, networks, left)


def fewest_by_search(
    links: Sequence[int], slots: int, networks: int, left: int, most: int = SEARCH_NODES
) -> int:
    """:func:`cheapest_join` by trying sets of slots: while the networks and the slots taken
    fall into more than one part, any part (the one with the fewest slots next to it) must be
    joined through one of the slots next to it, so trying each of them in turn misses no tree.
    ``left`` slots are tried first (most questions end there: more are needed), then fewer.
    Raises :class:`_TooMany` after ``most`` sets tried."""
    slot_bits = (1 << slots) - 1
    tried = 0
    nearby: dict[int, int] = {}
    """Part (bit set) → the slots next to it."""

    def joins(taken: int, parts: list[int], more: int, seen: set[int]) -> bool:
        nonlocal tried
        tried += 1
        if tried > most:
            raise _TooMany
        if len(parts) == 1:
            return True
        if not more:
            return False
        narrowest = 0
        for part in parts:
            near = nearby.get(part)
            if near is None:
                near = nearby[part] = _around(links, part) & slot_bits
            near &= ~taken
            if not near:
                return False  # a part nothing more can reach
            if not narrowest or near.bit_count() < narrowest.bit_count():
                narrowest = near
        while narrowest:
            low = narrowest & -narrowest
            narrowest ^= low
            if taken | low in seen:
                continue
            seen.add(taken | low)
            touching = links[low.bit_length() - 1]
            merged = low
            apart = []
            for part in parts:
                if part & touching:
                    merged |= part
                else:
                    apart.append(part)
            if joins(taken | low, [*apart, merged], more - 1, seen):
                return True
        return False

    alone = [1 << (slots + t) for t in range(networks)]
    if not joins(0, alone, left, set()):
        return left + 1
    return next((size for size in range(1, left) if joins(0, alone, size, set())), left)


def _around(links: Sequence[int], nodes: int) -> int:
    """The neighbours of a set of nodes (bit sets)."""
    out = 0
    while nodes:
        low = nodes & -nodes
        out |= links[low.bit_length() - 1]
        nodes ^= low
    return out


def dreyfus_wagner(links: Sequence[int], slots: int, networks: int, left: int) -> int:
    """:func:`cheapest_join` by Dreyfus–Wagner (the module text), whatever the graph."""
    far = left + 1
    slot_bits = (1 << slots) - 1
    net_bits = ((1 << networks) - 1) << slots

    def grow(merged: list[int]) -> list[int]:
        """``merged[c]``: the nodes where merged trees of at most ``c`` end; grown along the
        links (a slot costs one more, a network nothing more): per cost, the nodes reached."""
        out = [merged[0]]
        ahead = 0  # the neighbours of the nodes in ``done``
        done = 0
        for c in range(1, far):
            new = out[-1] & ~done  # reached for at most c − 1: their slots cost c
            done |= new
            while new:
                low = new & -new
                ahead |= links[low.bit_length() - 1]
                new ^= low
            here = out[-1] | merged[c] | (ahead & slot_bits)
            new = here & ~done  # reached for c: the networks next to them cost c too
            done |= new
            while new:
                low = new & -new
                ahead |= links[low.bit_length() - 1]
                new ^= low
            out.append(here | (ahead & net_bits))
        return out

    full = (1 << networks) - 1
    trees: list[list[int]] = [[] for _ in range(full + 1)]
    for t in range(networks):
        trees[1 << t] = grow([1 << (slots + t)] + [0] * left)
    for subset in range(3, full + 1):
        if not subset & (subset - 1):
            continue
        merged = [0] * far
        part = (subset - 1) & subset
        while part:
            rest = subset ^ part
            if part < rest:
                mine, other = trees[part], trees[rest]
                if mine[left] & other[left]:
                    # the trees are nested (at most c ends wherever at most c − 1 does), so a
                    # cost of ``mine`` that adds no ends adds nothing to the merge: only the
                    # costs where ``mine`` grows are tried
                    grows = [a for a in range(1, far) if mine[a] != mine[a - 1]]
                    at_network = [0, *grows]
                    at_slot = [1, *grows] if grows[:1] != [1] else grows
                    for c in range(far):
                        # a network where both end: the costs add up
                        got = 0
                        for a in at_network:
                            if a > c:
                                break
                            got |= mine[a] & other[c - a]
                        got &= net_bits
                        # a slot where both end: counted once
                        for a in at_slot:
                            if a > c:
                                break
                            got |= mine[a] & other[c + 1 - a] & slot_bits
                        merged[c] |= got
            part = (part - 1) & subset
        if subset == full:  # growing the trees further only adds sectors
            return next((c for c in range(far) if merged[c]), far)
        trees[subset] = grow(merged)
        if not trees[subset][left]:
            return far  # these networks alone cannot be joined with the sectors left
    return far
