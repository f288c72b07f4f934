"""What a stalker's active cards make of its stats (ST-1, ST-3, EQ-4, EQ-5, EQ-9).

Character bonuses and artifact effects apply to every attack the stalker makes (weapon, fists
and grenades: ST-3 Gromoboy); weapon modifiers count only for the active weapon's type (EQ-4);
only the best navigation card counts, artifacts add to it (EQ-5).
"""

from __future__ import annotations

from stalkerzone.engine.core.cards import (
    Armour,
    Artifact,
    Grenade,
    Navigation,
    StalkerCard,
    Stat,
    Stimulator,
    Weapon,
    WeaponMod,
)
from stalkerzone.engine.core.dice import FISTS, Dice
from stalkerzone.engine.core.frozen_classes import frozen
from stalkerzone.engine.core.variant import Variant


@frozen
class Loadout:
    """The active cards of one stalker (EQ-7); the backpack is not part of it (EQ-2)."""

    stalker: StalkerCard
    weapon: Weapon | None = None
    mods: tuple[WeaponMod, ...] = ()
    head: Armour | None = None
    body: Armour | None = None
    navigation: Navigation | None = None
    artifacts: tuple[Artifact, ...] = ()
    grenades: tuple[Grenade, ...] = ()
    stimulators: tuple[Stimulator, ...] = ()


@frozen
class StalkerStats:
    """Derived stats (ST-1). ``attack`` includes every flat bonus; ``one_die_bonus`` (DMG-4) too."""

    attack: Dice
    one_die_bonus: int
    defence: int
    movement: int
    escape_bonus: int
    max_health: int
    grenade_bonus: int = 0


def _artifact_bonus(loadout: Loadout, stat: Stat) -> int:
    return sum(e.amount for a in loadout.artifacts for e in a.effects if e.stat == stat)


def personal_bonus(loadout: Loadout, stat: Stat) -> int:
    """Character bonus plus active artifacts' effects for ``stat`` (ST-3)."""
    return loadout.stalker.bonus(stat) + _artifact_bonus(loadout, stat)


def active_mods(loadout: Loadout) -> tuple[WeaponMod, ...]:
    """EQ-4: the modifiers that match the active weapon's type."""
    weapon = loadout.weapon
    if weapon is None:
        return ()
    return tuple(m for m in loadout.mods if m.weapon_type == weapon.weapon_type)


def inactive_mods(loadout: Loadout) -> tuple[tuple[WeaponMod, str], ...]:
    """EQ-4: each modifier that gives nothing with the active weapon, and why."""
    weapon = loadout.weapon
    result: list[tuple[WeaponMod, str]] = []
    for mod in loadout.mods:
        if weapon is None:
            result.append((mod, f"EQ-4: no weapon is active; it fits {mod.weapon_type} weapons"))
        elif mod.weapon_type != weapon.weapon_type:
            result.append(
                (
                    mod,
                    f"EQ-4: it fits {mod.weapon_type} weapons, the active "
                    f"{weapon.name} is {weapon.weapon_type}",
                )
            )
    return tuple(result)


def derive(loadout: Loadout, variant: Variant, *, protection_minus: int = 0) -> StalkerStats:
    """The stalker's stats from its active cards (ST-1, ST-3, EQ-4, EQ-5, EQ-9).

    ``protection_minus`` is the event "your protection is reduced by N" (EVENT-1); it reduces
    the total defence, the character's bonus included (ST-3 Nosorog), never below 0.
    """
    mods = active_mods(loadout)
    base = loadout.weapon.attack if loadout.weapon is not None else FISTS
    personal_attack = personal_bonus(loadout, "attack")
    attack = base.plus(sum(m.attack_bonus for m in mods) + personal_attack)
    one_die = sum(m.one_die_bonus for m in mods)
    armour = sum(a.defence for a in (loadout.head, loadout.body) if a is not None)
    defence = max(0, armour + personal_bonus(loadout, "defence") - protection_minus)
    navigation = loadout.navigation.movement if loadout.navigation is not None else 0
    movement = max(0, variant.base_movement + navigation + personal_bonus(loadout, "movement"))
    start = loadout.stalker.max_health
    health = (start if start is not None else variant.start_health) + personal_bonus(
        loadout, "max_health"
    )
    return StalkerStats(
        attack=attack,
        one_die_bonus=one_die,
        defence=defence,
        movement=movement,
        escape_bonus=personal_bonus(loadout, "escape"),
        max_health=max(1, health),
        grenade_bonus=personal_attack,
    )
