"""The game state: plain frozen values, so that a state can be compared, saved and shared.

Cards are tracked as *instances*: ``"ak-47#2"`` is the second copy of the card ``ak-47``
(``copies`` in the pack). Every instance sits in exactly one place: a deck, a discard pile, the
equipment stock of the bases, a player's slots, backpack, trophies, orders, held event, a loot
pile or the fight in progress (see :func:`card_places`).

The rules context (cards, sectors, variant and caches) rides along in :class:`GameContext`, which
takes no part in equality: two states are equal when the game is in the same position.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal

from stalkerzone.engine.core import AnyCard, CardSet, Colour, Note, Variant
from stalkerzone.engine.zone import Hex, Sector, Zone

if TYPE_CHECKING:
    from stalkerzone.engine.fight import Fight
    from stalkerzone.engine.zone import Route, ZoneMap

Phase = Literal["layout", "turn", "fight", "choose_armour", "over"]
Step = Literal["move", "site", "done"]
LayoutBy = Literal["all", "humans"]
"""TURN-4: who takes the layout turns: every seat in turn, or the human seats only."""
"""Within a turn (TURN-2): ``move`` before moving (a stalker on a base may trade instead, which
counts as staying and ends the chance to move); ``site`` after the move or the first trade (trade
goes on if the stalker stands on a base); ``done`` when only equipment and "end turn" remain
(after a death)."""


def card_id(instance: str) -> str:
    """The card id of an instance id (``"ak-47#2"`` -> ``"ak-47"``)."""
    return instance.partition("#")[0]


def instances(card: AnyCard) -> tuple[str, ...]:
    """The instance ids of every copy of a card."""
    return tuple(f"{card.id}#{k}" for k in range(1, card.copies + 1))


@dataclass(frozen=True, slots=True)
class Trophy:
    """TROPHY-1: a killed monster's card, kept at the colour it was killed at."""

    card: str
    colour: Colour


@dataclass(frozen=True, slots=True)
class OpenOrder:
    """An order taken and not yet delivered; ``visited`` for a visit requirement (ORDER-1)."""

    card: str
    visited: bool = False


