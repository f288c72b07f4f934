"""Slots, backpack and derived stats (EQ-1 … EQ-9, ST-1, ST-5).

A single slot (weapon, head, body, navigation) swaps: activating a second card sends the first
to the backpack (EQ-3). Artifacts are capped by ``variant.active_artifacts`` and grenades by
``variant.grenade_cap`` (EQ-6, EQ-7: the cap is on active grenades; the backpack holds any
number, EQ-2). Modifiers are always allowed in their slot; they count only with a weapon of their
type (EQ-4, computed by :func:`stalkerzone.engine.loadout.derive`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, TypeVar

from stalkerzone.engine.cards import (
    AnyCard,
    Armour,
    Artifact,
    Grenade,
    Navigation,
    StalkerCard,
    Stimulator,
    Weapon,
    WeaponMod,
)
from stalkerzone.engine.illegal import EquipmentRefused
from stalkerzone.engine.loadout import Loadout, StalkerStats, derive
from stalkerzone.engine.state import GameContext, PlayerState, card_id
from stalkerzone.engine.variant import Variant

T = TypeVar("T")

SINGLE_SLOTS = ("weapon", "head", "body", "navigation")
MULTI_SLOTS = ("mods", "artifacts", "grenades", "stimulators")


def slot_of(card: AnyCard) -> str | None:
    """The slot a card goes into, or None for cards that are never active (trophies, orders…)."""
    if isinstance(card, Weapon):
        return "weapon"
    if isinstance(card, WeaponMod):
        return "mods"
    if isinstance(card, Armour):
        return card.slot
    if isinstance(card, Navigation):
        return "navigation"
    if isinstance(card, Artifact):
        return "artifacts"
    if isinstance(card, Grenade):
        return "grenades"
    if isinstance(card, Stimulator):
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


def clamp_health(player: PlayerState, ctx: GameContext) -> PlayerState:
    """ST-5: health never exceeds the maximum (e.g. after stashing a +health artifact)."""
    top = max(1, stats(player, ctx).max_health)
    return replace(player, health=min(player.health, top)) if player.health > top else player


def activate(player: PlayerState, instance: str, ctx: GameContext) -> PlayerState:
    """EQ-3, EQ-6, EQ-7: move a card from the backpack into its slot."""
    if instance not in player.backpack:
        cid = card_id(instance)
        raise EquipmentRefused(
            "EQ-8", f"{cid} is not in your backpack", key="not_in_backpack", card=cid
        )
    card = ctx.card(instance)
    slot = slot_of(card)
    if slot is None:
        cid = card_id(instance)
        raise EquipmentRefused("EQ-1", f"{cid} has no slot", key="no_slot", card=cid)
    backpack = _without(player.backpack, instance)
    if slot in SINGLE_SLOTS:
        old: str | None = getattr(player, slot)
        if old is not None:
            backpack = (*backpack, old)
        return clamp_health(_set(replace(player, backpack=backpack), slot, instance), ctx)
    held: tuple[str, ...] = getattr(player, slot)
    limit = slot_limit(slot, ctx.variant)
    if limit is not None and len(held) >= limit:
        rule = "EQ-6" if slot == "grenades" else "EQ-7"
        raise EquipmentRefused(
            rule,
            f"at most {limit} active {slot}; stash one first",
            key="slot_full",
            limit=limit,
            slot=slot,
        )
    return clamp_health(_set(replace(player, backpack=backpack), slot, (*held, instance)), ctx)


def stash(player: PlayerState, instance: str, ctx: GameContext) -> PlayerState:
    """EQ-8: move an active card into the backpack."""
    slot = find_slot(player, instance)
    if slot is None:
        cid = card_id(instance)
        raise EquipmentRefused("EQ-8", f"{cid} is not active", key="not_active", card=cid)
    player = remove_card(player, instance)
    return clamp_health(replace(player, backpack=(*player.backpack, instance)), ctx)


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


def receive(player: PlayerState, instance: str, ctx: GameContext) -> PlayerState:
    """EQ-1: a new card goes into its slot if there is room, otherwise into the backpack.

    An artifact that lowers the maximum health lowers the health with it (ST-5)."""
    card = ctx.card(instance)
    slot = slot_of(card)
    if slot is not None:
        limit = slot_limit(slot, ctx.variant)
        if slot in SINGLE_SLOTS:
            if getattr(player, slot) is None:
                return _set(player, slot, instance)
        else:
            held: tuple[str, ...] = getattr(player, slot)
            if limit is None or len(held) < limit:
                player = _set(player, slot, (*held, instance))
                return clamp_health(player, ctx) if slot == "artifacts" else player
    return replace(player, backpack=(*player.backpack, instance))


def _set(player: PlayerState, slot: str, value: Any) -> PlayerState:
    """The player with one slot (an attribute named by ``slot``) set to ``value``."""
    return replace(player, **{slot: value})


def _without(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    index = items.index(item)
    return items[:index] + items[index + 1 :]
