"""Every card kind and ability kind loads from TOML into the engine types (docs/cards.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from stalkerzone.content.loader import load_packs
from stalkerzone.content.models import CARD_KINDS, CARD_MODELS
from stalkerzone.content.variants import VARIANT_NAMES, VariantError, load_variant
from stalkerzone.engine.core import Colour, Dice, PerColour, Site, Terrain, Text
from stalkerzone.engine.core import cards as engine
from stalkerzone.engine.core.cards import StatEffect
from tests.support.packs import PackWriter

ALL_KINDS = """\
[[monster]]
id = "gorynych"
name = { en = "Gorynych", ru = "Горыныч" }
trophy = { en = "Gorynych's head", ru = "Голова горыныча" }
deck = "zone"
green  = { health = 8,  attack = "1d6+1", defence = 0, trophy_price = 100 }
yellow = { health = 12, attack = "2d6",   defence = 1, trophy_price = 200 }
red    = { health = 16, attack = "2d6+2", defence = 2, trophy_price = 400 }
[[monster.abilities]]
kind = "paralysis"
rolls = { green = 1, yellow = 2, red = 3 }
succeeds_on = [4, 5, 6]
[[monster.abilities]]
kind = "drain"
amount = 1
[[monster.abilities]]
kind = "first_strike"
[[monster.abilities]]
kind = "regeneration"
amount = { green = 1, yellow = 2, red = 3 }
[[monster.abilities]]
kind = "multi_attack"
attacks = 3

[[monster]]
id = "guardian"
name = "Guardian"
trophy = "Heart of the Zone"
deck = "epicenter"
copies = 1
green  = { health = 30, attack = "3d6", defence = 3, trophy_price = 0 }
yellow = { health = 30, attack = "3d6", defence = 3, trophy_price = 0 }
red    = { health = 40, attack = "4d6+1d4-1", defence = 4, trophy_price = 0 }

[[weapon]]
id = "berdan-rifle"
name = { en = "Berdan rifle", ru = "Берданка" }
weapon_type = "rifle"
attack = "2d6"
price = 300
sold_at = ["village", "military_base"]

[[weapon_mod]]
id = "rifle-sighting"
weapon_type = "rifle"
one_die_bonus = 1
price = 100
sold_at = ["village"]

[[armour]]
id = "army-helmet"
slot = "head"
defence = 1
price = 200
sold_at = ["military_base"]

[[navigation]]
id = "navigator"
movement = 2
price = 600
sold_at = ["laboratory"]

[[grenade]]
id = "rgd-5"
attack = "3d6"
price = 50
sold_at = ["military_base"]

[[stimulator]]
id = "medkit"
heal = 10
price = 150
sold_at = ["village"]

[[artifact]]
id = "syt-grass"
price = 400
effects = [{ stat = "movement", amount = 1 }, { stat = "max_health", amount = -2 }]

[[event]]
id = "monster-first"
timing = "fight"
effect = { kind = "monster_attacks_first" }
copies = 2

[[event]]
id = "ambush"
text = { en = "Shots from the bushes.", ru = "Выстрелы из кустов." }
timing = "immediate"
effect = { kind = "damage", attack = "2d6", ignores_defence = true }

[[event]]
id = "stash"
timing = "immediate"
effect = { kind = "gain_money", amount = 200 }

[[order]]
id = "gorynych-head"
requirement = { kind = "trophy", monster = "gorynych", colour = "yellow" }
reward = 500
offered_at = ["military_base"]

[[order]]
id = "grass-for-the-lab"
requirement = { kind = "artifact", artifact = "syt-grass" }
reward = 600
offered_at = ["laboratory"]

[[order]]
id = "readings"
requirement = { kind = "visit", site = "anomaly" }
reward = 150
offered_at = ["village", "military_base", "laboratory"]

[[stalker]]
id = "gromoboy"
name = { en = "Gromoboy", ru = "Громобой" }
bonuses = [{ stat = "attack", amount = 1 }]

