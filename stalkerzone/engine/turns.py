"""Layout and turn order (TURN-1, TURN-2, TURN-4).

Players place sectors in turn, starting with the first player and the Village sector; after the
tenth sector the first player takes the first turn. Turns pass clockwise (seat order).
"""

from __future__ import annotations

from dataclasses import replace

from stalkerzone.engine.actions import PlaceSector
from stalkerzone.engine.cards import Site
from stalkerzone.engine.illegal import LayoutRefused
from stalkerzone.engine.layout import (
    Placement,
    Sector,
    check_zone,
    legal_placements,
    random_zone,
)
from stalkerzone.engine.messages import Note
from stalkerzone.engine.rng import Rng
from stalkerzone.engine.state import GameState, note


def village_sector(sectors: tuple[Sector, ...]) -> str:
    """The id of the sector that carries the Village (MAP-5: there is exactly one)."""
    for sector in sectors:
        if Site.VILLAGE in sector.unique_sites():
            return sector.id
    raise ValueError("MAP-5: no sector carries the Village")


def sectors_to_place(state: GameState) -> tuple[str, ...]:
    """TURN-4: the Village sector first, then every sector not yet placed."""
    sectors = state.ctx.sectors
    if not state.zone.placements:
        return (village_sector(sectors),)
    placed = state.zone.sector_ids()
    return tuple(s.id for s in sectors if s.id not in placed)


def placements(state: GameState) -> tuple[Placement, ...]:
    """TURN-4: every legal placement (MAP-4) of the sectors still to place, remembered per Zone.

    Dead-end foresight is not applied here: a search per placement costs seconds on a
    half-built Zone. A Zone that can no longer be finished is handled by :func:`place_sector`.
    """
    key = ("placements", state.zone.placements)
    found = state.ctx.memo.get(key)
    if found is not None:
        return found  # type: ignore[return-value]
    sectors = state.ctx.sectors
    result = tuple(
        p
        for sector_id in sectors_to_place(state)
        for p in legal_placements(state.zone, sector_id, sectors)
    )
    state.ctx.memo[key] = result
    return result


def place_sector(state: GameState, action: PlaceSector, rng: Rng) -> GameState:
    """TURN-4: put a sector down; after the last one, play starts at the Village.

    Reading: when the Zone can no longer be finished (no remaining sector fits anywhere, or the
    finished Zone breaks MAP-5), the table deals a random valid Zone from the game's RNG instead.
    """
    slot = (action.slot[0], action.slot[1])
    placement = Placement(action.sector, action.face, action.rotation, slot)
    todo = sectors_to_place(state)
    if action.sector not in todo:
        if not state.zone.placements:
            raise LayoutRefused(
                "TURN-4",
                f"the Village sector {todo[0]} is placed first",
                key="village_first",
                sector=todo[0],
            )
        raise LayoutRefused(
            "MAP-1",
            f"sector {action.sector} is placed already or unknown",
            key="sector_unknown",
            sector=action.sector,
        )
    if placement not in placements(state):
        raise LayoutRefused(
            "MAP-4",
            f"{action.sector} does not fit there: roads must connect",
            key="sector_misfit",
            sector=action.sector,
        )
    zone = state.zone.place(placement)
    who = state.player.name
    placed = Note(
        "TURN-4",
        "sector_placed",
        f"{who} places sector {action.sector}",
        player=who,
        sector=action.sector,
    )
    state = note(replace(state, zone=zone), placed)
    sectors = state.ctx.sectors
    if len(zone.placements) < len(sectors):
        if placements(state):
            return replace(state, current_player=(state.current_player + 1) % len(state.players))
        dealt = Note(
            "MAP-5",
            "zone_stuck",
            "the Zone cannot be finished (no remaining sector fits anywhere); "
            "a random Zone is dealt",
        )
    else:
        problems = check_zone(zone, sectors)
        if not problems:
            return start_play(state)
        problem = str(problems[0])
        dealt = Note(
            "MAP-5",
            "zone_broken",
            f"the Zone cannot be finished ({problem}); a random Zone is dealt",
            problem=problem,
        )
    state = note(state, dealt)
    return start_play(replace(state, zone=random_zone(sectors, rng)))


def start_play(state: GameState) -> GameState:
    """ST-2: every stalker starts on the Village hex; the first player moves first (TURN-1)."""
    village = state.zone_map.village
    players = tuple(replace(p, position=village) for p in state.players)
    return replace(
        state,
        players=players,
        phase="turn",
        step="move",
        current_player=state.first_player,
        turn=1,
    )


def round_number(state: GameState) -> int:
    """TURN-1: the round a turn belongs to (a round = every seat has had one turn; the first
    turn of play is round 1; 0 while the Zone is laid out)."""
    if state.phase == "layout":
        return 0
    return (state.turn - 1) // max(1, len(state.players)) + 1


def end_turn(state: GameState) -> GameState:
    """TURN-2: the next player clockwise; a Zombie event lasts to the end of one's next turn."""
    index = state.current_player
    player = state.players[index]
    if player.zombie_turns:
        player = replace(player, zombie_turns=player.zombie_turns - 1)
    players = (*state.players[:index], player, *state.players[index + 1 :])
    return replace(
        state,
        players=players,
        current_player=(index + 1) % len(players),
        turn=state.turn + 1,
        step="move",
        last_move=(),
    )
