"""The turn rules: moving and placing, sites, bases, equipment, death (TURN-1 …)."""

from stalkerzone.engine.turn.death import pick_up, start_health
from stalkerzone.engine.turn.equipment import gain, loadout, slot_of, stats
from stalkerzone.engine.turn.sites import stalker_side
from stalkerzone.engine.turn.turns import (
    cut_off,
    foresight,
    round_number,
    seat_refusal,
    sectors_to_place,
)

__all__ = [
    "cut_off",
    "foresight",
    "gain",
    "loadout",
    "pick_up",
    "round_number",
    "seat_refusal",
    "sectors_to_place",
    "slot_of",
    "stalker_side",
    "start_health",
    "stats",
]
