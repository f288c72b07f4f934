"""The start of play and the rounds at a table of two people and a bot that starts (TURN-1,
TURN-3): the Zone is shown whole with who starts before the bot moves, every seat's turn of
round N says round N, and the bot's cards stay in the bot's turn (none waits for the person
after the hand-over page)."""

from __future__ import annotations

import arcade
import pytest
from PIL import ImageChops, ImageStat

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import GameSession, GameSpec, SeatSpec
from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.render.zone_layer import HEX
from stalkerzone.client.screens.board import BoardView
from stalkerzone.client.screens.board.anomaly_dice import anomaly_roll
from stalkerzone.client.screens.board.opening import SECONDS
from stalkerzone.client.screens.handover import HandoverView
from stalkerzone.client.text import i18n
from stalkerzone.engine.core import Note
from stalkerzone.engine.play import EndTurn
from tests.support.window import current, frame, key, opened, pixels, shown

BOT = 1  # the bot's seat: "Bot 2", between Ivan and Anna


def table(win: StalkerWindow) -> GameSession:
    """Ivan, Bot 2 and Анна Каренина at a dealt Zone; seed 3 draws the bot to start."""
    ids = [card.id for card in win.app.cards().cards.stalkers]
    seats = (
        SeatSpec("Ivan", ids[0]),
        SeatSpec(i18n.default_bot_name(BOT + 1), ids[1], "easy"),
        SeatSpec("Анна Каренина", ids[2]),
    )
    session = GameSession.start(win.app, GameSpec(seed=3, seats=seats, zone_mode="free"))
    assert session.state.current_player == BOT and session.at_start_of_play()
    session.worker.synchronous = True
    session.autosave_enabled = False
    win.app.session = session
    return session


def texts(win: StalkerWindow) -> str:
    return " | ".join(t.text for t in current(win)._texts)


def test_the_dealt_zone_and_who_starts_are_shown_before_the_first_bot_moves(
    win: StalkerWindow,
) -> None:
    session = table(win)
    session.show(win)
    board = shown(win, BoardView)
    frame(win)
    assert board.opening.active and board.busy  # the bots wait
    banner = board.opening.text
    assert banner is not None and "Bot 2 starts" in banner.text.replace("\n", " ")
    left, bottom, width, height = board.camera.area
    for h in board.hexes:  # the whole Zone is on screen
        x, y = board.camera.to_screen(*hexgeom.world(h.q, h.r, HEX))
        assert left <= x <= left + width and bottom <= y <= bottom + height
    for _ in range(int(SECONDS * 10) - 5):  # most of the banner's time: the bot has not acted
        frame(win, dt=0.1)
    assert not session.actions and board.opening.active
    for _ in range(200):
        frame(win, dt=0.1)
        if session.actions:
            break
    assert session.actions and not board.opening.active  # then the bot plays


def test_the_banner_is_drawn_over_the_goal_panel_and_the_tips(win: StalkerWindow) -> None:
    from stalkerzone.client.screens.board.aids import GoalOverlay

    session = table(win)
    i18n.set_language("ru")  # the longer line: the banner reaches over the goal panel
    try:
        session.show(win)
        board = shown(win, BoardView)
        frame(win)
        goal = next(o for o in board.overlays if isinstance(o, GoalOverlay))
        assert board.opening.box is not None and goal.panel.box is not None
        (bl, br, bb, bt), (gl, gr, gb, gt) = board.opening.box, goal.panel.box
        left, right, bottom, top = max(bl, gl), min(br, gr), max(bb, gb), min(bt, gt)
        assert left < right and bottom < top, "the banner does not reach the goal panel here"
        box = (round(left), win.height - round(top), round(right), win.height - round(bottom))
        with_banner = pixels(win).crop(box)
        key(win, arcade.key.SPACE)
        frame(win)
        without = pixels(win).crop(box)
        differ = ImageChops.difference(with_banner.convert("RGB"), without.convert("RGB"))
        assert ImageStat.Stat(differ.convert("L")).mean[0] > 10, "the banner is under the panel"
    finally:
        i18n.set_language("en")


