"""Card words shared by the screens (stalker card, bases, fights, rules, settings).

Card words in the current language, stat lines and what a change of cards does to them, and
refusals (an engine message plus the rule it cites, shown with a link into the rules overlay).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from stalkerzone.client.text import i18n
from stalkerzone.client.text.engine_text import render
from stalkerzone.engine.core import (
    Ability,
    AnyCard,
    Armour,
    Artifact,
    CardSet,
    Colour,
    Drain,
    Event,
    FirstStrike,
    Grenade,
    Monster,
    MultiAttack,
    Navigation,
    Order,
    Paralysis,
    Regeneration,
    Site,
    StalkerCard,
    StalkerStats,
    Stimulator,
    Weapon,
    WeaponMod,
)
from stalkerzone.engine.turn import equipment

RULE_ID = re.compile(r"^([A-Z]+(?:-[A-Z0-9]+)+):\s*")


def t(key: str, /, **fmt: object) -> str:
    return i18n.t(key, **fmt)


def card_name(card: AnyCard | None) -> str:
    return "" if card is None else i18n.card_text(card.name)


# The engine's slot names (EQ-1) as card kinds; the single slots are their own kind.
_KIND_OF_SLOT = {
    "mods": "mod",
    "artifacts": "artifact",
    "grenades": "grenade",
    "stimulators": "stimulator",
}


def card_kind(card: AnyCard) -> str:
    """A short kind key: weapon, mod, head, body, navigation, grenade, stimulator, artifact…"""
    slot = equipment.slot_of(card)
    if slot is not None:
        return _KIND_OF_SLOT.get(slot, slot)
    if isinstance(card, Monster):
        return "monster"
    if isinstance(card, Order):
        return "order"
    if isinstance(card, Event):
        return "event"
    if isinstance(card, StalkerCard):
        return "stalker"
    return "card"


def weapon_type(name: str) -> str:
    """A weapon type in words ("rifle" → "ружьё"); custom types stay as the card says."""
    key = f"kit.wtype_{name}"
    return t(key) if i18n.has(key) else name


def effect_text(stat: str, amount: int) -> str:
    return t(f"stat.{stat}", amount=f"{amount:+d}")


def card_summary(card: AnyCard) -> str:
    """One line of what a card does, in the current language."""
    if isinstance(card, Weapon):
        return t("kit.sum_weapon", attack=str(card.attack), type=weapon_type(card.weapon_type))
    if isinstance(card, WeaponMod):
        parts = []
        if card.one_die_bonus:
            parts.append(t("kit.one_die", amount=card.one_die_bonus))
        if card.attack_bonus:
            parts.append(t("kit.attack_bonus", amount=f"{card.attack_bonus:+d}"))
        return t("kit.sum_mod", type=weapon_type(card.weapon_type), what=", ".join(parts) or "—")
    if isinstance(card, Armour):
        return t("kit.sum_armour", defence=f"{card.defence:+d}", slot=t(f"kit.slot_{card.slot}"))
    if isinstance(card, Navigation):
        return t("kit.sum_navigation", movement=f"{card.movement:+d}")
    if isinstance(card, Grenade):
        return t("kit.sum_grenade", attack=str(card.attack))
    if isinstance(card, Stimulator):
        return t("kit.sum_stimulator", heal=card.heal)
    if isinstance(card, Artifact):
        effects = ", ".join(effect_text(e.stat, e.amount) for e in card.effects)
        return effects or t("kit.no_effect")
    if isinstance(card, Monster):
        return t("kit.sum_monster", trophy=i18n.card_text(card.trophy))
    if isinstance(card, Order):
        return i18n.card_text(card.text) if card.text else ""
    return i18n.card_text(card.text) if card.text else ""


CLAUSE = re.compile(r"(?:[.;,]\s*(?:(?:and|but|и|но)\s+)?|\s+(?:and|but|и|но)\s+)")
SIGNED = re.compile(r"^(?:[^:\d]+:\s*)?([+\-−]\d+)")
"""A clause's signed amount, after a weapon type ("Rifle: +1 to one die")."""


def card_note(card: AnyCard) -> str:
    """The card's own ``text`` less what :func:`card_summary` already says: a clause that opens
    with a signed amount the summary shows ("+1 to escape rolls.") is the same effect in other
    words and is left out, so each effect is read once; "" when nothing else is left."""
    if card.text is None:
        return ""
    text = i18n.card_text(card.text).strip()
    summary = card_summary(card)
    if text.rstrip(".") == summary.rstrip("."):
        return ""
    shown = {m.group(0).replace("−", "-") for m in re.finditer(r"(?<!\w)[+\-−]\d+", summary)}
    kept = [
        clause.strip()
        for clause in CLAUSE.split(text)
        if clause.strip()
        and not (
            (found := SIGNED.match(clause.strip())) and found.group(1).replace("−", "-") in shown
        )
    ]
    if len(kept) == len([c for c in CLAUSE.split(text) if c.strip()]):
        return text  # nothing restated: the text as written
    if not kept:
        return ""
    note = "; ".join(kept)
    return note[:1].upper() + note[1:] + "."


