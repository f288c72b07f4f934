"""Cards drawn or won fly from where they come from to where they go.

An event drawn (EVENT-1) comes off the event deck; an artifact found (ANOM-1, SITE-3), a trophy
won (TROPHY-1), loot picked up (DEATH-3) and a purchase (BASE-2) come from the stalker's hex
(the anomaly, the monster, the pile, the base). A card the board then shows large (an event, an
artifact, a trophy: the reveal, which slides it on to the side panel when it goes) flies to
where the reveal shows it; the others fly straight to the stalker's place on the side panel.
:func:`flights_of` reads which cards fly from an action's notes (pure);
:class:`CardFlights` moves and draws them at the animation speed, a small card with its art,
lifted on an arc; Space, or any input, lands them at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

import arcade

from stalkerzone.client.render.card_art import art_texture
from stalkerzone.client.render.card_back import draw_card_back
from stalkerzone.client.render.card_face import KIND_COLOUR, kind_colour
from stalkerzone.client.widgets import theme
from stalkerzone.engine.core import CardSet

Source = Literal["deck", "hex"]
Target = Literal["reveal", "panel"]
SECONDS = 0.8  # one flight at animation speed 1
STAGGER = 0.18  # between cards that fly together
MAX_FLIGHTS = 6
CARD_W, CARD_H = 54, 76  # the flying card (before the UI scale)

FLYING_NOTES: dict[str, tuple[Source, Target]] = {
    "event_drawn": ("deck", "reveal"),  # EVENT-1
    "artifact_gained": ("hex", "reveal"),  # ANOM-1, SITE-3
    "trophy_taken": ("hex", "reveal"),  # TROPHY-1
    "pickup_own": ("hex", "panel"),  # DEATH-3
    "pickup_other": ("hex", "panel"),
    "buy": ("hex", "panel"),  # BASE-2
}
"""Engine message keys of a card that comes to a stalker: where it comes from, where it goes."""


@dataclass(frozen=True, slots=True)
class Flying:
    """A card to fly: its id ("" for a pile of loot: a card back), whose it becomes, from
    where and to where."""

    card: str
    player: str
    source: Source
    target: Target = "panel"


def flights_of(notes: Iterable[object]) -> list[Flying]:
    """The cards an action's notes bring to a stalker (a note read from a save has no key)."""
    out: list[Flying] = []
    for note in notes:
        way = FLYING_NOTES.get(getattr(note, "key", ""))
        if way is None:
            continue
        params = dict(getattr(note, "params", ()))
        card, player = params.get("card", ""), params.get("player", "")
        if isinstance(card, str) and isinstance(player, str):
            out.append(Flying(card, player, *way))
    return out


@dataclass(slots=True)
class CardFlight:
    """One card on its way from ``start`` to ``end`` (window pixels); ``t`` from 0 to 1."""

    card: str
    start: tuple[float, float]
    end: tuple[float, float]
    t: float = 0.0
    delay: float = 0.0  # seconds before it leaves (cards drawn together leave one by one)
    turn: int = 0  # the turn the card came in (TURN-1)

    def position(self) -> tuple[float, float]:
        """Where the card is: eased along the line, lifted on an arc in the middle."""
        f = min(1.0, max(0.0, self.t))
        e = f * f * (3 - 2 * f)
        (ax, ay), (bx, by) = self.start, self.end
        lift = 4 * f * (1 - f) * theme.px(60)
        return ax + (bx - ax) * e, ay + (by - ay) * e + lift

    def scale(self) -> float:
        """Larger in the middle of its flight, small as it lands in the panel."""
        f = min(1.0, max(0.0, self.t))
        return 1.0 + 0.35 * 4 * f * (1 - f) - 0.3 * f * f


class CardFlights:
    """The cards flying now; :meth:`update` moves them, :meth:`draw` draws them."""

    def __init__(self) -> None:
        self.flights: list[CardFlight] = []
        self.landed: list[CardFlight] = []  # the last cards that arrived (for the tests)

    @property
    def active(self) -> bool:
        return bool(self.flights)

    def launch(
        self,
        cards: Sequence[str],
        start: tuple[float, float],
        end: tuple[float, float],
        turn: int = 0,
    ) -> None:
        """Send ``cards`` (that came in ``turn``) from ``start`` to ``end``, one after another."""
        for card in cards:
            if len(self.flights) >= MAX_FLIGHTS:
                return
            delay = STAGGER * len(self.flights)
            self.flights.append(CardFlight(card, start, end, delay=delay, turn=turn))

    def update(self, dt: float, speed: float) -> None:
        """Move every card on (``speed``: the animation speed; very high lands them at once)."""
        for flight in self.flights:
            if flight.delay > 0:
                flight.delay -= dt * speed
                continue
            flight.t += dt * speed / SECONDS
        arrived = [f for f in self.flights if f.t >= 1.0]
        if arrived:
            self.landed = (self.landed + arrived)[-MAX_FLIGHTS:]
            self.flights = [f for f in self.flights if f.t < 1.0]

    def finish(self) -> None:
        """Space or another input: every card is where it goes."""
        for flight in self.flights:
            flight.t, flight.delay = 1.0, 0.0
        self.update(0.0, 1.0)

    def land_before(self, turn: int) -> bool:
        """The cards of turns before ``turn`` are where they go at once (True if any were
        flying); those of ``turn`` fly on."""
        early = [f for f in self.flights if f.turn < turn]
        for flight in early:
            flight.t, flight.delay = 1.0, 0.0
        if early:
            self.update(0.0, 1.0)
        return bool(early)

    def draw(self, cards: CardSet | None) -> None:
        """Each card in flight: a small card in its kind's colour with its art (window pixels)."""
        px = theme.px
        for flight in self.flights:
            if flight.delay > 0:
                continue
            x, y = flight.position()
            s = flight.scale()
            w, h = px(CARD_W) * s, px(CARD_H) * s
            card = cards.get(flight.card) if cards is not None and flight.card in cards else None
            edge = kind_colour(card) if card is not None else KIND_COLOUR["card"]
            arcade.draw_lrbt_rectangle_filled(
                x - w / 2 + px(3),
                x + w / 2 + px(3),
                y - h / 2 - px(4),
                y + h / 2 - px(4),
                (0, 0, 0, 120),
            )  # its shadow on the table
            arcade.draw_lrbt_rectangle_filled(
                x - w / 2, x + w / 2, y - h / 2, y + h / 2, theme.PANEL
            )
            art = art_texture(card.art) if card is not None and card.art else None
            inner = px(4) * s
            if art is not None:
                box = arcade.LRBT(
                    x - w / 2 + inner, x + w / 2 - inner, y - h / 2 + inner, y + h / 2 - inner
                )
                arcade.draw_texture_rect(art, box)
            elif card is None:  # a pile of loot: the card back every hidden card shows
                draw_card_back(x - w / 2, y - h / 2, w, h)
                continue
            else:  # no art (a custom card): its kind's colour
                arcade.draw_lrbt_rectangle_filled(
                    x - w / 2 + inner,
                    x + w / 2 - inner,
                    y - h / 2 + inner,
                    y + h / 2 - inner,
                    edge,
                )
            arcade.draw_lrbt_rectangle_outline(
                x - w / 2, x + w / 2, y - h / 2, y + h / 2, edge, max(2.0, px(3) * s)
            )
