"""Each effect of a card is read once on its face and in its tooltip: the card's own text, when
it restates what the summary line says ("+1 to escape rolls."), is left out, and only what it
adds is shown ("adds up with a map or a navigator")."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from stalkerzone.client.render.card_face import card_flavour
from stalkerzone.client.screens.stalker.presenter import card_tip
from stalkerzone.client.text import i18n
from stalkerzone.client.text.card_words import card_name, card_summary
from stalkerzone.engine.core import Artifact
from tests.support.base import base_cards

AMOUNT = re.compile(r"(?<!\w)[+\-−]\d+")


def amounts(text: str) -> Counter[str]:
    return Counter(m.replace("−", "-") for m in AMOUNT.findall(text))


@pytest.mark.parametrize("language", ["en", "ru"])
def test_no_card_of_the_base_set_repeats_a_line_or_an_effect(language: str) -> None:
    i18n.set_language(language)
    checked = 0
    for card in base_cards():
        summary = card_summary(card)
        shown = [line for line in (summary, card_flavour(card)) if line]
        assert len(shown) == len({line.rstrip(".").casefold() for line in shown}), shown
        # every signed amount appears as often as the summary shows it, not twice
        assert amounts(" ".join(shown)) == amounts(summary), (language, card.id, shown)
        tip = card_tip(card, "", "", locked=True).split("\n")
        assert tip[0] == card_name(card) and amounts("\n".join(tip)) == amounts(summary), tip
        checked += 1
    assert checked > 40


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_card_text_that_adds_a_rule_keeps_it(language: str) -> None:
    i18n.set_language(language)
    cards = {card.id: card for card in base_cards()}
    syt = cards["syt-grass"]
    flash = cards["flash"]
    assert isinstance(syt, Artifact) and isinstance(flash, Artifact)
    assert card_flavour(flash) == ""  # both its effects are on the summary line
    note = card_flavour(syt)
    assert note and not AMOUNT.search(note)  # "adds up with a map or a navigator"
    assert note.rstrip(".").casefold() in i18n.card_text(syt.text).casefold()