def attack_text(stats: StalkerStats) -> str:
    """The attack formula with its one-die bonus (DMG-1, DMG-4): "2d6 (+3 to one die)"."""
    text = str(stats.attack)
    if stats.one_die_bonus:
        text += " " + t("kit.one_die_paren", amount=stats.one_die_bonus)
    return text


def colour_name(colour: Colour, symbols: bool = True) -> str:
    name = t(f"kit.colour_{colour.value}")
    if symbols:
        mark = {"green": "!", "yellow": "!!", "red": "!!!"}[colour.value]
        return f"{name} {mark}"
    return name


def site_name(site: Site) -> str:
    return t(f"kit.site_{site.value}")


# --- abilities, explained with their actual numbers -------------------------

ABILITY_RULE = {
    "drain": "ABIL-DRAIN",
    "paralysis": "ABIL-PARALYSIS",
    "first_strike": "ABIL-FIRST-STRIKE",
    "regeneration": "ABIL-REGENERATION",
    "multi_attack": "ABIL-MULTI-ATTACK",
}


def ability_badge(ability: Ability) -> str:
    return t(f"kit.abil_{ability.kind}")


def ability_explained(ability: Ability, colour: Colour) -> str:
    """What an ability does at this colour, with the card's numbers ("regains 2 health…")."""
    col = t(f"kit.colour_{colour.value}")
    if isinstance(ability, Drain):
        return t("kit.explain_drain", amount=ability.amount.of(colour), colour=col)
    if isinstance(ability, Paralysis):
        faces = sorted(ability.succeeds_on)
        return t(
            "kit.explain_paralysis",
            rolls=ability.rolls.of(colour),
            faces=_faces(faces),
            colour=col,
        )
    if isinstance(ability, FirstStrike):
        return t("kit.explain_first_strike")
    if isinstance(ability, Regeneration):
        return t("kit.explain_regeneration", amount=ability.amount.of(colour), colour=col)
    if isinstance(ability, MultiAttack):
        rounds = ", ".join(str(r) for r in sorted(ability.rounds))
        return t(
            "kit.explain_multi_attack",
            attacks=ability.attacks.of(colour),
            rounds=rounds,
            colour=col,
        )
    return str(getattr(ability, "kind", ability))


def _faces(faces: list[int]) -> str:
    if faces and faces == list(range(faces[0], faces[-1] + 1)) and len(faces) > 1:
        return f"{faces[0]}–{faces[-1]}"
    return ", ".join(str(f) for f in faces)


# --- refusals ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Refusal:
    """A refused action: the engine's message (rule id first), that rule id, and the refusal
    itself (an ``IllegalAction`` with its message key) so it can be shown in any language."""

    message: str
    rule: str
    source: object = None
    cards: CardSet | None = None

    @classmethod
    def of(cls, error: BaseException | str, cards: CardSet | None = None) -> Refusal:
        message = str(error)
        rule = getattr(error, "rule", None)
        if not rule:
            match = RULE_ID.match(message)
            rule = match.group(1) if match else ""
        return cls(message, str(rule), error, cards)

    def text(self) -> str:
        """The message in the current language, without its rule id (the screen shows the rule
        as a link); the engine's English where no key is known."""
        return render(
            self.message if self.source is None else self.source, self.cards, with_rule=False
        )


def shorten(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis."""
    return text if len(text) <= limit else text[: max(1, limit - 1)].rstrip() + "…"


# --- what a change of cards does --------------------------------------------------------------


def stat_changes(before: StalkerStats, after: StalkerStats) -> str:
    """ "attack 1d6 → 2d6, defence 0 → 2" for what differs; "" when nothing does."""
    parts = []
    if (str(before.attack), before.one_die_bonus) != (str(after.attack), after.one_die_bonus):
        parts.append(t("kit.ch_attack", a=attack_text(before), b=attack_text(after)))
    if before.defence != after.defence:
        parts.append(t("kit.ch_defence", a=before.defence, b=after.defence))
    if before.movement != after.movement:
        parts.append(t("kit.ch_movement", a=before.movement, b=after.movement))
    if before.max_health != after.max_health:
        parts.append(t("kit.ch_health", a=before.max_health, b=after.max_health))
    if before.escape_bonus != after.escape_bonus:
        parts.append(t("kit.ch_escape", a=before.escape_bonus, b=after.escape_bonus))
    return ", ".join(parts)
