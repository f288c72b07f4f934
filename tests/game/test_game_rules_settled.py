"""The readings the rules reference settles where the book is silent: TROPHY-3, DEATH-1 …
DEATH-3, BASE-3, ORDER-1, EVENT-1, TURN-3 and EQ-10, one test (or more) per rule id."""

from __future__ import annotations

from dataclasses import replace

import pytest

from stalkerzone.engine.core import (
    AnomalyOutcome,
    BaseRefused,
    Dice,
    Monster,
    MonsterStats,
    Note,
    Order,
    OrderRefused,
    Rng,
    Site,
    VisitRequirement,
)
from stalkerzone.engine.game import HIDDEN_CARD, apply, legal_actions, player_view
from stalkerzone.engine.game.game import destinations
from stalkerzone.engine.play import (
    GameState,
    GiveUpOrder,
    Heal,
    LootPile,
    Move,
    OpenOrder,
    Sell,
    TakeOrder,
    card_id,
)
from stalkerzone.engine.turn import sites, stats
from tests.support.game import (
    cards_with,
    edit,
    fight_to_end,
    fresh,
    give,
    hex_of,
    next_to,
    on_top,
    variant,
    with_reputation,
)

ALL = frozenset(range(1, 7))


def enter(state: GameState, site: Site, index: int = 0, seed: int = 0) -> GameState:
    target = hex_of(state, site)
    return apply(replace(next_to(state, index, target), rng=seed), Move(target))


def at_base(state: GameState, base: Site = Site.VILLAGE, index: int = 0) -> GameState:
    state = replace(state, current_player=index, phase="turn", step="move")
    return edit(state, index, position=hex_of(state, base))


def keys(state: GameState) -> list[str]:
    return [n.key for n in state.notes if isinstance(n, Note)]


def carries(state: GameState, index: int, instance: str) -> bool:
    return instance in state.players[index].carried()


# --- TROPHY-3 ---------------------------------------------------------------------------------


def test_game_trophy3_an_empty_artifact_deck_takes_its_discard_both_empty_no_artifact() -> None:
    """TROPHY-3: with the artifact deck empty the discard is shuffled into a new deck and the
    red trophy's artifact comes from it; with both empty no artifact is given."""
    state = fresh()
    pile = state.decks.artifacts
    state = replace(state, decks=replace(state.decks, artifacts=(), artifact_discard=pile[:3]))
    after = sites.give_artifact(state, 0, Rng(1), "TROPHY-3")
    (got,) = after.players[0].carried()
    assert got in pile[:3] and after.decks.artifact_discard == ()
    assert len(after.decks.artifacts) == 2 and "pile_shuffled" in keys(after)
    empty = replace(state, decks=replace(state.decks, artifacts=(), artifact_discard=()))
    none = sites.give_artifact(empty, 0, Rng(1), "TROPHY-3")
    assert none.players[0].carried() == () and "artifact_deck_empty" in keys(none)


# --- DEATH-1 ----------------------------------------------------------------------------------


def test_game_death1_orders_stay_the_held_event_is_discarded() -> None:
    """DEATH-1: the player keeps its open orders; a held fight event goes to the event
    discard (the new stalker holds none)."""
    state = edit(fresh(), 0, health=1)
    order = state.decks.orders[0]
    state = replace(state, decks=replace(state.decks, orders=state.decks.orders[1:]))
    state, event = on_top(state, "events", "monster-first")
    state = replace(state, decks=replace(state.decks, events=state.decks.events[1:]))
    state = edit(state, 0, open_orders=(OpenOrder(order),), held_event=event)
    state.ctx.variant = replace(
        variant(), anomaly_table=(AnomalyOutcome(ALL, "damage", Dice.parse("1d6+5")),)
    )
    after = enter(state, Site.ANOMALY)
    p = after.players[0]
    assert p.deaths == 1 and p.open_orders == (OpenOrder(order),)
    assert p.held_event is None and after.decks.event_discard[0] == event
    assert "held_event_discarded" in keys(after)


def test_game_death1_the_monster_card_goes_back_into_its_deck_face_down() -> None:
    """DEATH-1, FIGHT-5: after a stalker dies in a fight the monster card is back in the
    monster deck (not the discard, no trophy)."""
    state = edit(fresh(), 0, health=1)
    before = len(state.decks.monsters)
    fought = fight_to_end(enter(state, Site.DANGER_RED))
    held = fought.last_fight
    assert held is not None and held.fight.outcome == "death"
    assert held.monster in fought.decks.monsters and len(fought.decks.monsters) == before
    assert held.monster not in fought.decks.monster_discard
    assert fought.players[0].trophies == ()


# --- DEATH-2 ----------------------------------------------------------------------------------


