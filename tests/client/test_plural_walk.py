"""Grammar by rule: every string that counts something, rendered with 0, 1, 2, 5, 11 and 21 in
English and Russian, reads the counted word in the form CLDR's plural rules give that number
(ru: 1 and 21 one, 2 few, 0, 5 and 11 many; en: 1 one, the rest other), never a hard-coded
"1 cards" or "21 карт"; percents and decimals in each language's own number format."""

from __future__ import annotations

import re
import string
from collections.abc import Iterator

import pytest

from stalkerzone.client.text import engine_text, i18n
from stalkerzone.content.loader import load_packs
from stalkerzone.engine.core import Note

COUNTS = (0, 1, 2, 5, 11, 21)
# The CLDR categories of COUNTS, written out here (not asked of the code under test).
CATEGORY = {
    "en": {0: "other", 1: "one", 2: "other", 5: "other", 11: "other", 21: "other"},
    "ru": {0: "many", 1: "one", 2: "few", 5: "many", 11: "many", 21: "one"},
}
FORM_INDEX = {"en": {"one": 0, "other": 1}, "ru": {"one": 0, "few": 1, "many": 2}}
# Parameters that hold a count (a number of things, not a price or a stat value).
COUNT_NAMES = frozenset(
    {
        "n",
        "count",
        "steps",
        "rounds",
        "cards",
        "problems",
        "cap",
        "turns",
        "rolls",
        "attacks",
        "need",
        "free",
        "total",
    }
)


@pytest.fixture
def lang_of() -> Iterator[None]:
    before = i18n.language()
    yield
    i18n.set_language(before)


def fields(template: str) -> list[str]:
    return [name for _, name, _, _ in string.Formatter().parse(template) if name]


def plural_words(lang: str) -> dict[str, list[str]]:
    table = i18n.strings(lang)
    return {
        k.removeprefix("plural."): v.split("|") for k, v in table.items() if k.startswith("plural.")
    }


def counted_keys(lang: str) -> dict[str, str]:
    """Every string whose template takes a count: a ``{n@word}`` field or a count-named field."""
    found = {}
    for key, template in i18n.strings(lang).items():
        names = fields(template)
        if any("@" in name or name in COUNT_NAMES for name in names):
            found[key] = template
    return found


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_plural_word_has_one_form_per_category(lang: str) -> None:
    words = plural_words(lang)
    assert {"round", "card", "step", "problem", "grenade"} <= set(words)
    for word, forms in words.items():
        assert len(forms) == len(FORM_INDEX[lang]), f"{lang}: plural.{word} = {forms}"
        assert all(form.strip() for form in forms), f"{lang}: plural.{word} has an empty form"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_counted_message_agrees_with_its_number(lang: str, lang_of: None) -> None:
    i18n.set_language(lang)
    words = plural_words(lang)
    keys = counted_keys(lang)
    assert len(keys) >= 20, sorted(keys)
    every_form = {form for forms in words.values() for form in forms}
    problems = []
    for key, template in sorted(keys.items()):
        names = [name.split("@")[0] for name in fields(template)]
        for count in COUNTS:
            values: dict[str, object] = {
                name: count
                if name in COUNT_NAMES or any(f.startswith(f"{name}@") for f in fields(template))
                else "X"
                for name in names
            }
            text = i18n.format_text(template, values)
            if "{" in text or "}" in text:
                problems.append(f"{lang} {key} [{count}]: {text!r}")
            index = FORM_INDEX[lang][CATEGORY[lang][count]]
            for name in fields(template):
                if "@" in name:
                    word = name.split("@", 1)[1]
                    expected = words[word][index]
                    if not re.search(rf"(?<!\d){count} (\w+ )?{re.escape(expected)}\b", text):
                        problems.append(f"{lang} {key} [{count}]: {text!r} lacks {expected!r}")
            # no counted word in another form right after the number ("1 cards", "21 карт")
            for form in every_form:
                right = {forms[index] for forms in words.values() if form in forms}
                if form not in right and re.search(rf"(?<!\d){count} {re.escape(form)}\b", text):
                    problems.append(f"{lang} {key} [{count}]: {text!r} has {form!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    ("lang", "steps", "word"),
    [
        ("en", 1, "hex"),
        ("en", 21, "hexes"),
        ("ru", 1, "гекс"),
        ("ru", 2, "гекса"),
        ("ru", 5, "гексов"),
        ("ru", 11, "гексов"),
        ("ru", 21, "гекс"),
    ],
)
def test_a_move_in_the_log_counts_its_hexes(
    lang: str, steps: int, word: str, lang_of: None
) -> None:
    i18n.set_language(lang)
    note = Note("TURN-2", "moved", "x", player="Anna", steps=steps, sector="A")
    assert f" {steps} {word} " in engine_text.words(note) + " "


def test_cldr_categories_from_babel() -> None:
    for lang, expected in CATEGORY.items():
        assert {n: i18n.plural_category(lang, n) for n in COUNTS} == expected


