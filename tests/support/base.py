"""The shipped content, loaded once per test session; a broken base pack fails loudly."""

from __future__ import annotations

from functools import cache

from stalkerzone.content.loader import LoadResult, load_packs
from stalkerzone.content.tiles import load_sectors
from stalkerzone.engine.core import CardSet
from stalkerzone.engine.zone import Sector


@cache
def base_load() -> LoadResult:
    """The base pack (no user folder); any problem is an error, never a skip."""
    result = load_packs(include_user=False)
    assert not result.problems, result.problems
    assert result.cards.monsters, "the base pack has no monsters"
    return result


def base_cards() -> CardSet:
    return base_load().cards


@cache
def sectors() -> tuple[Sector, ...]:
    return tuple(load_sectors())
