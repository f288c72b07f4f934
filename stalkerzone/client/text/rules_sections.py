"""The rules reference as the overlay reads it; no arcade here.

Sections come from :func:`stalkerzone.content.rules_reference.load_rules_reference` with the
variant's numbers filled in. :func:`search` finds words in English *or* Russian whatever the
language shown; :func:`start_section` maps a screen's section ("FIGHT", "EQ-2", a refusal) to the
first matching rule; :func:`abilities_in_play` explains the loaded monsters' abilities with
their actual numbers, custom cards included.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from stalkerzone.client.text import i18n
from stalkerzone.client.text.card_words import ABILITY_RULE, ability_explained, card_name
from stalkerzone.client.tutorial.script import load_lesson
from stalkerzone.content.rules_reference import load_rules_reference, section_for
from stalkerzone.engine.core import CardSet, Colour, Text, Variant


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
    known = {"lesson_steps": len(load_lesson().steps)}  # TURN-1 names the lesson's steps
    for s in load_rules_reference(lang):
        text = s.filled(variant, known) if variant is not None else s.text
        out.append(Shown(s.id, s.title, text, s.topic))
    return tuple(out)


def rule_tip(rule: str) -> str:
    """A tooltip's line naming a rule as the player knows it, by its title in the rules
    reference ("Rule “A turn” (F1 for the rules)"), never by its id; a rule the reference
    does not hold is left to F1."""
    section = section_for(rule, i18n.language())
    if section is None:
        return i18n.t("kit.tip_rules_key")
    return i18n.t("kit.tip_rule_named", title=section.title)


def _folded(text: str) -> str:
    return text.casefold().replace("ё", "е")


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", _folded(text))


def _match(word: str, words: set[str], starts: tuple[str, ...]) -> int:
    """How well a query word matches a text's words: 3 a whole word, 2 a word's start, 1 inside
    a word (only searched when nothing matches better), 0 not at all."""
    if word in words:
        return 3
    if any(w.startswith(word) for w in starts):
        return 2
    return 1 if any(word in w for w in starts) else 0


def search(query: str, lang: str = "en", cards: CardSet | None = None) -> tuple[str, ...]:
    """Ids of the sections whose English or Russian id, title or text holds every word of
    ``query`` (case-insensitive; "ё" = "е"), best first: those whose id or title holds them,
    then whole words before word starts ("boar" finds "Boar" before "board"), then the order
    of ``lang``'s reference; a word found only inside longer words counts only when nothing holds
    it better. The names of the loaded cards count as the text of the rule for their kind
    (:func:`_rules_by_card_name`: a monster's name finds its ability's rule, else FIGHT-1; an
    order's name ORDER-1), so "Boar hunt" or "Лешак" finds its rule."""
    query_words = _words(query)
    if not query_words:
        return tuple(s.id for s in load_rules_reference(lang))
    titles: dict[str, list[str]] = {}
    texts: dict[str, list[str]] = {}
    for code in ("en", "ru"):
        for s in load_rules_reference(code):
            titles.setdefault(s.id, []).extend([s.id.casefold(), *_words(f"{s.id} {s.title}")])
            texts.setdefault(s.id, []).extend(_words(s.text))
    for rule, names in _rules_by_card_name(cards).items():
        texts.setdefault(rule, []).extend(_words(" ".join(names)))
    ranked: list[tuple[int, int, int, int, str]] = []
    for order, s in enumerate(load_rules_reference(lang)):
        title = tuple(titles.get(s.id, []))
        both = (*title, *texts.get(s.id, []))
        title_set, both_set = set(title), set(both)
        in_title = [_match(w, title_set, title) for w in query_words]
        anywhere = [
            max(t, _match(w, both_set, both)) for w, t in zip(query_words, in_title, strict=True)
        ]
        if min(anywhere) == 0:
            continue
        strength = min(anywhere)
        place = 0 if min(in_title) >= min(2, strength) else 1
        ranked.append((strength, place, -strength, order, s.id))
    if any(r[0] > 1 for r in ranked):
        ranked = [r for r in ranked if r[0] > 1]  # inside-word hits only when nothing better
    ranked.sort(key=lambda r: r[1:])
    return tuple(r[-1] for r in ranked)


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


def _cards_by_rule(cards: CardSet | None) -> dict[str, list[tuple[str, Text]]]:
    """Rule id -> (card id, name) of the loaded cards it covers (a trophy has no id of its own:
    ""): every monster (its ability's
    ABIL-* rule, what the rule's "in play" list names, else FIGHT-1; its trophy TROPHY-1),
    every order (ORDER-1) and every event (EVENT-1)."""
    found: dict[str, list[tuple[str, Text]]] = {}
    if cards is None:
        return found
    for monster in cards.monsters:
        rules = [r for a in monster.abilities if (r := ABILITY_RULE.get(a.kind)) is not None]
        for rule in rules or ["FIGHT-1"]:  # the rule that says most about fighting it
            found.setdefault(rule, []).append((monster.id, monster.name))
        found.setdefault("TROPHY-1", []).append(("", monster.trophy))  # the id is the monster's
    for order in cards.orders:
        found.setdefault("ORDER-1", []).append((order.id, order.name))
    for event in cards.events:
        found.setdefault("EVENT-1", []).append((event.id, event.name))
    return found


def _rules_by_card_name(cards: CardSet | None) -> dict[str, list[str]]:
    """Rule id -> the English and Russian names of the loaded cards it covers (names only: an
    id such as "order-dog-trouble" would have every order found by "or")."""
    return {
        rule: [word for _card_id, name in named for word in _both(name) if word]
        for rule, named in _cards_by_rule(cards).items()
    }


def _both(name: Text) -> tuple[str, str]:
    return name.get("en"), name.get("ru")


def found_in(
    query: str, rule: str, lang: str = "en", cards: CardSet | None = None
) -> tuple[list[str], list[str]]:
    """Why :func:`search` lists ``rule`` for ``query``, as a player can see it: the words of
    the rule's title and text in ``lang`` that the query's words match (whole words if any,
    else word starts, else words holding it), and the names in ``lang`` of the loaded cards the
    rule covers that the query names (a match a player cannot see in the rule's text)."""
    query_words = _words(query)
    if not query_words:
        return [], []
    words = _text_words(query_words, rule, lang)
    names = []
    for _card_id, name in _cards_by_rule(cards).get(rule, []):
        card_words = set(_words(" ".join(_both(name))))
        if all(any(w.startswith(q) for w in card_words) for q in query_words):
            shown = name.get(lang)
            if shown not in names:
                names.append(shown)
    return words, names[:6]


def found_in_other_language(query: str, rule: str, lang: str = "en") -> list[str]:
    """The words of ``rule``'s text in the other language that ``query`` matches (the search
    reads both: "boar" lists a rule whose English text says "board", which the Russian page
    shown cannot hold)."""
    return _text_words(_words(query), rule, "ru" if lang == "en" else "en")


def _text_words(query_words: list[str], rule: str, lang: str) -> list[str]:
    section = next((s for s in load_rules_reference(lang) if s.id == rule), None)
    if not query_words or section is None:
        return []
    text = list(dict.fromkeys(_words(f"{section.title} {section.text}")))
    words: list[str] = []
    for word in query_words:
        for level in (3, 2, 1):  # whole words, else word starts, else inside words (_match)
            hits = [w for w in text if _match(word, {w}, (w,)) == level]
            if hits:
                words += [w for w in hits[:4] if w not in words]
                break
    return words


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
