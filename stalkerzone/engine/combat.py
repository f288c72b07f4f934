"""Fights as explicit chance nodes (FIGHT-*, DMG-*, ABIL-*), in the style of OpenSpiel.

A :class:`Fight` is either terminal, waiting for the stalker's :class:`Decision` (attack, throw a
grenade or try to escape, plus optionally one stimulator: FIGHT-2) or at a chance node whose
outcomes and probabilities :meth:`Fight.chance_outcomes` lists. :meth:`Fight.apply` gives the next
state; :func:`play_chance` samples chance nodes with a seeded ``random.Random``.

Order of effects (RULES.md §5): the paralysis sequence (start of the fight only, ABIL-PARALYSIS),
the monster's attack(s) if it strikes first (ABIL-FIRST-STRIKE, FIGHT-7), the stalker's action(s)
and stimulator (FIGHT-2, FIGHT-8), the monster's attack(s), drain (ABIL-DRAIN), regeneration
(ABIL-REGENERATION). Damage is applied at once; the fight ends as soon as a side is at 0 (FIGHT-6).

Readings where RULES.md leaves room (they are part of the rules reference):

- The paralysis sequence belongs to round 1; after it round 1 goes on normally (the paralysed
  stalker lost its rolls during the sequence: the monster's attacks there come without a reply).
  Drain and regeneration happen at the end of each round, so once in round 1 after the sequence.
- "Maximum attack" (DMG-3, event) applies to every monster attack of round 1: paralysis-sequence
  attacks, a first strike, and all of Cerberus' round-1 attacks (ABIL-MULTI-ATTACK).
- With "the stalker attacks twice" (FIGHT-8) the stalker takes two actions in round 1 (each an
  attack, a grenade or an escape roll); one stimulator per round, with the round's first action.
- Character and artifact attack bonuses add to grenades (ST-3); weapon modifiers do not (EQ-4).
- An outcome of a roll is the rolled total (:class:`Roll`); damage is the total minus defence.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal, NamedTuple

from stalkerzone.engine.cards import (
    Colour,
    Drain,
    FirstStrike,
    Grenade,
    Monster,
    MultiAttack,
    Paralysis,
    Regeneration,
    Stimulator,
)
from stalkerzone.engine.damage import damage_after_defence
from stalkerzone.engine.dice import Dice
from stalkerzone.engine.loadout import Loadout, derive
from stalkerzone.engine.messages import Params, params_of
from stalkerzone.engine.variant import Variant

Outcome = Literal["win", "death", "escape"]
ActionKind = Literal["attack", "grenade", "escape"]
FIGHT_EVENTS = ("monster_attacks_first", "stalker_attacks_twice", "monster_max_attack")
D6: Mapping[int, float] = {face: 1 / 6 for face in range(1, 7)}


class IllegalFightAction(ValueError):
    """A decision or chance outcome that the fight does not allow now; the fight is unchanged.

    ``key`` and ``params`` say the same as data (see :mod:`stalkerzone.engine.messages`)."""

    def __init__(self, message: str, *, key: str = "", **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.params: Params = params_of(params)


@dataclass(frozen=True, slots=True)
class Decision:
    """FIGHT-2: one action (``grenade`` names the grenade card) plus optionally one stimulator."""

    action: ActionKind
    grenade: str | None = None
    stimulator: str | None = None


@dataclass(frozen=True, slots=True)
class Roll:
    """A chance outcome: the total rolled (a die face for paralysis and escape rolls)."""

    value: int


@dataclass(frozen=True, slots=True)
class FightLogEntry:
    """One step of a fight for the client: ``kind`` (e.g. "paralysis", "drain"), text, numbers.

    ``card`` names the card the step used (the grenade thrown), if any.
    """

    kind: str
    text: str
    numbers: tuple[tuple[str, int], ...] = ()
    card: str = ""


@dataclass(frozen=True, slots=True)
class StalkerSide:
    """The stalker in a fight: current health and the stats its loadout gives (ST-1)."""

    health: int
    max_health: int
    attack: Dice
    one_die_bonus: int = 0
    defence: int = 0
    reputation: int = 0
    escape_bonus: int = 0
    attack_bonus_grenades: int = 0
    grenades: tuple[Grenade, ...] = ()
    stimulators: tuple[Stimulator, ...] = ()
    name: str = "Stalker"

    @classmethod
    def from_loadout(
        cls,
        loadout: Loadout,
        variant: Variant,
        health: int,
        reputation: int,
        protection_minus: int = 0,
    ) -> StalkerSide:
        stats = derive(loadout, variant, protection_minus=protection_minus)
        return cls(
            health=min(health, stats.max_health),
            max_health=stats.max_health,
            attack=stats.attack,
            one_die_bonus=stats.one_die_bonus,
            defence=stats.defence,
            reputation=reputation,
            escape_bonus=stats.escape_bonus,
            attack_bonus_grenades=stats.grenade_bonus,
            grenades=loadout.grenades,
            stimulators=loadout.stimulators,
            name=str(loadout.stalker.name),
        )


@dataclass(frozen=True, slots=True)
class MonsterSide:
    """A monster at one colour with its abilities' numbers (ABIL-*); combinable."""

    name: str
    colour: Colour
    health: int
    attack: Dice
    defence: int
    drain: int = 0
    paralysis_rolls: int = 0
    paralysis_faces: frozenset[int] = frozenset({4, 5, 6})
    first_strike: bool = False
    regeneration: int = 0
    multi_attacks: int = 1
    multi_rounds: frozenset[int] = frozenset()
    card_id: str = ""

    @classmethod
    def of(cls, monster: Monster, colour: Colour) -> MonsterSide:
        stats = monster.at(colour)
        side = cls(
            str(monster.name), colour, stats.health, stats.attack, stats.defence, card_id=monster.id
        )
        for ability in monster.abilities:
            if isinstance(ability, Drain):
                side = replace(side, drain=side.drain + ability.amount.of(colour))
            elif isinstance(ability, Paralysis):
                side = replace(
                    side,
                    paralysis_rolls=side.paralysis_rolls + ability.rolls.of(colour),
                    paralysis_faces=ability.succeeds_on,
                )
            elif isinstance(ability, FirstStrike):
                side = replace(side, first_strike=True)
            elif isinstance(ability, Regeneration):
                side = replace(side, regeneration=side.regeneration + ability.amount.of(colour))
            elif isinstance(ability, MultiAttack):
                side = replace(
                    side,
                    multi_attacks=max(side.multi_attacks, ability.attacks.of(colour)),
                    multi_rounds=side.multi_rounds | ability.rounds,
                )
        return side


