"""What the stalker card shows besides the slots (no arcade here): trophies with their colour
(TROPHY-1), open orders with what each still needs (ORDER-1), the held fight event (EVENT-1),
Elements (WIN-1), where the loot lies (DEATH-1, DEATH-2: only one's own), and what was received
last: where the gained cards went and why (EQ-10), the trophy of the fight just won.

Everything is read from the player's view (``player_view``): another player's held event is
face down in it and their loot is not in it, so neither is ever shown.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from stalkerzone.client.controller.turn_log import LogLine
from stalkerzone.client.screens.bases.presenter import requirement_text
from stalkerzone.client.screens.reveal.presenter import card_name_of, gained_sentence, params
from stalkerzone.client.text import i18n
from stalkerzone.client.text.card_words import colour_name, site_name, t
from stalkerzone.engine.core import AnyCard, Colour, Monster, Note, Order, Site
from stalkerzone.engine.game import HIDDEN_CARD
from stalkerzone.engine.play import GameState, PlayerState, card_id
from stalkerzone.engine.turn import bases
from stalkerzone.engine.zone import Hex


@dataclass(frozen=True, slots=True)
class Holding:
    """A trophy, an open order or the held event: its card and the line under it."""

    kind: str  # trophy, order, event
    instance: str
    card: AnyCard
    note: str
    colour: Colour | None = None  # a trophy's colour (TROPHY-1)
    ready: bool = False  # an order that can be delivered now (ORDER-1)


def trophies(state: GameState, player: PlayerState, symbols: bool = False) -> list[Holding]:
    """TROPHY-1: each trophy at the colour it was killed at, with its price (TROPHY-2)."""
    out = []
    for trophy in player.trophies:
        card = state.card(trophy.card)
        price = card.at(trophy.colour).trophy_price if isinstance(card, Monster) else 0
        note = t("owned.trophy_note", colour=colour_name(trophy.colour, symbols), price=price)
        out.append(Holding("trophy", trophy.card, card, note, trophy.colour))
    return out


def orders(state: GameState, player: PlayerState, symbols: bool = False) -> list[Holding]:
    """ORDER-1: each open order with what it still needs, or that it is ready to deliver."""
    out = []
    for order in player.open_orders:
        card = state.card(order.card)
        assert isinstance(card, Order)
        ready = bases.fulfilment(state, player, order) is not None
        asks = requirement_text(state, card, symbols)
        note = t("owned.order_ready") if ready else unbroken_phrases(asks)
        out.append(Holding("order", order.card, card, note, ready=ready))
    return out


PHRASE = re.compile(r"«[^»]*»|\([^)]*\)")
"""A name in quotes or words in brackets: a phrase a line never breaks inside."""


def unbroken_phrases(text: str) -> str:
    """``text`` with no-break spaces inside quoted names and brackets, so that a tile's note
    wraps between phrases ("… «Слепой пёс» / (любого цвета)"), never inside one."""
    return PHRASE.sub(lambda found: found.group().replace(" ", "\u00a0"), text)


def held_event(state: GameState, player: PlayerState) -> list[Holding]:
    """EVENT-1: the fight event held for the next fight (the view names only one's own)."""
    if player.held_event is None or player.held_event == HIDDEN_CARD:
        return []
    card = state.card(player.held_event)
    return [Holding("event", player.held_event, card, t("owned.event_note"))]


def holdings(state: GameState, player: PlayerState, symbols: bool = False) -> list[Holding]:
    """Trophies, open orders and the held event, in that order (``symbols``: colour-blind
    marks on the colours)."""
    return (
        trophies(state, player, symbols)
        + orders(state, player, symbols)
        + held_event(state, player)
    )


def elements_line(state: GameState, player: PlayerState) -> str:
    """WIN-1: the Elements carried and how many the Epicenter asks for."""
    return t("owned.elements", n=player.elements, need=state.variant.elements_required)


NAMED_SITES = (Site.VILLAGE, Site.MILITARY_BASE, Site.LABORATORY, Site.EPICENTER)
"""Sites a player knows by name: one of each in the Zone (MAP-1)."""


def loot_lines(state: GameState, index: int) -> list[str]:
    """DEATH-1, DEATH-2: where this player's loot piles lie and what each holds."""
    lines = []
    for pile in state.loot:
        if pile.owner != index:
            continue
        what = []
        if pile.cards:
            what.append(t("owned.loot_cards", n=len(pile.cards)))
        if pile.trophies:
            what.append(t("owned.loot_trophies", n=len(pile.trophies)))
        if pile.money:
            what.append(t("owned.loot_money", n=pile.money))
        if pile.elements:
            what.append(t("owned.loot_elements", n=pile.elements))
        lines.append(t("owned.loot", where=hex_words(state, pile.hex), what=", ".join(what)))
    return lines


def hex_words(state: GameState, where: Hex) -> str:
    """A hex as a player finds it, in words, never coordinates (MAP-1): a base or the
    Epicenter by its name; elsewhere its sector's name, after what lies there (an anomaly)."""
    info = state.zone_map.hexes.get(where)
    if info is None:
        return t("owned.somewhere")
    site = site_name(info.site) if info.site is not None else ""
    if info.site in NAMED_SITES:
        return site
    sector = next((s for s in state.ctx.sectors if s.id == info.sector), None)
    name = i18n.card_text(sector.name) if sector is not None else ""
    return ", ".join(part for part in (site, name) if part) or t("owned.somewhere")


def still_held(note: Note, player: PlayerState) -> bool:
    """Whether a gained card is still the player's (EQ-10), in a slot or the backpack: a card
    sold or lost is no longer news, one moved between slot and backpack still is (the line
    names gains, it does not follow the moves); a trophy while it is carried (TROPHY-1)."""
    cid = str(dict(note.params).get("card"))
    if note.key in ("gained_grenade_cap", "anomaly_element"):
        return True
    if note.key == "trophy_taken":
        return any(card_id(trophy.card) == cid for trophy in player.trophies)
    return any(card_id(c) == cid for c in (*player.active, *player.backpack))


RECEIVED_KEYS = ("trophy_taken", "anomaly_element")
"""Notes of what a stalker receives besides equipment (``gained_*``): a trophy (TROPHY-1), an
Element (ANOM-1)."""


def received_sentence(note: Note, state: GameState) -> str:
    """What a note says the player received, in words ("" for a note of anything else)."""
    values = params(note)
    name = card_name_of(state, str(values.get("card")))
    if note.key == "trophy_taken":
        colour = values.get("colour")
        known = colour in {c.value for c in Colour}
        words = colour_name(Colour(str(colour))) if known else str(colour)
        return t("gained.trophy", card=name, colour=words)
    if note.key == "anomaly_element":
        return t("gained.element")
    return gained_sentence(note, state, name)


def gained_lines(
    lines: Iterable[object], state: GameState, player: PlayerState, limit: int = 2
) -> list[str]:
    """EQ-10, TROPHY-1: what this player received last (newest first, while still held): the
    cards gained and where they went, trophies, Elements, from the turn log's notes. Lines of
    the log (``LogLine``) count only from the turn of the newest one, so a card bought a turn
    ago never reads as news beside the trophy of the fight just won; lines taken back are
    skipped. Plain notes (no turn) are read as one turn."""
    out: list[str] = []
    newest: object = None
    for line in reversed(list(lines)):
        note = line.text if isinstance(line, LogLine) else line
        if isinstance(line, LogLine) and line.taken_back:
            continue
        if not isinstance(note, Note):
            continue
        if not (note.key.startswith("gained_") or note.key in RECEIVED_KEYS):
            continue
        if params(note).get("player") != player.name or not still_held(note, player):
            continue
        turn = line.turn if isinstance(line, LogLine) else None
        if out and turn != newest:
            break
        sentence = received_sentence(note, state)
        if not sentence:
            continue
        newest = turn
        out.append(sentence)
        if len(out) >= limit:
            break
    return out
