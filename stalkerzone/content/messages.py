"""Validation errors in the card author's words (docs/cards.md "Tools for card authors").

Turns one pydantic error into a plain sentence: no validator phrasing, correct articles and
plurals, and for a typo the closest valid value from the list that applies there.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

ID_RULE = "an id: use lower-case letters, digits and '-' only, e.g. 'big-gun'"
VERSION_RULE = "a version: use letters, digits, '.', '+' and '-' only, e.g. '1.0'"
_PATTERNS = {"^[a-z0-9-]+$": ID_RULE, "^[0-9A-Za-z.+-]+$": VERSION_RULE}
_SHAPES = {
    "model_type": "a table such as { key = value }",
    "model_attributes_type": "a table such as { key = value }",
    "dict_type": "a table such as { key = value }",
    "tuple_type": "a list such as [ … ]",
    "list_type": "a list such as [ … ]",
    "set_type": "a list such as [4, 5, 6]",
    "frozen_set_type": "a list such as [4, 5, 6]",
    "string_type": "text in quotes",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
}


def short(value: object, limit: int = 60) -> str:
    """``repr`` of a value given in a card, cut to ``limit`` characters."""
    try:
        text = repr(value)
    except RecursionError:
        text = "..."
    return text if len(text) <= limit else text[: limit - 3] + "..."


def odd_character(value: object) -> str:
    """Where a text holds a character an author cannot see or tell apart from a Latin one
    (a Cyrillic 'а', a zero-width space, a no-break space): ``"; character 2 is U+0430
    CYRILLIC SMALL LETTER A, which looks like 'a'"``; empty when there is none."""
    if not isinstance(value, str):
        return ""
    import unicodedata  # only when a value is wrong: not on every start-up

    for position, char in enumerate(value, start=1):
        if char.isascii() and char.isprintable() and char != " ":
            continue
        name = unicodedata.name(char, "an unnamed character")
        code = f"U+{ord(char):04X} {name}"
        if not char.isprintable() or unicodedata.category(char) in ("Cf", "Zs", "Zl", "Zp"):
            return f"; character {position} is an invisible {code}: delete it and type it again"
        plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
        looks = _LOOKALIKES.get(char, plain)
        if looks:
            return f"; character {position} is {code}, which looks like '{looks}'"
        return f"; character {position} is {code}"
    return ""


_LOOKALIKES = dict(zip("аеорсухкмтвнАВЕКМНОРСТХіјѕԁ", "aeopcyxkmtbhABEKMHOPCTXijsd", strict=True))
"""Cyrillic letters drawn like Latin ones (what a keyboard layout slip puts in an id)."""


def article(word: str) -> str:
    """``a monster``, ``an artifact``."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def count_of(number: int, noun: str) -> str:
    """``1 card``, ``2 cards``, ``3 problems``."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def closest(value: object, choices: Iterable[str]) -> str | None:
    """The valid value a typo most likely meant (``None`` when nothing is close)."""
    if not isinstance(value, str):
        return None
    options = list(choices)
    lowered = {c.lower(): c for c in options}
    if value.lower() in lowered:
        return lowered[value.lower()]
    import difflib  # only when a value is wrong: not on every start-up

    found = difflib.get_close_matches(value.lower(), list(lowered), n=1, cutoff=0.6)
    return lowered[found[0]] if found else None


def hint(value: object, choices: Sequence[str]) -> str:
    """``" (did you mean 'village'?)"`` for a typo, else nothing."""
    best = closest(value, choices)
    return f" (did you mean '{best}'?)" if best is not None and best != value else ""


def one_of(expected: str) -> tuple[str, list[str]]:
    """pydantic's ``'a', 'b' or 'c'`` as ``("'a', 'b' or 'c'", ["a", "b", "c"])``."""
    parts = [p.strip() for p in expected.replace(" or ", ", ").split(", ") if p.strip()]
    return expected, [p.strip("'") for p in parts]


def _choice(value: object, expected: str) -> str:
    text, values = one_of(expected)
    if len(values) == 1:
        return f"must be {text}, not {short(value)}"
    return f"must be {text}, not {short(value)}{hint(value, values)}"


def author_message(
    error: Mapping[str, Any], allowed: Sequence[str] | None = None
) -> tuple[str, str]:
    """(extra field suffix, message) for one pydantic error.

    ``allowed``: the keys allowed in the table of an unknown key (for its hint).
    """
    kind = error["type"]
    ctx = error.get("ctx") or {}
    got = error.get("input")
    if kind == "union_tag_invalid":
        tags = [t.strip().strip("'") for t in str(ctx.get("expected_tags", "")).split(",")]
        tag = ctx.get("tag")
        return "kind", f"unknown kind '{tag}'{hint(tag, tags)}; known kinds: {', '.join(tags)}"
    if kind == "union_tag_not_found":
        return "kind", "missing 'kind'"
    if kind == "missing":
        return "", "required key is missing"
    if kind == "extra_forbidden":
        if not allowed:
            return "", "unknown key"
        return (
            "",
            f"unknown key{hint(error['loc'][-1], allowed)}; allowed keys: {', '.join(allowed)}",
        )
    if kind == "value_error":
        return "", str(ctx.get("error", error["msg"])).removeprefix("Value error, ")
    if kind in {"int_type", "int_parsing", "int_from_float"}:
        return "", f"must be a whole number, not {short(got)}"
    if kind in {"literal_error", "enum"}:
        return "", _choice(got, str(ctx.get("expected", "")))
    if kind in {"greater_than_equal", "greater_than"}:
        low = ctx.get("ge", ctx.get("gt"))
        return "", f"must be at least {low}, not {short(got)}"
    if kind in {"less_than_equal", "less_than"}:
        high = ctx.get("le", ctx.get("lt"))
        return "", f"must be at most {high}, not {short(got)}"
    if kind == "string_pattern_mismatch":
        rule = _PATTERNS.get(str(ctx.get("pattern")), "written as expected here")
        return "", f"{short(got)} is not {rule}{odd_character(got)}"
    if kind == "string_too_short":
        return "", "must not be empty"
    if kind == "string_too_long":
        return "", f"must be at most {ctx.get('max_length')} characters long"
    if kind == "too_short":
        return "", f"give at least {count_of(int(ctx.get('min_length', 1)), 'value')}"
    if kind == "too_long":
        return "", f"give at most {count_of(int(ctx.get('max_length', 1)), 'value')}"
    if kind in _SHAPES:
        return "", f"must be {_SHAPES[kind]}, not {short(got)}"
    return "", f"is not valid here: {short(got)}"
