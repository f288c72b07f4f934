"""The card types the engine plays with (docs/rules.md §2–§8; the public format: docs/cards.md).

These are plain frozen values. ``stalkerzone.content`` validates card packs (TOML) and builds
them; the engine never reads files. Every card has an ``id`` unique across loaded packs.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from enum import StrEnum
from typing import Literal, TypeAlias

from stalkerzone.engine.core.dice import Dice
from stalkerzone.engine.core.frozen_classes import field, fields, frozen


class Colour(StrEnum):
    """Monster colours, weakest first (§5)."""

    GREEN = "green"
    YELLOW = "yellow"
    RED = "red"


class Site(StrEnum):
    """Site ids used by tiles, cards and the command line (docs/cards.md)."""

    VILLAGE = "village"
    MILITARY_BASE = "military_base"
    LABORATORY = "laboratory"
    EPICENTER = "epicenter"
    DANGER_GREEN = "danger_green"
    DANGER_YELLOW = "danger_yellow"
    DANGER_RED = "danger_red"
    ANOMALY = "anomaly"
    EVENT = "event"


class Terrain(StrEnum):
    """Terrain of a small hex (§1 table). A road on a hex overrides its terrain cost."""

    OPEN = "open"
    RUINS = "ruins"
    FOREST = "forest"
    SWAMP = "swamp"
    WATER = "water"
    ANOMALY_FIELD = "anomaly_field"


BASES: tuple[Site, ...] = (Site.VILLAGE, Site.MILITARY_BASE, Site.LABORATORY)
DANGER_COLOUR: Mapping[Site, Colour] = {
    Site.DANGER_GREEN: Colour.GREEN,
    Site.DANGER_YELLOW: Colour.YELLOW,
    Site.DANGER_RED: Colour.RED,
}

Stat = Literal["attack", "defence", "movement", "max_health", "escape"]


@frozen
class Text:
    """Text shown to players: one string per language code (``en``, ``ru``, …)."""

    by_lang: tuple[tuple[str, str], ...]

    @classmethod
    def plain(cls, text: str) -> Text:
        return cls((("en", text),))

    def get(self, lang: str = "en") -> str:
        """The text in ``lang``, else English, else the first language given."""
        table = dict(self.by_lang)
        return table.get(lang) or table.get("en") or self.by_lang[0][1]

    def __str__(self) -> str:
        return self.get("en")


@frozen
class PerColour:
    """A number that may differ by monster colour."""

    green: int
    yellow: int
    red: int

    @classmethod
    def same(cls, value: int) -> PerColour:
        return cls(value, value, value)

    def of(self, colour: Colour) -> int:
        return {Colour.GREEN: self.green, Colour.YELLOW: self.yellow, Colour.RED: self.red}[colour]


@frozen
class StatEffect:
    """A bonus (or, for artifacts, a malus) to one stalker stat (ST-3, artifacts)."""

    stat: Stat
    amount: int


# --- monsters and abilities (§5, ABIL-*) -------------------------------------------------


@frozen
class Drain:
    """ABIL-DRAIN: takes ``amount`` health every round, ignoring defence."""

    amount: PerColour
    kind: Literal["drain"] = "drain"


@frozen
class Paralysis:
    """ABIL-PARALYSIS: ``rolls`` rolls at the start of a fight, each on ``succeeds_on``."""

    rolls: PerColour
    succeeds_on: frozenset[int] = frozenset({4, 5, 6})
    kind: Literal["paralysis"] = "paralysis"


@frozen
class FirstStrike:
    """ABIL-FIRST-STRIKE: attacks before the stalker in every round."""

    kind: Literal["first_strike"] = "first_strike"


@frozen
class Regeneration:
    """ABIL-REGENERATION: regains ``amount`` health every round, never above its start."""

    amount: PerColour
    kind: Literal["regeneration"] = "regeneration"


@frozen
class MultiAttack:
    """ABIL-MULTI-ATTACK: ``attacks`` attack rolls in each of ``rounds`` (Cerberus: 3, round 1)."""

    attacks: PerColour
    rounds: frozenset[int] = frozenset({1})
    kind: Literal["multi_attack"] = "multi_attack"


Ability: TypeAlias = Drain | Paralysis | FirstStrike | Regeneration | MultiAttack
ABILITY_KINDS: tuple[str, ...] = (
    "drain",
    "paralysis",
    "first_strike",
    "regeneration",
    "multi_attack",
)


@frozen
class MonsterStats:
    """One colour of a monster card."""

    health: int
    attack: Dice
    defence: int
    trophy_price: int


@frozen
class Card:
    """What every card has. ``pack`` is the id of the pack that defined it."""

    id: str
    name: Text
    text: Text | None = field(default=None, kw_only=True)
    copies: int = field(default=1, kw_only=True)
    art: str | None = field(default=None, kw_only=True)
    pack: str = field(default="base", kw_only=True)


@frozen
class Monster(Card):
    """A monster card: three colours, a trophy, abilities (§5, TROPHY-1)."""

    trophy: Text
    green: MonsterStats
    yellow: MonsterStats
    red: MonsterStats
    abilities: tuple[Ability, ...] = ()
    deck: Literal["zone", "epicenter"] = "zone"

    def at(self, colour: Colour) -> MonsterStats:
        return {Colour.GREEN: self.green, Colour.YELLOW: self.yellow, Colour.RED: self.red}[colour]


# --- equipment (§3, EQ-*) -------------------------------------------------------------------


@frozen
class Equipment(Card):
    """A card bought at bases (BASE-2): price and the bases whose catalogue lists it."""

    price: int = field(default=0, kw_only=True)
    sold_at: tuple[Site, ...] = field(default=(), kw_only=True)


@frozen
class Weapon(Equipment):
    """A weapon (EQ-7, DMG-1): its ``attack`` formula while it is the active weapon."""

    weapon_type: str
    attack: Dice


@frozen
class WeaponMod(Equipment):
    """EQ-4: counts only while a weapon of the same ``weapon_type`` is active."""

    weapon_type: str
    one_die_bonus: int = 0
    attack_bonus: int = 0


@frozen
class Armour(Equipment):
    """Head or body armour: one of each ``slot`` is active (EQ-3, EQ-7)."""

    slot: Literal["head", "body"]
    defence: int


@frozen
class Navigation(Equipment):
    """EQ-5: only the best navigation card counts."""

    movement: int


@frozen
class Grenade(Equipment):
    """A grenade: thrown instead of an attack with its own formula (FIGHT-2, EQ-6)."""

    attack: Dice


@frozen
class Stimulator(Equipment):
    """A stimulator: consumed to regain ``heal`` health (EQ-7, FIGHT-2)."""

    heal: int


@frozen
class Artifact(Card):
    """An artifact: a base pays ``price`` for it (BASE-2); effects apply while active."""

    price: int
    effects: tuple[StatEffect, ...] = ()


# --- events (EVENT-1) -------------------------------------------------------------------------

EffectKind = Literal[
    "monster_attacks_first",
    "stalker_attacks_twice",
    "monster_max_attack",
    "lose_protection",
    "protection_minus_one",
    "zombie",
    "gain_money",
    "lose_money",
    "damage",
    "heal",
    "find_element",
    "draw_artifact",
]
FIGHT_EFFECTS: frozenset[str] = frozenset(
    {"monster_attacks_first", "stalker_attacks_twice", "monster_max_attack"}
)


@frozen
class EventEffect:
    """What an event does. ``amount`` for money and healing; ``attack`` for damage."""

    kind: EffectKind
    amount: int = 0
    attack: Dice | None = None
    ignores_defence: bool = False


@frozen
class Event(Card):
    """EVENT-1: ``immediate`` events resolve when drawn; ``fight`` events wait for a fight."""

    timing: Literal["fight", "immediate"]
    effect: EventEffect


# --- orders and stalkers (ORDER-1, ST-3) -------------------------------------------------------


@frozen
class TrophyRequirement:
    """ORDER-1: bring a trophy of ``monster`` (of ``colour``, when given)."""

    monster: str
    colour: Colour | None = None
    kind: Literal["trophy"] = "trophy"


@frozen
class ArtifactRequirement:
    """ORDER-1: bring the artifact ``artifact``."""

    artifact: str
    kind: Literal["artifact"] = "artifact"


@frozen
class VisitRequirement:
    """ORDER-1: visit the site ``site``."""

    site: Site
    kind: Literal["visit"] = "visit"


Requirement: TypeAlias = TrophyRequirement | ArtifactRequirement | VisitRequirement


@frozen
class Order(Card):
    """An order (ORDER-1): meet ``requirement`` for ``reward`` money."""

    requirement: Requirement
    reward: int
    offered_at: tuple[Site, ...] = ()


@frozen
class StalkerCard(Card):
    """A character (ST-3). ``None`` start money or health means the variant's default (ST-2)."""

    bonuses: tuple[StatEffect, ...] = ()
    start_money: int | None = None
    max_health: int | None = None

    def bonus(self, stat: Stat) -> int:
        return sum(b.amount for b in self.bonuses if b.stat == stat)


