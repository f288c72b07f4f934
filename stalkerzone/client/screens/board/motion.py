"""What moves on the board: the walking token (:mod:`~stalkerzone.client.render.token_walk`)
and the cards flying to the side panel (:mod:`~stalkerzone.client.render.card_flight`).

:class:`BoardMotion` follows the session's new notes for cards that come to a stalker and
places their flights: from the event deck (the top of the map) or the stalker's hex to where
the reveal shows the card large (it slides it on to the panel) or, for a card not revealed (a
purchase, loot), to the stalker's place on the side panel (the panel's top for the stalker it
shows, else the stalker's row). Flights wait while a token walks and while a card is revealed,
and the next reveal waits for them, so they follow what the table is looking at. Flights of an
earlier turn land at once when a person's turn begins or the screen is handed over to another
seat (as a bot's revealed cards are dropped then: TURN-3). Everything
runs at the animation speed (at once when bots are skipped or headless watching). Any key or
mouse press while something moves lands it first, then acts (:meth:`BoardMotion.listen`: a
handler above the screen's own).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stalkerzone.client.controller.session import PUBLIC
from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.render.card_flight import CardFlights, Flying, flights_of
from stalkerzone.client.render.token_walk import HEXES_PER_SECOND, TokenWalk
from stalkerzone.client.render.zone_layer import HEX
from stalkerzone.client.screens.board.hud import HUD_W
from stalkerzone.client.sound.note_feed import HasRecord, NoteFeed
from stalkerzone.client.widgets import theme

if TYPE_CHECKING:
    from stalkerzone.client.screens.board.screen import BoardView

INSTANT = 1e9  # a speed that ends any animation in one update


class BoardMotion:
    """The board's walking token and flying cards."""

    def __init__(self, session: HasRecord | None = None) -> None:
        self.walk = TokenWalk()
        self.flights = CardFlights()
        self.feed = NoteFeed()
        self.feed.take(session)  # what happened before the board opened does not fly
        self._view: BoardView | None = None
        self.shown_to: int | None = None  # the seat whose eyes the flights were launched for

    def hold_reveals(self, view: BoardView) -> bool:
        """New cards take off; the next revealed card waits while the token walks or cards
        are on their way (it shows where they land)."""
        self.take_off(view)
        return self.walk.active or self.flights.active

    def take_off(self, view: BoardView) -> None:
        """The flights of the cards of the actions applied since the last look."""
        if view.session.viewer != self.shown_to:  # handed over: nothing flies on
            self.shown_to = view.session.viewer
            self.flights.finish()
        for action in self.feed.take(view.session):
            for flying in flights_of(action.notes):
                self.launch(view, flying, action.turn)
        self.drop_earlier_turns(view)

    def drop_earlier_turns(self, view: BoardView) -> None:
        """TURN-3: once a person's turn has begun (after the hand-over page, or straight after
        the bots), the cards still flying from earlier turns (a bot's purchases among them) are
        where they go at once: they cover nothing of the new turn's board."""
        session = view.session
        if self.flights.active and session.state.phase != "over" and not session.is_bot():
            self.flights.land_before(session.state.turn)

    @staticmethod
    def speed(view: BoardView) -> float:
        """The animation speed (settings); instant when bots are skipped or watched headless."""
        if view.win.headless_fast or view.win.skip_bots:
            return INSTANT
        return max(0.25, view.app.settings.animation_speed)

    def update(self, view: BoardView, dt: float) -> bool:
        """New cards take off, flights move on (held while the token walks or a card is
        revealed); True when the walk ended in this update."""
        self.take_off(view)
        speed = self.speed(view)
        if not self.walk.active and not view.reveals.active:
            self.flights.update(dt, speed)
        return self.walk.update(dt, HEXES_PER_SECOND * speed)

    def launch(self, view: BoardView, flying: Flying, turn: int = 0) -> None:
        """A card's flight (that came in ``turn``) from its source to its new holder's place on
        the panel."""
        players = view.view.players
        index = next((k for k, p in enumerate(players) if p.name == flying.player), None)
        if index is None:
            return
        start = self.deck_spot(view) if flying.source == "deck" else self.hex_spot(view, index)
        if start is None:
            return
        if flying.target == "reveal":
            self.flights.launch([flying.card], start, self.reveal_spot(view), turn)
        else:
            self.flights.launch([flying.card], start, self.panel_spot(view, index), turn)

    @staticmethod
    def deck_spot(view: BoardView) -> tuple[float, float]:
        """Where the event deck is taken from: the middle of the map's top."""
        left, bottom, width, height = view.camera.area
        return left + width / 2, bottom + height - theme.px(50)

    @staticmethod
    def hex_spot(view: BoardView, index: int) -> tuple[float, float] | None:
        """The window pixel of the stalker's hex (None: not on the map)."""
        where = view.positions.get(index)
        if where is None:
            return None
        x, y = hexgeom.world(where.q, where.r, HEX)
        return view.camera.to_screen(x, y)

    @staticmethod
    def reveal_spot(view: BoardView) -> tuple[float, float]:
        """The middle of the card the reveal shows (its panel centred in the window, the card at
        its left: ``RevealOverlay.build``)."""
        px = theme.px
        w, h = view.window.width, view.window.height
        pw, ph = min(w - px(80), px(640)), min(h - px(120), px(420))
        return (w - pw) / 2 + px(20) + px(115), (h - ph) / 2 + px(40) + (ph - px(90)) / 2

    @staticmethod
    def panel_spot(view: BoardView, index: int) -> tuple[float, float]:
        """The stalker's place on the side panel: its top for the stalker it shows (the viewer,
        else whoever plays), else the stalker's row among the players."""
        w, h = view.window.width, view.window.height
        shown = view.session.viewer
        if shown == PUBLIC:
            shown = view.view.current_player
        if index != shown and index < len(view.player_bars):
            left, y, width, _height, _f = view.player_bars[index]
            return left + width / 2, y + theme.px(8)
        return w - theme.px(HUD_W) / 2, h - theme.px(60)

    def moving(self, view: BoardView) -> bool:
        """A token walks or a card flies (cards waiting under a revealed card do not yet)."""
        return self.walk.active or (self.flights.active and not view.reveals.active)

    def finish(self, view: BoardView) -> None:
        """Land the flying cards and end the walk now (the screen rests its token:
        ``end_walk``); cards waiting under a revealed card fly when it is acknowledged."""
        if not view.reveals.active:
            self.flights.finish()
        if self.walk.active:
            self.walk.stop()
            view.end_walk()

    def draw_flights(self, view: BoardView) -> None:
        if self.flights.active:  # the screen may be drawn before its first update
            self.take_off(view)
        if self.flights.active and not self.walk.active and not view.reveals.active:
            self.flights.draw(view.session.cards)

    # --- input while something moves ---------------------------------------------------------
    def listen(self, view: BoardView) -> None:
        """While ``view`` is shown: a key or mouse press first lands what moves, then goes on
        to the screen (or is used up, if landing opened another screen: a base's)."""
        self.unlisten()
        self._view = view
        view.window.push_handlers(on_key_press=self._key, on_mouse_press=self._mouse)

    def unlisten(self) -> None:
        if self._view is not None:
            self._view.window.remove_handlers(on_key_press=self._key, on_mouse_press=self._mouse)
            self._view = None

    def _input(self) -> bool | None:
        view = self._view
        if view is None or not self.moving(view) or view.window.current_view is not view:
            return None
        self.finish(view)
        return True if view.window.current_view is not view else None

    def _key(self, symbol: int, modifiers: int) -> bool | None:
        return self._input()

    def _mouse(self, x: int, y: int, button: int, modifiers: int) -> bool | None:
        return self._input()
