"""One test per rule id: fights in the game, trophies, death and loot, anomalies, events,
victory."""

from __future__ import annotations

from dataclasses import replace

import pytest

from stalkerzone.engine.core import AnomalyOutcome, Colour, Dice, MonsterStats, MoveRefused, Site
from stalkerzone.engine.game import HIDDEN_CARD, apply, legal_actions, player_view
from stalkerzone.engine.play import DiscardArmour, FightDecision, GameState, Move, Trophy, card_id
from tests.support.game import (
    cards_with,
    edit,
    fight_to_end,
    fresh,
    give,
    hex_of,
    next_to,
    on_top,
    variant,
    with_reputation,
)

ALL = frozenset(range(1, 7))
ALWAYS_DAMAGE = AnomalyOutcome(ALL, "damage", Dice.parse("1d6+5"))


def strong(state: GameState, index: int = 0) -> GameState:
    for cid in ("gauss-rifle", "gauss-battery", "exoskeleton", "sphere-helmet"):
        state, _ = give(state, index, cid)
    return state


def enter(state: GameState, site: Site, index: int = 0, seed: int = 0) -> GameState:
    target = hex_of(state, site)
    return apply(replace(next_to(state, index, target), rng=seed), Move(target))


def win_at(state: GameState, site: Site) -> GameState:
    for seed in range(200):
        after = enter(state, site, seed=seed)
        if after.phase == "fight":
            done = fight_to_end(after)
            if done.last_fight and done.last_fight.fight.outcome == "win":
                return done
    raise AssertionError("never won")


def test_game_fight1_a_danger_starts_a_fight_at_its_colour() -> None:
    state = fresh()
    deck = state.decks.monsters
    after = enter(state, Site.DANGER_YELLOW)
    assert after.phase in ("fight", "turn")
    fought = after.fight or after.last_fight
    assert fought is not None and fought.colour == Colour.YELLOW and fought.monster == deck[0]
    assert after.last_move[-1] == hex_of(state, Site.DANGER_YELLOW)


def test_game_fight2_decisions_are_the_fights_own() -> None:
    after = enter(fresh(), Site.DANGER_GREEN)
    assert after.phase == "fight"
    actions = legal_actions(after)
    assert {a.action for a in actions} <= {"attack", "grenade", "escape"}  # type: ignore[union-attr]
    assert FightDecision("attack") in actions


def test_game_fight4_no_escape_in_the_epicenter() -> None:
    state = edit(strong(fresh()), 0, elements=3)
    after = enter(state, Site.EPICENTER)
    assert after.phase == "fight" and after.fight is not None and after.fight.epicenter
    assert all(a.action != "escape" for a in legal_actions(after))  # type: ignore[union-attr]


def test_game_fight5_escape_returns_the_monster_card() -> None:
    state = fresh()
    total = len(state.decks.monsters)
    after = enter(state, Site.DANGER_GREEN)
    assert after.phase == "fight"
    done = apply(after, FightDecision("escape"))  # reputation 0: any roll gets away
    assert done.phase == "turn" and done.last_fight.fight.outcome == "escape"  # type: ignore[union-attr]
    assert len(done.decks.monsters) == total and done.players[0].trophies == ()
    assert any(line.startswith("FIGHT-5") for line in done.notes)


def test_game_fight6_death_in_a_fight() -> None:
    weak = cards_with(
        *[
            replace(m, red=MonsterStats(99, Dice.parse("4d6+20"), 9, 1))
            for m in fresh().cards.monsters
            if m.deck == "zone"
        ]
    )
    state = fresh(cards=weak)
    after = fight_to_end(enter(state, Site.DANGER_RED))
    assert after.last_fight.fight.outcome == "death"  # type: ignore[union-attr]
    p = after.players[0]
    assert p.position == after.zone_map.village and p.deaths == 1 and after.step == "done"


@pytest.mark.parametrize(
    ("event", "kind"),
    [("monster-first", "monster_attacks_first"), ("stalker-twice", "stalker_attacks_twice")],
)
def test_game_fight7_fight8_held_event_applies_to_the_next_fight(event: str, kind: str) -> None:
    state = fresh()
    state, instance = on_top(state, "events", event)
    state = enter(state, Site.EVENT)
    assert state.players[0].held_event == instance
    after = enter(state, Site.DANGER_GREEN)
    fought = after.fight or after.last_fight
    assert fought is not None and fought.event == kind
    assert after.players[0].held_event is None and instance in after.decks.event_discard