@dataclass(frozen=True, slots=True)
class FightSetup:
    """What stays fixed during a fight."""

    stalker: StalkerSide
    monster: MonsterSide
    event: str | None = None
    epicenter: bool = False

    def monster_first(self, round_no: int) -> bool:
        """ABIL-FIRST-STRIKE every round; FIGHT-7 in round 1 (never a second move)."""
        return self.monster.first_strike or (
            round_no == 1 and self.event == "monster_attacks_first"
        )

    def monster_attacks(self, round_no: int) -> int:
        """ABIL-MULTI-ATTACK: attack rolls in this round."""
        return self.monster.multi_attacks if round_no in self.monster.multi_rounds else 1

    def stalker_actions(self, round_no: int) -> int:
        """FIGHT-8: two actions in round 1 with the event."""
        return 2 if round_no == 1 and self.event == "stalker_attacks_twice" else 1

    def max_attack(self, round_no: int) -> bool:
        """DMG-3 event: every monster attack of round 1 is maximal."""
        return round_no == 1 and self.event == "monster_max_attack"

    @property
    def can_escape(self) -> bool:
        """FIGHT-4: never in the Epicenter."""
        return not self.epicenter

    @property
    def escape_chance(self) -> float:
        """FIGHT-3: 1d6 + escape bonus >= reputation."""
        bonus = self.stalker.escape_bonus
        return sum(1 for f in range(1, 7) if f + bonus >= self.stalker.reputation) / 6

    @property
    def normal_from(self) -> int:
        """The first round from which every round is alike (for exact odds)."""
        special = {1} if self.event in FIGHT_EVENTS else set()
        if self.monster.multi_attacks != 1:
            special |= set(self.monster.multi_rounds)
        return max(special, default=0) + 1

    def grenade(self, card_id: str) -> Grenade:
        for g in self.stalker.grenades:
            if g.id == card_id:
                return g
        raise IllegalFightAction(
            f"FIGHT-2: no grenade '{card_id}' in this fight", key="no_grenade", card=card_id
        )

    def stimulator(self, card_id: str) -> Stimulator:
        for s in self.stalker.stimulators:
            if s.id == card_id:
                return s
        raise IllegalFightAction(
            f"FIGHT-2: no stimulator '{card_id}' in this fight", key="no_stimulator", card=card_id
        )


