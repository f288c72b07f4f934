"""Actions: small frozen values of plain data (str, int, bool, tuples, Hex).

A save can write any action as ``{"type": type(action).__name__, **fields}`` and read it back
with :data:`ACTION_TYPES`. Card fields name a card *instance* (``"ak-47#2"``) except
:class:`Buy`, which names the card id (any copy in stock will do).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from stalkerzone.engine.zone import Hex


@dataclass(frozen=True, slots=True)
class PlaceSector:
    """TURN-4: put a sector on the Zone (face "a"/"b", rotation 0–5, macro slot)."""

    sector: str
    face: str
    rotation: int
    slot: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Move:
    """TURN-2: move to a hex within the movement allowance; its site is then resolved."""

    to: Hex


@dataclass(frozen=True, slots=True)
class Activate:
    """EQ-3/EQ-8: take a card from the backpack into its slot (a single slot swaps)."""

    card: str


@dataclass(frozen=True, slots=True)
class Stash:
    """EQ-8: put an active card into the backpack."""

    card: str


@dataclass(frozen=True, slots=True)
class Buy:
    """BASE-2: buy a card of this id from this base's catalogue."""

    card: str


@dataclass(frozen=True, slots=True)
class Sell:
    """BASE-2, TROPHY-2: sell an equipment card, an artifact or a trophy."""

    card: str


@dataclass(frozen=True, slots=True)
class Heal:
    """BASE-3: buy back ``points`` health."""

    points: int


@dataclass(frozen=True, slots=True)
class TakeOrder:
    """ORDER-1: take an order offered at this base."""

    card: str


@dataclass(frozen=True, slots=True)
class DeliverOrder:
    """ORDER-1, REP-1: deliver a fulfilled order for its reward and +1 reputation."""

    card: str


@dataclass(frozen=True, slots=True)
class GiveUpOrder:
    """ORDER-1: give up an open order at a usable base: no reward, no reputation change; the
    card goes to the bottom of the order deck."""

    card: str


@dataclass(frozen=True, slots=True)
class FightDecision:
    """FIGHT-2: attack, throw a grenade or try to escape; optionally one stimulator (card ids)."""

    action: str
    grenade: str | None = None
    stimulator: str | None = None


@dataclass(frozen=True, slots=True)
class DiscardArmour:
    """EVENT-1 "loss of protection": the armour card the player chooses to lose."""

    card: str


@dataclass(frozen=True, slots=True)
class EndTurn:
    """TURN-2: pass to the next player clockwise."""


Action: TypeAlias = (
    PlaceSector
    | Move
    | Activate
    | Stash
    | Buy
    | Sell
    | Heal
    | TakeOrder
    | DeliverOrder
    | GiveUpOrder
    | FightDecision
    | DiscardArmour
    | EndTurn
)
ACTION_TYPES: dict[str, type[Action]] = {
    cls.__name__: cls
    for cls in (
        PlaceSector,
        Move,
        Activate,
        Stash,
        Buy,
        Sell,
        Heal,
        TakeOrder,
        DeliverOrder,
        GiveUpOrder,
        FightDecision,
        DiscardArmour,
        EndTurn,
    )
}
