"""Fights as explicit chance nodes (FIGHT-*, DMG-*, ABIL-*), in the style of OpenSpiel.

A :class:`Fight` is either terminal, waiting for the stalker's :class:`Decision` (attack, throw a
grenade or try to escape, plus optionally one stimulator: FIGHT-2) or at a chance node whose
outcomes and probabilities :meth:`Fight.chance_outcomes` lists. :meth:`Fight.apply` gives the next
state; :func:`play_chance` samples chance nodes with a seeded ``random.Random``.

Order of effects (rules §5): the paralysis sequence (start of the fight only, ABIL-PARALYSIS),
the monster's attack(s) if it strikes first (ABIL-FIRST-STRIKE, FIGHT-7), the stalker's action(s)
and stimulator (FIGHT-2, FIGHT-8), the monster's attack(s), drain (ABIL-DRAIN), regeneration
(ABIL-REGENERATION). Damage is applied at once; the fight ends as soon as a side is at 0 (FIGHT-6).

Readings where docs/rules.md leaves room (they are part of the rules reference):

- The paralysis sequence comes before round 1 (ABIL-PARALYSIS): the stalker decides nothing in
  it, and its attacks come without a reply. Round 1 is the first normal round after it, and the
  round-1 effects (FIGHT-7, FIGHT-8, first strike, the maximum-attack event) apply there; drain
  and regeneration happen at the end of each round, so once in round 1 after the sequence.
- "Maximum attack" (DMG-3, event) applies to every monster attack of round 1: a first strike and
  all of Cerberus' round-1 attacks (ABIL-MULTI-ATTACK), not the paralysis-sequence attacks.
- With "the stalker attacks twice" (FIGHT-8) the stalker takes two actions in round 1, each any
  FIGHT-2 action (an attack, a grenade or an escape roll) with at most one stimulator; a
  successful escape ends the fight at once.
- Character and artifact attack bonuses add to grenades (ST-3); weapon modifiers do not (EQ-4).
- An outcome of a roll is the rolled total (:class:`Roll`); damage is the total minus defence.
"""

from __future__ import annotations

import random

from stalkerzone.engine.core import Colour, FightRefused, Monster, field, frozen
from stalkerzone.engine.fight.setup import (
    FIGHT_EVENTS,
    Decision,
    FightLogEntry,
    FightSetup,
    MonsterSide,
    Roll,
    StalkerSide,
)
from stalkerzone.engine.fight.steps import (
    ACTION,
    FIRST_STRIKE,
    MONSTER_ATTACK,
    OVER,
    PARALYSIS_ATTACK,
    PARALYSIS_ROLL,
    Core,
    Outcome,
    attack_round,
    chances,
    decide,
    decisions,
    resolve,
    rolled_dice,
    start_core,
)


