"""The exact chance to beat the Epicenter's guardian (WIN-1, FIGHT-4) for the expert: its plan
and its evaluation read exact odds, not an estimate.

The odds of :mod:`stalkerzone.odds` leave grenades and stimulators out (they outlive a fight
elsewhere), but in the Epicenter they decide the fight: with no escape (FIGHT-4) a bot throws
its grenades stronger than its weapon first, strongest first, and takes its best stimulator with
the action once hurt (FIGHT-2, :func:`~stalkerzone.bots.fights.epicenter_decision`).
:func:`guardian_win` follows exactly that way of fighting over every roll of the dice (DMG-1,
DMG-2), its kit included: by a small recursion over (health, the guardian's health, grenades
thrown, stimulators taken) for a plain fight, or by walking the engine's own fight steps for a
fight with special rules (an event, first strike, paralysis, drain, regeneration, several
attacks)."""

from __future__ import annotations

from dataclasses import replace

from stalkerzone.bots.estimates import mean_damage
from stalkerzone.bots.fights import epicenter_decision
from stalkerzone.bots.memory import BotMemory
from stalkerzone.engine.core import Colour, damage_distribution
from stalkerzone.engine.fight import (
    Core,
    Decision,
    Fight,
    FightSetup,
    Outcome,
    Phase,
    StalkerSide,
    chances,
    decide,
    resolve,
    start_fight,
)
from stalkerzone.engine.play import GameState, PlayerState
from stalkerzone.engine.turn import stalker_side, stats
from stalkerzone.odds import Odds

LONGEST_FIGHT = 40
"""Rounds after which a fight the engine walks is counted as lost (neither side hurting the
other would go on for ever)."""

Spread = tuple[tuple[int, float], ...]
"""Damage (after defence, DMG-2) and its chance."""


def guardian_win(
    memory: BotMemory, state: GameState, p: PlayerState, *, as_it_stands: bool = False
) -> float:
    """WIN-1, FIGHT-4: the exact chance of ``p`` with its equipment, grenades and stimulators at
    full health (or its health now: ``as_it_stands``) to beat the guardian, averaged over the
    Epicenter deck's cards (its make-up is public), fighting as a bot does in the Epicenter."""
    if not as_it_stands:
        p = replace(p, health=stats(p, state.ctx).max_health)
    side = stalker_side(state, p)
    hit = memory.guardian_exact.get(side)
    if hit is not None:
        return hit
    return memory.guardian_exact.put(side, side_win(memory, state, side))


def weapon_guardian_win(
    memory: BotMemory, state: GameState, p: PlayerState, *, as_it_stands: bool = False
) -> float:
    """The chance of :func:`guardian_win` by the weapon and armour alone (the ``best`` odds of
    :mod:`stalkerzone.odds`, no grenades or stimulators): a quick lower bound, solved once per
    set-up, for the evaluation of many positions."""
    if not as_it_stands:
        p = replace(p, health=stats(p, state.ctx).max_health)
    side = stalker_side(state, p)
    hit = memory.guardian_weapon.get(side)
    if hit is not None:
        return hit
    guardians = [m for m in state.cards.monsters if m.deck == "epicenter"]
    copies = sum(g.copies for g in guardians)
    total = 0.0
    for g in guardians:
        fight = start_fight(side, g, Colour.RED, epicenter=True)
        total += g.copies * memory.odds.odds(fight, "best").win
    return memory.guardian_weapon.put(side, total / copies if copies else 0.0)


def side_win(memory: BotMemory, state: GameState, side: StalkerSide) -> float:
    """The chance of ``side`` against the Epicenter deck's guardians (by their copies)."""
    guardians = [m for m in state.cards.monsters if m.deck == "epicenter"]
    copies = sum(g.copies for g in guardians)
    total = 0.0
    for g in guardians:
        fight = start_fight(side, g, Colour.RED, epicenter=True)
        total += g.copies * kit_fight_win(memory, fight)
    return total / copies if copies else 0.0


def kit_fight_win(memory: BotMemory, fight: Fight) -> float:
    """The exact chance to win ``fight`` (in the Epicenter: no escape) deciding as
    :func:`~stalkerzone.bots.fights.epicenter_decision` does."""
    if fight.is_terminal:
        return 1.0 if fight.outcome == Outcome.WIN else 0.0
    if _plain(fight):
        return plain_fight_win(memory, fight)
    return walk_fight_win(memory, fight)


def _plain(fight: Fight) -> bool:
    """A fight of plain rounds: the stalker acts first, one monster attack, nothing else."""
    setup, core = fight.setup, fight.core
    m = setup.monster
    special = m.drain or m.regeneration or m.paralysis_rolls or m.first_strike
    return (
        core.phase == Phase.ACTION
        and core.remaining == 1
        and setup.event is None
        and not special
        and m.multi_attacks == 1
        and not m.multi_rounds
    )


