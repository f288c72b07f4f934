"""A fight with a monster (FIGHT-1 …): its set-up, its steps and the fight the state holds."""

from stalkerzone.engine.fight.combat import Fight, play_chance, start_fight
from stalkerzone.engine.fight.setup import (
    FIGHT_EVENTS,
    ActionKind,
    Decision,
    FightLogEntry,
    FightSetup,
    MonsterSide,
    Roll,
    StalkerSide,
)
from stalkerzone.engine.fight.steps import (
    Core,
    Outcome,
    Phase,
    attack_round,
    chances,
    decide,
    monster_attacks_done,
    monster_dist,
    paralysis_chance,
    resolve,
    round_start,
    start_core,
)

__all__ = [
    "FIGHT_EVENTS",
    "ActionKind",
    "Core",
    "Decision",
    "Fight",
    "FightLogEntry",
    "FightSetup",
    "MonsterSide",
    "Outcome",
    "Phase",
    "Roll",
    "StalkerSide",
    "attack_round",
    "chances",
    "decide",
    "monster_attacks_done",
    "monster_dist",
    "paralysis_chance",
    "play_chance",
    "resolve",
    "round_start",
    "start_core",
    "start_fight",
]
