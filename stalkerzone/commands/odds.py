"""`stalkerzone odds` (docs/architecture.md, Exact odds): exact odds of one fight, for players and
card authors.

The monster comes from the loaded packs (``--monster ID --colour C``) or from raw numbers
(``--monster-health N --monster-attack F [--monster-defence N]``); the stalker from card ids
(``--stalker --weapon --mods --armour --artifacts``) and/or raw ``--attack F --defence N``.

Raw numbers have the limits cards have (docs/cards.md: health 1..1000, defence and reputation
0..1000, dice as DMG-4 allows). A raw stalker (``--attack``/``--defence`` without
``--stalker``) has no character, so its ``--health`` is not capped by ST-5.
"""

from __future__ import annotations

import argparse
import math
from typing import Any, TypeVar

from stalkerzone.commands.options import parse_cards, parse_int, parse_text, quoted
from stalkerzone.content.loader import load_packs
from stalkerzone.content.messages import hint
from stalkerzone.content.pack_cache import PackCache
from stalkerzone.content.report import report
from stalkerzone.content.variants import VARIANT_NAMES, load_variant
from stalkerzone.engine.core import (
    FIGHT_EFFECTS,
    Armour,
    Artifact,
    CardSet,
    Colour,
    Dice,
    DiceError,
    Event,
    Loadout,
    Monster,
    MonsterStats,
    StalkerCard,
    Text,
    Weapon,
    WeaponMod,
    derive,
    inactive_mods,
    replace,
)
from stalkerzone.engine.fight import FightSetup, MonsterSide, StalkerSide, start_fight
from stalkerzone.errors import UserError
from stalkerzone.files import shorten
from stalkerzone.odds import POLICIES, Odds, OddsSolver, Policy

CardT = TypeVar("CardT")
CARD_MAX = 1000
"""The largest health, defence or reputation a card may give (docs/cards.md)."""
EVENT_KINDS = (*sorted(FIGHT_EFFECTS), "protection_minus_one")


def add_parser(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "odds",
        help="exact odds of a fight (win, death, escape, expected rounds)",
        description="Exact odds of one fight under a policy (rules FIGHT-1 … FIGHT-8).",
    )
    mon = p.add_argument_group("monster")
    mon.add_argument("--monster", metavar="ID", help="a monster card id from the loaded packs")
    mon.add_argument("--colour", "--color", metavar="C", help="green, yellow or red")
    mon.add_argument("--monster-health", metavar="N", help="raw monster health (1..1000)")
    mon.add_argument("--monster-attack", metavar="F", help='raw monster attack, e.g. "2d6+1"')
    mon.add_argument("--monster-defence", metavar="N", help="raw monster defence (0..1000)")
    st = p.add_argument_group("stalker")
    st.add_argument("--stalker", metavar="ID", help="a stalker card id (ST-3 bonuses)")
    st.add_argument("--weapon", metavar="ID")
    st.add_argument("--mods", metavar="ID,…", help="weapon modifiers (EQ-4)")
    st.add_argument("--armour", "--armor", metavar="ID,…", help="head and/or body armour")
    st.add_argument("--artifacts", metavar="ID,…")
    st.add_argument("--health", metavar="N", help="current health (default: maximum)")
    st.add_argument("--reputation", metavar="N", help="for escape (FIGHT-3), 0..1000")
    st.add_argument(
        "--attack", metavar="F", help='raw attack formula, replaces the weapon: "2d6+1"'
    )
    st.add_argument("--defence", "--defense", metavar="N", help="raw defence (0..1000)")
    fight = p.add_argument_group("fight")
    fight.add_argument("--event", metavar="ID", help="a fight event card id (or effect kind)")
    fight.add_argument("--epicenter", action="store_true", help="no escape (FIGHT-4)")
    fight.add_argument("--policy", default="attack", metavar="P", help="attack, escape or best")
    p.add_argument("--cards", action="append", default=[], metavar="DIR")
    p.add_argument("--variant", default="standard", metavar="NAME", help="standard or express")
    p.add_argument("--json", action="store_true", help="print JSON")


TEXT_OPTIONS = (
    "monster",
    "colour",
    "monster_attack",
    "stalker",
    "weapon",
    "mods",
    "armour",
    "artifacts",
    "attack",
    "event",
    "policy",
    "variant",
)
"""Options that take text: none may be given empty."""


def _ids(text: str | None, option: str) -> list[str]:
    parts = [part.strip() for part in (text or "").split(",")]
    if text is not None and not all(parts):
        raise UserError(f"{option}: an empty card id in {quoted(text)}")
    return [part for part in parts if part]


