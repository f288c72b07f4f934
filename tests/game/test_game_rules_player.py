"""One test per rule id: stalkers (ST-*) and equipment (EQ-*), on hand-built states."""

from __future__ import annotations

from dataclasses import replace

import pytest

from stalkerzone.engine.core import (
    Dice,
    EquipmentRefused,
    IllegalAction,
    NotEnoughMoney,
    NotNow,
    Site,
    StalkerStats,
)
from stalkerzone.engine.game import apply, legal_actions
from stalkerzone.engine.play import Activate, Buy, FightDecision, GameState, Stash
from stalkerzone.engine.turn import equipment
from tests.support.game import edit, fresh, give, hex_of, variant


def stats(state: GameState, index: int = 0) -> StalkerStats:
    return equipment.stats(state.players[index], state.ctx)


def test_game_st1_stats_come_from_active_cards() -> None:
    state = fresh(stalkers=("nosorog",))
    assert stats(state).attack == Dice.parse("1d6")
    state, _ = give(state, 0, "berdan-rifle")
    state, _ = give(state, 0, "stalker-suit")
    assert stats(state).attack == Dice.parse("2d6")
    body = state.card(state.players[0].body)  # type: ignore[arg-type]
    assert stats(state).defence == 1 + body.defence  # type: ignore[union-attr]


def test_game_st2_start_on_the_village_with_money_and_health() -> None:
    state = fresh(players=3, stalkers=("gromoboy", "nosorog", "shustry"))
    village = state.zone_map.village
    for p in state.players:
        assert p.position == village
        assert (p.cash, p.health, p.elements, p.reputation) == (1000, 30, 0, 0)
        assert p.carried() == () and p.trophies == ()
    assert state.phase == "turn" and state.step == "move"


def test_game_st3_characters() -> None:
    state = fresh(players=6)
    by = {p.stalker: k for k, p in enumerate(state.players)}
    assert state.players[by["mazhor"]].cash == 1500
    assert state.players[by["bugai"]].health == 35 == stats(state, by["bugai"]).max_health
    base = variant().base_movement
    assert stats(state, by["sledopyt"]).movement == base + 1
    assert stats(state, by["gromoboy"]).attack == Dice.parse("1d6+1")
    assert stats(state, by["nosorog"]).defence == 1
    assert stats(state, by["shustry"]).escape_bonus == 1


def test_game_st4_no_credit() -> None:
    state = edit(fresh(), 0, cash=100)
    state = replace(state, current_player=0)
    before = state
    with pytest.raises(NotEnoughMoney, match=r"^ST-4: berdan-rifle costs 300, you have 100"):
        apply(state, Buy("berdan-rifle"))
    assert state == before
    assert Buy("berdan-rifle") not in legal_actions(state)


def test_game_st5_health_never_above_maximum() -> None:
    state = replace(fresh(), current_player=0)
    state, artifact = give(state, 0, "medusa", where="backpack")
    effects = state.card(artifact).effects  # type: ignore[union-attr]
    gain = sum(e.amount for e in effects if e.stat == "max_health")
    state = apply(state, Activate(artifact))
    top = stats(state).max_health
    state = edit(state, 0, health=top)
    state = apply(state, Stash(artifact))
    assert state.players[0].health == top - gain if gain > 0 else top


def test_game_eq1_new_cards_fill_a_free_slot_then_the_backpack() -> None:
    state = replace(fresh(), current_player=0)
    state = edit(state, 0, cash=5000)
    state = apply(state, Buy("pm-pistol"))
    pistol = state.players[0].weapon
    assert pistol is not None and pistol.startswith("pm-pistol#")
    state = apply(state, Buy("berdan-rifle"))
    assert state.players[0].weapon == pistol
    assert [c.split("#")[0] for c in state.players[0].backpack] == ["berdan-rifle"]


def test_game_eq2_no_backpack_in_a_fight() -> None:
    state = replace(fresh(), current_player=0)
    state, rifle = give(state, 0, "berdan-rifle", where="backpack")
    state = _in_fight(state)
    with pytest.raises(NotNow, match=r"^EQ-2: "):
        apply(state, Activate(rifle))
    assert all(isinstance(a, FightDecision) for a in legal_actions(state))


