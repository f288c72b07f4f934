"""What an immediate event did, in words: its own effect first, then what else came of it.

EVENT-1: an event card's reveal leads with what the card itself does ("finds the artifact
Medusa", "+200 gr.", "−7 health"), said from its effect and the notes the engine wrote; what
followed from it is told under that line (the found artifact's effect on health, the dice of a
damage roll, a death). The lines are worded by the card's effect kind, never by whichever
number happened to change first.
"""

from __future__ import annotations

from collections.abc import Sequence

from stalkerzone.client.text.card_words import card_name, t
from stalkerzone.engine.core import Event, Note
from stalkerzone.engine.play import GameState, PlayerState
from stalkerzone.engine.turn import equipment

DICE_WORDS = ("faces", "rolled", "dice", "defence")
"""The numbers of an event's damage roll its line shows (the ``event_damage`` note's)."""

OWN_STAT = {
    "gain_money": "cash",
    "lose_money": "cash",
    "heal": "health",
    "damage": "health",
    "find_element": "elements",
    "protection_minus_one": "protection",
    "zombie": "zombie",
}
"""The effect kinds whose own effect is one of the stalker's numbers: said first, not again."""


def signed(amount: int) -> str:
    return f"{amount:+d}".replace("-", "−")


def event_effect_lines(
    event: Event | None,
    notes: Sequence[Note],
    before: PlayerState,
    after: PlayerState,
    state: GameState,
) -> list[str]:
    """EVENT-1: the lines of an event drawn (``notes``: the action's notes after it): its own
    effect first, then what followed from it."""
    kind = event.effect.kind if event is not None else ""
    died = any(n.key == "died" for n in notes)
    first = own_effect(kind, notes, before, after, state)
    lines = [first] if first else []
    lines += [dice_line(n) for n in notes if n.key == "event_damage"]
    if died:  # DEATH-1: the stalker now is a new one; its numbers say nothing of the event
        return [*lines, t("reveal.died")]
    told = OWN_STAT.get(kind, "")
    lines += [line for stat, line in changes(before, after, state) if stat != told]
    return lines


def own_effect(
    kind: str,
    notes: Sequence[Note],
    before: PlayerState,
    after: PlayerState,
    state: GameState,
) -> str:
    """The line of what the card itself did ("" for an effect this client cannot name: the
    changes it made are then the lines)."""
    if kind in ("gain_money", "lose_money"):
        change = after.cash - before.cash
        return t("reveal.cash", amount=signed(change)) if change else t("reveal.no_money")
    if kind == "heal":
        change = after.health - before.health
        return t("reveal.health", amount=signed(change)) if change else t("reveal.health_full")
    if kind == "damage":
        rolled = next((n for n in notes if n.key == "event_damage"), None)
        damage = int(dict(rolled.params).get("damage", 0)) if rolled is not None else 0
        lost = min(damage, before.health)
        return t("reveal.health", amount=signed(-lost)) if lost else t("reveal.no_damage")
    if kind == "find_element":
        return t("reveal.elements", amount=signed(after.elements - before.elements))
    if kind == "draw_artifact":
        found = next((n for n in notes if n.key == "artifact_gained" and n.rule == "EVENT-1"), None)
        if found is None:
            return t("reveal.artifact_deck_empty")
        return t("reveal.finds_artifact", card=named(state, str(dict(found.params)["card"])))
    if kind == "protection_minus_one":
        return t("reveal.protection")
    if kind == "zombie":
        return t("reveal.zombie")
    if kind == "lose_protection":
        gone = next((n for n in notes if n.key == "armour_lost"), None)
        if gone is not None:
            return t("reveal.armour_lost", card=named(state, str(dict(gone.params)["card"])))
        return t("reveal.choose_armour" if state.phase == "choose_armour" else "reveal.no_armour")
    if any(n.key == "event_no_effect" for n in notes):
        return t("reveal.no_effect_line")
    return ""


def changes(before: PlayerState, after: PlayerState, state: GameState) -> list[tuple[str, str]]:
    """(stat, line) for each of the stalker's numbers the event changed, from the seat before
    and after (an artifact found may raise maximum health, and health with it)."""
    lines = []
    if after.cash != before.cash:
        lines.append(("cash", t("reveal.cash", amount=signed(after.cash - before.cash))))
    top_before = equipment.stats(before, state.ctx).max_health
    top_after = equipment.stats(after, state.ctx).max_health
    if top_after != top_before:
        lines.append(("max_health", t("reveal.max_health", old=top_before, new=top_after)))
    if after.health != before.health:
        change = signed(after.health - before.health)
        lines.append(("health", t("reveal.health", amount=change)))
    if after.elements != before.elements:
        change = signed(after.elements - before.elements)
        lines.append(("elements", t("reveal.elements", amount=change)))
    if after.protection_minus > before.protection_minus:
        lines.append(("protection", t("reveal.protection")))
    if after.zombie_turns > before.zombie_turns:
        lines.append(("zombie", t("reveal.zombie")))
    return lines


def dice_line(note: Note) -> str:
    """EVENT-1 damage: the dice as they fell, to check the health they took."""
    values = dict(note.params)
    return t("reveal.event_dice", **{k: values.get(k, "") for k in DICE_WORDS})


def named(state: GameState, cid: str) -> str:
    return card_name(state.cards.get(cid)) if cid in state.cards else cid
