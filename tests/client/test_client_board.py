"""The board through real input: reachable hexes lit where the engine allows a move, path and
cost on hover, click to move (animated), pan/zoom kept on the Zone, end turn, the hand-over page
that shows nothing private."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import arcade
import arcade.gui

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import GameSession, GameSpec, SeatSpec
from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.render.zone_layer import HEX
from stalkerzone.client.screens.board import BoardView
from stalkerzone.client.screens.board.aids import FIT_MARGIN
from stalkerzone.engine.play import EndTurn, Move
from stalkerzone.engine.zone import Hex
from tests.support.window import click, current, frame, key, pixel, pixels, shown


def start(win: StalkerWindow, seats: tuple[SeatSpec, ...] | None = None) -> GameSession:
    seats = seats or (SeatSpec("Anna", "gromoboy"), SeatSpec("Boris", "nosorog"))
    session = GameSession.start(win.app, GameSpec(seed=5, seats=seats, zone_mode="free"))
    session.worker.synchronous = True
    session.autosave_enabled = False
    win.app.session = session
    return session


def to_board(win: StalkerWindow, session: GameSession) -> BoardView:
    session.show(win)
    if isinstance(win.current_screen, BoardView) and win.current_screen.opening.hands_over:
        key(win, arcade.key.SPACE)  # the whole Zone shown to the table first: pass it on
    if current(win).kind == "handover":
        key(win, arcade.key.SPACE)
    frame(win, updates=2)
    assert current(win).kind == "board"
    return shown(win, BoardView)


def hex_screen(view: BoardView, h: Hex) -> tuple[float, float]:
    return view.camera.to_screen(*hexgeom.world(h.q, h.r, HEX))


def set_state(session: GameSession, state: Any) -> None:
    """Test set-up only: a hand-made state in place of the current one."""
    session.record = replace(session.record, states=(*session.record.states[:-1], state))
    session.version += 1


def test_client_board_lights_the_engine_moves_and_moves_on_click(win: StalkerWindow) -> None:
    session = start(win)
    view = to_board(win, session)
    moves = {a.to for a in session.legal_now() if isinstance(a, Move)}
    assert moves and set(view.routes) == moves
    me = session.state.current_player
    start_hex = session.state.players[me].position
    target = max(moves, key=lambda h: (len(view.routes[h].path), h))
    x, y = hex_screen(view, target)
    if not view.camera.inside(x, y):
        view.camera.camera.position = hexgeom.world(target.q, target.r, HEX)
        frame(win)
        x, y = hex_screen(view, target)
    # how a lit hex looks: test_colour_blind (a bright amber edge, no terrain's colour)
    win.dispatch_event("on_mouse_motion", x, y, 0, 0)
    win.dispatch_events()
    assert view.hover == target and "cost" in view.path_text.text
    click(win, x, y)
    assert session.state.players[me].position != start_hex
    assert view.walker == me or session.state.phase != "turn"  # the token walks
    for _ in range(120):
        frame(win)
        if not view.busy:
            break
    assert view.walker is None


def test_client_board_pan_zoom_and_clamp(win: StalkerWindow) -> None:
    session = start(win)
    view = to_board(win, session)
    zoom = view.camera.zoom
    win.dispatch_event("on_mouse_scroll", 400, 400, 0, 1)
    win.dispatch_events()
    assert view.camera.zoom > zoom
    key(win, arcade.key.MINUS)
    key(win, arcade.key.MINUS)
    assert view.camera.zoom < zoom * 1.15
    before = view.camera.position
    key(win, arcade.key.LEFT)
    assert view.camera.position != before
    for _ in range(60):  # drag far away: the view stays over the Zone
        win.dispatch_event("on_mouse_drag", 400, 400, 400, 0, arcade.MOUSE_BUTTON_LEFT, 0)
    win.dispatch_event("on_mouse_press", 400, 400, arcade.MOUSE_BUTTON_LEFT, 0)
    for _ in range(60):
        win.dispatch_event("on_mouse_drag", 400, 400, 400, 0, arcade.MOUSE_BUTTON_LEFT, 0)
    win.dispatch_event("on_mouse_release", 400, 400, arcade.MOUSE_BUTTON_LEFT, 0)
    win.dispatch_events()
    left, right, bottom, top = view.camera.bounds
    x, y = view.camera.position
    assert left <= x <= right and bottom <= y <= top


def test_client_board_end_turn_hands_over_and_hides_private_things(win: StalkerWindow) -> None:
    session = start(win)
    view = to_board(win, session)
    first = session.state.current_player
    key(win, arcade.key.E)  # not moved yet: the board asks first (TURN-2)
    frame(win)
    assert view.question is not None and session.state.current_player == first
    key(win, arcade.key.Y)
    frame(win)
    assert session.state.current_player != first
    assert session.actions[-1] == EndTurn()
    assert current(win).kind == "handover"
    plain = pixels(win)
    # the same hand-over with secrets in the state: the screen must not change by a pixel
    state = session.state
    other = state.current_player
    rich = replace(state.players[other], cash=98765, held_event="monster-first#1")
    set_state(
        session,
        replace(
            state, players=tuple(rich if k == other else p for k, p in enumerate(state.players))
        ),
    )
    current(win).rebuild()
    frame(win)
    assert pixels(win).tobytes() == plain.tobytes()
    texts = " ".join(t.text for t in current(win)._texts)
    assert "98765" not in texts and "monster" not in texts.lower()
    key(win, arcade.key.SPACE)
    frame(win)
    assert current(win).kind == "board" and session.viewer == other
    assert view is win.current_screen  # the board is kept: its camera stays where it was


def test_client_board_refusal_is_shown_and_state_kept(win: StalkerWindow) -> None:
    session = start(win)
    view = to_board(win, session)
    moves = {a.to for a in session.legal_now() if isinstance(a, Move)}
    me = session.state.players[session.state.current_player].position
    far = next(h for h in sorted(view.hexes) if h not in moves and h != me)
    before = session.state
    view.try_illegal_move(far)
    assert session.state is before
    assert view.message.startswith(("TURN-2", "WIN-1"))


def test_client_board_resize_and_ui_scale(win: StalkerWindow) -> None:
    from stalkerzone.client.widgets import theme

    session = start(win)
    view = to_board(win, session)
    end = next(
        w
        for w in view.ui.walk_widgets()
        if isinstance(w, arcade.gui.UIFlatButton) and w.text == "End turn"
    )
    width = end.rect.width
    theme.set_scale(1.3)
    win.dispatch_event("on_resize", win.width, win.height)
    frame(win)
    end = next(
        w
        for w in view.ui.walk_widgets()
        if isinstance(w, arcade.gui.UIFlatButton) and w.text == "End turn"
    )
    assert end.rect.width > width * 1.2
    assert view.camera.area[2] == win.width - theme.px(300)
    theme.set_scale(1.0)
    win.dispatch_event("on_resize", win.width, win.height)
    frame(win)


def test_client_board_pan_moves_the_world_texture_and_zoom_renders_it_again(
    win: StalkerWindow,
) -> None:
    from stalkerzone.client.widgets import theme

    session = start(win)
    view = to_board(win, session)
    view.camera.fit(margin=FIT_MARGIN)  # the Zone centred in the whole map area: the token
    frame(win)  # sampled below at the size its ring is measured for
    frame(win)  # the zoom settled: rendered again at it
    renders = view.world.renders
    me = session.state.current_player
    place = view.tokens.places[me]  # tokens sharing a hex sit around its centre
    spot = (place.x, place.y)
    colour = theme.PLAYER_COLOURS[me % len(theme.PLAYER_COLOURS)]
    for symbol in (arcade.key.LEFT, arcade.key.UP):  # a pan only moves the texture
        key(win, symbol)
        frame(win)
        assert view.world.renders == renders
        view.camera.camera.position = spot
        frame(win)  # a moving frame: the map drawn straight onto the screen
        x, y = view.camera.to_screen(*spot)
        ring = x - (view.camera.to_screen(place.x + place.radius, place.y)[0] - x) * 0.77
        moving = pixels(win)
        token = pixel(moving, round(ring), win.height - 1 - round(y))  # the seat's colour
        assert all(abs(a - b) < 40 for a, b in zip(token, colour[:3], strict=True))
        frame(win)  # still: the cache caught up and shows the same map
        still = pixels(win)
        cached = pixel(still, round(ring), win.height - 1 - round(y))
        assert all(abs(a - b) <= 3 for a, b in zip(cached, token, strict=True))  # sampling
    key(win, arcade.key.PLUS)
    frame(win)
    frame(win)  # the zoom stayed put for a frame: rendered again at the new zoom, sharp
    assert view.world.renders > renders and view.world.zoom == view.camera.zoom
