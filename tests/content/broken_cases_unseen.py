"""Broken card packs whose mistake an author cannot see or easily tell: a look-alike or an
invisible character in an id, ``[[abilities]]`` at the top level, an art path with ``\\`` or in
other capitals, art that is not a picture, a key given twice (docs/cards.md); read with
``broken_cases.CASES`` by ``test_content_broken``."""

from __future__ import annotations

from tests.content.broken_cases import Case, monster, weapon

UNSEEN: dict[str, Case] = {
    "id-with-cyrillic-letter": Case(
        {"cards.toml": monster(card_id="r\u0430t")},
        "cards.toml",
        2,
        "r\u0430t",
        "id",
        "character 2 is U+0430 CYRILLIC SMALL LETTER A, which looks like 'a'",
    ),
    "id-with-zero-width-space": Case(
        {"cards.toml": monster(card_id="rat\u200b")},
        "cards.toml",
        2,
        "rat\u200b",
        "id",
        "character 4 is an invisible U+200B ZERO WIDTH SPACE",
    ),
    "abilities-at-top-level": Case(
        {"cards.toml": monster() + '\n[[abilities]]\nkind = "paralysis"\n'},
        "cards.toml",
        9,
        "-",
        "abilities",
        "write [[monster.abilities]] right after its [[monster]]",
    ),
    "art-path-with-backslash": Case(
        {
            "cards.toml": weapon(extra='art = "art\\\\gun.png"\n'),
            "art/gun.png": b"\x89PNG\r\n\x1a\n",
        },
        "cards.toml",
        7,
        "gun",
        "art",
        "write '/' between folders, not '\\': 'art/gun.png'",
    ),
    "art-path-in-other-capitals": Case(
        {"cards.toml": weapon(extra='art = "art/gun.png"\n'), "art/Gun.png": b"\x89PNG\r\n\x1a\n"},
        "cards.toml",
        7,
        "gun",
        "art",
        "did you mean 'art/Gun.png'? names differ in capitals",
    ),
    "art-that-is-html": Case(
        {
            "cards.toml": weapon(extra='art = "art/gun.png"\n'),
            "art/gun.png": "<!DOCTYPE html><p>404",
        },
        "cards.toml",
        7,
        "gun",
        "art",
        "is not a PNG or JPEG picture (it holds text such as HTML or SVG",
    ),
    "key-given-twice": Case(
        {"cards.toml": weapon().replace("price = 300", "price = 300\nprice = 200")},
        "cards.toml",
        6,
        "gun",
        "price",
        "'price' is given twice in card 'gun'",
        spare=False,
    ),
}
