"""No view tells hidden information (TURN-3, DEATH-2, EVENT-1): whole bot games are played on a
host's table, and at every position a "twin" game that differs only in what nobody may see
(the order of the face-down piles, the fight event a seat holds, the contents of a seat's loot)
must give every other seat and every spectator byte-identical view messages, the JSON the
network sends."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

import pytest

from stalkerzone.engine.core import Event, Note
from stalkerzone.engine.game import player_view
from stalkerzone.engine.game.views import FACE_DOWN_PILES, HIDDEN_CARD
from stalkerzone.engine.play import GameState, card_id
from stalkerzone.network import protocol
from stalkerzone.network.table import PUBLIC, Connection, GameTable
from tests.support.network import table

MAX_ACTIONS = 260
"""Actions played per game (a bound on the test's time; the games go well past first fights)."""


def messages(t: GameTable, state: GameState, viewers: Sequence[int]) -> dict[int, str]:
    """The first view message (with its turn log) each of ``viewers`` would get if the game's
    position were ``state``, as the network sends it."""
    probe = replace(t, record=replace(t.record, states=(*t.record.states[:-1], state)))
    probe.views = type(t.views)()
    out = {}
    for viewer in viewers:
        seats = () if viewer == PUBLIC else (viewer,)
        conn = Connection(1, seats=seats, name="x", token="t")
        out[viewer] = protocol.line(probe.view_message(conn, first=True))
    return out


def shuffled_piles(state: GameState, rng: random.Random) -> GameState:
    """The same game with every face-down pile, and the orders on offer, in another order."""
    piles = {}
    for name in (*FACE_DOWN_PILES, "orders"):
        pile = list(getattr(state.decks, name))
        rng.shuffle(pile)
        piles[name] = tuple(pile)
    return replace(state, decks=replace(state.decks, **piles))


def other_held_event(state: GameState, seat: int) -> GameState | None:
    """The same game with ``seat``'s held fight event swapped for another event card of the
    face-down pile (and its kept-event note naming that one), or None if none differs."""
    held = state.players[seat].held_event
    assert held is not None
    pile = state.decks.events
    others = [k for k, e in enumerate(pile) if card_id(e) != card_id(held)]
    fights = [k for k in others if _is_fight_event(state, pile[k])]
    if not others:
        return None
    choice = (fights or others)[0]
    swapped = pile[choice]
    events = (*pile[:choice], held, *pile[choice + 1 :])
    name = state.players[seat].name
    notes = tuple(_renamed(n, name, card_id(swapped)) for n in state.notes)
    players = list(state.players)
    players[seat] = replace(players[seat], held_event=swapped)
    decks = replace(state.decks, events=events)
    return replace(state, players=tuple(players), decks=decks, notes=notes)


def _is_fight_event(state: GameState, instance: str) -> bool:
    card = state.card(instance)
    return isinstance(card, Event) and card.timing == "fight"


def _renamed(note: str, player: str, cid: str) -> str:
    """An ``event_kept`` note of ``player`` naming ``cid`` instead."""
    if (
        isinstance(note, Note)
        and note.key == "event_kept"
        and dict(note.params).get("player") == player
    ):
        text = f"{player} keeps {cid} for the next fight"
        return Note("EVENT-1", "event_kept", text, player=player, card=cid)
    return note


def other_loot(state: GameState, owner: int) -> GameState:
    """The same game with ``owner``'s loot holding other things: its first card swapped for the
    top artifact of the face-down pile (when both exist), more money and an Element."""
    piles = list(state.loot)
    decks = state.decks
    for k, pile in enumerate(piles):
        if pile.owner != owner:
            continue
        cards = pile.cards
        if cards and decks.artifacts:
            top = decks.artifacts[0]
            decks = replace(decks, artifacts=(cards[0], *decks.artifacts[1:]))
            cards = (top, *cards[1:])
        piles[k] = replace(pile, cards=cards, money=pile.money + 50, elements=pile.elements + 1)
    return replace(state, loot=tuple(piles), decks=decks)


@pytest.mark.slow
def test_views_are_identical_for_games_that_differ_only_in_hidden_information() -> None:
    rng = random.Random(2026)
    seen = {"piles": 0, "held": 0, "loot": 0}
    for seed in (5, 11):
        t = table(("bot", "bot", "bot"), seed=seed, zone_mode="ring")
        everyone = (*range(len(t.state.players)), PUBLIC)
        for _ in range(MAX_ACTIONS):
            state = t.state
            real = messages(t, state, everyone)
            twin = messages(t, shuffled_piles(state, rng), everyone)
            assert twin == real, f"seed {seed}, action {t.version}: the pile order shows"
            seen["piles"] += 1
            for seat, player in enumerate(state.players):
                others = [v for v in everyone if v != seat]
                if player.held_event is not None:
                    changed = other_held_event(state, seat)
                    if changed is not None:
                        assert messages(t, changed, others) == {v: real[v] for v in others}, (
                            f"seed {seed}, action {t.version}: seat {seat}'s held event shows"
                        )
                        seen["held"] += 1
                if any(p.owner == seat for p in state.loot):
                    changed = other_loot(state, seat)
                    assert messages(t, changed, others) == {v: real[v] for v in others}, (
                        f"seed {seed}, action {t.version}: seat {seat}'s loot shows"
                    )
                    seen["loot"] += 1
            if state.phase == "over":
                break
            t.bot_step()
    assert seen["held"] > 0, seen  # the games did reach held fight events


def test_a_kept_event_is_named_to_its_holder_only() -> None:
    """EVENT-1: the others read that a fight event is kept, not which."""
    t = table(("remote", "remote"))
    state = t.state
    name = state.players[0].name
    kept = Note(
        "EVENT-1",
        "event_kept",
        f"{name} keeps monster-first for the next fight",
        player=name,
        card="monster-first",
    )
    state = replace(state, notes=(kept,))
    assert player_view(state, 0).notes == (kept,)
    for viewer in (1, PUBLIC):
        (line,) = player_view(state, viewer).notes
        assert "monster-first" not in line and isinstance(line, Note)
        assert line.key == "event_kept" and "card" not in dict(line.params)
        assert line == f"EVENT-1: {name} keeps a fight event for the next fight"
    # a note read back from a save is plain text: told the same way
    plain = replace(state, notes=(str(kept),))
    assert "monster-first" not in player_view(plain, 1).notes[0]
    assert player_view(plain, 0).notes == (str(kept),)


def test_face_down_piles_are_sizes_and_the_rng_is_blank() -> None:
    state = table(("remote", "remote")).state

    seen = player_view(state, PUBLIC)
    for name in FACE_DOWN_PILES:
        assert getattr(seen.decks, name) == (HIDDEN_CARD,) * len(getattr(state.decks, name))
    assert seen.decks.orders == tuple(sorted(state.decks.orders)) and seen.rng == 0
