"""A bot's choice with its reason (TURN-1, TURN-3): what it would do now, why, and the best
alternatives it weighed with their values, from the same scores the planner chooses by.

``explain(state, seat)`` reads only ``player_view(state, seat)`` once the Zone is laid: two
states that differ only in what the seat cannot see (others' held events, the order of the draw
piles) get the same explanation. (While laying the Zone a bot breaks ties between equal sectors
by a hash of the state, as :func:`~stalkerzone.bots.players.choose` does.) The reason is a
message ``key`` with plain ``params`` (as the engine's notes, :mod:`stalkerzone.engine.messages`)
and :meth:`Explanation.text` words it in English or Russian. The params are only what a player
sees on the table (a card, a place, an order's reward, health, Elements still needed, a fight
decision's exact odds as the fight screen shows them, in percent); the values that rank the
choices are the planner's own (a move's goal value, a trade's worth in money, a fight decision's
chance to come out alive) and stay out of the words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from stalkerzone.bots.fights import choose_in_fight, discard_armour
from stalkerzone.bots.guardian import with_kit_way
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
from stalkerzone.bots.trading import BASES, order_value, unmeetable
from stalkerzone.bots.turn import TurnView
from stalkerzone.bots.winning import epicenter_plan
from stalkerzone.engine.core import (
    Grenade,
    Monster,
    Order,
    Params,
    Site,
    Stimulator,
    params_of,
)
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
    GiveUpOrder,
    Heal,
    Move,
    Sell,
    Stash,
    TakeOrder,
)
from stalkerzone.odds import Odds, decision_odds

ALTERNATIVES = 3
"""How many alternatives an explanation lists."""

PERCENT_PARAMS = frozenset({"win", "death", "escape"})
"""Params that are chances in percent (unrounded: a client prints them with its own rounding)."""

REASONS: dict[str, tuple[str, str]] = {
    "move": ("moves towards {goal}", "идёт к цели «{goal}»"),
    "stay": ("stays: no move is worth more than this place", "остаётся: ход не даёт больше"),
    "epicenter": (
        "goes into the Epicenter to fight the guardian",
        "идёт в Эпицентр на бой со стражем",
    ),
    "searched": (
        "played the coming turns out in many possible futures: this move came out best",
        "проиграл ходы вперёд во многих возможных будущих: этот ход вышел лучшим",
    ),
    "end_turn": ("ends the turn: nothing left worth doing", "заканчивает ход: делать нечего"),
    "deliver": (
        "delivers {card}: reward {reward} gr., +1 reputation",
        "сдаёт заказ {card}: награда {reward} гр., +1 к репутации",
    ),
    "deliver_opens": (
        "delivers {card}: reward {reward} gr., and the +1 reputation opens {base}",
        "сдаёт заказ {card}: награда {reward} гр., а с +1 к репутации откроется {base}",
    ),
    "sell": ("sells {card} for cash", "продаёт {card} ради денег"),
    "heal": ("heals {points} health", "лечит {points} здоровья"),
    "buy": ("buys {card}: the best upgrade for the money", "покупает {card}: лучшее улучшение"),
    "arm": (
        "arms for the guardian's fight: {card} ×{copies}",
        "вооружается для боя со стражем: {card} ×{copies}",
    ),
    "take_order": (
        "takes the order {card}: reward {reward} gr. and +1 reputation when delivered",
        "берёт заказ {card}: награда {reward} гр. и +1 к репутации после сдачи",
    ),
    "take_order_opens": (
        "takes the order {card}: reward {reward} gr.; once delivered, its +1 reputation opens "
        "{base}",
        "берёт заказ {card}: награда {reward} гр.; после сдачи с +1 к репутации откроется {base}",
    ),
    "give_up_unmeetable": (
        "gives up {card}: it can no longer be met",
        "отказывается от заказа {card}: его уже не выполнить",
    ),
    "give_up_room": (
        "gives up {card}, which looks out of reach, to take a better order here",
        "отказывается от заказа {card}: он не по силам, а здесь есть заказ лучше",
    ),
    "activate": ("puts {card} to use", "достаёт {card} из рюкзака"),
    "stash": ("stashes {card}: it costs more than it gives", "убирает {card}: вреда больше"),
    "fight": (
        "{action}: win {win}%, death {death}%, escaped {escape}%",
        "{action}: победа {win}%, смерть {death}%, побег {escape}%",
    ),
    "armour": ("loses the weaker armour {card}", "теряет более слабую броню {card}"),
    "layout": ("lays a sector where the Zone stays whole", "кладёт сектор, не разрывая Зону"),
    "plan_gather": ("Elements still needed: {need}", "ещё нужно Элементов: {need}"),
    "plan_ready": ("carries the Elements it needs", "нужные Элементы собраны"),
    "plan_heal": ("plan: heal, then the Epicenter", "план: подлечиться, потом в Эпицентр"),
    "plan_buy": (
        "plan: buy an upgrade for the guardian's fight, then the Epicenter",
        "план: купить снаряжение для боя со стражем, потом в Эпицентр",
    ),
    "plan_epicenter": (
        "plan: the Epicenter this turn (in reach)",
        "план: в Эпицентр в этот ход (он достижим)",
    ),
    "plan_epicenter_later": (
        "plan: head for the Epicenter (out of reach this turn)",
        "план: идти к Эпицентру (в этот ход не дойти)",
    ),
    "plan_wait": (
        "plan: earn money for an upgrade before the guardian's fight",
        "план: заработать на снаряжение для боя со стражем",
    ),
}
"""Each reason key's English and Russian template (``str.format`` with the params)."""

