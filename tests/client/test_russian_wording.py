"""Russian lines read as Russian: a visit order names its site in the accusative ("Посетить
аномалию", ORDER-1); a refused undo gives its reason once (TURN-2); the movement stat has one
name, the rules reference's ("Передвижение", ST-1)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from stalkerzone.client.screens.bases.presenter import requirement_text
from stalkerzone.client.text import engine_text, i18n
from stalkerzone.engine.core import CardSet, Order, Site, VisitRequirement
from stalkerzone.engine.game import UndoRefused
from tests.support.game import fresh

UNDO_KEYS = (
    "undo_bot",
    "undo_dice",
    "undo_card_drawn",
    "undo_fight",
    "undo_game_over",
    "undo_loot",
    "undo_event",
)


@pytest.fixture
def russian() -> Iterator[None]:
    i18n.set_language("ru")
    try:
        yield
    finally:
        i18n.set_language("en")


def visit_order(cards: CardSet, site: Site) -> Order:
    template = next(c for c in cards if isinstance(c, Order))
    return replace(template, requirement=VisitRequirement(site))


@pytest.mark.parametrize(
    ("site", "said"),
    [
        (Site.ANOMALY, "Посетить аномалию"),
        (Site.DANGER_GREEN, "Посетить зелёную опасность"),
        (Site.VILLAGE, "Посетить Деревню"),
    ],
)
def test_a_visit_order_names_its_site_in_the_accusative(
    russian: None, site: Site, said: str
) -> None:
    state = fresh()
    order = visit_order(state.cards, site)
    assert requirement_text(state, order) == said


def test_every_site_has_its_visit_form_in_both_languages() -> None:
    for lang in i18n.LANGUAGES:
        for site in Site:
            assert i18n.strings(lang).get(f"base.visit_{site.value}"), (lang, site)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_refused_undo_gives_its_reason_once(lang: str) -> None:
    i18n.set_language(lang)
    try:
        for key in UNDO_KEYS:
            reason = engine_text.words(UndoRefused("TURN-2", "x", key=key))
            assert reason == i18n.t(f"refusals.{key}")  # the catalogue's reason, not "x"
            line = i18n.t("undo_play.refused", reason=reason)
            said = line.lower()
            assert said.count("нельзя") + said.count("cannot") == 1, line
    finally:
        i18n.set_language("en")


def test_the_movement_stat_has_the_rules_name(russian: None) -> None:
    assert i18n.t("stalker.movement") == "Передвижение"
    assert i18n.t("hud.movement") == "Передвижение"
    assert i18n.t("engine_words.stat_movement") == "передвижение"
    assert i18n.t("stat.movement", amount="+1") == "+1 к передвижению"


def test_loot_has_one_russian_name_everywhere() -> None:
    """DEATH-1: a dead stalker's pile is "хабар" on the map, the reveal, the stalker card, the
    fight result, the log and the rules topics alike (it was "лут", "добыча" and "хабар")."""
    others = ("добыч", "лут ", "лутом", "лута")
    said = {k: v for k, v in i18n.strings("ru").items() if any(w in v for w in others)}
    assert said == {}
    assert "хабар" in i18n.strings("ru")["loot.own"]


@pytest.mark.parametrize(
    ("key", "values", "reads"),
    [  # a player's name after a noun needs a case Russian names do not take: the name leads
        ("fight.log_stalker_other", {"player": "Анна", "roll": 7, "damage": 3}, "Анна атакует"),
        ("fight.escape", {"chance": "50 %"}, "Бежать (шанс 50 %)"),
        ("base.locked_how", {}, "на единицу"),
        ("handover.press", {"name": "Анна"}, "сядет перед экраном"),
        ("reveal.reputation", {}, "+1 к репутации"),
    ],
)
def test_russian_lines_read_right(
    russian: None, key: str, values: dict[str, object], reads: str
) -> None:
    assert reads in i18n.t(key, **values)
