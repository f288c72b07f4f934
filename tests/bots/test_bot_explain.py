"""A bot explains its choice (TURN-1): the action ``choose`` plays, a reason with a key and
params that reads in English and Russian, its plan with the Elements (WIN-1), and the top
alternatives with their values; it reads only the asking seat's view (TURN-3)."""

from __future__ import annotations

import io
from dataclasses import replace
from functools import cache

import pytest

from stalkerzone.bots import players as bots
from stalkerzone.bots.explain import ALTERNATIVES, REASONS, Explanation, explain
from stalkerzone.bots.memory import BotMemory
from stalkerzone.client.controller.bot_driver import BotLog
from stalkerzone.engine.play import FightDecision, GameState
from tests.support.records import bot_record


@cache
def _states() -> tuple[GameState, ...]:
    """The states of a 3-seat bot game's first 120 actions (a fixed seed)."""
    return tuple(bot_record(120, seed=4, players=3).states)


def _turn_states(count: int) -> list[GameState]:
    return [s for s in _states() if not s.is_terminal and s.phase != "layout"][::4][:count]


def _hide_differently(state: GameState) -> GameState:
    """The same state as the deciding seat sees it: another seat holds an event, piles reordered."""
    other = (state.current_player + 1) % len(state.players)
    event = state.decks.events[0] if state.decks.events else None
    seats = list(state.players)
    seats[other] = replace(seats[other], held_event=event)
    decks = replace(
        state.decks,
        monsters=tuple(reversed(state.decks.monsters)),
        artifacts=tuple(reversed(state.decks.artifacts)),
        events=tuple(reversed(state.decks.events)),
    )
    return replace(state, players=tuple(seats), decks=decks, rng=state.rng ^ 0x5A5A)


def test_bot_explain_gives_the_choice_a_reason_and_top_alternatives() -> None:
    memory = BotMemory()
    seen_keys = set()
    for state in _turn_states(24):
        why = explain(state, None, "hard", memory)
        assert isinstance(why, Explanation)
        assert why.choice == bots.choose(state, None, "hard", memory=memory)
        assert why.key in REASONS and why.plan_key in REASONS
        assert len(why.alternatives) <= ALTERNATIVES
        assert all(alt.action != why.choice for alt in why.alternatives)
        values = [alt.value for alt in why.alternatives]
        assert values == sorted(values, reverse=True)
        english, russian = why.text("en"), why.text("ru")
        assert english and russian and english != russian
        seen_keys.add(why.key)
    assert "move" in seen_keys or "epicenter" in seen_keys


def test_bot_explain_is_the_same_whatever_the_seat_cannot_see() -> None:
    for state in _turn_states(25):
        other = _hide_differently(state)
        assert other != state
        assert explain(state, None, "hard") == explain(other, None, "hard")
        assert bots.choose(state, None, "hard") == bots.choose(other, None, "hard")


def test_bot_explain_fight_decisions_carry_exact_odds() -> None:
    state = next(s for s in _states() if s.phase == "fight")
    why = explain(state, state.current_player, "normal")
    assert isinstance(why.choice, FightDecision) and why.key == "fight"
    params = dict(why.params)
    win, death, escape = (float(params[name]) for name in ("win", "death", "escape"))
    assert min(win, death, escape) >= 0 and win + death + escape <= 100 + 1e-9


def test_bot_explain_refuses_another_seats_decision() -> None:
    state = _turn_states(1)[0]
    with pytest.raises(bots.BotError, match="TURN-2"):
        explain(state, (state.current_player + 1) % len(state.players))


def test_bot_watch_log_writes_each_choice_with_its_reason() -> None:
    stream = io.StringIO()
    log = BotLog(stream, "ru")
    memory = BotMemory()
    states = _turn_states(3)
    for state in states:
        assert log.choose(state, "hard", memory) == bots.choose(state, None, "hard", memory=memory)
    lines = stream.getvalue().splitlines()
    assert len(lines) == len(states)
    for state, line in zip(states, lines, strict=True):
        why = explain(state, None, "hard", memory)
        assert line.startswith(f"turn {state.turn} ") and why.text("ru") in line


SEEN_ON_THE_TABLE = frozenset(
    {"card", "goal", "action", "points", "reward", "base", "copies", "need"}
    | {"win", "death", "escape"}
)
"""What a reason may name: a card, a place, an order's reward, health, Elements, a fight's
exact odds (never a planner's score, its own estimate of the odds or the odds it waits for)."""


def test_bot_reasons_name_only_what_a_player_sees() -> None:
    """Every template (en and ru) fills only params a player sees on the table, and every
    explanation of a bot game carries no other params in its reason or its plan (the
    planner's own figures go to the watch log's brackets only)."""
    import string

    for key, templates in REASONS.items():
        assert len(templates) == 2
        for template in templates:
            fields = {name for _text, name, _spec, _conv in string.Formatter().parse(template)}
            assert fields - {None} <= SEEN_ON_THE_TABLE, (key, template)
    memory = BotMemory()
    for state in _states()[::3]:
        if state.is_terminal or state.phase == "layout":
            continue
        why = explain(state, None, "hard", memory)
        assert {name for name, _v in why.params} <= SEEN_ON_THE_TABLE, why
        assert {name for name, _v in why.plan_params} <= {"need"}, why


def test_bot_plan_says_this_turn_only_when_the_epicenter_is_in_reach() -> None:
    """WIN-1, TURN-2: "the Epicenter this turn" only while a legal move goes there, else
    "head for the Epicenter"."""
    from stalkerzone.engine.game import legal_actions
    from stalkerzone.engine.play import Move

    plans = set()
    for state in bot_record(200, seed=4, players=3).states:
        if state.is_terminal or state.phase != "turn":
            continue
        why = explain(state, None, "hard")
        epicenter = state.zone_map.epicenter
        reach = any(isinstance(a, Move) and a.to == epicenter for a in legal_actions(state))
        if why.plan_key in ("plan_epicenter", "plan_epicenter_later"):
            plans.add(why.plan_key)
            assert (why.plan_key == "plan_epicenter") == reach, (state.turn, state.step)
    assert plans == {"plan_epicenter", "plan_epicenter_later"}
