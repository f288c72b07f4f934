"""The card author's trial: the broken packs a new author writes, each reported with file, line,
card and field in the game's own words (no validator phrasing, a typo answered with the closest
valid value from the right list), and the likely mistakes that load but are warned about."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from stalkerzone.content.loader import LoadResult, load_packs
from tests.support.packs import MONSTER, PackWriter, manifest

VALIDATOR_PHRASES = (
    "Input should",
    "String should",
    "should match pattern",
    "greater than or equal",
    "less than or equal",
    "valid dictionary",
    "valid tuple",
    "valid frozenset",
    "Value error",
    "must be one of 1",
    "(got ",
    " a artifact",
    " a event",
    " a order",
    " a armour",
)
"""Words of the validator, or bad grammar, that no message may contain."""

RAT = MONSTER.format(id="rat")
GUN = '[[weapon]]\nid = "gun"\nweapon_type = "rifle"\nattack = "2d6"\nprice = 300\n'
ARMOUR = '[[armour]]\nid = "helmet"\nslot = "head"\ndefence = 1\nprice = 100\n'
STALKER = '[[stalker]]\nid = "hero"\nname = "Hero"\n'
ORDER = '[[order]]\nid = "job"\nrequirement = {req}\nreward = 100\noffered_at = ["village"]\n'
EVENT = '[[event]]\nid = "ev"\ntiming = "immediate"\neffect = {effect}\n'


def ability(body: str) -> str:
    return RAT + "[[monster.abilities]]\n" + body


@dataclass(frozen=True)
class Trial:
    text: str  # the card file (cards.toml), or pack.toml when ``file`` says so
    line: int
    card: str
    field: str
    words: tuple[str, ...]  # each must be in the message
    file: str = "cards.toml"
    count: int = 1  # problems in all; the one checked is the one of ``field``


TRIALS: dict[str, Trial] = {
    "ability-kind-typo": Trial(
        ability('kind = "regenration"\namount = 1\n'),
        9,
        "rat",
        "abilities[0].kind",
        ("unknown kind 'regenration'", "did you mean 'regeneration'?"),
    ),
    "drain-of-1000": Trial(
        ability('kind = "drain"\namount = 1000\n'),
        10,
        "rat",
        "abilities[0].amount",
        ("must be 1..100, not 1000",),
    ),
    "per-colour-purple": Trial(
        ability('kind = "drain"\namount = { green = 1, yellow = 2, purple = 3 }\n'),
        10,
        "rat",
        "abilities[0].amount",
        ("unknown colour 'purple'",),
    ),
    "negative-start-money": Trial(
        STALKER + "start_money = -5\n",
        4,
        "hero",
        "start_money",
        ("must be at least 0, not -5",),
    ),
    "key-typo": Trial(
        ARMOUR.replace("defence", "defense"),
        4,
        "helmet",
        "defense",
        ("unknown key (did you mean 'defence'?)",),
        count=2,  # and: required key 'defence' is missing
    ),
    "missing-key-after-typo": Trial(
        ARMOUR.replace("defence = 1\n", ""), 1, "helmet", "defence", ("required key is missing",)
    ),
    "zero-dice": Trial(
        GUN.replace("2d6", "0d6"), 4, "gun", "attack", ("number of dice must be 1..20, not 0",)
    ),
    "too-many-dice": Trial(
        GUN.replace("2d6", "25d6"), 4, "gun", "attack", ("number of dice must be 1..20, not 25",)
    ),
    "abilities-as-one-table": Trial(
        RAT + 'abilities = { kind = "first_strike" }\n',
        8,
        "rat",
        "abilities",
        ("must be a list such as [ … ]",),
    ),
    "colour-as-number": Trial(
        RAT.replace(RAT.splitlines()[4], "green = 5"),
        5,
        "rat",
        "green",
        ("must be a table such as { key = value }, not 5",),
    ),
    "effect-as-text": Trial(
        EVENT.format(effect='"heal"'), 4, "ev", "effect", ("must be a table such as",)
    ),
    "bad-card-id": Trial(
        GUN.replace('"gun"', '"Big Gun"'),
        2,
        "Big Gun",
        "id",
        ("'Big Gun' is not an id: use lower-case letters, digits and '-' only",),
    ),
    "no-copies": Trial(GUN + "copies = 0\n", 6, "gun", "copies", ("must be at least 1, not 0",)),
    "sold-at-typo": Trial(
        GUN + 'sold_at = ["vilage"]\n',
        6,
        "gun",
        "sold_at[0]",
        ("'vilage' is not a base (did you mean 'village'?)",),
    ),
    "sold-at-a-site": Trial(
        GUN + 'sold_at = ["anomaly"]\n',
        6,
        "gun",
        "sold_at[0]",
        ("'anomaly' is a site but not a base", "bases: village, military_base, laboratory"),
    ),
    "artifact-order-names-a-monster": Trial(
        ORDER.format(req='{ kind = "artifact", artifact = "gorynych" }'),
        3,
        "job",
        "requirement.artifact",
        ("'gorynych' is a monster, not an artifact",),
    ),
    "order-for-a-missing-artifact": Trial(
        ORDER.format(req='{ kind = "artifact", artifact = "moon-rock" }'),
        3,
        "job",
        "requirement.artifact",
        ("no loaded pack defines an artifact 'moon-rock'",),
    ),
    "requirement-kind-typo": Trial(
        ORDER.format(req='{ kind = "trophi", monster = "gorynych" }'),
        3,
        "job",
        "requirement.kind",
        ("did you mean 'trophy'?",),
    ),
    "requirement-colour-typo": Trial(
        ORDER.format(req='{ kind = "trophy", monster = "gorynych", colour = "yelow" }'),
        3,
        "job",
        "requirement.colour",
        ("(did you mean 'yellow'?)",),
    ),
    "visit-site-typo": Trial(
        ORDER.format(req='{ kind = "visit", site = "anomoly" }'),
        3,
        "job",
        "requirement.site",
        ("did you mean 'anomaly'?",),
    ),
    "effect-kind-typo": Trial(
        EVENT.format(effect='{ kind = "gain_mony", amount = 5 }'),
        4,
        "ev",
        "effect.kind",
        ("did you mean 'gain_money'?",),
    ),
    "stat-typo": Trial(
        STALKER + 'bonuses = [{ stat = "atack", amount = 1 }]\n',
        4,
        "hero",
        "bonuses[0].stat",
        ("not 'atack' (did you mean 'attack'?)",),
    ),
    "slot-typo": Trial(
        ARMOUR.replace('"head"', '"hed"'),
        3,
        "helmet",
        "slot",
        ("must be 'head' or 'body', not 'hed' (did you mean 'head'?)",),
    ),
    "succeeds-on-a-number": Trial(
        ability('kind = "paralysis"\nrolls = 1\nsucceeds_on = 4\n'),
        11,
        "rat",
        "abilities[0].succeeds_on",
        ("must be a list such as [4, 5, 6], not 4",),
    ),
    "timing-typo": Trial(
        EVENT.format(effect='{ kind = "heal", amount = 2 }').replace("immediate", "imediate"),
        3,
        "ev",
        "timing",
        ("did you mean 'immediate'?",),
    ),
    "deck-typo": Trial(
        RAT + 'deck = "epicentre"\n', 8, "rat", "deck", ("did you mean 'epicenter'?",)
    ),
    "order-offered-nowhere": Trial(
        ORDER.format(req='{ kind = "visit", site = "anomaly" }').replace('["village"]', "[]"),
        5,
        "job",
        "offered_at",
        ("give at least 1 value",),
    ),
    "name-as-number": Trial(
        STALKER.replace('"Hero"', "5"), 3, "hero", "name", ("text is a string or a table",)
    ),
    "ignores-defence-as-text": Trial(
        EVENT.format(effect='{ kind = "damage", attack = "1d6", ignores_defence = "yes" }'),
        4,
        "ev",
        "effect.ignores_defence",
        ("must be true or false, not 'yes'",),
    ),
    "card-kind-capitalised": Trial(
        '[[Monster]]\nid = "big-rat"\n',
        1,
        "big-rat",
        "Monster",
        ("unknown card kind 'Monster' (did you mean 'monster'?)",),
    ),
    "card-as-single-table": Trial(
        RAT.replace("[[monster]]", "[monster]"),
        1,
        "rat",
        "monster",
        ("write [[monster]] (two brackets) before each card",),
    ),
    "pack-format-2": Trial(
        manifest("trial").replace("format = 1", "format = 2"),
        1,
        "-",
        "format",
        ("must be 1, not 2",),
        file="pack.toml",
    ),
    "pack-version-with-space": Trial(
        manifest("trial", "1 0"),
        5,
        "-",
        "pack.version",
        ("'1 0' is not a version",),
        file="pack.toml",
    ),
    "cards-in-pack-toml": Trial(
        manifest("trial") + "\n" + GUN,
        7,
        "gun",
        "weapon",
        ("cards do not go in pack.toml: move [[weapon]] into a card file",),
        file="pack.toml",
    ),
}


def _load(write_pack: PackWriter, mini_base: Path, files: dict[str, str | bytes]) -> LoadResult:
    files.setdefault("pack.toml", manifest("trial"))
    pack = write_pack("trial", files)
    return load_packs([pack], include_user=False, base_dir=mini_base)


@pytest.mark.parametrize("name", sorted(TRIALS))
def test_each_broken_card_is_pinpointed_in_plain_words(
    name: str, write_pack: PackWriter, mini_base: Path
) -> None:
    trial = TRIALS[name]
    result = _load(write_pack, mini_base, {trial.file: trial.text})
    lines = [str(p) for p in result.problems]
    assert len(result.problems) == trial.count, lines
    problem = next(p for p in result.problems if p.field == trial.field)
    assert Path(problem.file).name == trial.file, lines
    assert (problem.line, problem.card_id, problem.field) == (trial.line, trial.card, trial.field)
    for words in trial.words:
        assert words in problem.message, lines
    for phrase in VALIDATOR_PHRASES:
        assert all(phrase not in p.message for p in result.problems), lines


def test_the_trial_covers_thirty_broken_packs() -> None:
    assert len(TRIALS) >= 30


def test_cards_in_pack_toml_leave_the_pack_loaded(write_pack: PackWriter, mini_base: Path) -> None:
    result = _load(
        write_pack,
        mini_base,
        {"pack.toml": manifest("trial") + "\n" + GUN, "more.toml": ARMOUR},
    )
    assert [p.id for p in result.packs if p.loaded] == ["base", "trial"]
    assert "helmet" in result.cards and "gun" not in result.cards


def test_a_byte_order_mark_is_accepted(write_pack: PackWriter, mini_base: Path) -> None:
    text = "\ufeff" + GUN
    result = _load(
        write_pack,
        mini_base,
        {"cards.toml": text.encode("utf-8"), "pack.toml": ("\ufeff" + manifest("trial")).encode()},
    )
    assert result.problems == () and "gun" in result.cards


# --- warnings: likely mistakes, the cards still load ------------------------------------------


@dataclass(frozen=True)
class Warned:
    files: dict[str, str | bytes]
    file: str
    line: int
    card: str
    field: str
    words: str


MOD = '[[weapon_mod]]\nid = "scope"\nweapon_type = "shotgun"\none_die_bonus = 1\nprice = 50\n'
WARNINGS: dict[str, Warned] = {
    "orphan-weapon-mod": Warned(
        {"cards.toml": GUN + MOD},
        "cards.toml",
        8,
        "scope",
        "weapon_type",
        "no loaded weapon has weapon_type 'shotgun'",
    ),
    "weaker-at-red": Warned(
        {"cards.toml": RAT.replace("health = 16", "health = 6")},
        "cards.toml",
        7,
        "rat",
        "red.health",
        "health 6 at red is less than 12 at yellow",
    ),
    "stronger-at-green": Warned(
        {"cards.toml": RAT.replace('"1d6+1"', '"3d6"')},
        "cards.toml",
        6,
        "rat",
        "yellow.attack",
        "attack '2d6' at yellow is less than '3d6' at green",
    ),
    "upper-case-suffix": Warned(
        {"cards.toml": GUN, "more.TOML": ARMOUR},
        "more.TOML",
        0,
        "-",
        "-",
        "not read: only files ending in '.toml' are; rename it 'more.toml'",
    ),
    "text-suffix": Warned(
        {"cards.toml": GUN, "more.toml.txt": ARMOUR},
        "more.toml.txt",
        0,
        "-",
        "-",
        "rename it 'more.toml'",
    ),
    "card-file-in-sub-folder": Warned(
        {"cards.toml": GUN, "extra/more.toml": ARMOUR},
        "extra/more.toml",
        0,
        "-",
        "-",
        "card files in sub-folders are not read",
    ),
    "empty-pack": Warned({}, "pack.toml", 0, "-", "-", "this pack holds no cards"),
}


@pytest.mark.parametrize("name", sorted(WARNINGS))
def test_likely_mistakes_are_warnings_naming_file_and_card(
    name: str, write_pack: PackWriter, mini_base: Path
) -> None:
    case = WARNINGS[name]
    result = _load(write_pack, mini_base, dict(case.files))
    assert result.problems == (), [str(p) for p in result.problems]
    lines = [str(w) for w in result.warnings]
    assert len(result.warnings) == 1, lines
    warning = result.warnings[0]
    assert warning.file.endswith(case.file), lines
    assert (warning.line, warning.card_id, warning.field) == (case.line, case.card, case.field)
    assert case.words in warning.message, lines
    assert str(warning).startswith(f"{warning.file}:{case.line}: {case.card}: {case.field}: ")
    assert ": warning: " in str(warning)
    trial = next(p for p in result.packs if p.id == "trial")
    assert trial.ok and trial.warnings == result.warnings


def test_art_sub_folder_and_notes_are_not_warned_about(
    write_pack: PackWriter, mini_base: Path
) -> None:
    files: dict[str, str | bytes] = {
        "cards.toml": GUN,
        "art/gun.png": b"\x89PNG\r\n",
        "README.md": "x",
        "cards.toml~": GUN,
        ".cards.toml.swp": b"x",
    }
    assert _load(write_pack, mini_base, files).warnings == ()


def test_the_base_pack_has_no_warnings() -> None:
    assert load_packs(include_user=False).warnings == ()
