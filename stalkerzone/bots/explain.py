"""A bot's choice with its reason (TURN-1, TURN-3): what it would do now, why, and the best
alternatives it weighed with their values, from the same scores the planner chooses by.

``explain(state, seat)`` reads only ``player_view(state, seat)`` once the Zone is laid: two
states that differ only in what the seat cannot see (others' held events, the order of the draw
piles) get the same explanation. (While laying the Zone a bot breaks ties between equal sectors
by a hash of the state, as :func:`~stalkerzone.bots.players.choose` does.) The reason is a
message ``key`` with plain ``params`` (as the engine's notes, :mod:`stalkerzone.engine.messages`)
and :meth:`Explanation.text` words it in English or Russian.
Values are in the planner's own units: a move's goal value, a trade's worth in money, a fight
decision's chance to come out alive in percent.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from stalkerzone.bots.fights import choose_in_fight, discard_armour
from stalkerzone.bots.memory import BotMemory
from stalkerzone.bots.moving import DECAY, goal_kinds, scored_moves
from stalkerzone.bots.placement import place_fast
from stalkerzone.bots.players import (
    BotError,
    fallback,
    level_profile,
    rollout_policy,
    turn_action,
)
from stalkerzone.bots.search import search, wants_search
from stalkerzone.bots.trading import order_value
from stalkerzone.bots.turn import TurnView
from stalkerzone.bots.winning import epicenter_plan
from stalkerzone.engine.core import Grenade, Monster, Order, Params, Stimulator, params_of
from stalkerzone.engine.fight import ActionKind, Decision
from stalkerzone.engine.game import legal_actions, player_view
from stalkerzone.engine.play import (
    Action,
    Activate,
    Buy,
    DeliverOrder,
    EndTurn,
    FightDecision,
    GameState,
    Heal,
    Move,
    Sell,
    Stash,
    TakeOrder,
)
from stalkerzone.odds import decision_odds

ALTERNATIVES = 3
"""How many alternatives an explanation lists."""

REASONS: dict[str, tuple[str, str]] = {
    "move": (
        "moves towards {goal} (worth {value})",
        "идёт к цели «{goal}» (ценность {value})",
    ),
    "stay": ("stays: no move is worth more than this place", "остаётся: ход не даёт больше"),
    "epicenter": (
        "goes for the Epicenter: {odds}% against the guardian",
        "идёт в Эпицентр: {odds}% против стража",
    ),
    "searched": (
        "played the moves out: best in {best} of {futures} sampled futures, {chance}% to win",
        "проиграл ходы вперёд: лучший в {best} из {futures} возможных будущих, {chance}% на победу",
    ),
    "end_turn": ("ends the turn: nothing left worth doing", "заканчивает ход: делать нечего"),
    "deliver": ("delivers an order for its reward", "сдаёт заказ за награду"),
    "sell": ("sells {card} for cash", "продаёт {card} ради денег"),
    "heal": ("heals {points} health", "лечит {points} здоровья"),
    "buy": ("buys {card}: the best upgrade for the money", "покупает {card}: лучшее улучшение"),
    "arm": (
        "arms for the guardian: {card} ×{copies} → {odds}%",
        "вооружается против стража: {card} ×{copies} → {odds}%",
    ),
    "take_order": ("takes the order {card} (worth {value})", "берёт заказ {card} ({value})"),
    "activate": ("puts {card} to use", "достаёт {card} из рюкзака"),
    "stash": ("stashes {card}: it costs more than it gives", "убирает {card}: вреда больше"),
    "fight": (
        "{action}: {alive}% to come out alive, {win}% to win",
        "{action}: {alive}% выжить, {win}% победить",
    ),
    "armour": ("loses the weaker armour {card}", "теряет более слабую броню {card}"),
    "layout": ("lays a sector where the Zone stays whole", "кладёт сектор, не разрывая Зону"),
    "plan_gather": ("needs {need} more Elements", "нужно ещё Элементов: {need}"),
    "plan_heal": (
        "plan: heal, then the Epicenter ({odds}%)",
        "план: лечиться, потом в Эпицентр ({odds}%)",
    ),
    "plan_buy": (
        "plan: buy an upgrade, then the Epicenter ({odds}% now, wants {wanted}%)",
        "план: купить улучшение, потом в Эпицентр (сейчас {odds}%, нужно {wanted}%)",
    ),
    "plan_epicenter": ("plan: the Epicenter now ({odds}%)", "план: в Эпицентр ({odds}%)"),
    "plan_wait": (
        "plan: earn money for upgrades ({odds}% now, wants {wanted}%)",
        "план: заработать на снаряжение (сейчас {odds}%, нужно {wanted}%)",
    ),
}
"""Each reason key's English and Russian template (``str.format`` with the params)."""


