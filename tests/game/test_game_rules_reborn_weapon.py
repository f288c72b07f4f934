"""DEATH-3: a new stalker is never without a weapon it can buy. When the Village's stock holds
no weapon the start money pays for, the cheapest such weapon comes back to the stock from a
loot pile, the player's own first; otherwise nothing moves."""

from __future__ import annotations

from dataclasses import replace

from stalkerzone.engine.core import Site, Weapon
from stalkerzone.engine.play import GameState, LootPile, card_id
from stalkerzone.engine.turn import death
from stalkerzone.engine.zone import Hex
from tests.support.game import fresh


def village_weapons(state: GameState) -> set[str]:
    """Village weapons the start money pays for (PM pistol, Berdan, TOZ-34 in the base set)."""
    return {
        c.id
        for c in state.cards
        if isinstance(c, Weapon)
        and Site.VILLAGE in c.sold_at
        and c.price <= state.variant.start_money
    }


def without_village_weapons(state: GameState) -> tuple[GameState, tuple[str, ...]]:
    """The stock with every affordable Village weapon taken out (bought and lost, say)."""
    wanted = village_weapons(state)
    out = tuple(i for i in state.decks.stock if card_id(i) in wanted)
    stock = tuple(i for i in state.decks.stock if card_id(i) not in wanted)
    return replace(state, decks=replace(state.decks, stock=stock)), out


def price(state: GameState, instance: str) -> int:
    card = state.cards.get(card_id(instance))
    assert isinstance(card, Weapon)
    return card.price


def test_the_cheapest_weapon_in_the_own_loot_goes_back_to_the_village() -> None:
    state, out = without_village_weapons(fresh())
    dearest = max(out, key=lambda i: price(state, i))
    cheapest = min(out, key=lambda i: price(state, i))
    other = LootPile(Hex(3, 3), 1, cards=(cheapest,))  # another's pile: only if none of one's own
    carried = replace(state.players[0], backpack=(dearest,), weapon=None)
    state = replace(state, loot=(other,), players=(carried, *state.players[1:]))
    where = state.players[0].position
    assert where is not None
    after = death.kill(state, 0, where)
    back = [i for i in after.decks.stock if card_id(i) in village_weapons(after)]
    assert back == [dearest]  # the own pile's weapon, though another pile holds a cheaper one
    assert other in after.loot and all(dearest not in p.cards for p in after.loot)
    assert any(getattr(n, "key", "") == "village_restocked" for n in after.notes)


def test_another_pile_gives_one_when_the_own_holds_none() -> None:
    state, out = without_village_weapons(fresh())
    cheapest = min(out, key=lambda i: price(state, i))
    other = LootPile(Hex(3, 3), 1, cards=(cheapest,), money=10)
    carried = replace(state.players[0], weapon=None, backpack=())
    state = replace(state, loot=(other,), players=(carried, *state.players[1:]))
    where = state.players[0].position
    assert where is not None
    after = death.kill(state, 0, where)
    assert cheapest in after.decks.stock
    assert replace(other, cards=()) in after.loot  # the pile stays with its money


def test_nothing_moves_while_the_village_has_a_weapon_to_buy() -> None:
    state = fresh()
    mine = next(i for i in state.decks.stock if card_id(i) in village_weapons(state))
    stock = tuple(i for i in state.decks.stock if i != mine)
    carried = replace(state.players[0], backpack=(mine,), weapon=None)
    state = replace(
        state, decks=replace(state.decks, stock=stock), players=(carried, *state.players[1:])
    )
    where = state.players[0].position
    assert where is not None
    after = death.kill(state, 0, where)
    assert after.decks.stock == stock
    assert any(mine in p.cards for p in after.loot)
    assert not any(getattr(n, "key", "") == "village_restocked" for n in after.notes)
