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
    """Every loaded card's figures over a run, in card-set order (cards nobody met included)."""
    totals: dict[str, dict[str, int]] = {c.id: dict.fromkeys(COUNTS, 0) for c in cards}
    with_card: dict[str, list[int]] = {c.id: [0, 0] for c in cards}  # [seat-games, wins]
    seat_games = 0
    seat_wins = 0
    for result in results:
        counted = result.cards
        if counted is None:
            continue
        for card, what, n in counted.counts:
            totals.setdefault(card, dict.fromkeys(COUNTS, 0))[what] += n
        for seat, held in enumerate(counted.held):
            won = 1 if counted.winner_seat == seat and not result.capped else 0
            seat_games += 1
            seat_wins += won
            for card in held:
                row = with_card.setdefault(card, [0, 0])
                row[0] += 1
                row[1] += won
    kinds = {c.id: (_KINDS.get(g, g), c.pack) for g, m in cards.groups().items() for c in m}
    summary: dict[str, dict[str, Any]] = {}
    for card_key, counts in totals.items():
        kind, pack = kinds.get(card_key, ("unknown", "-"))
        had, had_wins = with_card.get(card_key, [0, 0])
        without, without_wins = seat_games - had, seat_wins - had_wins
        meaningful = min(had, without) >= MIN_SEAT_GAMES
        note = ""
        if not meaningful:
            note = (
                f"too few games: {had} seat-games with it and {without} without "
                f"(at least {MIN_SEAT_GAMES} of each are needed)"
            )
        summary[card_key] = {
            "kind": kind,
            "pack": pack,
            **counts,
            "with": rate_row(had_wins, had),
            "without": rate_row(without_wins, without),
            "meaningful": meaningful,
            "note": note,
        }
    return summary


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
