"""Pydantic models of the public card format (CARDS.md), one per card kind, plus the pack manifest.

The models hold engine values (``Dice``, ``PerColour``, ``Text``, ``Site``) from the start, so
turning a model into an engine card (``to_card``) is one generic step. Unknown keys are errors
(``extra="forbid"``); numbers are strict (``"5"``, ``5.0`` and ``true`` are not numbers).
Validation context ``{"pack_dir": Path}`` makes ``art`` checked against its pack folder.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PlainValidator,
    Strict,
    ValidationInfo,
    WithJsonSchema,
    field_validator,
    model_validator,
)

from stalkerzone.content.messages import hint, short
from stalkerzone.engine import cards as engine
from stalkerzone.engine.cards import BASES, FIGHT_EFFECTS, Colour, PerColour, Site, Text
from stalkerzone.engine.dice import ALLOWED_SIDES, Dice, DiceError
from stalkerzone.files import is_inside, shorten

FORMAT = 1
"""The card format this program reads (``format = 1`` in pack.toml and card files)."""
ID_PATTERN = r"^[a-z0-9-]+$"
LANGUAGES = ("en", "ru")
COLOURS = tuple(c.value for c in Colour)

# --- value types ------------------------------------------------------------------------------


CardId = Annotated[str, Field(pattern=ID_PATTERN, min_length=1, max_length=64)]
# Strict integers: booleans, floats and strings are refused.
Price = Annotated[int, Strict(), Field(ge=0, le=1_000_000)]
Small = Annotated[int, Strict(), Field(ge=0, le=1000)]
Positive = Annotated[int, Strict(), Field(ge=1, le=1000)]
Bonus = Annotated[int, Strict(), Field(ge=-100, le=100)]
Copies = Annotated[int, Strict(), Field(ge=1, le=20)]
Face = Annotated[int, Strict(), Field(ge=1, le=6)]
Round = Annotated[int, Strict(), Field(ge=1, le=100)]
ModBonus = Annotated[int, Strict(), Field(ge=0, le=100)]


def _dice(value: object) -> Dice:
    """DMG-4: a formula is parsed by :meth:`Dice.parse`, never evaluated."""
    if not isinstance(value, str):
        raise ValueError(f"a dice formula is text such as '2d6+1', not {short(value)}")
    if len(value) > 32:
        raise ValueError(f"'{value[:20]}...' is too long for a dice formula (e.g. '2d6+1')")
    try:
        return Dice.parse(value)
    except DiceError as error:
        raise ValueError(str(error)) from None


_SIDES = "|".join(str(s) for s in sorted(ALLOWED_SIDES, reverse=True))
DICE_SCHEMA: dict[str, Any] = {
    "type": "string",
    "description": "dice formula: NdS, NdS+K, NdS-K or NdS+MdT+K (1 <= N <= 20)",
    "pattern": rf"^\s*\d{{1,2}}\s*[dD]\s*({_SIDES})(\s*\+\s*\d{{1,2}}\s*[dD]\s*({_SIDES}))?"
    r"(\s*[+-]\s*\d{1,4})?\s*$",
}
DiceField = Annotated[Dice, PlainValidator(_dice), WithJsonSchema(DICE_SCHEMA)]


def _text(value: object) -> Text:
    """Text shown to players: a plain string or ``{ en = "…", ru = "…" }``."""
    if isinstance(value, str):
        if not value.strip():
            raise ValueError("text must not be empty")
        return Text.plain(value)
    if isinstance(value, Mapping) and value:
        unknown = sorted(set(value) - set(LANGUAGES))
        if unknown:
            raise ValueError(f"unknown language {unknown[0]!r}; languages: {', '.join(LANGUAGES)}")
        if not all(isinstance(v, str) and v.strip() for v in value.values()):
            raise ValueError("every language must give non-empty text")
        return Text(tuple((lang, str(value[lang])) for lang in LANGUAGES if lang in value))
    raise ValueError('text is a string or a table such as { en = "Gorynych", ru = "Горыныч" }')


TEXT_SCHEMA: dict[str, Any] = {
    "anyOf": [
        {"type": "string", "minLength": 1},
        {
            "type": "object",
            "properties": {lang: {"type": "string", "minLength": 1} for lang in LANGUAGES},
            "additionalProperties": False,
            "minProperties": 1,
        },
    ]
}
TextField = Annotated[Text, PlainValidator(_text), WithJsonSchema(TEXT_SCHEMA)]


def _per_colour(low: int, high: int) -> tuple[PlainValidator, WithJsonSchema]:
    """A number for all colours, or ``{ green = …, yellow = …, red = … }`` (all three)."""

    def check(value: object) -> PerColour:
        def number(v: object, where: str) -> int:
            if isinstance(v, bool) or not isinstance(v, int):
                raise ValueError(f"{where}must be a whole number, not {short(v)}")
            if not low <= v <= high:
                raise ValueError(f"{where}must be {low}..{high}, not {v}")
            return v

        if isinstance(value, Mapping):
            unknown = sorted(set(value) - set(COLOURS))
            if unknown:
                raise ValueError(f"unknown colour {unknown[0]!r}; colours: {', '.join(COLOURS)}")
            missing = [c for c in COLOURS if c not in value]
            if missing:
                raise ValueError(f"missing colour {missing[0]!r}: give green, yellow and red")
            return PerColour(*(number(value[c], f"{c} ") for c in COLOURS))
        return PerColour.same(number(value, ""))

    one = {"type": "integer", "minimum": low, "maximum": high}
    schema = {
        "anyOf": [
            one,
            {
                "type": "object",
                "properties": dict.fromkeys(COLOURS, one),
                "required": list(COLOURS),
                "additionalProperties": False,
            },
        ]
    }
    return PlainValidator(check), WithJsonSchema(schema)


Amount = Annotated[PerColour, *_per_colour(1, 100)]
Rolls = Annotated[PerColour, *_per_colour(0, 20)]
Attacks = Annotated[PerColour, *_per_colour(1, 10)]


def _base_only(value: object) -> Site:
    """A base (BASE-1): a typo is answered with the closest base, never with other sites."""
    names = [b.value for b in BASES]
    if isinstance(value, str) and value in names:
        return Site(value)
    listed = f"bases: {', '.join(names)}"
    if not isinstance(value, str):
        raise ValueError(f"a base is text in quotes such as 'village', not {short(value)}")
    if value in {s.value for s in Site}:
        raise ValueError(f"'{value}' is a site but not a base; {listed}")
    raise ValueError(f"'{shorten(value)}' is not a base{hint(value, names)}; {listed}")


BaseSite = Annotated[
    Site, PlainValidator(_base_only), WithJsonSchema({"enum": [b.value for b in BASES]})
]
Bases = Annotated[tuple[BaseSite, ...], Field(max_length=3)]


class Model(BaseModel):
    """Strict base: unknown keys are errors (CARDS.md), values are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)

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
    amount: Bonus

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
    amount: Amount