EquipmentCard: TypeAlias = Weapon | WeaponMod | Armour | Navigation | Grenade | Stimulator
AnyCard: TypeAlias = Monster | EquipmentCard | Artifact | Event | Order | StalkerCard


@frozen(slots=False)
class CardSet:
    """Every card of the loaded packs, by kind, in a stable order."""

    monsters: tuple[Monster, ...] = ()
    weapons: tuple[Weapon, ...] = ()
    weapon_mods: tuple[WeaponMod, ...] = ()
    armour: tuple[Armour, ...] = ()
    navigation: tuple[Navigation, ...] = ()
    grenades: tuple[Grenade, ...] = ()
    stimulators: tuple[Stimulator, ...] = ()
    artifacts: tuple[Artifact, ...] = ()
    events: tuple[Event, ...] = ()
    orders: tuple[Order, ...] = ()
    stalkers: tuple[StalkerCard, ...] = ()
    _index: dict[str, AnyCard] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {card.id: card for card in self})

    def __iter__(self) -> Iterator[AnyCard]:
        yield from self.monsters
        yield from self.equipment
        yield from self.artifacts
        yield from self.events
        yield from self.orders
        yield from self.stalkers

    @property
    def equipment(self) -> tuple[EquipmentCard, ...]:
        return (
            *self.weapons,
            *self.weapon_mods,
            *self.armour,
            *self.navigation,
            *self.grenades,
            *self.stimulators,
        )

    def groups(self) -> dict[str, tuple[AnyCard, ...]]:
        """The cards by field name (``monsters``, ``weapons`` … ``stalkers``), in field order:
        ``CardSet(**groups)`` makes a set again."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.init}

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._index

    def get(self, card_id: str) -> AnyCard:
        """The card with this id; ``KeyError`` naming the id if no loaded pack defines it."""
        try:
            return self._index[card_id]
        except KeyError:
            raise KeyError(f"no loaded pack defines a card '{card_id}'") from None
