"""Helpers for the game tests: cards, sectors, hand-built states and the invariants."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from functools import cache
from typing import Any

from stalkerzone.content.variants import load_variant
from stalkerzone.engine.core import CardSet, Site, Variant
from stalkerzone.engine.game import HIDDEN_CARD, GameSetup, PlayerSetup, new_game, player_view
from stalkerzone.engine.play import (
    GameState,
    PlayerState,
    card_id,
    card_places,
    instances,
    set_player,
)
from stalkerzone.engine.turn import equipment
from stalkerzone.engine.zone import Hex
from tests.support.base import base_cards, sectors

__all__ = [
    "RULE_FIRST",
    "STALKERS",
    "all_instances",
    "base_cards",
    "cards_with",
    "check_invariants",
    "edit",
    "fight_to_end",
    "fresh",
    "give",
    "hex_of",
    "next_to",
    "on_top",
    "player",
    "playing",
    "sectors",
    "take",
    "variant",
    "with_reputation",
]

RULE_FIRST = re.compile(r"^[A-Z]+(?:-[A-Z0-9]+)+: \S")
STALKERS = ("gromoboy", "nosorog", "shustry", "mazhor", "sledopyt", "bugai")


@cache
def variant(name: str = "standard") -> Variant:
    return load_variant(name)


def fresh(
    seed: int = 1,
    players: int = 2,
    *,
    variant_name: str = "standard",
    zone_mode: str = "free",
    stalkers: tuple[str, ...] = STALKERS,
    cards: CardSet | None = None,
) -> GameState:
    """A new game (a random Zone unless zone_mode is "hand")."""
    chosen = list(stalkers[:players])  # ST-3: one stalker per seat; the rest in box order
    chosen += [s for s in STALKERS if s not in chosen][: players - len(chosen)]
    seats = tuple(PlayerSetup(f"P{k + 1}", s, None) for k, s in enumerate(chosen))
    setup = GameSetup(seed, seats, variant(variant_name), zone_mode)  # type: ignore[arg-type]
    return new_game(setup, cards or base_cards(), sectors())


def take(state: GameState, cid: str) -> tuple[GameState, str]:
    """Take one instance of a card out of whatever deck or stock holds it."""
    decks = state.decks
    for name in (
        "stock",
        "artifacts",
        "artifact_discard",
        "events",
        "event_discard",
        "orders",
        "monsters",
        "monster_discard",
        "guardians",
    ):
        pile: tuple[str, ...] = getattr(decks, name)
        for instance in pile:
            if card_id(instance) == cid:
                rest = tuple(c for c in pile if c != instance)
                return replace(state, decks=replace(decks, **{name: rest})), instance
    raise AssertionError(f"no free copy of {cid}")


def give(state: GameState, index: int, cid: str, where: str = "slot") -> tuple[GameState, str]:
    """Hand a player a card from the decks: into its slot if it has room ("slot"; a penalty
    card too, as a player who activates it), as a gained card (``"gained"``, EQ-10) or into the
    backpack ("backpack")."""
    state, instance = take(state, cid)
    player = replace(state.players[index], backpack=(*state.players[index].backpack, instance))
    if where == "slot":
        room = equipment.slot_has_room(state.players[index], state.card(instance), state.ctx)
        if room and equipment.activate_refusal(player, instance, state.ctx) is None:
            player = equipment.activate(player, instance, state.ctx)
    elif where == "gained":
        player = equipment.gain(state.players[index], instance, state.ctx).player
    return set_player(state, index, player), instance


def edit(state: GameState, index: int, **changes: Any) -> GameState:
    """Change plain fields of one player (cash, health, elements, position …)."""
    return set_player(state, index, replace(state.players[index], **changes))


def hex_of(state: GameState, site: Site) -> Hex:
    hexes = state.zone_map.site_hexes(site)
    assert hexes, site
    return hexes[0]


def all_instances(cards: CardSet) -> Counter[str]:
    """Every instance the decks were made of (stalker cards are not dealt)."""
    out: Counter[str] = Counter()
    for card in cards:
        if card in cards.stalkers:
            continue
        out.update(instances(card))
    return out


def check_invariants(state: GameState) -> int:
    """The issue's invariants; returns how many checks were made."""
    checks = 0
    var = state.variant
    placed = Counter(instance for instance, _ in card_places(state))
    assert placed == all_instances(state.cards), "every card in exactly one place"
    checks += 1
    for index, player in enumerate(state.players):
        assert player.cash >= 0, "ST-4"
        stats = equipment.stats(player, state.ctx)
        if state.phase != "layout":
            assert 0 < player.health <= stats.max_health, ("ST-5", player.health)
        assert len(player.grenades) <= var.grenade_cap, "EQ-6"
        assert len(player.artifacts) <= var.active_artifacts, "EQ-7"
        assert len(player.open_orders) <= var.max_open_orders, "ORDER-1"
        assert player.reputation == len(player.delivered), "REP-1"
        for slot in equipment.SINGLE_SLOTS:
            value = getattr(player, slot)
            if value is not None:
                assert equipment.slot_of(state.card(value)) == slot, "EQ-7 slot"
        for slot in equipment.MULTI_SLOTS:
            for value in getattr(player, slot):
                assert equipment.slot_of(state.card(value)) == slot, "EQ-7 slot"
        checks += 9
        view = player_view(state, index)
        for pile in view.loot:  # DEATH-2: others' loot only where it lies, and with a Zombie
            if pile.owner != index:
                assert player.zombie_turns > 0, "DEATH-2"
                assert not (pile.cards or pile.trophies or pile.money or pile.elements), "DEATH-2"
        for other, seat in enumerate(view.players):
            if other != index:  # held or not is public, which card is not (EVENT-1)
                held = state.players[other].held_event
                assert seat.held_event == (None if held is None else HIDDEN_CARD), "TURN-3"
        checks += 2
    if state.phase == "over":
        assert state.winner is not None and state.standings[0] == state.winner
    return checks


