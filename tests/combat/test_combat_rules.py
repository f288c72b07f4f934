"""One test per fight rule id (DMG-*, FIGHT-*, ABIL-*), on hand-set dice."""

from __future__ import annotations

import pytest

from stalkerzone.engine.core import (
    Colour,
    Drain,
    FightRefused,
    FirstStrike,
    MultiAttack,
    Paralysis,
    PerColour,
    Regeneration,
)
from stalkerzone.engine.fight import Decision, Roll
from tests.support.fights import (
    ATTACK,
    ESCAPE,
    fresh,
    grenade,
    kinds,
    monster,
    script,
    stalker,
    stimulator,
)

GREEN, YELLOW, RED = Colour.GREEN, Colour.YELLOW, Colour.RED


def test_dmg2_damage_minus_defence_and_nothing_below() -> None:
    fight = fresh(stalker(defence=2), monster(), GREEN)
    fight = script(fight, [ATTACK, 5, 1])  # monster 8-5; monster rolls 1 < defence 2
    assert (fight.stalker_health, fight.monster_health) == (30, 3)
    fight = script(fight, [ATTACK, 2, 6])
    assert (fight.stalker_health, fight.monster_health) == (26, 1)
    red = fresh(stalker(), monster(), RED)  # red defence 2
    assert script(red, [ATTACK, 2]).monster_health == 16


def test_dmg3_maximum_attack_event_is_every_die_six_in_round_1() -> None:
    fight = fresh(stalker(), monster(), YELLOW, event="monster_max_attack")
    fight = script(fight, [ATTACK, 2])
    assert fight.chance_outcomes() == ((Roll(12), 1.0),)
    fight = script(fight, [12, ATTACK, 2])
    assert len(fight.chance_outcomes()) == 11  # round 2: a normal 2d6 roll
    with pytest.raises(FightRefused):
        fight.apply(Roll(13))


def test_fight1_stalker_acts_first_by_default() -> None:
    fight = fresh(stalker(), monster(), GREEN)
    assert not fight.is_chance and fight.decisions()[0] == ATTACK
    assert kinds(script(fight, [ATTACK, 3, 4])) == [
        "round",
        "stalker_attack",
        "monster_attack",
        "round",
    ]


def test_fight2_grenade_own_formula_plus_bonus_and_consumed() -> None:
    side = stalker(attack="1d6", grenade_bonus=1, grenades=[grenade("rgd-5", "2d6")])
    fight = fresh(side, monster(), YELLOW)
    throw = Decision("grenade", "rgd-5")
    assert throw in fight.decisions()
    fight = fight.apply(throw)
    assert {r.value for r, _ in fight.chance_outcomes()} == set(range(3, 14))
    fight = script(fight, [13])  # 13 - defence 1
    assert fight.monster_health == 0 and fight.outcome == "win"
    assert fight.used_grenades == ("rgd-5",)
    again = script(fresh(side, monster(), RED), [throw, 3, 4])
    assert throw not in again.decisions()


def test_fight2_fight8_stimulator_heals_capped_one_per_action() -> None:
    """FIGHT-2: a stimulator heals up to the maximum and is used up; FIGHT-8: with two actions
    in round 1 each may take one stimulator, and round 2's single action one more."""
    side = stalker(health=25, max_health=30, stimulators=[stimulator("medkit", 10)] * 3)
    fight = fresh(side, monster(), GREEN)
    fight = fight.apply(Decision("attack", stimulator="medkit"))
    assert fight.stalker_health == 30  # 25 + 10 capped at 30 (ST-5)
    assert fight.used_stimulators == ("medkit",)
    twice = fresh(side, monster(), GREEN, event="stalker_attacks_twice")
    twice = script(twice, [Decision("attack", stimulator="medkit"), 2])
    assert Decision("attack", stimulator="medkit") in twice.decisions()
    twice = script(twice, [Decision("attack", stimulator="medkit"), 2])
    assert twice.used_stimulators == ("medkit", "medkit")
    one_left = stalker(health=25, max_health=30, stimulators=[stimulator("medkit", 10)])
    used = script(
        fresh(one_left, monster(), GREEN, event="stalker_attacks_twice"),
        [
            Decision("attack", stimulator="medkit"),
            2,
        ],
    )
    assert all(d.stimulator is None for d in used.decisions())
    with pytest.raises(FightRefused):
        used.apply(Decision("attack", stimulator="medkit"))