def test_game_trophy1_a_kill_gives_a_trophy_at_its_colour() -> None:
    done = win_at(strong(fresh()), Site.DANGER_GREEN)
    fought = done.last_fight
    assert fought is not None
    assert done.players[0].trophies == (Trophy(fought.monster, Colour.GREEN),)


def test_game_trophy3_red_kill_gives_an_artifact() -> None:
    state = strong(fresh())
    artifacts = len(state.decks.artifacts)
    done = win_at(state, Site.DANGER_RED)
    assert len(done.decks.artifacts) == artifacts - 1
    carried = done.players[0].carried()
    assert any(done.card(c) in done.cards.artifacts for c in carried)


def test_game_trophy4_empty_monster_deck_takes_the_discard() -> None:
    state = fresh()
    monsters = state.decks.monsters
    state = replace(state, decks=replace(state.decks, monsters=(), monster_discard=monsters))
    after = enter(state, Site.DANGER_GREEN)
    assert after.fight is not None or after.last_fight is not None
    assert after.decks.monster_discard == ()
    assert any(line.startswith("TROPHY-4") for line in after.notes)


def test_game_death1_loot_holds_everything_carried() -> None:
    state = edit(fresh(), 0, cash=777, elements=2, health=1)
    state, rifle = give(state, 0, "berdan-rifle")
    state, grass = give(state, 0, "syt-grass", where="backpack")
    state = replace(state, variant_id="standard")
    state.ctx.variant = replace(
        variant(),
        anomaly_table=(ALWAYS_DAMAGE,),
    )
    after = enter(state, Site.ANOMALY)
    (pile,) = after.loot
    assert pile.owner == 0 and pile.hex == hex_of(state, Site.ANOMALY)
    assert set(pile.cards) == {rifle, grass} and pile.money == 777 and pile.elements == 2


def _dead_with_loot(state: GameState, site: Site = Site.ANOMALY) -> GameState:
    state = edit(state, 0, health=1, cash=500)
    state, _rifle = give(state, 0, "berdan-rifle")
    state.ctx.variant = replace(
        variant(),
        anomaly_table=(ALWAYS_DAMAGE,),
    )
    return enter(state, site)


def test_game_death2_only_the_owner_sees_or_takes_the_loot() -> None:
    after = _dead_with_loot(fresh())
    assert len(player_view(after, 0).loot) == 1 and player_view(after, 1).loot == ()
    after.ctx.variant = replace(variant())
    other = enter(after, Site.ANOMALY, index=1)
    assert len(other.loot) == 1 and other.loot[0].owner == 0


def test_game_death3_new_stalker_keeps_reputation_and_takes_its_loot_back() -> None:
    state = with_reputation(fresh(stalkers=("mazhor", "bugai")), 0, 2)
    after = _dead_with_loot(state)
    p = after.players[0]
    assert (p.cash, p.health, p.reputation, p.position) == (1000, 30, 2, after.zone_map.village)
    after.ctx.variant = replace(variant(), anomaly_table=(AnomalyOutcome(ALL, "nothing"),))
    back = enter(after, Site.ANOMALY)
    assert back.loot == () and back.players[0].cash == 1500
    assert back.players[0].weapon is not None


def test_game_death4_epicenter_loot_needs_elements_again() -> None:
    state = edit(fresh(), 0, elements=3, health=1)
    state = edit(state, 0, health=1)
    state = fight_to_end(enter(state, Site.EPICENTER))
    assert state.loot and state.loot[0].hex == state.zone_map.epicenter
    assert state.players[0].elements == 0
    target = state.zone_map.epicenter
    with pytest.raises(MoveRefused, match=r"^WIN-1: the Epicenter needs 3 Elements, you carry 0"):
        apply(next_to(state, 0, target), Move(target))


