"""The rules reference as the overlay reads it; no arcade here.

Sections come from :func:`stalkerzone.content.rules_reference.load_rules_reference` with the
variant's numbers filled in. :func:`search` finds words in English *or* Russian whatever the
language shown; :func:`start_section` maps a screen's section ("FIGHT", "EQ-2", a refusal) to the
first matching rule; :func:`abilities_in_play` explains the loaded monsters' abilities with
their actual numbers, custom cards included.
"""

from __future__ import annotations

from dataclasses import dataclass

from stalkerzone.client.text.card_words import ABILITY_RULE, ability_explained, card_name
from stalkerzone.content.rules_reference import load_rules_reference
from stalkerzone.engine.core import CardSet, Colour, Variant


@dataclass(frozen=True, slots=True)
class Shown:
    """A section ready to show: id, title, text with the variant's numbers, topic."""

    id: str
    title: str
    text: str
    topic: str


def sections(lang: str, variant: Variant | None) -> tuple[Shown, ...]:
    """Every section of ``lang`` with the placeholders filled from ``variant``."""
    out = []
    for s in load_rules_reference(lang):
        text = s.filled(variant) if variant is not None else s.text
        out.append(Shown(s.id, s.title, text, s.topic))
    return tuple(out)


def _folded(text: str) -> str:
    return text.casefold().replace("ё", "е")


def search(query: str, lang: str = "en", cards: CardSet | None = None) -> tuple[str, ...]:
    """Ids of the sections whose English or Russian id, title or text holds every word of
    ``query`` (case-insensitive; "ё" = "е"): first those whose id or title holds them all,
    then the others, each group in the order of ``lang``'s reference. The cards an ability
    rule lists as in play (:func:`abilities_in_play`, from ``cards``) count as its text, so
    "hag" or "Лешак" finds the rule of that monster's ability."""
    words = _folded(query).split()
    if not words:
        return tuple(s.id for s in load_rules_reference(lang))
    titles: dict[str, str] = {}
    texts: dict[str, str] = {}
    for code in ("en", "ru"):
        for s in load_rules_reference(code):
            titles[s.id] = f"{titles.get(s.id, '')} {_folded(s.id)} {_folded(s.title)}"
            texts[s.id] = f"{texts.get(s.id, '')} {_folded(s.text)}"
    for rule, names in _monsters_by_ability(cards).items():
        texts[rule] = f"{texts.get(rule, '')} {_folded(' '.join(names))}"
    in_title: list[str] = []
    in_text: list[str] = []
    for s in load_rules_reference(lang):
        title = titles.get(s.id, "")
        if all(word in title for word in words):
            in_title.append(s.id)
        elif all(word in title or word in texts.get(s.id, "") for word in words):
            in_text.append(s.id)
    return (*in_title, *in_text)


def start_section(where: str, lang: str = "en") -> str:
    """The rule id to open for ``where``: an id, an id prefix ("FIGHT"), or a refusal message."""
    ids = [s.id for s in load_rules_reference(lang)]
    if not ids:
        return ""
    where = (where or "").strip()
    head = where.split(":", 1)[0].strip().upper()
    if head in ids:
        return head
    for rule in ids:
        if rule.startswith(head + "-") or (head and rule.startswith(head)):
            return rule
    return ids[0]


def _monsters_by_ability(cards: CardSet | None) -> dict[str, list[str]]:
    """Rule id -> the English and Russian names and the ids of the loaded monsters with that
    ability (what the rule's "in play" list names)."""
    found: dict[str, list[str]] = {}
    if cards is None:
        return found
    for monster in cards.monsters:
        for ability in monster.abilities:
            rule = ABILITY_RULE.get(ability.kind)
            if rule is not None:
                names = (monster.id, monster.name.get("en"), monster.name.get("ru"))
                found.setdefault(rule, []).extend(names)
    return found


def abilities_in_play(cards: CardSet | None, rule: str) -> list[str]:
    """For an ABIL-* rule: each loaded monster with that ability, explained per colour with the
    card's actual numbers ("Earth blind-mole (green): regains 1 health each round…")."""
    kind = next((k for k, r in ABILITY_RULE.items() if r == rule), None)
    if kind is None or cards is None:
        return []
    lines = []
    for monster in cards.monsters:
        for ability in monster.abilities:
            if ability.kind != kind:
                continue
            if kind == "first_strike":
                lines.append(f"{card_name(monster)}: {ability_explained(ability, Colour.GREEN)}")
                continue
            for colour in Colour:
                lines.append(f"{card_name(monster)} — {ability_explained(ability, colour)}")
    return lines