@pytest.mark.parametrize(
    ("lang", "chances", "decimal"),
    [
        ("en", ("83.3%", "<0.1%", ">99.9%", "100.0%", "0.0%"), "2.5"),
        ("ru", ("83,3\u00a0%", "<0,1\u00a0%", ">99,9\u00a0%", "100,0\u00a0%", "0,0\u00a0%"), "2,5"),
    ],
)
def test_numbers_in_each_languages_format(
    lang: str, chances: tuple[str, ...], decimal: str, lang_of: None
) -> None:
    i18n.set_language(lang)
    assert tuple(i18n.percent(p) for p in (0.8333, 0.0004, 0.9996, 1.0, 0.0)) == chances
    assert i18n.number(2.5) == decimal


def test_a_packs_name_in_the_players_language(lang_of: None) -> None:
    """The new-game screen names a pack in the language in use ("Базовый набор", not "Base set")."""
    base = next(p for p in load_packs(include_user=False).packs if p.name == "Base set")
    assert base.title is not None
    i18n.set_language("ru")
    assert i18n.card_text(base.title) == "Базовый набор"


@pytest.mark.parametrize(
    ("lang", "n", "expected"),
    [
        ("en", "1.7", "won 1.7 fights more"),
        ("en", "1.0", "won 1.0 fights more"),
        ("en", 1, "won 1 fight more"),
        ("ru", "1,7", "на 1,7 победы больше"),
        ("ru", "0,4", "на 0,4 победы больше"),
        ("ru", 2, "на 2 победы больше"),
        ("ru", 5, "на 5 побед больше"),
        ("ru", 21, "на 21 победу больше"),
    ],
)
def test_a_printed_fraction_is_counted_by_its_visible_decimals(
    lang: str, n: object, expected: str, lang_of: None
) -> None:
    """CLDR counts "1.0" as other (visible decimals), so a fraction never reads "1.0 fight"."""
    i18n.set_language(lang)
    assert expected in i18n.t("story.luck_more", name="Anna", n=n)


# A player's name and a card's name have no known grammatical gender: a Russian past-tense verb
# or short participle/adjective must not agree with one ("Анна торговал", "Аптечка: поставлен").
# It may agree with a noun written before the name ("граната «{card}» уже израсходована").
NAMED = re.compile(
    r"(?<![а-яё] «)\{(card|name|player|stalker|owner|monster|artifact|event)\}[»:]?\s*"
    r"(?:—\s*)?(?:уже\s+|не\s+|ещё\s+)?([а-яё]{4,})"
)
GENDERED = re.compile(r"(?:[аеиоуыяё]л[аио]?|л[ао]?сь|лся|[аяеё]н[аоы]?|[иы]т[аоы]|вн[аоы])$")
# Lines shown beside a card's name on their own (the card's state or where it came from).
BESIDE_A_CARD = (
    "base.active",
    "base.in_backpack",
    "reveal.from_red",
    "reveal.from_anomaly",
    "reveal.from_event",
    "reveal.from_loot",
    "reveal.from_shop",
    "reveal.left_behind",
    "gained.note_full",
)


def test_no_russian_word_agrees_with_a_name_of_unknown_gender() -> None:
    table = i18n.strings("ru")
    found = [
        f"{key}: {match.group(2)!r} in {template!r}"
        for key, template in sorted(table.items())
        for match in NAMED.finditer(template)
        if GENDERED.search(match.group(2))
    ]
    found += [
        f"{key}: {word!r} in {table[key]!r}"
        for key in BESIDE_A_CARD
        for word in re.findall(r"[а-яё]{4,}", table[key])
        if GENDERED.search(word)
    ]
    assert not found, "\n".join(found)


# A Russian verb that takes a card as its object wants the accusative, which a card's name in
# the nominative cannot give ("теряет Кожаная куртка"): the name comes after a colon or a noun
# ("теряет карту: «Кожаная куртка»"), never straight after the verb.
VERB_THEN_CARD = re.compile(
    r"(?:^|\s)([а-яё]{3,}(?:ет|ёт|ит|ат|ят|ть|ти))\s+«?\{(card|monster|artifact|trophy)\}"
)


def test_no_russian_verb_takes_a_cards_name_as_its_object() -> None:
    table = i18n.strings("ru")
    found = [
        f"{key}: {match.group(0).strip()!r} in {template!r}"
        for key, template in sorted(table.items())
        for match in VERB_THEN_CARD.finditer(template)
    ]
    named_grenade = table["fight.do_grenade_named"]
    if not re.search(r"гранату «\{name\}»", named_grenade):
        found.append(f"fight.do_grenade_named: {named_grenade!r}")
    assert not found, "\n".join(found)


def test_a_sure_chance_with_rounding_error_prints_as_sure(lang_of: None) -> None:
    """Win 0.0 % beside death >99.9 % did not add up: a sum's float error is no chance."""
    i18n.set_language("en")
    assert i18n.percent(1 - 1e-13) == "100.0%" and i18n.percent(1e-15) == "0.0%"
    assert i18n.percent(1 - 1e-6) == ">99.9%" and i18n.percent(1e-6) == "<0.1%"


def test_russian_danger_colour_and_slot_tip_agree(lang_of: None) -> None:
    """Russian agreement: a danger's colour agrees with the noun it is printed after (the
    colour words are masculine), and a card goes "into a slot" (в ячейку), singular."""
    i18n.set_language("ru")
    green = i18n.t("engine_words.colour_green")
    line = i18n.t("notes.fight_danger", player="Alex", card="Псевдособака", colour=green)
    assert line.endswith("(цвет опасности: зелёный)"), line
    assert "в ячейку" in i18n.t("stalker.tip_activate")