# Phases of the state machine.
PARA_ROLL = 0  # chance: a paralysis roll (left = rolls left including this one)
PARA_ATTACK = 1  # chance: the monster's attack after a successful roll (extra = 2nd attack due)
PRE_ATTACK = 2  # chance: a first-striking monster's attack (left = attacks left)
ACTION = 3  # decision (left = stalker actions left)
STALKER_ROLL = 4  # chance: the stalker's attack or grenade (pending = grenade id or "")
ESCAPE_ROLL = 5  # chance: FIGHT-3
POST_ATTACK = 6  # chance: the monster's attack after the stalker (left = attacks left)
OVER = 7


class Core(NamedTuple):
    """The changing part of a fight (hashable; exact odds memoise on it)."""

    s: int  # stalker health
    m: int  # monster health
    round: int
    phase: int
    left: int = 0  # rolls, attacks or actions left in this phase
    extra: bool = False
    pending: str = ""
    grenades: tuple[str, ...] = ()  # ids of grenades left, sorted
    stims: tuple[str, ...] = ()  # ids of stimulators left, sorted
    outcome: str = ""


Log = list[FightLogEntry] | None


def _note(log: Log, kind: str, text: str, card: str = "", **numbers: int) -> None:
    if log is not None:
        log.append(FightLogEntry(kind, text, tuple(numbers.items()), card))


def round_start(setup: FightSetup, core: Core, log: Log, *, announce: bool = True) -> Core:
    """Begin round ``core.round``: first strike (FIGHT-7, ABIL-FIRST-STRIKE) or the stalker."""
    r = core.round
    if announce:
        _note(log, "round", f"Round {r}", round=r)
    if setup.monster_first(r):
        return core._replace(phase=PRE_ATTACK, left=setup.monster_attacks(r), pending="")
    return core._replace(phase=ACTION, left=setup.stalker_actions(r), pending="")


def _end_round(setup: FightSetup, core: Core, log: Log) -> Core:
    """ABIL-DRAIN then ABIL-REGENERATION, then the next round."""
    mon = setup.monster
    s, m = core.s, core.m
    if mon.drain:
        s = max(0, s - mon.drain)
        _note(log, "drain", f"{mon.name} drains {mon.drain} health", amount=mon.drain, stalker=s)
        if s == 0:
            return _finish(core._replace(s=0), "death", log)
    if mon.regeneration and m < mon.health:
        gained = min(mon.health, m + mon.regeneration) - m
        m += gained
        _note(log, "regeneration", f"{mon.name} regenerates {gained}", amount=gained, monster=m)
    return round_start(setup, core._replace(s=s, m=m, round=core.round + 1), log)


def _finish(core: Core, outcome: str, log: Log) -> Core:
    text = {"win": "The monster is dead", "death": "The stalker dies", "escape": "Escaped"}
    _note(log, outcome, text[outcome])
    return core._replace(phase=OVER, outcome=outcome, left=0, pending="")


