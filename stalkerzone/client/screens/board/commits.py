"""The board's deliberate acts: the questions asked before a step that cannot be taken back
(TURN-2 ending a turn that could still do something, FIGHT-4 entering the Epicenter, where
there is no escape) and undo in play (TURN-2: until dice or a hidden card, ``engine.undo``),
with the refusal in words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stalkerzone.client.controller.session import TRADE_ACTIONS
from stalkerzone.client.screens.board.known_fights import (
    guardian_line,
    guardian_odds,
    is_epicenter,
)
from stalkerzone.client.text import engine_text, i18n
from stalkerzone.client.widgets.confirm_box import Confirm
from stalkerzone.engine.actions import Action, EndTurn, Move
from stalkerzone.engine.hexes import Hex
from stalkerzone.engine.undo import UndoRefused

if TYPE_CHECKING:
    from collections.abc import Callable

    from stalkerzone.client.controller.session import GameSession
    from stalkerzone.client.render.zone_layer import PlacedHex


def end_turn_question(
    legal: tuple[Action, ...], name: str, on_yes: Callable[[], None]
) -> Confirm | None:
    """TURN-2: the question before ending a turn in which the stalker has not moved (a move is
    still legal) or can still trade (BASE-1); None when ending the turn loses nothing."""
    if not any(isinstance(a, EndTurn) for a in legal):
        return None
    if any(isinstance(a, Move) for a in legal):
        heading, facts = "confirm.end_turn_unmoved", "confirm.end_turn_unmoved_why"
    elif any(isinstance(a, TRADE_ACTIONS) for a in legal):
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
    guardian at red and the exact odds with the best play (None for any other hex)."""
    if not is_epicenter(placed):
        return None
    state = session.view
    known = guardian_odds(session, state.current_player, wait=True)  # solved on hover already
    if known is None:
        fight_words = i18n.t("site.about_epicenter", n=state.variant.elements_required)
    else:
        fight_words = guardian_line(*known)
    return Confirm(
        i18n.t("confirm.epicenter"),
        i18n.t("confirm.epicenter_why", fight=fight_words),
        i18n.t("confirm.epicenter_yes"),
        on_yes,
    )


def undo_refusal(session: GameSession) -> str | None:
    """TURN-2: take the last action back; the refusal in the player's words if it cannot be
    (``engine.undo``: dice rolled, a card drawn, the turn over, a bot's action…)."""
    verdict = session.undo_check()
    if not verdict:
        rule, _, reason = verdict.reason.partition(": ")
        refused = UndoRefused(rule, reason, key=verdict.key, **dict(verdict.params))
        words = engine_text.words(refused, session.cards, sectors=session.sectors)
        return i18n.t("undo_play.refused", reason=words)
    session.undo()
    return None
