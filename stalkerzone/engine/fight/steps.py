"""The fight's state machine: rounds, chance nodes and decisions (FIGHT-*, DMG-*, ABIL-*).

A fight's changing part is a :class:`Core`; :func:`resolve` applies a chance outcome (a rolled
total) and :func:`decide` a stalker's decision, each with every deterministic step after it.
Damage is always :func:`stalkerzone.engine.core.damage.damage_after_defence` (DMG-2). The exact odds
solver walks the same functions.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import IntEnum, StrEnum
from typing import NamedTuple

from stalkerzone.engine.core import Dice, FightRefused, damage_after_defence, replace
from stalkerzone.engine.fight.setup import (
    Decision,
    FightLogEntry,
    FightSetup,
    escape_refusal,
)

D6: Mapping[int, float] = {face: 1 / 6 for face in range(1, 7)}
ONE_D6 = Dice(((1, 6),))  # the die of paralysis and escape rolls (ABIL-PARALYSIS, FIGHT-3)


class Phase(IntEnum):
    """Where a fight stands: a chance node (a roll comes next), the stalker's decision, or over.
    What :attr:`Core.remaining` counts depends on the phase, as each member says."""

    PARALYSIS_ROLL = 0
    """Chance: a paralysis roll (ABIL-PARALYSIS); ``remaining``: rolls left, this one included."""
    PARALYSIS_ATTACK = 1
    """Chance: the monster's attack after a successful paralysis roll; ``remaining``: rolls
    left; ``second_attack_due``: a single-roll paralysis gives two attacks."""
    FIRST_STRIKE = 2
    """Chance: a first-striking monster's attack (ABIL-FIRST-STRIKE, FIGHT-7); ``remaining``:
    its attacks left this round."""
    ACTION = 3
    """The stalker decides (FIGHT-2); ``remaining``: its actions left this round (FIGHT-8)."""
    STALKER_ROLL = 4
    """Chance: the stalker's attack or grenade (``grenade``: the one thrown, "" the weapon)."""
    ESCAPE_ROLL = 5
    """Chance: the escape roll (FIGHT-3)."""
    MONSTER_ATTACK = 6
    """Chance: the monster's attack after the stalker; ``remaining``: its attacks left."""
    OVER = 7
    """The fight is over: :attr:`Core.outcome` says how."""


class Outcome(StrEnum):
    """How a fight ended (FIGHT-4, FIGHT-5, FIGHT-6)."""

    WIN = "win"
    DEATH = "death"
    ESCAPE = "escape"


# The phases as module names: the steps below and the odds solver compare phases in their inner
# loops, where a global is much cheaper than an attribute of the enum class.
PARALYSIS_ROLL = Phase.PARALYSIS_ROLL
PARALYSIS_ATTACK = Phase.PARALYSIS_ATTACK
FIRST_STRIKE = Phase.FIRST_STRIKE
ACTION = Phase.ACTION
STALKER_ROLL = Phase.STALKER_ROLL
ESCAPE_ROLL = Phase.ESCAPE_ROLL
MONSTER_ATTACK = Phase.MONSTER_ATTACK
OVER = Phase.OVER


class Core(NamedTuple):
    """The changing part of a fight (hashable; exact odds memoise on it). Saves hold it as a
    list in this order."""

    stalker_health: int
    monster_health: int
    round: int
    phase: Phase
    remaining: int = 0
    """Paralysis rolls, monster attacks or stalker actions left in this phase (see Phase)."""
    second_attack_due: bool = False
    """Paralysis with a single roll: the monster attacks a second time (ABIL-PARALYSIS)."""
    grenade: str = ""
    """The grenade being thrown at the stalker's roll ("" for the weapon)."""
    grenades: tuple[str, ...] = ()
    """Ids of the grenades left, sorted."""
    stims: tuple[str, ...] = ()
    """Ids of the stimulators left, sorted."""
    outcome: Outcome | None = None
    """How the fight ended (``None`` while it goes on)."""


Log = list[FightLogEntry] | None


def _note(log: Log, kind: str, text: str, card: str = "", **numbers: int) -> None:
    if log is not None:
        log.append(FightLogEntry(kind, text, tuple(numbers.items()), card))


