"""Bot players, built on ``legal_actions()`` and the exact fight odds (issue 6).

``choose(state, player, level)`` returns one of ``legal_actions(state)``: a bot never cheats (it
reads neither the order of the draw piles nor other players' hidden things) and never draws a
random number of its own — where it must pick between equals it hashes the state.

Levels:

- ``easy``: greedy and simple. Attacks until badly hurt, then flees; fights green dangers (yellow
  once armed); buys the best weapon or armour it can pay; goes to the Epicenter as soon as it
  carries the Elements.
- ``normal`` and ``hard``: plan each move by the value of every site within reach now and of
  goals further away (Elements, orders, trophies to sell, upgrades, healing, own loot), weigh
  dangers by an estimate of the fight, and fight or flee by the exact odds of
  :mod:`stalkerzone.odds.solver` (grenades and stimulators included). ``hard`` waits for good
  odds against the Epicenter's guardian; ``normal`` takes more risks.

Exact odds are memoised across games: a fight is looked up by its set-up with the stalker's
health normalised to its maximum (the starting health only sets the first node), so a process
that plays many games (``simulate``) solves each kind of fight once.
"""

from __future__ import annotations

import hashlib
import heapq
import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from stalkerzone.engine import bases
from stalkerzone.engine.actions import (
    Action,
    Activate,
    Buy,
    DeliverOrder,
    DiscardArmour,
    EndTurn,
    FightDecision,
    Heal,
    Move,
    PlaceSector,
    Sell,
    Stash,
    TakeOrder,
)
from stalkerzone.engine.cards import (
    DANGER_COLOUR,
    Armour,
    Artifact,
    ArtifactRequirement,
    Colour,
    Equipment,
    Grenade,
    Monster,
    Navigation,
    Order,
    Site,
    Stimulator,
    TrophyRequirement,
    VisitRequirement,
    Weapon,
    WeaponMod,
)
from stalkerzone.engine.combat import (
    Decision,
    Fight,
    FightSetup,
    MonsterSide,
)
from stalkerzone.engine.dice import Dice
from stalkerzone.engine.equipment import slot_of, stats
from stalkerzone.engine.game import legal_actions
from stalkerzone.engine.hexes import Hex, neighbours, slot_neighbours
from stalkerzone.engine.layout import completable, legal_placements
from stalkerzone.engine.loadout import StalkerStats
from stalkerzone.engine.state import GameState, PlayerState, card_id
from stalkerzone.engine.turns import sectors_to_place
from stalkerzone.engine.zonemap import ZoneMap
from stalkerzone.odds import decision_odds

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")

WIN_VALUE = 20_000.0
ELEMENT_VALUE = 900.0
DECAY = 0.75  # a goal one turn further away is worth this much less


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


class BotError(ValueError):
    """The bot was asked for a move it cannot make (game over, wrong seat, unknown level)."""


def choose(
    state: GameState,
    player: int | None = None,
    level: str = "hard",
    legal: Sequence[Action] | None = None,
    *,
    strict: bool = False,
) -> Action:
    """The bot's action for the seat ``player`` (default: whoever must decide now), one of
    ``legal`` (``legal_actions(state)``, computed if not given). Should the planner ever come
    up with an action outside ``legal``, it ends the turn instead — or, with ``strict`` (tests),
    raises :class:`BotError`."""
    profile = PROFILES.get(level)
    if profile is None:
        raise BotError(f"unknown bot level '{level}' (one of {', '.join(LEVELS)})")
    if state.is_terminal:
        raise BotError("WIN-1: the game is over")
    if player is not None and player != state.current_player:
        raise BotError(f"TURN-2: it is seat {state.current_player}'s decision, not {player}'s")
    if state.phase == "layout" and legal is None:
        return _place_fast(state, level)
    if legal is None:
        legal = legal_actions(state)
    if not legal:
        raise BotError("no legal action")
    if state.phase == "layout":
        return _place(state, legal, level)
    if state.phase == "fight":
        return _fight(state, legal, profile)
    if state.phase == "choose_armour":
        return _discard_armour(state, legal)
    action = _turn(state, legal, profile)
    if action in legal:
        return action
    if strict:
        raise BotError(f"the bot chose {action!r}, which is not a legal action")
    return _fallback(legal)


def choose_action(state: GameState, level: str = "hard") -> Action:
    """The current decision-maker's action (what the client's bot seats call)."""
    return choose(state, None, level)


def clear_caches() -> None:
    """Forget every memoised figure (odds, estimates, distances): for benchmarks and tests;
    the bots choose exactly the same actions, only slower."""
    for memo in (
        _DECISIONS,
        _ROUNDS,
        _DANGERS,
        _GUARDIAN,
        _GAINS,
        _SHOPS,
        _STATS,
        _FIELDS,
        _MAPS,
        _GRAPHS,
    ):
        memo.clear()
    _DAMAGE.clear()


def _fallback(legal: Sequence[Action]) -> Action:
    for action in legal:
        if isinstance(action, EndTurn):
            return action
    return legal[0]


_STATS: dict[tuple[object, ...], StalkerStats] = {}