LOG_DETAILS: dict[str, tuple[str, str]] = {
    "searched": (
        "best in {best} of {futures} sampled futures, {chance}% to win",
        "лучший в {best} из {futures} возможных будущих, {chance}% на победу",
    ),
    "arm": ("{odds}% against the guardian with them", "{odds}% против стража с ними"),
    "estimate": (
        "its estimate against the guardian {odds}%, it goes in at {wanted}%",
        "его оценка против стража {odds}%, идёт при {wanted}%",
    ),
}
"""The planner's own figures behind a choice, for the watch log only (``watch --log``): a
player's hint never shows them (they are no quantity on the table)."""

Details = tuple[tuple[str, Params], ...]
"""(a :data:`LOG_DETAILS` key, its params) pairs."""


@dataclass(frozen=True, slots=True)
class Alternative:
    """An option the bot weighed, with its value (and, for a fight decision, its exact odds in
    ``params``: win, death, escaped in percent)."""

    action: Action
    value: float
    params: Params = ()


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
    details: Details = ()  # the planner's own figures, for the watch log

    def text(self, lang: str = "en") -> str:
        """The reason in words, ``en`` or ``ru``, then the plan (chances to one decimal), then
        the planner's figures in brackets (the watch log's line)."""
        which = 1 if lang == "ru" else 0
        reason = REASONS[self.key][which].format(**_shown(self.params))
        plan = REASONS[self.plan_key][which].format(**_shown(self.plan_params))
        figures = "; ".join(LOG_DETAILS[k][which].format(**dict(p)) for k, p in self.details)
        return f"{reason}; {plan}" + (f" [{figures}]" if figures else "")