def _card(cards: CardSet, option: str, card_id: str, kind: type[CardT], noun: str) -> CardT:
    if card_id not in cards:
        same_kind = [card.id for card in cards if isinstance(card, kind)]
        raise UserError(
            f"{option}: no loaded pack defines {noun} {quoted(card_id)}{hint(card_id, same_kind)}"
        )
    card = cards.get(card_id)
    if not isinstance(card, kind):
        raise UserError(f"{option}: {quoted(card_id)} is not {noun}")
    return card


def _dice(option: str, text: str) -> Dice:
    try:
        return Dice.parse(text)
    except DiceError as error:
        raise UserError(f"{option}: {shorten(str(error), 160)}") from None


def _loadout(args: argparse.Namespace, cards: CardSet) -> Loadout:
    if args.stalker:
        stalker = _card(cards, "--stalker", args.stalker, StalkerCard, "a stalker")
    else:
        stalker = StalkerCard("stalker", Text.plain("Stalker"))
    weapon = _card(cards, "--weapon", args.weapon, Weapon, "a weapon") if args.weapon else None
    mods = tuple(
        _card(cards, "--mods", i, WeaponMod, "a weapon modifier") for i in _ids(args.mods, "--mods")
    )
    head: Armour | None = None
    body: Armour | None = None
    for card_id in _ids(args.armour, "--armour"):
        armour = _card(cards, "--armour", card_id, Armour, "armour")
        if (head if armour.slot == "head" else body) is not None:
            raise UserError(f"--armour: two {armour.slot} armour cards; one is active (EQ-3)")
        if armour.slot == "head":
            head = armour
        else:
            body = armour
    artifacts = tuple(
        _card(cards, "--artifacts", i, Artifact, "an artifact")
        for i in _ids(args.artifacts, "--artifacts")
    )
    return Loadout(stalker, weapon, mods, head, body, artifacts=artifacts)


def _event(args: argparse.Namespace, cards: CardSet) -> tuple[str | None, int]:
    """(fight event kind, protection minus) from ``--event``."""
    if not args.event:
        return None, 0
    kind: str = args.event
    if args.event in cards:
        kind = _card(cards, "--event", args.event, Event, "an event").effect.kind
    elif args.event not in EVENT_KINDS:
        names = [*EVENT_KINDS, *(card.id for card in cards if isinstance(card, Event))]
        raise UserError(
            f"--event: no loaded pack defines a card {quoted(args.event)}{hint(args.event, names)}"
        )
    if kind == "protection_minus_one":
        return None, 1
    if kind not in FIGHT_EFFECTS:
        raise UserError(
            f"--event: {quoted(args.event)} ({kind}) does not act in a fight; "
            f"fight events: {', '.join(EVENT_KINDS)}"
        )
    return kind, 0


def _monster(args: argparse.Namespace, cards: CardSet) -> tuple[Monster | MonsterSide, Colour]:
    colour_text = (args.colour or "").lower()
    if args.monster:
        if colour_text not in {c.value for c in Colour}:
            raise UserError("--colour: give green, yellow or red")
        return _card(cards, "--monster", args.monster, Monster, "a monster"), Colour(colour_text)
    health = parse_int(args.monster_health, "--monster-health", 1, CARD_MAX)
    defence = parse_int(args.monster_defence, "--monster-defence", 0, CARD_MAX) or 0
    if health is None or args.monster_attack is None:
        raise UserError("give --monster ID --colour C, or --monster-health N --monster-attack F")
    attack = _dice("--monster-attack", args.monster_attack)
    stats = MonsterStats(health, attack, defence, 0)
    name = Text.plain("Monster")
    monster = Monster("monster", name, trophy=name, green=stats, yellow=stats, red=stats)
    return monster, Colour(colour_text) if colour_text in {c.value for c in Colour} else Colour.RED


