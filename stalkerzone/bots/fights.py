"""Fight choices (FIGHT-2, FIGHT-4, DMG-2, EVENT-1): attack, escape, a grenade or a stimulator by
the exact odds of :mod:`stalkerzone.odds`, and which armour to lose to "loss of protection"."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from stalkerzone.bots.estimates import estimate, mean_damage
from stalkerzone.bots.levels import Profile
from stalkerzone.bots.memory import BotMemory
from stalkerzone.engine.core import Armour, StalkerStats
from stalkerzone.engine.fight import Decision, Fight
from stalkerzone.engine.play import Action, DiscardArmour, FightDecision, GameState
from stalkerzone.odds import decision_odds

SURE_WIN = 0.995
"""A fight the quick estimate wins this surely is attacked without the exact solution."""


def _bare(fight: Fight) -> Fight:
    """The same fight without grenades and stimulators, its set-up independent of the starting
    health (which only sets the first node): one exact solution then serves many fights."""
    setup = fight.setup
    side = setup.stalker
    bare = replace(side, health=side.max_health, grenades=(), stimulators=())
    return Fight(replace(setup, stalker=bare), fight.core._replace(grenades=(), stims=()))


def _attack_or_escape(memory: BotMemory, fight: Fight) -> tuple[str, float]:
    """The exact odds' choice between attacking and escaping (best chance to come out alive,
    then to win), and the chance of dying when attacking on."""
    side, monster = fight.setup.stalker, fight.setup.monster
    quick = StalkerStats(
        side.attack, side.one_die_bonus, side.defence, 0, side.escape_bonus, side.max_health
    )
    guess = estimate(
        memory,
        quick,
        fight.stalker_health,
        side.reputation,
        replace(monster, health=fight.monster_health),
        escape=False,
    )
    if guess.win >= SURE_WIN and fight.setup.event is None:
        return ("attack", 0.0)
    bare = _bare(fight)
    key = (bare.setup, bare.core)
    hit = memory.decisions.get(key)
    if hit is None:
        attack = decision_odds(bare, Decision("attack"), memory.odds)
        choice = "attack"
        if bare.setup.can_escape:
            escape = decision_odds(bare, Decision("escape"), memory.odds)
            if (round(escape.alive, 9), round(escape.win, 9)) > (
                round(attack.alive, 9),
                round(attack.win, 9),
            ):
                choice = "escape"
        hit = memory.decisions.put(key, (choice, attack.death))
    return hit


def best_fight_decision(fight: Fight, memory: BotMemory) -> Decision:
    """Attack or escape by the exact odds; a grenade stronger than the weapon when attacking
    risks death; a stimulator with the action when health is low (FIGHT-2)."""
    action, death = _attack_or_escape(memory, fight)
    grenade = None
    if action == "attack" and death > 0.05:
        grenade = best_grenade(memory, fight)
    side = fight.setup.stalker
    stimulator = None
    if fight.stalker_health <= max(6, side.max_health // 3):
        stimulator = best_stimulator(fight)
    return Decision("grenade" if grenade else action, grenade, stimulator)  # type: ignore[arg-type]


def choose_in_fight(
    state: GameState, legal: Sequence[Action], profile: Profile, memory: BotMemory
) -> Action:
    """FIGHT-2. In the Epicenter (no escape, FIGHT-4) grenades stronger than the weapon go
    first, strongest first, and a stimulator goes with the action once health is low. Elsewhere
    ``normal``/``hard`` follow the exact odds; ``easy`` attacks and flees when badly hurt."""
    held = state.fight
    assert held is not None
    fight = held.fight
    decisions = [a for a in legal if isinstance(a, FightDecision)]
    side = fight.setup.stalker
    if held.epicenter:
        d = epicenter_decision(memory, fight)
        wanted = FightDecision(d.action, d.grenade, d.stimulator)
        if wanted in decisions:
            return wanted
    if profile.exact_fights:
        d = best_fight_decision(fight, memory)
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


def epicenter_decision(memory: BotMemory, fight: Fight) -> Decision:
    """FIGHT-4 (no escape): the strongest grenade stronger than the weapon, else an attack, with
    the best stimulator once health is low (at most 40 % of the maximum, or 6)."""
    side = fight.setup.stalker
    low = fight.stalker_health <= max(6, side.max_health * 0.4)
    grenade = best_grenade(memory, fight)
    action = "grenade" if grenade else "attack"
    stim = best_stimulator(fight) if low else None
    legal = fight.decisions()
    for wanted in (Decision(action, grenade, stim), Decision(action, grenade)):  # type: ignore[arg-type]
        if wanted in legal:
            return wanted
    return legal[0]


def best_stimulator(fight: Fight) -> str | None:
    """The stimulator left that heals the most."""
    left = set(fight.core.stims)
    options = [(s.heal, s.id) for s in fight.setup.stalker.stimulators if s.id in left]
    return max(options)[1] if options else None


def best_grenade(memory: BotMemory, fight: Fight) -> str | None:
    """The grenade left whose mean damage (DMG-2) beats the weapon's by the most (None if none
    does)."""
    setup = fight.setup
    st = setup.stalker
    defence = setup.monster.defence
    weapon = mean_damage(memory, st.attack, st.one_die_bonus, defence)
    best: tuple[float, str] | None = None
    for grenade in st.grenades:
        if grenade.id not in fight.core.grenades:
            continue
        damage = mean_damage(memory, grenade.attack.plus(st.attack_bonus_grenades), 0, defence)
        if damage > weapon and (best is None or (damage, grenade.id) > best):
            best = (damage, grenade.id)
    return best[1] if best else None


def discard_armour(state: GameState, legal: Sequence[Action]) -> Action:
    """EVENT-1 ("loss of protection"): lose a backpack armour card before a worn one, and of
    those the card worth less."""
    options = [a for a in legal if isinstance(a, DiscardArmour)]
    worn = (state.player.head, state.player.body)

    def worth(a: DiscardArmour) -> tuple[bool, int, int, str]:
        card = state.card(a.card)
        assert isinstance(card, Armour)
        return (a.card in worn, card.defence, card.price, a.card)

    return min(options, key=worth)