@dataclass(frozen=True, slots=True)
class Alternative:
    """An option the bot weighed, with its value."""

    action: Action
    value: float


@dataclass(frozen=True, slots=True)
class Explanation:
    """What the bot would do, why (``key`` and ``params``, its plan with the Elements), and the
    best alternatives it weighed."""

    choice: Action
    key: str
    params: Params
    value: float | None
    alternatives: tuple[Alternative, ...]
    plan_key: str
    plan_params: Params

    def text(self, lang: str = "en") -> str:
        """The reason in words, ``en`` or ``ru``, then the plan."""
        which = 1 if lang == "ru" else 0
        reason = REASONS[self.key][which].format(**dict(self.params))
        plan = REASONS[self.plan_key][which].format(**dict(self.plan_params))
        return f"{reason}; {plan}"


def explain(
    state: GameState,
    seat: int | None = None,
    level: str = "hard",
    memory: BotMemory | None = None,
) -> Explanation:
    """The bot's choice for ``seat`` (default: whoever decides now) with its reason and the top
    alternatives, from ``player_view(state, seat)`` only (TURN-3)."""
    profile = level_profile(level)
    if state.is_terminal:
        raise BotError("WIN-1: the game is over")
    if seat is not None and seat != state.current_player:
        raise BotError(f"TURN-2: it is seat {state.current_player}'s decision, not {seat}'s")
    legal = legal_actions(state)
    if not legal:
        raise BotError("no legal action")
    seen = player_view(state, state.current_player)
    memory = (memory or BotMemory()).serve(state.ctx)
    if seen.phase == "layout":  # the sector choice breaks ties as choose() does
        return _plain(seen, place_fast(state, level), "layout", {})
    if seen.phase == "fight":
        return _fight(seen, legal, choose_in_fight(seen, legal, profile, memory), memory)
    if seen.phase == "choose_armour":
        choice = discard_armour(seen, legal)
        return _plain(seen, choice, "armour", {"card": getattr(choice, "card", "")})
    view = TurnView(seen, legal, profile, memory)
    choice = turn_action(view)
    plan_key, plan_params = _plan(view)
    if profile.search and wants_search(view, choice):
        return _searched(view, choice, memory, plan_key, plan_params)
    if choice not in legal:
        choice = fallback(legal)
    if isinstance(choice, Move) or (isinstance(choice, EndTurn) and view.state.step == "move"):
        key, params, value, others = _move(view, choice)
    else:
        key, params, value, others = _trade(view, choice)
    return Explanation(
        choice, key, params_of(params), value, others, plan_key, params_of(plan_params)
    )


def _searched(
    view: TurnView,
    planned: Action,
    memory: BotMemory,
    plan_key: str,
    plan_params: dict[str, object],
) -> Explanation:
    """The expert's searched move: in how many sampled futures it did best and its mean chance
    to win there (values in percent)."""
    result = search(view, planned, rollout_policy(memory))
    mine = next(w for w in result.weighed if w.action == result.choice)
    params = {
        "best": mine.best_in,
        "futures": result.futures,
        "chance": round(100 * mine.value),
    }
    others = tuple(
        Alternative(w.action, round(100 * w.value, 1)) for w in result.weighed if w is not mine
    )[:ALTERNATIVES]
    return Explanation(
        result.choice,
        "searched",
        params_of(params),
        round(100 * mine.value, 1),
        others,
        plan_key,
        params_of(plan_params),
    )


def _plain(seen: GameState, choice: Action, key: str, params: dict[str, object]) -> Explanation:
    """A choice with no alternatives weighed (a layout, an armour to lose)."""
    plan = params_of({"need": _need(seen)})
    return Explanation(choice, key, params_of(params), None, (), "plan_gather", plan)


def _need(seen: GameState) -> int:
    """Elements the deciding seat still needs (WIN-1)."""
    seat = seen.players[seen.current_player]
    return max(0, seen.variant.elements_required - seat.elements)


def _plan(view: TurnView) -> tuple[str, dict[str, object]]:
    """WIN-1: the plan the bot can state with (or without) the Elements it needs."""
    plan = epicenter_plan(view)
    if plan.step == "gather":
        return "plan_gather", {"need": view.need}
    return f"plan_{plan.step}", {"odds": round(100 * plan.odds), "wanted": round(100 * plan.wanted)}


Explained = tuple[str, dict[str, object], float | None, tuple[Alternative, ...]]


def _top(scored: Sequence[tuple[float, Action]], choice: Action) -> tuple[Alternative, ...]:
    others = [Alternative(a, round(v, 1)) for v, a in scored if a != choice]
    return tuple(others[:ALTERNATIVES])