def _after_actions(setup: FightSetup, core: Core, log: Log) -> Core:
    if setup.monster_first(core.round):
        return _end_round(setup, core, log)
    return core._replace(phase=POST_ATTACK, left=setup.monster_attacks(core.round), pending="")


def start_core(setup: FightSetup) -> tuple[Core, list[FightLogEntry]]:
    log: list[FightLogEntry] = []
    st = setup.stalker
    core = Core(
        s=st.health,
        m=setup.monster.health,
        round=1,
        phase=ACTION,
        grenades=tuple(sorted(g.id for g in st.grenades)),
        stims=tuple(sorted(s.id for s in st.stimulators)),
    )
    rolls = setup.monster.paralysis_rolls
    if rolls > 0:
        _note(log, "round", "Round 1", round=1)
        return core._replace(phase=PARA_ROLL, left=rolls), log
    return round_start(setup, core, log), log


# --- chance -----------------------------------------------------------------------------------


def monster_dist(setup: FightSetup, round_no: int) -> Mapping[int, float]:
    """The monster's attack totals this round (DMG-3 maximal with the event)."""
    attack = setup.monster.attack
    if setup.max_attack(round_no):
        return {attack.maximum(): 1.0}
    return attack.distribution()


def stalker_dist(setup: FightSetup, pending: str) -> Mapping[int, float]:
    """The stalker's attack totals: weapon (with one-die bonus) or a grenade (+ ST-3 bonus)."""
    st = setup.stalker
    if pending:
        return setup.grenade(pending).attack.plus(st.attack_bonus_grenades).distribution()
    return st.attack.distribution(st.one_die_bonus)


def paralysis_chance(setup: FightSetup) -> float:
    return sum(1 for f in range(1, 7) if f in setup.monster.paralysis_faces) / 6


def chances(setup: FightSetup, core: Core) -> Mapping[int, float]:
    """Rolled totals (or die faces) and their probabilities at a chance node."""
    phase = core.phase
    if phase in (PARA_ATTACK, PRE_ATTACK, POST_ATTACK):
        return monster_dist(setup, core.round)
    if phase == STALKER_ROLL:
        return stalker_dist(setup, core.pending)
    if phase in (PARA_ROLL, ESCAPE_ROLL):
        return D6
    raise IllegalFightAction("not a chance node", key="not_chance")


def _monster_hits(setup: FightSetup, core: Core, total: int, log: Log) -> Core:
    damage = damage_after_defence(total, setup.stalker.defence)
    s = max(0, core.s - damage)
    _note(
        log,
        "monster_attack",
        f"{setup.monster.name} rolls {total}: {damage} damage",
        roll=total,
        damage=damage,
        stalker=s,
    )
    core = core._replace(s=s)
    if s == 0:
        return _finish(core, "death", log)
    return core


def monster_attacks_done(setup: FightSetup, core: Core, log: Log) -> Core:
    """After the monster's last attack roll of a first strike (→ the stalker) or of a round."""
    if core.phase == PRE_ATTACK:
        return core._replace(phase=ACTION, left=setup.stalker_actions(core.round))
    return _end_round(setup, core, log)


