"""The expert's exact odds against the guardian count grenades and stimulators (WIN-1, FIGHT-2,
FIGHT-4), and with the Elements it shops for them."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from stalkerzone.bots.explain import explain
from stalkerzone.bots.guardian import (
    guardian_win,
    kit_fight_win,
    plain_fight_win,
    walk_fight_win,
    weapon_guardian_win,
)
from stalkerzone.bots.levels import PROFILES
from stalkerzone.bots.memory import BotMemory
from stalkerzone.bots.trading import best_buy, shop_value
from stalkerzone.bots.turn import TurnView
from stalkerzone.content.loader import load_packs
from stalkerzone.engine.core import CardSet, Colour, Dice, Site
from stalkerzone.engine.fight import Fight, StalkerSide, start_fight
from stalkerzone.engine.game import legal_actions
from stalkerzone.engine.play import Buy, GameState, LootPile
from stalkerzone.engine.turn import stats
from tests.support.records import bot_record


@cache
def _cards() -> CardSet:
    return load_packs([], include_user=False).cards


def _fight(grenades: tuple[str, ...], stims: tuple[str, ...], health: int = 24) -> Fight:
    cards = _cards()
    side = StalkerSide(
        health=health,
        max_health=health,
        attack=Dice(((1, 6),), 3),
        one_die_bonus=0,
        defence=1,
        reputation=1,
        escape_bonus=0,
        attack_bonus_grenades=1,
        grenades=tuple(g for gid in grenades for g in cards.grenades if g.id == gid),
        stimulators=tuple(s for sid in stims for s in cards.stimulators if s.id == sid),
        name="test",
    )
    guardian = next(m for m in cards.monsters if m.deck == "epicenter")
    return start_fight(side, guardian, Colour.RED, epicenter=True)


def test_bot_guardian_quick_recursion_equals_the_engine_walk() -> None:
    memory = BotMemory()
    for grenades, stims in ((("vog-25",), ("vodka",)), (("f-1", "rgd-5"), ()), ((), ("bandage",))):
        fight = _fight(grenades, stims, health=16)
        quick = plain_fight_win(memory, fight)
        assert abs(quick - walk_fight_win(memory, fight)) < 1e-9
        assert kit_fight_win(memory, fight) == quick


def test_bot_guardian_grenades_and_stimulators_raise_the_odds() -> None:
    memory = BotMemory()
    bare = kit_fight_win(memory, _fight((), ()))
    armed = kit_fight_win(memory, _fight(("vog-25", "vog-25"), ()))
    healed = kit_fight_win(memory, _fight(("vog-25", "vog-25"), ("medkit",)))
    assert bare < 0.05 < armed < healed


@cache
def _turn_state() -> GameState:
    states = bot_record(60, seed=4, players=3).states
    return next(s for s in states if s.phase == "turn" and s.step == "move")


def _at_the_military_base(level: str, missing: int = 0) -> TurnView:
    """The mover with the Elements (less ``missing``), 1,000 to spend and the reputation for the
    Military Base, standing on it with nothing but three VOG-25 grenades in stock (BASE-2,
    REP-1)."""
    state = _turn_state()
    base = state.zone_map.site_hexes(Site.MILITARY_BASE)[0]
    needed = state.variant.reputation_needed(Site.MILITARY_BASE)
    p = replace(
        state.player,
        elements=state.variant.elements_required - missing,
        cash=1000,
        delivered=tuple(f"{o.id}#1" for o in state.cards.orders)[:needed],
        position=base,
        grenades=(),
    )
    p = replace(p, health=stats(p, state.ctx).max_health)
    seats = list(state.players)
    seats[state.current_player] = p
    stock = ("vog-25#1", "vog-25#2", "vog-25#3")
    state = replace(
        state, players=tuple(seats), decks=replace(state.decks, stock=stock), step="site"
    )
    return TurnView(state, legal_actions(state), PROFILES[level], BotMemory())


def test_bot_guardian_expert_with_the_elements_buys_grenades_for_the_fight() -> None:
    expert = _at_the_military_base("expert")
    hard = _at_the_military_base("hard")
    assert expert.arming and not hard.arming
    assert guardian_win(expert.memory, expert.state, expert.player) >= weapon_guardian_win(
        expert.memory, expert.state, expert.player
    )
    assert shop_value(expert, Site.MILITARY_BASE) > 0
    assert shop_value(hard, Site.MILITARY_BASE) == 0  # hard never goes to a base for grenades
    bought = best_buy(expert)
    assert isinstance(bought, Buy)
    assert bought.card == "vog-25"


def test_bot_guardian_expert_buys_the_kit_ahead_of_the_last_element_on_its_way() -> None:
    expert = _at_the_military_base("expert", missing=1)
    hard = _at_the_military_base("hard", missing=1)
    assert expert.arming and not hard.arming
    assert not _at_the_military_base("expert", missing=2).arming
    assert shop_value(expert, Site.MILITARY_BASE) == 0  # no trip for kit before the Elements
    bought = best_buy(expert)
    assert isinstance(bought, Buy)
    assert bought.card == "vog-25"


def test_bot_guardian_explain_names_a_purchase_for_the_guardian() -> None:
    view = _at_the_military_base("expert")
    why = explain(view.state, level="expert", memory=view.memory)
    assert why.choice == Buy("vog-25")
    params = dict(why.params)
    assert why.key == "arm" and params["copies"] == 3
    figures = dict(dict(why.details)["arm"])  # the watch log's, not the hint's
    armed = replace(view.player, grenades=("vog-25#0", "vog-25#1", "vog-25#2"))
    assert figures["odds"] == round(100 * guardian_win(view.memory, view.state, armed))
    assert figures["odds"] > round(100 * guardian_win(view.memory, view.state, view.player))
    assert "arms for the guardian" in why.text("en") and "×3" in why.text("en")
    assert "против стража" in why.text("ru")


def test_bot_guardian_odds_count_its_own_loot_in_the_epicenter() -> None:
    view = _at_the_military_base("expert")
    state = view.state
    epicenter = state.zone_map.epicenter
    pile = LootPile(hex=epicenter, owner=view.index, cards=("vog-25#7", "vog-25#8"))
    other = LootPile(hex=epicenter, owner=(view.index + 1) % len(state.players), cards=("x#1",))
    bare = view.guardian_odds()
    others_only = replace(state, loot=(other,))
    assert TurnView(others_only, view.legal, view.profile, view.memory).guardian_odds() == bare
    with_loot = replace(state, loot=(pile, other))
    looted = TurnView(with_loot, view.legal, view.profile, view.memory)
    assert looted.at_the_guardian().grenades == ("vog-25#7", "vog-25#8")
    assert looted.guardian_odds() > bare
