"""What the layout screen shows (TURN-4): which slots are legal, dead ends or fit turned, the
MAP-5 checklist, and the "deal the rest" pick. Pure functions over the Zone and the engine's
``legal_actions``, tested in ``tests/client/test_layout_presenter.py``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from stalkerzone.client.text import i18n
from stalkerzone.engine.actions import Action, PlaceSector
from stalkerzone.engine.cards import Site
from stalkerzone.engine.hexes import Slot
from stalkerzone.engine.layout import (
    UNIQUE_SITES,
    Placement,
    Sector,
    Zone,
    ZoneProblem,
    legal_placements,
)


@dataclass(frozen=True, slots=True)
class CheckLine:
    """A line of the checklist and its tone: title, done, open, missing or warn."""

    text: str
    tone: str


def slot_sets(
    legal: Iterable[PlaceSector],
    sector: str,
    face: str,
    rotation: int,
    dead: Iterable[Placement],
) -> tuple[set[Slot], set[Slot], set[Slot]]:
    """(legal, dead-end, fits-when-turned) slots for ``sector`` at ``face`` and ``rotation``.

    Legal = the engine's ``PlaceSector`` actions (roads meet, MAP-4, and the Zone stays
    completable, TURN-4); ``dead`` are the placements whose roads meet but that TURN-4 refuses
    (:func:`dead_placements`), shown apart; "fits when turned": some other face or turn is
    legal or a dead end there."""
    mine = [a for a in legal if a.sector == sector]
    here = {a.slot for a in mine if a.face == face and a.rotation == rotation}
    mine_dead = [p for p in dead if p.sector == sector]
    dead_here = {p.slot for p in mine_dead if p.face == face and p.rotation == rotation}
    other = ({a.slot for a in mine} | {p.slot for p in mine_dead}) - here - dead_here
    return here - dead_here, dead_here, other


def dead_placements(
    zone: Zone, sector: str, legal: Iterable[Action], sectors: Iterable[Sector]
) -> frozenset[Placement]:
    """The placements of ``sector`` whose roads meet (MAP-4) that the engine does not offer:
    after them the Zone could not be completed (TURN-4). No search of its own: the engine's
    ``legal_actions`` already ran the foresight, so the screen and the rules always agree."""
    offered = {
        Placement(a.sector, a.face, a.rotation, a.slot)
        for a in legal
        if isinstance(a, PlaceSector) and a.sector == sector
    }
    return frozenset(p for p in legal_placements(zone, sector, sectors) if p not in offered)


def checklist(
    zone: Zone, sectors: Mapping[str, Sector], problems: Iterable[ZoneProblem]
) -> list[CheckLine]:
    """MAP-5 as it stands: sectors placed, each unique site, sectors no road reaches."""
    placed_sites: set[Site] = set()
    for p in zone.placements:
        placed_sites.update(sectors[p.sector].faces[p.face].sites())
    unreached = sum(1 for p in problems if p.rule == "MAP-5" and "road" in p.message)
    total = len(sectors)
    placed = len(zone.placements)
    lines = [
        CheckLine(i18n.t("layout.check_title"), "title"),
        CheckLine(
            i18n.t("layout.check_sectors", placed=placed, total=total),
            "done" if placed == total else "open",
        ),
    ]
    for site in UNIQUE_SITES:
        ok = site in placed_sites
        mark = "●" if ok else "○"
        lines.append(
            CheckLine(f"{mark} {i18n.t(f'site.{site.value}')}", "done" if ok else "missing")
        )
    ok = unreached == 0
    lines.append(
        CheckLine(
            ("● " if ok else "○ ") + i18n.t("layout.check_roads", n=unreached),
            "done" if ok else "warn",
        )
    )
    return lines


def deal_choice(zone: Zone, legal: Iterable[Action], seed: int) -> PlaceSector:
    """ "Deal the rest": a varied but RNG-free pick among the completable placements."""
    places = [a for a in legal if isinstance(a, PlaceSector)]
    return places[(seed * 7919 + len(zone.placements) * 104729) % len(places)]