def _stats(state: GameState, p: PlayerState) -> StalkerStats:
    """``equipment.stats`` memoised on what decides it."""
    key: tuple[object, ...] = (p.stalker, p.weapon, p.mods, p.head, p.body, p.navigation)
    key += (p.artifacts, p.grenades, p.stimulators, p.protection_minus, _token(state))
    hit = _STATS.get(key)
    if hit is None:
        hit = stats(p, state.ctx)
        if len(_STATS) > _MEMO_CAP:
            _STATS.clear()
        _STATS[key] = hit
    return hit


_TOKENS: dict[tuple[int, int, str], tuple[object, object, int]] = {}


def _token(state: GameState) -> int:
    """A small number naming the cards, sectors and variant a game is played with (memo keys;
    the objects are kept alive so that their ids cannot be reused)."""
    ctx = state.ctx
    key = (id(ctx.cards), id(ctx.sectors), ctx.variant.id)
    hit = _TOKENS.get(key)
    if hit is None:
        hit = (ctx.cards, ctx.sectors, len(_TOKENS) + 1)
        _TOKENS[key] = hit
    return hit[2]


def _tiebreak(state: GameState, salt: str = "") -> int:
    """A number fixed by the state (never the global random module)."""
    text = f"{state.rng}|{state.turn}|{state.current_player}|{len(state.zone.placements)}|{salt}"
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


# --- layout (TURN-4) --------------------------------------------------------------------------


def _place(state: GameState, legal: Sequence[Action], level: str) -> Action:
    """Every listed placement keeps the Zone completable; ``easy`` takes any, the others the
    snuggest (touching the most placed sectors: a compact Zone has short routes)."""
    placements = [a for a in legal if isinstance(a, PlaceSector)]
    pick = _tiebreak(state, "layout")
    if level == "easy" or not state.zone.placements:
        return placements[pick % len(placements)]
    taken = state.zone.by_slot()
    scored = [(sum(n in taken for n in slot_neighbours(a.slot)), a) for a in placements]
    top = max(score for score, _ in scored)
    best = [a for score, a in scored if score == top]
    return best[pick % len(best)]


def _place_fast(state: GameState, level: str) -> Action:
    """The same kind of choice as :func:`_place` without listing every legal placement of every
    sector first (each needs the dead-end foresight): pick a sector, rank its placements, and
    take the first that keeps the Zone completable (MAP-5)."""
    sectors = state.ctx.sectors
    todo = sectors_to_place(state)
    pick = _tiebreak(state, "layout")
    taken = state.zone.by_slot()
    for k in range(len(todo)):
        sector = todo[(pick + k) % len(todo)]
        options = legal_placements(state.zone, sector, sectors)
        if not options:
            continue
        order = list(options)
        start = pick % len(order)
        order = order[start:] + order[:start]
        if level != "easy" and taken:
            order.sort(key=lambda p: -sum(n in taken for n in slot_neighbours(p.slot)))
        for p in order:
            if completable(state.zone, p, sectors):
                return PlaceSector(p.sector, p.face, p.rotation, p.slot)
    return _place(state, legal_actions(state), level)


# --- fights (FIGHT-*) -------------------------------------------------------------------------


def _bare(fight: Fight) -> Fight:
    """The same fight without grenades and stimulators, its set-up independent of the starting
    health (which only sets the first node): one exact solution then serves many fights."""
    setup = fight.setup
    side = setup.stalker
    bare = replace(side, health=side.max_health, grenades=(), stimulators=())
    return Fight(replace(setup, stalker=bare), fight.core._replace(grenades=(), stims=()))


_DECISIONS: dict[tuple[FightSetup, object], tuple[str, float]] = {}
_MEMO_CAP = 200_000


def _memo_put(memo: dict[object, object], key: object, value: object) -> None:
    if len(memo) >= _MEMO_CAP:
        memo.clear()
    memo[key] = value


def _attack_or_escape(fight: Fight) -> tuple[str, float]:
    """The exact odds' choice between attacking and escaping (best chance to come out alive,
    then to win), and the chance of dying when attacking on (memoised). A fight the quick
    estimate calls certain either way skips the exact solution."""
    side, monster = fight.setup.stalker, fight.setup.monster
    quick = StalkerStats(
        side.attack, side.one_die_bonus, side.defence, 0, side.escape_bonus, side.max_health
    )
    guess = estimate(
        quick,
        fight.stalker_health,
        side.reputation,
        replace(monster, health=fight.monster_health),
        escape=False,
    )
    if guess.win >= 0.995 and fight.setup.event is None:
        return ("attack", 0.0)
    bare = _bare(fight)
    key = (bare.setup, bare.core)
    hit = _DECISIONS.get(key)
    if hit is None:
        attack = decision_odds(bare, Decision("attack"))
        choice = "attack"
        if bare.setup.can_escape:
            escape = decision_odds(bare, Decision("escape"))
            if (round(escape.alive, 9), round(escape.win, 9)) > (
                round(attack.alive, 9),
                round(attack.win, 9),
            ):
                choice = "escape"
        hit = (choice, attack.death)
        _memo_put(_DECISIONS, key, hit)  # type: ignore[arg-type]
    return hit