def _in_fight(state: GameState) -> GameState:
    from stalkerzone.engine.play import Move
    from tests.support.game import next_to

    target = hex_of(state, Site.DANGER_GREEN)
    for seed in range(50):
        moved = apply(replace(next_to(state, 0, target), rng=seed), Move(target))
        if moved.phase == "fight":
            return moved
    raise AssertionError("no fight started")


def test_game_eq3_a_second_weapon_swaps_with_the_first() -> None:
    state = replace(fresh(), current_player=0)
    state, pistol = give(state, 0, "pm-pistol")
    state, rifle = give(state, 0, "berdan-rifle", where="backpack")
    state = apply(state, Activate(rifle))
    assert state.players[0].weapon == rifle and state.players[0].backpack == (pistol,)
    state, zmap = give(state, 0, "zone-map")
    state, nav = give(state, 0, "navigator", where="backpack")
    state = apply(state, Activate(nav))
    assert state.players[0].navigation == nav and zmap in state.players[0].backpack


def test_game_eq4_mods_count_only_for_their_weapon_type() -> None:
    state = replace(fresh(stalkers=("nosorog",)), current_player=0)
    state, _rifle = give(state, 0, "berdan-rifle")
    for mod in ("rifle-sighting", "rifle-rifling", "rifle-scope"):
        state, _ = give(state, 0, mod)
    assert stats(state).one_die_bonus == 6
    state, ak = give(state, 0, "ak-47", where="backpack")
    state = apply(state, Activate(ak))
    assert stats(state).one_die_bonus == 0
    assert len(state.players[0].mods) == 3


def test_game_eq5_only_the_best_navigation_counts_artifacts_add() -> None:
    state = replace(fresh(stalkers=("nosorog",)), current_player=0)
    base = variant().base_movement
    state, _ = give(state, 0, "navigator")
    state, _ = give(state, 0, "zone-map")  # goes to the backpack: one navigation slot
    assert stats(state).movement == base + 2
    state, _ = give(state, 0, "syt-grass")
    assert stats(state).movement == base + 3


def test_game_eq6_grenade_cap() -> None:
    state = replace(fresh(), current_player=0)
    small = replace(variant(), grenade_cap=1)
    state.ctx.variant = small  # a private context of this test's state
    state, first = give(state, 0, "rgd-5")
    state, second = give(state, 0, "f-1")
    assert state.players[0].grenades == (first,) and second in state.players[0].backpack
    assert Activate(second) not in legal_actions(state)
    with pytest.raises(EquipmentRefused, match=r"^EQ-6: at most 1 active grenades"):
        apply(state, Activate(second))


def test_game_eq7_artifact_slots() -> None:
    state = replace(fresh(), current_player=0)
    names = ("medusa", "night-star", "thorn", "stone-flower")
    held = []
    for name in names:
        state, instance = give(state, 0, name)
        held.append(instance)
    p = state.players[0]
    assert p.artifacts == tuple(held[:3]) and p.backpack == (held[3],)
    with pytest.raises(EquipmentRefused, match=r"^EQ-7: "):
        apply(state, Activate(held[3]))


def test_game_eq8_rearranging_is_free_after_moving_too() -> None:
    state = replace(fresh(), current_player=0, step="site")
    state, rifle = give(state, 0, "berdan-rifle")
    cash = state.players[0].cash
    state = apply(state, Stash(rifle))
    state = apply(state, Activate(rifle))
    assert state.players[0].weapon == rifle and state.players[0].cash == cash
    with pytest.raises(EquipmentRefused, match=r"^EQ-8: "):
        apply(state, Stash("ak-47#1"))


def test_game_eq9_fists() -> None:
    state = fresh(stalkers=("gromoboy",))
    assert stats(state).attack == Dice.parse("1d6+1")


def test_game_every_refusal_names_a_rule() -> None:
    state = replace(fresh(), current_player=0)
    for action in (Activate("nope#1"), Stash("nope#1"), Buy("nope")):
        with pytest.raises(IllegalAction) as info:
            apply(state, action)
        assert info.value.rule in str(info.value).split(":")[0]
