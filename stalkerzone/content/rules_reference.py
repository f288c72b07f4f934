"""The in-game rules reference: one section per rule id of docs/rules.md, in English and Russian.

The text lives in ``stalkerzone/content/rules/<lang>.toml`` (written in our own words). Numbers
that a variant sets appear as placeholders such as ``{elements_required}``; :func:`fill` puts in
the numbers of the variant in force, and a counted word after a number is written
``{elements_required@element}``: the word's form for that number by CLDR's plural rules
(Babel), from the file's ``[plural]`` table ("1 Element", "2 Элемента", "5 Элементов").
Every refusal of the engine starts with a rule id, so the client can open the matching
section (:func:`section_for`).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel import Locale

from stalkerzone.engine.core import Site, Terrain, Variant
from stalkerzone.errors import UserError

RULES_DIR = Path(__file__).resolve().parent / "rules"
LANGUAGES = ("en", "ru")
TOPICS = (
    "map",
    "stalker",
    "equipment",
    "fight",
    "monsters",
    "trophy",
    "death",
    "base",
    "zone",
    "turn",
)
_RULE_ID = re.compile(r"^([A-Z]+(?:-[A-Z0-9]+)+):")


@dataclass(frozen=True, slots=True)
class RuleSection:
    """One rule: its id (``"BASE-1"``), a title, the text (with placeholders), a topic and the
    language it is written in."""

    id: str
    title: str
    text: str
    topic: str
    lang: str = "en"

    def filled(self, variant: Variant, known: Mapping[str, int] | None = None) -> str:
        """The text with the variant's numbers (and ``known`` ones) in place of the
        placeholders (see :func:`fill`)."""
        return fill(self.text, variant, self.lang, known)


def _read(lang: str) -> tuple[Path, dict[str, object]]:
    path = RULES_DIR / f"{lang}.toml"
    try:
        return path, tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise UserError(f"{path}: cannot read the rules reference: {error}") from None


@cache
def counted_words(lang: str = "en") -> dict[str, tuple[str, ...]]:
    """The ``[plural]`` table of one language: word -> its forms in :data:`PLURAL_ORDER`."""
    if lang not in LANGUAGES:
        lang = "en"
    path, data = _read(lang)
    table = data.get("plural", {})
    if not isinstance(table, dict):
        raise UserError(f'{path}: plural: must be a table of word = "form|form"')
    return {str(word): tuple(str(forms).split("|")) for word, forms in table.items()}


# The order of the "|"-separated forms of a counted word per language, by CLDR category.
PLURAL_ORDER: dict[str, tuple[str, ...]] = {"en": ("one", "other"), "ru": ("one", "few", "many")}


def counted_word(lang: str, word: str, count: int) -> str:
    """``word``'s form for ``count`` in ``lang`` by CLDR's plural rules (en: 1 Element, 2
    Elements; ru: 1 Элемент, 2 Элемента, 5 Элементов, 21 Элемент); unknown words stay."""
    forms = counted_words(lang).get(word)
    if not forms:
        return word
    order = PLURAL_ORDER.get(lang, PLURAL_ORDER["en"])
    category = str(Locale.parse(lang if lang in LANGUAGES else "en").plural_form(abs(count)))
    index = order.index(category) if category in order else len(order) - 1
    return forms[min(index, len(forms) - 1)]


@cache
def load_rules_reference(lang: str = "en") -> tuple[RuleSection, ...]:
    """The sections of one language, in the rules' order; unknown languages fall back to English."""
    if lang not in LANGUAGES:
        lang = "en"
    path, data = _read(lang)
    raw_sections = data.get("section", [])
    if not isinstance(raw_sections, list):
        raise UserError(f"{path}: section: must be a list of [[section]] tables")
    sections = []
    for k, raw in enumerate(raw_sections):
        try:
            section = RuleSection(
                id=str(raw["id"]),
                title=str(raw["title"]),
                text=str(raw["text"]),
                topic=str(raw["topic"]),
                lang=lang,
            )
        except KeyError as error:
            raise UserError(f"{path}: section {k + 1}: missing key {error}") from None
        if section.topic not in TOPICS:
            raise UserError(f"{path}: {section.id}: topic: unknown topic '{section.topic}'")
        sections.append(section)
    return tuple(sections)


def section_for(message_or_id: str, lang: str = "en") -> RuleSection | None:
    """The section a refusal ("BASE-1: …") or a rule id names, if there is one."""
    match = _RULE_ID.match(message_or_id)
    rule = match.group(1) if match else message_or_id.strip()
    return next((s for s in load_rules_reference(lang) if s.id == rule), None)


def placeholders(variant: Variant) -> dict[str, str]:
    """Every placeholder the reference text may use, with this variant's numbers."""
    costs = variant.terrain_cost
    open_cost = costs.get(Terrain.OPEN)
    return {
        "start_money": str(variant.start_money),
        "start_health": str(variant.start_health),
        "base_movement": str(variant.base_movement),
        "elements_required": str(variant.elements_required),
        "grenade_cap": str(variant.grenade_cap),
        "active_artifacts": str(variant.active_artifacts),
        "max_open_orders": str(variant.max_open_orders),
        "road_cost": str(variant.road_cost),
        "cost_open": "-" if open_cost is None else str(open_cost),
        "heal_price": str(variant.heal_price),
        "resale_divisor": str(variant.resale_divisor),
        "rep_village": str(variant.reputation_needed(Site.VILLAGE)),
        "rep_military_base": str(variant.reputation_needed(Site.MILITARY_BASE)),
        "rep_laboratory": str(variant.reputation_needed(Site.LABORATORY)),
    }


_PLACEHOLDER = re.compile(r"\{([a-z_]+)(?:@([a-z_]+))?\}")


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_UNKNOWN = "\x00"


def fill(
    text: str, variant: Variant, lang: str = "en", known: Mapping[str, int] | None = None
) -> str:
    """Replace ``{name}`` placeholders with the variant's numbers and ``{name@word}`` with
    ``word``'s form for that number in ``lang``. Numbers that only the reader of the text
    knows come in ``known`` (the client's lesson steps: ``{lesson_steps}``); a sentence with
    a number not known here is left out (the browser's reference has no lesson)."""
    values = placeholders(variant) | {name: str(n) for name, n in (known or {}).items()}

    def one(match: re.Match[str]) -> str:
        value = values.get(match.group(1))
        if value is None:
            return _UNKNOWN
        word = match.group(2)
        if word is None:
            return value
        return counted_word(lang, word, int(value)) if value.lstrip("-").isdigit() else word

    filled = _PLACEHOLDER.sub(one, text)
    if _UNKNOWN not in filled:
        return filled
    return " ".join(s for s in _SENTENCE_END.split(filled) if _UNKNOWN not in s)
