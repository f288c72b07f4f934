"""What moves on the board: a token walks its path hex by hex (Space skips, any press lands it
and acts), a card won flies from its source to the stalker's place on the side panel."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import arcade

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import SeatSpec
from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.render.card_flight import CardFlights, Flying, flights_of
from stalkerzone.client.render.token_walk import TokenWalk
from stalkerzone.client.render.zone_layer import HEX
from stalkerzone.client.screens.board import BoardView
from stalkerzone.engine.core import Note, Site
from stalkerzone.engine.play import Buy, EndTurn, Move
from stalkerzone.engine.zone import Hex
from tests.client.test_client_board import start, to_board
from tests.client.test_client_screens import start as start_seeded
from tests.support.window import click, current, frame, key, shown

SHOTS = Path("/tmp/stalkerzone-motion-shots")


def far_move(view: BoardView) -> tuple[Hex, tuple[Hex, ...]]:
    """The lit hex farthest away that is no site (no base opens on arrival), and its path."""
    plain = [h for h in view.routes if view.hexes[h].tile.site is None]
    target = max(plain, key=lambda h: (len(view.routes[h].path), h))
    assert len(view.routes[target].path) >= 2
    return target, tuple(view.routes[target].path)


def shot(name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    arcade.get_image().save(SHOTS / f"{name}.png")


def test_a_move_walks_each_hex_of_its_path_in_order(win: StalkerWindow) -> None:
    session = start(win)
    view = to_board(win, session)
    me = session.state.current_player
    start_hex = session.state.players[me].position
    assert start_hex is not None
    target, path = far_move(view)
    view.do(Move(target))
    assert view.walker == me and session.state.players[me].position == target
    visited: list[Hex] = []
    spots = []
    for k in range(200):
        now = view.motion.walk.hex_now
        if now is None:
            break
        if not visited or visited[-1] != now:
            visited.append(now)
        spots.append(view.motion.walk.spot())
        frame(win)
        if k == 8:
            shot("mid-walk")
    assert visited == [start_hex, *path]  # every hex in order, none skipped, none jumped
    assert len(set(spots)) > len(path)  # it moved between hexes too, not hex to hex at once
    assert view.walker is None and view.positions[me] == target
    assert spots[-1] != hexgeom.world(start_hex.q, start_hex.r, HEX)


def test_token_walk_ends_on_its_destination() -> None:
    walk = TokenWalk()
    hexes = (Hex(0, 0), Hex(1, 0), Hex(2, -1))
    walk.start(2, hexes)
    walk.update(0.25, 6.0)
    x, _y = walk.spot()
    assert hexgeom.world(0, 0, HEX)[0] < x < hexgeom.world(2, -1, HEX)[0]
    walk.finish()
    assert walk.spot() == hexgeom.world(2, -1, HEX) and walk.hex_now == Hex(2, -1)
    assert walk.update(0.0, 6.0) is True and not walk.active


def test_space_skips_the_walk(win: StalkerWindow) -> None:
    session = start(win)
    view = to_board(win, session)
    target, _path = far_move(view)
    view.do(Move(target))
    frame(win)
    assert view.walker is not None
    key(win, arcade.key.SPACE)
    assert view.walker is None and view.busy is False
    frame(win)
    assert current(win) is view


def test_a_key_during_the_walk_lands_it_and_acts(win: StalkerWindow) -> None:
    session = start(win)
    view = to_board(win, session)
    target, _path = far_move(view)
    view.do(Move(target))
    frame(win)
    assert view.walker is not None
    key(win, arcade.key.B)  # the stalker card, at once
    assert view.walker is None and current(win).kind == "stalker"
    assert session.state.players[session.state.current_player].position == target


def test_a_click_during_the_walk_lands_it(win: StalkerWindow) -> None:
    session = start(win)
    view = to_board(win, session)
    target, _path = far_move(view)
    view.do(Move(target))
    frame(win)
    assert view.walker is not None
    x, y = view.camera.to_screen(*hexgeom.world(target.q, target.r, HEX))
    click(win, x, y)
    assert view.walker is None and current(win) is view
    frame(win)  # the resting token is drawn on its hex again


def test_a_card_bought_flies_from_the_stalkers_hex_to_the_panel(win: StalkerWindow) -> None:
    session = start(win)
    view = to_board(win, session)
    me = session.state.current_player
    session.act(Buy("bandage"))  # the stalkers start at the Village (BASE-1)
    frame(win)
    (flight,) = view.motion.flights.flights
    assert flight.card == "bandage"
    assert flight.start == view.motion.hex_spot(view, me)  # it leaves the stalker's hex
    assert replace(flight, t=0.0).position() == flight.start and 0 < flight.t < 0.1
    end = view.motion.panel_spot(view, me)
    assert end[0] > win.width - view.hud_w  # it goes to the side panel
    for k in range(120):
        if not view.motion.flights.active:
            break
        frame(win)
        if k == 18:
            shot("mid-flight")
    assert not view.motion.flights.active
    assert view.motion.flights.landed[-1].position() == end


def test_an_event_drawn_flies_from_the_deck_before_it_is_revealed(win: StalkerWindow) -> None:
    for seed in range(1, 40):
        session = start_seeded(win, seed)
        view = to_board(win, session)
        zone = session.state.zone_map
        moves = [
            a
            for a in session.legal_now()
            if isinstance(a, Move) and zone.hexes[a.to].site == Site.EVENT
        ]
        if moves:
            break
    else:
        raise AssertionError("no seed with an event site in reach")
    view.do(moves[0])
    key(win, arcade.key.SPACE)  # the walk: there at once
    frame(win)
    (flight,) = view.motion.flights.flights
    assert flight.start == view.motion.deck_spot(view)  # off the event deck
    assert flight.end == view.motion.reveal_spot(view)  # to where the card is shown large
    assert not view.reveals.active  # the reveal waits for the card to arrive
    for k in range(120):
        if not view.motion.flights.active:
            break
        frame(win)
        if k == 20:
            shot("mid-flight-event")
    frame(win)
    assert view.reveals.active and view.reveals.current is not None
    assert view.reveals.current.card == flight.card


def test_space_lands_a_flying_card(win: StalkerWindow) -> None:
    session = start(win)
    view = to_board(win, session)
    session.act(Buy("bandage"))
    frame(win)
    assert view.motion.flights.active
    key(win, arcade.key.SPACE)
    assert not view.motion.flights.active and view.motion.flights.landed[-1].card == "bandage"


def test_cards_that_fly_and_where_from() -> None:
    notes = [
        Note("EVENT-1", "event_drawn", "x", player="Anna", card="emission"),
        Note("ANOM-1", "artifact_gained", "x", player="Anna", card="soul"),
        Note("TROPHY-1", "trophy_taken", "x", player="Boris", card="boar"),
        Note("BASE-2", "buy", "x", player="Anna", card="medkit", price=300),
        Note("DEATH-3", "pickup_own", "x", player="Anna"),
        Note("BASE-2", "sell", "x", player="Anna", card="medkit"),
        "BASE-2: Anna buys medkit for 300",  # from a save: no key, nothing flies
    ]
    assert flights_of(notes) == [
        Flying("emission", "Anna", "deck", "reveal"),  # then shown large, then to the panel
        Flying("soul", "Anna", "hex", "reveal"),
        Flying("boar", "Boris", "hex", "reveal"),
        Flying("medkit", "Anna", "hex", "panel"),  # straight to the panel
        Flying("", "Anna", "hex", "panel"),
    ]
    flights = CardFlights()
    flights.launch(["a", "b"], (0.0, 0.0), (100.0, 50.0))
    flights.update(0.1, 1.0)
    first, second = flights.flights
    assert first.t > 0 and second.t == 0  # the second leaves after the first
    flights.update(10.0, 1.0)
    flights.update(10.0, 1.0)
    assert not flights.active and [f.position() for f in flights.landed] == [(100.0, 50.0)] * 2


def test_cards_still_flying_land_when_the_screen_is_handed_to_the_next_player(
    win: StalkerWindow,
) -> None:
    session = start(win)  # two people at one screen
    view = to_board(win, session)
    first = session.state.current_player
    session.act(Buy("bandage"))
    frame(win)
    assert view.motion.flights.active  # on its way to the panel
    session.act(EndTurn())
    frame(win)
    assert current(win).kind == "handover"
    key(win, arcade.key.SPACE)  # "I am Boris"
    assert current(win) is view and session.viewer != first
    win.dispatch_event("on_draw")  # the first look at the board: nothing of Anna's flies
    assert not view.motion.flights.active
    assert view.motion.flights.landed[-1].card == "bandage"


def test_a_bots_cards_land_when_the_next_persons_turn_begins(win: StalkerWindow) -> None:
    seats = (
        SeatSpec("Anna", "gromoboy"),
        SeatSpec("Bot", "nosorog", "normal"),
        SeatSpec("Alex", "shustry"),
    )
    session = start(win, seats)
    to_board(win, session)
    while session.state.current_player != 0:  # to Anna's turn, the bot's next
        session.act(EndTurn())
    session.act(EndTurn())
    frame(win)
    for _ in range(900):  # the bot plays at the animation speed (it trades on the base screen)
        if current(win).kind == "handover":
            break
        frame(win)
    assert session.state.current_player == 2 and current(win).kind == "handover"
    assert any(isinstance(a, Buy) for a in session.actions), "the bot bought nothing"
    key(win, arcade.key.SPACE)  # "I am Alex"
    board = shown(win, BoardView)
    win.dispatch_event("on_draw")  # Alex's first look: the bot's purchases fly no more
    assert not board.motion.flights.active
    for _ in range(3):
        frame(win)
        assert not board.motion.flights.active


def test_only_the_flights_of_earlier_turns_land() -> None:
    flights = CardFlights()
    flights.launch(["old"], (0.0, 0.0), (100.0, 50.0), turn=3)
    flights.launch(["new"], (0.0, 0.0), (100.0, 50.0), turn=4)
    assert flights.land_before(4)
    assert [f.card for f in flights.flights] == ["new"] and flights.landed[-1].card == "old"
    assert not flights.land_before(4)
