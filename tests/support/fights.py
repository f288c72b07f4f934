"""Shared builders for the combat tests: hand-built monsters and stalkers, scripted dice."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from stalkerzone.engine.core import (
    Ability,
    Colour,
    Dice,
    Grenade,
    Monster,
    MonsterStats,
    Stimulator,
    Text,
)
from stalkerzone.engine.fight import Decision, Fight, Roll, StalkerSide, play_chance, start_fight
from stalkerzone.odds import Odds, best_decision


def monster(
    *abilities: Ability,
    health: tuple[int, int, int] = (8, 12, 16),
    attack: tuple[str, str, str] = ("1d6", "2d6", "2d6+2"),
    defence: tuple[int, int, int] = (0, 1, 2),
    deck: str = "zone",
) -> Monster:
    stats = [MonsterStats(health[i], Dice.parse(attack[i]), defence[i], 100) for i in range(3)]
    name = Text.plain("Beast")
    return Monster(
        "beast",
        name,
        trophy=name,
        green=stats[0],
        yellow=stats[1],
        red=stats[2],
        abilities=tuple(abilities),
        deck=deck,  # type: ignore[arg-type]
    )


def stalker(
    health: int = 30,
    attack: str = "2d6",
    *,
    max_health: int | None = None,
    defence: int = 0,
    reputation: int = 0,
    escape_bonus: int = 0,
    one_die_bonus: int = 0,
    grenade_bonus: int = 0,
    grenades: Sequence[Grenade] = (),
    stimulators: Sequence[Stimulator] = (),
) -> StalkerSide:
    return StalkerSide(
        health=health,
        max_health=max_health or health,
        attack=Dice.parse(attack),
        one_die_bonus=one_die_bonus,
        defence=defence,
        reputation=reputation,
        escape_bonus=escape_bonus,
        attack_bonus_grenades=grenade_bonus,
        grenades=tuple(grenades),
        stimulators=tuple(stimulators),
    )


def grenade(card_id: str = "rgd-5", attack: str = "2d6") -> Grenade:
    return Grenade(card_id, Text.plain(card_id), attack=Dice.parse(attack))


def stimulator(card_id: str = "medkit", heal: int = 10) -> Stimulator:
    return Stimulator(card_id, Text.plain(card_id), heal=heal)


def script(fight: Fight, steps: Iterable[int | Decision]) -> Fight:
    """Apply rolls (ints) and decisions in order; each must fit the node it meets."""
    for step in steps:
        fight = fight.apply(Roll(step) if isinstance(step, int) else step)
    return fight


ATTACK = Decision("attack")
ESCAPE = Decision("escape")


def kinds(fight: Fight) -> list[str]:
    return [entry.kind for entry in fight.log]


def monte_carlo(fight: Fight, n: int, policy: str, seed: int) -> tuple[dict[str, float], float]:
    """Play ``n`` fights with seeded dice: outcome frequencies and mean final round."""
    rng = random.Random(seed)
    counts = {"win": 0, "death": 0, "escape": 0}
    rounds = 0
    for _ in range(n):
        f = fight
        while True:
            f = play_chance(f, rng)
            if f.is_terminal:
                break
            if policy == "attack" or f.setup.epicenter:
                decision = ATTACK
            elif policy == "escape":
                decision = ESCAPE
            else:
                decision = best_decision(f)
            f = f.apply(decision)
        assert f.outcome is not None
        counts[f.outcome] += 1
        rounds += f.round
    return {k: v / n for k, v in counts.items()}, rounds / n


def agrees(exact: Odds, sampled: dict[str, float], n: int, z: float = 4.5) -> list[str]:
    """Outcomes whose sampled frequency is more than ``z`` standard errors from exact."""
    bad = []
    for name in ("win", "death", "escape"):
        p = getattr(exact, name)
        sigma = (max(p * (1 - p), 1e-12) / n) ** 0.5
        if abs(sampled[name] - p) > z * sigma + 1e-9:
            bad.append(f"{name}: exact {p:.4f}, sampled {sampled[name]:.4f} (n={n})")
    return bad


def fresh(side: StalkerSide, beast: Monster, colour: Colour = Colour.GREEN, **kw: object) -> Fight:
    return start_fight(side, beast, colour, **kw)  # type: ignore[arg-type]
