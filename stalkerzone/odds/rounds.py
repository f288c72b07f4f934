"""A normal round (docs/architecture.md, Exact odds): what every round from
``setup.normal_from`` on does.

From that round on every round is alike: no event (FIGHT-7, FIGHT-8, DMG-3 act in round 1 only),
one monster attack (ABIL-MULTI-ATTACK only in its rounds), one stalker action.
"""

from __future__ import annotations

from typing import Literal

from stalkerzone.engine.core import damage_distribution, frozen
from stalkerzone.engine.fight import FightSetup

Action = Literal["attack", "escape"]
ATTACK: Action = "attack"
ESCAPE: Action = "escape"


@frozen
class NormalRound:
    """The numbers of a normal round, read off the fight set-up."""

    monster_damage: tuple[tuple[int, float], ...]  # DMG-2 after the stalker's defence
    stalker_damage: tuple[tuple[int, float], ...]  # DMG-2 after the monster's defence
    drain: int  # ABIL-DRAIN, at the end of the round, through armour
    regeneration: int  # ABIL-REGENERATION, at the end of the round, up to full health
    first_strike: bool  # ABIL-FIRST-STRIKE: the monster attacks before the stalker acts
    escape_chance: float  # FIGHT-3 (0 if FIGHT-4 forbids escape)
    monster_health: int  # full health: the top of the regeneration
    actions: tuple[Action, ...]  # the actions the policy chooses among

    @classmethod
    def of(cls, setup: FightSetup, policy: str) -> NormalRound:
        mon, st = setup.monster, setup.stalker
        if policy == ATTACK or not setup.can_escape:
            actions: tuple[Action, ...] = (ATTACK,)
        elif policy == ESCAPE:
            actions = (ESCAPE,)
        else:
            actions = (ATTACK, ESCAPE)
        return cls(
            monster_damage=tuple(damage_distribution(mon.attack.distribution(), st.defence)),
            stalker_damage=tuple(
                damage_distribution(st.attack.distribution(st.one_die_bonus), mon.defence)
            ),
            drain=mon.drain,
            regeneration=mon.regeneration,
            first_strike=mon.first_strike,
            escape_chance=setup.escape_chance if setup.can_escape else 0.0,
            monster_health=mon.health,
            actions=actions,
        )

    @property
    def harmless_chance(self) -> float:
        """The chance that one monster attack does no damage."""
        return sum(p for a, p in self.monster_damage if a == 0)

    @property
    def cyclic(self) -> bool:
        """A round can end at the same stalker health (harmless attack, no drain)."""
        return self.drain == 0 and self.harmless_chance > 0.0

    @property
    def never_hurts(self) -> bool:
        """Stalker health never changes in normal rounds (every attack harmless, no drain)."""
        return self.drain == 0 and self.harmless_chance >= 1.0 - 1e-15

    def regenerated(self, monster_health: int) -> int:
        """ABIL-REGENERATION at the end of a round, never above full health."""
        return min(self.monster_health, monster_health + self.regeneration)
