"""Bot games for balance (``stalkerzone simulate``): play, measure, aggregate.

Game ``i`` of a run with seed ``S`` is played from its own seed :func:`game_seed` ``(S, i)`` with
stalkers dealt from that seed, so a game's result does not depend on which process played it or
in what order: the bots' memos (a :class:`~stalkerzone.bots.memory.BotMemory` per process) only
save time, and the games are aggregated in game order, so the summary is the same for one
worker or many. Worker processes are started with ``spawn`` (safe on every platform); each
receives the loaded cards, sectors and variant once and then only game numbers, in chunks.

A game that reaches the turn cap ends as a draw and is counted as such. Seats may play at
different bot levels (:func:`seat_levels`: the list of levels turns one seat per game, so every
level sits in every seat as often).
"""

from __future__ import annotations

import hashlib
import multiprocessing
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stalkerzone.bots import players as bots
from stalkerzone.bots.memory import BotMemory
from stalkerzone.engine.core import CardSet, Variant
from stalkerzone.engine.game import GameSetup, PlayerSetup, apply, legal_actions, new_game
from stalkerzone.engine.play import Buy, DeliverOrder, EndTurn, GameState, Heal, Sell
from stalkerzone.engine.zone import Sector
from stalkerzone.simulation.card_stats import CardCounts, CardTally

MAX_ROUNDS = {"standard": 150, "express": 80}
"""Turn cap, in rounds (every seat has had a turn): a game still going is a draw."""


@dataclass(frozen=True)
class SimConfig:
    """What to simulate."""

    games: int
    players: int
    seed: int
    variant: str = "standard"
    card_dirs: tuple[str, ...] = ()
    include_user: bool = True
    level: str = "hard"
    zone_mode: str = "free"
    max_rounds: int | None = None
    seats: tuple[str, ...] = ()  # a bot level per seat (turned by the game number); () = level

    @property
    def round_cap(self) -> int:
        return self.max_rounds or MAX_ROUNDS.get(self.variant, 150)


def seat_levels(config: SimConfig, index: int) -> tuple[str, ...]:
    """The bot level of each seat in game ``index``: ``config.seats`` turned by ``index`` (the
    first listed level sits in seat ``index mod players``), or ``config.level`` everywhere."""
    if not config.seats:
        return (config.level,) * config.players
    n = len(config.seats)
    return tuple(config.seats[(k - index) % n] for k in range(n))


@dataclass(frozen=True)
class FightRecord:
    monster: str
    colour: str
    outcome: str  # win, death, escape
    epicenter: bool


@dataclass(frozen=True)
class GameResult:
    """What one game showed."""

    index: int
    seed: int
    stalkers: tuple[str, ...]
    winner: str | None
    rounds: int
    turns: int
    actions: int
    capped: bool
    deaths: tuple[int, ...]
    delivered: tuple[int, ...]
    fights: tuple[FightRecord, ...]
    cash: tuple[tuple[str, int], ...]  # (kind, amount) totals: trophies, orders, sales, bought…
    cards: CardCounts | None = None  # what each card did (card_stats)
    seconds: float = field(default=0.0, compare=False)
    levels: tuple[str, ...] = ()  # each seat's bot level
    winner_seat: int | None = None
    holding: tuple[int, ...] = ()  # rounds each spell of holding enough Elements lasted
    decisions: tuple[int, ...] = ()  # bot decisions per seat
    decision_seconds: tuple[float, ...] = field(default=(), compare=False)  # their time per seat
    decision_times: tuple[tuple[float, ...], ...] = field(default=(), compare=False)  # each one's