def test_space_sends_the_banner_away_and_russian_names_the_bot_in_russian(
    win: StalkerWindow,
) -> None:
    session = table(win)
    i18n.set_language("ru")
    try:
        session.show(win)
        board = shown(win, BoardView)
        frame(win)
        banner = board.opening.text
        assert banner is not None and "Первый ход: Бот 2" in banner.text.replace("\n", " ")
        assert session.bot_activity().startswith("Бот 2 ")
        assert "Бот 2" in texts(win) and "Bot 2" not in texts(win)
        key(win, arcade.key.SPACE)
        assert not board.opening.active
    finally:
        i18n.set_language("en")
    assert session.state.players[BOT].name == "Bot 2"  # stored as the default, not translated


@pytest.mark.slow
def test_each_seats_turn_of_round_n_says_round_n_and_no_bot_card_waits_for_a_person(
    win: StalkerWindow,
) -> None:
    """Round 1 is the bot's, Anna's and Ivan's turn (play goes on from the seat drawn first);
    the bot takes orders at the Village (cards shown while it plays), and after the hand-over
    page Anna sees none of them."""
    session = table(win)
    session.show(win)
    board = shown(win, BoardView)
    seen: list[tuple[int, int, str]] = []  # (seat, round said, screen)
    for _ in range(3000):
        frame(win, dt=0.1)
        screen = current(win)
        state = session.state
        if screen.kind == "handover":
            page = opened(screen, HandoverView)
            said = f"round {session.round}"
            assert said in texts(win)
            seen.append((page.player, session.round, "handover"))
            before = len(board.reveals.shown)
            key(win, arcade.key.SPACE)
            frame(win, dt=0.1)
            assert win.current_screen is board
            frame(win, dt=0.1, updates=3)
            # the cards of the turns before are not shown to the person who now plays
            assert all(r.player == page.player for r in board.reveals.shown[before:])
            assert all(r.player == page.player for _turn, r in board.reveals.queue.waiting)
        elif screen is board and not session.is_bot() and state.phase == "turn":
            line = session.seat_line()
            assert line.endswith(f"round {session.round}") and line in texts(win)
            seen.append((state.current_player, session.round, "board"))
            session.act(EndTurn())
            session.show(win)
        elif screen is board and session.is_bot():
            assert f"Round {session.round} · " in texts(win)
            seen.append((state.current_player, session.round, "bot"))
        elif not session.is_bot():
            session.show(win)
        if session.state.turn > 6:
            break
    rounds = {(seat, n) for seat, n, _where in seen}
    assert {(BOT, 1), (2, 1), (0, 1), (BOT, 2), (2, 2), (0, 2)} <= rounds
    assert (BOT, 2) not in {(seat, n) for seat, n, _w in seen[: seen.index((0, 1, "board"))]}


@pytest.mark.slow
def test_a_bots_anomaly_roll_is_gone_when_the_next_person_is_shown_the_board(
    win: StalkerWindow,
) -> None:
    """The bot's dice strip belongs to the bot's turn: after the hand-over page it is gone."""
    session = table(win)
    session.show(win)
    board = shown(win, BoardView)
    frame(win)
    rolled = anomaly_roll(Note("ANOM-1", "anomaly_nothing", "Rolled 2: nothing happens.", face=2))
    assert rolled is not None
    dice = board.anomaly_dice
    dice.shown, dice.left, dice.seen_by = rolled, 1000.0, session.viewer  # the bot's roll
    for _ in range(3000):
        frame(win, dt=0.1)
        if current(win).kind == "handover":
            break
    assert current(win).kind == "handover" and dice.active  # still up until the page
    key(win, arcade.key.SPACE)
    frame(win, dt=0.1)
    assert win.current_screen is board and not session.is_bot()
    assert not dice.active
