"""The rules reference's numbers from the variant agree with the words they count (CLDR plural
rules, en and ru): no "carry 1 Elements", "С 1 Элементами", "нужны 1 Элемента"."""

from __future__ import annotations

import dataclasses
import re

import pytest

from stalkerzone.client.text import i18n
from stalkerzone.content.rules_reference import (
    counted_word,
    counted_words,
    load_rules_reference,
)
from stalkerzone.content.variants import VARIANT_NAMES, load_variant
from stalkerzone.engine.core import Variant

COUNTS = (1, 2, 5, 21)


def _with_counts(variant: Variant, count: int) -> Variant:
    return dataclasses.replace(
        variant,
        start_money=count,
        start_health=count,
        base_movement=count,
        elements_required=count,
        grenade_cap=count,
        active_artifacts=count,
        max_open_orders=count,
        heal_price=count,
    )


def _all_forms(lang: str) -> dict[str, str]:
    """Every form of every counted word the client or the reference knows -> its word."""
    forms: dict[str, str] = {}
    for word, own in counted_words(lang).items():
        for form in own:
            forms[form.casefold()] = word
    for key, text in i18n.strings(lang).items():
        if key.startswith("plural."):
            for form in text.split("|"):
                forms.setdefault(form.casefold(), key.removeprefix("plural."))
    return forms


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("variant_name", VARIANT_NAMES)
@pytest.mark.parametrize("count", COUNTS)
def test_every_number_in_the_rules_agrees_with_the_word_it_counts(
    lang: str, variant_name: str, count: int
) -> None:
    variant = _with_counts(load_variant(variant_name), count)
    forms = _all_forms(lang)
    wrong = []
    for section in load_rules_reference(lang):
        text = section.filled(variant)
        for match in re.finditer(rf"(?<![\d.,]){count} (\w+)", text):
            word = forms.get(match.group(1).casefold())
            if word is None:
                continue
            right = counted_word(lang, word, count)
            if match.group(1).casefold() != right.casefold():
                wrong.append(f"{section.id}: {text[max(0, match.start() - 20) : match.end()]!r}")
    assert not wrong, wrong


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_counted_words_follow_the_clients_plural_forms(lang: str) -> None:
    """The reference's own forms pick the same form as the client's CLDR mechanism."""
    previous = i18n.language()
    i18n.set_language(lang)
    try:
        for word in counted_words(lang):
            if not i18n.has(f"plural.{word}"):
                continue
            for count in (*COUNTS, 0, 11, 22, 111):
                assert counted_word(lang, word, count) == i18n.plural(word, count)
    finally:
        i18n.set_language(previous)


def test_the_element_count_reads_right_in_both_languages() -> None:
    one = _with_counts(load_variant("express"), 1)
    en = {s.id: s.filled(one) for s in load_rules_reference("en")}
    ru = {s.id: s.filled(one) for s in load_rules_reference("ru")}
    assert "carry 1 Element before" in en["DEATH-4"]
    assert "With 1 Element a stalker" in en["WIN-1"]
    assert "собрать 1 Элемент," in ru["DEATH-4"]
    assert "Собрав 1 Элемент," in ru["WIN-1"]
    five = _with_counts(load_variant("standard"), 5)
    assert any("Собрав 5 Элементов," in s.filled(five) for s in load_rules_reference("ru"))