def best_fight_decision(fight: Fight) -> Decision:
    """Attack or escape by the exact odds; a grenade stronger than the weapon when attacking
    risks death; a stimulator with the action when health is low (FIGHT-2)."""
    action, death = _attack_or_escape(fight)
    grenade = None
    if action == "attack" and death > 0.05:
        grenade = _best_grenade(fight)
    side = fight.setup.stalker
    stimulator = None
    if fight.stalker_health <= max(6, side.max_health // 3):
        stimulator = _best_stimulator(fight)
    return Decision("grenade" if grenade else action, grenade, stimulator)  # type: ignore[arg-type]


def _fight(state: GameState, legal: Sequence[Action], profile: Profile) -> Action:
    """FIGHT-2. In the Epicenter (no escape, FIGHT-4) grenades stronger than the weapon go
    first, strongest first, and a stimulator goes with the action once health is low. Elsewhere
    ``normal``/``hard`` follow the exact odds; ``easy`` attacks and flees when badly hurt."""
    held = state.fight
    assert held is not None
    fight = held.fight
    decisions = [a for a in legal if isinstance(a, FightDecision)]
    side = fight.setup.stalker
    low = fight.stalker_health <= max(6, side.max_health * 0.4)
    if held.epicenter:
        action, grenade = "attack", None
        strongest = _best_grenade(fight)
        if strongest is not None:
            action, grenade = "grenade", strongest
        stim = _best_stimulator(fight) if low else None
        for wanted in (FightDecision(action, grenade, stim), FightDecision(action, grenade)):
            if wanted in decisions:
                return wanted
    if profile.exact_fights:
        d = best_fight_decision(fight)
        wanted = FightDecision(d.action, d.grenade, d.stimulator)
        if wanted in decisions:
            return wanted
    hurt = fight.stalker_health < side.max_health * profile.flee_below
    if hurt and not held.epicenter:
        for a in decisions:
            if a.action == "escape" and a.stimulator is None:
                return a
    if hurt:
        for a in decisions:
            if a.action == "attack" and a.stimulator is not None:
                return a
    for a in decisions:
        if a.action == "attack" and a.stimulator is None:
            return a
    return decisions[0]


def _best_stimulator(fight: Fight) -> str | None:
    """The stimulator left that heals the most."""
    left = set(fight.core.stims)
    options = [(s.heal, s.id) for s in fight.setup.stalker.stimulators if s.id in left]
    return max(options)[1] if options else None


def _best_grenade(fight: Fight) -> str | None:
    """The grenade left whose mean damage beats the weapon's by the most (None if none does)."""
    setup = fight.setup
    st = setup.stalker
    defence = setup.monster.defence
    weapon = _mean_damage(st.attack, st.one_die_bonus, defence)
    best: tuple[float, str] | None = None
    for grenade in st.grenades:
        if grenade.id not in fight.core.grenades:
            continue
        damage = _mean_damage(grenade.attack.plus(st.attack_bonus_grenades), 0, defence)
        if damage > weapon and (best is None or (damage, grenade.id) > best):
            best = (damage, grenade.id)
    return best[1] if best else None


def _discard_armour(state: GameState, legal: Sequence[Action]) -> Action:
    """EVENT-1: lose the armour card worth less."""
    options = [a for a in legal if isinstance(a, DiscardArmour)]

    def worth(a: DiscardArmour) -> tuple[int, int, str]:
        card = state.card(a.card)
        assert isinstance(card, Armour)
        return (card.defence, card.price, a.card)

    return min(options, key=worth)


# --- fight estimates for planning -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Estimate:
    """A quick estimate of a fight: chance to win, chance to die, health lost on average."""

    win: float
    death: float
    hurt: float


_DAMAGE: dict[tuple[Dice, int, int, bool], float] = {}


def _mean_damage(dice: Dice, bonus: int, defence: int, maximal: bool = False) -> float:
    key = (dice, bonus, defence, maximal)
    hit = _DAMAGE.get(key)
    if hit is None:
        if maximal:
            hit = float(max(0, dice.maximum(bonus) - defence))
        else:
            dist = dice.distribution(bonus)
            hit = sum(p * max(0, v - defence) for v, p in dist.items())
        _DAMAGE[key] = hit
    return hit


_ARTIFACT_VALUES: dict[int, float] = {}


def _artifact_value(state: GameState) -> float:
    """What drawing an artifact is worth: the mean price of the artifact deck's cards."""
    token = _token(state)
    hit = _ARTIFACT_VALUES.get(token)
    if hit is None:
        cards = state.cards.artifacts
        copies = sum(a.copies for a in cards)
        hit = sum(a.price * a.copies for a in cards) / copies if copies else 0.0
        _ARTIFACT_VALUES[token] = hit
    return hit


_ROUNDS: dict[tuple[StalkerStats, MonsterSide], tuple[float, float, float]] = {}


def _exchange(st: StalkerStats, monster: MonsterSide) -> tuple[float, float, float]:
    """Mean damage per round dealt and taken, and the extra damage taken at the start
    (first strike, paralysis, multi-attack) — memoised per stats and monster."""
    key = (st, monster)
    hit = _ROUNDS.get(key)
    if hit is None:
        blow = _mean_damage(monster.attack, 0, st.defence)
        dealt = _mean_damage(st.attack, st.one_die_bonus, monster.defence) - monster.regeneration
        taken = monster.drain + blow
        extra = (monster.multi_attacks - 1) * blow + monster.paralysis_rolls * 0.5 * blow
        if monster.first_strike:
            extra += taken
        hit = (dealt, taken, extra)
        if len(_ROUNDS) > _MEMO_CAP:
            _ROUNDS.clear()
        _ROUNDS[key] = hit
    return hit


def estimate(
    st: StalkerStats, health: int, reputation: int, monster: MonsterSide, *, escape: bool = True
) -> Estimate:
    """Expected damage each round on both sides turned into rough chances."""
    dealt, taken, extra = _exchange(st, monster)
    to_kill = monster.health / dealt if dealt > 0.05 else math.inf
    to_die = (health - extra) / taken if taken > 0.05 else math.inf
    if health - extra <= 0:
        to_die = 0.5
    if math.isinf(to_kill):
        win = 0.0
    elif math.isinf(to_die):
        win = 1.0
    else:
        margin = (to_die - to_kill) / max(1.0, math.sqrt(to_kill))
        win = 1.0 / (1.0 + math.exp(max(-50.0, min(50.0, -2.0 * margin))))
    faces = min(6, max(0, 7 - reputation + st.escape_bonus)) / 6
    lose = 1.0 - win
    death = lose if not escape else lose * (1.0 - faces) ** 2
    rounds = min(to_kill, to_die) if not math.isinf(min(to_kill, to_die)) else 3.0
    hurt = min(float(health), extra + taken * (rounds if win > 0.5 else 1.5))
    return Estimate(win, death, hurt)


_DANGERS: dict[tuple[object, ...], tuple[dict[str, float], float, float, float]] = {}


def _danger_table(
    state: GameState, st: StalkerStats, health: int, reputation: int, colour: Colour
) -> tuple[dict[str, float], float, float, float]:
    """For a danger of ``colour``: each monster's share times its chance to be beaten, the
    expected trophy (and artifact) money, the chance of death, the health lost (memoised)."""
    key = (st, health, reputation, colour, _token(state))
    hit = _DANGERS.get(key)
    if hit is not None:
        return hit
    deck = _zone_monsters(state, colour)
    weight = sum(copies for _, _, copies in deck) or 1
    win_by: dict[str, float] = {}
    gain = death = hurt = 0.0
    for monster, side, copies in deck:
        share = copies / weight
        est = estimate(st, health, reputation, side)
        win_by[monster.id] = win_by.get(monster.id, 0.0) + share * est.win
        bonus = _artifact_value(state) if colour == Colour.RED else 0.0  # TROPHY-3
        price = monster.at(colour).trophy_price + bonus
        gain += share * est.win * price
        death += share * est.death
        hurt += share * est.hurt
    hit = (win_by, gain, death, hurt)
    if len(_DANGERS) > _MEMO_CAP:
        _DANGERS.clear()
    _DANGERS[key] = hit
    return hit


_GUARDIAN: dict[tuple[object, ...], float] = {}
_GAINS: dict[tuple[object, ...], float] = {}
_SHOPS: dict[tuple[object, ...], float] = {}

_Deck = tuple[tuple[Monster, MonsterSide, int], ...]
_MONSTER_SIDES: dict[tuple[int, Colour], _Deck] = {}


def _zone_monsters(state: GameState, colour: Colour) -> _Deck:
    cards = state.cards
    key = (_token(state), colour)
    hit = _MONSTER_SIDES.get(key)
    if hit is None:
        hit = tuple(
            (m, MonsterSide.of(m, colour), m.copies) for m in cards.monsters if m.deck == "zone"
        )
        _MONSTER_SIDES[key] = hit
    return hit


# --- the turn ---------------------------------------------------------------------------------


class _Turn:
    """Everything one turn decision looks at, computed once."""

    def __init__(self, state: GameState, legal: Sequence[Action], profile: Profile) -> None:
        self.state = state
        self.legal = legal
        self.profile = profile
        self.index = state.current_player
        self.player = state.player
        self.stats = _stats(state, self.player)
        self.variant = state.variant
        self.need = max(0, self.variant.elements_required - self.player.elements)
        self._death: float | None = None
        self.zone_map = state.zone_map
        self._dangers: dict[Colour, float] = {}

    # values ---------------------------------------------------------------------------------
    def power(self, st: StalkerStats) -> float:
        """How strong a stalker is, in one number (for upgrades)."""
        attack = st.attack.mean(st.one_die_bonus)
        return attack + 1.3 * st.defence + 0.12 * st.max_health + 0.8 * st.movement

    def death_cost(self) -> float:
        """What dying would cost: cash, half the gear's price, the Elements, and the walk."""
        if self._death is None:
            p = self.player
            gear = sum(getattr(self.state.card(c), "price", 0) for c in p.carried())
            self._death = 600.0 + p.cash + 0.5 * gear + p.elements * ELEMENT_VALUE
        return self._death

    def danger_value(self, colour: Colour) -> float:
        """Expected worth of meeting a monster of ``colour`` now: trophy (and artifact at red),
        open trophy orders, less the health it costs and the risk of death."""
        found = self._dangers.get(colour)
        if found is None:
            found = self._dangers[colour] = self._danger_value(colour)
        return found

    def _danger_value(self, colour: Colour) -> float:
        p = self.player
        health = max(1, p.health // 6 * 6)  # planning looks at health in steps of 6
        win_by, gain, death, hurt = _danger_table(
            self.state, self.stats, health, p.reputation, colour
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
        table = self.variant.anomaly_table
        value = 0.0
        for outcome in table:
            share = len(outcome.faces) / 6
            if outcome.kind == "element":
                value += share * (ELEMENT_VALUE if self.need else 150.0)
            elif outcome.kind == "artifact":
                value += share * _artifact_value(self.state)
            elif outcome.kind == "damage":
                dmg = outcome.damage.mean() if outcome.damage else 3.5
                if self.player.health <= dmg + 1:
                    value -= share * self.death_cost()
                value -= share * dmg * self.variant.heal_price
        return value

    def guardian_odds(self) -> float:
        """Chance to beat the guardian now at full health, estimated round by round: the
        strongest grenades replace weapon attacks first, stimulators add their healing, and the
        stalker lasts as many rounds as its health allows (memoised)."""
        p = self.player
        guardians = [m for m in self.state.cards.monsters if m.deck == "epicenter"]
        if not guardians:
            return 0.0
        st = self.stats
        grenades = tuple(sorted(card_id(g) for g in p.grenades))
        stims = tuple(sorted(card_id(g) for g in p.stimulators))
        key = (st, grenades, stims, _token(self.state))
        hit = _GUARDIAN.get(key)
        if hit is not None:
            return hit
        heal = 0
        for sid in stims:
            stim = self.state.cards.get(sid)
            heal += stim.heal if isinstance(stim, Stimulator) else 0
        wins = []
        for g in guardians:
            ms = MonsterSide.of(g, Colour.RED)
            weapon = _mean_damage(st.attack, st.one_die_bonus, ms.defence)
            blows = []
            for gid in grenades:
                grenade = self.state.cards.get(gid)
                assert isinstance(grenade, Grenade)
                dice = grenade.attack.plus(st.grenade_bonus)
                blows.append(max(weapon, _mean_damage(dice, 0, ms.defence)))
            blows.sort(reverse=True)
            _, taken, extra = _exchange(st, ms)
            lasts = (st.max_health + heal - extra) / taken if taken > 0.05 else math.inf
            left, rounds = float(ms.health), 0
            while left > 0 and rounds < 60:
                dealt = blows[rounds] if rounds < len(blows) else weapon
                left -= dealt - (ms.regeneration if left - dealt > 0 else 0)
                rounds += 1
                if dealt <= ms.regeneration and rounds >= len(blows):
                    rounds = 60
            if rounds >= 60:
                wins.append(0.0)
            elif math.isinf(lasts):
                wins.append(1.0)
            else:
                margin = (lasts - rounds) / max(1.0, math.sqrt(rounds))
                wins.append(1.0 / (1.0 + math.exp(max(-50.0, min(50.0, -2.0 * margin)))))
        found = sum(wins) / len(wins)
        _GUARDIAN[key] = found
        return found

    # trading --------------------------------------------------------------------------------
    def reserved(self) -> set[str]:
        """Trophy and artifact instances an open order will ask for."""
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
        """The player with ``instance`` active in its slot (what buying or activating gives)."""
        card = self.state.card(instance)
        slot = slot_of(card)
        p = self.player
        if slot is None:
            return None
        value: object = instance
        if slot not in ("weapon", "head", "body", "navigation"):
            value = (*getattr(p, slot), instance)
        changes: dict[str, object] = {slot: value}
        return replace(p, **changes)  # type: ignore[arg-type]

    def gain(self, instance: str) -> float:
        """How much stronger a card would make the stalker in its slot (memoised)."""
        p = self.player
        key = (
            card_id(instance),
            p.weapon,
            p.mods,
            p.head,
            p.body,
            p.navigation,
            p.artifacts,
            len(p.grenades),
            len(p.stimulators),
            self.need,
            p.stalker,
            _token(self.state),
        )
        hit = _GAINS.get(key)
        if hit is None:
            hit = self._gain(instance)
            if len(_GAINS) > _MEMO_CAP:
                _GAINS.clear()
            _GAINS[key] = hit
        return hit

    def _gain(self, instance: str) -> float:
        card = self.state.card(instance)
        p = self.player
        if isinstance(card, Grenade):
            want = self.variant.grenade_cap if self.need <= 1 else 2
            if len(p.grenades) >= want:
                return 0.0
            return 0.3 + _mean_damage(card.attack.plus(self.stats.grenade_bonus), 0, 3) / 6
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
        return self.power(_stats(self.state, after)) - self.power(self.stats)

    def trade(self) -> Action | None:
        state, p, legal = self.state, self.player, self.legal
        for a in legal:
            if isinstance(a, DeliverOrder):
                return a
        keep = self.reserved()
        for a in legal:
            if isinstance(a, Sell) and a.card not in keep:
                if any(t.card == a.card for t in p.trophies):
                    return a
                if a.card in p.backpack:
                    card = state.card(a.card)
                    if isinstance(card, Artifact) or self.gain(a.card) <= 0:
                        return a
        top = self.stats.max_health
        heals = [a for a in legal if isinstance(a, Heal)]
        if heals and p.health < top * 0.7:
            return max(heals, key=lambda h: h.points)
        buy = self.best_buy()
        if buy is not None:
            return buy
        if heals:
            return max(heals, key=lambda h: h.points)
        return self.best_order()

    def best_buy(self) -> Buy | None:
        state, p = self.state, self.player
        best: tuple[float, str, Buy] | None = None
        for a in self.legal:
            if not isinstance(a, Buy):
                continue
            card = state.cards.get(a.card)
            assert isinstance(card, Equipment)
            if card.price > p.cash:
                continue
            if isinstance(card, (Grenade, Stimulator)) and p.cash < card.price + 300:
                continue
            gain = self.gain(f"{a.card}#0")
            if gain < 0.4:
                continue
            score = gain * 1000.0 / max(1, card.price)
            if isinstance(card, Navigation) and self.need == 0:
                score *= 0.5
            if best is None or (score, a.card) > (best[0], best[1]):
                best = (score, a.card, a)
        return best[2] if best else None

    def order_value(self, instance: str) -> float:
        """What an order is worth to take now (0 if it looks out of reach)."""
        card = self.state.card(instance)
        assert isinstance(card, Order)
        req = card.requirement
        base = card.reward + 300.0
        if isinstance(req, VisitRequirement):
            return base
        if isinstance(req, ArtifactRequirement):
            held = any(card_id(c) == req.artifact for c in self.player.carried())
            return base if held else 0.2 * base
        colours = [req.colour] if req.colour else list(Colour)
        best = 0.0
        for colour in colours:
            try:
                monster = self.state.cards.get(req.monster)
            except KeyError:
                return 0.0
            if not isinstance(monster, Monster):
                return 0.0
            side = MonsterSide.of(monster, colour)
            est = estimate(self.stats, self.stats.max_health, self.player.reputation, side)
            best = max(best, est.win)
        return base * best if best > 0.5 else 0.0

    def best_order(self) -> TakeOrder | None:
        options = [
            (self.order_value(a.card), a.card, a) for a in self.legal if isinstance(a, TakeOrder)
        ]
        options = [o for o in options if o[0] > 200]
        return max(options)[2] if options else None

    def trade_worth_staying(self) -> bool:
        """At a base before moving: is trading here worth giving up the move?"""
        for a in self.legal:
            if isinstance(a, DeliverOrder):
                return True
        p = self.player
        keep = self.reserved()
        if any(t.card not in keep for t in p.trophies):
            return True
        if p.health < self.stats.max_health * 0.7 and p.cash >= 5 * self.variant.heal_price:
            return True
        if self.best_buy() is not None:
            return True
        return len(p.open_orders) < self.variant.max_open_orders and self.best_order() is not None

    # equipment ------------------------------------------------------------------------------
    def rearrange(self) -> Action | None:
        p = self.player
        for a in self.legal:
            if isinstance(a, Activate):
                card = self.state.card(a.card)
                if isinstance(card, (Grenade, Stimulator)):
                    return a
                if isinstance(card, Artifact):
                    after = self.with_card(a.card)
                    if after is not None:
                        better = self.power(_stats(self.state, after)) >= self.power(self.stats)
                        if better:
                            return a
                    continue
                if self.gain(a.card) > 0.01:
                    return a
        for a in self.legal:
            if isinstance(a, Stash) and a.card in p.artifacts and _harmful(self.state, a.card):
                after = replace(p, artifacts=tuple(c for c in p.artifacts if c != a.card))
                if self.power(_stats(self.state, after)) > self.power(self.stats) + 0.01:
                    return a
        return None

    # moving ---------------------------------------------------------------------------------
    def goals(self) -> list[tuple[float, frozenset[Hex]]]:
        """(value, hexes) of what is worth going to, best first."""
        state, p = self.state, self.player
        zone_map = self.zone_map
        out: list[tuple[float, frozenset[Hex]]] = []
        top = self.stats.max_health
        # the Epicenter
        if self.need == 0:
            chance = self.guardian_odds()
            fit = p.health >= top * 0.8 or not self.profile.planner
            if fit and chance >= self.epicenter_threshold():
                out.append((WIN_VALUE * max(chance, 0.05), frozenset({zone_map.epicenter})))
        # own loot (in the Epicenter only when going there anyway)
        for pile in state.loot:
            if pile.owner != self.index:
                continue
            if zone_map.hexes[pile.hex].site == Site.EPICENTER:
                continue
            worth = pile.money + 200.0 * len(pile.cards) + ELEMENT_VALUE * pile.elements
            worth += sum(150.0 for _ in pile.trophies)
            out.append((worth, frozenset({pile.hex})))
        # bases
        base_value = self.base_value()
        for base, value in base_value.items():
            hexes = zone_map.site_hexes(base)
            if value > 0 and hexes:
                out.append((value, frozenset(hexes)))
        # open visit orders
        for order in p.open_orders:
            card = state.card(order.card)
            assert isinstance(card, Order)
            req = card.requirement
            if isinstance(req, VisitRequirement) and not order.visited:
                hexes = zone_map.site_hexes(req.site)
                if hexes:
                    out.append((card.reward + 300.0, frozenset(hexes)))
        # Elements, dangers, events
        if self.need:
            hexes = zone_map.site_hexes(Site.ANOMALY)
            value = self.anomaly_value()
            if hexes and value > 0:
                out.append((value, frozenset(h for h in hexes if h != p.position)))
        for site, colour in DANGER_COLOUR.items():
            hexes = zone_map.site_hexes(site)
            value = self.danger_value(colour)
            if hexes and value > 0:
                out.append((value, frozenset(hexes)))
        events = zone_map.site_hexes(Site.EVENT)
        if events:
            out.append((120.0, frozenset(h for h in events if h != p.position)))
        out.sort(key=lambda g: -g[0])
        return out

    def base_value(self) -> dict[Site, float]:
        """Worth of going to each base this player may use (selling, orders, healing, buying)."""
        state, p = self.state, self.player
        keep = self.reserved()
        sale = 0.0
        for t in p.trophies:
            if t.card not in keep:
                monster = state.card(t.card)
                assert isinstance(monster, Monster)
                sale += monster.at(t.colour).trophy_price
        delivered = 0.0
        for order in p.open_orders:
            if bases.fulfilment(state, p, order) is not None:
                card = state.card(order.card)
                assert isinstance(card, Order)
                delivered += card.reward + 400.0
        missing = self.stats.max_health - p.health
        heal = 0.0
        if missing > 0 and p.cash >= self.variant.heal_price:
            urgency = 2.5 if p.health < self.stats.max_health * 0.5 else 0.6
            heal = min(missing, p.cash // self.variant.heal_price) * self.variant.heal_price
            heal *= urgency
        out: dict[Site, float] = {}
        for base in (Site.VILLAGE, Site.MILITARY_BASE, Site.LABORATORY):
            if p.reputation < self.variant.reputation_needed(base):
                continue
            shop = self.shop_value(base)
            orders = 0.0
            if len(p.open_orders) < self.variant.max_open_orders:
                offered = bases.offered(state, base)
                orders = max((self.order_value(o) for o in offered), default=0.0) * 0.6
            value = sale + delivered + heal + shop + orders
            out[base] = value if value >= 150 else 0.0
        return out

    def shop_value(self, base: Site) -> float:
        """The best upgrade this base sells that the player can pay for (with its sales)."""
        state, p = self.state, self.player
        cash = p.cash
        for t in p.trophies:
            monster = state.card(t.card)
            cash += monster.at(t.colour).trophy_price if isinstance(monster, Monster) else 0
        key: tuple[object, ...] = (base, cash // 200, p.stalker, p.weapon, p.mods, p.head, p.body)
        key += (p.navigation, p.artifacts, self.need, _token(state))
        hit = _SHOPS.get(key)
        if hit is None:
            hit = _SHOPS[key] = self._shop_value(base, cash // 200 * 200)
            if len(_SHOPS) > _MEMO_CAP:
                _SHOPS.clear()
        return hit

    def _shop_value(self, base: Site, cash: int) -> float:
        state = self.state
        best = 0.0
        for cid in _catalogue(state, base):
            card = state.cards.get(cid)
            if not isinstance(card, Equipment) or card.price > cash:
                continue
            if isinstance(card, (Grenade, Stimulator)):
                continue
            gain = self.gain(f"{cid}#0")
            if gain >= 0.8:
                best = max(best, gain * 120.0)
        return best

    def choose_move(self) -> Move | None:
        state, p = self.state, self.player
        moves = [a for a in self.legal if isinstance(a, Move)]
        if not moves:
            return None
        zone_map = self.zone_map
        movement = max(1, self.stats.movement)
        goals = self.goals()[:8]
        fields = [(value, _distances(state, hexes, zone_map)) for value, hexes in goals if hexes]
        site_values: dict[Site | None, float] = {}
        for site, colour in DANGER_COLOUR.items():
            site_values[site] = self.danger_value(colour)
        site_values[Site.ANOMALY] = self.anomaly_value() if self.need else -10.0
        site_values[Site.EVENT] = 60.0
        best: tuple[float, Hex] | None = None
        here_score = self.score_at(p.position, fields, movement) if p.position else 0.0
        for move in moves:
            h = move.to
            there = zone_map.hexes[h].site
            immediate = site_values.get(there, 0.0)
            if there == Site.EPICENTER and not any(h in g for _, g in goals):
                immediate = -WIN_VALUE
            score = immediate + self.score_at(h, fields, movement)
            key = (score, -h.q, -h.r)
            if best is None or key > (best[0], -best[1].q, -best[1].r):
                best = (score, h)
        if best is None or (best[0] <= here_score * 0.999 and best[0] <= 0):
            return None
        return Move(best[1])

    def score_at(
        self, h: Hex, fields: Sequence[tuple[float, Mapping[Hex, int]]], movement: int
    ) -> float:
        score = 0.0
        for value, dist in fields:
            d = dist.get(h)
            if d is None:
                continue
            turns = d / movement
            score = max(score, value * DECAY**turns)
        return score

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

    def epicenter_threshold(self) -> float:
        """The chance against the guardian a bot waits for; it shrinks as a long game goes on."""
        rounds = self.state.turn // max(1, len(self.state.players))
        return self.profile.epicenter_odds * 0.97 ** max(0, rounds - 40)

    def easy_move(self) -> Move | None:
        """``easy``: the Epicenter when ready; a base to heal, sell or spend (the best one its
        reputation opens); the site of an open visit order; else the nearest anomaly, event or
        danger it feels armed for."""
        state, p = self.state, self.player
        moves = [a for a in self.legal if isinstance(a, Move)]
        if not moves:
            return None
        zone_map = self.zone_map
        top = self.stats.max_health
        ready = self.need == 0 and self.guardian_odds() >= self.epicenter_threshold()
        if ready and p.health >= top * 0.7:
            target: frozenset[Hex] = frozenset({zone_map.epicenter})
        elif (p.health < top * 0.5 and p.cash >= 100) or len(p.trophies) >= 2 or p.cash >= 900:
            usable = [
                b
                for b in (Site.LABORATORY, Site.MILITARY_BASE, Site.VILLAGE)
                if p.reputation >= self.variant.reputation_needed(b) and zone_map.site_hexes(b)
            ]
            target = frozenset(zone_map.site_hexes(usable[0] if p.cash >= 900 else usable[-1]))
        elif visits := self.visit_sites():
            target = visits
        else:
            sites = [Site.ANOMALY, Site.EVENT, Site.DANGER_GREEN]
            armed = self.stats.attack.mean(self.stats.one_die_bonus) >= 8
            if armed:
                sites.append(Site.DANGER_YELLOW)
            target = frozenset(h for s in sites for h in zone_map.site_hexes(s) if h != p.position)
        dist = _distances(state, target, zone_map)
        far = 10**6

        def key(m: Move) -> tuple[int, Hex]:
            site = zone_map.hexes[m.to].site
            penalty = 0
            if site in (Site.DANGER_RED, Site.DANGER_YELLOW) and m.to not in target:
                penalty = 50
            return (dist.get(m.to, far) + penalty, m.to)

        return min(moves, key=key)


def _harmful(state: GameState, instance: str) -> bool:
    """An artifact with a drawback (some effect below zero)."""
    card = state.card(instance)
    return isinstance(card, Artifact) and any(e.amount < 0 for e in card.effects)


_CATALOGUES: dict[tuple[int, Site], tuple[str, ...]] = {}


def _catalogue(state: GameState, base: Site) -> tuple[str, ...]:
    """Card ids a base sells (from the cards, whatever is in stock right now)."""
    key = (_token(state), base)
    hit = _CATALOGUES.get(key)
    if hit is None:
        hit = tuple(c.id for c in state.cards.equipment if base in c.sold_at)
        _CATALOGUES[key] = hit
    return hit


_FIELDS: dict[tuple[int, frozenset[Hex]], dict[Hex, int]] = {}
_MAPS: dict[tuple[int, int], tuple[ZoneMap, int]] = {}
_MAP_NUMBERS = itertools.count(1)


def _map_token(zone_map: ZoneMap, state: GameState) -> int:
    """A small number naming a Zone map with its rules (the map object is kept alive)."""
    key = (id(zone_map), _token(state))
    hit = _MAPS.get(key)
    if hit is None:
        if len(_MAPS) > 256:
            _MAPS.clear()
            _FIELDS.clear()
        hit = (zone_map, next(_MAP_NUMBERS))
        _MAPS[key] = hit
    return hit[1]


_GRAPHS: dict[int, tuple[dict[Hex, int], dict[Hex, tuple[Hex, ...]], frozenset[Hex]]] = {}


def _graph(
    zone_map: ZoneMap, state: GameState
) -> tuple[dict[Hex, int], dict[Hex, tuple[Hex, ...]], frozenset[Hex]]:
    """Per Zone map: the cost to enter each passable hex (a danger counts as a stop), each
    hex's passable neighbours, and the hexes no path may pass through (the Epicenter)."""
    token = _map_token(zone_map, state)
    hit = _GRAPHS.get(token)
    if hit is None:
        cost: dict[Hex, int] = {}
        for h, info in zone_map.hexes.items():
            c = zone_map.enter_cost(h, state.variant)
            if c is not None:
                cost[h] = c + 4 if info.site in DANGER_COLOUR else c
        links = {h: tuple(n for n in neighbours(h) if n in cost) for h in zone_map.hexes}
        barred = frozenset(zone_map.site_hexes(Site.EPICENTER))
        hit = (cost, links, barred)
        if len(_GRAPHS) > 256:
            _GRAPHS.clear()
        _GRAPHS[token] = hit
    return hit


def _distances(
    state: GameState, goals: frozenset[Hex], zone_map: ZoneMap | None = None
) -> dict[Hex, int]:
    """Movement points from every hex to the nearest goal (multi-turn; passing a danger hex
    costs a stop, the Epicenter is only ever a goal). Memoised per Zone and goal set."""
    if zone_map is None:
        zone_map = state.zone_map
    key = (_map_token(zone_map, state), goals)
    hit = _FIELDS.get(key)
    if hit is not None:
        return hit
    cost, links, barred = _graph(zone_map, state)
    dist: dict[Hex, int] = {}
    heap = [(0, g) for g in sorted(goals) if g in zone_map.hexes]
    heapq.heapify(heap)
    while heap:
        d, h = heapq.heappop(heap)
        if h in dist:
            continue
        dist[h] = d
        if h in barred and h not in goals:
            continue  # the Epicenter ends every move: no path goes through it
        enter = cost.get(h, 0)
        for n in links.get(h, ()):
            if n not in dist:
                heapq.heappush(heap, (d + enter, n))
    if len(_FIELDS) > 4096:
        _FIELDS.clear()
    _FIELDS[key] = dist
    return dist


def _turn(state: GameState, legal: Sequence[Action], profile: Profile) -> Action:
    turn = _Turn(state, legal, profile)
    rearranged = turn.rearrange()
    if rearranged is not None:
        return rearranged
    can_trade = bases.trade_refusal(state) is None
    if can_trade and (state.step == "site" or turn.trade_worth_staying()):
        traded = turn.trade()
        if traded is not None:
            return traded
    if state.step == "move":
        move = turn.choose_move() if profile.planner else turn.easy_move()
        if move is not None:
            return move
    return EndTurn()
