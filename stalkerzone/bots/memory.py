"""What the bots remember between decisions: bounded memo tables owned by a :class:`BotMemory`.

A memory belongs to whoever plays the bots — a game, a client session or a ``simulate`` worker
process — and serves one content set (cards, sectors, variant): handed a game of another content
set it forgets everything first. Every table is keyed by the content of what decides its value
(never by object identity) and holds at most ``cap`` entries, dropping the least recently used,
so a memory shared by many games answers exactly as a fresh one would, only faster, and its size
stays flat however many games it serves. A full table forgets its oldest entry first (first in,
first out: one hash per look-up, which matters for keys such as whole stat blocks).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    from stalkerzone.bots.routes import RouteTable
    from stalkerzone.engine.core import CardSet, Monster, StalkerStats, Variant
    from stalkerzone.engine.fight import MonsterSide
    from stalkerzone.engine.play import GameContext
    from stalkerzone.engine.zone import Sector
    from stalkerzone.odds import OddsSolver

Content = tuple["CardSet", tuple["Sector", ...], "Variant"]
"""The content set a memory serves: cards, sectors, variant."""

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

DEFAULT_CAP = 50_000
"""Entries per memo table (a few tens of MB in all when every table is full)."""

ROUTE_TABLES = 4
"""Zone maps whose routes are kept (a game has one once its Zone is laid out)."""

ODDS_SOLUTIONS = 64
"""Exact fight solutions (set-up and policy) kept by the memory's ``OddsSolver``."""


class BoundedMemo(Generic[K, V]):
    """A memo table with at most ``cap`` entries: the oldest goes first when it is full."""

    __slots__ = ("_cap", "_items")

    def __init__(self, cap: int) -> None:
        if cap < 1:
            raise ValueError(f"a memo needs room for at least one entry, not {cap}")
        self._cap = cap
        self._items: dict[K, V] = {}

    def get(self, key: K) -> V | None:
        return self._items.get(key)

    def put(self, key: K, value: V) -> V:
        """Remember ``value`` under ``key`` (forgetting the oldest entry when full); returns it."""
        items = self._items
        if len(items) >= self._cap and key not in items:
            del items[next(iter(items))]
        items[key] = value
        return value

    def values(self) -> list[V]:
        return list(self._items.values())

    def clear(self) -> None:
        self._items.clear()

    def __len__(self) -> int:
        return len(self._items)


class BotMemory:
    """Every memoised figure of the bots for one content set: fight decisions and estimates,
    stats of loadouts, upgrade gains, shop values, catalogues and the routes of a few Zones."""

    def __init__(self, cap: int = DEFAULT_CAP, route_tables: int = ROUTE_TABLES) -> None:
        self._content: Content | None = None
        self.decisions: BoundedMemo[Hashable, tuple[str, float]] = BoundedMemo(cap)
        self.stats: BoundedMemo[Hashable, StalkerStats] = BoundedMemo(cap)
        self.exchanges: BoundedMemo[Hashable, tuple[float, float, float]] = BoundedMemo(cap)
        self.dangers: BoundedMemo[Hashable, tuple[dict[str, float], float, float, float]] = (
            BoundedMemo(cap)
        )
        self.guardian: BoundedMemo[Hashable, float] = BoundedMemo(cap)
        self.guardian_exact: BoundedMemo[Hashable, float] = BoundedMemo(cap)
        self.guardian_weapon: BoundedMemo[Hashable, float] = BoundedMemo(cap)
        self.plans: BoundedMemo[Hashable, tuple[int, float, float] | None] = BoundedMemo(cap)
        self.gains: BoundedMemo[Hashable, float] = BoundedMemo(cap)
        self.shops: BoundedMemo[Hashable, float] = BoundedMemo(cap)
        self.damage: BoundedMemo[Hashable, float] = BoundedMemo(cap)
        self.catalogues: BoundedMemo[Hashable, tuple[str, ...]] = BoundedMemo(cap)
        self.decks: BoundedMemo[Hashable, tuple[tuple[Monster, MonsterSide, int], ...]] = (
            BoundedMemo(cap)
        )
        self.artifact_value: BoundedMemo[Hashable, float] = BoundedMemo(cap)
        self.routes: BoundedMemo[Hashable, RouteTable] = BoundedMemo(route_tables)
        # the solver (numpy) is imported with the first memory, not with this module: the
        # client's title screen imports the bot driver but plays no bot (start-up)
        from stalkerzone.odds import OddsSolver

        self.odds: OddsSolver = OddsSolver(ODDS_SOLUTIONS)  # keyed by fight set-up

    def _tables(self) -> dict[str, BoundedMemo[Hashable, object]]:
        return {name: table for name, table in vars(self).items() if isinstance(table, BoundedMemo)}

    def serve(self, ctx: GameContext) -> BotMemory:
        """This memory, ready for a game played with ``ctx``'s content (forgetting everything
        if it served another content set)."""
        content = self._content
        if content is not None and _same_objects(content, ctx):
            return self
        if content is None or not _equal_content(content, ctx):
            self.forget()
        self._content = (ctx.cards, ctx.sectors, ctx.variant)  # equal content: kept, rebound
        return self

    def forget(self) -> None:
        """Empty every table."""
        for table in self._tables().values():
            table.clear()
        self.odds.clear()

    def sizes(self) -> dict[str, int]:
        """Entries per table, route tables' own distance tables included (``routes.fields``)."""
        out = {name: len(table) for name, table in self._tables().items()}
        out["routes.fields"] = sum(len(t.fields) for t in self.routes.values())
        out["odds"] = len(self.odds.solvers)
        return out


def _same_objects(content: Content, ctx: GameContext) -> bool:
    cards, sectors, variant = content
    return ctx.cards is cards and ctx.sectors is sectors and ctx.variant is variant


def _equal_content(content: Content, ctx: GameContext) -> bool:
    cards, sectors, variant = content
    return ctx.cards == cards and ctx.sectors == sectors and ctx.variant == variant