def _shown(params: Params) -> dict[str, object]:
    return {
        name: f"{float(value):.1f}" if name in PERCENT_PARAMS else value for name, value in params
    }


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
        key, params, value, others, details = _move(view, choice)
    else:
        key, params, value, others, details = _trade(view, choice)
    return Explanation(
        choice,
        key,
        params_of(params),
        value,
        others,
        plan_key,
        params_of(plan_params),
        details + _estimate(view),
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
    figures = {
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
        (),
        round(100 * mine.value, 1),
        others,
        plan_key,
        params_of(plan_params),
        (("searched", params_of(figures)), *_estimate(view)),
    )


def _plain(seen: GameState, choice: Action, key: str, params: dict[str, object]) -> Explanation:
    """A choice with no alternatives weighed (a layout, an armour to lose)."""
    plan_key, plan = _gathering(seen)
    return Explanation(choice, key, params_of(params), None, (), plan_key, params_of(plan))


def _gathering(seen: GameState) -> tuple[str, dict[str, object]]:
    """WIN-1: the Elements still needed, or that it carries them all."""
    need = _need(seen)
    return ("plan_gather", {"need": need}) if need else ("plan_ready", {})


def _need(seen: GameState) -> int:
    """Elements the deciding seat still needs (WIN-1)."""
    seat = seen.players[seen.current_player]
    return max(0, seen.variant.elements_required - seat.elements)


def _plan(view: TurnView) -> tuple[str, dict[str, object]]:
    """WIN-1: the plan the bot can state with (or without) the Elements it needs, in words only
    (its own estimate of the odds and the odds it waits for are its settings, not the table's:
    a client shows the guardian's exact odds beside it); "the Epicenter this turn" only while a
    legal move goes there (TURN-2), else "head for it"."""
    plan = epicenter_plan(view)
    if plan.step == "gather":
        return "plan_gather", {"need": view.need}
    if plan.step == "epicenter" and not _epicenter_in_reach(view):
        return "plan_epicenter_later", {}
    return f"plan_{plan.step}", {}


def _estimate(view: TurnView) -> Details:
    """The bot's own estimate of its odds against the guardian and the odds it goes in with
    (for the watch log: with the Elements only)."""
    plan = epicenter_plan(view)
    if plan.step == "gather":
        return ()
    figures = {"odds": round(100 * plan.odds), "wanted": round(100 * plan.wanted)}
    return (("estimate", params_of(figures)),)


def _epicenter_in_reach(view: TurnView) -> bool:
    epicenter = view.zone_map.epicenter
    return any(isinstance(a, Move) and a.to == epicenter for a in view.legal)


Explained = tuple[str, dict[str, object], float | None, tuple[Alternative, ...], Details]


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
        return "stay", {}, round(here, 1), others, ()
    value = next(v for v, a in scored if a == choice)
    if choice.to == view.zone_map.epicenter:
        return "epicenter", {}, round(value, 1), others, ()
    movement = max(1, view.stats.movement)
    goal, best = "the open ground", float("-inf")
    for worth, hexes, kind in goal_kinds(view):
        dist = view.distances(hexes).get(choice.to)
        if dist is not None and worth * DECAY ** (dist / movement) > best:
            best, goal = worth * DECAY ** (dist / movement), kind
    return "move", {"goal": goal}, round(value, 1), others, ()


def _trade(view: TurnView, choice: Action) -> Explained:
    """A trade or a rearrangement (BASE-1, EQ-8): the rule that fired, in words with what the
    base's rows show (an order's reward, the base its reputation opens, REP-1), and what else it
    could have done, each with its worth in money."""
    scored = [(_worth(view, a), a) for a in view.legal]
    ranked: list[tuple[float, Action]] = [(w, a) for w, a in scored if w is not None]
    ranked.sort(key=lambda wa: -wa[0])
    others = _top(ranked, choice)
    value = _worth(view, choice)
    card = str(getattr(choice, "card", ""))
    params: dict[str, object] = {"card": card}
    key = {
        DeliverOrder: "deliver",
        GiveUpOrder: "give_up_room",
        Sell: "sell",
        Heal: "heal",
        Buy: "buy",
        TakeOrder: "take_order",
        Activate: "activate",
        Stash: "stash",
    }.get(type(choice), "end_turn")
    if isinstance(choice, Heal):
        params = {"points": choice.points}
    if isinstance(choice, TakeOrder | DeliverOrder):
        key, params = _order_reason(view, key, choice.card)
    if isinstance(choice, GiveUpOrder):
        met = unmeetable(view.state, view.index, choice.card)
        key = "give_up_unmeetable" if met else "give_up_room"
    armed = _arming(view, choice)
    details: Details = ()
    if armed is not None:
        key = "arm"
        params["copies"] = armed[0]
        details = (("arm", params_of({"odds": round(100 * armed[1])})),)
    return key, params, None if value is None else round(value, 1), others, details


def _order_reason(view: TurnView, key: str, card: str) -> tuple[str, dict[str, object]]:
    """ORDER-1, REP-1: an order's reward as its row shows it, and the base that the +1
    reputation of delivering it opens (one on the Zone whose threshold it reaches)."""
    order = view.state.card(card)
    reward = order.reward if isinstance(order, Order) else 0
    params: dict[str, object] = {"card": card, "reward": reward}
    opens = _base_opened(view, view.player.reputation + 1)
    if opens is not None:
        return f"{key}_opens", {**params, "base": opens.value}
    return key, params


def _base_opened(view: TurnView, reputation: int) -> Site | None:
    """The base on the Zone that ``reputation`` opens exactly (REP-1; None: none)."""
    for base in BASES:
        needed = view.variant.reputation_needed(base)
        if needed == reputation and view.zone_map.site_hexes(base):
            return base
    return None


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
    """FIGHT-2: each decision's exact odds (win, death, escaped: the figures of its button on
    the fight screen, unrounded), ranked by the chance to come out alive."""
    held = seen.fight
    assert held is not None
    decisions: dict[Decision, Action] = {}
    for action in legal:
        if isinstance(action, FightDecision):
            kind = cast("ActionKind", action.action)
            decisions[Decision(kind, action.grenade, action.stimulator)] = action
    per = {d: decision_odds(held.fight, d, memory.odds) for d in decisions}
    per, _first = with_kit_way(memory, held.fight, per)  # FIGHT-4: as the buttons say
    scored: list[tuple[float, Action, Odds]] = []
    for decision, action in decisions.items():
        odds = per[decision]
        scored.append((round(100 * odds.alive, 1), action, odds))
    scored.sort(key=lambda s: -s[0])
    mine = next(((v, o) for v, a, o in scored if a == choice), None)
    others = tuple(Alternative(a, v, params_of(_chances(o))) for v, a, o in scored if a != choice)[
        :ALTERNATIVES
    ]
    label = getattr(choice, "action", "attack")
    chances = _chances(mine[1]) if mine is not None else {"win": 0, "death": 0, "escape": 0}
    plan_key, plan = _gathering(seen)
    return Explanation(
        choice,
        "fight",
        params_of({"action": label, **chances}),
        mine[0] if mine is not None else None,
        others,
        plan_key,
        params_of(plan),
    )


def _chances(odds: Odds) -> dict[str, object]:
    """A fight decision's exact odds in percent, unrounded (``repr`` keeps every digit)."""
    return {"win": 100 * odds.win, "death": 100 * odds.death, "escape": 100 * odds.escape}