@dataclass(frozen=True, slots=True)
class LootPile:
    """DEATH-1: what a dead stalker left on ``hex``; only ``owner`` sees it (DEATH-2)."""

    hex: Hex
    owner: int
    cards: tuple[str, ...] = ()
    trophies: tuple[Trophy, ...] = ()
    money: int = 0
    elements: int = 0


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One seat: the stalker on the board and what it carries (ST-1, EQ-7)."""

    name: str
    stalker: str
    bot: str | None = None
    cash: int = 0
    health: int = 0
    elements: int = 0
    position: Hex | None = None
    weapon: str | None = None
    mods: tuple[str, ...] = ()
    head: str | None = None
    body: str | None = None
    navigation: str | None = None
    artifacts: tuple[str, ...] = ()
    grenades: tuple[str, ...] = ()
    stimulators: tuple[str, ...] = ()
    backpack: tuple[str, ...] = ()
    trophies: tuple[Trophy, ...] = ()
    open_orders: tuple[OpenOrder, ...] = ()
    delivered: tuple[str, ...] = ()
    held_event: str | None = None
    protection_minus: int = 0
    zombie_turns: int = 0
    deaths: int = 0

    @property
    def reputation(self) -> int:
        """REP-1: the number of orders delivered."""
        return len(self.delivered)

    @property
    def active(self) -> tuple[str, ...]:
        """Every active card instance (slots), in slot order."""
        single = tuple(c for c in (self.weapon, self.head, self.body, self.navigation) if c)
        return single + self.mods + self.artifacts + self.grenades + self.stimulators

    def carried(self) -> tuple[str, ...]:
        """Active cards and the backpack."""
        return self.active + self.backpack


@dataclass(frozen=True, slots=True)
class Decks:
    """Draw piles (top = index 0), discards, the bases' equipment stock (BASE-2) and the cards
    out of the game (EVENT-1)."""

    monsters: tuple[str, ...] = ()
    monster_discard: tuple[str, ...] = ()
    guardians: tuple[str, ...] = ()
    artifacts: tuple[str, ...] = ()
    artifact_discard: tuple[str, ...] = ()
    events: tuple[str, ...] = ()
    event_discard: tuple[str, ...] = ()
    orders: tuple[str, ...] = ()
    stock: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    """Cards out of the game (EVENT-1 "loss of protection"): never drawn or sold again."""


@dataclass(frozen=True)
class FightState:
    """A fight in progress (or the last one, for the client): who, against which card, where."""

    player: int
    monster: str
    colour: Colour
    hex: Hex
    fight: Fight
    epicenter: bool = False
    event: str | None = None


class GameContext:
    """What a game is played with but never changes: cards, sectors, variant; plus caches."""

    def __init__(self, cards: CardSet, sectors: tuple[Sector, ...], variant: Variant) -> None:
        self.cards = cards
        self.sectors = sectors
        self.variant = variant
        self._maps: dict[object, ZoneMap] = {}
        self._reach: dict[tuple[object, Hex, int], dict[Hex, Route]] = {}
        self.memo: dict[object, object] = {}
        """Other derived values worth keeping (e.g. the layout placements per Zone)."""

    def card(self, instance: str) -> AnyCard:
        return self.cards.get(card_id(instance))

    def zone_map(self, zone: Zone) -> ZoneMap:
        """The map of a finished Zone (built once per Zone)."""
        from stalkerzone.engine.zone import ZoneMap

        key = zone.placements
        found = self._maps.get(key)
        if found is None:
            found = ZoneMap.build(zone, self.sectors)
            self._maps[key] = found
        return found

    def reachable(self, zone: Zone, start: Hex, allowance: int) -> dict[Hex, Route]:
        """ZoneMap.reachable, remembered per (zone, start, allowance)."""
        key = (zone.placements, start, allowance)
        found = self._reach.get(key)
        if found is None:
            found = dict(self.zone_map(zone).reachable(start, allowance, self.variant))
            if len(self._reach) > 20000:
                self._reach.clear()
            self._reach[key] = found
        return found


@dataclass(frozen=True)
class GameState:
    """Everything that decides the future of a game (the RNG included, as a plain int)."""

    players: tuple[PlayerState, ...]
    decks: Decks
    zone: Zone
    rng: int
    phase: Phase = "layout"
    current_player: int = 0
    first_player: int = 0
    turn: int = 1
    step: Step = "move"
    loot: tuple[LootPile, ...] = ()
    fight: FightState | None = None
    last_fight: FightState | None = None
    last_move: tuple[Hex, ...] = ()
    winner: int | None = None
    standings: tuple[int, ...] = ()
    notes: tuple[str, ...] = ()
    """What the last action did, one line each, every line starting with its rule id. The
    engine writes :class:`~stalkerzone.engine.core.messages.Note` values (``str`` with a message key
    and parameters); read back from JSON they are plain text."""
    variant_id: str = ""
    layout_by: LayoutBy = "all"
    ctx: GameContext = field(compare=False, repr=False, kw_only=True)

    @property
    def is_terminal(self) -> bool:
        return self.phase == "over"

    @property
    def variant(self) -> Variant:
        return self.ctx.variant

    @property
    def cards(self) -> CardSet:
        return self.ctx.cards

    @property
    def player(self) -> PlayerState:
        """The player whose decision it is."""
        return self.players[self.current_player]

    @property
    def zone_map(self) -> ZoneMap:
        """The map of the Zone (only once the layout is finished)."""
        return self.ctx.zone_map(self.zone)

    def card(self, instance: str) -> AnyCard:
        return self.ctx.card(instance)


def card_places(state: GameState) -> Iterator[tuple[str, str]]:
    """Every card instance in the state with the name of its place (for the "one place" check)."""
    decks = state.decks
    for name in (
        "monsters",
        "monster_discard",
        "guardians",
        "artifacts",
        "artifact_discard",
        "events",
        "event_discard",
        "orders",
        "stock",
        "removed",
    ):
        for instance in getattr(decks, name):
            yield instance, name
    for index, player in enumerate(state.players):
        where = f"player {index}"
        for instance in player.carried():
            yield instance, where
        for trophy in player.trophies:
            yield trophy.card, f"{where} trophies"
        for order in player.open_orders:
            yield order.card, f"{where} orders"
        for instance in player.delivered:
            yield instance, f"{where} delivered"
        if player.held_event:
            yield player.held_event, f"{where} event"
    for pile in state.loot:
        for instance in pile.cards:
            yield instance, f"loot {pile.owner}"
        for trophy in pile.trophies:
            yield trophy.card, f"loot {pile.owner}"
    if state.fight is not None:
        yield state.fight.monster, "fight"


def set_player(state: GameState, index: int, player: PlayerState) -> GameState:
    """The state with one player replaced (copy-on-write of the players tuple only)."""
    players = (*state.players[:index], player, *state.players[index + 1 :])
    return replace(state, players=players)


def without(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    """``items`` less the first occurrence of ``item`` (which must be there)."""
    index = items.index(item)
    return items[:index] + items[index + 1 :]


def note(state: GameState, line: Note) -> GameState:
    """Add a line to what the current action did (it starts with its rule id; a
    :class:`~stalkerzone.engine.core.messages.Note` also carries its message key and parameters)."""
    return replace(state, notes=(*state.notes, line))
