"""What completes each goal of the lesson, and what the player should click for it now.

A goal is done when the learner has done the thing in the real game (any sector laid, any
fight won…), whatever the seed dealt; the pointer adapts to the state: the nearest hex with the
site the goal needs (or the farthest hex this turn's move reaches on the way there), the button
of the action at a base, End turn when the move is spent. Only normal rules play: the engine is
asked, never told.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from stalkerzone.engine.core import Order, Site, VisitRequirement, Weapon
from stalkerzone.engine.play import (
    Action,
    Activate,
    Buy,
    DeliverOrder,
    DiscardArmour,
    GameState,
    Move,
    PlaceSector,
    Stash,
    TakeOrder,
)
from stalkerzone.engine.turn import bases
from stalkerzone.engine.zone import Hex

BASE_GOALS = {"buy": "buy", "take_order": "orders", "deliver": "orders"}  # goal -> base tab
SITE_OF_GOAL = {
    "buy": Site.VILLAGE,
    "take_order": Site.VILLAGE,
    "deliver": Site.VILLAGE,
    "move": Site.ANOMALY,
    "anomaly": Site.ANOMALY,
    "win_fight": Site.DANGER_GREEN,
    "event": Site.EVENT,
}
STALKER_CARD = ("base.backpack", "board.stalker")  # text keys: the button that opens it
FIGHT_BUTTONS = ("fight.attack", "fight.continue")  # text keys: the first one shown is meant
END_TURN = ("confirm.end_turn_yes", "board.end_turn")  # TURN-2: End turn, then its question


@dataclass(frozen=True, slots=True)
class Target:
    """What to click now. ``kind``: ``slot`` (lay ``placement``: its sector, face, turn and
    slot), ``hex`` (move there), ``look`` (point the mouse at ``hex``), ``button`` (the first
    of ``buttons`` on screen: a text key such as ``"board.end_turn"``, ``"tab:orders"`` for a
    base tab, or an engine action for its row button), ``card`` (the tile of the carried
    ``card`` on the stalker card: a click moves it between its slot and the backpack, EQ-8),
    ``continue`` (a card shown over the board: Space or a click takes it away) or ``wait``
    (the bot is playing). ``move_used``: back from a base whose trading took this turn's move
    (TURN-2), so the step's walking waits for the next turn."""

    kind: str
    hex: Hex | None = None
    placement: PlaceSector | None = None
    buttons: tuple[str | Action, ...] = ()
    card: str | None = None
    move_used: bool = False


def done(goal: str, before: GameState, action: Action, after: GameState, seat: int) -> bool:
    """Whether ``action`` (taken in ``before``, leading to ``after``) completes ``goal`` for the
    learner's ``seat``."""
    if goal == "lay_sector":
        return after.phase != "layout"
    if before.current_player != seat:
        return False
    if goal == "buy":
        return isinstance(action, Buy)
    if goal == "take_order":
        return isinstance(action, TakeOrder)
    if goal == "backpack":  # EQ-8: out of the slot and back in (the card works again)
        return isinstance(action, Activate)
    if goal == "deliver":
        return isinstance(action, DeliverOrder)
    if goal == "win_fight":  # TROPHY-1: a monster killed becomes a trophy
        return len(after.players[seat].trophies) > len(before.players[seat].trophies)
    if not isinstance(action, Move):
        return False
    site = after.zone_map.hexes[action.to].site
    wanted = {
        "move": None,
        "anomaly": Site.ANOMALY,
        "event": Site.EVENT,
        "epicenter": Site.EPICENTER,
    }
    return goal in wanted and wanted[goal] in (None, site)


def wanted_action(goal: str, state: GameState, legal: Iterable[Action]) -> Action | None:
    """The base action a base goal points at: the best weapon the stalker can buy (BASE-2), a
    "visit an anomaly" order first (ORDER-1), the first order it can deliver (REP-1)."""
    legal = tuple(legal)
    if goal == "buy":
        buys = [a for a in legal if isinstance(a, Buy)]
        weapons = [a for a in buys if isinstance(state.cards.get(a.card), Weapon)]
        pool = weapons or buys
        return max(pool, key=lambda a: getattr(state.cards.get(a.card), "price", 0), default=None)
    if goal == "take_order":
        takes = [a for a in legal if isinstance(a, TakeOrder)]

        def visits_anomaly(a: TakeOrder) -> bool:
            card = state.card(a.card)
            req = card.requirement if isinstance(card, Order) else None
            return isinstance(req, VisitRequirement) and req.site == Site.ANOMALY

        return next((a for a in takes if visits_anomaly(a)), takes[0] if takes else None)
    if goal == "deliver":
        return next((a for a in legal if isinstance(a, DeliverOrder)), None)
    return None


