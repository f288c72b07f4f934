"""The expert's search (TURN-1, TURN-3, WIN-1): determinised Monte-Carlo over the moves that
decide a race for the win.

Where it matters — a stalker carrying the Elements it needs with the Epicenter in reach: go in
now, or turn to a base to heal and buy first — the expert weighs the planner's choice against the
plans it can state (entering the Epicenter, or nearing a base where healing and buying would
raise its odds) in :data:`FUTURES` whole games sampled from what the seat sees
(:mod:`~stalkerzone.bots.determinise`). In each it plays the candidate through ``apply``, then
every seat with the rollout policy (the ``hard`` planner) until the seat's next turn, and scores
the end by :func:`~stalkerzone.bots.position.evaluate`; a fight in the Epicenter (FIGHT-4) is
scored by its exact odds (:mod:`stalkerzone.odds`) instead of one roll of the dice. Every
candidate meets the same futures (common random numbers), and the futures come from a random
generator seeded by the view itself, so the same view always gets the same decision and the
real hidden state is never read. Elsewhere the expert plays as the planner does.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from stalkerzone.bots.determinise import determinise, unseen_cards
from stalkerzone.bots.position import direct_plan, evaluate, shop_plan
from stalkerzone.bots.trading import BASES
from stalkerzone.bots.turn import TurnView
from stalkerzone.engine.game import apply
from stalkerzone.engine.play import Action, EndTurn, GameState, Move
from stalkerzone.engine.zone import Hex

FUTURES = 8
"""Sampled games each candidate is played out in."""

CANDIDATES = 3
"""The most moves a search weighs."""

MARGIN = 0.01
"""How much more of the chance to win another move must give to overrule the planner's."""

ROLLOUT_ACTIONS = 150
"""Actions a playout may take before it is scored where it stands."""

Policy = Callable[[GameState], Action]
"""What plays every seat in a playout: the action for the state's current decision."""


@dataclass(frozen=True, slots=True)
class Weighed:
    """A candidate and what the sampled futures gave it."""

    action: Action
    value: float  # its mean share of the chance to win over the futures
    best_in: int  # futures in which no other candidate did better


@dataclass(frozen=True, slots=True)
class SearchResult:
    """What a search chose and every candidate it weighed, best first."""

    choice: Action
    futures: int
    weighed: tuple[Weighed, ...]


def wants_search(view: TurnView, planned: Action) -> bool:
    """Is this a decision the expert searches: the move (or staying) of a stalker carrying the
    Elements it needs with the Epicenter in reach (WIN-1: go in now, or heal and buy first),
    with another plan than the planner's to weigh?"""
    state = view.state
    if state.phase != "turn" or state.step != "move" or view.need:
        return False
    if not isinstance(planned, (Move, EndTurn)) or view.player.position is None:
        return False
    if Move(view.zone_map.epicenter) not in view.legal:
        return False
    return len(candidates(view, planned)) > 1


def candidates(view: TurnView, planned: Action) -> list[Action]:
    """The planner's choice, and the two plans a stalker with the Elements can state (WIN-1):
    into the Epicenter now, or towards a base it may trade at (REP-1) when healing and buying
    there would raise its odds against the guardian."""
    out: list[Action] = [planned]
    zone_map = view.zone_map
    enter = Move(zone_map.epicenter)
    if enter in view.legal:
        out.append(enter)
    moves = [a for a in view.legal if isinstance(a, Move) and a != enter]
    usable = [
        h
        for base in BASES
        if view.player.reputation >= view.variant.reputation_needed(base)
        for h in zone_map.site_hexes(base)
    ]
    if moves and usable and _base_helps(view):
        out.append(_nearest(view, moves, frozenset(usable)))
    unique: list[Action] = []
    for action in out:
        if action not in unique:
            unique.append(action)
    return unique[:CANDIDATES]


def _base_helps(view: TurnView) -> bool:
    """Would a base (healing, then the cards it can pay for) raise its odds against the
    guardian above what it has as it stands?"""
    memory, state = view.memory, view.state
    now = direct_plan(memory, state, view.index)[1]
    shop = shop_plan(memory, state, view.index)
    return shop is not None and shop[1] > now + 0.01


def _nearest(view: TurnView, moves: Sequence[Move], goals: frozenset[Hex]) -> Move:
    dist = view.distances(goals)
    return min(moves, key=lambda m: (dist.get(m.to, 10**6), m.to))


def view_seed(view: GameState) -> int:
    """A seed from what the seat sees (the same view, the same futures, in any process)."""
    text = repr((view.turn, view.current_player, view.step, view.players, view.loot))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def search(view: TurnView, planned: Action, policy: Policy) -> SearchResult:
    """Weigh :func:`candidates` in :data:`FUTURES` sampled games; the best mean wins when it
    beats the planner's choice by :data:`MARGIN`."""
    seen = view.state
    seat = view.index
    options = candidates(view, planned)
    rng = random.Random(view_seed(seen))
    unseen = unseen_cards(seen)
    totals = [0.0] * len(options)
    best_in = [0] * len(options)
    for _ in range(FUTURES):
        world = determinise(seen, rng, unseen)
        values = [
            playout(apply(world, action), seat, seen.turn, view, policy) for action in options
        ]
        top = max(values)
        for k, value in enumerate(values):
            totals[k] += value
            best_in[k] += value >= top - 1e-12
    weighed = [Weighed(a, totals[k] / FUTURES, best_in[k]) for k, a in enumerate(options)]
    order = sorted(range(len(options)), key=lambda k: -weighed[k].value)
    ranked = tuple(weighed[k] for k in order)
    choice = ranked[0].action
    if ranked[0].value < weighed[0].value + MARGIN:
        choice = planned  # within the noise of a few futures: the planner's move stands
    return SearchResult(choice, FUTURES, ranked)


def playout(state: GameState, seat: int, turn: int, view: TurnView, policy: Policy) -> float:
    """Play every seat by ``policy`` until ``seat``'s next turn begins and score the end for
    ``seat``; a fight in the Epicenter ends the playout, scored by its exact odds (FIGHT-4)."""
    memory = view.memory
    for _ in range(ROLLOUT_ACTIONS):
        if state.is_terminal:
            break
        if state.fight is not None and state.fight.epicenter:
            break  # scored by the fight's exact odds
        if state.phase == "turn" and state.current_player == seat and state.turn != turn:
            break
        state = apply(state, policy(state))
    return evaluate(memory, state, seat)
