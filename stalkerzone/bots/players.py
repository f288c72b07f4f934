"""Bot players on ``legal_actions()`` and the exact fight odds (TURN-1: any seat may be a bot).

``choose(state, player, level, legal, memory=...)`` returns one of ``legal_actions(state)``: a bot
never cheats (it reads neither the order of the draw piles nor other players' hidden things,
TURN-3) and never draws a random number of its own — where it must pick between equals it hashes
the state. What it memoises lives in the :class:`~stalkerzone.bots.memory.BotMemory` its caller
holds (one per game, session or worker process): a choice depends on the state alone, never on
what the memory served before.

The levels are in :mod:`stalkerzone.bots.levels`; layout in :mod:`~stalkerzone.bots.placement`
(TURN-4), fights in :mod:`~stalkerzone.bots.fights` (FIGHT-2), trading in
:mod:`~stalkerzone.bots.trading` (BASE-1) and moves in :mod:`~stalkerzone.bots.moving` (TURN-2).
"""

from __future__ import annotations

from collections.abc import Sequence

from stalkerzone.bots.fights import choose_in_fight, discard_armour
from stalkerzone.bots.levels import LEVELS, PROFILES, Profile
from stalkerzone.bots.memory import BotMemory
from stalkerzone.bots.moving import choose_move, easy_move
from stalkerzone.bots.placement import place, place_fast
from stalkerzone.bots.search import Policy, search, wants_search
from stalkerzone.bots.trading import rearrange, trade, trade_worth_staying
from stalkerzone.bots.turn import TurnView
from stalkerzone.engine.game import legal_actions, player_view
from stalkerzone.engine.play import Action, EndTurn, GameState
from stalkerzone.engine.turn import bases

__all__ = ["BotError", "choose", "choose_action"]


class BotError(ValueError):
    """The bot was asked for a move it cannot make (game over, wrong seat, unknown level)."""


def choose(
    state: GameState,
    player: int | None = None,
    level: str = "hard",
    legal: Sequence[Action] | None = None,
    *,
    strict: bool = False,
    memory: BotMemory | None = None,
) -> Action:
    """The bot's action for the seat ``player`` (default: whoever must decide now), one of
    ``legal`` (``legal_actions(state)``, computed if not given). ``memory`` keeps what the bot
    worked out for the next decisions (a fresh one if not given: the same choice, slower).
    Should the planner ever come up with an action outside ``legal``, it ends the turn instead —
    or, with ``strict`` (tests), raises :class:`BotError`."""
    profile = level_profile(level)
    if state.is_terminal:
        raise BotError("WIN-1: the game is over")
    if player is not None and player != state.current_player:
        raise BotError(f"TURN-2: it is seat {state.current_player}'s decision, not {player}'s")
    if state.phase == "layout" and legal is None:
        return place_fast(state, level)
    if legal is None:
        legal = legal_actions(state)
    if not legal:
        raise BotError("no legal action")
    if state.phase == "layout":
        return place(state, legal, level)
    memory = (memory or BotMemory()).serve(state.ctx)
    seen = player_view(state, state.current_player)  # TURN-3: only what the seat may see
    if state.phase == "fight":
        return choose_in_fight(seen, legal, profile, memory)
    if state.phase == "choose_armour":
        return discard_armour(seen, legal)
    view = TurnView(seen, legal, profile, memory)
    action = turn_action(view)
    if profile.search and wants_search(view, action):
        action = search(view, action, rollout_policy(memory)).choice
    if action in legal:
        return action
    if strict:
        raise BotError(f"the bot chose {action!r}, which is not a legal action")
    return fallback(legal)


def choose_action(state: GameState, level: str = "hard", memory: BotMemory | None = None) -> Action:
    """The current decision-maker's action (what the client's bot seats call)."""
    return choose(state, None, level, memory=memory)


ROLLOUT_LEVEL = "hard"
"""The level that plays every seat in the expert's sampled futures."""


def rollout_policy(memory: BotMemory) -> Policy:
    """The ``hard`` planner for every seat of a sampled game (sharing the searcher's memory)."""

    def play(state: GameState) -> Action:
        return choose(state, None, ROLLOUT_LEVEL, memory=memory)

    return play


def fallback(legal: Sequence[Action]) -> Action:
    for action in legal:
        if isinstance(action, EndTurn):
            return action
    return legal[0]


def turn_action(view: TurnView) -> Action:
    """TURN-2: rearrange equipment, trade at a base (before moving only when worth the move),
    move, end the turn."""
    rearranged = rearrange(view)
    if rearranged is not None:
        return rearranged
    state = view.state
    can_trade = bases.trade_refusal(state) is None
    if can_trade and (state.step == "site" or trade_worth_staying(view)):
        traded = trade(view)
        if traded is not None:
            return traded
    if state.step == "move":
        move = choose_move(view) if view.profile.planner else easy_move(view)
        if move is not None:
            return move
    return EndTurn()


def level_profile(level: str) -> Profile:
    """The profile of ``level`` (:class:`BotError` if there is no such level)."""
    profile = PROFILES.get(level)
    if profile is None:
        raise BotError(f"unknown bot level '{level}' (one of {', '.join(LEVELS)})")
    return profile