def test_fight8_each_action_any_fight2_action_escape_ends_the_fight() -> None:
    """FIGHT-8: each of the two round-1 actions is any FIGHT-2 action: a grenade then an
    escape roll; a successful escape ends the fight at once (no second action, no reply)."""
    side = stalker(reputation=1, grenades=[grenade("rgd-5", "2d6")])
    fight = fresh(side, monster(), RED, event="stalker_attacks_twice")
    fight = script(fight, [Decision("grenade", "rgd-5"), 5])
    assert Decision("escape") in fight.decisions() and not fight.is_chance
    fled = script(fight, [ESCAPE, 1])
    assert fled.outcome == "escape" and fled.is_terminal
    assert kinds(fled).count("monster_attack") == 0
    first = script(fresh(side, monster(), RED, event="stalker_attacks_twice"), [ESCAPE, 3])
    assert first.outcome == "escape" and first.is_terminal


def test_fight3_escape_roll_against_reputation_with_bonus() -> None:
    shustry = stalker(reputation=4, escape_bonus=1)
    won = script(fresh(shustry, monster(), RED), [ESCAPE, 3])
    assert won.outcome == "escape" and won.is_terminal
    plain = stalker(reputation=5)
    failed = script(fresh(plain, monster(), RED), [ESCAPE, 4])
    assert not failed.is_terminal and failed.is_chance  # the monster attacks next
    assert fresh(plain, monster(), RED).setup.escape_chance == pytest.approx(2 / 6)


def test_fight3_escape_after_a_first_strikers_attack() -> None:
    fight = fresh(stalker(reputation=1), monster(FirstStrike()), YELLOW)
    assert fight.is_chance  # the monster's attack comes first
    fight = script(fight, [7, ESCAPE, 1])
    assert fight.outcome == "escape" and fight.stalker_health == 30 - 7
    assert kinds(fight)[1:3] == ["monster_attack", "escape"]


def test_fight4_no_escape_in_the_epicenter() -> None:
    fight = fresh(stalker(reputation=0), monster(), RED, epicenter=True)
    assert ESCAPE not in fight.decisions()
    with pytest.raises(FightRefused, match="FIGHT-4"):
        fight.apply(ESCAPE)


def test_fight6_the_fight_ends_at_zero() -> None:
    win = script(fresh(stalker(), monster(), GREEN), [ATTACK, 12])
    assert win.outcome == "win" and win.is_terminal and win.monster_health == 0
    assert win.decisions() == () and win.chance_outcomes() == ()
    death = script(fresh(stalker(health=3), monster(), GREEN), [ATTACK, 2, 6])
    assert death.outcome == "death" and death.stalker_health == 0
    with pytest.raises(FightRefused):
        death.apply(ATTACK)


def test_fight7_monster_attacks_first_in_round_1_only() -> None:
    fight = fresh(stalker(), monster(), GREEN, event="monster_attacks_first")
    assert fight.is_chance
    fight = script(fight, [3, ATTACK, 2])
    assert not fight.is_chance and fight.round == 2  # no second monster move in round 1
    fight = script(fight, [ATTACK, 2])
    assert fight.is_chance  # round 2: the monster attacks after the stalker again


def test_fight8_stalker_attacks_twice_in_round_1() -> None:
    fight = fresh(stalker(), monster(), RED, event="stalker_attacks_twice")
    fight = script(fight, [ATTACK, 5, ATTACK, 6])
    assert fight.monster_health == 16 - 3 - 4 and fight.is_chance
    fight = script(fight, [4, ATTACK, 5])
    assert fight.is_chance and fight.round == 2  # one attack in round 2


def test_abil_drain_ignores_defence_every_round_not_at_zero() -> None:
    drainer = monster(Drain(PerColour.same(1)))
    fight = script(fresh(stalker(defence=20), drainer, YELLOW), [ATTACK, 2, 12])
    assert fight.stalker_health == 29  # the attack did nothing, the drain 1
    fight = script(fight, [ATTACK, 2, 2])
    assert fight.stalker_health == 28
    killed = script(fresh(stalker(defence=20), drainer, GREEN), [ATTACK, 12])
    assert killed.outcome == "win" and killed.stalker_health == 30
    assert "drain" not in kinds(killed)


def test_abil_paralysis_red_sequence_until_a_failure() -> None:
    gorynych = monster(Paralysis(PerColour(1, 2, 3)))
    fight = fresh(stalker(), gorynych, RED)
    assert fight.is_chance and fight.paralysis_rolls_left == 3
    assert fight.decisions() == ()
    with pytest.raises(FightRefused):
        fight.apply(ATTACK)  # paralysed: no attack or escape roll
    fight = script(fight, [4, 10, 5, 12, 1])  # success, attack 10; success, attack 12; failure
    assert fight.stalker_health == 30 - 10 - 12
    assert not fight.is_chance and fight.round == 1  # normal round 1 follows
    assert kinds(fight).count("paralysis") == 3 and kinds(fight).count("monster_attack") == 2