class Paralysis(Model):
    """ABIL-PARALYSIS."""

    engine_type = engine.Paralysis
    kind: Literal["paralysis"]
    rolls: Rolls
    succeeds_on: Annotated[frozenset[Face], Field(min_length=1)] = frozenset({4, 5, 6})


class FirstStrike(Model):
    """ABIL-FIRST-STRIKE."""

    engine_type = engine.FirstStrike
    kind: Literal["first_strike"]


class Regeneration(Model):
    """ABIL-REGENERATION."""

    engine_type = engine.Regeneration
    kind: Literal["regeneration"]
    amount: Amount


class MultiAttack(Model):
    """ABIL-MULTI-ATTACK."""

    engine_type = engine.MultiAttack
    kind: Literal["multi_attack"]
    attacks: Attacks
    rounds: Annotated[frozenset[Round], Field(min_length=1)] = frozenset({1})


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


class AmountEffect(Model):
    """Gain or lose money, or heal: ``amount``."""

    engine_type = engine.EventEffect
    kind: Literal["gain_money", "lose_money", "heal"]
    amount: Annotated[int, Strict(), Field(ge=1, le=1_000_000)]


class DamageEffect(Model):
    """Damage rolled with ``attack``; ``ignores_defence`` like an anomaly (ANOM-1)."""

    engine_type = engine.EventEffect
    kind: Literal["damage"]
    attack: DiceField
    ignores_defence: Annotated[bool, Strict()] = False


EventEffect = Annotated[PlainEffect | AmountEffect | DamageEffect, Field(discriminator="kind")]


class TrophyRequirement(Model):
    engine_type = engine.TrophyRequirement
    kind: Literal["trophy"]
    monster: CardId
    colour: Colour | None = None


class ArtifactRequirement(Model):
    engine_type = engine.ArtifactRequirement
    kind: Literal["artifact"]
    artifact: CardId


class VisitRequirement(Model):
    engine_type = engine.VisitRequirement
    kind: Literal["visit"]
    site: Site


Requirement = Annotated[
    TrophyRequirement | ArtifactRequirement | VisitRequirement, Field(discriminator="kind")
]

# --- cards -----------------------------------------------------------------------------------


class Card(Model):
    """Keys every card has. ``name`` defaults to the id written as words."""

    kind: ClassVar[str]
    id: CardId
    name: TextField | None = None
    text: TextField | None = None
    copies: Copies = 1
    art: str | None = None

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


