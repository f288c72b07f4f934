"""English articles by the word's first sound: every weapon class and card kind after "a" or
"an" ("fits an automatic only", not "fits a automatic only"); the catalogues ask for the
article (``{type:a}``) instead of writing "a {…}"; Russian has none."""

from __future__ import annotations

import re

import pytest

from stalkerzone.client.text import i18n
from stalkerzone.client.text.articles import article, with_article
from stalkerzone.client.text.card_words import weapon_type
from tests.support.base import base_cards

# What a reader says: the article each English word takes (weapon classes and card kinds).
EXPECTED = {
    "pistol": "a",
    "rifle": "a",
    "shotgun": "a",
    "automatic": "an",
    "sniper rifle": "a",
    "gauss": "a",
    "Weapon": "a",
    "Weapon mod": "a",
    "Head armour": "a",
    "Body armour": "a",
    "Navigation": "a",
    "Grenade": "a",
    "Stimulator": "a",
    "Artifact": "an",
    "Monster": "a",
    "Order": "an",
    "Event": "an",
    "Stalker": "a",
    "Card": "a",
}
KINDS = (
    "weapon",
    "mod",
    "head",
    "body",
    "navigation",
    "grenade",
    "stimulator",
    "artifact",
    "monster",
    "order",
    "event",
    "stalker",
    "card",
)


def weapon_classes() -> set[str]:
    """Every weapon class of the base set, in English words (weapons' and mods')."""
    cards = base_cards()
    classes = {card.weapon_type for card in cards.weapons}
    classes |= {card.weapon_type for card in cards.weapon_mods}
    return {weapon_type(name) for name in classes}


def test_every_weapon_class_and_card_kind_takes_the_article_of_its_first_sound() -> None:
    words = weapon_classes() | {i18n.t(f"show.kind_{kind}") for kind in KINDS}
    assert "automatic" in words and "Artifact" in words
    for word in sorted(words):
        assert word in EXPECTED, f"{word!r}: which article does it take?"
        assert with_article(word) == f"{EXPECTED[word]} {word}", word


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("uniform", "a"),
        ("hour", "an"),
        ("one-shot", "a"),
        ("SVD", "an"),
        ("TOZ", "a"),
        ("8-round", "an"),
        ("11", "an"),
        ("100", "a"),
        ("", ""),
    ],
)
def test_the_first_sound_decides_not_the_first_letter(word: str, expected: str) -> None:
    assert article(word) == expected


def test_a_mod_for_another_weapon_class_reads_right_in_english_and_russian() -> None:
    for needs in sorted(weapon_classes()):
        for carried in sorted(weapon_classes()):
            line = i18n.t("board_ux.mod_other_weapon", type=needs, carried=carried)
            assert line == f"fits {with_article(needs)} only; you carry {with_article(carried)}"
    assert i18n.t("board_ux.mod_no_weapon", type="automatic").startswith("fits an automatic")
    i18n.set_language("ru")
    line = i18n.t("board_ux.mod_other_weapon", type="автомат", carried="пистолет")
    assert "автомат" in line and not re.search(r"\b(a|an) ", line)


def test_no_english_string_writes_an_article_before_a_field() -> None:
    """ "a {type}" is "a automatic" for some words: the catalogues write ``{type:a}``."""
    pattern = re.compile(r"\b(a|an) \{", re.IGNORECASE)
    for path in sorted((i18n.STRINGS_DIR / "en").glob("*.toml")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert not pattern.search(line), f"{path.name}:{number}: {line}"
