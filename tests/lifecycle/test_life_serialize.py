"""Actions and states as plain JSON and back: every action kind, states across whole games
(fights included), strict reading."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stalkerzone.engine.play import (
    ACTION_TYPES,
    Action,
    Activate,
    Buy,
    DeliverOrder,
    DiscardArmour,
    EndTurn,
    FightDecision,
    GiveUpOrder,
    Heal,
    Move,
    PlaceSector,
    Sell,
    Stash,
    TakeOrder,
)
from stalkerzone.engine.zone import Hex
from stalkerzone.persistence.serialize import (
    SnapshotError,
    action_from_json,
    action_to_json,
    state_digest,
    state_from_json,
    state_to_json,
)
from tests.support.records import bot_record

EXAMPLES: list[Action] = [
    PlaceSector("s01", "b", 5, (-1, 2)),
    Move(Hex(3, -4)),
    Activate("ak-47#1"),
    Stash("gas-mask#2"),
    Buy("ak-47"),
    Sell("boar#1"),
    Heal(7),
    TakeOrder("order-flesh-eye#1"),
    DeliverOrder("order-flesh-eye#1"),
    GiveUpOrder("order-flesh-eye#1"),
    FightDecision("grenade", "rgd-5", "medkit"),
    FightDecision("attack"),
    DiscardArmour("army-helmet#1"),
    EndTurn(),
]


def test_life_every_action_kind_round_trips() -> None:
    assert {type(a).__name__ for a in EXAMPLES} == set(ACTION_TYPES)
    for action in EXAMPLES:
        data = action_to_json(action)
        assert data["type"] == type(action).__name__
        back = action_from_json(json.loads(json.dumps(data)))
        assert back == action and type(back) is type(action)
    assert action_to_json(Move(Hex(1, 2))) == {"type": "Move", "to": [1, 2]}


@settings(max_examples=60, deadline=None)
@given(q=st.integers(-(10**6), 10**6), r=st.integers(-(10**6), 10**6), points=st.integers(0, 99))
def test_life_action_round_trip_property(q: int, r: int, points: int) -> None:
    for action in (Move(Hex(q, r)), Heal(points), PlaceSector("s02", "a", points % 6, (q, r))):
        assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action


@pytest.mark.parametrize(
    ("data", "where"),
    [
        ({"type": "Move", "to": [1]}, "action.to"),
        ({"type": "Move", "to": "3,4"}, "action.to"),
        ({"type": "Move"}, "action.to: missing"),
        ({"type": "Heal", "points": True}, "action.points"),
        ({"type": "Heal", "points": 1.5}, "action.points"),
        ({"type": "EndTurn", "now": 1}, "unknown field"),
        ({"type": "Fly"}, "action.type"),
        ({"to": [1, 2]}, "action.type"),
        ([], "action: expected an object"),
    ],
)
def test_life_bad_actions_name_the_field(data: object, where: str) -> None:
    with pytest.raises(SnapshotError, match=where):
        action_from_json(data)


def test_life_states_round_trip_through_a_game() -> None:
    record = bot_record(500, seed=31, players=4, variant="express")
    fights = 0
    for state in (*record.states[::7], record.state):
        data = json.loads(json.dumps(state_to_json(state)))
        back = state_from_json(data, state.ctx)
        assert back == state
        assert state_digest(back) == state_digest(state)
        fights += state.fight is not None
    assert fights >= 1


def test_life_state_digest_sees_every_change() -> None:
    record = bot_record(40, seed=32)
    digests = {state_digest(s) for s in record.states}
    assert len(digests) == len({repr(state_to_json(s)) for s in record.states})


def test_life_an_older_saves_fight_going_on_reads_back() -> None:
    """Saves written before the fight's outcome was an enum hold ``""`` for a fight that goes
    on: it reads back as the same fight (outcome ``None``)."""
    record = bot_record(500, seed=31, players=4, variant="express")
    state = next(s for s in record.states if s.fight is not None and not s.fight.fight.is_terminal)
    data = json.loads(json.dumps(state_to_json(state)))
    assert isinstance(data, dict)
    core = data["fight"]["fight"]["core"]
    assert core[-1] is None and isinstance(core[3], int)
    core[-1] = ""
    assert state_from_json(data, state.ctx) == state
