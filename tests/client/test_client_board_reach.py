"""Hovering a hex the stalker cannot reach says why (TURN-2, ST-5, WIN-1), without a click and
without changing the game; a refusal said about one hex is gone when the mouse moves on."""

from __future__ import annotations

from dataclasses import replace

import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import SeatSpec
from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.render.zone_layer import HEX
from stalkerzone.client.screens.board import BoardView
from stalkerzone.client.screens.board.presenter import unreachable_reason
from stalkerzone.client.text import engine_text, i18n
from stalkerzone.engine.core import IllegalAction, Site
from stalkerzone.engine.game import apply
from stalkerzone.engine.play import GameState, Move
from stalkerzone.engine.zone import Hex, neighbours
from tests.client.test_client_board import hex_screen, set_state, start, to_board
from tests.support.game import fresh
from tests.support.window import frame


def hover(win: StalkerWindow, view: BoardView, h: Hex) -> None:
    x, y = hex_screen(view, h)
    if not view.camera.inside(x, y):
        view.camera.camera.position = hexgeom.world(h.q, h.r, HEX)
        frame(win)
        x, y = hex_screen(view, h)
    win.dispatch_event("on_mouse_motion", int(x), int(y), 1, 1)
    win.dispatch_events()


def far_hex(view: BoardView) -> Hex:
    """A hex on the map out of this turn's reach: the way costs too much or none leads there."""
    state = view.view
    me = state.players[state.current_player].position
    far = (h for h in sorted(view.hexes) if h not in view.routes and h != me)
    return next(h for h in far if refusal(state, h).key in ("out_of_reach", "no_way"))


def test_hovering_an_unreachable_hex_says_why_and_a_reachable_one_clears_it(
    win: StalkerWindow,
) -> None:
    session = start(win)
    view = to_board(win, session)
    before, version = session.state, session.version
    far = far_hex(view)
    hover(win, view, far)
    assert view.hover == far
    words = engine_text.sentence(engine_text.render(refusal(view.view, far), session.cards))
    expected = words[:1].upper() + words[1:]
    assert view.status.text == expected and expected
    assert view.path_text.text == ""
    assert session.state is before and session.version == version  # asked, nothing changed
    # a click on it says the same; moving to a reachable hex shows the path, no stale reason
    view.try_illegal_move(far)
    assert view.message
    near = min(view.routes, key=lambda h: view.routes[h].cost)
    hover(win, view, near)
    assert view.status.text == "" and view.message == ""
    assert view.path_text.text.startswith(i18n.t("board.path", steps=0, cost=0, allowance=0)[:4])


@pytest.mark.parametrize("language", ["en", "ru"])
def test_reason_words_for_cost_a_move_made_and_not_your_turn(language: str) -> None:
    i18n.set_language(language)
    state = fresh(3)
    me = state.player.position
    assert me is not None
    hexes = sorted(state.zone_map.hexes)
    refusals = {h: e for h in hexes if h != me and (e := refusal(state, h)).rule}
    far, error = next((h, e) for h, e in refusals.items() if e.key == "out_of_reach")
    reason = unreachable_reason(state, far, my_turn=True)
    params = dict(error.params)  # "the way costs 6 movement, the stalker has 4"
    assert str(params["cost"]) in reason and str(params["movement"]) in reason
    assert not reason.startswith("TURN-2")  # the words, not the rule id
    assert unreachable_reason(state, me, my_turn=True) == ""  # standing there
    other = unreachable_reason(state, far, my_turn=False)
    assert other == i18n.t("board_ux.hover_not_your_turn", name=state.player.name)
    near = next(h for h in hexes if h != me and h not in refusals)
    moved = apply(state, Move(near))
    if moved.phase == "turn" and moved.step != "move":  # the one move is made (TURN-2)
        made = unreachable_reason(moved, me, my_turn=True)
        words = engine_text.sentence(engine_text.render(refusal(moved, me), moved.cards))
        assert made.lower() == words.lower()
    i18n.set_language("en")


def test_a_bot_turn_says_not_your_turn(win: StalkerWindow) -> None:
    session = start(win, (SeatSpec("Anna", "gromoboy", "easy"), SeatSpec("Boris", "nosorog")))
    assert session.is_bot()
    state = session.view
    h = next(iter(sorted(state.zone_map.hexes)))
    assert unreachable_reason(state, h, my_turn=False).startswith(
        i18n.t("board_ux.hover_not_your_turn", name=state.player.name)[:5]
    )


def refusal(state: GameState, h: Hex) -> IllegalAction:
    """The engine's refusal of ``Move(h)`` (the state is not changed); one without a rule id
    when the move is legal."""
    try:
        apply(state, Move(h))
    except IllegalAction as error:
        return error
    return IllegalAction("", "legal")


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_path_to_a_base_closed_to_you_says_so_before_click_to_go(
    win: StalkerWindow, language: str
) -> None:
    """REP-1, BASE-1: a walk to a base whose reputation the stalker lacks warns first."""
    session = start(win)
    win.app.update_settings(replace(win.app.settings, language=language))
    state = session.state
    me = state.current_player
    zone = state.zone_map
    lab = next(h for h, tile in zone.hexes.items() if tile.site == Site.LABORATORY)
    near = next(
        h
        for h in neighbours(lab)
        if h in zone.hexes and state.variant.terrain_cost.get(zone.hexes[h].terrain) is not None
    )
    players = list(state.players)
    players[me] = replace(players[me], position=near, delivered=())
    set_state(session, replace(state, players=tuple(players)))
    view = to_board(win, session)
    route = view.routes[lab]
    hover(win, view, lab)
    needed = state.variant.reputation_needed(Site.LABORATORY)
    words = dict(steps=len(route.path), cost=route.cost, allowance=view.stats(me).movement)
    said = view.path_text.text.replace("\n", " ")
    assert needed > 0
    assert said == i18n.t("board.path_closed", **words, needed=needed, have=0)
    assert said.endswith(i18n.t("board.path", **words).rpartition(". ")[2])
    assert i18n.t("board.path", **words) != said
    edge = view.window.width - view.hud_w
    assert view.path_text.left + view.path_text.content_width <= edge