def _roll_note(
    log: Log,
    kind: str,
    text: str,
    dice: tuple[tuple[int, ...], int, int],
    card: str = "",
    **numbers: int,
) -> None:
    """A log entry for a roll: its numbers and its dice (faces, modifier, one-die bonus)."""
    if log is not None:
        faces, modifier, one_die = dice
        entry = FightLogEntry(kind, text, tuple(numbers.items()), card, faces, modifier, one_die)
        log.append(entry)


def round_start(setup: FightSetup, core: Core, log: Log, *, announce: bool = True) -> Core:
    """Begin round ``core.round``: first strike (FIGHT-7, ABIL-FIRST-STRIKE) or the stalker."""
    r = core.round
    if announce:
        _note(log, "round", f"Round {r}", round=r)
    if setup.monster_first(r):
        return core._replace(phase=FIRST_STRIKE, remaining=setup.monster_attacks(r), grenade="")
    return core._replace(phase=ACTION, remaining=setup.stalker_actions(r), grenade="")


def _end_round(setup: FightSetup, core: Core, log: Log) -> Core:
    """ABIL-DRAIN then ABIL-REGENERATION, then the next round."""
    mon = setup.monster
    s, m = core.stalker_health, core.monster_health
    if mon.drain:
        s = max(0, s - mon.drain)
        _note(log, "drain", f"{mon.name} drains {mon.drain} health", amount=mon.drain, stalker=s)
        if s == 0:
            return _finish(core._replace(stalker_health=0), Outcome.DEATH, log)
    if mon.regeneration and m < mon.health:
        gained = min(mon.health, m + mon.regeneration) - m
        m += gained
        _note(log, "regeneration", f"{mon.name} regenerates {gained}", amount=gained, monster=m)
    return round_start(
        setup, core._replace(stalker_health=s, monster_health=m, round=core.round + 1), log
    )


_OVER_TEXT = {
    Outcome.WIN: "The monster is dead",
    Outcome.DEATH: "The stalker dies",
    Outcome.ESCAPE: "Escaped",
}


def _finish(core: Core, outcome: Outcome, log: Log) -> Core:
    _note(log, outcome.value, _OVER_TEXT[outcome])
    return core._replace(phase=OVER, outcome=outcome, remaining=0, grenade="")


def _after_actions(setup: FightSetup, core: Core, log: Log) -> Core:
    if setup.monster_first(core.round):
        return _end_round(setup, core, log)
    return core._replace(
        phase=MONSTER_ATTACK, remaining=setup.monster_attacks(core.round), grenade=""
    )


def start_core(setup: FightSetup) -> tuple[Core, list[FightLogEntry]]:
    log: list[FightLogEntry] = []
    st = setup.stalker
    core = Core(
        stalker_health=st.health,
        monster_health=setup.monster.health,
        round=1,
        phase=ACTION,
        grenades=tuple(sorted(g.id for g in st.grenades)),
        stims=tuple(sorted(s.id for s in st.stimulators)),
    )
    rolls = setup.monster.paralysis_rolls
    if rolls > 0:  # ABIL-PARALYSIS: the sequence comes before round 1, no decision in it
        return core._replace(phase=PARALYSIS_ROLL, remaining=rolls), log
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


def rolled_dice(setup: FightSetup, core: Core) -> tuple[Dice, int]:
    """The formula rolled at a chance node and its "+k to one die" (DMG-4): 1d6 for paralysis
    and escape rolls (FIGHT-3: the escape bonus is added after), the weapon, a grenade with its
    ST-3 bonus, or the monster's attack."""
    phase = core.phase
    if phase in (PARALYSIS_ROLL, ESCAPE_ROLL):
        return ONE_D6, 0
    if phase == STALKER_ROLL:
        st = setup.stalker
        if core.grenade:
            return setup.grenade(core.grenade).attack.plus(st.attack_bonus_grenades), 0
        return st.attack, st.one_die_bonus
    if phase in (PARALYSIS_ATTACK, FIRST_STRIKE, MONSTER_ATTACK):
        return setup.monster.attack, 0
    raise FightRefused("DMG-1", "not a chance node", key="not_chance")


