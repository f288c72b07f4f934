"""Pydantic models of the public card format (docs/cards.md), one per card kind, plus the pack
manifest.

The models hold engine values (``Dice``, ``PerColour``, ``Text``, ``Site``) from the start, so
turning a model into an engine card (``to_card``) is one generic step. Unknown keys are errors
(``extra="forbid"``); numbers are strict (``"5"``, ``5.0`` and ``true`` are not numbers).
Validation context ``{"pack_dir": Path}`` makes ``art`` checked against its pack folder.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    Strict,
    ValidationInfo,
    field_validator,
    model_validator,
)

from stalkerzone.content.values import (
    Amount,
    Attacks,
    Bases,
    BaseSite,
    Bonus,
    CardId,
    Copies,
    DiceField,
    Face,
    ModBonus,
    Positive,
    Price,
    Rolls,
    Round,
    Small,
    TextField,
)
from stalkerzone.engine.core import FIGHT_EFFECTS, Colour, Site, Text
from stalkerzone.engine.core import cards as engine
from stalkerzone.files import is_inside, shorten

FORMAT = 1
"""The card format this program reads (``format = 1`` in pack.toml and card files)."""
__all__ = ["CARD_KINDS", "CARD_MODELS", "FORMAT"]


class Model(BaseModel):
    """Strict base: unknown keys are errors (docs/cards.md), values are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True, use_attribute_docstrings=True)

    engine_type: ClassVar[type[Any] | None] = None

    def to_engine(self, **extra: Any) -> Any:
        """The engine value: the same fields, lists as tuples, nested models converted."""
        assert self.engine_type is not None
        fields = {name: _convert(getattr(self, name)) for name in type(self).model_fields}
        return self.engine_type(**(fields | extra))


def _convert(value: Any) -> Any:
    if isinstance(value, Model):
        return value.to_engine()
    if isinstance(value, tuple):
        return tuple(_convert(v) for v in value)
    return value


class StatEffect(Model):
    """A bonus to one stalker stat (ST-3) or an artifact's effect (may be negative)."""

    engine_type = engine.StatEffect
    stat: engine.Stat
    """Stat changed: attack, defence, movement, max_health or escape (ST-3)."""
    amount: Bonus
    """Change to the stat, -100..100 and not 0; negative weakens."""

    @field_validator("amount")
    @classmethod
    def _not_zero(cls, amount: int) -> int:
        if amount == 0:
            raise ValueError("an effect of 0 does nothing")
        return amount


# --- abilities (ABIL-*) -------------------------------------------------------------------------


class Drain(Model):
    """ABIL-DRAIN."""

    engine_type = engine.Drain
    kind: Literal["drain"]
    """Ability kind (ABIL-DRAIN)."""
    amount: Amount
    """Health drained from the stalker per round: 1..100, or one per colour."""


class Paralysis(Model):
    """ABIL-PARALYSIS."""

    engine_type = engine.Paralysis
    kind: Literal["paralysis"]
    """Ability kind (ABIL-PARALYSIS)."""
    rolls: Rolls
    """Paralysis rolls per fight: 0..20, or one per colour."""
    succeeds_on: Annotated[frozenset[Face], Field(min_length=1)] = frozenset({4, 5, 6})
    """Die faces that paralyse (1..6); default [4, 5, 6]."""


class FirstStrike(Model):
    """ABIL-FIRST-STRIKE."""

    engine_type = engine.FirstStrike
    kind: Literal["first_strike"]
    """Ability kind (ABIL-FIRST-STRIKE): the monster attacks first."""


class Regeneration(Model):
    """ABIL-REGENERATION."""

    engine_type = engine.Regeneration
    kind: Literal["regeneration"]
    """Ability kind (ABIL-REGENERATION)."""
    amount: Amount
    """Health regained per round, never above the start: 1..100, or one per colour."""


class MultiAttack(Model):
    """ABIL-MULTI-ATTACK."""

    engine_type = engine.MultiAttack
    kind: Literal["multi_attack"]
    """Ability kind (ABIL-MULTI-ATTACK)."""
    attacks: Attacks
    """Attacks in each listed round: 1..10, or one per colour."""
    rounds: Annotated[frozenset[Round], Field(min_length=1)] = frozenset({1})
    """Fight rounds (1..100) with the extra attacks; default [1]."""


Ability = Annotated[
    Drain | Paralysis | FirstStrike | Regeneration | MultiAttack, Field(discriminator="kind")
]

# --- event effects and order requirements ----------------------------------------------------


class PlainEffect(Model):
    """An event effect without parameters (EVENT-1)."""

    engine_type = engine.EventEffect
    kind: Literal[
        "monster_attacks_first",
        "stalker_attacks_twice",
        "monster_max_attack",
        "lose_protection",
        "protection_minus_one",
        "zombie",
        "find_element",
        "draw_artifact",
    ]
    """Effect kind without numbers (EVENT-1); fight effects need timing "fight"."""


