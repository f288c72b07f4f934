"""The best play shown in a fight and auto-resolve weigh the kit (FIGHT-2, FIGHT-4): a
stimulator is taken when the next hit can kill and a heal makes the round safer; in the
Epicenter grenades and stimulators count; the odds shown are the chosen decision's."""

from __future__ import annotations

from stalkerzone.bots.fights import epicenter_decision
from stalkerzone.bots.guardian import kit_fight_win
from stalkerzone.bots.memory import BotMemory
from stalkerzone.client.screens.fight.bot_seat import auto_decision
from stalkerzone.client.screens.fight.odds_worker import FightOdds, compute, next_hit_can_kill
from stalkerzone.client.screens.fight.presenter import decision_name, odds_line, select
from stalkerzone.client.text import i18n
from stalkerzone.engine.core import Colour
from stalkerzone.engine.fight import Decision, Fight, start_fight
from stalkerzone.engine.play import FightDecision
from stalkerzone.odds import decision_odds
from tests.client.test_fight_presenter import page_of
from tests.support.fights import grenade, monster, stalker, stimulator

MEDKIT = stimulator("medkit", heal=10)
BANDAGE = stimulator("bandage", heal=3)


def guardian_fight(health: int, **kit: object) -> Fight:
    """A hurt stalker against a guardian-like red monster in the Epicenter (no escape)."""
    side = stalker(health, "2d6", max_health=30, defence=1, **kit)  # type: ignore[arg-type]
    beast = monster(health=(10, 20, 34), attack=("1d6", "2d6", "3d6+2"), deck="epicenter")
    return start_fight(side, beast, Colour.RED, epicenter=True)


def shown_odds_are_the_decisions(fight: Fight, odds: FightOdds) -> bool:
    """The odds shown are those of the decision shown: taken now and the best play after it,
    or, in the Epicenter with kit, the bots' way of fighting it throughout (its exact odds)."""
    assert odds.decision is not None
    if odds.best == decision_odds(fight, odds.decision):
        return True
    memory = BotMemory()
    kit_win = kit_fight_win(memory, fight)
    return (
        fight.setup.epicenter
        and odds.best.win == kit_win
        and odds.best.death == 1.0 - kit_win
        and odds.decision == epicenter_decision(memory, fight)
    )


def test_auto_resolve_heals_when_the_next_hit_can_kill_in_the_epicenter() -> None:
    fight = guardian_fight(8, stimulators=(BANDAGE, MEDKIT))
    assert next_hit_can_kill(fight)
    odds = compute(fight)
    assert odds.decision is not None and odds.decision.stimulator == "medkit"
    assert auto_decision(odds) == FightDecision("attack", None, "medkit")
    assert shown_odds_are_the_decisions(fight, odds)
    plain = odds.of(Decision("attack"))
    assert plain is not None and odds.best.death < plain.death
    i18n.set_language("en")
    assert "medkit" in decision_name(fight, odds.decision)
    i18n.set_language("ru")
    assert "medkit" in decision_name(fight, odds.decision)
    i18n.set_language("en")


def test_a_grenade_counts_in_the_epicenter() -> None:
    fight = guardian_fight(30, grenades=(grenade("f-1", "4d6"),))
    odds = compute(fight)
    assert odds.decision is not None and odds.decision.grenade == "f-1"
    assert shown_odds_are_the_decisions(fight, odds)


def test_no_heal_when_the_next_hit_cannot_kill() -> None:
    side = stalker(30, "2d6", stimulators=(MEDKIT,))
    fight = start_fight(side, monster(), Colour.GREEN)
    assert not next_hit_can_kill(fight)
    odds = compute(fight)
    assert odds.decision is not None and odds.decision.stimulator is None
    decision = auto_decision(odds)
    assert decision is not None and decision.stimulator is None


def test_the_attack_buttons_odds_include_a_picked_stimulator() -> None:
    """Outside the Epicenter, where the kit outlives the fight, a heal picked changes the line
    (in the Epicenter every line already counts a heal taken later)."""
    side = stalker(8, "2d6", max_health=30, defence=1, stimulators=(MEDKIT,))
    beast = monster(health=(10, 20, 34), attack=("1d6", "2d6", "3d6+2"))
    fight = start_fight(side, beast, Colour.RED)
    plain = page_of(fight).button("attack")
    healed = page_of(fight, select(fight, None, "medkit")).button("attack")
    assert plain is not None and healed is not None
    taken = compute(fight).of(Decision("attack", None, "medkit"))
    assert taken is not None and healed.odds == odds_line(taken)
    assert healed.odds != plain.odds


def test_epicenter_odds_are_those_of_the_way_of_fighting_shown() -> None:
    """FIGHT-4 with kit: the odds shown are exactly those of the bots' way of fighting the
    guardian when it does better than the plain best (bots.guardian), with its decision."""
    fight = guardian_fight(20, stimulators=(MEDKIT, BANDAGE), grenades=(grenade("f-1", "4d6"),))
    odds = compute(fight)
    memory = BotMemory()
    kit_win = kit_fight_win(memory, fight)
    assert odds.best.win >= kit_win - 1e-12
    if odds.best.win == kit_win:
        assert odds.decision == epicenter_decision(memory, fight)
        assert odds.best.death == 1.0 - kit_win
    plain = odds.of(Decision("attack"))
    assert plain is not None and odds.best.win > plain.win


def test_in_the_epicenter_the_best_is_the_line_of_the_button_it_names() -> None:
    """One figure for one decision: in the Epicenter with kit the best shown is the line of
    the decision it names (72 % over buttons of 19 % in a play-test), and no button says more;
    every other line is at least its plain figure."""
    fight = guardian_fight(20, stimulators=(MEDKIT, BANDAGE), grenades=(grenade("f-1", "4d6"),))
    odds = compute(fight)
    assert odds.decision is not None and odds.of(odds.decision) == odds.best
    assert odds.best.win == max(o.win for _d, o in odds.per_decision)
    assert odds.best.win >= kit_fight_win(BotMemory(), fight) - 1e-12
    for decision, o in odds.per_decision:
        assert o.win >= decision_odds(fight, decision).win - 1e-12


def test_in_the_epicenter_the_other_lines_say_they_are_at_least() -> None:
    """FIGHT-4: a decision other than the kit way's first is counted with the kit left out
    after it, so its line says "≥" (a Medkit picked at full health read 31.2 % beside 78 %
    with none, as if it cost the fight: it costs less than that)."""
    fight = guardian_fight(30, stimulators=(MEDKIT, BANDAGE), grenades=(grenade("f-1", "4d6"),))
    odds = compute(fight)
    assert odds.decision is not None and odds.at_least
    assert odds.decision not in odds.at_least
    page = page_of(fight)
    lines = {b.key: b.odds for b in page.buttons if b.odds}
    kit_key = "grenade" if odds.decision.grenade else "attack"
    other = "attack" if kit_key == "grenade" else "grenade"
    assert "≥" not in lines[kit_key] and "≥" in lines[other], lines
    plain = guardian_fight(30)  # no kit: every line exact
    assert not compute(plain).at_least
