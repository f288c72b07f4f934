"""What every card did in a run of bot games: counted from the engine's notes and the actions.

During a game a :class:`CardTally` watches each action: the notes the engine wrote for it
(``key`` and ``params`` of :class:`~stalkerzone.engine.core.messages.Note`) and the action itself.
It counts per card id:

* ``bought``: gained at a base (EQ-10 notes with source BASE-2);
* ``found``: gained any other way (ANOM-1 artifacts, loot picked up: DEATH-3, EVENT-1);
* ``drawn``: events drawn (EVENT-1) and orders taken (ORDER-1);
* ``used``: grenades and stimulators spent in a fight (FIGHT-2), events that acted (at once
  when drawn, or on a fight when kept: EVENT-1), orders delivered (ORDER-1);
* ``sold``: sold at a base (BASE-2);
* ``fights``: for a monster, fights against it; for any other card, fights its holder fought
  with it active (FIGHT-1).

It also keeps, per seat, every card the seat ever had (its stalker, carried cards, trophies,
orders, events it drew, monsters it fought) so that :func:`card_summary` can set the win rate
of the stalkers who had a card against those who did not, each with a 95% Wilson interval.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from stalkerzone.engine.core import CardSet
from stalkerzone.engine.play import FightDecision, GameState, PlayerState, card_id

COUNTS = ("bought", "found", "drawn", "used", "sold", "fights")
"""The per-card counters, in the order the tables show them."""

MIN_SEAT_GAMES = 30
"""Fewer seat-games than this with (or without) a card make its win-rate comparison
meaningless: a Wilson interval is then wider than about ±15 points."""

Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""

_DRAWN = {"event_drawn", "event_kept", "event_discarded", "order_taken"}
_USED = {"event_applies", "order_delivered"}


@dataclass(frozen=True)
class CardCounts:
    """One game's card figures: ``counts`` as sorted (card, counter, n) rows, ``held`` the
    sorted card ids each seat ever held, ``winner_seat`` the seat that won (None: no winner)."""

    counts: tuple[tuple[str, str, int], ...]
    held: tuple[tuple[str, ...], ...]
    winner_seat: int | None


class CardTally:
    """Counts one game's card figures as its actions are applied (see the module docstring)."""

    def __init__(self, state: GameState) -> None:
        self._seats = {p.name: k for k, p in enumerate(state.players)}
        self._counts: dict[tuple[str, str], int] = {}
        self._held: list[set[str]] = [set() for _ in state.players]
        for k, player in enumerate(state.players):
            self._hold(k, player)

    def _add(self, card: str, counter: str, n: int = 1) -> None:
        key = (card, counter)
        self._counts[key] = self._counts.get(key, 0) + n

    def _hold(self, seat: int, player: PlayerState) -> None:
        held = self._held[seat]
        held.add(player.stalker)  # ST-1: the seat's own stalker card
        held.update(card_id(c) for c in player.carried())
        held.update(card_id(t.card) for t in player.trophies)
        held.update(card_id(o.card) for o in player.open_orders)
        held.update(card_id(c) for c in player.delivered)
        if player.held_event is not None:
            held.add(card_id(player.held_event))

    def observe(self, before: GameState, after: GameState, action: object) -> None:
        """Count what ``action`` (taking ``before`` to ``after``) did to cards."""
        for line in after.notes:
            key = getattr(line, "key", None)
            if key is None:
                continue
            params = dict(line.params)  # type: ignore[attr-defined]
            card = params.get("card")
            if not isinstance(card, str):
                continue
            if key.startswith("gained_"):
                self._add(card, "bought" if params.get("source") == "BASE-2" else "found")
            elif key in _DRAWN:
                self._add(card, "drawn")
                if key == "event_drawn":  # EVENT-1: an event that is not kept acts at once
                    self._add(card, "used")
            elif key in _USED:
                self._add(card, "used")
            elif key == "sell":
                self._add(card, "sold")
            else:
                continue
            seat = self._seats.get(str(params.get("player", "")), before.current_player)
            self._held[seat].add(card)
        if isinstance(action, FightDecision):
            for spent in (action.grenade, action.stimulator):
                if spent is not None:
                    self._add(card_id(spent), "used")
        ended = after.last_fight
        if ended is not None and ended is not before.last_fight:
            self._add(card_id(ended.monster), "fights")
            self._held[ended.player].add(card_id(ended.monster))
            fighter = before.players[ended.player]
            for active in sorted({card_id(i) for i in fighter.active}):
                self._add(active, "fights")  # a card in several copies counts once a fight
        for k, player in enumerate(after.players):
            if player is not before.players[k]:
                self._hold(k, player)

    def result(self, state: GameState) -> CardCounts:
        """The figures of the game that ended (or was capped) in ``state``."""
        winner = state.winner if state.is_terminal else None
        return CardCounts(
            counts=tuple(sorted((c, what, n) for (c, what), n in self._counts.items())),
            held=tuple(tuple(sorted(h)) for h in self._held),
            winner_seat=winner,
        )


