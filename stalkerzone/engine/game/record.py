"""A game as boardgame.io keeps it: the set-up, every action applied, and the states between.

Because the RNG lives in the state, the set-up (seed included) and the action log decide the whole
game: :func:`replay` plays the log again and must reach the very same state. A record also keeps
the states it went through, which is what undo (:mod:`~stalkerzone.engine.game.undo`) steps back
into.

A record read from a save's snapshot starts at that snapshot: ``base`` counts the actions before
it, whose states are not kept (``trail`` keeps their fingerprints, for replay checks).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from stalkerzone.engine.core import CardSet, IllegalAction
from stalkerzone.engine.game.game import GameSetup, apply, new_game
from stalkerzone.engine.play import Action, GameState
from stalkerzone.engine.zone import Sector


@dataclass(frozen=True)
class GameRecord:
    """Set-up, actions and states: ``states[i]`` is the state before ``actions[base + i]`` and
    ``states[-1]`` the state now. ``trail[k]`` fingerprints the state after ``actions[k]``."""

    setup: GameSetup
    actions: tuple[Action, ...]
    states: tuple[GameState, ...]
    base: int = 0
    trail: tuple[str, ...] = ()

    @property
    def state(self) -> GameState:
        """The state now."""
        return self.states[-1]

    @property
    def initial(self) -> GameState | None:
        """The state the game started from (None for a record started from a snapshot)."""
        return self.states[0] if self.base == 0 else None

    def before(self, index: int) -> GameState | None:
        """The state ``actions[index]`` was applied to, if the record keeps it."""
        k = index - self.base
        return self.states[k] if 0 <= k < len(self.states) else None

    def after(self, index: int) -> GameState | None:
        """The state ``actions[index]`` led to, if the record keeps it."""
        return self.before(index + 1)

    def actor(self, index: int) -> int | None:
        """The seat whose decision ``actions[index]`` was (None if its state is not kept)."""
        state = self.before(index)
        return state.current_player if state is not None else None

    def fingerprints(self) -> tuple[str, ...]:
        """One fingerprint per action: of the state it led to."""
        known = self.trail[: self.base]
        return known + tuple(fingerprint(s) for s in self.states[1:])


def fingerprint(state: GameState) -> str:
    """A short, cheap checksum of a position (RNG, turn, whose move, what every seat holds):
    enough to find the first action of a replay that went another way."""
    parts = [str(state.rng), state.phase, str(state.current_player), str(state.turn), state.step]
    for p in state.players:
        parts.append(f"{p.cash},{p.health},{p.elements},{p.position},{len(p.carried())}")
        parts.append(f"{len(p.trophies)},{len(p.open_orders)},{len(p.delivered)},{p.deaths}")
    text = "|".join(parts)
    return hashlib.blake2b(text.encode("utf-8"), digest_size=5).hexdigest()


def start(setup: GameSetup, cards: CardSet, sectors: Sequence[Sector]) -> GameRecord:
    """A new game (``new_game``) as a record with no actions yet."""
    return GameRecord(setup, (), (new_game(setup, cards, sectors),))


def from_snapshot(
    setup: GameSetup, actions: Iterable[Action], state: GameState, trail: Sequence[str] = ()
) -> GameRecord:
    """A record that starts at a saved state reached by ``actions`` (nothing before it kept)."""
    done = tuple(actions)
    return GameRecord(setup, done, (state,), base=len(done), trail=tuple(trail)[: len(done)])


def play(record: GameRecord, action: Action) -> GameRecord:
    """The record with ``action`` applied; an IllegalAction leaves it as it was."""
    after = apply(record.state, action)
    return GameRecord(
        record.setup,
        (*record.actions, action),
        (*record.states, after),
        record.base,
        record.trail,
    )


def played_again(record: GameRecord, setup: GameSetup) -> GameRecord:
    """``record``'s actions played again from ``setup`` (the same game with a seat's name or
    stalker changed, which decides no dice); an IllegalAction if one of them no longer can be.
    ``record`` must start from its set-up (``record.initial`` is not None)."""
    ctx = record.state.ctx
    again = start(setup, ctx.cards, ctx.sectors)
    for action in record.actions:
        again = play(again, action)
    return again


@dataclass(frozen=True, slots=True)
class Divergence:
    """Where a replay left the recorded game: the action's index and what went wrong."""

    index: int
    action: Action | None
    reason: str


def replay(
    setup: GameSetup,
    cards: CardSet,
    sectors: Sequence[Sector],
    actions: Sequence[Action],
    trail: Sequence[str] = (),
) -> tuple[GameRecord, Divergence | None]:
    """Play ``actions`` again from the seed. Stops at the first refused action, or at the first
    action whose resulting fingerprint differs from ``trail`` (when a trail is given)."""
    states = [new_game(setup, cards, sectors)]
    for index, action in enumerate(actions):
        try:
            after = apply(states[-1], action)
        except IllegalAction as error:
            record = GameRecord(setup, tuple(actions[:index]), tuple(states))
            return record, Divergence(index, action, f"refused: {error}")
        states.append(after)
        if index < len(trail) and fingerprint(after) != trail[index]:
            record = GameRecord(setup, tuple(actions[: index + 1]), tuple(states))
            return record, Divergence(index, action, "led to another state than in the save")
    return GameRecord(setup, tuple(actions), tuple(states)), None
