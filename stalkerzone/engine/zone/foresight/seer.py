"""What the helpers of the completion search ask of it (TURN-4): the closed-Zone library and the
reasons a Zone is cut off work on any :class:`Seer`, which
:class:`~stalkerzone.engine.zone.foresight.search.Foresight` is, so neither imports the search."""

from __future__ import annotations

from typing import Protocol

from stalkerzone.engine.zone import Sector, Slot, Tables, Zone
from stalkerzone.engine.zone.foresight.moves import MoveTable

Verdict = bool | None
"""``True`` completable (proven), ``False`` a dead end (proven), ``None`` undecided (budget)."""
State = tuple[dict[Slot, int], frozenset[Slot], tuple[int, ...]]
"""A search state: world edge mask per placed slot, the slots kept empty, sectors left per kind."""


class Seer(Protocol):
    """A completion search for one set of sectors, as its helpers see it."""

    sectors: tuple[Sector, ...]
    tab: Tables
    closed: bool
    """Closed roads (MAP-7): no road may end at empty space."""
    sites_ok: bool
    """Each unique site is on exactly one sector (MAP-5)."""
    kind: dict[str, int]
    """Sector id → its kind (sectors with the same world edge masks are one kind)."""
    kind_masks: tuple[tuple[int, ...], ...]
    moves: MoveTable
    memo: dict[object, bool]

    def _start(self, zone: Zone) -> State | None: ...

    def _bounded(
        self,
        occupied: dict[Slot, int],
        blocked: frozenset[Slot],
        counts: tuple[int, ...],
        budget: int | None = None,
    ) -> Verdict: ...

    def _end_totals(self, counts: tuple[int, ...]) -> frozenset[int]: ...

    def free_roads_verdict(self, zone: Zone) -> Verdict:
        """The verdict on ``zone`` if roads might end at empty space."""
        ...
