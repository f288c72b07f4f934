"""Death and loot (DEATH-1 … DEATH-4, FIGHT-6).

A dead stalker leaves everything it carried — slots, backpack, money, trophies and Elements —
as a loot pile on the hex where it died, seen only by its owner. The player goes on with a new
stalker of the same character at the Village, with the start money and health of the variant
(ST-2; Mazhor's larger start money is not paid again) and the same reputation. Open orders are
not things a stalker carries in a pocket: they stay with the player. A held fight event goes to
the event discard (DEATH-1).
"""

from __future__ import annotations

from dataclasses import replace

from stalkerzone.engine.core import Loadout, Note, Site, StalkerCard, Variant, Weapon, derive
from stalkerzone.engine.play import (
    GameState,
    LootPile,
    PlayerState,
    card_id,
    note,
    set_player,
)
from stalkerzone.engine.turn.equipment import gain, gained_note
from stalkerzone.engine.zone import Hex


def start_health(stalker: StalkerCard, variant: Variant) -> int:
    """ST-2, ST-3: the health of a stalker without equipment (Bugai 35)."""
    return derive(Loadout(stalker=stalker), variant).max_health


def kill(state: GameState, index: int, where: Hex) -> GameState:
    """DEATH-1, DEATH-3: leave loot on ``where``; a new stalker starts at the Village; open
    orders stay with the player, a held fight event is discarded."""
    player = state.players[index]
    pile = LootPile(
        hex=where,
        owner=index,
        cards=player.carried(),
        trophies=player.trophies,
        money=player.cash,
        elements=player.elements,
    )
    loot = list(state.loot)
    for k, old in enumerate(loot):
        if old.hex == where and old.owner == index:
            loot[k] = LootPile(
                hex=where,
                owner=index,
                cards=old.cards + pile.cards,
                trophies=old.trophies + pile.trophies,
                money=old.money + pile.money,
                elements=old.elements + pile.elements,
            )
            break
    else:
        if pile.cards or pile.trophies or pile.money or pile.elements:
            loot.append(pile)
    stalker = state.cards.get(player.stalker)
    assert isinstance(stalker, StalkerCard)
    if player.held_event is not None:  # DEATH-1: a held fight event is discarded
        decks = replace(state.decks, event_discard=(player.held_event, *state.decks.event_discard))
        state = note(
            replace(state, decks=decks),
            Note(
                "DEATH-1",
                "held_event_discarded",
                f"{player.name}'s held fight event goes to the event discard",
                player=player.name,
            ),
        )
    reborn = PlayerState(
        name=player.name,
        stalker=player.stalker,
        bot=player.bot,
        cash=state.variant.start_money,
        health=start_health(stalker, state.variant),
        position=state.zone_map.village,
        open_orders=player.open_orders,
        delivered=player.delivered,
        deaths=player.deaths + 1,
    )
    state = set_player(replace(state, loot=tuple(loot)), index, reborn)
    state = note(
        state,
        Note(
            "DEATH-1",
            "died",
            f"{player.name}'s stalker died; the loot stays on the hex",
            player=player.name,
        ),
    )
    state = note(
        state,
        Note(
            "DEATH-3",
            "reborn",
            f"a new {stalker.name} starts at the Village",
            player=player.name,
            card=stalker.id,
        ),
    )
    return weapon_for_the_reborn(state, index)


def weapon_for_the_reborn(state: GameState, index: int) -> GameState:
    """DEATH-3: a new stalker is never without a weapon it can buy. When the Village's stock
    holds no weapon the new stalker's money pays for, one copy of the cheapest such weapon the
    Village sells goes back to the stock from a loot pile (the player's own first)."""
    cash = state.players[index].cash

    def affordable(instance: str) -> Weapon | None:
        card = state.cards.get(card_id(instance))
        if isinstance(card, Weapon) and Site.VILLAGE in card.sold_at and card.price <= cash:
            return card
        return None

    if any(affordable(instance) for instance in state.decks.stock):
        return state
    found = [  # the player's own piles first, then the cheapest
        (pile.owner != index, weapon.price, k, instance)
        for k, pile in enumerate(state.loot)
        for instance in pile.cards
        if (weapon := affordable(instance)) is not None
    ]
    if not found:
        return state
    *_order, k, instance = min(found)
    pile = state.loot[k]
    cards = list(pile.cards)
    cards.remove(instance)
    rest = replace(pile, cards=tuple(cards))
    empty = not (rest.cards or rest.trophies or rest.money or rest.elements)
    loot = state.loot[:k] + (() if empty else (rest,)) + state.loot[k + 1 :]
    decks = replace(state.decks, stock=(*state.decks.stock, instance))
    restocked = Note(
        "DEATH-3",
        "village_restocked",
        f"the Village gets {card_id(instance)} back from the loot for the new stalker",
        card=card_id(instance),
    )
    return note(replace(state, loot=loot, decks=decks), restocked)


def pick_up(state: GameState, index: int) -> GameState:
    """DEATH-3 (own loot) and the Zombie event (others' loot): take every pile one may take here.

    Each card goes where EQ-10 puts it; a grenade over the cap stays in the pile (EQ-6), and
    the pile stays on the hex while anything is left in it."""
    player = state.players[index]
    here = player.position
    keep: list[LootPile] = []
    taken: list[LootPile] = []
    for pile in state.loot:
        mine = pile.owner == index
        if pile.hex == here and (mine or player.zombie_turns > 0):
            taken.append(pile)
        else:
            keep.append(pile)
    if not taken:
        return state
    lines: list[Note] = []
    for pile in taken:
        if pile.owner == index:
            lines.append(
                Note(
                    "DEATH-3", "pickup_own", f"{player.name} picks up own loot", player=player.name
                )
            )
        else:
            owner = state.players[pile.owner].name
            lines.append(
                Note(
                    "EVENT-1",
                    "pickup_other",
                    f"{player.name} picks up {owner}'s loot",
                    player=player.name,
                    owner=owner,
                )
            )
        rule = lines[-1].rule
        left: list[str] = []
        for instance in pile.cards:
            gained = gain(player, instance, state.ctx)
            player = gained.player
            if gained.where == "left":
                left.append(instance)
            lines.append(gained_note(gained, player.name, instance, rule))
        player = replace(
            player,
            cash=player.cash + pile.money,
            elements=player.elements + pile.elements,
            trophies=player.trophies + pile.trophies,
        )
        if left:
            keep.append(LootPile(hex=pile.hex, owner=pile.owner, cards=tuple(left)))
    state = set_player(replace(state, loot=tuple(keep)), index, player)
    for line in lines:
        state = note(state, line)
    return state