def test_game_death2_a_zombie_sees_where_loot_lies_and_takes_it_on_a_later_move() -> None:
    """DEATH-2: with a Zombie card in force its holder sees where another player's loot lies,
    not what it holds; the move that drew the card does not take the pile, a later one does."""
    state, rifle = give(fresh(), 0, "berdan-rifle")
    state = edit(state, 0, weapon=None)
    event_hex = hex_of(state, Site.EVENT)
    pile = LootPile(hex=event_hex, owner=0, cards=(rifle,), money=300)
    state = replace(state, loot=(pile,))
    assert player_view(replace(state, current_player=1), 1).loot == ()
    state, _ = on_top(state, "events", "zombie")
    drawn = enter(state, Site.EVENT, index=1)
    assert drawn.players[1].zombie_turns == 2 and drawn.loot == (pile,)
    assert player_view(drawn, 1).loot == (LootPile(hex=event_hex, owner=0),)
    assert player_view(drawn, 0).loot == (pile,)
    later, _ = on_top(drawn, "events", "bandits")
    later = enter(later, Site.EVENT, index=1)
    assert later.loot == () and carries(later, 1, rifle)


# --- DEATH-3 ----------------------------------------------------------------------------------


def own_loot_on_red_danger(state: GameState) -> tuple[GameState, str]:
    state, rifle = give(state, 0, "gauss-rifle")
    state = edit(state, 0, weapon=None)
    pile = LootPile(hex=hex_of(state, Site.DANGER_RED), owner=0, cards=(rifle,), money=400)
    return replace(state, loot=(pile,)), rifle


def test_game_death3_own_loot_on_a_danger_hex_after_the_fight_if_alive() -> None:
    """DEATH-3: on one's own loot on a danger hex the fight comes first; the loot is taken
    back after it when the stalker won or escaped."""
    state, rifle = own_loot_on_red_danger(fresh())
    bloodsucker = state.cards.get("bloodsucker")
    assert isinstance(bloodsucker, Monster)
    soft = replace(bloodsucker, red=MonsterStats(1, Dice.parse("1d2"), 0, 100))
    state = replace(fresh(cards=cards_with(soft)), loot=state.loot, players=state.players)
    state, _ = on_top(state, "monsters", "bloodsucker")
    fighting = enter(state, Site.DANGER_RED)
    assert fighting.phase == "fight" and len(fighting.loot) == 1
    assert not carries(fighting, 0, rifle)
    won = fight_to_end(fighting)
    assert won.last_fight is not None and won.last_fight.fight.outcome == "win"
    assert won.loot == () and carries(won, 0, rifle) and won.players[0].cash >= 400


def test_game_death3_own_loot_stays_when_the_fight_kills_the_stalker() -> None:
    """DEATH-3: a stalker that dies in the fight on its loot hex does not take the loot back."""
    state, rifle = own_loot_on_red_danger(edit(fresh(), 0, health=1))
    dead = fight_to_end(enter(state, Site.DANGER_RED))
    assert dead.last_fight is not None and dead.last_fight.fight.outcome == "death"
    assert not carries(dead, 0, rifle)
    assert any(rifle in pile.cards for pile in dead.loot)


# --- BASE-3 -----------------------------------------------------------------------------------


def test_game_base3_healing_only_at_a_base_the_reputation_opens() -> None:
    """BASE-3, BASE-1: no healing at the Military Base below its reputation."""
    state = edit(at_base(fresh(), Site.MILITARY_BASE), 0, health=10, cash=1000)
    assert not any(isinstance(a, Heal) for a in legal_actions(state))
    with pytest.raises(BaseRefused, match=r"^BASE-1: .* needs reputation"):
        apply(state, Heal(1))
    opened = with_reputation(state, 0, state.variant.reputation_needed(Site.MILITARY_BASE))
    assert Heal(1) in legal_actions(opened)
    assert apply(opened, Heal(1)).players[0].health == 11


# --- ORDER-1 ----------------------------------------------------------------------------------


def test_game_order1_an_order_is_given_up_at_a_usable_base() -> None:
    """ORDER-1: giving up an open order: listed at a usable base, no reward, no reputation
    change, the card at the bottom of the order deck; the stalker may take it again later."""
    state = edit(at_base(fresh()), 0, cash=0)
    order = next(a.card for a in legal_actions(state) if isinstance(a, TakeOrder))
    held = apply(state, TakeOrder(order))
    assert GiveUpOrder(order) in legal_actions(held)
    after = apply(held, GiveUpOrder(order))
    p = after.players[0]
    assert p.open_orders == () and p.cash == 0 and p.reputation == 0
    assert after.decks.orders[-1] == order and "order_given_up" in keys(after)
    assert TakeOrder(order) in legal_actions(after)


def test_game_order1_giving_up_is_refused_away_from_a_usable_base() -> None:
    """ORDER-1: no giving up away from a base, at a base the reputation does not open, or of
    an order not held; each refusal names ORDER-1 and leaves the state unchanged."""
    state = edit(fresh(), 0, cash=0)
    order = state.decks.orders[0]
    state = replace(state, decks=replace(state.decks, orders=state.decks.orders[1:]))
    state = edit(replace(state, current_player=0), 0, open_orders=(OpenOrder(order),))
    for where in (None, Site.MILITARY_BASE):
        if where is None:
            here = edit(state, 0, position=hex_of(state, Site.ANOMALY))
        else:
            here = at_base(state, where)
        assert GiveUpOrder(order) not in legal_actions(here)
        snapshot = repr(here)
        with pytest.raises(OrderRefused, match=r"^ORDER-1: ") as refused:
            apply(here, GiveUpOrder(order))
        assert refused.value.key == "give_up_not_here" and repr(here) == snapshot
    village = at_base(state)
    other = state.decks.orders[0]
    with pytest.raises(OrderRefused, match=r"^ORDER-1: you hold no open order"):
        apply(village, GiveUpOrder(other))


