"""The in-game rules reference covers every rule id of docs/rules.md in both languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from stalkerzone.content.rules_reference import (
    LANGUAGES,
    TOPICS,
    fill,
    load_rules_reference,
    section_for,
)
from stalkerzone.content.variants import load_variant

# The rules with their ids, in the repository (docs/rules.md).
RULES_MD = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def rule_ids() -> list[str]:
    """Every rule id of docs/rules.md (written ``**ID**``), in the order of the document."""
    return re.findall(r"\*\*([A-Z]+(?:-[A-Z0-9]+)+)\*\*", RULES_MD.read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_game_every_rule_id_has_a_section(lang: str) -> None:
    ids = rule_ids()
    assert len(ids) >= 50
    sections = load_rules_reference(lang)
    have = [s.id for s in sections]
    assert sorted(set(ids) - set(have)) == []
    assert len(have) == len(set(have)), "a rule id appears twice"
    assert have == ids, "sections follow the order of docs/rules.md"
    for section in sections:
        assert section.title.strip() and section.text.strip()
        assert section.topic in TOPICS


@pytest.mark.parametrize("variant_name", ["standard", "express"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_game_placeholders_are_filled_from_the_variant(lang: str, variant_name: str) -> None:
    variant = load_variant(variant_name)
    for section in load_rules_reference(lang):
        text = fill(section.text, variant)
        assert "{" not in text and "}" not in text, (section.id, text)
    win = section_for("WIN-1", lang)
    assert win is not None
    assert str(variant.elements_required) in win.filled(variant)


def test_game_refusal_opens_its_section() -> None:
    section = section_for("BASE-1: Military Base needs reputation 3, you have 1")
    assert section is not None and section.id == "BASE-1" and section.topic == "base"
    assert section_for("NOPE-9: nothing") is None


def test_game_russian_text_is_russian() -> None:
    en = {s.id: s for s in load_rules_reference("en")}
    for section in load_rules_reference("ru"):
        assert re.search("[а-яА-Я]", section.title), section.id
        assert section.text != en[section.id].text
