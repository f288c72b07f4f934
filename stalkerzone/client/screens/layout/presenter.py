"""What the layout screen shows (TURN-4): which slots are legal, dead ends or fit turned, the
MAP-5 checklist, and the "deal the rest" pick. Pure functions over the Zone and the engine's
``legal_actions``, tested in ``tests/client/test_layout_presenter.py``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from stalkerzone.client.text import i18n
from stalkerzone.engine.core import Site
from stalkerzone.engine.game import GameRecord
from stalkerzone.engine.play import Action, PlaceSector
from stalkerzone.engine.zone import (
    UNIQUE_SITES,
    CutOff,
    Placement,
    Sector,
    Slot,
    Zone,
    ZoneProblem,
    legal_placements,
)


def last_placed(record: GameRecord, now: int) -> tuple[int, PlaceSector] | None:
    """TURN-4: the sector placed last and the seat that placed it, when that was another seat
    than ``now`` (a bot, or the player before): the layout screen names and outlines it, so a
    bot's placement is not missed."""
    if not record.actions:
        return None
    index = len(record.actions) - 1
    action, seat = record.actions[index], record.actor(index)
    if not isinstance(action, PlaceSector) or seat is None or seat == now:
        return None
    return seat, action


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
    unreached_by = [p for p in problems if p.rule == "MAP-5" and "road" in p.message]
    unreached = len(unreached_by)
    names = ", ".join(_problem_sector(p, zone, sectors) for p in unreached_by)
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
    if placed < total and ok:
        lines.append(CheckLine("● " + i18n.t("foresight.roads_joined"), "done"))
        return lines
    if placed < total:
        # Unfinished: a sector no road reaches yet may still be joined by a later one (TURN-4
        # keeps the Zone completable), so it is "not yet joined", not cut off.
        text = "○ " + i18n.t("foresight.roads_open", names=names)
        lines.append(CheckLine(text, "open"))
        return lines
    lines.append(
        CheckLine(
            ("● " if ok else "○ ")
            + i18n.t("layout.check_roads", n=unreached)
            + (f": {names}" if names else ""),
            "done" if ok else "warn",
        )
    )
    return lines


def _problem_sector(problem: ZoneProblem, zone: Zone, sectors: Mapping[str, Sector]) -> str:
    """The name of the sector a MAP-5 problem is about (never its id)."""
    for p in zone.placements:
        if problem.where.startswith(f"{p.sector}{p.face} ") or problem.where == p.sector:
            return i18n.card_text(sectors[p.sector].name)
    sector = sectors.get(problem.where)
    return i18n.card_text(sector.name) if sector is not None else problem.where


def plural(n: int, stem: str) -> str:
    """``stem_one``, ``stem_few`` or ``stem_many`` for ``n`` by CLDR's plural rules in the
    current language (1 сектор, 2 сектора, 5 секторов; English one/many)."""
    return i18n.counted(stem, n)


def reason_text(why: CutOff, sectors: Mapping[str, Sector]) -> str:
    """What a refused placement would cut off, in the player's language: sectors by name and
    where they lie from the Village, never ids or slots (TURN-4)."""
    params = dict(why.params)
    values: dict[str, object] = dict(params)
    sector = sectors.get(str(params.get("sector", "")))
    if sector is not None:
        values["sector"] = i18n.card_text(sector.name)
    key = f"foresight.reason.{why.key}"
    way = params.get("direction")
    if isinstance(way, str) and way:
        far = int(params.get("distance", 1))
        values["where"] = i18n.t(
            "foresight.where",
            distance=far,
            sectors=plural(far, "foresight.sector"),
            direction=i18n.t(f"foresight.direction.{way}"),
        )
    elif i18n.has(f"{key}_here"):
        key = f"{key}_here"
    return i18n.t(key, **values)


def fit_hint(legal: Iterable[PlaceSector], sector: str, face: str, rotation: int) -> str:
    """When ``sector`` at ``face`` and ``rotation`` fits on no slot: which turn or face would
    (TURN-4: ``legal`` lists every legal placement), or that it fits nowhere this turn."""
    mine = [a for a in legal if a.sector == sector]
    if any(a.face == face and a.rotation == rotation for a in mine):
        return ""
    same_face = sorted({(a.rotation - rotation) % 6 for a in mine if a.face == face})
    if same_face:
        return i18n.t("layout_help.fits_after_turns", n=same_face[0])
    other = "b" if face == "a" else "a"
    if any(a.face == other for a in mine):
        return i18n.t("layout_help.fits_other_face", face=other)
    return i18n.t("layout_help.fits_nowhere")


def deal_choice(zone: Zone, legal: Iterable[Action], seed: int) -> PlaceSector:
    """ "Deal the rest": a varied but RNG-free pick among the completable placements."""
    places = [a for a in legal if isinstance(a, PlaceSector)]
    return places[(seed * 7919 + len(zone.placements) * 104729) % len(places)]
