"""Commented card templates (``stalkerzone cards new KIND``): each one passes ``cards check``.

Each starts with a ``#:schema`` line naming the schema written into the user card folder
(``card.schema.json`` / ``pack.schema.json``, one folder above a pack), so an editor with a
TOML language server (taplo, Even Better TOML) checks the file while it is typed.
"""

from __future__ import annotations

from stalkerzone.content.models import CARD_KINDS
from stalkerzone.content.schema import CARD_SCHEMA_FILE, PACK_SCHEMA_FILE

PACK_TEMPLATE = "pack"
TEMPLATE_KINDS: tuple[str, ...] = (*CARD_KINDS, PACK_TEMPLATE)
"""What ``cards new`` writes: a card of each kind, or a pack's ``pack.toml``."""

_COMMON = (
    ('id = "{id}"', "[a-z0-9-]+, unique across all loaded packs"),
    ('name = "{name}"', 'or { en = "…", ru = "…" }'),
    ('# text = { en = "Shown on the card.", ru = "Текст на карте." }', ""),
    ("# copies = 1", "copies of this card in its deck (1..20)"),
    ('# art = "art/{id}.png"', "a file inside the pack folder"),
)
_SOLD = (
    ("price = {price}", "green"),
    ('sold_at = ["village"]', "bases selling it: village, military_base, laboratory"),
)


def _lines(pairs: tuple[tuple[str, str], ...], **values: object) -> str:
    """``key = value`` lines with their comments lined up at column 32."""
    out = []
    for code, comment in pairs:
        line = code
        for key, value in values.items():
            line = line.replace("{" + key + "}", str(value))
        out.append(f"{line.ljust(31)} # {comment}" if comment else line)
    return "\n".join(out) + "\n"


_BODY: dict[str, str] = {
    "monster": """\
trophy = { en = "My monster's tail", ru = "Хвост моего монстра" }
deck = "zone"                   # "zone", or "epicenter" for an Epicenter guardian (WIN-1)
# Numbers per colour (green < yellow < red); attack is a dice formula (NdS, NdS+K, NdS+MdT+K)
green  = { health = 8,  attack = "1d6+1", defence = 0, trophy_price = 100 }
yellow = { health = 14, attack = "2d6",   defence = 1, trophy_price = 250 }
red    = { health = 24, attack = "3d6+1", defence = 2, trophy_price = 500 }
# Abilities (rules ABIL-*); each is one [[monster.abilities]] table. Kinds:
#   drain { amount }, paralysis { rolls, succeeds_on }, first_strike {},
#   regeneration { amount }, multi_attack { attacks, rounds = [1] }
# A number may differ by colour: { green = 1, yellow = 2, red = 3 }.
[[monster.abilities]]
kind = "regeneration"           # regains health every round, never above its start
amount = { green = 1, yellow = 2, red = 3 }
""",
    "weapon": """\
weapon_type = "rifle"           # any id; weapon mods of the same type add up with it (EQ-4)
attack = "2d6"                  # dice formula
""",
    "weapon_mod": """\
weapon_type = "rifle"           # active only with a weapon of this type (EQ-4)
one_die_bonus = 1               # +1 to the highest die (DMG-4)
# attack_bonus = 1              # +1 to the attack
""",
    "armour": """\
slot = "head"                   # "head" or "body"
defence = 1
""",
    "navigation": """\
movement = 1                    # only the best navigation card counts (EQ-5)
""",
    "grenade": """\
attack = "3d6"                  # thrown instead of an attack (FIGHT-2)
""",
    "stimulator": """\
heal = 10                       # health regained, never above the maximum
""",
    "artifact": """\
price = 400                     # what a base pays for it (BASE-2)
# stat: attack | defence | movement | max_health | escape; amounts may be negative
effects = [{ stat = "movement", amount = 1 }]
""",
    "event": """\
timing = "immediate"            # "immediate", or "fight" (held for the next fight)
effect = { kind = "gain_money", amount = 200 }
# effect kinds: monster_attacks_first, stalker_attacks_twice, monster_max_attack (timing "fight");
# lose_protection, protection_minus_one, zombie, gain_money {amount}, lose_money {amount},
# damage {attack, ignores_defence}, heal {amount}, find_element, draw_artifact
""",
    "order": """\
requirement = { kind = "visit", site = "anomaly" }
# or { kind = "trophy", monster = "gorynych", colour = "yellow" }  (colour optional)
# or { kind = "artifact", artifact = "syt-grass" }
reward = 300                    # green, paid on delivery; +1 reputation (ORDER-1)
offered_at = ["village"]        # bases offering it: village, military_base, laboratory
""",
    "stalker": """\
bonuses = [{ stat = "attack", amount = 1 }]   # attack | defence | movement | max_health | escape
# start_money = 1000            # default: the rules variant's (ST-2)
# max_health = 30               # default: the rules variant's (ST-2)
""",
}

_PRICES = {"weapon": 300, "weapon_mod": 100, "armour": 200, "navigation": 300, "grenade": 50}
_PRICES |= {"stimulator": 150}


def pack_template() -> str:
    """A commented ``pack.toml``."""
    return f"#:schema ../{PACK_SCHEMA_FILE}\n" + _PACK_BODY


_PACK_BODY = """\
# pack.toml of a card pack (docs/cards.md): the pack folder holds it and the card files
# (*.toml beside it; cards never go into pack.toml itself).
format = 1

[pack]
id = "my-pack"                  # [a-z0-9-]+, unique among the loaded packs
name = "My pack"                # or { en = "…", ru = "…" }
version = "1.0"                 # saves record it
"""


def template(kind: str) -> str:
    """A commented TOML template of one card of ``kind`` (or ``pack``: a ``pack.toml``);
    ``KeyError`` for an unknown kind."""
    if kind == PACK_TEMPLATE:
        return pack_template()
    if kind not in CARD_KINDS:
        raise KeyError(kind)
    card_id = f"my-{kind.replace('_', '-')}"
    name = card_id.replace("-", " ").capitalize()
    article = "An" if kind[0] in "aeiou" else "A"
    head = (
        f"#:schema ../{CARD_SCHEMA_FILE}\n"
        f"# {article} {kind} card (docs/cards.md). Put it in a *.toml file of a pack "
        "with a pack.toml;\n"
        "# `stalkerzone cards check DIR` validates the pack. The first line points editors at\n"
        f"# {CARD_SCHEMA_FILE}, which `cards new` writes into the user card folder.\n"
    )
    text = head + f"[[{kind}]]\n" + _lines(_COMMON, id=card_id, name=name)
    if kind in _PRICES:
        text += _lines(_SOLD, price=_PRICES[kind])
    return text + _BODY[kind]