class HoldingClock:
    """WIN-1: how many of its own turns a seat begins holding the Elements it needs before it
    enters the Epicenter. A spell opens on the first such turn (0 rounds) and ends when the seat
    enters the Epicenter, loses the Elements (DEATH-1) or the game ends."""

    def __init__(self, players: int) -> None:
        self.open: list[int | None] = [None] * players
        self.spells: list[int] = []
        self._turn = 0

    def before(self, state: GameState) -> None:
        """A turn that begins now counts for its seat if it holds enough Elements."""
        if state.phase != "turn" or state.turn == self._turn:
            return
        self._turn = state.turn
        seat = state.current_player
        if state.players[seat].elements >= state.variant.elements_required:
            spell = self.open[seat]
            self.open[seat] = 0 if spell is None else spell + 1

    def after(self, before: GameState, after: GameState) -> None:
        """Close the spell of a seat that entered the Epicenter or lost its Elements."""
        entered = after.fight is not None and after.fight.epicenter
        if entered and (before.fight is None or not before.fight.epicenter):
            assert after.fight is not None
            self._close(after.fight.player)
        need = after.variant.elements_required
        for seat, p in enumerate(after.players):
            if self.open[seat] is not None and p.elements < need:
                self._close(seat)

    def _close(self, seat: int) -> None:
        spell = self.open[seat]
        if spell is not None:
            self.spells.append(spell)
            self.open[seat] = None

    def result(self) -> tuple[int, ...]:
        for seat in range(len(self.open)):
            self._close(seat)
        return tuple(self.spells)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run (independent of workers and order)."""
    text = f"stalkerzone-simulate:{seed}:{index}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


def deal_stalkers(cards: CardSet, players: int, seed: int) -> tuple[str, ...]:
    """Characters for the seats, from the game seed (each character at most once while the
    table has no more seats than characters)."""
    ids = [s.id for s in cards.stalkers]
    picker = random.Random(seed)
    if players <= len(ids):
        return tuple(picker.sample(ids, players))
    return tuple(picker.choice(ids) for _ in range(players))


def play_game(
    index: int,
    seed: int,
    cards: CardSet,
    sectors: Sequence[Sector],
    variant: Variant,
    players: int,
    *,
    level: str | Sequence[str] = "hard",
    zone_mode: str = "free",
    round_cap: int = 150,
    check_legal: bool = False,
    memory: BotMemory | None = None,
) -> GameResult:
    """Play one bot game to its end or to the turn cap and say what happened. ``memory`` may
    carry the bots' memos over from other games (the result is the same, only faster).
    ``level`` is one bot level for every seat or a level per seat."""
    started = time.perf_counter()
    if memory is None:
        memory = BotMemory()
    levels = (level,) * players if isinstance(level, str) else tuple(level)
    stalkers = deal_stalkers(cards, players, seed)
    seats = tuple(PlayerSetup(f"Bot {k + 1}", s, levels[k]) for k, s in enumerate(stalkers))
    state = new_game(GameSetup(seed, seats, variant, zone_mode), cards, sectors)  # type: ignore[arg-type]
    cap_turns = round_cap * players
    action_cap = cap_turns * 60 + 2000
    fights: list[FightRecord] = []
    cash: dict[str, int] = {}
    tally = CardTally(state)
    clock = HoldingClock(players)
    decisions = [0] * players
    times: list[list[float]] = [[] for _ in range(players)]
    actions = 0
    while not state.is_terminal and state.turn <= cap_turns and actions < action_cap:
        legal = legal_actions(state)
        clock.before(state)
        seat = state.current_player
        asked = time.perf_counter()
        action = bots.choose(state, None, levels[seat], legal, strict=check_legal, memory=memory)
        times[seat].append(time.perf_counter() - asked)
        decisions[seat] += 1
        if check_legal and action not in legal:
            raise AssertionError(f"game {index}: bot chose an unlisted action {action!r}")
        before = state
        state = apply(state, action)
        actions += 1
        _account(before, state, action, fights, cash)
        tally.observe(before, state, action)
        clock.after(before, state)
    rounds = (state.turn - 1) // players + 1
    return GameResult(
        index=index,
        seed=seed,
        stalkers=stalkers,
        winner=stalkers[state.winner] if state.winner is not None else None,
        rounds=rounds,
        turns=state.turn,
        actions=actions,
        capped=not state.is_terminal,
        deaths=tuple(p.deaths for p in state.players),
        delivered=tuple(len(p.delivered) for p in state.players),
        fights=tuple(fights),
        cash=tuple(sorted(cash.items())),
        cards=tally.result(state),
        seconds=time.perf_counter() - started,
        levels=levels,
        winner_seat=state.winner,
        holding=clock.result(),
        decisions=tuple(decisions),
        decision_seconds=tuple(sum(t) for t in times),
        decision_times=tuple(tuple(t) for t in times),
    )


def _account(
    before: GameState,
    after: GameState,
    action: object,
    fights: list[FightRecord],
    cash: dict[str, int],
) -> None:
    """Fights that ended and money that changed hands with this action."""
    if after.last_fight is not before.last_fight and after.last_fight is not None:
        held = after.last_fight
        outcome = held.fight.outcome or "none"
        fights.append(
            FightRecord(held.monster.partition("#")[0], str(held.colour), outcome, held.epicenter)
        )
    if isinstance(action, EndTurn) or before.phase != "turn":
        return
    who = before.current_player
    delta = after.players[who].cash - before.players[who].cash
    if delta == 0:
        return
    if isinstance(action, Sell):
        trophy = any(t.card == action.card for t in before.players[who].trophies)
        kind = "trophies sold" if trophy else "cards sold"
    elif isinstance(action, DeliverOrder):
        kind = "order rewards"
    elif isinstance(action, Buy):
        kind = "equipment bought"
    elif isinstance(action, Heal):
        kind = "healing"
    else:
        kind = "found or lost"
    cash[kind] = cash.get(kind, 0) + delta


# --- running many games -----------------------------------------------------------------------

World = tuple[CardSet, tuple[Sector, ...], Variant]
"""What a run is played with: cards, sectors, variant (as :func:`load_world` gives them)."""


def load_world(config: SimConfig) -> World:
    """Cards (base + packs), sectors and variant, or a UserError naming what is wrong."""
    from stalkerzone.content.loader import load_packs
    from stalkerzone.content.tiles import load_sectors
    from stalkerzone.content.variants import load_variant
    from stalkerzone.errors import UserError

    variant = load_variant(config.variant)
    for d in config.card_dirs:
        if not Path(d).is_dir():
            raise UserError(f"--cards {d}: not a folder")
    result = load_packs([Path(d) for d in config.card_dirs], include_user=config.include_user)
    cards = result.cards
    if len(cards.stalkers) == 0:
        raise UserError(
            "no stalker cards are loaded; check the card packs (stalkerzone cards check)"
        )
    return cards, tuple(load_sectors()), variant


class GamePlayer:
    """What one process needs to play the games of a run: the configuration, the content loaded
    once (or handed over as ``world``), and one memory for its bots."""

    def __init__(self, config: SimConfig, world: World | None = None) -> None:
        self.config = config
        self.cards, self.sectors, self.variant = world or load_world(config)
        self.memory = BotMemory()

    def play(self, index: int) -> GameResult:
        config = self.config
        return play_game(
            index,
            game_seed(config.seed, index),
            self.cards,
            self.sectors,
            self.variant,
            config.players,
            level=seat_levels(config, index),
            zone_mode=config.zone_mode,
            round_cap=config.round_cap,
            memory=self.memory,
        )


class _ProcessPlayer:
    """The :class:`GamePlayer` of a worker process, set up once by the pool's initializer (its
    lifetime is the process's)."""

    player: GamePlayer | None = None