def resolve_art(pack_dir: Path, art: str) -> Path:
    """``art`` as a regular file inside ``pack_dir`` (no absolute paths, no ``..``, no symlinks
    out, at most 16 MB): the client opens only such a file."""
    shown = shorten(art)
    if len(art) > MAX_ART_PATH or "\x00" in art:
        raise ValueError(f"'{shown}' is not a file name (at most {MAX_ART_PATH} characters)")
    if not art or Path(art).is_absolute() or re.match(r"^[A-Za-z]:", art) or "\\" in art:
        raise ValueError(f"'{shown}' must be a path relative to the pack folder, e.g. 'art/x.png'")
    try:
        root = pack_dir.resolve()
        target = (root / art).resolve()
        if not target.is_relative_to(root) or not is_inside(root / art, root):
            raise ValueError(f"'{shown}' leads outside the pack folder")
        if not target.is_file():
            raise ValueError(f"'{shown}' does not exist in the pack folder (as a regular file)")
        if target.stat().st_size > MAX_ART_BYTES:
            raise ValueError(f"'{shown}' is larger than {MAX_ART_BYTES // 2**20} MB")
    except OSError as error:
        raise ValueError(f"'{shown}': cannot read: {error.strerror or error}") from None
    return target


class ColourStats(Model):
    """One colour of a monster."""

    engine_type = engine.MonsterStats
    health: Positive
    attack: DiceField
    defence: Small
    trophy_price: Price


class Monster(Card):
    engine_type = engine.Monster
    kind = "monster"
    trophy: TextField
    deck: Literal["zone", "epicenter"] = "zone"
    green: ColourStats
    yellow: ColourStats
    red: ColourStats
    abilities: tuple[Ability, ...] = ()

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
    sold_at: Bases = ()


class Weapon(Equipment):
    engine_type = engine.Weapon
    kind = "weapon"
    weapon_type: CardId
    attack: DiceField


class WeaponMod(Equipment):
    """EQ-4: counts only with a weapon of its ``weapon_type``."""

    engine_type = engine.WeaponMod
    kind = "weapon_mod"
    weapon_type: CardId
    one_die_bonus: ModBonus = 0
    attack_bonus: ModBonus = 0

    @model_validator(mode="after")
    def _does_something(self) -> WeaponMod:
        if not (self.one_die_bonus or self.attack_bonus):
            raise ValueError("give one_die_bonus and/or attack_bonus (a mod of +0 does nothing)")
        return self


class Armour(Equipment):
    engine_type = engine.Armour
    kind = "armour"
    slot: Literal["head", "body"]
    defence: Small


class Navigation(Equipment):
    """EQ-5: only the best navigation card counts."""

    engine_type = engine.Navigation
    kind = "navigation"
    movement: Positive


class Grenade(Equipment):
    engine_type = engine.Grenade
    kind = "grenade"
    attack: DiceField


class Stimulator(Equipment):
    engine_type = engine.Stimulator
    kind = "stimulator"
    heal: Positive


class Artifact(Card):
    engine_type = engine.Artifact
    kind = "artifact"
    price: Price
    effects: tuple[StatEffect, ...] = ()


class Event(Card):
    """EVENT-1: fight events (the three FIGHT-* effects) wait for a fight; others are immediate."""

    engine_type = engine.Event
    kind = "event"
    timing: Literal["fight", "immediate"]
    effect: EventEffect

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
    reward: Price
    offered_at: Annotated[tuple[BaseSite, ...], Field(min_length=1, max_length=3)]


class Stalker(Card):
    """ST-3. Without ``start_money`` / ``max_health`` the variant's numbers apply (ST-2)."""

    engine_type = engine.StalkerCard
    kind = "stalker"
    bonuses: tuple[StatEffect, ...] = ()
    start_money: Price | None = None
    max_health: Positive | None = None


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
"""Card kinds in the order of a card file and of :class:`~stalkerzone.engine.cards.CardSet`."""
CARD_KINDS: tuple[str, ...] = tuple(CARD_MODELS)


class CardFile(Model):
    """A card file: arrays of tables named after card kinds (``[[monster]]``, …)."""

    model_config = ConfigDict(extra="forbid", frozen=True, title="Stalker Zone card file")
    format: Literal[1] = 1
    monster: tuple[Monster, ...] = ()
    weapon: tuple[Weapon, ...] = ()
    weapon_mod: tuple[WeaponMod, ...] = ()
    armour: tuple[Armour, ...] = ()
    navigation: tuple[Navigation, ...] = ()
    grenade: tuple[Grenade, ...] = ()
    stimulator: tuple[Stimulator, ...] = ()
    artifact: tuple[Artifact, ...] = ()
    event: tuple[Event, ...] = ()
    order: tuple[Order, ...] = ()
    stalker: tuple[Stalker, ...] = ()


class PackMeta(Model):
    id: CardId
    name: TextField
    version: Annotated[str, Field(pattern=r"^[0-9A-Za-z.+-]+$", min_length=1, max_length=32)]


class PackFile(Model):
    """``pack.toml``: ``format = 1`` and ``[pack] id / name / version``."""

    model_config = ConfigDict(extra="forbid", frozen=True, title="Stalker Zone pack.toml")
    format: Literal[1]
    pack: PackMeta
