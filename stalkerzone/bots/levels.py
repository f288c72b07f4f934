"""The bot levels, weakest first: one row of :data:`PROFILES` each (TURN-1: any seat may be a
bot). A level is its numbers, never a branch of its own in the code, so a stronger level is one
more row (and, if it decides differently, one more policy the row names).

- ``easy``: greedy and simple. Attacks until badly hurt, then flees; fights green dangers (yellow
  once armed); buys the best weapon or armour it can pay; once it carries the Elements it heals
  at a base if hurt and able to pay, then goes to the Epicenter whatever its odds (WIN-1: it
  never holds them for long).
- ``normal``: plans each move by the value of every site within reach now and of goals further
  away (Elements, orders, trophies to sell, upgrades, healing, own loot), weighs dangers by an
  estimate of the fight, and fights or flees by the exact odds of :mod:`stalkerzone.odds`
  (FIGHT-2; grenades and stimulators included). Careful: it weighs the risk of death fully and,
  with the Elements, waits for good odds against the guardian (which loses races).
- ``hard``: plans as ``normal``, takes more risks and goes for the win: with the Elements it
  heals, buys the upgrade it can pay, then enters the Epicenter at fair odds (lower ones once
  nothing it can buy would help), and hurries when a rival carries the Elements too.
- ``expert``: plays as ``hard`` and judges the guardian's fight by its exact odds with its
  grenades and stimulators counted (:mod:`stalkerzone.bots.guardian`; FIGHT-4: in the Epicenter
  they decide the fight; its own loot left in the Epicenter counted, DEATH-4). With the
  Elements it shops for what raises those odds most — a few strong grenades, stimulators,
  gear — and heals to full health before it goes in (the kit already at a base it stands on
  with one Element missing),
  and searches where the race is decided: each move (into the Epicenter now, towards it, or to
  a base first) is played out in sampled games consistent with what it sees
  (:mod:`stalkerzone.bots.search`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Profile:
    """How a level plays."""

    exact_fights: bool  # fight decisions by exact odds (else: attack, flee when hurt)
    epicenter_odds: float  # chance to beat the guardian it waits for before going in
    flee_below: float  # easy: flee when health falls below this share of the maximum
    planner: bool  # plan moves by goal values (else: nearest simple target)
    risk: float  # weight of the chance of death in danger values
    epicenter_health: float  # share of the maximum health it wants before going in
    settle_odds: float  # with nothing left to buy that helps, the odds it goes in with
    rival_hurry: float  # the odds it waits for shrink by this while a rival has the Elements
    plan_weight: float  # how much more healing and buying weigh on the way to the Epicenter
    search: bool = False  # search the moves that decide the race (sampled futures)
    exact_guardian: bool = False  # judge the guardian and upgrades for it by the exact odds
    element_weight: float = 1.0  # how much more an anomaly weighs while Elements are missing
    patience_cash: int | None = None  # with the Elements: the most money it waits to earn for
    # an upgrade before it heals and goes in at the odds it has (None: it waits for its odds)
    goal_first: bool = False  # with the plan "go in now", the Epicenter outweighs every other goal
    arm_from: int = 0  # exact_guardian: the Elements still missing from which it buys grenades
    # and stimulators for the guardian at a base it stands on (0: once it carries them all)


PROFILES: dict[str, Profile] = {
    "easy": Profile(False, 0.0, 0.35, False, 1.0, 0.7, 0.0, 1.0, 1.0),
    "normal": Profile(True, 0.75, 0.3, True, 1.0, 0.8, 0.75, 1.0, 1.0),
    "hard": Profile(
        True, 0.35, 0.3, True, 0.8, 0.8, 0.2, 0.6, 3.0, patience_cash=400, goal_first=True
    ),
    "expert": Profile(
        True, 0.35, 0.3, True, 0.8, 1.0, 0.2, 0.6, 3.0, True, True, 1.0, 400, True, arm_from=1
    ),
}

LEVELS: tuple[str, ...] = tuple(PROFILES)
"""The levels, weakest first (the order of the ladder ``easy < normal < hard < expert``)."""