def attack_round(core: Core) -> int:
    """ABIL-PARALYSIS: the round a monster attack belongs to; the paralysis sequence comes
    before round 1 (0), so round-1 effects such as the maximum-attack event (DMG-3) skip it."""
    return 0 if core.phase in (PARALYSIS_ROLL, PARALYSIS_ATTACK) else core.round


def paralysis_chance(setup: FightSetup) -> float:
    return sum(1 for f in range(1, 7) if f in setup.monster.paralysis_faces) / 6


def chances(setup: FightSetup, core: Core) -> Mapping[int, float]:
    """Rolled totals (or die faces) and their probabilities at a chance node."""
    phase = core.phase
    if phase in (PARALYSIS_ATTACK, FIRST_STRIKE, MONSTER_ATTACK):
        return monster_dist(setup, attack_round(core))
    if phase == STALKER_ROLL:
        return stalker_dist(setup, core.grenade)
    if phase in (PARALYSIS_ROLL, ESCAPE_ROLL):
        return D6
    raise FightRefused("DMG-1", "not a chance node", key="not_chance")


def _monster_hits(
    setup: FightSetup, core: Core, total: int, faces: tuple[int, ...], log: Log
) -> Core:
    damage = damage_after_defence(total, setup.stalker.defence)
    s = max(0, core.stalker_health - damage)
    _roll_note(
        log,
        "monster_attack",
        f"{setup.monster.name} rolls {total}: {damage} damage",
        (faces, setup.monster.attack.bonus, 0),
        roll=total,
        damage=damage,
        stalker=s,
    )
    core = core._replace(stalker_health=s)
    if s == 0:
        return _finish(core, Outcome.DEATH, log)
    return core


def monster_attacks_done(setup: FightSetup, core: Core, log: Log) -> Core:
    """After the monster's last attack roll of a first strike (→ the stalker) or of a round."""
    if core.phase == FIRST_STRIKE:
        return core._replace(phase=ACTION, remaining=setup.stalker_actions(core.round))
    return _end_round(setup, core, log)


def resolve(
    setup: FightSetup, core: Core, total: int, log: Log, faces: tuple[int, ...] = ()
) -> Core:
    """Apply a chance outcome (a rolled total) and every deterministic step after it;
    ``faces`` (the dice as they lay, if known) go into the log with the total (DMG-4)."""
    phase = core.phase
    if phase == PARALYSIS_ROLL:
        left = core.remaining - 1
        dice = (faces, 0, 0)
        if total in setup.monster.paralysis_faces:
            _roll_note(log, "paralysis", f"Paralysis roll {total}: paralysed!", dice, roll=total)
            one_roll = setup.monster.paralysis_rolls == 1
            return core._replace(phase=PARALYSIS_ATTACK, remaining=left, second_attack_due=one_roll)
        _roll_note(log, "paralysis", f"Paralysis roll {total}: no effect", dice, roll=total)
        return round_start(setup, core._replace(remaining=0), log)
    if phase == PARALYSIS_ATTACK:
        core = _monster_hits(setup, core, total, faces, log)
        if core.phase == OVER:
            return core
        if core.second_attack_due:
            return core._replace(second_attack_due=False)
        if core.remaining > 0:
            return core._replace(phase=PARALYSIS_ROLL)
        return round_start(setup, core, log)
    if phase in (FIRST_STRIKE, MONSTER_ATTACK):
        core = _monster_hits(setup, core, total, faces, log)
        if core.phase == OVER:
            return core
        if core.remaining > 1:
            return core._replace(remaining=core.remaining - 1)
        return monster_attacks_done(setup, core, log)
    if phase == STALKER_ROLL:
        damage = damage_after_defence(total, setup.monster.defence)
        m = max(0, core.monster_health - damage)
        if log is not None:  # the odds solver walks here without a log: no work for it
            what = f"grenade {core.grenade}" if core.grenade else "attack"
            formula, one_die = rolled_dice(setup, core)
            _roll_note(
                log,
                "stalker_attack",
                f"{setup.stalker.name} {what}: rolls {total}, {damage} damage",
                (faces, formula.bonus, one_die),
                card=core.grenade,
                roll=total,
                damage=damage,
                monster=m,
            )
        core = core._replace(monster_health=m, grenade="")
        if m == 0:
            return _finish(core, Outcome.WIN, log)
        return _next_action(setup, core, log)
    if phase == ESCAPE_ROLL:
        bonus = setup.stalker.escape_bonus
        ok = total + bonus >= setup.stalker.reputation
        _roll_note(
            log,
            "escape",
            f"Escape roll {total}{f'+{bonus}' if bonus else ''} vs reputation "
            f"{setup.stalker.reputation}: {'success' if ok else 'failed'}",
            (faces, bonus, 0),
            roll=total,
            success=int(ok),
        )
        if ok:
            return _finish(core, Outcome.ESCAPE, log)
        return _next_action(setup, core, log)
    raise FightRefused("DMG-1", "not a chance node", key="not_chance")