def card_to_move(state: GameState, seat: int, legal: Iterable[Action]) -> str | None:
    """EQ-8: the carried card the backpack step points at: a card in the backpack that can go
    back into its slot (the one just put away), else the weapon in its slot, else any card
    that can be put away."""
    legal = tuple(legal)
    back = [a.card for a in legal if isinstance(a, Activate)]
    if back:
        return back[0]
    weapon = state.players[seat].weapon
    away = [a.card for a in legal if isinstance(a, Stash)]
    if weapon in away:
        return weapon
    return away[0] if away else None


def order_site(state: GameState, seat: int) -> Site:
    """Where the learner's open orders send it before delivery: the Village when one is met,
    else the site an open visit order needs, else a green danger for a trophy (ORDER-1)."""
    player = state.players[seat]
    if any(bases.fulfilment(state, player, o) is not None for o in player.open_orders):
        return Site.VILLAGE
    for order in player.open_orders:
        card = state.card(order.card)
        if isinstance(card, Order) and isinstance(card.requirement, VisitRequirement):
            return card.requirement.site
    return Site.DANGER_GREEN if player.open_orders else Site.VILLAGE


def head_to(state: GameState, seat: int, site: Site, moves: set[Hex]) -> Hex | None:
    """The nearest hex with ``site`` if this move reaches it, else the farthest hex this move
    reaches on the cheapest way there; None when no way leads there."""
    start = state.players[seat].position
    if start is None:
        return None
    routes = state.zone_map.reachable(start, 99, state.variant)
    found = sorted((routes[h].cost, h) for h in state.zone_map.site_hexes(site) if h in routes)
    if not found:
        return None
    goal = found[0][1]
    for h in reversed((*routes[goal].path,)):
        if h in moves:
            return h
    return None


def point(
    goal: str,
    state: GameState,
    seat: int,
    screen: str,
    legal: Iterable[Action],
    left_to_lay: PlaceSector,
    *,
    revealing: bool = False,
) -> Target | None:
    """What the learner should click for ``goal`` on the ``screen`` shown, ``revealing`` a card
    over the board (None: nothing, the step's words only)."""
    legal = tuple(legal)
    if state.phase == "over":
        return None
    if revealing and screen == "board":
        return Target("continue")
    if state.phase == "layout":
        return Target("slot", placement=left_to_lay) if state.current_player == seat else None
    if state.current_player != seat:
        return Target("wait")
    if screen == "fight":
        return Target("button", buttons=FIGHT_BUTTONS)
    if state.phase == "choose_armour":
        return Target("button", buttons=tuple(a for a in legal if isinstance(a, DiscardArmour)))
    if state.phase != "turn":
        return Target("wait")
    if goal == "backpack":
        card = card_to_move(state, seat, legal)
        if screen == "stalker" and card is not None:
            return Target("card", card=card)
        if screen in ("board", "base") and card is not None:
            return Target("button", buttons=STALKER_CARD)
    if screen == "stalker":  # the stalker card open for another step: back to the game
        return Target("button", buttons=("kit.back",))
    action = wanted_action(goal, state, legal) if goal in BASE_GOALS else None
    if action is not None:
        if screen == "base":
            return Target("button", buttons=(action, f"tab:{BASE_GOALS[goal]}"))
        if screen == "board":
            return Target("button", buttons=("board.trade",))
    moves = {a.to for a in legal if isinstance(a, Move)}
    if screen == "base":
        return Target("button", buttons=("kit.back",), move_used=not moves)
    if screen != "board":
        return None
    if goal == "epicenter":
        return Target("look", hex=state.zone_map.epicenter)
    site = order_site(state, seat) if goal == "deliver" else SITE_OF_GOAL.get(goal)
    here = state.players[seat].position
    if site is not None and moves:
        h = head_to(state, seat, site, moves)
        if h is not None and h != here:
            return Target("hex", hex=h)
    return Target("button", buttons=END_TURN)
