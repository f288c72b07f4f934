"""Money is written one way in each language: an amount is followed by the one abbreviation of
the currency ("150 гр.", "150 gr."), never a second form ("1000 гр", "1000 грин", "1000 грина",
"1000 green") on another screen — every string of both catalogues. A label naming the money
("Деньги (грин)", "Cash") is no amount and may spell it out."""

from __future__ import annotations

import re

import pytest

from stalkerzone.client.text import i18n

UNIT = {"ru": "гр.", "en": "gr."}
AMOUNT_AND_UNIT = {
    # a number or a placeholder, then a word of the currency (with its dot, if any)
    "ru": re.compile(r"(?:\d|\})\s*(гр(?:ин[а-яё]*)?\.?)(?![а-яё])"),
    "en": re.compile(r"(?:\d|\})\s*(gr(?:een)?s?\.?)(?![a-z])"),
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_amount_of_money_is_written_with_the_same_unit(lang: str) -> None:
    found: dict[str, list[str]] = {}
    for key, text in i18n.strings(lang).items():
        for unit in AMOUNT_AND_UNIT[lang].findall(text):
            found.setdefault(unit, []).append(key)
    assert UNIT[lang] in found  # the walk sees the amounts
    others = {unit: keys for unit, keys in found.items() if unit != UNIT[lang]}
    assert not others, others


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_side_panels_line_and_the_shop_write_money_alike(lang: str) -> None:
    i18n.set_language(lang)
    try:
        price = i18n.t("base.price", price=150)
        public = i18n.t("hud_public.line", e=0, trophies=0, orders=0, rep=0, cash=1000)
        picker = i18n.t("picker.cash", cash=1000)
        assert price == f"150 {UNIT[lang]}"
        assert public.endswith(f"1000 {UNIT[lang]}")
        assert picker == f"1000 {UNIT[lang]}"
    finally:
        i18n.set_language("en")
