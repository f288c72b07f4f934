"""The lesson's goals on its own game, without a window: the pre-laid Zone leaves one sector to
lay and that placement is legal (TURN-4); each goal is done by the action that does it and not by
another; the pointer shows the Trade button on the board and the best weapon at the base, the
weapon to put into the backpack and take back on the stalker card (EQ-8), then a
hex this move reaches on the way to an anomaly (never the hex the stalker stands on)."""

from __future__ import annotations

from stalkerzone.client.app.context import AppContext, Presets
from stalkerzone.client.app.settings import Settings
from stalkerzone.client.tutorial.goals import END_TURN, STALKER_CARD, done, point
from stalkerzone.client.tutorial.lesson_session import LessonSession
from stalkerzone.client.tutorial.script import load_lesson
from stalkerzone.engine.core import Site, Weapon
from stalkerzone.engine.game import apply, legal_actions
from stalkerzone.engine.play import Activate, Buy, EndTurn, Move, Stash, TakeOrder


def test_the_lesson_goals_and_pointer_follow_its_game() -> None:
    lesson = load_lesson()
    session = LessonSession.begin(AppContext(presets=Presets(), settings=Settings()))
    assert session.lesson is not None and session.lesson.index == 0
    layout = session.state
    assert layout.phase == "layout" and layout.current_player == 0
    assert len(layout.zone.placements) == len(lesson.pre_laid)
    legal = legal_actions(layout)
    assert lesson.left_to_lay in legal
    target = point("lay_sector", layout, 0, "layout", legal, lesson.left_to_lay)
    assert target is not None and target.kind == "slot" and target.placement == lesson.left_to_lay

    play = apply(layout, lesson.left_to_lay)
    assert done("lay_sector", layout, lesson.left_to_lay, play, 0)
    assert play.phase == "turn" and play.current_player == 0
    legal = legal_actions(play)
    on_board = point("buy", play, 0, "board", legal, lesson.left_to_lay)
    assert on_board is not None and on_board.buttons == ("board.trade",)
    at_base = point("buy", play, 0, "base", legal, lesson.left_to_lay)
    assert at_base is not None and at_base.buttons[1] == "tab:buy"
    buy = at_base.buttons[0]
    assert isinstance(buy, Buy)

    def is_weapon(action: Buy) -> bool:
        return isinstance(play.cards.get(action.card), Weapon)

    def price(action: Buy) -> int:
        card = play.cards.get(action.card)
        assert isinstance(card, Weapon)
        return card.price

    weapons = [a for a in legal if isinstance(a, Buy) and is_weapon(a)]
    assert price(buy) == max(price(a) for a in weapons)

    move = point("move", play, 0, "board", legal, lesson.left_to_lay)
    assert move is not None and move.kind == "hex" and move.hex is not None
    step = Move(move.hex)
    assert step in legal and move.hex != play.players[0].position
    walked = apply(play, step)
    assert done("move", play, step, walked, 0)
    assert not done("buy", play, step, walked, 0)
    assert not done("anomaly", play, step, walked, 0)
    assert walked.zone_map.hexes[move.hex].site != Site.ANOMALY

    bought = apply(play, buy)
    assert done("buy", play, buy, bought, 0)
    # EQ-8: the stalker card is opened, the weapon put away and taken back
    left = lesson.left_to_lay
    opening = point("backpack", bought, 0, "base", legal_actions(bought), left)
    assert opening is not None and opening.buttons == STALKER_CARD
    away = point("backpack", bought, 0, "stalker", legal_actions(bought), left)
    weapon = bought.players[0].weapon
    assert away is not None and away.kind == "card" and away.card == weapon is not None
    stashed = apply(bought, Stash(weapon))
    assert not done("backpack", bought, Stash(weapon), stashed, 0)
    assert stashed.players[0].weapon is None and weapon in stashed.players[0].backpack
    back = point("backpack", stashed, 0, "stalker", legal_actions(stashed), left)
    assert back is not None and back.kind == "card" and back.card == weapon
    again = apply(stashed, Activate(weapon))
    assert done("backpack", stashed, Activate(weapon), again, 0)
    assert again.players[0].weapon == weapon
    leave = point("take_order", again, 0, "stalker", legal_actions(again), left)
    assert leave is not None and leave.buttons == ("kit.back",)
    offered = point("take_order", bought, 0, "base", legal_actions(bought), lesson.left_to_lay)
    assert offered is not None and isinstance(offered.buttons[0], TakeOrder)
    assert offered.buttons[0].card.startswith("order-anomaly-readings")
    # trading ended the move (TURN-2): the way on is End turn, and the bot's turn is waited for
    spent = point("move", bought, 0, "board", legal_actions(bought), lesson.left_to_lay)
    assert spent is not None and spent.buttons == END_TURN
    shop = point("move", bought, 0, "base", legal_actions(bought), lesson.left_to_lay)
    assert shop is not None and shop.buttons == ("kit.back",) and shop.move_used
    unspent = point("move", play, 0, "base", legal_actions(play), lesson.left_to_lay)
    assert unspent is not None and not unspent.move_used  # nothing traded: the move is left
    ended = apply(bought, EndTurn())
    waiting = point("move", ended, 0, "board", legal_actions(ended), lesson.left_to_lay)
    assert waiting is not None and waiting.kind == "wait"
    assert not done("move", bought, EndTurn(), ended, 0)
