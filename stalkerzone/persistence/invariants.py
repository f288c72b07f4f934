"""What every reachable game state satisfies, checked on a snapshot read from a save before
play resumes: a signed snapshot is only as good as its signer, so its numbers are checked.

:func:`state_problem` returns the first violation as ``field: message`` (the field named as in
the save, ``snapshot.players[1].cash``), or ``""``; :func:`card_problem` checks that every
card copy is in exactly one place.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from stalkerzone.engine.core import CardSet
from stalkerzone.engine.game import GameSetup
from stalkerzone.engine.play import GameState, card_places, instances
from stalkerzone.engine.turn import equipment
from stalkerzone.engine.zone import Hex

MAX_CASH = 1_000_000
"""More money than any game makes (prices and rewards are at most a few thousand)."""
MAX_COUNT = 10_000
"""Upper bound for Elements, deaths, turns of a zombie and other counters."""
MAX_TURN = 1_000_000
MAX_HEALTH = 1000
"""The largest health a card may give (docs/cards.md)."""


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
    on_map = _map_hexes(state)
    yield from _seat_problems(state, where)
    yield from _counter_problems(state, where)
    yield from _player_problems(state, setup, where, on_map)
    yield from _loot_problems(state, where, on_map)
    yield from _fight_problems(state, where, on_map)


def _seats(state: GameState) -> str:
    return f"0..{len(state.players) - 1}"


def _seat_problems(state: GameState, where: str) -> Iterator[str]:
    """Every player number names a player."""
    count = len(state.players)
    for name in ("current_player", "first_player"):
        value = getattr(state, name)
        if not 0 <= value < count:
            yield f"{where}.{name}: {value} is not a player ({_seats(state)})"
    if state.winner is not None and not 0 <= state.winner < count:
        yield f"{where}.winner: {state.winner} is not a player ({_seats(state)})"
    for k, seat in enumerate(state.standings):
        if not 0 <= seat < count:
            yield f"{where}.standings[{k}]: {seat} is not a player ({_seats(state)})"


def _counter_problems(state: GameState, where: str) -> Iterator[str]:
    if not 1 <= state.turn <= MAX_TURN:
        yield f"{where}.turn: {state.turn} is out of range (1..{MAX_TURN})"
    if not 0 <= state.rng < 2**64:
        yield f"{where}.rng: not a 64-bit generator state"
    if state.phase == "over" and state.winner is None and not state.standings:
        yield f"{where}.winner: the game is over but nobody won"
    if state.phase == "fight" and state.fight is None:
        yield f"{where}.fight: the phase is a fight but no fight is under way"


def _loot_problems(state: GameState, where: str, on_map: frozenset[Hex] | None) -> Iterator[str]:
    for k, pile in enumerate(state.loot):
        at = f"{where}.loot[{k}]"
        if not 0 <= pile.owner < len(state.players):
            yield f"{at}.owner: {pile.owner} is not a player ({_seats(state)})"
        if not 0 <= pile.money <= MAX_CASH:
            yield f"{at}.money: {pile.money} is out of range (0..{MAX_CASH})"
        if not 0 <= pile.elements <= MAX_COUNT:
            yield f"{at}.elements: {pile.elements} is out of range (0..{MAX_COUNT})"
        if on_map is not None and pile.hex not in on_map:
            yield f"{at}.hex: ({pile.hex.q}, {pile.hex.r}) is not on the map"


def _fight_problems(state: GameState, where: str, on_map: frozenset[Hex] | None) -> Iterator[str]:
    for name in ("fight", "last_fight"):
        held = getattr(state, name)
        if held is None:
            continue
        at = f"{where}.{name}"
        if not 0 <= held.player < len(state.players):
            yield f"{at}.player: {held.player} is not a player ({_seats(state)})"
        if on_map is not None and held.hex not in on_map:
            yield f"{at}.hex: ({held.hex.q}, {held.hex.r}) is not on the map"
        side = held.fight.setup.stalker
        if not 0 <= side.health <= side.max_health <= MAX_HEALTH:
            yield f"{at}.fight.setup.stalker.health: {side.health} is out of range"
        if not 0 <= held.fight.setup.monster.health <= MAX_HEALTH:
            yield f"{at}.fight.setup.monster.health: out of range (0..{MAX_HEALTH})"


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


def card_problem(state: GameState, cards: CardSet) -> str:
    """Every card copy of the game must be in exactly one place (deck, hand, loot…)."""
    expected = Counter(
        instance
        for group in (cards.monsters, cards.equipment, cards.artifacts, cards.events, cards.orders)
        for card in group
        for instance in instances(card)
    )
    found: Counter[str] = Counter()
    for instance, where in card_places(state):
        if instance not in expected:
            return f"{where}: unknown card '{instance[:60]}'"
        found[instance] += 1
    if found != expected:
        extra = found - expected
        if extra:
            return f"card '{next(iter(extra))}' is in two places"
        return f"card '{next(iter(expected - found))}' is missing"
    return ""