def resolve(setup: FightSetup, core: Core, total: int, log: Log) -> Core:
    """Apply a chance outcome (a rolled total) and every deterministic step after it."""
    phase = core.phase
    if phase == PARA_ROLL:
        left = core.left - 1
        if total in setup.monster.paralysis_faces:
            _note(log, "paralysis", f"Paralysis roll {total}: paralysed!", roll=total)
            one_roll = setup.monster.paralysis_rolls == 1
            return core._replace(phase=PARA_ATTACK, left=left, extra=one_roll)
        _note(log, "paralysis", f"Paralysis roll {total}: no effect", roll=total)
        return round_start(setup, core._replace(left=0), log, announce=False)
    if phase == PARA_ATTACK:
        core = _monster_hits(setup, core, total, log)
        if core.phase == OVER:
            return core
        if core.extra:
            return core._replace(extra=False)
        if core.left > 0:
            return core._replace(phase=PARA_ROLL)
        return round_start(setup, core, log, announce=False)
    if phase in (PRE_ATTACK, POST_ATTACK):
        core = _monster_hits(setup, core, total, log)
        if core.phase == OVER:
            return core
        if core.left > 1:
            return core._replace(left=core.left - 1)
        return monster_attacks_done(setup, core, log)
    if phase == STALKER_ROLL:
        damage = damage_after_defence(total, setup.monster.defence)
        m = max(0, core.m - damage)
        what = f"grenade {core.pending}" if core.pending else "attack"
        _note(
            log,
            "stalker_attack",
            f"{setup.stalker.name} {what}: rolls {total}, {damage} damage",
            card=core.pending,
            roll=total,
            damage=damage,
            monster=m,
        )
        core = core._replace(m=m, pending="")
        if m == 0:
            return _finish(core, "win", log)
        return _next_action(setup, core, log)
    if phase == ESCAPE_ROLL:
        bonus = setup.stalker.escape_bonus
        ok = total + bonus >= setup.stalker.reputation
        _note(
            log,
            "escape",
            f"Escape roll {total}{f'+{bonus}' if bonus else ''} vs reputation "
            f"{setup.stalker.reputation}: {'success' if ok else 'failed'}",
            roll=total,
            success=int(ok),
        )
        if ok:
            return _finish(core, "escape", log)
        return _next_action(setup, core, log)
    raise IllegalFightAction("not a chance node", key="not_chance")


def _next_action(setup: FightSetup, core: Core, log: Log) -> Core:
    if core.left > 1:
        return core._replace(phase=ACTION, left=core.left - 1)
    return _after_actions(setup, core, log)


# --- decisions -----------------------------------------------------------------------------


def decisions(setup: FightSetup, core: Core) -> tuple[Decision, ...]:
    """FIGHT-2: every legal decision now (stimulators with the round's first action only)."""
    if core.phase != ACTION:
        return ()
    actions: list[Decision] = [Decision("attack")]
    actions += [Decision("grenade", g) for g in dict.fromkeys(core.grenades)]
    if setup.can_escape:
        actions.append(Decision("escape"))
    if core.stims and core.left == setup.stalker_actions(core.round):
        with_stim = [replace(d, stimulator=s) for s in dict.fromkeys(core.stims) for d in actions]
        actions += with_stim
    return tuple(actions)


