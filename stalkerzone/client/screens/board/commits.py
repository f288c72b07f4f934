"""The board's deliberate acts: the questions asked before a step that cannot be taken back
(TURN-2 ending a turn that could still do something, FIGHT-4 entering the Epicenter, where
there is no escape) and undo in play (TURN-2: until dice or a hidden card, ``engine.game.undo``),
with the refusal in words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stalkerzone.client.controller.session import TRADE_ACTIONS
from stalkerzone.client.screens.board.known_fights import (
    guardian_line,
    guardian_odds,
    is_epicenter,
    loot_at_door,
)
from stalkerzone.client.text import engine_text, i18n
from stalkerzone.client.text.card_words import card_name
from stalkerzone.client.widgets.confirm_box import Confirm
from stalkerzone.client.widgets.disabled_reasons import Why
from stalkerzone.engine.game import UndoCheck, UndoRefused
from stalkerzone.engine.play import Action, EndTurn, Move
from stalkerzone.engine.zone import Hex

if TYPE_CHECKING:
    from collections.abc import Callable

    from stalkerzone.client.controller.session import GameSession
    from stalkerzone.client.render.zone_layer import PlacedHex
    from stalkerzone.client.screens.board.screen import BoardView


def end_turn_question(
    legal: tuple[Action, ...], name: str, on_yes: Callable[[], None], *, traded: bool = False
) -> Confirm | None:
    """TURN-2: the question before ending a turn in which the stalker has not moved (a move is
    still legal) or is at a base it has not traded at yet (BASE-1: ``traded`` — the shop was
    seen and left, so E ends the turn); None when ending the turn loses nothing."""
    if not any(isinstance(a, EndTurn) for a in legal):
        return None
    if any(isinstance(a, Move) for a in legal):
        heading, facts = "confirm.end_turn_unmoved", "confirm.end_turn_unmoved_why"
    elif not traded and any(isinstance(a, TRADE_ACTIONS) for a in legal):
        heading, facts = "confirm.end_turn_can_act", "confirm.end_turn_can_act_why"
    else:
        return None
    return Confirm(
        i18n.t(heading), i18n.t(facts, name=name), i18n.t("confirm.end_turn_yes"), on_yes
    )


def epicenter_question(
    session: GameSession, target: Hex, placed: PlacedHex | None, on_yes: Callable[[], None]
) -> Confirm | None:
    """FIGHT-4: before a move into the Epicenter, where the guardian's fight has no escape: the
    loot lying there that is picked up first and where each card goes (DEATH-3, EQ-10: a taken
    slot sends it to the backpack, so the kit can be arranged before going in), the guardian
    at red and the exact odds with the best play and that kit (None for any other hex)."""
    if not is_epicenter(placed):
        return None
    state = session.view
    index = state.current_player
    known = guardian_odds(session, index, wait=True, at=target)  # solved on hover already
    if known is None:
        fight_words = i18n.t("site.about_epicenter", n=state.variant.elements_required)
    else:
        fight_words = guardian_line(*known)
    facts = i18n.t("confirm.epicenter_why", fight=fight_words)
    loot = loot_at_door(state, index, target)
    if loot:
        cards = "; ".join(
            i18n.t(f"loot_door.{where}", card=card_name(state.card(instance)))
            for instance, where in loot
        )
        facts = f"{i18n.t('loot_door.first', cards=cards)}\n{facts}"
    return Confirm(i18n.t("confirm.epicenter"), facts, i18n.t("confirm.epicenter_yes"), on_yes)


def take_back(session: GameSession) -> UndoRefused | None:
    """TURN-2: take the last action back, or the refusal saying why it cannot be
    (``engine.game.undo``: dice rolled, a card drawn, the turn over, a bot's action…)."""
    verdict = session.undo_check()
    if not verdict:
        return take_back_refusal(verdict)
    try:
        session.undo()
    except UndoRefused as refused:  # a network game's host said no after all: nothing changed
        return refused
    return None


def take_back_refusal(verdict: UndoCheck) -> UndoRefused:
    """A refused undo check as the engine's refusal (its rule, key and parameters)."""
    rule, _, reason = verdict.reason.partition(": ")
    return UndoRefused(rule, reason, key=verdict.key, **dict(verdict.params))


def undo_why(session: GameSession) -> Why | None:
    """Why Undo is off now (TURN-2: nothing to take back, dice rolled, a card drawn…)."""
    verdict = session.undo_check()
    if verdict:
        return None
    refused = take_back_refusal(verdict)
    return Why.said(refusal_words(refused, session), refused.rule)


def refusal_words(refused: UndoRefused, session: GameSession) -> str:
    """A refused undo as the status line says it, in the player's language."""
    words = engine_text.words(refused, session.cards, sectors=session.sectors)
    return i18n.t("undo_play.refused", reason=words)


def end_turn(view: BoardView) -> None:
    """E or the End turn button: a card on screen is taken away first; then the turn ends, after
    a question when the stalker has not moved or is at a base it has not traded at (TURN-2)."""
    if view.reveals.active:  # a card on screen is acknowledged first: E takes it away
        view.reveals.acknowledge(view)
        return
    legal = view.legal()
    if not view.my_turn() or not any(isinstance(a, EndTurn) for a in legal):
        return
    name = i18n.player_name(view.view.players[view.view.current_player].name)
    traded = view.session.traded_this_turn()
    question = end_turn_question(legal, name, lambda: view.do(EndTurn()), traded=traded)
    if question is not None:
        view.ask(question)
    else:
        view.do(EndTurn())


def move_to(view: BoardView, target: Hex) -> None:
    """A click on a lit hex: the move, after a question if it enters a fight with no escape."""
    question = epicenter_question(
        view.session, target, view.hexes.get(target), lambda: view.do(Move(target))
    )
    if question is not None:
        view.ask(question)
    else:
        view.do(Move(target))


def undo(view: BoardView) -> None:
    """U, Ctrl+Z or the Undo button: the last action taken back (TURN-2), or why not."""
    if not view.my_turn() or view.walker is not None or view.reveals.active:
        return
    refused = take_back(view.session)
    if refused is not None:
        view.set_message(refusal_words(refused, view.session))
        return
    view.reveals.queue.catch_up()  # an undo rewinds what is still to be revealed
    view.message = ""
    view.state_changed()
    view.status.text = i18n.t("undo_play.done")


def ask(view: BoardView, question: Confirm) -> None:
    """Open ``question`` over the board: its buttons replace the bar until it is answered."""
    view.question = question
    view.hover = None
    view.build_path(None)
    view.rebuild()


def answer(view: BoardView, yes: bool) -> None:
    """Close the open question; yes does what it asked about."""
    question, view.question = view.question, None
    view.rebuild()
    if yes and question is not None:
        question.on_yes()