class AmountEffect(Model):
    """Gain or lose money, or heal: ``amount``."""

    engine_type = engine.EventEffect
    kind: Literal["gain_money", "lose_money", "heal"]
    """Effect kind: gain_money, lose_money or heal."""
    amount: Annotated[int, Strict(), Field(ge=1, le=1_000_000)]
    """Money (in green) or health, 1..1000000."""


class DamageEffect(Model):
    """Damage rolled with ``attack``; ``ignores_defence`` like an anomaly (ANOM-1)."""

    engine_type = engine.EventEffect
    kind: Literal["damage"]
    """Effect kind: damage rolled at the stalker."""
    attack: DiceField
    """Dice formula of the damage, e.g. '2d6+1' (DMG-4)."""
    ignores_defence: Annotated[bool, Strict()] = False
    """Damage ignores protection, like an anomaly (ANOM-1); default false."""


EventEffect = Annotated[PlainEffect | AmountEffect | DamageEffect, Field(discriminator="kind")]


class TrophyRequirement(Model):
    engine_type = engine.TrophyRequirement
    kind: Literal["trophy"]
    """Requirement kind: a trophy of a monster."""
    monster: CardId
    """Id of the monster whose trophy is wanted."""
    colour: Colour | None = None
    """Colour of the trophy: green, yellow or red; any colour when left out."""


class ArtifactRequirement(Model):
    engine_type = engine.ArtifactRequirement
    kind: Literal["artifact"]
    """Requirement kind: an artifact."""
    artifact: CardId
    """Id of the artifact wanted."""


class VisitRequirement(Model):
    engine_type = engine.VisitRequirement
    kind: Literal["visit"]
    """Requirement kind: visit a site."""
    site: Site
    """Site to visit (a base, a danger zone, the anomaly, the Epicenter…)."""


Requirement = Annotated[
    TrophyRequirement | ArtifactRequirement | VisitRequirement, Field(discriminator="kind")
]

# --- cards -----------------------------------------------------------------------------------


class Card(Model):
    """Keys every card has. ``name`` defaults to the id written as words."""

    kind: ClassVar[str]
    id: CardId
    """Card id: lower-case letters, digits and '-', unique across all loaded packs."""
    name: TextField | None = None
    """Name on the card: text, or { en = "…", ru = "…" }; default: the id as words."""
    text: TextField | None = None
    """Text printed on the card face: text, or { en = "…", ru = "…" }."""
    copies: Copies = 1
    """Copies of this card in its deck, 1..20; default 1."""
    art: str | None = None
    """Picture file inside the pack folder, e.g. 'art/my-card.png' (PNG or JPEG)."""

    @field_validator("art")
    @classmethod
    def _art_inside_pack(cls, art: str, info: ValidationInfo) -> str:
        """Art stays inside its pack folder and exists; the result is its resolved path."""
        pack_dir = (info.context or {}).get("pack_dir")
        if pack_dir is None:
            return art
        return str(resolve_art(Path(pack_dir), art))

    def to_card(self, pack_id: str) -> engine.AnyCard:
        """The engine card of this model, tagged with the pack that defined it."""
        name = self.name or Text.plain(self.id.replace("-", " ").capitalize())
        card: engine.AnyCard = self.to_engine(name=name, pack=pack_id)
        return card


MAX_ART_PATH = 255
"""Longest ``art`` path (characters)."""
MAX_ART_BYTES = 16 * 2**20


PNG_SIGNATURE = b"\x89PNG"
JPEG_SIGNATURE = b"\xff\xd8"


def _what_file(head: bytes) -> str:
    """What a file that should be a picture starts with, in words (or nothing)."""
    text = head.lstrip().lower()
    if text.startswith((b"<!doc", b"<html", b"<?xml", b"<svg", b"<")):
        return " (it holds text such as HTML or SVG: export the picture as PNG)"
    if head.startswith((b"GIF8", b"RIFF", b"BM")):
        return " (it is another picture format: export it as PNG)"
    return ""


def _same_but_case(root: Path, art: str) -> str:
    """``" (did you mean 'art/Rat.png'?)"`` when a file differs from ``art`` only in case."""
    wanted = art.lower()
    try:
        for path in itertools.islice(root.rglob("*"), 2000):
            relative = path.relative_to(root).as_posix()
            if relative.lower() == wanted and path.is_file():
                return f" (did you mean '{relative}'? names differ in capitals)"
    except OSError:
        return ""
    return " (as a regular file)"


