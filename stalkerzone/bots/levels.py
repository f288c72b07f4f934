"""The bot levels ``easy``, ``normal`` and ``hard`` (TURN-1: any seat may be a bot).

- ``easy``: greedy and simple. Attacks until badly hurt, then flees; fights green dangers (yellow
  once armed); buys the best weapon or armour it can pay; goes to the Epicenter as soon as it
  carries the Elements (WIN-1).
- ``normal`` and ``hard``: plan each move by the value of every site within reach now and of
  goals further away (Elements, orders, trophies to sell, upgrades, healing, own loot), weigh
  dangers by an estimate of the fight, and fight or flee by the exact odds of
  :mod:`stalkerzone.odds` (FIGHT-2; grenades and stimulators included). ``hard`` waits for good
  odds against the Epicenter's guardian; ``normal`` takes more risks.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Profile:
    """How a level plays."""

    exact_fights: bool  # fight decisions by exact odds (else: attack, flee when hurt)
    epicenter_odds: float  # minimum chance to beat the guardian before going in
    flee_below: float  # easy: flee when health falls below this share of the maximum
    planner: bool  # plan moves by goal values (else: nearest simple target)
    risk: float  # weight of the chance of death in danger values


PROFILES: dict[str, Profile] = {
    "easy": Profile(False, 0.3, 0.35, False, 1.0),
    "normal": Profile(True, 0.35, 0.3, True, 0.8),
    "hard": Profile(True, 0.55, 0.3, True, 1.0),
}

LEVELS: tuple[str, ...] = tuple(PROFILES)
