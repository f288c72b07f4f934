"""An instant balance signal for monster cards: each monster's exact chance to win at each colour
against the kits a stalker typically carries at each stage of a game, and how that compares with
the base set's Zone monsters (FIGHT-1 … FIGHT-8, ABIL-*, WIN-1). Exact odds, no simulation.

The stages are the bases in the order reputation opens them (BASE-1): at the start a stalker
has the cheapest weapon of the reference cards and no armour; at each base after that it carries
the strongest weapon (by price) and the best helmet and body armour sold at that base or an
earlier one. The kits are built from the reference cards (the base set), so a pack is measured
against the same stalkers whatever it adds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from stalkerzone.engine.core import (
    Armour,
    CardSet,
    Colour,
    Loadout,
    Monster,
    Site,
    StalkerCard,
    Text,
    Variant,
    Weapon,
)
from stalkerzone.engine.fight import StalkerSide, start_fight
from stalkerzone.odds.solver import OddsSolver

STAGE_SITES: tuple[Site, ...] = (Site.VILLAGE, Site.MILITARY_BASE, Site.LABORATORY)
"""The bases in the order reputation opens them (BASE-1)."""


@dataclass(frozen=True)
class Kit:
    """What a stalker carries at one stage of a game: ``name`` ("start", "village" …)."""

    name: str
    weapon: Weapon | None
    head: Armour | None = None
    body: Armour | None = None

    def label(self) -> str:
        """``"toz-34 + gas-mask + stalker-suit"``."""
        parts = [c.id for c in (self.weapon, self.head, self.body) if c is not None]
        return " + ".join(parts) or "fists"


def stage_kits(reference: CardSet) -> tuple[Kit, ...]:
    """The start kit and one kit per base, from the ``reference`` cards (see the module)."""
    weapons = sorted(reference.weapons, key=lambda w: (w.price, w.id))
    kits = [Kit("start", weapons[0] if weapons else None)]
    opened: set[Site] = set()
    for site in STAGE_SITES:
        opened.add(site)
        sold = [w for w in weapons if opened & set(w.sold_at)]
        armour = [a for a in reference.armour if opened & set(a.sold_at)]
        kits.append(
            Kit(
                site.value,
                max(sold, key=lambda w: (w.price, w.id), default=kits[-1].weapon),
                _best(armour, "head") or kits[-1].head,
                _best(armour, "body") or kits[-1].body,
            )
        )
    return tuple(kits)


def _best(armour: Sequence[Armour], slot: str) -> Armour | None:
    fitting = [a for a in armour if a.slot == slot]
    return max(fitting, key=lambda a: (a.defence, a.price, a.id), default=None)


@dataclass(frozen=True)
class MonsterOdds:
    """A monster's chances to be beaten at one colour, one per kit: the stalker's win chance
    fighting to the end (no escape: the monster's strength, not the stalker's caution), at full
    health."""

    monster: str
    colour: Colour
    wins: tuple[float, ...]


class BalanceSignal:
    """Exact win chances of monsters against the stage kits; owns its odds solver (its cache
    lives as long as the signal)."""

    def __init__(self, reference: CardSet, variant: Variant) -> None:
        self.kits = stage_kits(reference)
        self.variant = variant
        self.reference = tuple(reference.monsters)
        self._solver = OddsSolver(size=64)
        self._stalker = StalkerCard("stalker", Text.plain("Stalker"))

    def colours_of(self, monster: Monster) -> tuple[Colour, ...]:
        """WIN-1: a guardian is fought at red only; a Zone monster at every colour."""
        return (Colour.RED,) if monster.deck == "epicenter" else tuple(Colour)

    def odds_of(self, monster: Monster) -> list[MonsterOdds]:
        """The monster's rows: one per colour it is met at."""
        rows = []
        for colour in self.colours_of(monster):
            wins = tuple(self._win(monster, colour, kit) for kit in self.kits)
            rows.append(MonsterOdds(monster.id, colour, wins))
        return rows

    def _win(self, monster: Monster, colour: Colour, kit: Kit) -> float:
        loadout = Loadout(self._stalker, kit.weapon, (), kit.head, kit.body)
        health = self.variant.start_health
        side = StalkerSide.from_loadout(loadout, self.variant, health, 0, 0)
        epicenter = monster.deck == "epicenter"
        fight = start_fight(side, monster, colour, event=None, epicenter=epicenter)
        return self._solver.odds(fight, "attack").win

    def reference_range(self) -> dict[tuple[str, Colour, int], tuple[float, float]]:
        """(deck, colour, kit number) → the lowest and highest win chance among the reference
        monsters of that deck (Zone monsters; Epicenter guardians, at red)."""
        spans: dict[tuple[str, Colour, int], tuple[float, float]] = {}
        for monster in self.reference:
            for row in self.odds_of(monster):
                for k, win in enumerate(row.wins):
                    key = (monster.deck, row.colour, k)
                    low, high = spans.get(key, (win, win))
                    spans[key] = (min(low, win), max(high, win))
        return spans


def outliers(
    monster: Monster,
    rows: Sequence[MonsterOdds],
    spans: dict[tuple[str, Colour, int], tuple[float, float]],
    kits: Sequence[Kit],
    margin: float = 0.05,
) -> list[str]:
    """Where a monster falls outside the range of the reference monsters of its deck by more
    than ``margin`` (a chance): ``"red vs the laboratory kit (…): win 12.0%, base set
    35.2%–80.1% (harder than any)"``."""
    found = []
    for row in rows:
        for k, win in enumerate(row.wins):
            span = spans.get((monster.deck, row.colour, k))
            if span is None:
                continue
            low, high = span
            if win < low - margin or win > high + margin:
                what = "harder than any" if win < low else "easier than any"
                found.append(
                    f"{row.colour.value} vs the {kits[k].name} kit ({kits[k].label()}): win "
                    f"{100 * win:.1f}%, base set {100 * low:.1f}%–{100 * high:.1f}% ({what})"
                )
    return found