def resolve_art(pack_dir: Path, art: str) -> Path:
    """``art`` as a regular file inside ``pack_dir`` (no absolute paths, no ``..``, no symlinks
    out, at most 16 MB): the client opens only such a file."""
    shown = shorten(art)
    if len(art) > MAX_ART_PATH or "\x00" in art:
        raise ValueError(f"'{shown}' is not a file name (at most {MAX_ART_PATH} characters)")
    if "\\" in art and not re.match(r"^[A-Za-z]:", art):
        slashed = shorten(art.replace("\\", "/"))
        raise ValueError(f"'{shown}': write '/' between folders, not '\\': '{slashed}'")
    if not art or Path(art).is_absolute() or re.match(r"^[A-Za-z]:", art):
        raise ValueError(f"'{shown}' must be a path relative to the pack folder, e.g. 'art/x.png'")
    try:
        root = pack_dir.resolve()
        target = (root / art).resolve()
        if not target.is_relative_to(root) or not is_inside(root / art, root):
            raise ValueError(f"'{shown}' leads outside the pack folder")
        if not target.is_file():
            raise ValueError(
                f"'{shown}' does not exist in the pack folder{_same_but_case(root, art)}"
            )
        if target.stat().st_size > MAX_ART_BYTES:
            raise ValueError(f"'{shown}' is larger than {MAX_ART_BYTES // 2**20} MB")
        with target.open("rb") as picture:
            head = picture.read(16)
        if not (head.startswith(PNG_SIGNATURE) or head.startswith(JPEG_SIGNATURE)):
            raise ValueError(f"'{shown}' is not a PNG or JPEG picture{_what_file(head)}")
    except OSError as error:
        raise ValueError(f"'{shown}': cannot read: {error.strerror or error}") from None
    return target


class ColourStats(Model):
    """One colour of a monster."""

    engine_type = engine.MonsterStats
    health: Positive
    """Health at this colour, 1..1000 (DMG-2)."""
    attack: DiceField
    """Attack dice at this colour, e.g. '2d6+1' (DMG-1)."""
    defence: Small
    """Defence subtracted from each hit at this colour, 0..1000 (DMG-2)."""
    trophy_price: Price
    """Price a base pays for this colour's trophy, in green (TROPHY-1)."""


class Monster(Card):
    engine_type = engine.Monster
    kind = "monster"
    trophy: TextField
    """Name of the trophy a beaten monster leaves (TROPHY-1)."""
    deck: Literal["zone", "epicenter"] = "zone"
    """Deck: "zone" (danger zones), or "epicenter" for a guardian (WIN-1)."""
    green: ColourStats
    """Numbers at green, the weakest colour."""
    yellow: ColourStats
    """Numbers at yellow."""
    red: ColourStats
    """Numbers at red, the strongest colour."""
    abilities: tuple[Ability, ...] = ()
    """Abilities, each a [[monster.abilities]] table with a kind (ABIL-*)."""

    @field_validator("abilities")
    @classmethod
    def _each_kind_once(cls, abilities: tuple[Model, ...]) -> tuple[Model, ...]:
        kinds = [getattr(a, "kind", "") for a in abilities]
        twice = sorted({k for k in kinds if kinds.count(k) > 1})
        if twice:
            raise ValueError(f"ability '{twice[0]}' is listed twice; give it once")
        return abilities


class Equipment(Card):
    price: Price
    """Price at a base, in green, 0..1000000 (BASE-2)."""
    sold_at: Bases = ()
    """Bases selling it: village, military_base, laboratory."""


class Weapon(Equipment):
    engine_type = engine.Weapon
    kind = "weapon"
    weapon_type: CardId
    """Weapon type; mods of the same type add to it (EQ-4)."""
    attack: DiceField
    """Attack dice, e.g. '2d6' (DMG-1)."""


class WeaponMod(Equipment):
    """EQ-4: counts only with a weapon of its ``weapon_type``."""

    engine_type = engine.WeaponMod
    kind = "weapon_mod"
    weapon_type: CardId
    """Weapon type the mod fits; it counts only with such a weapon (EQ-4)."""
    one_die_bonus: ModBonus = 0
    """Bonus added to the highest die, 0..100 (DMG-4)."""
    attack_bonus: ModBonus = 0
    """Bonus added to the attack, 0..100."""

    @model_validator(mode="after")
    def _does_something(self) -> WeaponMod:
        if not (self.one_die_bonus or self.attack_bonus):
            raise ValueError("give one_die_bonus and/or attack_bonus (a mod of +0 does nothing)")
        return self


class Armour(Equipment):
    engine_type = engine.Armour
    kind = "armour"
    slot: Literal["head", "body"]
    """Slot: "head" or "body"; one of each counts (EQ-3)."""
    defence: Small
    """Defence added, 0..1000 (DMG-2)."""


