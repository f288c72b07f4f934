"""Quick fight estimates for planning (FIGHT-1…FIGHT-4, DMG-2, TROPHY-3, WIN-1): mean damage per
round on both sides turned into rough chances, per danger colour and against the guardian. The
exact odds (:mod:`stalkerzone.odds`) decide fights; these only weigh where to go."""

from __future__ import annotations

import math
from dataclasses import dataclass

from stalkerzone.bots.memory import BotMemory
from stalkerzone.engine.cards import Colour, Grenade, Monster, Stimulator
from stalkerzone.engine.combat import MonsterSide
from stalkerzone.engine.damage import damage_distribution
from stalkerzone.engine.dice import Dice
from stalkerzone.engine.loadout import StalkerStats
from stalkerzone.engine.state import GameState, PlayerState, card_id

Deck = tuple[tuple[Monster, MonsterSide, int], ...]
"""The Zone deck: each monster, its side at one colour and its number of copies."""

LONGEST_FIGHT = 60
"""Rounds after which a fight against the guardian counts as lost (it regenerates faster)."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """A quick estimate of a fight: chance to win, chance to die, health lost on average."""

    win: float
    death: float
    hurt: float


def mean_damage(memory: BotMemory, dice: Dice, bonus: int, defence: int) -> float:
    """DMG-2: the mean damage of ``dice`` (with a one-die bonus) through ``defence``."""
    key = (dice, bonus, defence)
    hit = memory.damage.get(key)
    if hit is None:
        spread = damage_distribution(dice.distribution(bonus), defence)
        hit = memory.damage.put(key, sum(p * damage for damage, p in spread))
    return hit


def exchange(
    memory: BotMemory, st: StalkerStats, monster: MonsterSide
) -> tuple[float, float, float]:
    """Mean damage per round dealt and taken, and the extra damage taken at the start
    (first strike, paralysis, multi-attack)."""
    key = (st, monster)
    hit = memory.exchanges.get(key)
    if hit is None:
        blow = mean_damage(memory, monster.attack, 0, st.defence)
        dealt = mean_damage(memory, st.attack, st.one_die_bonus, monster.defence)
        dealt -= monster.regeneration
        taken = monster.drain + blow
        extra = (monster.multi_attacks - 1) * blow + monster.paralysis_rolls * 0.5 * blow
        if monster.first_strike:
            extra += taken
        hit = memory.exchanges.put(key, (dealt, taken, extra))
    return hit


def _logistic(margin: float) -> float:
    return 1.0 / (1.0 + math.exp(max(-50.0, min(50.0, -2.0 * margin))))


def estimate(
    memory: BotMemory,
    st: StalkerStats,
    health: int,
    reputation: int,
    monster: MonsterSide,
    *,
    escape: bool = True,
) -> Estimate:
    """Expected damage each round on both sides turned into rough chances (FIGHT-3 escape faces
    from the reputation when ``escape``)."""
    dealt, taken, extra = exchange(memory, st, monster)
    to_kill = monster.health / dealt if dealt > 0.05 else math.inf
    to_die = (health - extra) / taken if taken > 0.05 else math.inf
    if health - extra <= 0:
        to_die = 0.5
    if math.isinf(to_kill):
        win = 0.0
    elif math.isinf(to_die):
        win = 1.0
    else:
        win = _logistic((to_die - to_kill) / max(1.0, math.sqrt(to_kill)))
    faces = min(6, max(0, 7 - reputation + st.escape_bonus)) / 6
    lose = 1.0 - win
    death = lose if not escape else lose * (1.0 - faces) ** 2
    rounds = min(to_kill, to_die) if not math.isinf(min(to_kill, to_die)) else 3.0
    hurt = min(float(health), extra + taken * (rounds if win > 0.5 else 1.5))
    return Estimate(win, death, hurt)


def artifact_value(memory: BotMemory, state: GameState) -> float:
    """What drawing an artifact is worth: the mean price of the artifact deck's cards."""
    hit = memory.artifact_value.get("artifacts")
    if hit is None:
        cards = state.cards.artifacts
        copies = sum(a.copies for a in cards)
        mean = sum(a.price * a.copies for a in cards) / copies if copies else 0.0
        hit = memory.artifact_value.put("artifacts", mean)
    return hit


