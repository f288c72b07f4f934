"""Layout and turn order (TURN-1, TURN-2, TURN-4).

Players place sectors in turn, starting with the first player and the Village sector; after the
tenth sector the first player takes the first turn. Turns pass clockwise (seat order).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from stalkerzone.engine.core import LayoutRefused, Note, NotNow, Rng, Site, ZoneCutOff
from stalkerzone.engine.play import GameState, PlaceSector, note
from stalkerzone.engine.zone import CutOff, Placement, Sector, check_zone, legal_placements
from stalkerzone.engine.zone.foresight import Foresight


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


def foresight(state: GameState) -> Foresight:
    """The game's dead-end foresight (TURN-4), kept in its context: its answers serve every
    question of the layout phase (the client's and the bots' too) in this game only."""
    found = state.ctx.memo.get("foresight")
    if not isinstance(found, Foresight):
        found = Foresight(state.ctx.sectors)
        state.ctx.memo["foresight"] = found
    return found


def placements(state: GameState) -> tuple[Placement, ...]:
    """TURN-4: every legal placement of the sectors still to place: the roads meet (MAP-4) and
    the Zone is proven completable afterwards (:mod:`stalkerzone.engine.zone.foresight.search`)."""
    seer = foresight(state)
    return tuple(
        p
        for sector_id in sectors_to_place(state)
        for p in seer.sector_verdicts(state.zone, sector_id).completable
    )


def cut_off(state: GameState, placement: Placement) -> CutOff | None:
    """For a placement whose roads meet (MAP-4): ``None`` if it is legal (the Zone stays
    completable, TURN-4), else what it would cut off and why, as a key and parameters."""
    verdicts = foresight(state).sector_verdicts(state.zone, placement.sector).verdicts
    if verdicts.get(placement):
        return None
    return foresight(state).cut_off(state.zone, placement)


def place_sector(state: GameState, action: PlaceSector, rng: Rng) -> GameState:
    """TURN-4: put a sector down; after the last one, play starts at the Village.

    A placement after which the Zone can no longer be completed is refused
    (:class:`ZoneCutOff`, the state unchanged), so the table's own layout is always completed,
    never replaced: the tenth placement makes a valid Zone (MAP-5)."""
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
    sectors = state.ctx.sectors
    if placement not in legal_placements(state.zone, action.sector, foresight(state).tab):
        raise LayoutRefused(
            "MAP-4",
            f"{action.sector} does not fit there: roads must connect",
            key="sector_misfit",
            sector=action.sector,
        )
    why = cut_off(state, placement)
    if why is not None:
        names = {s.id: s.name.get("en") for s in sectors}
        raise ZoneCutOff(
            "TURN-4",
            f"after this the Zone could no longer be completed: {why.english(names)}",
            key="dead_end",
            reason=why.key,
            **dict(why.params),
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
    if len(zone.placements) < len(sectors):
        return replace(state, current_player=layout_seat(state, state.current_player + 1))
    problems = check_zone(zone, sectors)
    if problems:  # never: the ninth placement was proven to leave a completable Zone
        raise AssertionError(f"TURN-4: the finished Zone breaks {problems[0]}")
    return start_play(state)


def layout_seat(state: GameState, start: int) -> int:
    """TURN-4: the seat that places the next sector, the first from ``start`` on (round the
    table) that takes layout turns: every seat, or with ``layout_by="humans"`` only the seats
    without a bot (every seat again if all are bots)."""
    seats = len(state.players)
    for k in range(seats):
        seat = (start + k) % seats
        if state.layout_by == "all" or state.players[seat].bot is None:
            return seat
    return start % seats


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


def seat_refusal(state: GameState, seats: Collection[int]) -> NotNow | None:
    """TURN-2: only the current player acts; why the holder of ``seats`` (a network client)
    may not act now, or None when it may."""
    if state.phase == "over" or state.current_player in seats:
        return None
    name = state.players[state.current_player].name
    return NotNow("TURN-2", f"it is {name}'s turn, not yours", key="not_your_turn", player=name)


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