def test_abil_paralysis_failed_first_roll_loses_the_others() -> None:
    fight = script(fresh(stalker(), monster(Paralysis(PerColour(1, 2, 3))), RED), [3])
    assert not fight.is_chance and fight.stalker_health == 30 and fight.paralysis_rolls_left == 0


def test_abil_paralysis_green_attacks_a_second_time() -> None:
    fight = fresh(stalker(), monster(Paralysis(PerColour(1, 2, 3))), GREEN)
    fight = script(fight, [6, 3, 4])
    assert fight.stalker_health == 23 and not fight.is_chance


def test_abil_paralysis_yellow_two_rolls_no_extra_attack() -> None:
    fight = fresh(stalker(), monster(Paralysis(PerColour(1, 2, 3))), YELLOW)
    fight = script(fight, [4, 5, 6, 5])  # two successes, two attacks, rolls used up
    assert fight.stalker_health == 20 and not fight.is_chance


def test_abil_first_strike_every_round() -> None:
    leshak = monster(FirstStrike())
    fight = fresh(stalker(), leshak, GREEN)
    assert fight.is_chance
    fight = script(fight, [2, ATTACK, 3])
    assert fight.is_chance and fight.round == 2  # round 2 opens with its attack again
    assert kinds(fight) == ["round", "monster_attack", "stalker_attack", "round"]


def test_abil_first_strike_with_monster_first_event_no_second_move() -> None:
    fight = fresh(stalker(), monster(FirstStrike()), GREEN, event="monster_attacks_first")
    fight = script(fight, [2, ATTACK, 3])
    assert kinds(fight).count("monster_attack") == 1 and fight.round == 2


def test_abil_first_strike_with_stalker_twice_event() -> None:
    fight = fresh(stalker(), monster(FirstStrike()), RED, event="stalker_attacks_twice")
    assert fight.is_chance  # the first move is not taken away
    fight = script(fight, [4, ATTACK, 5, ATTACK, 6])
    assert fight.round == 2 and fight.monster_health == 16 - 3 - 4 + 0
    assert kinds(fight).count("stalker_attack") == 2


def test_abil_regeneration_capped_at_start_health() -> None:
    mole = monster(Regeneration(PerColour(1, 2, 3)))
    fight = script(fresh(stalker(defence=20), mole, RED), [ATTACK, 4, 4])  # 2 damage, +3 → 16
    assert fight.monster_health == 16
    fight = script(fight, [ATTACK, 7, 4])  # 5 damage → 11, +3 → 14
    assert fight.monster_health == 14
    killed = script(fresh(stalker(attack="3d6"), mole, GREEN), [ATTACK, 18])
    assert killed.outcome == "win" and "regeneration" not in kinds(killed)


def test_abil_multi_attack_three_rolls_in_round_1() -> None:
    cerberus = monster(MultiAttack(PerColour.same(3)))
    fight = script(fresh(stalker(), cerberus, YELLOW), [ATTACK, 2, 2, 3, 4])
    assert fight.stalker_health == 30 - 9 and fight.round == 2
    fight = script(fight, [ATTACK, 2, 5])
    assert fight.stalker_health == 30 - 9 - 5 and fight.round == 3


def test_abil_multi_attack_all_maximal_with_the_event() -> None:
    cerberus = monster(MultiAttack(PerColour.same(3)))
    fight = fresh(stalker(), cerberus, YELLOW, event="monster_max_attack")
    fight = script(fight, [ATTACK, 2])
    for _ in range(3):
        assert fight.chance_outcomes() == ((Roll(12), 1.0),)
        fight = script(fight, [12])
        if fight.is_terminal:
            break
    assert fight.outcome == "death"  # 12 + 12 + 12 damage against 30 health
    assert kinds(fight).count("monster_attack") == 3


def test_order_of_effects_in_a_round() -> None:
    combo = monster(
        FirstStrike(),
        Drain(PerColour.same(1)),
        Regeneration(PerColour(1, 2, 3)),
        health=(10, 20, 30),
    )
    fight = fresh(stalker(defence=1), combo, RED)
    fight = script(fight, [5, ATTACK, 9])
    assert kinds(fight) == [
        "round",
        "monster_attack",
        "stalker_attack",
        "drain",
        "regeneration",
        "round",
    ]
    assert fight.stalker_health == 30 - 4 - 1 and fight.monster_health == 30 - 7 + 3