def _remove(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def decide(setup: FightSetup, core: Core, decision: Decision, log: Log) -> Core:
    """Apply a legal decision (raises :class:`IllegalFightAction` otherwise)."""
    if core.phase != ACTION:
        raise IllegalFightAction(
            "FIGHT-2: the fight is not waiting for a decision", key="not_deciding"
        )
    if decision.grenade is not None and decision.action != "grenade":
        raise IllegalFightAction(
            f"FIGHT-2: only a grenade throw names a grenade, not {decision.action}",
            key="grenade_not_thrown",
            action=decision.action,
        )
    if decision.stimulator is not None:
        if decision.stimulator not in core.stims:
            raise IllegalFightAction(
                f"FIGHT-2: no stimulator '{decision.stimulator}' left",
                key="stimulator_gone",
                card=decision.stimulator,
            )
        if core.left != setup.stalker_actions(core.round):
            raise IllegalFightAction(
                "FIGHT-2: one stimulator per round, with its first action", key="one_stimulator"
            )
        heal = setup.stimulator(decision.stimulator).heal
        s = min(setup.stalker.max_health, core.s + heal)
        _note(log, "stimulator", f"Stimulator: +{s - core.s} health", heal=s - core.s, stalker=s)
        core = core._replace(s=s, stims=_remove(core.stims, decision.stimulator))
    if decision.action == "attack":
        return core._replace(phase=STALKER_ROLL, pending="")
    if decision.action == "grenade":
        if decision.grenade is None or decision.grenade not in core.grenades:
            raise IllegalFightAction(
                f"FIGHT-2: no grenade '{decision.grenade}' left",
                key="grenade_gone",
                card=str(decision.grenade),
            )
        return core._replace(
            phase=STALKER_ROLL,
            pending=decision.grenade,
            grenades=_remove(core.grenades, decision.grenade),
        )
    if decision.action == "escape":
        if not setup.can_escape:
            raise IllegalFightAction(
                "FIGHT-4: no escape is possible in the Epicenter", key="no_escape"
            )
        return core._replace(phase=ESCAPE_ROLL)
    raise IllegalFightAction(
        f"FIGHT-2: unknown action '{decision.action}'",
        key="unknown_fight_action",
        action=decision.action,
    )


# --- the public state -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
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
        out = self.core.outcome
        return out if out in ("win", "death", "escape") else None  # type: ignore[return-value]

    @property
    def is_chance(self) -> bool:
        return self.core.phase not in (ACTION, OVER)

    @property
    def stalker_health(self) -> int:
        return self.core.s

    @property
    def monster_health(self) -> int:
        return self.core.m

    @property
    def round(self) -> int:
        return self.core.round

    @property
    def paralysis_rolls_left(self) -> int:
        return self.core.left if self.core.phase in (PARA_ROLL, PARA_ATTACK) else 0

    @property
    def trophy(self) -> tuple[str, Colour] | None:
        """TROPHY-1: on a win, the monster card id and the colour it was killed at."""
        if self.outcome != "win":
            return None
        return (self.setup.monster.card_id, self.setup.monster.colour)

    @property
    def draws_artifact(self) -> bool:
        """TROPHY-3: killing a red monster also draws the top artifact card."""
        return self.outcome == "win" and self.setup.monster.colour == Colour.RED

    @property
    def monster_back_to_deck(self) -> bool:
        """FIGHT-5: after an escape the monster card goes back into the deck face down."""
        return self.outcome == "escape"

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
                raise IllegalFightAction(
                    "FIGHT-2: the fight is not waiting for a decision", key="not_deciding"
                )
            core = decide(self.setup, self.core, move, log)
        elif isinstance(move, Roll):
            if not self.is_chance:
                raise IllegalFightAction("this is not a chance node", key="not_chance")
            if move.value not in chances(self.setup, self.core):
                raise IllegalFightAction(
                    f"a roll of {move.value} is impossible here",
                    key="impossible_roll",
                    roll=move.value,
                )
            core = resolve(self.setup, self.core, move.value, log)
        else:
            raise IllegalFightAction(
                f"not a decision or a roll: {move!r}", key="not_a_move", move=repr(move)
            )
        return Fight(self.setup, core, self.log + tuple(log))


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
    """Draw one chance outcome with ``rng`` (dice rolled face by face, as on the table)."""
    setup, core = fight.setup, fight.core
    phase = core.phase
    if phase in (PARA_ROLL, ESCAPE_ROLL):
        return Roll(rng.randint(1, 6))
    if phase == STALKER_ROLL:
        st = setup.stalker
        if core.pending:
            dice = setup.grenade(core.pending).attack.plus(st.attack_bonus_grenades)
            return Roll(dice.roll(rng))
        return Roll(st.attack.roll(rng, st.one_die_bonus))
    if phase in (PARA_ATTACK, PRE_ATTACK, POST_ATTACK):
        if setup.max_attack(core.round):
            return Roll(setup.monster.attack.maximum())
        return Roll(setup.monster.attack.roll(rng))
    raise IllegalFightAction("this is not a chance node", key="not_chance")


def play_chance(fight: Fight, rng: random.Random) -> Fight:
    """Sample chance nodes until the stalker must decide or the fight is over."""
    while fight.is_chance:
        fight = fight.apply(sample(fight, rng))
    return fight
