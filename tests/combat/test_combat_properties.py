"""Hypothesis: health stays within bounds, a dead side never acts, odds sum to 1."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from stalkerzone.engine.core import (
    Ability,
    Colour,
    Drain,
    FirstStrike,
    MultiAttack,
    Paralysis,
    PerColour,
    Regeneration,
)
from stalkerzone.engine.fight import Fight, play_chance, start_fight
from stalkerzone.engine.fight.setup import FIGHT_EVENTS
from stalkerzone.odds import odds
from tests.support.fights import grenade, monster, stalker, stimulator

ABILITIES: list[Ability] = [
    Drain(PerColour(1, 1, 2)),
    Paralysis(PerColour(1, 2, 3)),
    FirstStrike(),
    Regeneration(PerColour(1, 2, 3)),
    MultiAttack(PerColour(2, 3, 3)),
]

fights = st.builds(
    lambda abilities, colour, event, epicenter, hp, mhp, atk, mdef, sdef, rep, items: start_fight(
        stalker(
            health=hp,
            max_health=hp + 5,
            attack=atk,
            defence=sdef,
            reputation=rep,
            grenades=[grenade("rgd-5", "2d6")] * items,
            stimulators=[stimulator("bandage", 5)] * items,
        ),
        monster(*abilities, health=(mhp, mhp + 4, mhp + 8), defence=(mdef, mdef, mdef + 1)),
        colour,
        event=event,
        epicenter=epicenter,
    ),
    st.lists(st.sampled_from(ABILITIES), max_size=3, unique_by=lambda a: a.kind),
    st.sampled_from(list(Colour)),
    st.sampled_from([None, *FIGHT_EVENTS]),
    st.booleans(),
    st.integers(1, 35),
    st.integers(1, 30),
    st.sampled_from(["1d6", "2d6", "2d6+2", "3d6"]),
    st.integers(0, 3),
    st.integers(0, 4),
    st.integers(0, 7),
    st.integers(0, 2),
)


def play(fight: Fight, seed: int) -> list[Fight]:
    rng = random.Random(seed)
    states = [fight]
    for _ in range(300):
        fight = play_chance(fight, rng)
        states.append(fight)
        if fight.is_terminal:
            break
        fight = fight.apply(rng.choice(fight.decisions()))
        states.append(fight)
    return states


@settings(max_examples=60, deadline=None)
@given(fights, st.integers(0, 10**6))
def test_health_within_bounds_and_dead_never_act(fight: Fight, seed: int) -> None:
    side, beast = fight.setup.stalker, fight.setup.monster
    states = play(fight, seed)
    for state in states:
        assert 0 <= state.stalker_health <= side.max_health
        assert 0 <= state.monster_health <= beast.health
        assert state.is_terminal == (state.outcome is not None)
    last = states[-1]
    if last.is_terminal:
        assert last.decisions() == () and last.chance_outcomes() == ()
        if last.outcome == "death":
            assert last.stalker_health == 0
        if last.outcome == "win":
            assert last.monster_health == 0
    # a dead side never acts: nothing after its health reaches 0 except the end itself
    log = last.log
    for i, entry in enumerate(log):
        numbers = dict(entry.numbers)
        if numbers.get("stalker") == 0 or numbers.get("monster") == 0:
            assert [e.kind for e in log[i + 1 :]] in (["death"], ["win"])


@settings(max_examples=25, deadline=None)
@given(fights)
def test_odds_sum_to_one(fight: Fight) -> None:
    for policy in ("attack", "escape", "best"):
        o = odds(fight, policy)
        assert abs(o.win + o.death + o.escape + o.endless - 1.0) < 1e-9
        assert min(o.win, o.death, o.escape) >= -1e-12
