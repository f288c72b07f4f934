"""A corpus of broken card files and packs an author could plausibly write, each with the
file, line, card id, field and words its problem must be reported with (docs/cards.md); read by
``test_content_broken``."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from tests.support.packs import MONSTER, manifest

WEAPON = """\
[[weapon]]
id = "{id}"
weapon_type = "rifle"
attack = "{attack}"
price = 300
sold_at = ["village"]
"""
SPARE = '\n[[stimulator]]\nid = "spare-medkit"\nheal = 5\nprice = 10\n'
"""A valid card appended to card-level cases: it must still load beside the bad one."""


@dataclass(frozen=True)
class Case:
    files: dict[str, str | bytes]
    file: str  # expected file, relative to the bad pack folder
    line: int
    card_id: str
    field: str
    message: str
    pack_id: str = "bad"
    spare: bool = True  # SPARE appended to cards.toml and expected to load
    make: dict[str, str] = dataclasses.field(
        default_factory=dict
    )  # extra set-up: "symlink" -> target
    count: int = 1  # problems expected in all; the checked one is the last


def monster(body: str = "", card_id: str = "rat", **colours: str) -> str:
    text = MONSTER.format(id=card_id)
    for colour, stats in colours.items():
        old = next(line for line in text.splitlines() if line.startswith(colour))
        text = text.replace(old, f"{colour} = {stats}")
    return text + body


def weapon(attack: str = "2d6", card_id: str = "gun", extra: str = "") -> str:
    return WEAPON.format(id=card_id, attack=attack) + extra


def order(requirement: str, card_id: str = "job") -> str:
    return (
        f'[[order]]\nid = "{card_id}"\nrequirement = {requirement}\nreward = 100\n'
        'offered_at = ["village"]\n'
    )


CASES: dict[str, Case] = {
    "toml-syntax": Case(
        {"cards.toml": '[[weapon]]\nid = "gun"\nprice = \n'},
        "cards.toml",
        3,
        "-",
        "-",
        "TOML syntax error",
        spare=False,
    ),
    "toml-unclosed-string": Case(
        {"cards.toml": '[[weapon]]\nid = "gun\n'},
        "cards.toml",
        2,
        "-",
        "-",
        "TOML syntax error",
        spare=False,
    ),
    "health-as-string": Case(
        {
            "cards.toml": monster(
                green='{ health = "8", attack = "1d6", defence = 0, trophy_price = 1 }'
            )
        },
        "cards.toml",
        5,
        "rat",
        "green.health",
        "whole number",
    ),
    "defence-as-bool": Case(
        {
            "cards.toml": monster(
                red='{ health = 8, attack = "1d6", defence = true, trophy_price = 1 }'
            )
        },
        "cards.toml",
        7,
        "rat",
        "red.defence",
        "whole number",
    ),
    "price-as-float": Case(
        {"cards.toml": weapon().replace("price = 300", "price = 1.5")},
        "cards.toml",
        5,
        "gun",
        "price",
        "whole number",
    ),
    "unknown-card-kind": Case(
        {"cards.toml": '[[monstr]]\nid = "x"\n'},
        "cards.toml",
        1,
        "x",
        "monstr",
        "known kinds: monster, weapon",
    ),
    "unknown-key-typo": Case(
        {"cards.toml": weapon(extra='atack = "2d6"\n')},
        "cards.toml",
        7,
        "gun",
        "atack",
        "unknown key (did you mean 'attack'?); allowed keys: id, name",
    ),
    "unknown-nested-key": Case(
        {
            "cards.toml": monster(
                yellow='{ health = 8, attack = "1d6", defence = 0, trophy_price = 1, armor = 2 }'
            )
        },
        "cards.toml",
        6,
        "rat",
        "yellow.armor",
        "unknown key",
    ),
    "unknown-ability-kind": Case(
        {"cards.toml": monster('[[monster.abilities]]\nkind = "fly"\n')},
        "cards.toml",
        9,
        "rat",
        "abilities[0].kind",
        "known kinds: drain, paralysis, first_strike, regeneration, multi_attack",
    ),
    "ability-without-kind": Case(
        {"cards.toml": monster("[[monster.abilities]]\namount = 1\n")},
        "cards.toml",
        8,
        "rat",
        "abilities[0].kind",
        "missing 'kind'",
    ),
    "ability-unknown-key": Case(
        {"cards.toml": monster('[[monster.abilities]]\nkind = "drain"\namount = 1\npower = 3\n')},
        "cards.toml",
        11,
        "rat",
        "abilities[0].power",
        "allowed keys: kind, amount",
    ),
    "missing-colour": Case(
        {"cards.toml": monster().replace(monster().splitlines()[6] + "\n", "")},
        "cards.toml",
        1,
        "rat",
        "red",
        "required key is missing",
    ),
    "per-colour-missing-red": Case(
        {
            "cards.toml": monster(
                '[[monster.abilities]]\nkind = "drain"\namount = { green = 1, yellow = 2 }\n'
            )
        },
        "cards.toml",
        10,
        "rat",
        "abilities[0].amount",
        "missing colour 'red'",
    ),
    "per-colour-unknown-colour": Case(
        {
            "cards.toml": monster(
                '[[monster.abilities]]\nkind = "regeneration"\n'
                "amount = { green = 1, yellow = 2, red = 3, purple = 4 }\n"
            )
        },
        "cards.toml",
        10,
        "rat",
        "abilities[0].amount",
        "unknown colour 'purple'",
    ),
    "dice-code-injection": Case(
        {"cards.toml": weapon("2d6+__import__('os')")},
        "cards.toml",
        4,
        "gun",
        "attack",
        "is not a dice formula",
    ),
    "dice-too-many": Case(
        {"cards.toml": weapon("1000d6")},
        "cards.toml",
        4,
        "gun",
        "attack",
        "number of dice must be 1..20",
    ),
    "dice-d0": Case(
        {"cards.toml": weapon("d0")}, "cards.toml", 4, "gun", "attack", "is not a dice formula"
    ),
    "dice-odd-sides": Case(
        {"cards.toml": weapon("1d7")}, "cards.toml", 4, "gun", "attack", "sides, not 7"
    ),
    "dice-as-number": Case(
        {"cards.toml": weapon().replace('"2d6"', "6")},
        "cards.toml",
        4,
        "gun",
        "attack",
        "dice formula is text",
    ),
    "art-traversal": Case(
        {"cards.toml": weapon(extra='art = "../secret.png"\n')},
        "cards.toml",
        7,
        "gun",
        "art",
        "outside the pack folder",
    ),
    "art-absolute": Case(
        {"cards.toml": weapon(extra='art = "/etc/passwd"\n')},
        "cards.toml",
        7,
        "gun",
        "art",
        "relative to the pack folder",
    ),
    "art-missing": Case(
        {"cards.toml": weapon(extra='art = "art/none.png"\n')},
        "cards.toml",
        7,
        "gun",
        "art",
        "does not exist",
    ),
    "art-symlink-out": Case(
        {"cards.toml": weapon(extra='art = "art/link.png"\n')},
        "cards.toml",
        7,
        "gun",
        "art",
        "outside the pack folder",
        make={"symlink": "art/link.png"},
    ),
    "duplicate-id-same-file": Case(
        {"cards.toml": weapon() + weapon(card_id="gun")},
        "cards.toml",
        7,
        "gun",
        "id",
        "cards.toml:1",
    ),
    "duplicate-id-across-packs": Case(
        {"cards.toml": monster(card_id="gorynych")},
        "cards.toml",
        1,
        "gorynych",
        "id",
        "base/monsters.toml:1",
    ),
    "dangling-monster": Case(
        {"cards.toml": order('{ kind = "trophy", monster = "nobody" }')},
        "cards.toml",
        3,
        "job",
        "requirement.monster",
        "no loaded pack defines a monster 'nobody'",
    ),
    "misspelt-monster-in-an-order": Case(
        {"cards.toml": order('{ kind = "trophy", monster = "gorynich" }')},
        "cards.toml",
        3,
        "job",
        "requirement.monster",
        "no loaded pack defines a monster 'gorynich' (did you mean 'gorynych'?)",
    ),
    "dangling-artifact": Case(
        {"cards.toml": order('{ kind = "artifact", artifact = "nothing" }')},
        "cards.toml",
        3,
        "job",
        "requirement.artifact",
        "no loaded pack defines an artifact 'nothing'",
    ),
    "reference-wrong-kind": Case(
        {"cards.toml": order('{ kind = "trophy", monster = "syt-grass" }')},
        "cards.toml",
        3,
        "job",
        "requirement.monster",
        "'syt-grass' is an artifact, not a monster",
    ),
    "reference-to-broken-card": Case(
        {
            "cards.toml": monster(
                card_id="ghost",
                green='{ health = 0, attack = "1d6", defence = 0, trophy_price = 1 }',
            )
            + order('{ kind = "trophy", monster = "ghost" }')
        },
        "cards.toml",
        10,
        "job",
        "requirement.monster",
        "'ghost' has errors",
        count=2,
    ),
    "bad-requirement-colour": Case(
        {"cards.toml": order('{ kind = "trophy", monster = "gorynych", colour = "purple" }')},
        "cards.toml",
        3,
        "job",
        "requirement.colour",
        "'green', 'yellow' or 'red'",
    ),
    "bad-visit-site": Case(
        {"cards.toml": order('{ kind = "visit", site = "moon" }')},
        "cards.toml",
        3,
        "job",
        "requirement.site",
        "'village'",
    ),
    "sold-at-non-base": Case(
        {"cards.toml": weapon().replace('["village"]', '["anomaly"]')},
        "cards.toml",
        6,
        "gun",
        "sold_at[0]",
        "not a base",
    ),
    "non-utf8": Case(
        {"cards.toml": b'[[weapon]]\nid = "gun"\nname = "\xff\xfe"\n'},
        "cards.toml",
        3,
        "-",
        "-",
        "not UTF-8",
        spare=False,
    ),
    "oversized": Case(
        {"cards.toml": "# padding\n" * 110_000}, "cards.toml", 0, "-", "-", "over 1 MB", spare=False
    ),
    "pack-without-pack-section": Case(
        {"pack.toml": "format = 1\n"},
        "pack.toml",
        1,
        "-",
        "pack",
        "required key is missing",
        spare=False,
    ),
    "pack-format-2": Case(
        {"pack.toml": manifest("bad").replace("format = 1", "format = 2")},
        "pack.toml",
        1,
        "-",
        "format",
        "must be 1, not 2",
        spare=False,
    ),
    "pack-syntax-error": Case(
        {"pack.toml": "format = 1\n[pack\n"},
        "pack.toml",
        2,
        "-",
        "-",
        "TOML syntax error",
        spare=False,
    ),
    "pack-bad-id": Case(
        {"pack.toml": manifest("Bad Pack!")},
        "pack.toml",
        3,
        "-",
        "pack.id",
        "'Bad Pack!' is not an id",
        spare=False,
    ),
    "pack-unknown-key": Case(
        {"pack.toml": manifest("bad") + 'homepage = "me"\n'},
        "pack.toml",
        6,
        "-",
        "pack.homepage",
        "allowed keys: id, name, version, author, licence",
        spare=False,
    ),
    "pack-too-new": Case(
        {"pack.toml": manifest("bad") + 'min_program_version = "99.0"\n'},
        "pack.toml",
        6,
        "-",
        "pack.min_program_version",
        "this pack needs Stalker Zone 99.0 or newer",
        spare=False,
    ),
    "pack-needs-a-missing-pack": Case(
        {"pack.toml": manifest("bad") + 'requires = ["base", "swamp-horrors"]\n'},
        "pack.toml",
        0,
        "-",
        "pack.requires",
        "needs the pack swamp-horrors, not loaded",
        spare=False,
    ),
    "duplicate-pack-id": Case(
        {"pack.toml": manifest("good")}, "pack.toml", 3, "-", "pack.id", "already used", spare=False
    ),
    "bad-card-id": Case(
        {"cards.toml": weapon(card_id="Big Gun!")},
        "cards.toml",
        2,
        "Big Gun!",
        "id",
        "'Big Gun!' is not an id: use lower-case letters",
    ),
    "copies-zero": Case(
        {"cards.toml": weapon(extra="copies = 0\n")},
        "cards.toml",
        7,
        "gun",
        "copies",
        "must be at least 1, not 0",
    ),
    "copies-too-many": Case(
        {"cards.toml": weapon(extra="copies = 50\n")},
        "cards.toml",
        7,
        "gun",
        "copies",
        "must be at most 20, not 50",
    ),
    "negative-price": Case(
        {"cards.toml": weapon().replace("300", "-5")},
        "cards.toml",
        5,
        "gun",
        "price",
        "must be at least 0, not -5",
    ),
    "event-timing-mismatch": Case(
        {
            "cards.toml": '[[event]]\nid = "ev"\ntiming = "immediate"\n'
            'effect = { kind = "monster_attacks_first" }\n'
        },
        "cards.toml",
        4,
        "ev",
        "effect",
        'needs timing = "fight"',
    ),
    "event-unknown-effect": Case(
        {
            "cards.toml": '[[event]]\nid = "ev"\ntiming = "immediate"\n'
            'effect = { kind = "teleport" }\n'
        },
        "cards.toml",
        4,
        "ev",
        "effect.kind",
        "known kinds: ",
    ),
    "event-effect-missing-amount": Case(
        {"cards.toml": '[[event]]\nid = "ev"\ntiming = "immediate"\neffect = { kind = "heal" }\n'},
        "cards.toml",
        4,
        "ev",
        "effect.amount",
        "required key is missing",
    ),
    "mod-without-bonus": Case(
        {"cards.toml": '[[weapon_mod]]\nid = "m"\nweapon_type = "rifle"\nprice = 5\n'},
        "cards.toml",
        1,
        "m",
        "-",
        "one_die_bonus and/or attack_bonus",
    ),
    "unknown-stat": Case(
        {
            "cards.toml": '[[stalker]]\nid = "s"\nname = "S"\n'
            'bonuses = [{ stat = "luck", amount = 1 }]\n'
        },
        "cards.toml",
        4,
        "s",
        "bonuses[0].stat",
        "'attack'",
    ),
    "unknown-language": Case(
        {"cards.toml": '[[stalker]]\nid = "s"\nname = { de = "S" }\n'},
        "cards.toml",
        3,
        "s",
        "name",
        "unknown language 'de'",
    ),
    "cards-not-tables": Case(
        {"cards.toml": "monster = 5\n"}, "cards.toml", 1, "-", "monster", "write [[monster]]"
    ),
    "card-file-format-2": Case(
        {"cards.toml": "format = 2\n"}, "cards.toml", 1, "-", "format", "format 1"
    ),
    "ability-twice": Case(
        {
            "cards.toml": monster(
                '[[monster.abilities]]\nkind = "first_strike"\n'
                '[[monster.abilities]]\nkind = "first_strike"\n'
            )
        },
        "cards.toml",
        8,
        "rat",
        "abilities",
        "listed twice",
    ),
    "paralysis-bad-face": Case(
        {
            "cards.toml": monster(
                '[[monster.abilities]]\nkind = "paralysis"\nrolls = 1\nsucceeds_on = [4, 7]\n'
            )
        },
        "cards.toml",
        11,
        "rat",
        "abilities[0].succeeds_on[1]",
        "must be at most 6, not 7",
    ),
    "inline-card-missing-price": Case(
        {"cards.toml": 'grenade = [{ id = "g", attack = "3d6" }]\n'},
        "cards.toml",
        1,
        "g",
        "price",
        "required key is missing",
    ),
    "toml-nested-too-deeply": Case(
        {"cards.toml": "a = " + "[" * 5000 + "]" * 5000 + "\n"},
        "cards.toml",
        1,
        "-",
        "-",
        "nested too deeply",
        spare=False,
    ),
    "dice-very-long": Case(
        {"cards.toml": weapon("1d6" + "+1" * 5000)},
        "cards.toml",
        4,
        "gun",
        "attack",
        "too long for a dice formula",
    ),
    "dice-multi-line": Case(
        {"cards.toml": weapon().replace('"2d6"', '"""\n2d6\n+ os\n"""')},
        "cards.toml",
        4,
        "gun",
        "attack",
        "is not a dice formula",
    ),
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
