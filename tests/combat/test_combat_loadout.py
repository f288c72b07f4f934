"""ST-3, EQ-4, EQ-5, EQ-9 and artifacts: what active cards make of a stalker's stats."""

from __future__ import annotations

import pytest

from stalkerzone.content.variants import load_variant
from stalkerzone.engine.core import (
    Armour,
    Artifact,
    Dice,
    Loadout,
    Navigation,
    StalkerCard,
    Text,
    Variant,
    Weapon,
    WeaponMod,
    derive,
    inactive_mods,
)
from stalkerzone.engine.core.cards import StatEffect
from stalkerzone.engine.fight import StalkerSide


@pytest.fixture(scope="module")
def variant() -> Variant:
    return load_variant("standard")


def card(card_id: str, *bonuses: tuple[str, int], max_health: int | None = None) -> StalkerCard:
    effects = tuple(StatEffect(stat, amount) for stat, amount in bonuses)  # type: ignore[arg-type]
    return StalkerCard(card_id, Text.plain(card_id), bonuses=effects, max_health=max_health)


PLAIN = card("mazhor")
BERDAN = Weapon(
    "berdan-rifle", Text.plain("Berdan rifle"), weapon_type="rifle", attack=Dice.parse("2d6")
)
AK = Weapon("ak-47", Text.plain("AK-47"), weapon_type="automatic", attack=Dice.parse("3d6"))
RIFLE_MODS = tuple(
    WeaponMod(f"rifle-{i}", Text.plain(f"mod {i}"), weapon_type="rifle", one_die_bonus=i)
    for i in (1, 2, 3)
)
AK_AP = WeaponMod("ak-ap", Text.plain("AP"), weapon_type="automatic", attack_bonus=2)


def test_eq4_rifle_mods_accumulate_with_the_berdan(variant: Variant) -> None:
    stats = derive(Loadout(PLAIN, BERDAN, RIFLE_MODS), variant)
    assert stats.attack == Dice.parse("2d6")
    assert stats.one_die_bonus == 6
    assert stats.attack.maximum(stats.one_die_bonus) == 18


def test_eq4_rifle_mods_give_nothing_to_an_ak47(variant: Variant) -> None:
    loadout = Loadout(PLAIN, AK, (*RIFLE_MODS, AK_AP))
    stats = derive(loadout, variant)
    assert stats.attack == Dice.parse("3d6+2")
    assert stats.one_die_bonus == 0
    reasons = dict((m.id, r) for m, r in inactive_mods(loadout))
    assert set(reasons) == {"rifle-1", "rifle-2", "rifle-3"}
    assert "EQ-4" in reasons["rifle-1"] and "automatic" in reasons["rifle-1"]


def test_eq4_mods_without_a_weapon_are_inactive(variant: Variant) -> None:
    loadout = Loadout(PLAIN, None, RIFLE_MODS)
    assert len(inactive_mods(loadout)) == 3
    assert derive(loadout, variant).one_die_bonus == 0


def test_eq9_fists_are_1d6(variant: Variant) -> None:
    assert derive(Loadout(PLAIN), variant).attack == Dice.parse("1d6")


def test_st3_gromoboy_plus_one_attack_everywhere(variant: Variant) -> None:
    gromoboy = card("gromoboy", ("attack", 1))
    assert derive(Loadout(gromoboy), variant).attack == Dice.parse("1d6+1")
    stats = derive(Loadout(gromoboy, BERDAN, RIFLE_MODS), variant)
    assert stats.attack == Dice.parse("2d6+1") and stats.one_die_bonus == 6
    assert stats.grenade_bonus == 1
    side = StalkerSide.from_loadout(Loadout(gromoboy, BERDAN), variant, 30, 0)
    assert side.attack_bonus_grenades == 1


def test_st3_nosorog_defence_and_protection_minus(variant: Variant) -> None:
    nosorog = card("nosorog", ("defence", 1))
    helmet = Armour("helmet", Text.plain("Helmet"), slot="head", defence=2)
    suit = Armour("suit", Text.plain("Suit"), slot="body", defence=3)
    assert derive(Loadout(nosorog), variant).defence == 1
    assert derive(Loadout(nosorog, head=helmet, body=suit), variant).defence == 6
    # "your protection is reduced by 1" reduces the total, the character's bonus included
    assert derive(Loadout(nosorog), variant, protection_minus=1).defence == 0
    assert derive(Loadout(nosorog), variant, protection_minus=3).defence == 0


def test_st3_shustry_sledopyt_bugai(variant: Variant) -> None:
    assert derive(Loadout(card("shustry", ("escape", 1))), variant).escape_bonus == 1
    base = derive(Loadout(PLAIN), variant).movement
    assert base == variant.base_movement
    assert derive(Loadout(card("sledopyt", ("movement", 1))), variant).movement == base + 1
    assert derive(Loadout(card("bugai", max_health=35)), variant).max_health == 35
    assert derive(Loadout(PLAIN), variant).max_health == variant.start_health


def test_eq5_best_navigation_only_artifacts_add(variant: Variant) -> None:
    navigator = Navigation("navigator", Text.plain("Navigator"), movement=2)
    syt = Artifact(
        "syt-grass", Text.plain("Syt-grass"), price=400, effects=(StatEffect("movement", 1),)
    )
    base = variant.base_movement
    assert derive(Loadout(PLAIN, navigation=navigator), variant).movement == base + 2
    loadout = Loadout(PLAIN, navigation=navigator, artifacts=(syt,))
    assert derive(loadout, variant).movement == base + 3


def test_artifact_stat_effects(variant: Variant) -> None:
    goldfish = Artifact(
        "goldfish",
        Text.plain("Goldfish"),
        price=1,
        effects=(StatEffect("attack", 2), StatEffect("defence", 1), StatEffect("max_health", -5)),
    )
    stats = derive(Loadout(PLAIN, BERDAN, artifacts=(goldfish,)), variant)
    assert stats.attack == Dice.parse("2d6+2")
    assert stats.defence == 1
    assert stats.max_health == variant.start_health - 5
    assert stats.grenade_bonus == 2
