"""Slots, backpack and derived stats (EQ-1 … EQ-10, ST-1, ST-5).

A single slot (weapon, head, body, navigation) swaps: activating a second card sends the first
to the backpack (EQ-3). Artifacts are capped by ``variant.active_artifacts`` (EQ-7); grenades by
``variant.grenade_cap`` counted over everything the stalker carries, backpack included (EQ-6).
Modifiers are always allowed in their slot; they count only with a weapon of their type (EQ-4,
computed by :func:`stalkerzone.engine.core.loadout.derive`).

EQ-10: a gained card goes into its slot only if there is room and activating it lowers no stat
(:func:`gain`); when the maximum health changes through equipment, the damage taken is kept
(:func:`keep_damage`), and a rearrangement that would take health below 1 is refused.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal, TypeVar

from stalkerzone.engine.core import (
    AnyCard,
    Armour,
    Artifact,
    EquipmentRefused,
    Grenade,
    Loadout,
    Navigation,
    Note,
    StalkerCard,
    StalkerStats,
    Stat,
    Stimulator,
    Variant,
    Weapon,
    WeaponMod,
    derive,
)
from stalkerzone.engine.play import GameContext, PlayerState, card_id

T = TypeVar("T")

SINGLE_SLOTS = ("weapon", "head", "body", "navigation")
MULTI_SLOTS = ("mods", "artifacts", "grenades", "stimulators")


def slot_of(card: AnyCard) -> str | None:
    """The slot a card goes into, or None for cards that are never active (trophies, orders…)."""
    match card:
        case Weapon():
            return "weapon"
        case WeaponMod():
            return "mods"
        case Armour(slot=slot):
            return slot
        case Navigation():
            return "navigation"
        case Artifact():
            return "artifacts"
        case Grenade():
            return "grenades"
        case Stimulator():
            return "stimulators"
    return None


def slot_limit(slot: str, variant: Variant) -> int | None:
    """EQ-7: how many cards a slot holds (None = any number)."""
    if slot in SINGLE_SLOTS:
        return 1
    if slot == "artifacts":
        return variant.active_artifacts
    if slot == "grenades":
        return variant.grenade_cap
    return None


def loadout(player: PlayerState, ctx: GameContext) -> Loadout:
    """The player's active cards as a combat-engine loadout."""

    def one(instance: str | None) -> AnyCard | None:
        return ctx.card(instance) if instance else None

    stalker = ctx.cards.get(player.stalker)
    assert isinstance(stalker, StalkerCard)
    weapon, head = one(player.weapon), one(player.head)
    body, nav = one(player.body), one(player.navigation)
    assert weapon is None or isinstance(weapon, Weapon)
    assert head is None or isinstance(head, Armour)
    assert body is None or isinstance(body, Armour)
    assert nav is None or isinstance(nav, Navigation)
    mods = tuple(_typed(ctx, player.mods, WeaponMod))
    artifacts = tuple(_typed(ctx, player.artifacts, Artifact))
    grenades = tuple(_typed(ctx, player.grenades, Grenade))
    stimulators = tuple(_typed(ctx, player.stimulators, Stimulator))
    return Loadout(
        stalker=stalker,
        weapon=weapon,
        mods=mods,
        head=head,
        body=body,
        navigation=nav,
        artifacts=artifacts,
        grenades=grenades,
        stimulators=stimulators,
    )


def _typed(ctx: GameContext, ids: tuple[str, ...], kind: type[T]) -> list[T]:
    out: list[T] = []
    for instance in ids:
        card = ctx.card(instance)
        assert isinstance(card, kind)
        out.append(card)
    return out


def stats(player: PlayerState, ctx: GameContext) -> StalkerStats:
    """ST-1: attack, defence, movement, escape bonus and maximum health from the active cards."""
    return derive(loadout(player, ctx), ctx.variant, protection_minus=player.protection_minus)


def stat_lowered(before: StalkerStats, after: StalkerStats) -> Stat | None:
    """EQ-10: the first stat that ``after`` has lower than ``before`` (attack by its average)."""
    if after.attack.mean(after.one_die_bonus) < before.attack.mean(before.one_die_bonus) - 1e-9:
        return "attack"
    if after.grenade_bonus < before.grenade_bonus:
        return "attack"
    compared: tuple[tuple[Stat, int, int], ...] = (
        ("defence", before.defence, after.defence),
        ("movement", before.movement, after.movement),
        ("escape", before.escape_bonus, after.escape_bonus),
        ("max_health", before.max_health, after.max_health),
    )
    for stat, old, new in compared:
        if new < old:
            return stat
    return None


def keep_damage(before: PlayerState, after: PlayerState, ctx: GameContext) -> PlayerState:
    """EQ-10: the maximum health changed from ``before`` to ``after``: the damage taken is kept.

    Health moves by as much as the maximum did, never below 1 and never above the maximum."""
    old_top = stats(before, ctx).max_health
    new_top = stats(after, ctx).max_health
    if old_top == new_top:
        return after
    health = min(new_top, max(1, after.health + new_top - old_top))
    return replace(after, health=health)