def test_game_order1_a_visit_is_ending_a_move_on_the_site_not_passing_through() -> None:
    """ORDER-1: a "visit" order is met by ending a move on the site, not by passing it."""
    base = fresh()
    for order in base.decks.orders:
        card = base.card(order)
        assert isinstance(card, Order)
        req = card.requirement
        if not isinstance(req, VisitRequirement):
            continue
        state = replace(base, decks=replace(base.decks, orders=without(base.decks.orders, order)))
        state = edit(replace(state, current_player=0), 0, open_orders=(OpenOrder(order),))
        for start in sorted(state.zone_map.hexes):
            if state.zone_map.hexes[start].site is not None:
                continue
            moved = edit(state, 0, position=start)
            for to, path in sorted(destinations(moved).items()):
                passes = any(state.zone_map.hexes[h].site == req.site for h in path[:-1])
                if passes and state.zone_map.hexes[to].site is None:
                    after = apply(moved, Move(to))
                    assert after.players[0].open_orders == (OpenOrder(order),)
                    ended = enter(state, req.site)
                    assert ended.players[0].open_orders[0].visited
                    return
    raise AssertionError("no move passes a visit site in this Zone")


def without(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    return tuple(i for i in items if i != item)


# --- EVENT-1 ----------------------------------------------------------------------------------


def test_game_event1_loss_of_protection_takes_armour_from_the_backpack_too() -> None:
    """EVENT-1: the armour lost is worn or in the backpack: stashing armour does not dodge
    the event; with only backpack armour that card is lost."""
    state, mask = give(fresh(), 0, "gas-mask")
    state, suit = give(state, 0, "stalker-suit", where="backpack")
    state, _ = on_top(state, "events", "lose-protection")
    choosing = enter(state, Site.EVENT)
    assert choosing.phase == "choose_armour"
    from stalkerzone.engine.play import DiscardArmour

    assert set(legal_actions(choosing)) == {DiscardArmour(mask), DiscardArmour(suit)}
    lost = apply(choosing, DiscardArmour(suit))
    assert suit in lost.decks.removed and suit not in lost.players[0].carried()
    state, suit = give(fresh(), 0, "stalker-suit", where="backpack")
    state, _ = on_top(state, "events", "lose-protection")
    only = enter(state, Site.EVENT)
    assert only.phase == "turn" and suit in only.decks.removed


def test_game_event1_protection_reduced_adds_up_never_below_0() -> None:
    """EVENT-1: two "protection reduced by 1" events add up; defence never goes below 0."""
    state, _ = give(fresh(), 0, "stalker-suit")
    worn = stats(state.players[0], state.ctx).defence
    state, event = on_top(state, "events", "protection-minus-one")
    for _ in range(worn + 2):  # the same card drawn again from the discard
        decks = state.decks
        events = (event, *without(decks.events, event))
        state = replace(state, decks=replace(decks, events=events, event_discard=()))
        state = enter(state, Site.EVENT)
    assert state.players[0].protection_minus == worn + 2
    assert stats(state.players[0], state.ctx).defence == 0
    one = edit(state, 0, protection_minus=1)
    assert stats(one.players[0], one.ctx).defence == worn - 1


# --- TURN-3 -----------------------------------------------------------------------------------


def test_game_turn3_others_learn_only_that_a_fight_event_is_held() -> None:
    """TURN-3: the note of a kept fight event names the card to its holder only; the others'
    view says that one is held."""
    state, event = on_top(fresh(), "events", "monster-first")
    state = enter(state, Site.EVENT)
    assert state.players[0].held_event == event
    mine = [n for n in player_view(state, 0).notes if isinstance(n, Note)]
    theirs = [n for n in player_view(state, 1).notes if isinstance(n, Note)]
    kept = next(n for n in mine if n.key == "event_kept")
    assert dict(kept.params)["card"] == card_id(event)
    hidden = next(n for n in theirs if n.key == "event_kept")
    assert "card" not in dict(hidden.params) and card_id(event) not in hidden
    assert all(card_id(event) not in n for n in theirs)
    assert player_view(state, 1).players[0].held_event == HIDDEN_CARD  # held, not which


# --- EQ-10 ------------------------------------------------------------------------------------


def test_game_eq10_selling_floors_health_at_1() -> None:
    """EQ-10: stashing Kolobok (+6 maximum health) at 3 health is refused; selling it is not,
    and health stops at 1."""
    state, bun = give(at_base(fresh()), 0, "kolobok")
    state = edit(state, 0, health=3)
    assert Sell(bun) in legal_actions(state)
    sold = apply(state, Sell(bun))
    assert sold.players[0].health == 1 and not carries(sold, 0, bun)
