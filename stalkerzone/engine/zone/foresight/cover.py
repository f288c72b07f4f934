"""A counting bound for the dead-end foresight (TURN-4, MAP-4, MAP-5): every network needs a
new sector on one of its slots.

In a valid Zone every sector is reachable by road from the Village (MAP-5), so with two or more
road networks each one is joined to the rest through a new sector on an empty slot its roads face
(two placed networks never meet by road, or they would be one). A slot faced by several networks
serves them all at once, so the sectors left must hold at least the fewest slots that between
them are faced by every network: at least the fewest of the most-faced slots whose counts add up
to the number of networks. :func:`slots_meeting` counts that, with no search; it is cheaper than
the moats of :mod:`stalkerzone.engine.zone.foresight.bounds` and catches many networks with few
sectors left (where the moats need the exact Steiner bound).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from stalkerzone.engine.zone import Slot


def slots_meeting(faced: Sequence[Iterable[Slot]]) -> int:
    """The fewest empty slots that may meet every network (``faced``: per network, the empty,
    not blocked slots its roads face): the fewest of the most-faced slots whose counts of
    networks facing them add up to the number of networks; more than the slots there are when
    even all of them fall short."""
    networks = len(faced)
    counts: dict[Slot, int] = {}
    for slots in faced:
        for slot in slots:
            counts[slot] = counts.get(slot, 0) + 1
    met = 0
    for used, n in enumerate(sorted(counts.values(), reverse=True), start=1):
        met += n
        if met >= networks:
            return used
    return len(counts) + 1