def run(args: argparse.Namespace) -> int:
    for name in TEXT_OPTIONS:
        setattr(args, name, parse_text(getattr(args, name), "--" + name.replace("_", "-")))
    if args.policy not in POLICIES:
        raise UserError(f"--policy: {quoted(args.policy)} is not one of {', '.join(POLICIES)}")
    if args.variant not in VARIANT_NAMES:
        allowed = ", ".join(VARIANT_NAMES)
        raise UserError(f"--variant: {quoted(args.variant)} is not one of {allowed}")
    given_health = parse_int(args.health, "--health", 1, CARD_MAX)
    reputation = parse_int(args.reputation, "--reputation", 0, CARD_MAX) or 0
    raw_defence = parse_int(args.defence, "--defence", 0, CARD_MAX)
    cache = PackCache.from_environment()  # one per run: the code digest is read once
    result = load_packs(list(parse_cards(args.cards)), cache=cache)
    report(result, "odds")
    cards = result.cards
    monster, colour = _monster(args, cards)
    loadout = _loadout(args, cards)
    event, protection_minus = _event(args, cards)
    variant = load_variant(args.variant, cache=cache)
    stats = derive(loadout, variant, protection_minus=protection_minus)
    health = stats.max_health if given_health is None else given_health
    raw_stalker = not args.stalker and (args.attack is not None or raw_defence is not None)
    start = min(health, stats.max_health)
    side = StalkerSide.from_loadout(loadout, variant, start, reputation, protection_minus)
    if raw_stalker and health > side.max_health:  # no character, so no ST-5 maximum
        side = replace(side, health=health, max_health=health)
    if health > side.max_health:
        raise UserError(f"--health: {health} is above the maximum {side.max_health} (ST-5)")
    if args.attack:
        side = replace(side, attack=_dice("--attack", args.attack), one_die_bonus=0)
    if raw_defence is not None:
        side = replace(side, defence=raw_defence)
    epicenter = args.epicenter or (isinstance(monster, Monster) and monster.deck == "epicenter")
    fight = start_fight(side, monster, colour, event=event, epicenter=epicenter)
    policy: Policy = args.policy
    # one solve per policy, the chosen one reused; a base fight on the plain grid (no numpy import)
    solver = OddsSolver(size=len(POLICIES), plain_states=OddsSolver.PLAIN_STATES)
    chosen = solver.odds(fight, policy)
    if args.json:
        print(json_text(_as_json(chosen)))
        return 0
    shown: tuple[Policy, ...] = ("attack", "escape", "best")
    table: dict[str, Odds] = {p: chosen if p == policy else solver.odds(fight, p) for p in shown}
    _print_table(fight.setup, loadout, args.policy, table)
    return 0


def _as_json(o: Odds) -> dict[str, Any]:
    data: dict[str, Any] = {
        "win": o.win,
        "death": o.death,
        "escape": o.escape,
        "expected_rounds": None if math.isinf(o.expected_rounds) else o.expected_rounds,
    }
    if o.endless > 0:
        data["endless"] = o.endless
    return data


def json_text(data: dict[str, Any]) -> str:
    """``json.dumps(data)``, byte for byte, for the flat answer of ``--json`` (text keys; finite
    floats, integers, None) without importing :mod:`json` (a one-shot start-up cost); anything
    else is left to :mod:`json` itself."""
    parts = []
    for key, value in data.items():
        if value is None:
            text = "null"
        elif isinstance(value, float) and math.isfinite(value):
            text = float.__repr__(value)  # what json writes for a float
        elif isinstance(value, int) and not isinstance(value, bool):
            text = int.__repr__(value)
        else:
            text = ""
        if not text or not (isinstance(key, str) and key.isascii() and key.isidentifier()):
            import json

            return json.dumps(data)
        parts.append(f'"{key}": {text}')
    return "{" + ", ".join(parts) + "}"


def _print_table(setup: FightSetup, loadout: Loadout, policy: str, table: dict[str, Odds]) -> None:
    st, mon = setup.stalker, setup.monster
    one = f" (+{st.one_die_bonus} on one die)" if st.one_die_bonus else ""
    print(
        f"{st.name}: health {st.health}/{st.max_health}, attack {st.attack}{one}, "
        f"defence {st.defence}, reputation {st.reputation}, escape bonus {st.escape_bonus:+d}"
    )
    for mod, reason in inactive_mods(loadout):
        print(f"  inactive: {mod.id} — {reason}")
    abilities = []
    if mon.paralysis_rolls:
        abilities.append(f"paralysis ×{mon.paralysis_rolls}")
    if mon.first_strike:
        abilities.append("first strike")
    if mon.drain:
        abilities.append(f"drain {mon.drain}")
    if mon.regeneration:
        abilities.append(f"regeneration {mon.regeneration}")
    if mon.multi_attacks != 1:
        rounds = "rounds" if len(mon.multi_rounds) > 1 else "round"
        abilities.append(f"{mon.multi_attacks} attacks in {rounds} {sorted(mon.multi_rounds)}")
    print(
        f"{mon.name} ({mon.colour.value}): health {mon.health}, attack {mon.attack}, "
        f"defence {mon.defence}" + (f"; {', '.join(abilities)}" if abilities else "")
    )
    extras = [x for x in (setup.event, "Epicenter: no escape" if setup.epicenter else None) if x]
    if extras:
        print("  " + "; ".join(extras))
    print()
    print(f"  {'policy':<8} {'win':>8} {'death':>8} {'escape':>8} {'rounds':>7}")
    for name, o in table.items():
        mark = "*" if name == policy else " "
        rounds = "never" if math.isinf(o.expected_rounds) else f"{o.expected_rounds:.2f}"
        print(
            f"{mark} {name:<8} {o.win:>8.2%} {o.death:>8.2%} {o.escape:>8.2%} {rounds:>7}"
            + (f"  (never ends {o.endless:.2%})" if o.endless > 0 else "")
        )