def test_paralysis_comes_before_first_strike() -> None:
    beast = monster(Paralysis(PerColour(1, 2, 3)), FirstStrike())
    fight = script(fresh(stalker(), beast, GREEN), [5, 2, 2, 3])
    assert kinds(fight) == [
        "paralysis",
        "monster_attack",
        "monster_attack",
        "round",
        "monster_attack",
    ]
    assert not fight.is_chance and fight.round == 1


def test_abil_paralysis_before_round_1_round_1_effects_after_it() -> None:
    """ABIL-PARALYSIS: the sequence comes before round 1 and the stalker decides nothing in it;
    round-1 effects apply to the first normal round: the maximum-attack event (DMG-3) spares
    the paralysis attacks and hits the round-1 attack; FIGHT-8's two actions and FIGHT-7's
    first move come after the sequence."""
    gorynych = monster(Paralysis(PerColour(1, 2, 3)))
    maximal = fresh(stalker(), gorynych, GREEN, event="monster_max_attack")
    assert dict((r.value, p) for r, p in maximal.chance_outcomes()) == {
        f: 1 / 6 for f in range(1, 7)
    }
    maximal = script(maximal, [4])
    assert len(maximal.chance_outcomes()) > 1  # a paralysis attack is rolled, not maximal
    maximal = script(maximal, [2, 3, ATTACK, 2])
    assert maximal.stalker_health == 30 - 2 - 3
    top = maximal.setup.monster.attack.maximum()
    assert [r.value for r, _ in maximal.chance_outcomes()] == [top]  # round 1: maximal
    twice = fresh(stalker(), gorynych, YELLOW, event="stalker_attacks_twice")
    twice = script(twice, [5, 2, 1])  # one success, its attack, a failure
    assert kinds(twice) == ["paralysis", "monster_attack", "paralysis", "round"]
    twice = script(twice, [ATTACK, 2, ATTACK, 2])
    assert twice.is_chance and twice.round == 1  # two actions, then the monster's attack
    first = fresh(stalker(), gorynych, YELLOW, event="monster_attacks_first")
    first = script(first, [6, 2, 3])
    assert first.is_chance and kinds(first)[-1] == "round"  # FIGHT-7: the monster moves first
    first = script(first, [4])
    assert first.decisions() and first.stalker_health == 30 - 2 - 4


def test_illegal_moves_leave_the_fight_unchanged() -> None:
    fight = fresh(stalker(), monster(), GREEN)
    with pytest.raises(FightRefused):
        fight.apply(Roll(3))
    with pytest.raises(FightRefused):
        fight.apply(Decision("grenade", "f-1"))
    with pytest.raises(ValueError):
        fresh(stalker(), monster(), GREEN, event="zombie")
    assert fight.stalker_health == 30 and fight.decisions()


def test_log_numbers_for_the_client() -> None:
    fight = script(fresh(stalker(defence=1), monster(), GREEN), [ATTACK, 5, 4])
    hit = next(e for e in fight.log if e.kind == "monster_attack")
    assert dict(hit.numbers) == {"roll": 4, "damage": 3, "stalker": 27}
    assert "3 damage" in hit.text


def test_trophy1_trophy3_fight5_results() -> None:
    red = script(fresh(stalker(attack="3d6"), monster(), RED), [ATTACK, 18])
    assert red.trophy == ("beast", RED) and red.draws_artifact and not red.monster_back_to_deck
    green = script(fresh(stalker(), monster(), GREEN), [ATTACK, 12])
    assert green.trophy == ("beast", GREEN) and not green.draws_artifact
    fled = script(fresh(stalker(reputation=1), monster(), RED), [ESCAPE, 1])
    assert fled.trophy is None and fled.monster_back_to_deck and not fled.draws_artifact


def test_fight2_an_attack_or_escape_cannot_carry_a_grenade() -> None:
    """FIGHT-2: one action a round; an attack or an escape naming a grenade is refused."""
    side = stalker(attack="1d6", grenades=[grenade("rgd-5", "2d6")])
    fight = fresh(side, monster(), GREEN)
    for action in ("attack", "escape"):
        with pytest.raises(FightRefused, match=r"^FIGHT-2"):
            fight.apply(Decision(action, "rgd-5"))
    assert Decision("grenade", "rgd-5") in fight.decisions()
