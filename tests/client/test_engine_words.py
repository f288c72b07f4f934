"""Words, not codes: every engine note and refusal, as a player reads it (``engine_text.words``)
in English and Russian, names things in words — no rule id ("ST-4:", "(TURN-2)"), no sector id
("s05b"), no slot or hex coordinates ("(-2, 1)"), no card id. A rule id appears only as the
separate link a screen draws next to the sentence (``engine_text.rule_of``)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from stalkerzone.client.text import engine_text, i18n
from stalkerzone.content.loader import load_packs
from stalkerzone.content.tiles import load_sectors
from stalkerzone.engine.core import CardSet, IllegalAction, Note
from tests.client.test_engine_text import engine_keys

RULE_ID = re.compile(r"\b[A-Z]{2,}-[0-9A-Z]+\b")
SECTOR_ID = re.compile(r"\bs\d\d[ab]?\b")
COORDINATES = re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)")
CODE = re.compile(r"\b[A-Z]\w*\(\w+=")  # an action as Python writes it: "Roll(value=7)"

PARAMS: dict[str, str | int] = {
    "player": "Anna",
    "owner": "Boris",
    "base": "military_base",
    "colour": "red",
    "pile": "monster_discard",
    "slot": "grenades",
    "stat": "max_health",
    "sector": "s05",
    "hex": "(1, -2)",
    "problem": "s05b at slot (-2, 1): not reachable by road from the Village sector",
    "action": "Move(to=Hex(q=1, r=-2))",
    "move": "Roll(value=7)",
    "source": "ANOM-1",
}


@pytest.fixture(params=i18n.LANGUAGES)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(request.param)
    yield str(request.param)
    i18n.set_language("en")


def cards() -> CardSet:
    return load_packs(include_user=False).cards


def sample(name: str, card: str) -> str | int:
    if name.endswith("card"):
        return card
    return PARAMS.get(name, 3)


def test_every_engine_message_reads_as_words(language: str) -> None:
    pack = cards()
    card = next(c.id for c in pack if "-" in c.id and "-" not in c.name.get("en"))
    sectors = tuple(load_sectors())
    found = engine_keys()
    problems = []
    for section, keys in found.items():
        for key, names in sorted(keys.items()):
            values = {n: sample(n, card) for n in sorted(names)}
            message: object
            if section == "notes":
                message = Note("TURN-2", key, "engine text", **values)
            else:
                message = IllegalAction("ST-4", "engine text", key=key, **values)
            text = engine_text.words(message, pack, sectors=sectors)
            assert text != "engine text", f"{language}: {section}.{key} has no string"
            codes = [p for p in (RULE_ID, SECTOR_ID, COORDINATES, CODE) if p.search(text)]
            if codes or card in text:  # a card by its name, never its id
                problems.append(f"{language}: {section}.{key}: {text}")
            assert engine_text.rule_of(message) in ("TURN-2", "ST-4")
    assert not problems, "\n".join(problems)


def test_sectors_are_named_by_their_names(language: str) -> None:
    sectors = tuple(load_sectors())
    note = Note("TURN-4", "sector_placed", "Anna places sector s01", player="Anna", sector="s01")
    text = engine_text.words(note, None, sectors=sectors)
    village = sectors[0].name.get(language)
    assert village in text and "s01" not in text and not text.startswith("TURN-4")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_screen_string_carries_a_rule_id(lang: str) -> None:
    """Words, not codes, on every screen too: no UI string outside the rules reference puts a
    rule id in its sentence ("Escape 50%: 1d6 ≥ reputation 2", not "… (FIGHT-3)")."""
    folder = i18n.STRINGS_DIR / lang
    offenders = []
    for path in sorted(folder.glob("*.toml")):
        if path.name == "rules.toml":  # the reference itself is indexed by rule id
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.lstrip().startswith("#") and RULE_ID.search(line):
                offenders.append(f"{path.name}:{number}: {line.strip()}")
    assert not offenders, "\n".join(offenders)


INTERNAL_WORDS = (
    "safety bound",
    "search node",
    "engine",
    "solver",
    "program code",
    "nds+",
    "предел поиска",
    "движок",
    "программный код",
)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_rules_reference_body_names_no_rule_id_nor_internal_word(lang: str) -> None:
    """A rule's own id heads its section; its text points to other rules by their titles
    ("see “Characters”", not "see ST-3") and says nothing of how the program works inside."""
    from stalkerzone.content.rules_reference import load_rules_reference

    reference = load_rules_reference(lang)
    ids = {s.id for s in reference}
    offenders = []
    for section in reference:
        cited = [code for code in RULE_ID.findall(section.text) if code in ids]
        words = [w for w in INTERNAL_WORDS if w in section.text.casefold()]
        if cited or words:
            offenders.append(f"{lang}: {section.id}: {cited + words}")
    assert not offenders, "\n".join(offenders)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_tooltip_names_a_rule_by_its_title_never_by_its_id(lang: str) -> None:
    """A disabled button's tooltip ("Rule “A turn” (F1 for the rules)", not "Rule TURN-2 …")
    for every rule of the reference; a rule the reference lacks is left to F1."""
    from stalkerzone.client.widgets.disabled_reasons import Why
    from stalkerzone.content.rules_reference import load_rules_reference

    i18n.set_language(lang)
    try:
        for section in load_rules_reference(lang):
            tip = Why.said("Cannot do that now", section.id).tip()
            assert not RULE_ID.search(tip), tip
            assert section.title in tip.splitlines()[-1], tip
        assert not RULE_ID.search(Why.said("Cannot", "NOPE-1").tip())
    finally:
        i18n.set_language("en")