def moves_max_health(card: AnyCard) -> bool:
    """Whether activating or stashing ``card`` can change the maximum health (EQ-10)."""
    return isinstance(card, Artifact) and any(e.stat == "max_health" for e in card.effects)


def _floor_refusal(
    before: PlayerState, after: PlayerState, instance: str, ctx: GameContext
) -> EquipmentRefused | None:
    """EQ-10: rearranging never takes health below 1, so such a rearrangement is refused."""
    if not moves_max_health(ctx.card(instance)):
        return None
    health = after.health + stats(after, ctx).max_health - stats(before, ctx).max_health
    if health >= 1:
        return None
    cid = card_id(instance)
    return EquipmentRefused(
        "EQ-10",
        f"moving {cid} would take your health to {health}; heal first",
        key="health_floor",
        card=cid,
        health=health,
    )


def _activation_refusal(
    player: PlayerState, instance: str, ctx: GameContext
) -> EquipmentRefused | None:
    """EQ-1, EQ-6, EQ-7, EQ-8: why ``instance`` cannot go from the backpack into its slot."""
    if instance not in player.backpack:
        cid = card_id(instance)
        return EquipmentRefused(
            "EQ-8", f"{cid} is not in your backpack", key="not_in_backpack", card=cid
        )
    slot = slot_of(ctx.card(instance))
    if slot is None:
        cid = card_id(instance)
        return EquipmentRefused("EQ-1", f"{cid} has no slot", key="no_slot", card=cid)
    limit = slot_limit(slot, ctx.variant)
    if slot in MULTI_SLOTS and limit is not None and len(getattr(player, slot)) >= limit:
        rule = "EQ-6" if slot == "grenades" else "EQ-7"
        return EquipmentRefused(
            rule,
            f"at most {limit} active {slot}; stash one first",
            key="slot_full",
            limit=limit,
            slot=slot,
        )
    return None


def _activated(player: PlayerState, instance: str, ctx: GameContext) -> PlayerState:
    """The player with ``instance`` moved from the backpack into its slot (a single slot
    swaps); the caller has checked :func:`_activation_refusal`."""
    slot = slot_of(ctx.card(instance))
    assert slot is not None
    backpack = _without(player.backpack, instance)
    if slot in SINGLE_SLOTS:
        old: str | None = getattr(player, slot)
        if old is not None:
            backpack = (*backpack, old)
        return _set(replace(player, backpack=backpack), slot, instance)
    held: tuple[str, ...] = getattr(player, slot)
    return _set(replace(player, backpack=backpack), slot, (*held, instance))


def _stashed(player: PlayerState, instance: str) -> PlayerState:
    player = remove_card(player, instance)
    return replace(player, backpack=(*player.backpack, instance))


def activate_refusal(
    player: PlayerState, instance: str, ctx: GameContext
) -> EquipmentRefused | None:
    """Why :func:`activate` would refuse ``instance`` now (None if it would not)."""
    refusal = _activation_refusal(player, instance, ctx)
    if refusal is not None or not moves_max_health(ctx.card(instance)):
        return refusal
    return _floor_refusal(player, _activated(player, instance, ctx), instance, ctx)


def stash_refusal(player: PlayerState, instance: str, ctx: GameContext) -> EquipmentRefused | None:
    """Why :func:`stash` would refuse ``instance`` now (None if it would not)."""
    if find_slot(player, instance) is None:
        cid = card_id(instance)
        return EquipmentRefused("EQ-8", f"{cid} is not active", key="not_active", card=cid)
    if not moves_max_health(ctx.card(instance)):
        return None
    return _floor_refusal(player, _stashed(player, instance), instance, ctx)


def activate(player: PlayerState, instance: str, ctx: GameContext) -> PlayerState:
    """EQ-3, EQ-7, EQ-10: move a card from the backpack into its slot (a single slot swaps);
    health moves with the maximum health."""
    refusal = activate_refusal(player, instance, ctx)
    if refusal is not None:
        raise refusal
    after = _activated(player, instance, ctx)
    return keep_damage(player, after, ctx) if moves_max_health(ctx.card(instance)) else after


def stash(player: PlayerState, instance: str, ctx: GameContext) -> PlayerState:
    """EQ-8, EQ-10: move an active card into the backpack; health moves with the maximum."""
    refusal = stash_refusal(player, instance, ctx)
    if refusal is not None:
        raise refusal
    after = _stashed(player, instance)
    return keep_damage(player, after, ctx) if moves_max_health(ctx.card(instance)) else after


def find_slot(player: PlayerState, instance: str) -> str | None:
    """The slot holding an active instance (None if it is not active)."""
    for slot in SINGLE_SLOTS:
        if getattr(player, slot) == instance:
            return slot
    for slot in MULTI_SLOTS:
        if instance in getattr(player, slot):
            return slot
    return None