def _start_worker(config: SimConfig, world: World) -> None:
    _ProcessPlayer.player = GamePlayer(config, world)


def _play_in_worker(index: int) -> GameResult:
    player = _ProcessPlayer.player
    assert player is not None, "the worker process was started without its initializer"
    return player.play(index)


def run_games(
    config: SimConfig,
    workers: int = 1,
    progress: Callable[[GameResult], None] | None = None,
    world: World | None = None,
) -> list[GameResult]:
    """Play ``config.games`` games (in ``workers`` processes if more than 1), in game order."""
    results: list[GameResult] = []
    for result in iter_games(config, workers, world):
        results.append(result)
        if progress is not None:
            progress(result)
    return results


def chunk_size(games: int, workers: int) -> int:
    """Games per task sent to a worker: a handful, so that the per-task cost (a game number out,
    a small result back) stays far below a game's, while the last tasks still share out evenly
    between the workers."""
    return max(1, min(4, games // (workers * 8)))


def iter_games(
    config: SimConfig, workers: int = 1, world: World | None = None
) -> Iterator[GameResult]:
    """The results one by one, in game order. ``world`` is the loaded content (loaded here if
    not given): each worker process receives it once when it starts (a few tens of kB, far
    cheaper than loading and validating the packs again), then only game numbers."""
    indices = range(config.games)
    if workers <= 1 or config.games < 2:
        player = GamePlayer(config, world)
        for index in indices:
            yield player.play(index)
        return
    if world is None:
        world = load_world(config)
    context = multiprocessing.get_context("spawn")
    chunk = chunk_size(config.games, workers)
    with ProcessPoolExecutor(
        max_workers=workers,
        mp_context=context,
        initializer=_start_worker,
        initargs=(config, world),
    ) as pool:
        yield from pool.map(_play_in_worker, indices, chunksize=chunk)


# --- statistics -------------------------------------------------------------------------------


def _fight_order(key: str) -> tuple[str, int, str]:
    """Monster by monster, colours from green to red."""
    monster, _, colour = key.partition("/")
    return (monster, {"green": 0, "yellow": 1, "red": 2}.get(colour, 3), colour)


def summarise(
    config: SimConfig, results: Sequence[GameResult], monsters: Sequence[str] = ()
) -> dict[str, Any]:
    """Every figure of a run as plain JSON (no timings: the same for any number of workers).
    ``monsters`` (Zone monster ids) get a row per colour even if nobody met them."""
    games = len(results)
    finished = [r for r in results if not r.capped]
    rounds = [r.rounds for r in finished]
    by_char: dict[str, dict[str, float]] = {}
    for r in results:
        for k, stalker in enumerate(r.stalkers):
            row = by_char.setdefault(
                stalker, {"games": 0, "wins": 0, "deaths": 0, "orders_delivered": 0}
            )
            row["games"] += 1
            row["wins"] += 1 if r.winner == stalker and not r.capped else 0
            row["deaths"] += r.deaths[k]
            row["orders_delivered"] += r.delivered[k]
    characters = {}
    for stalker in sorted(by_char):
        row = by_char[stalker]
        n = max(1, int(row["games"]))
        characters[stalker] = {
            "games": int(row["games"]),
            "wins": int(row["wins"]),
            "win_rate": round(row["wins"] / n, 4),
            "deaths_per_game": round(row["deaths"] / n, 3),
            "orders_per_game": round(row["orders_delivered"] / n, 3),
        }
    fights: dict[str, dict[str, int]] = {}
    for monster in monsters:
        for colour in ("green", "yellow", "red"):
            fights[f"{monster}/{colour}"] = {"fought": 0, "won": 0, "lost": 0, "escaped": 0}
    for r in results:
        for f in r.fights:
            key = f"{f.monster}/{f.colour}"
            row2 = fights.setdefault(key, {"fought": 0, "won": 0, "lost": 0, "escaped": 0})
            row2["fought"] += 1
            row2[{"win": "won", "death": "lost", "escape": "escaped"}.get(f.outcome, "lost")] += 1
    cash: dict[str, int] = {}
    for r in results:
        for kind, amount in r.cash:
            cash[kind] = cash.get(kind, 0) + amount
    return {
        "config": {
            "games": config.games,
            "players": config.players,
            "seed": config.seed,
            "variant": config.variant,
            "bot": config.level,
            "seats": list(config.seats),
            "zone_mode": config.zone_mode,
            "round_cap": config.round_cap,
            "card_dirs": list(config.card_dirs),
        },
        "games": games,
        "finished": len(finished),
        "draws": games - len(finished),
        "draw_games": [r.index for r in results if r.capped],
        "rounds": {
            "mean": round(statistics.fmean(rounds), 2) if rounds else None,
            "median": statistics.median(rounds) if rounds else None,
            "min": min(rounds) if rounds else None,
            "max": max(rounds) if rounds else None,
        },
        "actions_per_game": round(statistics.fmean(r.actions for r in results), 1)
        if results
        else 0,
        "deaths_per_game": round(sum(sum(r.deaths) for r in results) / max(1, games), 3),
        "orders_per_game": round(sum(sum(r.delivered) for r in results) / max(1, games), 3),
        "characters": characters,
        "fights": {k: fights[k] for k in sorted(fights, key=_fight_order)},
        "cash_flow": {k: cash[k] for k in sorted(cash)},
        "cash_flow_per_game": {k: round(cash[k] / max(1, games), 1) for k in sorted(cash)},
    }
