"""Bots and orders (ORDER-1): a bot gives up an open order that can no longer be met, never
takes such an order, and loses backpack armour before worn armour (EVENT-1)."""

from __future__ import annotations

from dataclasses import replace

from stalkerzone.bots import players as bots
from stalkerzone.bots.memory import BotMemory
from stalkerzone.bots.trading import unmeetable
from stalkerzone.engine.core import Colour, Order, Site, TrophyRequirement
from stalkerzone.engine.game import apply, legal_actions
from stalkerzone.engine.play import (
    DiscardArmour,
    GameState,
    GiveUpOrder,
    OpenOrder,
    TakeOrder,
    Trophy,
    card_id,
    instances,
)
from tests.support.game import edit, fresh, give, hex_of, on_top


def bot_at_village(state: GameState, index: int = 0) -> GameState:
    players = list(state.players)
    players[index] = replace(players[index], bot="hard", position=hex_of(state, Site.VILLAGE))
    return replace(state, players=tuple(players), current_player=index, phase="turn", step="site")


def trophy_order(state: GameState) -> tuple[str, str]:
    """An order instance asking for a trophy, and the monster card id it asks for."""
    for instance in state.decks.orders:
        card = state.card(instance)
        assert isinstance(card, Order)
        if isinstance(card.requirement, TrophyRequirement):
            return instance, card.requirement.monster
    raise AssertionError("no trophy order in the base cards")


def every_copy_to(state: GameState, index: int, monster: str) -> GameState:
    """Every copy of ``monster`` becomes a trophy of seat ``index`` (taken out of the decks)."""
    copies = instances(state.cards.get(monster))
    decks = state.decks
    decks = replace(
        decks,
        monsters=tuple(c for c in decks.monsters if c not in copies),
        monster_discard=tuple(c for c in decks.monster_discard if c not in copies),
    )
    trophies = tuple(Trophy(c, Colour.GREEN) for c in copies)
    return edit(replace(state, decks=decks), index, trophies=trophies)


def test_bot_gives_up_an_order_no_one_can_meet_any_more() -> None:
    """ORDER-1: every copy of the asked monster is another player's trophy: the bot at a base
    gives the order up (and does not take it back)."""
    state = fresh(3, players=2)
    order, monster = trophy_order(state)
    orders = tuple(o for o in state.decks.orders if o != order)
    state = replace(state, decks=replace(state.decks, orders=orders))
    state = edit(state, 0, open_orders=(OpenOrder(order),))
    state = bot_at_village(every_copy_to(state, 1, monster))
    assert unmeetable(state, 0, order)
    action = bots.choose(state, None, "hard", legal_actions(state), memory=BotMemory())
    assert action == GiveUpOrder(order)
    after = apply(state, action)
    again = bots.choose(after, None, "hard", legal_actions(after), memory=BotMemory())
    assert again != TakeOrder(order)
    assert not unmeetable(edit(state, 1, trophies=()), 0, order)
    assert card_id(order) in {card_id(o) for o in after.decks.orders}


def test_bot_loses_backpack_armour_before_worn_armour() -> None:
    """EVENT-1: with the choice, a bot loses the armour it does not wear."""
    state, suit = give(fresh(3), 0, "stalker-suit")
    state, spare = give(state, 0, "gas-mask", where="backpack")
    state, _ = on_top(state, "events", "lose-protection")
    state = replace(state, current_player=0, phase="choose_armour")
    legal = legal_actions(state)
    assert set(legal) == {DiscardArmour(suit), DiscardArmour(spare)}
    assert bots.choose(state, None, "hard", legal, memory=BotMemory()) == DiscardArmour(spare)
