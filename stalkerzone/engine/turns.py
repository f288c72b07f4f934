"""Layout and turn order (TURN-1, TURN-2, TURN-4).

Players place sectors in turn, starting with the first player and the Village sector; after the
tenth sector the first player takes the first turn. Turns pass clockwise (seat order).
"""

from __future__ import annotations

from dataclasses import replace

from stalkerzone.engine.actions import PlaceSector
from stalkerzone.engine.cards import Site
from stalkerzone.engine.illegal import LayoutRefused
from stalkerzone.engine.layout import Placement, Sector, completable, legal_placements
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
    """TURN-4: every legal placement (MAP-4) of the sectors to place, less the dead ends the
    zone engine's foresight finds (``completable``). Worked out once per Zone and remembered.

    Should the foresight reject every legal placement, the legal placements are offered as
    they are, so the layout never stalls on a foresight error."""
    key = ("placements", state.zone.placements)
    found = state.ctx.memo.get(key)
    if found is not None:
        return found  # type: ignore[return-value]
    sectors = state.ctx.sectors
    legal = [
        p
        for sector_id in sectors_to_place(state)
        for p in legal_placements(state.zone, sector_id, sectors)
    ]
    ahead = tuple(p for p in legal if completable(state.zone, p, sectors))
    result = ahead or tuple(legal)
    state.ctx.memo[key] = result
    return result


def place_sector(state: GameState, action: PlaceSector) -> GameState:
    """TURN-4: put a sector down; after the last one, play starts at the Village."""
    placement = Placement(action.sector, action.face, action.rotation, tuple(action.slot))  # type: ignore[arg-type]
    sectors = state.ctx.sectors
    todo = sectors_to_place(state)
    if action.sector not in todo:
        if not state.zone.placements:
            raise LayoutRefused("TURN-4", f"the Village sector {todo[0]} is placed first")
        raise LayoutRefused("MAP-1", f"sector {action.sector} is placed already or unknown")
    if placement not in legal_placements(state.zone, action.sector, sectors):
        raise LayoutRefused("MAP-4", f"{action.sector} does not fit there: roads must connect")
    if placement not in placements(state):
        raise LayoutRefused("MAP-5", "with that placement the Zone could not be finished")
    zone = state.zone.place(placement)
    who = state.player.name
    state = note(replace(state, zone=zone), f"TURN-4: {who} places sector {action.sector}")
    if len(zone.placements) < len(sectors):
        return replace(state, current_player=(state.current_player + 1) % len(state.players))
    return start_play(state)


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