def _move(view: TurnView, choice: Action) -> Explained:
    """A move: the goal that gives it its value (TURN-2)."""
    here, scored = scored_moves(view)
    with_stay: list[tuple[float, Action]] = [*scored, (here, EndTurn())]
    with_stay.sort(key=lambda sa: -sa[0])
    others = _top(with_stay, choice)
    if not isinstance(choice, Move):
        return "stay", {}, round(here, 1), others
    value = next(v for v, a in scored if a == choice)
    if choice.to == view.zone_map.epicenter:
        return "epicenter", {"odds": round(100 * view.guardian_odds())}, round(value, 1), others
    movement = max(1, view.stats.movement)
    goal, best = "the open ground", float("-inf")
    for worth, hexes, kind in goal_kinds(view):
        dist = view.distances(hexes).get(choice.to)
        if dist is not None and worth * DECAY ** (dist / movement) > best:
            best, goal = worth * DECAY ** (dist / movement), kind
    return "move", {"goal": goal, "value": round(value)}, round(value, 1), others


def _trade(view: TurnView, choice: Action) -> Explained:
    """A trade or a rearrangement (BASE-1, EQ-8): the rule that fired and what else it could
    have done, each with its worth in money."""
    scored = [(_worth(view, a), a) for a in view.legal]
    ranked: list[tuple[float, Action]] = [(w, a) for w, a in scored if w is not None]
    ranked.sort(key=lambda wa: -wa[0])
    others = _top(ranked, choice)
    value = _worth(view, choice)
    card = str(getattr(choice, "card", ""))
    params: dict[str, object] = {"card": card}
    key = {
        DeliverOrder: "deliver",
        Sell: "sell",
        Heal: "heal",
        Buy: "buy",
        TakeOrder: "take_order",
        Activate: "activate",
        Stash: "stash",
    }.get(type(choice), "end_turn")
    if isinstance(choice, Heal):
        params = {"points": choice.points}
    if isinstance(choice, TakeOrder):
        params["value"] = round(value or 0)
    armed = _arming(view, choice)
    if armed is not None:
        key = "arm"
        params.update(copies=armed[0], odds=round(100 * armed[1]))
    return key, params, None if value is None else round(value, 1), others


def _arming(view: TurnView, choice: Action) -> tuple[int, float] | None:
    """A grenade or stimulator bought for the guardian's fight (FIGHT-4): the copies it weighs
    and its exact odds with them (None: another choice)."""
    if not isinstance(choice, Buy) or not view.arming:
        return None
    if not isinstance(view.state.card(choice.card), (Grenade, Stimulator)):
        return None
    return view.armed_odds(choice.card)


def _worth(view: TurnView, action: Action) -> float | None:
    """A trade's worth in money by the planner's estimates (None: not a trade it weighs)."""
    state, p = view.state, view.player
    if isinstance(action, DeliverOrder):
        order = state.card(action.card)
        return float(order.reward) + 400.0 if isinstance(order, Order) else None
    if isinstance(action, Sell):
        for t in p.trophies:
            if t.card == action.card:
                monster = state.card(t.card)
                return (
                    float(monster.at(t.colour).trophy_price)
                    if isinstance(monster, Monster)
                    else None
                )
        return float(getattr(state.card(action.card), "price", 0)) / 2
    if isinstance(action, Heal):
        return float(action.points * view.variant.heal_price)
    if isinstance(action, Buy):
        return 120.0 * view.gain(f"{action.card}#0")
    if isinstance(action, TakeOrder):
        return order_value(view, action.card)
    if isinstance(action, Activate):
        return 120.0 * view.gain(action.card)
    if isinstance(action, EndTurn):
        return 0.0
    return None


def _fight(
    seen: GameState, legal: Sequence[Action], choice: Action, memory: BotMemory
) -> Explanation:
    """FIGHT-2: each decision's exact chance to come out alive and to win."""
    held = seen.fight
    assert held is not None
    scored: list[tuple[float, Action, float]] = []
    for action in legal:
        if isinstance(action, FightDecision):
            kind = cast("ActionKind", action.action)
            decision = Decision(kind, action.grenade, action.stimulator)
            odds = decision_odds(held.fight, decision, memory.odds)
            scored.append((round(100 * odds.alive, 1), action, round(100 * odds.win, 1)))
    scored.sort(key=lambda s: -s[0])
    mine = next(((v, w) for v, a, w in scored if a == choice), (None, None))
    others = _top([(v, a) for v, a, _ in scored], choice)
    label = getattr(choice, "action", "attack")
    params = {"action": label, "alive": mine[0] or 0, "win": mine[1] or 0}
    need = _need(seen)
    return Explanation(
        choice,
        "fight",
        params_of(params),
        mine[0],
        others,
        "plan_gather",
        params_of({"need": need}),
    )