@frozen
class Fight:
    """One fight at one moment (immutable). See the module docstring."""

    setup: FightSetup
    core: Core
    log: tuple[FightLogEntry, ...] = field(default=(), compare=False)

    @property
    def is_terminal(self) -> bool:
        return self.core.phase == OVER

    @property
    def outcome(self) -> Outcome | None:
        return self.core.outcome

    @property
    def is_chance(self) -> bool:
        return self.core.phase not in (ACTION, OVER)

    @property
    def stalker_health(self) -> int:
        return self.core.stalker_health

    @property
    def monster_health(self) -> int:
        return self.core.monster_health

    @property
    def round(self) -> int:
        return self.core.round

    @property
    def paralysis_rolls_left(self) -> int:
        return self.core.remaining if self.core.phase in (PARALYSIS_ROLL, PARALYSIS_ATTACK) else 0

    @property
    def trophy(self) -> tuple[str, Colour] | None:
        """TROPHY-1: on a win, the monster card id and the colour it was killed at."""
        if self.outcome != Outcome.WIN:
            return None
        return (self.setup.monster.card_id, self.setup.monster.colour)

    @property
    def draws_artifact(self) -> bool:
        """TROPHY-3: killing a red monster also draws the top artifact card."""
        return self.outcome == Outcome.WIN and self.setup.monster.colour == Colour.RED

    @property
    def monster_back_to_deck(self) -> bool:
        """FIGHT-5: after an escape the monster card goes back into the deck face down."""
        return self.outcome == Outcome.ESCAPE

    @property
    def used_grenades(self) -> tuple[str, ...]:
        return _used(tuple(g.id for g in self.setup.stalker.grenades), self.core.grenades)

    @property
    def used_stimulators(self) -> tuple[str, ...]:
        return _used(tuple(s.id for s in self.setup.stalker.stimulators), self.core.stims)

    def chance_outcomes(self) -> tuple[tuple[Roll, float], ...]:
        if not self.is_chance:
            return ()
        return tuple((Roll(v), p) for v, p in chances(self.setup, self.core).items())

    def decisions(self) -> tuple[Decision, ...]:
        return decisions(self.setup, self.core)

    def apply(self, move: Decision | Roll) -> Fight:
        """The next state after a decision (at a decision node) or a roll (at a chance node)."""
        log: list[FightLogEntry] = []
        if isinstance(move, Decision):
            if self.is_chance or self.is_terminal:
                raise FightRefused(
                    "FIGHT-2", "the fight is not waiting for a decision", key="not_deciding"
                )
            core = decide(self.setup, self.core, move, log)
        elif isinstance(move, Roll):
            if not self.is_chance:
                raise FightRefused("DMG-1", "this is not a chance node", key="not_chance")
            if move.value not in chances(self.setup, self.core):
                raise FightRefused(
                    "DMG-1",
                    f"a roll of {move.value} is impossible here",
                    key="impossible_roll",
                    roll=move.value,
                )
            if move.faces and not _faces_fit(self.setup, self.core, move):
                raise FightRefused(
                    "DMG-4",
                    f"dice showing {move.faces} do not make a roll of {move.value} here",
                    key="impossible_roll",
                    roll=move.value,
                )
            return self.rolled(move)
        else:
            raise FightRefused(
                "FIGHT-2", f"not a decision or a roll: {move!r}", key="not_a_move", move=repr(move)
            )
        return Fight(self.setup, core, self.log + tuple(log))

    def rolled(self, roll: Roll) -> Fight:
        """The next state after ``roll`` at this chance node, unchecked: for rolls the engine
        drew itself (:func:`sample`), whose total and faces fit by construction."""
        log: list[FightLogEntry] = []
        core = resolve(self.setup, self.core, roll.value, log, roll.faces)
        return Fight(self.setup, core, self.log + tuple(log))


def _faces_fit(setup: FightSetup, core: Core, move: Roll) -> bool:
    """Whether recorded faces are dice of this node's formula that make the rolled total."""
    dice, one_die = rolled_dice(setup, core)
    faces = move.faces
    at = 0
    for count, sides in dice.groups:
        if not all(1 <= face <= sides for face in faces[at : at + count]):
            return False
        at += count
    return at == len(faces) and max(0, sum(faces) + dice.bonus + one_die) == move.value


def _used(start: tuple[str, ...], left: tuple[str, ...]) -> tuple[str, ...]:
    rest = list(left)
    used: list[str] = []
    for item in start:
        if item in rest:
            rest.remove(item)
        else:
            used.append(item)
    return tuple(used)


def start_fight(
    stalker: StalkerSide,
    monster: Monster | MonsterSide,
    colour: Colour = Colour.GREEN,
    *,
    event: str | None = None,
    epicenter: bool = False,
) -> Fight:
    """A new fight; ``event`` is a fight EventEffect kind (FIGHT-7, FIGHT-8, DMG-3) or None."""
    if event is not None and event not in FIGHT_EVENTS:
        raise ValueError(f"EVENT-1: '{event}' is not a fight event ({', '.join(FIGHT_EVENTS)})")
    side = monster if isinstance(monster, MonsterSide) else MonsterSide.of(monster, colour)
    setup = FightSetup(stalker, side, event, epicenter)
    core, log = start_core(setup)
    return Fight(setup, core, tuple(log))


def sample(fight: Fight, rng: random.Random) -> Roll:
    """Draw one chance outcome with ``rng`` (dice rolled face by face, as on the table); the
    roll carries its faces, which the fight log records (DMG-4)."""
    setup, core = fight.setup, fight.core
    if not fight.is_chance:
        raise FightRefused("DMG-1", "this is not a chance node", key="not_chance")
    dice, one_die = rolled_dice(setup, core)
    monster = core.phase in (PARALYSIS_ATTACK, FIRST_STRIKE, MONSTER_ATTACK)
    maximal = monster and setup.max_attack(attack_round(core))  # DMG-3: every die at its top
    throw = dice.highest() if maximal else dice.throw(rng, one_die)
    return Roll(throw.total, throw.faces)


def play_chance(fight: Fight, rng: random.Random) -> Fight:
    """Sample chance nodes until the stalker must decide or the fight is over."""
    while fight.is_chance:
        fight = fight.rolled(sample(fight, rng))  # sample draws only possible rolls
    return fight
