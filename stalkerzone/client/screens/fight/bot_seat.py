"""Who decides when the player does not: a bot seat's fight decisions and auto-resolve.

A bot's decision is computed off the frame on the session's worker (the bot driver's
``choose``); auto-resolve plays the best decision of the exact odds (FIGHT-2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stalkerzone.client.controller import bot_driver
from stalkerzone.client.screens.fight.odds_worker import FightOdds
from stalkerzone.engine.game import legal_actions
from stalkerzone.engine.play import Action, FightDecision

if TYPE_CHECKING:
    from stalkerzone.client.controller.session import GameSession

PAUSE_BOT = 0.5  # seconds between a bot's decisions (divided by the animation speed)


def bot_decision(session: GameSession, player: int) -> FightDecision | None:
    """The bot seat ``player``'s fight decision once the worker has it (None meanwhile, or if
    the game is not in a fight)."""
    if session.state.phase != "fight" or not session.plays_bots:
        return None
    state = session.state
    seat = session.spec.seats[player]
    key = ("fight-bot", session.version)
    memory = session.bot_memory

    def choose() -> Action:
        return bot_driver.choose(state, legal_actions(state), seat.bot, memory)

    session.worker.submit(key, choose)
    if not session.worker.ready(key):
        return None
    action = session.worker.result(key)
    return action if isinstance(action, FightDecision) else None


def auto_decision(odds: FightOdds | None) -> FightDecision | None:
    """Auto-resolve: the best decision of the exact odds, once they are known, with its grenade
    and its stimulator (a heal when the next hit can kill, FIGHT-2)."""
    if odds is None or odds.decision is None:
        return None
    d = odds.decision
    return FightDecision(d.action, d.grenade, d.stimulator)