class Navigation(Equipment):
    """EQ-5: only the best navigation card counts."""

    engine_type = engine.Navigation
    kind = "navigation"
    movement: Positive
    """Movement added, 1..1000; only the best navigation counts (EQ-5)."""


class Grenade(Equipment):
    engine_type = engine.Grenade
    kind = "grenade"
    attack: DiceField
    """Dice thrown instead of an attack, e.g. '3d6' (FIGHT-2)."""


class Stimulator(Equipment):
    engine_type = engine.Stimulator
    kind = "stimulator"
    heal: Positive
    """Health regained, 1..1000, never above the maximum."""


class Artifact(Card):
    engine_type = engine.Artifact
    kind = "artifact"
    price: Price
    """Price a base pays for it, in green (BASE-2)."""
    effects: tuple[StatEffect, ...] = ()
    """Stat changes while carried, e.g. [{ stat = "movement", amount = 1 }]."""


class Event(Card):
    """EVENT-1: fight events (the three FIGHT-* effects) wait for a fight; others are immediate."""

    engine_type = engine.Event
    kind = "event"
    timing: Literal["fight", "immediate"]
    """Timing: "immediate", or "fight" (held for the next fight) (EVENT-1)."""
    effect: EventEffect
    """What the event does: a table with a kind (EVENT-1)."""

    @field_validator("effect")
    @classmethod
    def _timing_fits(cls, effect: Model, info: ValidationInfo) -> Model:
        timing = info.data.get("timing")
        kind = getattr(effect, "kind", "")
        want = "fight" if kind in FIGHT_EFFECTS else "immediate"
        if timing is not None and timing != want:
            raise ValueError(f'effect \'{kind}\' needs timing = "{want}", not "{timing}"')
        return effect


class Order(Card):
    """ORDER-1."""

    engine_type = engine.Order
    kind = "order"
    requirement: Requirement
    """What the order asks for: a table with a kind (ORDER-1)."""
    reward: Price
    """Reward paid on delivery, in green; +1 reputation (ORDER-1)."""
    offered_at: Annotated[tuple[BaseSite, ...], Field(min_length=1, max_length=3)]
    """Bases offering it (1..3): village, military_base, laboratory."""


class Stalker(Card):
    """ST-3. Without ``start_money`` / ``max_health`` the variant's numbers apply (ST-2)."""

    engine_type = engine.StalkerCard
    kind = "stalker"
    bonuses: tuple[StatEffect, ...] = ()
    """Stat bonuses of this character (ST-3)."""
    start_money: Price | None = None
    """Money at the start, in green; default: the rules variant's (ST-2)."""
    max_health: Positive | None = None
    """Maximum health, 1..1000; default: the rules variant's (ST-2)."""


CARD_MODELS: dict[str, type[Card]] = {
    model.kind: model
    for model in (
        Monster,
        Weapon,
        WeaponMod,
        Armour,
        Navigation,
        Grenade,
        Stimulator,
        Artifact,
        Event,
        Order,
        Stalker,
    )
}
"""Card kinds in the order of a card file and of :class:`~stalkerzone.engine.core.cards.CardSet`."""
CARD_KINDS: tuple[str, ...] = tuple(CARD_MODELS)


class CardFile(Model):
    """A card file: arrays of tables named after card kinds (``[[monster]]``, …)."""

    model_config = ConfigDict(
        extra="forbid", frozen=True, use_attribute_docstrings=True, title="Stalker Zone card file"
    )
    format: Literal[1] = 1
    """Card format version: 1."""
    monster: tuple[Monster, ...] = ()
    """Monster cards: one [[monster]] table each."""
    weapon: tuple[Weapon, ...] = ()
    """Weapon cards: one [[weapon]] table each."""
    weapon_mod: tuple[WeaponMod, ...] = ()
    """Weapon mod cards: one [[weapon_mod]] table each."""
    armour: tuple[Armour, ...] = ()
    """Armour cards: one [[armour]] table each."""
    navigation: tuple[Navigation, ...] = ()
    """Navigation cards: one [[navigation]] table each."""
    grenade: tuple[Grenade, ...] = ()
    """Grenade cards: one [[grenade]] table each."""
    stimulator: tuple[Stimulator, ...] = ()
    """Stimulator cards: one [[stimulator]] table each."""
    artifact: tuple[Artifact, ...] = ()
    """Artifact cards: one [[artifact]] table each."""
    event: tuple[Event, ...] = ()
    """Event cards: one [[event]] table each."""
    order: tuple[Order, ...] = ()
    """Order cards: one [[order]] table each."""
    stalker: tuple[Stalker, ...] = ()
    """Stalker cards: one [[stalker]] table each."""
