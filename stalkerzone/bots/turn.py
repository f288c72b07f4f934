"""What one turn decision looks at (TURN-2, ST-1, EQ-*): the seat's stats, what its upgrades
would gain, what dying would cost and what meeting a danger or an anomaly is worth, computed once
per decision and shared by the trading and moving choices."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import replace

from stalkerzone.bots.estimates import (
    artifact_value,
    danger_table,
    mean_damage,
)
from stalkerzone.bots.estimates import guardian_odds as estimate_guardian
from stalkerzone.bots.guardian import guardian_win
from stalkerzone.bots.levels import Profile
from stalkerzone.bots.memory import BotMemory
from stalkerzone.bots.routes import RouteTable, route_table
from stalkerzone.engine.core import (
    ArtifactRequirement,
    Colour,
    Grenade,
    Order,
    StalkerStats,
    Stimulator,
    TrophyRequirement,
    VisitRequirement,
    Weapon,
    WeaponMod,
)
from stalkerzone.engine.play import Action, GameState, PlayerState, card_id
from stalkerzone.engine.turn import death, slot_of, stats
from stalkerzone.engine.zone import Hex

ELEMENT_VALUE = 900.0
"""What one Element is worth to a stalker that still needs it (WIN-1)."""

GUARDIAN_GAIN = 20.0
"""With the Elements, what a card that raises the odds against the guardian by 1 % gains
(0.2: four points count as an upgrade, ``trading.UPGRADE``)."""

BUNDLE = 3
"""The most copies of a grenade or stimulator whose joint gain a level with exact guardian odds
weighs (one grenade seldom changes the guardian's fight, three strong ones decide it)."""

PLANNING_HEALTH_STEP = 6
"""Danger values look at health in steps of this many points."""


def loadout_key(p: PlayerState) -> Hashable:
    """What decides a player's stats (ST-1: the active cards, and a lost protection): grenades
    and stimulators count by number only, as ``equipment.stats`` reads no more of them (a test
    in ``tests/bots`` holds it to that)."""
    gear = (p.weapon, p.mods, p.head, p.body, p.navigation, p.artifacts, p.protection_minus)
    return (p.stalker, *gear, len(p.grenades), len(p.stimulators))


def player_stats(
    memory: BotMemory, state: GameState, p: PlayerState, key: Hashable | None = None
) -> StalkerStats:
    """``equipment.stats`` memoised on the loadout (``key``: its :func:`loadout_key`)."""
    if key is None:
        key = loadout_key(p)
    hit = memory.stats.get(key)
    if hit is None:
        hit = memory.stats.put(key, stats(p, state.ctx))
    return hit


class TurnView:
    """The seat to move, its stats and the values its choices are weighed by."""

    def __init__(
        self,
        state: GameState,
        legal: Sequence[Action],
        profile: Profile,
        memory: BotMemory,
        index: int | None = None,
    ) -> None:
        self.state = state
        self.legal = legal
        self.profile = profile
        self.memory = memory
        self.index = state.current_player if index is None else index  # default: the mover
        self.player = state.players[self.index]
        self.loadout = loadout_key(self.player)
        self.stats = player_stats(memory, state, self.player, self.loadout)
        self.variant = state.variant
        self.need = max(0, self.variant.elements_required - self.player.elements)
        self.zone_map = state.zone_map
        self._routes: RouteTable | None = None
        self._death: float | None = None
        self._dangers: dict[Colour, float] = {}

    def distances(self, goals: frozenset[Hex]) -> dict[Hex, int]:
        """Movement points from every hex of the Zone to the nearest of ``goals``."""
        if self._routes is None:
            self._routes = route_table(self.memory, self.state)
        return self._routes.distances(goals)

    def stats_of(self, p: PlayerState) -> StalkerStats:
        return player_stats(self.memory, self.state, p)

    def power(self, st: StalkerStats) -> float:
        """How strong a stalker is, in one number (for upgrades)."""
        attack = st.attack.mean(st.one_die_bonus)
        return attack + 1.3 * st.defence + 0.12 * st.max_health + 0.8 * st.movement

    def death_cost(self) -> float:
        """What dying would cost (DEATH-1, DEATH-3): cash, half the gear's price, the Elements,
        and the walk back."""
        if self._death is None:
            p = self.player
            gear = sum(getattr(self.state.card(c), "price", 0) for c in p.carried())
            self._death = 600.0 + p.cash + 0.5 * gear + p.elements * ELEMENT_VALUE
        return self._death

    def danger_value(self, colour: Colour) -> float:
        """Expected worth of meeting a monster of ``colour`` now: trophy (and artifact at red,
        TROPHY-3), open trophy orders (ORDER-1), less the health it costs (BASE-3 prices) and the
        risk of death."""
        found = self._dangers.get(colour)
        if found is None:
            found = self._dangers[colour] = self._danger_value(colour)
        return found

    def _danger_value(self, colour: Colour) -> float:
        p = self.player
        health = max(1, p.health // PLANNING_HEALTH_STEP * PLANNING_HEALTH_STEP)
        win_by, gain, death, hurt = danger_table(
            self.memory, self.state, self.stats, health, p.reputation, colour
        )
        value = gain
        for order in p.open_orders:
            card = self.state.card(order.card)
            assert isinstance(card, Order)
            req = card.requirement
            if isinstance(req, TrophyRequirement) and req.colour in (None, colour):
                value += win_by.get(req.monster, 0.0) * (card.reward + 300.0)
        value -= self.profile.risk * death * self.death_cost()
        return value - hurt * self.variant.heal_price

    def anomaly_value(self) -> float:
        """ANOM-1: the anomaly table's outcomes, weighed by their faces."""
        value = 0.0
        for outcome in self.variant.anomaly_table:
            share = len(outcome.faces) / 6
            if outcome.kind == "element":
                element = ELEMENT_VALUE * self.profile.element_weight
                value += share * (element if self.need else 150.0)
            elif outcome.kind == "artifact":
                value += share * artifact_value(self.memory, self.state)
            elif outcome.kind == "damage":
                dmg = outcome.damage.mean() if outcome.damage else 3.5
                if self.player.health <= dmg + 1:
                    value -= share * self.death_cost()
                value -= share * dmg * self.variant.heal_price
        return value

    @property
    def arming(self) -> bool:
        """With the Elements, does it weigh grenades and stimulators by what they add to its
        exact odds against the guardian (a level with ``exact_guardian``, FIGHT-4), from its
        level's ``arm_from`` Elements still missing?"""
        return self.profile.exact_guardian and self.need <= self.profile.arm_from

    def guardian_odds(self) -> float:
        """WIN-1: the chance to beat the guardian now at full health (exact for a level with
        ``exact_guardian``, else estimated)."""
        if self.profile.exact_guardian:
            return guardian_win(self.memory, self.state, self.at_the_guardian())
        return estimate_guardian(self.memory, self.state, self.player, self.stats)

    def at_the_guardian(self) -> PlayerState:
        """The stalker as it would face the guardian: with what it may take from loot in the
        Epicenter picked up first (DEATH-3, DEATH-4: its own, left there when it died)."""
        epicenter = self.zone_map.epicenter
        p = self.player
        if not any(pile.hex == epicenter for pile in self.state.loot):
            return p
        seats = list(self.state.players)
        seats[self.index] = replace(p, position=epicenter)
        there = replace(self.state, players=tuple(seats))
        return death.pick_up(there, self.index).players[self.index]

    def epicenter_threshold(self) -> float:
        """The chance against the guardian a bot waits for; it shrinks as a long game goes on."""
        rounds = self.state.turn // max(1, len(self.state.players))
        return self.profile.epicenter_odds * 0.97 ** max(0, rounds - 40)

    def visit_sites(self) -> frozenset[Hex]:
        """Hexes that would fulfil an open visit order (ORDER-1)."""
        out: set[Hex] = set()
        for order in self.player.open_orders:
            card = self.state.card(order.card)
            req = card.requirement if isinstance(card, Order) else None
            if isinstance(req, VisitRequirement) and not order.visited:
                out.update(self.zone_map.site_hexes(req.site))
        if self.player.position is not None:
            out.discard(self.player.position)
        return frozenset(out)

    def reserved(self) -> set[str]:
        """Trophy and artifact instances an open order will ask for (ORDER-1)."""
        keep: set[str] = set()
        p = self.player
        for order in p.open_orders:
            card = self.state.card(order.card)
            assert isinstance(card, Order)
            req = card.requirement
            if isinstance(req, TrophyRequirement):
                for t in p.trophies:
                    if card_id(t.card) == req.monster and req.colour in (None, t.colour):
                        keep.add(t.card)
                        break
            elif isinstance(req, ArtifactRequirement):
                for c in p.carried():
                    if card_id(c) == req.artifact:
                        keep.add(c)
                        break
        return keep

    def with_card(self, instance: str) -> PlayerState | None:
        """The player with ``instance`` active in its slot (what buying or activating gives,
        EQ-3, EQ-7)."""
        return self.with_card_on(self.player, instance)

    def with_card_on(self, p: PlayerState, instance: str) -> PlayerState | None:
        """``p`` with ``instance`` active in its slot."""
        card = self.state.card(instance)
        slot = slot_of(card)
        if slot is None:
            return None
        value: object = instance
        if slot not in ("weapon", "head", "body", "navigation"):
            value = (*getattr(p, slot), instance)
        changes: dict[str, object] = {slot: value}
        return replace(p, **changes)  # type: ignore[arg-type]

    def gain(self, instance: str) -> float:
        """How much stronger a card would make the stalker in its slot (memoised on the card and
        the whole loadout)."""
        bundle = self.bundle(instance) if self.arming else 1
        key = (card_id(instance), self.loadout, self.need, self.arming, bundle)
        hit = self.memory.gains.get(key)
        if hit is None:
            hit = self.memory.gains.put(key, self._gain(instance))
        return hit

    def bundle(self, instance: str) -> int:
        """How many copies of a grenade or stimulator its gain is judged by (as many as it can
        pay for, up to :data:`BUNDLE`: one grenade rarely turns the guardian's fight, a few do);
        1 for any other card."""
        card = self.state.card(instance)
        if not isinstance(card, (Grenade, Stimulator)):
            return 1
        price = max(1, card.price)
        return max(1, min(BUNDLE, self.player.cash // price))

    def _guardian_gain(self, instance: str) -> float:
        """With the Elements: how much a card raises the exact odds against the guardian (a
        grenade or stimulator: by its share of what a :meth:`bundle` of them adds)."""
        card = self.state.card(instance)
        if isinstance(card, WeaponMod):
            weapon = self.state.card(self.player.weapon) if self.player.weapon else None
            if not isinstance(weapon, Weapon) or weapon.weapon_type != card.weapon_type:
                return 0.0
        armed = self.armed_odds(instance)
        if armed is None:
            return 0.0
        copies, odds = armed
        now = guardian_win(self.memory, self.state, self.player)
        return GUARDIAN_GAIN * (odds - now) / copies

    def armed_odds(self, instance: str) -> tuple[int, float] | None:
        """The :meth:`bundle` of copies of ``instance`` it weighs and its exact odds against the
        guardian with them added (FIGHT-4; None: the card has no slot)."""
        copies = self.bundle(instance)
        after: PlayerState | None = self.player
        for k in range(copies):
            after = self.with_card_on(after, f"{card_id(instance)}#{k}") if after else None
        if after is None:
            return None
        return copies, guardian_win(self.memory, self.state, after)

    def _gain(self, instance: str) -> float:
        card = self.state.card(instance)
        p = self.player
        if self.profile.exact_guardian and not self.need:
            return self._guardian_gain(instance)
        if self.arming and isinstance(card, (Grenade, Stimulator)):
            return self._guardian_gain(instance)  # kit bought ahead of the last Element
        if isinstance(card, Grenade):
            want = self.variant.grenade_cap if self.need <= 1 else 2
            if len(p.grenades) >= want:
                return 0.0
            dice = card.attack.plus(self.stats.grenade_bonus)
            return 0.3 + mean_damage(self.memory, dice, 0, 3) / 6
        if isinstance(card, Stimulator):
            want = 3 if self.need <= 1 else 1
            return 0.3 + card.heal / 8 if len(p.stimulators) < want else 0.0
        if isinstance(card, WeaponMod):
            weapon = self.state.card(p.weapon) if p.weapon else None
            if not isinstance(weapon, Weapon) or weapon.weapon_type != card.weapon_type:
                return 0.0
        after = self.with_card(instance)
        if after is None:
            return 0.0
        return self.power(self.stats_of(after)) - self.power(self.stats)
