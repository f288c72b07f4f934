"""What `cards show` and `print` say a card does when the card has no ``text``: events
(EVENT-1), orders (ORDER-1) and stalkers (ST-3) are described from their numbers alone, in
English and Russian (docs/cards.md, "Tools for card authors")."""

from __future__ import annotations

import typing
from collections.abc import Iterator

import pytest

from stalkerzone.client.text import i18n
from stalkerzone.commands.card_show import card_kind_of, explanation
from stalkerzone.engine.core import (
    Dice,
    Event,
    Order,
    Site,
    StalkerCard,
    Text,
    TrophyRequirement,
    WeaponMod,
)
from stalkerzone.engine.core import cards as engine
from stalkerzone.printing.words import LANGUAGES, Words, rules_lines


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _event(kind: engine.EffectKind) -> Event:
    attack = Dice.parse("1d6") if kind == "damage" else None
    effect = engine.EventEffect(kind, amount=50, attack=attack)
    return Event(id=f"e-{kind}", name=Text.plain("E"), timing="immediate", effect=effect)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", typing.get_args(engine.EffectKind))
def test_every_event_effect_has_words_without_a_text(kind: engine.EffectKind, lang: str) -> None:
    (line,) = rules_lines(_event(kind), None, Words(lang), {})
    assert line.strip() and "{" not in line
    i18n.set_language(lang)
    assert line in explanation(_event(kind), None)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_order_without_text_says_what_it_needs_and_pays(lang: str) -> None:
    order = Order(
        id="job",
        name=Text.plain("Job"),
        requirement=TrophyRequirement("rat"),
        reward=300,
        offered_at=(Site.VILLAGE,),
    )
    i18n.set_language(lang)
    lines = explanation(order, None, {"rat": "Крыса" if lang == "ru" else "Rat"})
    text = "\n".join(lines)
    assert ("Крыса" if lang == "ru" else "Rat") in text and "300" in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_stalker_without_text_shows_its_bonus_and_numbers(lang: str) -> None:
    stalker = StalkerCard(
        id="s",
        name=Text.plain("S"),
        bonuses=(engine.StatEffect("escape", 1),),
        max_health=35,
    )
    i18n.set_language(lang)
    text = "\n".join(explanation(stalker, None))
    assert "+1" in text and "35" in text


def test_kinds_are_written_as_an_author_writes_them() -> None:
    stalker = StalkerCard(id="s", name=Text.plain("S"))
    mod = WeaponMod(id="m", name=Text.plain("M"), price=1, weapon_type="rifle", attack_bonus=1)
    assert (card_kind_of(stalker), card_kind_of(mod)) == ("stalker", "weapon mod")
