"""What stays fixed during a fight: the two sides and the fight's setup (FIGHT-*, ABIL-*, ST-1).

:class:`StalkerSide` and :class:`MonsterSide` hold the numbers a fight is played with;
:class:`FightSetup` adds the held event (FIGHT-7, FIGHT-8, DMG-3) and the place (FIGHT-4).
:class:`Decision` and :class:`Roll` are the two kinds of moves of a fight.
"""

from __future__ import annotations

from typing import Literal

from stalkerzone.engine.core import (
    Colour,
    Dice,
    Drain,
    FightRefused,
    FirstStrike,
    Grenade,
    Loadout,
    Monster,
    MultiAttack,
    Paralysis,
    Regeneration,
    Stimulator,
    Variant,
    derive,
    field,
    frozen,
    replace,
)

ActionKind = Literal["attack", "grenade", "escape"]
FIGHT_EVENTS = ("monster_attacks_first", "stalker_attacks_twice", "monster_max_attack")


def escape_refusal(epicenter: bool) -> FightRefused | None:
    """FIGHT-4: the one place that decides whether a stalker may try to escape (never in the
    Epicenter); the refusal to raise, or None when escaping is allowed."""
    if epicenter:
        return FightRefused("FIGHT-4", "no escape is possible in the Epicenter", key="no_escape")
    return None


@frozen
class Decision:
    """FIGHT-2: one action (``grenade`` names the grenade card) plus optionally one stimulator."""

    action: ActionKind
    grenade: str | None = None
    stimulator: str | None = None


@frozen
class Roll:
    """A chance outcome: the total rolled (a die face for paralysis and escape rolls).

    ``faces`` optionally carries how the dice lay (DMG-4), which the fight log records; it is
    not part of the outcome (equal totals are equal rolls, as the odds solver sees them).
    """

    value: int
    faces: tuple[int, ...] = field(default=(), compare=False, repr=False)


@frozen
class FightLogEntry:
    """One step of a fight for the client: ``kind`` (e.g. "paralysis", "drain"), text, numbers.

    ``card`` names the card the step used (the grenade thrown), if any. A roll also records
    its dice: ``faces``, ``modifier`` and ``one_die`` (the ``roll`` number is their total).
    """

    kind: str
    text: str
    numbers: tuple[tuple[str, int], ...] = ()
    card: str = ""
    faces: tuple[int, ...] = ()  # a roll's dice as they lay (DMG-4); () in older saves
    modifier: int = 0  # added to the faces: the formula's bonus, or the escape bonus (FIGHT-3)
    one_die: int = 0  # "+k to one die" on the highest face (DMG-4)


@frozen
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


@frozen
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
            match ability:
                case Drain(amount=amount):
                    side = replace(side, drain=side.drain + amount.of(colour))
                case Paralysis(rolls=rolls, succeeds_on=faces):
                    side = replace(
                        side,
                        paralysis_rolls=side.paralysis_rolls + rolls.of(colour),
                        paralysis_faces=faces,
                    )
                case FirstStrike():
                    side = replace(side, first_strike=True)
                case Regeneration(amount=amount):
                    side = replace(side, regeneration=side.regeneration + amount.of(colour))
                case MultiAttack(attacks=attacks, rounds=rounds):
                    side = replace(
                        side,
                        multi_attacks=max(side.multi_attacks, attacks.of(colour)),
                        multi_rounds=side.multi_rounds | rounds,
                    )
        return side


@frozen
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
        """FIGHT-4 (decided by :func:`escape_refusal`)."""
        return escape_refusal(self.epicenter) is None

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
        raise FightRefused(
            "FIGHT-2", f"no grenade '{card_id}' in this fight", key="no_grenade", card=card_id
        )

    def stimulator(self, card_id: str) -> Stimulator:
        for s in self.stalker.stimulators:
            if s.id == card_id:
                return s
        raise FightRefused(
            "FIGHT-2",
            f"no stimulator '{card_id}' in this fight",
            key="no_stimulator",
            card=card_id,
        )