[[stalker]]
id = "mazhor"
name = "Mazhor"
start_money = 1500
max_health = 30
"""


@pytest.fixture
def cards(write_pack: PackWriter, tmp_path: Path) -> engine.CardSet:
    pack = write_pack("all", {"all.toml": ALL_KINDS, "art/x.png": b"\x89PNG\r\n"})
    result = load_packs([pack], include_user=False, base_dir=tmp_path / "all")
    assert result.problems == ()
    return result.cards


def test_every_card_kind_loads(cards: engine.CardSet) -> None:
    kinds = {
        "monster": engine.Monster,
        "weapon": engine.Weapon,
        "weapon_mod": engine.WeaponMod,
        "armour": engine.Armour,
        "navigation": engine.Navigation,
        "grenade": engine.Grenade,
        "stimulator": engine.Stimulator,
        "artifact": engine.Artifact,
        "event": engine.Event,
        "order": engine.Order,
        "stalker": engine.StalkerCard,
    }
    assert set(kinds) == set(CARD_KINDS) == set(CARD_MODELS)
    loaded = {type(card) for card in cards}
    assert loaded == set(kinds.values())
    assert all(card.pack == "all" for card in cards)


def test_every_ability_kind_loads(cards: engine.CardSet) -> None:
    gorynych = cards.get("gorynych")
    assert isinstance(gorynych, engine.Monster)
    assert sorted(a.kind for a in gorynych.abilities) == sorted(engine.ABILITY_KINDS)
    paralysis, drain, first, regeneration, multi = gorynych.abilities
    assert paralysis == engine.Paralysis(PerColour(1, 2, 3), frozenset({4, 5, 6}))
    assert drain == engine.Drain(PerColour.same(1))
    assert first == engine.FirstStrike()
    assert regeneration == engine.Regeneration(PerColour(1, 2, 3))
    assert multi == engine.MultiAttack(PerColour.same(3), frozenset({1}))


def test_monster_values(cards: engine.CardSet) -> None:
    gorynych = cards.get("gorynych")
    assert isinstance(gorynych, engine.Monster)
    assert gorynych.name == Text((("en", "Gorynych"), ("ru", "Горыныч")))
    assert gorynych.name.get("ru") == "Горыныч"
    assert gorynych.trophy.get("en") == "Gorynych's head"
    assert gorynych.at(Colour.YELLOW) == engine.MonsterStats(12, Dice.parse("2d6"), 1, 200)
    assert gorynych.deck == "zone" and gorynych.copies == 1
    guardian = cards.get("guardian")
    assert isinstance(guardian, engine.Monster)
    assert guardian.deck == "epicenter"
    assert str(guardian.red.attack) == "4d6+1d4-1"


def test_equipment_and_other_values(cards: engine.CardSet) -> None:
    rifle = cards.get("berdan-rifle")
    assert isinstance(rifle, engine.Weapon)
    assert rifle.sold_at == (Site.VILLAGE, Site.MILITARY_BASE)
    assert rifle.attack == Dice.parse("2d6") and rifle.weapon_type == "rifle"
    mod = cards.get("rifle-sighting")
    assert isinstance(mod, engine.WeaponMod)
    assert (mod.one_die_bonus, mod.attack_bonus) == (1, 0)
    assert mod.name == Text.plain("Rifle sighting")  # default name from the id
    grass = cards.get("syt-grass")
    assert isinstance(grass, engine.Artifact)
    assert grass.effects == (StatEffect("movement", 1), StatEffect("max_health", -2))
    ambush = cards.get("ambush")
    assert isinstance(ambush, engine.Event)
    assert ambush.effect == engine.EventEffect(
        "damage", attack=Dice.parse("2d6"), ignores_defence=True
    )
    assert cards.get("monster-first").copies == 2
    order = cards.get("gorynych-head")
    assert isinstance(order, engine.Order)
    assert order.requirement == engine.TrophyRequirement("gorynych", Colour.YELLOW)
    visit = cards.get("readings")
    assert isinstance(visit, engine.Order)
    assert visit.requirement == engine.VisitRequirement(Site.ANOMALY)
    mazhor = cards.get("mazhor")
    assert isinstance(mazhor, engine.StalkerCard)
    assert (mazhor.start_money, mazhor.max_health) == (1500, 30)
    gromoboy = cards.get("gromoboy")
    assert isinstance(gromoboy, engine.StalkerCard)
    assert gromoboy.bonus("attack") == 1 and gromoboy.start_money is None


def test_order_is_deterministic(write_pack: PackWriter, tmp_path: Path) -> None:
    pack = write_pack("all", {"b.toml": ALL_KINDS, "a.toml": '[[stalker]]\nid = "first"\n'})
    one = load_packs([pack], include_user=False, base_dir=pack)
    two = load_packs([pack], include_user=False, base_dir=pack)
    assert [c.id for c in one.cards] == [c.id for c in two.cards]
    assert [c.id for c in one.cards.stalkers] == ["first", "gromoboy", "mazhor"]


def test_art_resolves_inside_the_pack(write_pack: PackWriter) -> None:
    text = '[[stalker]]\nid = "s"\nart = "art/s.png"\n'
    pack = write_pack("p", {"s.toml": text, "art/s.png": b"\x89PNG\r\n"})
    result = load_packs([pack], include_user=False, base_dir=pack)
    assert result.problems == ()
    art = result.cards.get("s").art
    assert art is not None and Path(art) == (pack / "art" / "s.png").resolve()


def test_folder_of_packs_and_user_packs(write_pack: PackWriter, tmp_path: Path) -> None:
    from stalkerzone import paths

    base = write_pack("base", {"s.toml": '[[stalker]]\nid = "base-s"\n'})
    write_pack("many/one", {"s.toml": '[[stalker]]\nid = "one-s"\n'}, pack_id="one")
    write_pack("many/two", {"s.toml": '[[stalker]]\nid = "two-s"\n'}, pack_id="two")
    user = paths.user_cards_dir() / "mine"
    user.mkdir(parents=True)
    (user / "pack.toml").write_text(
        'format = 1\n[pack]\nid = "mine"\nname = "Mine"\nversion = "0.1"\n', encoding="utf-8"
    )
    (user / "s.toml").write_text('[[stalker]]\nid = "user-s"\n', encoding="utf-8")
    result = load_packs([tmp_path / "many", base], base_dir=base)
    assert result.problems == ()
    assert [p.id for p in result.packs] == ["base", "mine", "one", "two"]
    assert [c.id for c in result.cards] == ["base-s", "user-s", "one-s", "two-s"]
    without_user = load_packs(base_dir=base, include_user=False)
    assert [p.id for p in without_user.packs] == ["base"]


def test_problem_line_format() -> None:
    from stalkerzone.content.problems import CardProblem

    problem = CardProblem("p/m.toml", 7, "gorynych", "red.attack", "bad formula")
    assert str(problem) == "p/m.toml:7: gorynych: red.attack: bad formula"


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_variants_hold_every_config_number(name: str) -> None:
    variant = load_variant(name)
    assert variant.id == name
    assert (variant.start_money, variant.start_health, variant.base_movement) == (1000, 30, 4)
    assert (variant.grenade_cap, variant.active_artifacts, variant.max_open_orders) == (10, 3, 2)
    assert (variant.heal_price, variant.resale_divisor, variant.road_cost) == (20, 2, 1)
    assert variant.terrain_cost == {
        Terrain.OPEN: 2,
        Terrain.RUINS: 2,
        Terrain.FOREST: 2,
        Terrain.SWAMP: 2,
        Terrain.WATER: None,
        Terrain.ANOMALY_FIELD: None,
    }
    kinds = [variant.anomaly_outcome(face).kind for face in range(1, 7)]
    assert kinds == ["damage", "nothing", "nothing", "element", "element", "artifact"]
    assert variant.anomaly_outcome(1).damage == Dice.parse("1d6")


def test_variant_thresholds_and_elements() -> None:
    """BASE-1, WIN-1: standard 0/3/6 and 3 Elements, express 0/1/2 and 1 Element."""
    standard, express = load_variant("standard"), load_variant("express")
    bases = (Site.VILLAGE, Site.MILITARY_BASE, Site.LABORATORY)
    assert [standard.reputation_needed(b) for b in bases] == [0, 3, 6]
    assert [express.reputation_needed(b) for b in bases] == [0, 1, 2]
    assert (standard.elements_required, express.elements_required) == (3, 1)


def test_unknown_variant_names_the_variants() -> None:
    with pytest.raises(VariantError, match="standard, express"):
        load_variant("turbo")
