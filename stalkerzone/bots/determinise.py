"""Whole games a seat could be in, sampled from what it sees (TURN-3): determinisations for the
expert's search.

A seat's :func:`~stalkerzone.engine.game.player_view` names every card it may see and shows the
face-down piles (monsters, guardians, artifacts, events: TURN-3) by their size only, another
stalker's held fight event as one mark (EVENT-1), and none of the others' loot (DEATH-2). A
determinisation deals the cards the view does not name — every instance of a pile's kind that
appears nowhere in the view — face down into those piles and the held events, in a random
order, and gives the game a fresh random state. Others' loot stays out of it (the seat cannot
know what it holds). Nothing is read from the real hidden state: the sample depends on the view
and the sampler's own random numbers only.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from dataclasses import replace

from stalkerzone.engine.core import AnyCard, Event
from stalkerzone.engine.fight import FIGHT_EVENTS
from stalkerzone.engine.game import HIDDEN_CARD
from stalkerzone.engine.play import GameState, instances

PILE_KINDS = ("monsters", "guardians", "artifacts", "events")
"""The face-down piles a determinisation deals, each from the instances of its kind."""


def named_cards(view: GameState) -> set[str]:
    """Every card instance a view names anywhere (a card lies in one place only)."""
    found: set[str] = set()
    decks = view.decks
    for name in (f.name for f in dataclasses.fields(decks)):
        found.update(c for c in getattr(decks, name) if c != HIDDEN_CARD)
    for p in view.players:
        found.update(p.carried())
        found.update(t.card for t in p.trophies)
        found.update(o.card for o in p.open_orders)
        found.update(p.delivered)
        if p.held_event is not None and p.held_event != HIDDEN_CARD:
            found.add(p.held_event)
    for loot in view.loot:
        found.update(loot.cards)
        found.update(t.card for t in loot.trophies)
    for held in (view.fight, view.last_fight):
        if held is not None:
            found.add(held.monster)
    return found


def unseen_cards(view: GameState) -> dict[str, list[str]]:
    """For each face-down pile kind, the instances the view does not name, in a fixed order."""
    cards = view.cards
    groups: dict[str, list[AnyCard]] = {
        "monsters": [m for m in cards.monsters if m.deck == "zone"],
        "guardians": [m for m in cards.monsters if m.deck == "epicenter"],
        "artifacts": list(cards.artifacts),
        "events": list(cards.events),
    }
    named = named_cards(view)
    out: dict[str, list[str]] = {}
    for kind, group in groups.items():
        every = [i for card in group for i in instances(card)]
        out[kind] = sorted(i for i in every if i not in named) or sorted(every)
    return out


def determinise(view: GameState, rng: random.Random, unseen: dict[str, list[str]]) -> GameState:
    """One whole game consistent with ``view``: the unseen cards (:func:`unseen_cards`) dealt in
    a random order into the face-down piles and others' held events, and a random game state
    for the dice."""
    pools = {kind: list(cards) for kind, cards in unseen.items()}
    for cards in pools.values():
        rng.shuffle(cards)
    seats = []
    for p in view.players:
        if p.held_event == HIDDEN_CARD:
            p = replace(p, held_event=_fight_event(view, pools["events"]))
        seats.append(p)
    dealt = {kind: _dealer(cards) for kind, cards in pools.items()}
    decks = view.decks
    piles = {kind: tuple(next(dealt[kind]) for _ in getattr(decks, kind)) for kind in PILE_KINDS}
    return replace(
        view,
        players=tuple(seats),
        decks=replace(decks, **piles),
        rng=rng.getrandbits(64),
    )


def _fight_event(view: GameState, events: list[str]) -> str | None:
    """A held event is a fight card (EVENT-1): the first unseen one, taken out of ``events``
    (None should every fight card be in sight)."""
    for k, instance in enumerate(events):
        card = view.card(instance)
        if isinstance(card, Event) and card.effect.kind in FIGHT_EVENTS:
            return events.pop(k)
    return None


def _dealer(cards: list[str]) -> Iterator[str]:
    """The cards one by one, starting over should a pile ask for more than are unseen."""
    while True:
        yield from cards
