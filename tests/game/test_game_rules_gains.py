"""Gained cards and health (EQ-10), the grenade cap over everything carried (EQ-6), loss of
protection (EVENT-1) and healing any number of points (BASE-3), on hand-built states."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stalkerzone.engine.core import (
    AnomalyOutcome,
    Artifact,
    EquipmentRefused,
    Note,
    Rng,
    Site,
    StalkerStats,
)
from stalkerzone.engine.game import apply, legal_actions
from stalkerzone.engine.play import Activate, Buy, GameState, Heal, LootPile, Move, Stash, card_id
from stalkerzone.engine.turn import equipment, sites
from tests.support.base import base_cards
from tests.support.game import edit, fresh, give, hex_of, next_to, on_top, take, variant

ALL = frozenset(range(1, 7))


def stats_of(state: GameState, index: int = 0) -> StalkerStats:
    return equipment.stats(state.players[index], state.ctx)


def keyed(state: GameState, key: str) -> list[Note]:
    return [n for n in state.notes if isinstance(n, Note) and n.key == key]


def enter(state: GameState, site: Site, seed: int = 0) -> GameState:
    target = hex_of(state, site)
    return apply(replace(next_to(state, 0, target), rng=seed), Move(target))


def at_base(state: GameState) -> GameState:
    village = state.zone_map.village
    return edit(replace(state, current_player=0, phase="turn", step="move"), 0, position=village)


# --- EQ-10: the two cases of the rule ---------------------------------------------------------


def test_game_eq10_goldfish_from_an_anomaly_waits_in_the_backpack() -> None:
    """EQ-10: Goldfish (-5 maximum health) drawn from an anomaly goes to the backpack; health
    stays 30 until the player activates it, and stashing it again gives the 5 back."""
    state = fresh()
    state.ctx.variant = replace(variant(), anomaly_table=(AnomalyOutcome(ALL, "artifact"),))
    state, fish = on_top(state, "artifacts", "goldfish")
    before = stats_of(state)
    after = enter(state, Site.ANOMALY)
    p = after.players[0]
    assert fish in p.backpack and fish not in p.artifacts
    assert p.health == 30 and stats_of(after) == before
    (line,) = keyed(after, "gained_lowers_stat")
    assert line.rule == "EQ-10" and dict(line.params)["stat"] == "max_health"
    assert dict(line.params)["card"] == "goldfish" and dict(line.params)["source"] == "ANOM-1"
    active = apply(after, Activate(fish))
    assert active.players[0].health == 25 and stats_of(active).max_health == 25
    again = apply(active, Stash(fish))
    assert again.players[0].health == 30 and stats_of(again) == before


def test_game_eq10_kolobok_stash_and_activate_keeps_36_health() -> None:
    """EQ-10, EQ-8: with Kolobok at 36 health, stash and re-activate leaves 36 (not 30)."""
    state, bun = give(fresh(), 0, "kolobok")
    assert stats_of(state).max_health == 36
    state = edit(state, 0, health=36)
    stashed = apply(state, Stash(bun))
    assert stashed.players[0].health == 30
    back = apply(stashed, Activate(bun))
    assert back.players[0].health == 36 and stats_of(back) == stats_of(state)


def test_game_eq10_damage_taken_is_kept_both_ways() -> None:
    """EQ-10: at 20 of 30, Kolobok (+6) gives 26 of 36; stashing it gives 20 of 30 again."""
    state, bun = give(fresh(), 0, "kolobok", "backpack")
    state = edit(state, 0, health=20)
    up = apply(state, Activate(bun))
    assert (up.players[0].health, stats_of(up).max_health) == (26, 36)
    down = apply(up, Stash(bun))
    assert (down.players[0].health, stats_of(down).max_health) == (20, 30)


def test_game_eq10_rearranging_never_takes_health_below_1() -> None:
    """EQ-10: at 4 health Goldfish (-5) cannot be activated (it would leave -1): refused with
    the rule id, not listed, and the state unchanged; at 6 health it can (1 left)."""
    state, fish = give(fresh(), 0, "goldfish", "backpack")
    low = edit(state, 0, health=4)
    assert Activate(fish) not in legal_actions(low)
    snapshot = repr(low)
    with pytest.raises(EquipmentRefused, match=r"^EQ-10: ") as error:
        apply(low, Activate(fish))
    assert error.value.key == "health_floor" and repr(low) == snapshot
    ok = edit(state, 0, health=6)
    assert Activate(fish) in legal_actions(ok)
    assert apply(ok, Activate(fish)).players[0].health == 1
    state, bun = give(fresh(), 0, "kolobok")
    weak = edit(state, 0, health=6)
    assert Stash(bun) not in legal_actions(weak)
    with pytest.raises(EquipmentRefused, match=r"^EQ-10: "):
        apply(weak, Stash(bun))


def test_game_eq10_every_way_of_gaining_says_where_the_card_went() -> None:
    """EQ-10: red kill (TROPHY-3), event (EVENT-1) and anomaly (ANOM-1) draws share one rule."""
    for rule in ("TROPHY-3", "EVENT-1", "ANOM-1"):
        state, fish = on_top(fresh(), "artifacts", "goldfish")
        after = sites.give_artifact(state, 0, Rng(1), rule)
        assert fish in after.players[0].backpack and after.players[0].health == 30
        (line,) = keyed(after, "gained_lowers_stat")
        assert dict(line.params)["source"] == rule
        state, bun = on_top(fresh(), "artifacts", "kolobok")
        after = sites.give_artifact(state, 0, Rng(1), rule)
        assert bun in after.players[0].artifacts and after.players[0].health == 36
        assert keyed(after, "gained_to_slot")


def test_game_eq10_a_bought_card_goes_to_the_backpack_when_its_slot_is_taken() -> None:
    """EQ-10, BASE-2: a second weapon bought goes to the backpack with a note saying why."""
    state = at_base(fresh())
    state, pistol = give(state, 0, "pm-pistol")
    after = apply(state, Buy("toz-34"))
    p = after.players[0]
    assert p.weapon == pistol and any(card_id(c) == "toz-34" for c in p.backpack)
    (line,) = keyed(after, "gained_slot_full")
    assert line.startswith("EQ-10: ") and dict(line.params)["source"] == "BASE-2"


def test_game_eq10_loot_and_zombie_pick_ups_follow_the_rule() -> None:
    """EQ-10, DEATH-3: a penalty artifact picked up from loot waits in the backpack."""
    state = fresh()
    state, fish = take(state, "goldfish")
    state, bun = take(state, "kolobok")
    village = state.zone_map.village
    state = replace(state, loot=(LootPile(hex=village, owner=1, cards=(fish, bun)),))
    state = edit(state, 0, zombie_turns=2)
    target = village
    after = apply(next_to(state, 0, target), Move(target))
    p = after.players[0]
    assert fish in p.backpack and bun in p.artifacts and p.health == 36
    assert keyed(after, "pickup_other") and keyed(after, "gained_lowers_stat")


# --- property tests ---------------------------------------------------------------------------

SLOTTED = tuple(c.id for c in base_cards() if equipment.slot_of(c) is not None and c.copies >= 1)
ARTIFACTS = tuple(c.id for c in base_cards().artifacts)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    cards=st.lists(st.sampled_from(SLOTTED), min_size=1, max_size=6, unique=True),
    damage=st.integers(min_value=0, max_value=40),
    pick=st.integers(min_value=0, max_value=5),
)
def test_game_eq10_stash_then_activate_changes_nothing(
    cards: list[str], damage: int, pick: int
) -> None:
    """EQ-10, EQ-8 property: for any loadout and any health, stashing an active card and
    activating it again leaves health and every stat as before (or is refused, EQ-10)."""
    state = fresh()
    for cid in cards:
        state, _ = give(state, 0, cid)
    top = stats_of(state).max_health
    state = edit(state, 0, health=max(1, top - damage))
    active = state.players[0].active
    if not active:
        return
    card = active[pick % len(active)]
    before = (state.players[0].health, stats_of(state))
    try:
        stashed = apply(state, Stash(card))
    except EquipmentRefused as error:
        assert error.rule == "EQ-10" and Stash(card) not in legal_actions(state)
        return
    back = apply(stashed, Activate(card))
    assert (back.players[0].health, stats_of(back)) == before
    assert back.players[0].active == state.players[0].active or set(back.players[0].active) == set(
        state.players[0].active
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    held=st.lists(st.sampled_from(SLOTTED), max_size=5, unique=True),
    gained=st.sampled_from(ARTIFACTS + SLOTTED),
    damage=st.integers(min_value=0, max_value=25),
)
def test_game_eq10_a_gained_card_never_lowers_a_stat(
    held: list[str], gained: str, damage: int
) -> None:
    """EQ-10 property: a gained card (a penalty card included) lowers no stat and no health
    until the player activates it; one that lowers something waits in the backpack."""
    state = fresh()
    for cid in held:
        if cid != gained:
            state, _ = give(state, 0, cid)
    top = stats_of(state).max_health
    state = edit(state, 0, health=max(1, top - damage))
    state, instance = take(state, gained)
    player = state.players[0]
    result = equipment.gain(player, instance, state.ctx)
    before, after = equipment.stats(player, state.ctx), equipment.stats(result.player, state.ctx)
    assert equipment.stat_lowered(before, after) is None
    assert result.player.health >= player.health
    if result.where == "backpack":
        assert after == before and result.player.health == player.health
        card = state.card(instance)
        if isinstance(card, Artifact) and any(e.amount < 0 for e in card.effects):
            assert result.reason in ("lowers_stat", "slot_full")


# --- EQ-6: every grenade counts ---------------------------------------------------------------


def capped(state: GameState, cap: int) -> GameState:
    state.ctx.variant = replace(variant(), grenade_cap=cap)
    return state


def test_game_eq6_the_cap_counts_the_backpack_for_buying() -> None:
    """EQ-6: with 2 grenades carried (one active, one in the backpack) and a cap of 2, buying
    another is refused with its rule id and not listed."""
    state = capped(at_base(fresh()), 2)
    state, _ = give(state, 0, "rgd-5")
    state, _ = give(state, 0, "rgd-5", "backpack")
    assert equipment.carried_grenades(state.players[0], state.ctx) == 2
    assert Buy("rgd-5") not in legal_actions(state)
    snapshot = repr(state)
    with pytest.raises(EquipmentRefused, match=r"^EQ-6: ") as error:
        apply(state, Buy("rgd-5"))
    assert error.value.key == "grenade_cap" and repr(state) == snapshot
    one_less = capped(at_base(fresh()), 2)
    one_less, _ = give(one_less, 0, "rgd-5", "backpack")
    assert Buy("rgd-5") in legal_actions(one_less)
    bought = apply(one_less, Buy("rgd-5"))
    assert equipment.carried_grenades(bought.players[0], bought.ctx) == 2


def test_game_eq6_loot_over_the_cap_stays_in_the_pile() -> None:
    """EQ-6, DEATH-3: picking up loot stops at the cap; the other grenades stay on the hex."""
    state = capped(fresh(), 2)
    state, _ = give(state, 0, "rgd-5", "backpack")
    state, g1 = take(state, "rgd-5")
    state, g2 = take(state, "f-1")
    state, bun = take(state, "kolobok")
    village = state.zone_map.village
    pile = LootPile(hex=village, owner=0, cards=(g1, g2, bun), money=50)
    state = replace(state, loot=(pile,))
    after = apply(next_to(state, 0, village), Move(village))
    p = after.players[0]
    assert equipment.carried_grenades(p, after.ctx) == 2 and bun in p.artifacts
    assert g1 in p.carried() and g2 not in p.carried()
    assert [lp.cards for lp in after.loot] == [(g2,)] and after.loot[0].owner == 0
    (line,) = keyed(after, "gained_grenade_cap")
    assert line.rule == "EQ-6" and dict(line.params)["card"] == "f-1"


# --- EVENT-1 and BASE-3 -------------------------------------------------------------------------


def test_game_event1_lost_armour_leaves_the_game() -> None:
    """EVENT-1: the armour lost to "loss of protection" is out of the game, not in the stock."""
    state, suit = give(fresh(), 0, "stalker-suit")
    state, _ = on_top(state, "events", "lose-protection")
    after = enter(state, Site.EVENT)
    assert suit in after.decks.removed and suit not in after.decks.stock
    assert after.players[0].body is None
    assert all(card_id(c) != "stalker-suit" or c != suit for c in after.decks.stock)


def test_game_event1_max_attack_card_text_says_round_1() -> None:
    """EVENT-1: the card text of "monster attacks with maximum attack" says round 1."""
    card = base_cards().get("monster-max-attack")
    assert card.text is not None
    assert "round 1" in card.text.get("en") and "1-м раунде" in card.text.get("ru")


def test_game_base3_every_number_of_points_is_listed_and_accepted() -> None:
    """BASE-3, legal-actions contract: Heal(k) is listed for every k from 1 to what the stalker
    misses and can pay for, each is accepted, and nothing beyond is listed or accepted."""
    state = edit(at_base(fresh()), 0, health=20, cash=5 * variant().heal_price)
    heals = sorted(a.points for a in legal_actions(state) if isinstance(a, Heal))
    assert heals == [1, 2, 3, 4, 5]
    for k in heals:
        assert apply(state, Heal(k)).players[0].health == 20 + k
    for k in (0, 6, 11):
        with pytest.raises(Exception, match=r"^(BASE-3|ST-4): "):
            apply(state, Heal(k))