def plain_fight_win(memory: BotMemory, fight: Fight) -> float:
    """The exact chance of a fresh plain fight (:func:`_plain`), by a recursion: ``win`` at the
    stalker's decision, ``hit`` after its roll (the monster's attack to come)."""
    setup = fight.setup
    st, monster = setup.stalker, setup.monster
    weapon = mean_damage(memory, st.attack, st.one_die_bonus, monster.defence)
    throws: list[tuple[float, str, Spread]] = []
    for g in st.grenades:
        dice = g.attack.plus(st.attack_bonus_grenades)
        damage = mean_damage(memory, dice, 0, monster.defence)
        if damage > weapon:
            spread = damage_distribution(dice.distribution(), monster.defence)
            throws.append((damage, g.id, tuple(spread)))
    throws.sort(reverse=True)  # as best_grenade picks them: the strongest first
    left = set(fight.core.grenades)
    throws = [t for t in throws if t[1] in left]
    heals = sorted(
        ((s.heal, s.id) for s in st.stimulators if s.id in fight.core.stims), reverse=True
    )
    shots = tuple(damage_distribution(st.attack.distribution(st.one_die_bonus), monster.defence))
    bites = tuple(damage_distribution(monster.attack.distribution(), st.defence))
    bitten = dict(bites).get(0, 0.0)
    top = st.max_health
    low = max(6, top * 0.4)
    wins: dict[tuple[int, int, int, int], float] = {}

    def win(s: int, m: int, g: int, k: int) -> float:
        key = (s, m, g, k)
        found = wins.get(key)
        if found is not None:
            return found
        s1, k1 = s, k
        if s <= low and k < len(heals):
            s1, k1 = min(top, s + heals[k][0]), k + 1
        spread, g1 = (throws[g][2], g + 1) if g < len(throws) else (shots, g)
        same = (s1, g1, k1) == (s, g, k)
        total, loop = 0.0, 0.0
        for damage, p in spread:
            if damage >= m:
                total += p
            elif damage == 0 and same:
                total += p * sum(q * win(s - b, m, g, k) for b, q in bites if 0 < b < s)
                loop = p * bitten  # neither side hurt: the same state again
            else:
                total += p * hit(s1, m - damage, g1, k1)
        value = total / (1.0 - loop) if loop < 1.0 else 0.0
        wins[key] = value
        return value

    hits: dict[tuple[int, int, int, int], float] = {}

    def hit(s: int, m: int, g: int, k: int) -> float:
        key = (s, m, g, k)
        found = hits.get(key)
        if found is None:
            found = hits[key] = sum(q * win(s - b, m, g, k) for b, q in bites if b < s)
        return found

    core = fight.core
    return win(core.stalker_health, core.monster_health, 0, 0)


def walk_fight_win(memory: BotMemory, fight: Fight) -> float:
    """Every fight step of the engine, with the bot's decisions (a fight with special rules)."""
    setup = fight.setup
    seen: dict[Core, float] = {}

    def win(core: Core) -> float:
        found = seen.get(core)
        if found is not None:
            return found
        if core.phase == Phase.OVER:
            value = 1.0 if core.outcome == Outcome.WIN else 0.0
        elif core.round > LONGEST_FIGHT:
            value = 0.0
        elif core.phase == Phase.ACTION:
            decision = epicenter_decision(memory, Fight(setup, core))
            value = win(decide(setup, core, decision, None))
        else:
            value = sum(
                p * win(resolve(setup, core, roll, None)) for roll, p in _rolls(setup, core)
            )
        seen[core] = value
        return value

    return win(fight.core)


def _rolls(setup: FightSetup, core: Core) -> list[tuple[int, float]]:
    return list(chances(setup, core).items())


def with_kit_way(
    memory: BotMemory, fight: Fight, per: dict[Decision, Odds]
) -> tuple[dict[Decision, Odds], Decision | None]:
    """Each decision's odds ``per`` (taken now, the best play after it, the kit left out) with,
    in the Epicenter while grenades or stimulators are left (FIGHT-4), the first decision of the
    bots' way of fighting the guardian carrying that way's exact odds when they are higher (no
    escape: what is not won is lost) — the figure its button, the best shown and the hint all
    give; and that decision (None when the kit way does no better)."""
    if not (fight.setup.epicenter and (fight.core.grenades or fight.core.stims)):
        return per, None
    first = epicenter_decision(memory, fight)
    plain = per.get(first)
    if plain is None:
        return per, None
    win = kit_fight_win(memory, fight)
    if win <= plain.win + 1e-9:
        return per, None
    kit = Odds(win, 1.0 - win, 0.0, plain.expected_rounds)
    return {d: kit if d == first else o for d, o in per.items()}, first