def zone_monsters(memory: BotMemory, state: GameState, colour: Colour) -> Deck:
    """The Zone deck's monsters at ``colour``."""
    hit = memory.decks.get(colour)
    if hit is None:
        zone = [m for m in state.cards.monsters if m.deck == "zone"]
        deck = tuple((m, MonsterSide.of(m, colour), m.copies) for m in zone)
        hit = memory.decks.put(colour, deck)
    return hit


def danger_table(
    memory: BotMemory,
    state: GameState,
    st: StalkerStats,
    health: int,
    reputation: int,
    colour: Colour,
) -> tuple[dict[str, float], float, float, float]:
    """For a danger of ``colour``: each monster's share times its chance to be beaten, the
    expected trophy (and, at red, artifact: TROPHY-3) money, the chance of death, the health
    lost."""
    key = (st, health, reputation, colour)
    hit = memory.dangers.get(key)
    if hit is not None:
        return hit
    deck = zone_monsters(memory, state, colour)
    weight = sum(copies for _, _, copies in deck) or 1
    win_by: dict[str, float] = {}
    gain = death = hurt = 0.0
    bonus = artifact_value(memory, state) if colour == Colour.RED else 0.0
    for monster, side, copies in deck:
        share = copies / weight
        est = estimate(memory, st, health, reputation, side)
        win_by[monster.id] = win_by.get(monster.id, 0.0) + share * est.win
        price = monster.at(colour).trophy_price + bonus
        gain += share * est.win * price
        death += share * est.death
        hurt += share * est.hurt
    return memory.dangers.put(key, (win_by, gain, death, hurt))


def guardian_odds(memory: BotMemory, state: GameState, p: PlayerState, st: StalkerStats) -> float:
    """WIN-1: chance to beat the guardian now at full health, estimated round by round: the
    strongest grenades replace weapon attacks first, stimulators add their healing, and the
    stalker lasts as many rounds as its health allows (FIGHT-4: no escape)."""
    guardians = [m for m in state.cards.monsters if m.deck == "epicenter"]
    if not guardians:
        return 0.0
    grenades = tuple(sorted(card_id(g) for g in p.grenades))
    stims = tuple(sorted(card_id(g) for g in p.stimulators))
    key = (st, grenades, stims)
    hit = memory.guardian.get(key)
    if hit is not None:
        return hit
    heal = 0
    for sid in stims:
        stim = state.cards.get(sid)
        heal += stim.heal if isinstance(stim, Stimulator) else 0
    wins = []
    for g in guardians:
        ms = MonsterSide.of(g, Colour.RED)
        weapon = mean_damage(memory, st.attack, st.one_die_bonus, ms.defence)
        blows = []
        for gid in grenades:
            grenade = state.cards.get(gid)
            assert isinstance(grenade, Grenade)
            dice = grenade.attack.plus(st.grenade_bonus)
            blows.append(max(weapon, mean_damage(memory, dice, 0, ms.defence)))
        blows.sort(reverse=True)
        _, taken, extra = exchange(memory, st, ms)
        lasts = (st.max_health + heal - extra) / taken if taken > 0.05 else math.inf
        left, rounds = float(ms.health), 0
        while left > 0 and rounds < LONGEST_FIGHT:
            dealt = blows[rounds] if rounds < len(blows) else weapon
            left -= dealt - (ms.regeneration if left - dealt > 0 else 0)
            rounds += 1
            if dealt <= ms.regeneration and rounds >= len(blows):
                rounds = LONGEST_FIGHT
        if rounds >= LONGEST_FIGHT:
            wins.append(0.0)
        elif math.isinf(lasts):
            wins.append(1.0)
        else:
            wins.append(_logistic((lasts - rounds) / max(1.0, math.sqrt(rounds))))
    return memory.guardian.put(key, sum(wins) / len(wins))
