"""Recorded dice (DMG-4): every roll of a fight and of an anomaly keeps each die's face, the
modifier and "+k to one die" next to its total, drawn from the very same RNG calls as before."""

from __future__ import annotations

from dataclasses import replace
from random import Random

import pytest

from stalkerzone.engine.core import (
    AnomalyOutcome,
    Colour,
    Dice,
    FightRefused,
    Note,
    Paralysis,
    PerColour,
    Site,
    Throw,
)
from stalkerzone.engine.fight import Decision, Fight, FightLogEntry, Roll, play_chance, start_fight
from tests.support.fights import ATTACK, ESCAPE, grenade, monster, script, stalker
from tests.support.game import fresh, hex_of, next_to, variant

ROLL_KINDS = ("paralysis", "monster_attack", "stalker_attack", "escape")


def rolls(fight: Fight) -> list[FightLogEntry]:
    return [e for e in fight.log if e.kind in ROLL_KINDS and "roll" in dict(e.numbers)]


@pytest.mark.parametrize("text", ["1d6", "2d6+1", "2d8-3", "3d4+1d20+2", "1d6-5"])
def test_a_throw_draws_exactly_what_a_roll_draws(text: str) -> None:
    dice = Dice.parse(text)
    for seed in range(40):
        a, b = Random(seed), Random(seed)
        thrown = dice.throw(a, one_die_bonus=2)
        assert thrown.total == dice.roll(b, one_die_bonus=2)
        assert a.getstate() == b.getstate()  # the same draws: no game changes
        assert len(thrown.faces) == dice.dice_count
        assert all(1 <= f <= s for f, s in zip(thrown.faces, dice.sides, strict=True))
        assert (thrown.modifier, thrown.one_die) == (dice.bonus, 2)
    assert dice.highest().faces == dice.sides
    assert dice.highest(1).total == dice.maximum(1)
    assert Throw((1,), -5).total == 0  # damage is never negative


def test_roll_faces_are_not_part_of_the_outcome() -> None:
    assert Roll(7, (3, 4)) == Roll(7) and hash(Roll(7, (3, 4))) == hash(Roll(7))
    assert repr(Roll(7, (3, 4))) == "Roll(value=7)"


def _check(entry: FightLogEntry) -> None:
    total = dict(entry.numbers)["roll"]
    assert entry.faces, entry
    if entry.kind == "escape":  # FIGHT-3: the logged roll is the die, the bonus is apart
        assert entry.faces == (total,)
    else:
        assert max(0, sum(entry.faces) + entry.modifier + entry.one_die) == total


def test_every_sampled_fight_roll_records_its_faces() -> None:
    side = stalker(
        health=60,
        attack="2d6+1",
        one_die_bonus=2,
        escape_bonus=1,
        reputation=6,
        grenade_bonus=1,
        grenades=[grenade("f-1", "3d6")],
    )
    beast = monster(Paralysis(PerColour(2, 2, 2)), health=(90, 90, 90), attack=("2d4+1",) * 3)
    fight = play_chance(start_fight(side, beast, Colour.GREEN), Random(5))
    for decision in (ATTACK, Decision("grenade", "f-1"), ESCAPE, ESCAPE, ESCAPE):
        if not fight.is_terminal:
            fight = play_chance(fight.apply(decision), Random(11))
    entries = rolls(fight)
    assert {e.kind for e in entries} == set(ROLL_KINDS)
    for entry in entries:
        _check(entry)
    weapon = [e for e in entries if e.kind == "stalker_attack" and not e.card]
    assert weapon and all((e.modifier, e.one_die, len(e.faces)) == (1, 2, 2) for e in weapon)
    monster_rolls = [e for e in entries if e.kind == "monster_attack"]
    assert monster_rolls and all(e.modifier == 1 and len(e.faces) == 2 for e in monster_rolls)
    thrown = [e for e in entries if e.card == "f-1"]
    assert thrown and all((e.modifier, e.one_die, len(e.faces)) == (1, 0, 3) for e in thrown)
    escapes = [e for e in entries if e.kind == "escape"]
    assert escapes and all(e.modifier == 1 for e in escapes)


def test_a_maximum_attack_records_every_die_at_its_top() -> None:
    fight = start_fight(
        stalker(health=60), monster(attack=("2d8+2",) * 3), event="monster_max_attack"
    )
    fight = play_chance(fight.apply(ATTACK), Random(3))
    first = next(e for e in fight.log if e.kind == "monster_attack")
    assert (first.faces, first.modifier, dict(first.numbers)["roll"]) == ((8, 8), 2, 18)


def test_scripted_rolls_without_faces_log_none_and_bad_faces_are_refused() -> None:
    fight = start_fight(stalker(attack="2d6"), monster())
    after = script(fight, [ATTACK, 7])
    assert rolls(after)[0].faces == ()  # nothing made up
    shown = fight.apply(ATTACK).apply(Roll(7, (3, 4)))
    assert rolls(shown)[0].faces == (3, 4)
    for faces in ((3, 3), (7, 0), (1, 2, 4)):
        with pytest.raises(FightRefused, match=r"^DMG-4"):
            fight.apply(ATTACK).apply(Roll(7, faces))


def test_an_anomaly_damage_note_records_the_damage_dice() -> None:
    state = fresh()
    state.ctx.variant = replace(
        variant(),
        anomaly_table=(AnomalyOutcome(frozenset(range(1, 7)), "damage", Dice.parse("2d6+1")),),
    )
    from stalkerzone.engine.game import apply
    from stalkerzone.engine.play import Move

    target = hex_of(state, Site.ANOMALY)
    after = apply(replace(next_to(state, 0, target), rng=4), Move(target))
    (found,) = [n for n in after.notes if isinstance(n, Note) and n.key == "anomaly_damage"]
    params = dict(found.params)
    faces = [int(f) for f in str(params["damage_faces"]).split(",")]
    assert params["damage_dice"] == "2d6+1" and len(faces) == 2
    assert sum(faces) + 1 == params["damage"]
    assert 1 <= int(params["face"]) <= 6
