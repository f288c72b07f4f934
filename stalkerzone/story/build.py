"""Build a :class:`~stalkerzone.story.model.Story` from a game record.

The record keeps every state between the actions (``game.record``); a record read from a save's
snapshot keeps only the last, so it is played again from the seed first. Samples: the values at
the start of play (round 0) and at the last state of every round (TURN-2: a round is one turn of
every seat, counted from the first player). A fight is read where it ends (``last_fight`` becomes
a new fight, FIGHT-6): its chances are the exact odds (:mod:`stalkerzone.odds`) of the same fight
set-up before its first roll (the paralysis sequence included, ABIL-PARALYSIS), under the
``best`` policy: attack or escape, whichever keeps the stalker alive more often (FIGHT-2,
FIGHT-3). A fight still running when the record ends is not counted.
"""

from __future__ import annotations

from collections.abc import Sequence

from stalkerzone.engine.fight import FightSetup, start_core
from stalkerzone.engine.game import GameRecord
from stalkerzone.engine.game import record as records
from stalkerzone.engine.play import FightState, GameState, card_id
from stalkerzone.odds.outcome import Policy
from stalkerzone.odds.solver import FightSolver
from stalkerzone.story.model import FightStory, Sample, StalkerStory, Story

POLICY: Policy = "best"


class StartOdds:
    """Exact chances of fresh fights, one solver per fight set-up (owned by one story build)."""

    def __init__(self, policy: Policy = POLICY) -> None:
        self.policy = policy
        self.solvers: dict[FightSetup, FightSolver] = {}

    def chances(self, setup: FightSetup) -> tuple[float, float, float]:
        """Win, death and escape chances of ``setup`` before its first roll."""
        solver = self.solvers.get(setup)
        if solver is None:
            solver = self.solvers[setup] = FightSolver(setup, self.policy)
        value = solver.total(start_core(setup)[0])
        win, death = _chance(value.win), _chance(value.death)
        return win, death, _chance(1.0 - win - death - value.endless)


def _chance(p: float) -> float:
    """A probability with the solver's rounding crumbs (1.0000000000000002, 3e-16) cleared."""
    return 0.0 if p < 1e-12 else 1.0 if p > 1.0 - 1e-12 else p


def round_of(state: GameState) -> int:
    """TURN-2: the round ``state`` is in (1 for the first turn of play; 0 while laying out)."""
    if state.phase == "layout":
        return 0
    return (state.turn - 1) // len(state.players) + 1


def states_of(record: GameRecord) -> Sequence[GameState]:
    """Every state of the game from its start (replayed from the seed if the record does not
    keep them)."""
    if record.initial is not None:
        return record.states
    ctx = record.state.ctx
    replayed, _divergence = records.replay(record.setup, ctx.cards, ctx.sectors, record.actions)
    return replayed.states


def sample(state: GameState, seat: int, round_no: int) -> Sample:
    p = state.players[seat]
    return Sample(round_no, p.cash, p.health, p.elements, p.deaths)


def fight_story(held: FightState, round_no: int, odds: StartOdds) -> FightStory:
    fight = held.fight
    win, death, escape = odds.chances(fight.setup)
    return FightStory(
        player=held.player,
        round=round_no,
        monster=card_id(held.monster),
        colour=held.colour.value,
        epicenter=held.epicenter,
        win=win,
        death=death,
        escape=escape,
        outcome=fight.outcome or "",
    )


def build_story(record: GameRecord, *, policy: Policy = POLICY) -> Story:
    """The story of ``record`` (see the module docstring)."""
    states = states_of(record)
    seats = len(states[0].players)
    odds = StartOdds(policy)
    start: GameState | None = None
    last_of_round: dict[int, GameState] = {}
    fights: list[FightStory] = []
    before: GameState | None = None
    for state in states:
        round_no = round_of(state)
        if round_no > 0:
            if start is None:
                start = state
            last_of_round[round_no] = state
        ended = state.last_fight
        if before is not None and ended is not None and ended is not before.last_fight:
            fights.append(fight_story(ended, round_of(before), odds))
        before = state
    rounds = max(last_of_round, default=0)
    stalkers = []
    for seat in range(seats):
        mine = [f for f in fights if f.player == seat]
        won = sum(1 for f in mine if f.outcome == "win")
        expected = sum(f.win for f in mine)
        final = states[-1].players[seat]
        stalkers.append(
            StalkerStory(
                seat=seat,
                name=final.name,
                stalker=final.stalker,
                start=sample(start, seat, 0) if start is not None else None,
                samples=tuple(
                    sample(last_of_round[r], seat, r)
                    for r in range(1, rounds + 1)
                    if r in last_of_round  # a record kept from mid-game (a network client's)
                ),
                won=won,
                lost=sum(1 for f in mine if f.outcome == "death"),
                escaped=sum(1 for f in mine if f.outcome == "escape"),
                expected_wins=expected,
                luck=won - expected,
            )
        )
    return Story(rounds, policy, tuple(stalkers), tuple(fights))
