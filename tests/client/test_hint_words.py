"""The bot's hint speaks the table's figures: the guardian's odds as the board's hover over the
Epicenter prints them (WIN-1, FIGHT-4), "this turn" only when the Epicenter is in reach
(TURN-2), an order's reward as its row shows it (ORDER-1), a fight decision's odds as its
button shows them (FIGHT-2), and no number a player cannot see anywhere (a bot's score, its
own estimate of the odds)."""

from __future__ import annotations

import re
from functools import cache

import pytest

from stalkerzone.client.screens.board.known_fights import fight_odds, guardian_fight
from stalkerzone.client.screens.fight.odds_worker import compute
from stalkerzone.client.screens.fight.presenter import odds_line
from stalkerzone.client.screens.hint import Hint, bot_hint
from stalkerzone.client.text import i18n
from stalkerzone.client.text.card_words import site_name
from stalkerzone.engine.core import Colour, Equipment, Monster, Order, Site
from stalkerzone.engine.game import legal_actions, player_view
from stalkerzone.engine.play import GameState, Move, TakeOrder
from stalkerzone.engine.turn import equipment
from tests.support.game import edit, fresh, hex_of, with_reputation
from tests.support.records import bot_record

PERCENT = re.compile(r"[<>]?\d+(?:[.,]\d+)?\u00a0?%")
NUMBER = re.compile(r"\d+")


@cache
def _game() -> tuple[GameState, ...]:
    """A 3-seat bot game (a fixed seed) as far as a stalker's walk into the Epicenter."""
    states = bot_record(200, seed=4, players=3).states
    return tuple(s for s in states if not s.is_terminal and s.phase in ("turn", "fight"))


def board_chances(state: GameState, seat: int) -> str:
    """The odds the board's hover over the Epicenter prints for ``seat`` (``guardian_line``)."""
    seen = player_view(state, seat)
    fight = guardian_fight(seen, seat, state.zone_map.epicenter)
    assert fight is not None
    odds = fight_odds(fight)
    return i18n.t("known_fight.odds", win=i18n.percent(odds.win), death=i18n.percent(odds.death))


def in_reach(state: GameState) -> bool:
    epicenter = state.zone_map.epicenter
    return any(isinstance(a, Move) and a.to == epicenter for a in legal_actions(state))


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_hint_gives_the_guardians_odds_the_board_gives(language: str) -> None:
    """Kate at the Laboratory read "plan: the Epicenter now (36.0%)" while the board said "with
    best play: win 52.8%": the hint's plan gives the board's figures, and says "this turn" only
    when a move reaches the Epicenter now."""
    i18n.set_language(language)
    try:
        against = i18n.t("aids.hint_guardian", odds="").strip()
        asked = 0
        seen_plans: set[bool] = set()
        for state in _game():
            seat = state.current_player
            if state.phase != "turn" or state.players[seat].elements < 3:
                continue
            found = bot_hint(state, seat)
            assert found is not None
            chances = board_chances(state, seat)
            assert against in found.reason and chances in found.reason, found.reason
            shown = PERCENT.findall(found.reason)
            assert shown and all(p in chances for p in shown), (found.reason, chances)
            reach = in_reach(state)
            this_turn = "this turn (in reach)" if language == "en" else "в этот ход (он"
            out_of_reach = "out of reach this turn" if language == "en" else "в этот ход не дойти"
            assert this_turn not in found.reason or reach, found.reason
            if out_of_reach in found.reason:
                assert not reach
                seen_plans.add(False)
            if this_turn in found.reason:
                seen_plans.add(True)
            asked += 1
        assert asked >= 5 and seen_plans == {True, False}
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_hint_names_an_orders_reward_as_its_row_does(language: str) -> None:
    """At the Laboratory the hint said "Takes the order Probe in the red zone (worth 1650)"
    while its row said "reward 1350 gr.": the row's words now, never the bot's worth."""
    i18n.set_language(language)
    try:
        state = fresh(2)
        me = state.current_player
        there = edit(state, me, position=hex_of(state, Site.LABORATORY), cash=0)
        there = with_reputation(there, me, 6)
        found = bot_hint(there, me)
        assert found is not None and isinstance(found.choice, TakeOrder)
        order = there.card(found.choice.card)
        assert isinstance(order, Order)
        assert i18n.t("base.reward", reward=order.reward) in found.reason, found.reason
        need = there.variant.elements_required  # "+1 reputation", "Elements still needed: 3"
        assert set(NUMBER.findall(found.reason)) == {str(order.reward), "1", str(need)}
    finally:
        i18n.set_language("en")


def test_the_hint_says_which_base_an_orders_reputation_opens() -> None:
    """REP-1: an order whose +1 reputation opens a base says so, in words."""
    state = fresh(2)
    me = state.current_player
    needed = state.variant.reputation_needed(Site.MILITARY_BASE)
    village = with_reputation(edit(state, me, cash=0), me, needed - 1)
    found = bot_hint(village, me)
    assert found is not None and isinstance(found.choice, TakeOrder), found
    assert f"opens {site_name(Site.MILITARY_BASE)}" in found.reason, found.reason