def remove_card(player: PlayerState, instance: str) -> PlayerState:
    """Take an instance out of the slots or the backpack (it must be there)."""
    slot = find_slot(player, instance)
    if slot in SINGLE_SLOTS:
        return _set(player, slot, None)
    if slot is not None:
        return _set(player, slot, _without(getattr(player, slot), instance))
    if instance in player.backpack:
        return replace(player, backpack=_without(player.backpack, instance))
    raise KeyError(instance)


def carried_grenades(player: PlayerState, ctx: GameContext) -> int:
    """EQ-6: every grenade the stalker carries, active and in the backpack."""
    return len(player.grenades) + sum(
        1 for instance in player.backpack if isinstance(ctx.card(instance), Grenade)
    )


def grenade_room(player: PlayerState, card: AnyCard, ctx: GameContext) -> bool:
    """EQ-6: whether the stalker may take ``card`` (only grenades are capped)."""
    return not isinstance(card, Grenade) or carried_grenades(player, ctx) < ctx.variant.grenade_cap


def slot_has_room(player: PlayerState, card: AnyCard, ctx: GameContext) -> bool:
    """EQ-7: whether the card's slot takes it without sending another card to the backpack."""
    slot = slot_of(card)
    if slot is None:
        return False
    if slot in SINGLE_SLOTS:
        return getattr(player, slot) is None
    limit = slot_limit(slot, ctx.variant)
    return limit is None or len(getattr(player, slot)) < limit


GainReason = Literal["", "slot_full", "lowers_stat", "no_slot", "grenade_cap"]


@dataclass(frozen=True, slots=True)
class Gained:
    """Where a gained card went (EQ-6, EQ-10): ``"slot"``, ``"backpack"`` or ``"left"`` (not
    taken: the grenade cap is reached), why (``reason``) and the stat it would lower."""

    player: PlayerState
    where: Literal["slot", "backpack", "left"]
    reason: GainReason = ""
    stat: Stat | None = None


def gain(player: PlayerState, instance: str, ctx: GameContext) -> Gained:
    """EQ-6, EQ-10: a gained card goes into its slot if there is room and activating it lowers
    no stat; otherwise into the backpack. A grenade over the cap is not taken (``"left"``)."""
    card = ctx.card(instance)
    if not grenade_room(player, card, ctx):
        return Gained(player, "left", "grenade_cap")
    into_backpack = replace(player, backpack=(*player.backpack, instance))
    if slot_of(card) is None:
        return Gained(into_backpack, "backpack", "no_slot")
    if not slot_has_room(player, card, ctx):
        return Gained(into_backpack, "backpack", "slot_full")
    active = _activated(into_backpack, instance, ctx)
    lowered = stat_lowered(stats(player, ctx), stats(active, ctx))
    if lowered is not None:
        return Gained(into_backpack, "backpack", "lowers_stat", lowered)
    return Gained(keep_damage(player, active, ctx), "slot")


def receive(player: PlayerState, instance: str, ctx: GameContext) -> PlayerState:
    """EQ-10: the player after a card is taken (its slot or the backpack, as :func:`gain`).

    The caller has checked the grenade cap (EQ-6); this never leaves a card behind."""
    gained = gain(player, instance, ctx)
    if gained.where == "left":
        return replace(player, backpack=(*player.backpack, instance))
    return gained.player


def gained_note(gained: Gained, name: str, instance: str, rule: str) -> Note:
    """EQ-6, EQ-10: the note saying where a gained card went and why."""
    cid = card_id(instance)
    if gained.where == "slot":
        return Note(
            "EQ-10",
            "gained_to_slot",
            f"{name} puts {cid} into its slot",
            player=name,
            card=cid,
            source=rule,
        )
    if gained.where == "left":
        return Note(
            "EQ-6",
            "gained_grenade_cap",
            f"{cid} stays where it was: {name} carries the most grenades allowed",
            player=name,
            card=cid,
            source=rule,
        )
    if gained.reason == "lowers_stat":
        return Note(
            "EQ-10",
            "gained_lowers_stat",
            f"{name} puts {cid} in the backpack: activating it would lower {gained.stat}",
            player=name,
            card=cid,
            stat=str(gained.stat),
            source=rule,
        )
    if gained.reason == "slot_full":
        return Note(
            "EQ-10",
            "gained_slot_full",
            f"{name} puts {cid} in the backpack: its slot is full",
            player=name,
            card=cid,
            source=rule,
        )
    return Note(
        "EQ-10",
        "gained_to_backpack",
        f"{name} puts {cid} in the backpack",
        player=name,
        card=cid,
        source=rule,
    )


def _set(player: PlayerState, slot: str, value: Any) -> PlayerState:
    """The player with one slot (an attribute named by ``slot``) set to ``value``."""
    return replace(player, **{slot: value})


def _without(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    index = items.index(item)
    return items[:index] + items[index + 1 :]
