"""Value types of the card format (docs/cards.md): ids, numbers with their limits, dice formulas,
texts, numbers per colour and bases; each with the JSON Schema an editor checks it with.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import Field, PlainValidator, Strict, WithJsonSchema

from stalkerzone.content.messages import hint, short
from stalkerzone.engine.core import (
    ALLOWED_SIDES,
    BASES,
    Colour,
    Dice,
    DiceError,
    PerColour,
    Site,
    Text,
)
from stalkerzone.files import shorten

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
_COUNT = r"0{0,3}(?:20|1[0-9]|[1-9])"  # 1..20 dice (engine.core.dice.MAX_DICE), as Dice.parse reads
DICE_SCHEMA: dict[str, Any] = {
    "type": "string",
    "description": "Dice formula: NdS, NdS+K, NdS-K or NdS+MdT+K with 1..20 dice of "
    f"{', '.join(str(s) for s in sorted(ALLOWED_SIDES))} sides (DMG-4).",
    "minLength": 1,
    "maxLength": 32,
    "pattern": rf"^\s*{_COUNT}\s*[dD]\s*({_SIDES})(\s*\+\s*{_COUNT}\s*[dD]\s*({_SIDES}))?"
    r"(\s*[+-]\s*\d{1,4})?\s*$",
    "examples": ["2d6", "1d6+1", "2d6+1d4-1"],
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