def _next_action(setup: FightSetup, core: Core, log: Log) -> Core:
    if core.remaining > 1:
        return core._replace(phase=ACTION, remaining=core.remaining - 1)
    return _after_actions(setup, core, log)


# --- decisions -----------------------------------------------------------------------------


def decisions(setup: FightSetup, core: Core) -> tuple[Decision, ...]:
    """FIGHT-2, FIGHT-8: every legal decision now; each action may take one stimulator (with
    two actions in round 1, each is any FIGHT-2 action with at most one stimulator)."""
    if core.phase != ACTION:
        return ()
    actions: list[Decision] = [Decision("attack")]
    actions += [Decision("grenade", g) for g in dict.fromkeys(core.grenades)]
    if setup.can_escape:
        actions.append(Decision("escape"))
    if core.stims:  # FIGHT-8: one stimulator with each action
        with_stim = [replace(d, stimulator=s) for s in dict.fromkeys(core.stims) for d in actions]
        actions += with_stim
    return tuple(actions)


def _remove(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def decide(setup: FightSetup, core: Core, decision: Decision, log: Log) -> Core:
    """Apply a legal decision (raises :class:`~stalkerzone.engine.core.illegal.FightRefused`)."""
    if core.phase != ACTION:
        raise FightRefused("FIGHT-2", "the fight is not waiting for a decision", key="not_deciding")
    if decision.grenade is not None and decision.action != "grenade":
        raise FightRefused(
            "FIGHT-2",
            f"only a grenade throw names a grenade, not {decision.action}",
            key="grenade_not_thrown",
            action=decision.action,
        )
    if decision.stimulator is not None:
        if decision.stimulator not in core.stims:
            raise FightRefused(
                "FIGHT-2",
                f"no stimulator '{decision.stimulator}' left",
                key="stimulator_gone",
                card=decision.stimulator,
            )
        heal = setup.stimulator(decision.stimulator).heal
        s = min(setup.stalker.max_health, core.stalker_health + heal)
        _note(
            log,
            "stimulator",
            f"Stimulator: +{s - core.stalker_health} health",
            heal=s - core.stalker_health,
            stalker=s,
        )
        core = core._replace(stalker_health=s, stims=_remove(core.stims, decision.stimulator))
    if decision.action == "attack":
        return core._replace(phase=STALKER_ROLL, grenade="")
    if decision.action == "grenade":
        if decision.grenade is None or decision.grenade not in core.grenades:
            raise FightRefused(
                "FIGHT-2",
                f"no grenade '{decision.grenade}' left",
                key="grenade_gone",
                card=str(decision.grenade),
            )
        return core._replace(
            phase=STALKER_ROLL,
            grenade=decision.grenade,
            grenades=_remove(core.grenades, decision.grenade),
        )
    if decision.action == "escape":
        refusal = escape_refusal(setup.epicenter)
        if refusal is not None:
            raise refusal
        return core._replace(phase=ESCAPE_ROLL)
    raise FightRefused(
        "FIGHT-2",
        f"unknown action '{decision.action}'",
        key="unknown_fight_action",
        action=decision.action,
    )