def next_to(state: GameState, index: int, target: Hex) -> GameState:
    """Put the player on a hex from which ``target`` is a legal destination this turn."""
    from stalkerzone.engine.game.game import destinations
    from stalkerzone.engine.zone import neighbours

    state = replace(state, current_player=index, phase="turn", step="move")
    for near in neighbours(target):
        info = state.zone_map.hexes.get(near)
        if info is None or info.site is not None:
            continue
        moved = edit(state, index, position=near)
        if target in destinations(edit(moved, index, elements=99)):
            return moved
    raise AssertionError(f"no way into {target}")


def playing(state: GameState) -> GameState:
    """Equality-preserving no-op helper: a state in the middle of a turn, ready to move."""
    return replace(state, phase="turn", step="move", fight=None)


def player(state: GameState, index: int = 0) -> PlayerState:
    return state.players[index]


def with_reputation(state: GameState, index: int, n: int) -> GameState:
    """REP-1: reputation is delivered orders, so deliver ``n`` orders by hand."""
    for _ in range(n):
        instance = state.decks.orders[-1]
        state = replace(state, decks=replace(state.decks, orders=state.decks.orders[:-1]))
        p = state.players[index]
        state = set_player(state, index, replace(p, delivered=(*p.delivered, instance)))
    return state


def on_top(state: GameState, deck: str, cid: str) -> tuple[GameState, str]:
    """Put a copy of ``cid`` on top of one of the draw piles."""
    pile: tuple[str, ...] = getattr(state.decks, deck)
    instance = next(c for c in pile if card_id(c) == cid)
    rest = tuple(c for c in pile if c != instance)
    return replace(state, decks=replace(state.decks, **{deck: (instance, *rest)})), instance


def cards_with(*changed: Any) -> CardSet:
    """The base cards with some cards replaced (same id)."""
    base = base_cards()
    by_id = {c.id: c for c in changed}
    fields = {
        name: tuple(by_id.get(c.id, c) for c in group) for name, group in base.groups().items()
    }
    return CardSet(**fields)


def fight_to_end(state: GameState, action: str = "attack") -> GameState:
    """Play the current fight with one decision every round (attack where escape is barred)."""
    from stalkerzone.engine.game import apply, legal_actions
    from stalkerzone.engine.play import FightDecision

    while state.phase == "fight":
        options = [a for a in legal_actions(state) if isinstance(a, FightDecision)]
        pick = next((a for a in options if a.action == action and a.stimulator is None), None)
        if pick is None:
            pick = next(a for a in options if a.action == "attack" and a.stimulator is None)
        state = apply(state, pick)
    return state
