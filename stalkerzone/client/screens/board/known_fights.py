"""Fights known before a move commits to them: the Epicenter's guardian (WIN-1, FIGHT-4).

The Epicenter deck is dealt from every Epicenter card of the packs in play, so when they hold one
guardian only (however many copies), the fight that entering the Epicenter starts is known:
that guardian at red, no escape, against the stalker as it stands (its held fight event applies,
EVENT-1). :func:`guardian_fight` builds that fight and :func:`fight_odds` solves it with the best
play (the odds solver the fight screen uses), off the frame in the session's worker. A danger's
monster is drawn face down when the danger is entered (TROPHY-4), so no danger fight is known.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from stalkerzone.client.text import i18n
from stalkerzone.client.text.card_words import card_name
from stalkerzone.client.text.i18n import percent
from stalkerzone.engine.core import Colour, Event, Monster, Site
from stalkerzone.engine.fight import FIGHT_EVENTS, Fight, start_fight
from stalkerzone.engine.play import GameState
from stalkerzone.engine.turn import gain, pick_up, stalker_side

if TYPE_CHECKING:
    from stalkerzone.client.controller.session import GameSession
    from stalkerzone.client.render.zone_layer import PlacedHex
    from stalkerzone.engine.zone import Hex
    from stalkerzone.odds import Odds

GUARDIAN_COLOUR = Colour.RED
"""WIN-1: the guardian is always fought at red."""


def known_guardian(state: GameState) -> Monster | None:
    """The guardian the Epicenter would send, if the packs in play have one guardian only: the
    deck is dealt from every Epicenter card of the packs (public), while a view shows the deck
    face down (TURN-3), so which of several guardians comes up is not known."""
    if not state.decks.guardians:
        return None
    guardians = {m.id: m for m in state.ctx.cards.monsters if m.deck == "epicenter"}
    return next(iter(guardians.values())) if len(guardians) == 1 else None


def after_pickup(state: GameState, index: int, at: Hex | None) -> GameState:
    """The state once player ``index`` stands on ``at`` and has taken the loot it may take
    there (DEATH-3: on the Epicenter before the fight), as the engine does it."""
    if at is None:
        return state
    if not any(pile.hex == at for pile in state.loot):
        return state
    moved = tuple(replace(p, position=at) if k == index else p for k, p in enumerate(state.players))
    return pick_up(replace(state, players=moved), index)


def loot_at_door(state: GameState, index: int, at: Hex) -> list[tuple[str, str]]:
    """DEATH-3, EQ-10: the cards of the loot player ``index`` would pick up on ``at`` before a
    fight there, each with where it goes ("slot", "backpack", "left") — the words
    ``loot_door.<where>`` or, into the backpack, ``loot_door.backpack_<reason>``."""
    player = replace(state.players[index], position=at)
    out: list[tuple[str, str]] = []
    for pile in state.loot:
        if pile.hex != at or not (pile.owner == index or player.zombie_turns > 0):
            continue
        for instance in pile.cards:
            gained = gain(player, instance, state.ctx)
            player = gained.player
            reason = f"_{gained.reason}" if gained.where == "backpack" and gained.reason else ""
            out.append((instance, gained.where + reason))
    return out


def guardian_fight(state: GameState, index: int, at: Hex | None = None) -> Fight | None:
    """The fight player ``index`` would start by entering the Epicenter now (None if unknown),
    on ``at`` after taking the loot lying there (:func:`after_pickup`)."""
    guardian = known_guardian(state)
    if guardian is None:
        return None
    state = after_pickup(state, index, at)
    player = state.players[index]
    event_kind: str | None = None
    if player.held_event is not None:
        event = state.card(player.held_event)
        if isinstance(event, Event) and event.effect.kind in FIGHT_EVENTS:
            event_kind = event.effect.kind  # EVENT-1: a held fight event applies to it
    side = stalker_side(state, player)
    return start_fight(side, guardian, GUARDIAN_COLOUR, event=event_kind, epicenter=True)


def fight_odds(fight: Fight) -> Odds:
    """Win, death (and escape) of ``fight`` with the best play, its grenades and stimulators
    weighed as the fight screen weighs them (the same figures it opens with; the solver is
    imported here, in the worker, so that the first board does not wait for it)."""
    from stalkerzone.client.screens.fight.odds_worker import compute

    return compute(fight).best


def guardian_odds(
    session: GameSession, index: int, *, wait: bool = False, at: Hex | None = None
) -> tuple[Monster, Odds] | None:
    """The guardian and the odds of player ``index`` against it (with the kit it will have once
    the loot on ``at`` is picked up), computed off the frame in the session's worker: ``None``
    while they are being computed (unless ``wait``) or when the fight is not known."""
    state = session.view
    guardian = known_guardian(state)
    if guardian is None:
        return None
    key = ("guardian-odds", session.version, index, at)

    def solve() -> Odds | None:
        fight = guardian_fight(state, index, at)
        return None if fight is None else fight_odds(fight)

    session.worker.submit(key, solve)
    odds: Odds | None = session.worker.wait(key) if wait else session.worker.result(key)
    return None if odds is None else (guardian, odds)


def is_epicenter(placed: PlacedHex | None) -> bool:
    return placed is not None and placed.tile.site == Site.EPICENTER


def guardian_line(guardian: Monster, odds: Odds | None) -> str:
    """The hover and warning line: the guardian at red, the odds with the best play first
    ("counting…" while they are computed), then its numbers at red."""
    stats = guardian.at(GUARDIAN_COLOUR)
    head = i18n.t("known_fight.guardian", name=card_name(guardian))
    numbers = i18n.t(
        "known_fight.stats", health=stats.health, attack=str(stats.attack), defence=stats.defence
    )
    if odds is None:
        chances = i18n.t("known_fight.counting")
    else:
        chances = i18n.t("known_fight.odds", win=percent(odds.win), death=percent(odds.death))
    return f"{head} — {chances} · {numbers}"