def wilson(successes: int, trials: int) -> tuple[float, float] | None:
    """The 95% Wilson score interval of a proportion, or None without trials."""
    if trials <= 0:
        return None
    p = successes / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


def rate_row(wins: int, games: int) -> dict[str, Any]:
    """A win rate with its Wilson interval, as JSON."""
    interval = wilson(wins, games)
    return {
        "games": games,
        "wins": wins,
        "win_rate": round(wins / games, 4) if games else None,
        "ci95": list(interval) if interval else None,
    }


class HasCards(Protocol):
    """What :func:`card_summary` reads of a game result."""

    @property
    def cards(self) -> CardCounts | None: ...

    @property
    def capped(self) -> bool: ...


def card_summary(results: Sequence[HasCards], cards: CardSet) -> dict[str, dict[str, Any]]:
    """Every loaded card's figures over a run, in card-set order (cards nobody met included).

    ``with`` is the win rate of the seat-games that had the card; ``without`` that of the other
    seats *of the same games* (games where nobody had it say nothing about it), so a card is
    not credited with the games it happens to appear in. Seat order is not controlled: the
    ``note`` says when the comparison cannot be made, and ``held_with`` names the cards held in
    exactly the same seat-games (their rates cannot be told apart)."""
    totals: dict[str, dict[str, int]] = {c.id: dict.fromkeys(COUNTS, 0) for c in cards}
    holders: dict[str, set[tuple[int, int]]] = {c.id: set() for c in cards}
    wins: dict[tuple[int, int], int] = {}
    seats_of: dict[int, int] = {}
    for number, result in enumerate(results):
        counted = result.cards
        if counted is None:
            continue
        for card, what, n in counted.counts:
            totals.setdefault(card, dict.fromkeys(COUNTS, 0))[what] += n
        seats_of[number] = len(counted.held)
        for seat, held in enumerate(counted.held):
            wins[number, seat] = 1 if counted.winner_seat == seat and not result.capped else 0
            for card in held:
                holders.setdefault(card, set()).add((number, seat))
    together: dict[frozenset[tuple[int, int]], list[str]] = {}
    for card_key, held_by in holders.items():
        if held_by:
            together.setdefault(frozenset(held_by), []).append(card_key)
    kinds = {c.id: (_KINDS.get(g, g), c.pack) for g, m in cards.groups().items() for c in m}
    summary: dict[str, dict[str, Any]] = {}
    for card_key, counts in totals.items():
        kind, pack = kinds.get(card_key, ("unknown", "-"))
        held_by = holders.get(card_key, set())
        games = {game for game, _ in held_by}
        others = [
            (game, seat)
            for game in games
            for seat in range(seats_of[game])
            if (game, seat) not in held_by
        ]
        had, had_wins = len(held_by), sum(wins[k] for k in held_by)
        without, without_wins = len(others), sum(wins[k] for k in others)
        meaningful = min(had, without) >= MIN_SEAT_GAMES
        note = ""
        if had and not without:
            note = "cannot compare: every seat of its games had it"
        elif not meaningful:
            note = (
                f"too few games: {had} seat-games with it and {without} without in the same "
                f"games (at least {MIN_SEAT_GAMES} of each are needed)"
            )
        twins = [c for c in together.get(frozenset(held_by), []) if c != card_key]
        summary[card_key] = {
            "kind": kind,
            "pack": pack,
            **counts,
            "with": rate_row(had_wins, had),
            "without": rate_row(without_wins, without),
            "meaningful": meaningful,
            "note": note,
            "held_with": twins if held_by and others else [],
            "never_used": kind in _SPENT_KINDS
            and counts["bought"] + counts["found"] > 0
            and counts["used"] == 0,
        }
    return summary


_SPENT_KINDS = frozenset({"grenade", "stimulator"})
"""Kinds a stalker has to choose to spend (FIGHT-2): never spent means the bots never choose
them, a thing the author should know."""


_KINDS = {
    "monsters": "monster",
    "weapons": "weapon",
    "weapon_mods": "weapon mod",
    "armour": "armour",
    "navigation": "navigation",
    "grenades": "grenade",
    "stimulators": "stimulator",
    "artifacts": "artifact",
    "events": "event",
    "orders": "order",
    "stalkers": "stalker",
}
