"""A bot carrying the Elements states a plan (WIN-1): buy an upgrade it can pay for, wait to
earn money only for one within reach, else heal and go into the Epicenter — never an endless
wait for an upgrade it will not afford."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from stalkerzone.bots.levels import PROFILES
from stalkerzone.bots.memory import BotMemory
from stalkerzone.bots.moving import goals
from stalkerzone.bots.players import choose_action
from stalkerzone.bots.turn import TurnView
from stalkerzone.bots.winning import can_buy_better, epicenter_plan
from stalkerzone.engine.game import apply, legal_actions
from stalkerzone.engine.play import GameState
from stalkerzone.engine.turn import stats
from tests.support.records import bot_record


@cache
def _turn_state() -> GameState:
    """A state of a 3-seat bot game at a seat's move (a fixed seed)."""
    states = bot_record(60, seed=4, players=3).states
    return next(s for s in states if s.phase == "turn" and s.step == "move")


def _holding(cash: int, stock: bool, health_share: float = 1.0) -> TurnView:
    state = _turn_state()
    p = state.player
    top = stats(p, state.ctx).max_health
    p = replace(p, elements=state.variant.elements_required, cash=cash)
    p = replace(p, health=max(1, int(top * health_share)))
    seats = list(state.players)
    seats[state.current_player] = p
    decks = state.decks if stock else replace(state.decks, stock=())
    state = replace(state, players=tuple(seats), decks=decks)
    return TurnView(state, legal_actions(state), PROFILES["hard"], BotMemory())


def test_bot_winning_with_nothing_in_reach_it_goes_in_instead_of_waiting() -> None:
    view = _holding(cash=0, stock=False)
    assert not can_buy_better(view, view.profile.patience_cash or 0)
    assert epicenter_plan(view).step == "epicenter"


def test_bot_winning_hurt_with_nothing_in_reach_it_heals_first() -> None:
    view = _holding(cash=500, stock=False, health_share=0.3)
    assert epicenter_plan(view).step == "heal"


def test_bot_winning_waits_only_for_an_upgrade_within_reach() -> None:
    view = _holding(cash=0, stock=True)
    plan = epicenter_plan(view)
    if plan.odds < plan.wanted:
        assert plan.step == (
            "wait" if can_buy_better(view, view.profile.patience_cash or 0) else "epicenter"
        )
    rich = _holding(cash=100_000, stock=True)
    assert epicenter_plan(rich).step in ("buy", "epicenter")


def test_bot_winning_the_plan_to_go_in_puts_the_epicenter_first_among_the_goals() -> None:
    view = _holding(cash=0, stock=False)
    assert epicenter_plan(view).step == "epicenter"
    ranked = goals(view)
    assert ranked[0][1] == frozenset({view.zone_map.epicenter})
    assert all(ranked[0][0] >= 2 * value for value, _ in ranked[1:])


def test_bot_winning_normal_waits_for_its_odds_where_hard_goes_in() -> None:
    """The levels differ here: hard (patience_cash) heals and goes in when nothing in reach
    would help; normal waits for its odds (part of why it is the weaker level)."""
    hard = _holding(cash=0, stock=False)
    normal = TurnView(hard.state, hard.legal, PROFILES["normal"], BotMemory())
    assert PROFILES["normal"].patience_cash is None and PROFILES["hard"].patience_cash
    assert epicenter_plan(hard).step == "epicenter"
    plan = epicenter_plan(normal)
    assert plan.step == ("wait" if plan.odds < plan.wanted else "epicenter")


def test_bot_winning_easy_with_the_elements_heads_for_the_epicenter_within_a_few_rounds() -> None:
    """easy: holding the Elements it needs, it heals if hurt and able to pay, then goes in,
    whatever its odds — never a game's worth of rounds spent holding them (WIN-1)."""
    state = _turn_state()
    seat = state.current_player
    p = replace(state.player, elements=state.variant.elements_required)
    state = replace(
        state, players=tuple(p if k == seat else q for k, q in enumerate(state.players))
    )
    assert epicenter_plan(
        TurnView(state, legal_actions(state), PROFILES["easy"], BotMemory())
    ).odds < (PROFILES["normal"].epicenter_odds)  # odds it would not have waited for before
    memory = BotMemory()
    epicenter = state.zone_map.epicenter
    last_turn = state.turn + 4 * len(state.players)  # four rounds
    reached = False
    while not state.is_terminal and state.turn <= last_turn and not reached:
        state = apply(state, choose_action(state, "easy", memory))
        reached = state.players[seat].position == epicenter
    assert reached or state.winner == seat, f"easy never went in by turn {state.turn}"