def visible_numbers(state: GameState, seat: int) -> tuple[set[str], set[str]]:
    """The integers a player sees on the table (cash, health, reputation, Elements, prices,
    rewards, trophy prices, heal points, copies) and the chances the board and the fight
    screen print (the guardian's odds from the hover, each decision's line)."""
    p = state.players[seat]
    top = equipment.stats(p, state.ctx).max_health
    whole = {p.cash, p.health, top, p.reputation, p.elements, state.variant.elements_required}
    whole |= {state.variant.elements_required - p.elements, *range(0, top + 1), *range(1, 6)}
    for card in state.cards:
        if isinstance(card, Equipment):
            whole.add(card.price)
        if isinstance(card, Order):
            whole.add(card.reward)
        if isinstance(card, Monster):
            whole |= {card.at(colour).trophy_price for colour in Colour}
    chances: set[str] = set()
    if state.fight is not None:
        for _decision, odds in compute(state.fight.fight).per_decision:
            chances |= set(PERCENT.findall(odds_line(odds)))
    elif p.elements >= state.variant.elements_required:
        chances |= set(PERCENT.findall(board_chances(state, seat)))
    return {str(n) for n in whole}, chances


def strange_numbers(found: Hint, state: GameState, seat: int) -> list[str]:
    """Numbers of the hint's reason and alternatives a player sees nowhere (card and place
    names, which may hold digits, read as words)."""
    whole, chances = visible_numbers(state, seat)
    text = " ".join([found.what, found.reason, *found.alternatives])
    names = {i18n.card_text(card.name) for card in state.cards} | {site_name(s) for s in Site}
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    odd = [p for p in PERCENT.findall(text) if p not in chances]
    odd += [n for n in NUMBER.findall(PERCENT.sub(" ", text)) if n not in whole]
    return odd


@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_hint_of_a_game_holds_only_numbers_a_player_sees(language: str) -> None:
    """Every hint of a bot game's turns and fights, and at the Laboratory: no bot's score, no
    estimate of its own ("worth 1650", "36.0%"), only the table's quantities."""
    i18n.set_language(language)
    try:
        state = fresh(2)
        me = state.current_player
        lab = with_reputation(edit(state, me, position=hex_of(state, Site.LABORATORY)), me, 6)
        found_odd: list[str] = []
        keys = set()
        for state in (lab, *_game()[::2]):
            seat = state.current_player
            found = bot_hint(state, seat)
            assert found is not None
            keys.add(found.reason.split(":")[0].split(" ")[0])
            odd = strange_numbers(found, state, seat)
            if odd:
                found_odd.append(f"{odd}: {found.reason} / {found.alternatives}")
        assert len(keys) >= 8, keys
        assert not found_odd, "\n".join(found_odd)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_reason_the_bots_can_give_reads_whole_with_the_tables_numbers(
    language: str,
) -> None:
    """Each reason and plan of the bots' catalogue, as the hint words it (the table's figures
    filled in: a card, a place, a reward, health, Elements, a fight's odds, the guardian's
    odds): no field left unfilled, no number a player does not see."""
    import string

    from stalkerzone.bots.explain import REASONS, Explanation
    from stalkerzone.client.screens.hint import reason_words
    from stalkerzone.engine.core import params_of
    from stalkerzone.engine.play import EndTurn
    from stalkerzone.odds import Odds

    i18n.set_language(language)
    try:
        state = fresh(2)
        seat = state.current_player
        order = next(iter(state.cards.orders))
        filled: dict[str, object] = {
            "card": order.id,
            "goal": Site.VILLAGE.value,
            "action": "attack",
            "points": 5,
            "reward": order.reward,
            "base": Site.MILITARY_BASE.value,
            "copies": 3,
            "need": 2,
            "win": 100 * 0.528,
            "death": 100 * 0.472,
            "escape": 0.0,
        }
        whole, _chances = visible_numbers(state, seat)
        guardian = i18n.t("aids.hint_guardian", odds=board_chances(state, seat))
        chances = set(PERCENT.findall(guardian + odds_line(Odds(0.528, 0.472, 0.0, 0.0))))
        names = [i18n.card_text(order.name), *(site_name(s) for s in Site)]
        for key, templates in REASONS.items():
            fields = {f for _t, f, _s, _c in string.Formatter().parse(templates[0]) if f}
            params = params_of({name: filled[name] for name in fields})
            if key.startswith("plan_"):
                why = Explanation(EndTurn(), "end_turn", (), None, (), key, params)
            else:
                why = Explanation(EndTurn(), key, params, None, (), "plan_gather", (("need", 2),))
            text = reason_words(why, state, guardian)
            assert "{" not in text and "}" not in text, text
            for name in names:
                text = text.replace(name, " ")
            odd = [p for p in PERCENT.findall(text) if p not in chances]
            odd += [n for n in NUMBER.findall(PERCENT.sub(" ", text)) if n not in whole]
            assert not odd, (key, text)
    finally:
        i18n.set_language("en")
