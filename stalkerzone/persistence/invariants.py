"""What every reachable game state satisfies, checked on a snapshot read from a save before
play resumes: a signed snapshot is only as good as its signer, so its numbers are checked.

:func:`state_problem` returns the first violation as ``field: message`` (the field named as in
the save, ``snapshot.players[1].cash``), or ``""``.
"""

from __future__ import annotations

from collections.abc import Iterator

from stalkerzone.engine import equipment
from stalkerzone.engine.game import GameSetup
from stalkerzone.engine.hexes import Hex
from stalkerzone.engine.state import GameState

MAX_CASH = 1_000_000
"""More money than any game makes (prices and rewards are at most a few thousand)."""
MAX_COUNT = 10_000
"""Upper bound for Elements, deaths, turns of a zombie and other counters."""
MAX_TURN = 1_000_000


def state_problem(state: GameState, setup: GameSetup, where: str = "snapshot") -> str:
    """The first broken invariant of ``state`` (played with ``setup``), or ``""``."""
    for problem in _problems(state, setup, where):
        return problem
    return ""


def _problems(state: GameState, setup: GameSetup, where: str) -> Iterator[str]:
    count = len(state.players)
    if count != len(setup.players):
        yield f"{where}.players: {count} players, the save's set-up has {len(setup.players)}"
        return
    seats = f"0..{count - 1}"
    for name in ("current_player", "first_player"):
        value = getattr(state, name)
        if not 0 <= value < count:
            yield f"{where}.{name}: {value} is not a player ({seats})"
    if state.winner is not None and not 0 <= state.winner < count:
        yield f"{where}.winner: {state.winner} is not a player ({seats})"
    for k, seat in enumerate(state.standings):
        if not 0 <= seat < count:
            yield f"{where}.standings[{k}]: {seat} is not a player ({seats})"
    if not 1 <= state.turn <= MAX_TURN:
        yield f"{where}.turn: {state.turn} is out of range (1..{MAX_TURN})"
    if not 0 <= state.rng < 2**64:
        yield f"{where}.rng: not a 64-bit generator state"
    if state.phase == "over" and state.winner is None and not state.standings:
        yield f"{where}.winner: the game is over but nobody won"
    on_map = _map_hexes(state)
    yield from _player_problems(state, setup, where, on_map)
    for k, pile in enumerate(state.loot):
        if not 0 <= pile.owner < count:
            yield f"{where}.loot[{k}].owner: {pile.owner} is not a player ({seats})"
        if pile.money < 0 or pile.money > MAX_CASH:
            yield f"{where}.loot[{k}].money: {pile.money} is out of range (0..{MAX_CASH})"
        if pile.elements < 0 or pile.elements > MAX_COUNT:
            yield f"{where}.loot[{k}].elements: {pile.elements} is out of range"
        if on_map is not None and pile.hex not in on_map:
            yield f"{where}.loot[{k}].hex: ({pile.hex.q}, {pile.hex.r}) is not on the map"
    for name in ("fight", "last_fight"):
        held = getattr(state, name)
        if held is None:
            continue
        if not 0 <= held.player < count:
            yield f"{where}.{name}.player: {held.player} is not a player ({seats})"
        if on_map is not None and held.hex not in on_map:
            yield f"{where}.{name}.hex: ({held.hex.q}, {held.hex.r}) is not on the map"
        side = held.fight.setup.stalker
        if not 0 <= side.health <= max(side.max_health, 0) or side.max_health > 1000:
            yield f"{where}.{name}.fight.setup.stalker.health: {side.health} is out of range"
        if held.fight.setup.monster.health > 1000:
            yield f"{where}.{name}.fight.setup.monster.health: above 1000"
    if state.phase == "fight" and state.fight is None:
        yield f"{where}.fight: the phase is a fight but no fight is under way"


def _map_hexes(state: GameState) -> frozenset[Hex] | None:
    """The hexes of the finished Zone (``None`` while it is still being laid out)."""
    if state.phase == "layout":
        return None
    try:
        return frozenset(state.zone_map.hexes)
    except (KeyError, ValueError):
        return frozenset()


def _player_problems(
    state: GameState, setup: GameSetup, where: str, on_map: frozenset[Hex] | None
) -> Iterator[str]:
    for k, (player, seat) in enumerate(zip(state.players, setup.players, strict=True)):
        at = f"{where}.players[{k}]"
        if player.stalker != seat.stalker:
            yield f"{at}.stalker: '{player.stalker:.40}', the set-up says '{seat.stalker:.40}'"
            continue
        if not 0 <= player.cash <= MAX_CASH:
            yield f"{at}.cash: {player.cash} is out of range (0..{MAX_CASH})"
        if not 0 <= player.elements <= MAX_COUNT:
            yield f"{at}.elements: {player.elements} is out of range (0..{MAX_COUNT})"
        for name in ("protection_minus", "zombie_turns", "deaths"):
            value = getattr(player, name)
            if not 0 <= value <= MAX_COUNT:
                yield f"{at}.{name}: {value} is out of range (0..{MAX_COUNT})"
        try:
            top = equipment.stats(player, state.ctx).max_health
        except (KeyError, ValueError, TypeError):
            yield f"{at}: its cards do not make a stalker"
            continue
        if not 1 <= player.health <= max(1, top):
            yield f"{at}.health: {player.health} is out of range (1..{max(1, top)})"
        if player.position is not None and on_map is not None and player.position not in on_map:
            q, r = player.position
            yield f"{at}.position: ({q}, {r}) is not on the map"