@pytest.mark.parametrize("kind", ["element", "artifact", "nothing"])
def test_game_anom1_anomaly_table(kind: str) -> None:
    state = fresh()
    state.ctx.variant = replace(variant(), anomaly_table=(AnomalyOutcome(ALL, kind),))  # type: ignore[arg-type]
    after = enter(state, Site.ANOMALY)
    p = after.players[0]
    assert p.elements == (1 if kind == "element" else 0)
    assert len(p.carried()) == (1 if kind == "artifact" else 0)
    assert any(line.startswith("ANOM-1") for line in after.notes)


def test_game_anom1_damage_ignores_defence() -> None:
    state = strong(fresh())
    state.ctx.variant = replace(
        variant(),
        anomaly_table=(AnomalyOutcome(ALL, "damage", Dice.parse("1d2+5")),),
    )
    after = enter(state, Site.ANOMALY)
    assert after.players[0].health in (23, 24)


def test_game_event1_fight_events_are_held_one_at_most() -> None:
    state, first = on_top(fresh(), "events", "monster-first")
    state = enter(state, Site.EVENT)
    state, second = on_top(state, "events", "monster-max-attack")
    state = enter(state, Site.EVENT)
    assert state.players[0].held_event == first and second in state.decks.event_discard
    assert player_view(state, 1).players[0].held_event == HIDDEN_CARD  # held, not named


def test_game_event1_loss_of_protection_is_the_players_choice() -> None:
    state = fresh()
    state, helmet = give(state, 0, "gas-mask")
    state, suit = give(state, 0, "stalker-suit")
    state, _ = on_top(state, "events", "lose-protection")
    state = enter(state, Site.EVENT)
    assert state.phase == "choose_armour"
    assert set(legal_actions(state)) == {DiscardArmour(helmet), DiscardArmour(suit)}
    state = apply(state, DiscardArmour(suit))
    assert state.phase == "turn" and state.players[0].body is None and suit in state.decks.removed
    assert suit not in state.decks.stock  # EVENT-1: the armour leaves the game


def test_game_event1_protection_minus_one_until_a_base() -> None:
    from stalkerzone.engine.turn import stats

    state = fresh(stalkers=("nosorog",))
    state, _ = on_top(state, "events", "protection-minus-one")
    state = enter(state, Site.EVENT)
    assert stats(state.players[0], state.ctx).defence == 0
    state = enter(state, Site.VILLAGE)
    assert stats(state.players[0], state.ctx).defence == 1


def test_game_event1_zombie_takes_anothers_loot() -> None:
    dead = _dead_with_loot(fresh())
    dead.ctx.variant = variant()
    state, _ = on_top(dead, "events", "zombie")
    state = enter(state, Site.EVENT, index=1)
    assert state.players[1].zombie_turns == 2
    state.ctx.variant = replace(variant(), anomaly_table=(AnomalyOutcome(ALL, "nothing"),))
    state = enter(state, Site.ANOMALY, index=1)
    assert state.loot == () and state.players[1].cash == 1000 + 500


def test_game_event1_money_loss_stops_at_zero() -> None:
    state = edit(fresh(), 0, cash=50)
    state, _ = on_top(state, "events", "bandits")
    assert enter(state, Site.EVENT).players[0].cash == 0


def test_game_win1_beating_the_guardian_ends_the_game() -> None:
    guardian = fresh().cards.get("guardian")
    soft = replace(guardian, red=MonsterStats(1, Dice.parse("1d2"), 0, 2000))  # type: ignore[arg-type]
    state = edit(fresh(players=3, cards=cards_with(soft)), 0, elements=3)
    state = fight_to_end(enter(state, Site.EPICENTER))
    assert state.is_terminal and state.winner == 0 and state.standings[0] == 0
    assert sorted(state.standings) == [0, 1, 2] and legal_actions(state) == ()
    assert card_id(state.players[0].trophies[0].card) == "guardian"


def test_game_win1_epicenter_needs_elements() -> None:
    state = edit(fresh(variant_name="express"), 0, elements=0)
    target = state.zone_map.epicenter
    near = next_to(edit(state, 0, elements=1), 0, target)
    near = edit(near, 0, elements=0)
    assert Move(target) not in legal_actions(near)
    with pytest.raises(MoveRefused, match=r"^WIN-1: the Epicenter needs 1 Elements, you carry 0"):
        apply(near, Move(target))
