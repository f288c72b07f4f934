"""Bots and gained cards (EQ-10): a gained card left in the backpack is activated when its net
value is positive by the bots' estimates and kept there when it is not; a bot's rearranging
never costs health for good (the damage taken stays the same)."""

from __future__ import annotations

from dataclasses import replace

from stalkerzone.bots import players as bots
from stalkerzone.bots.memory import BotMemory
from stalkerzone.engine.core import Artifact
from stalkerzone.engine.core.cards import StatEffect
from stalkerzone.engine.game import legal_actions
from stalkerzone.engine.play import Activate, GameState, Stash
from stalkerzone.engine.turn import equipment
from tests.support.game import cards_with, edit, fresh, give, playing
from tests.support.records import bot_record


def bot_seat(state: GameState) -> GameState:
    """The current seat played by a hard bot, mid-turn, with its move made (no trade)."""
    me = state.current_player
    players = list(state.players)
    players[me] = replace(players[me], bot="hard")
    return replace(playing(state), players=tuple(players), step="done")


def test_a_bot_activates_a_useful_gained_card_from_the_backpack() -> None:
    """EQ-10: Goldfish lowers the maximum health, so a gain leaves it in the backpack; its +2
    attack and +1 defence are worth more than 5 health to a bot, which activates it; health
    moves with the maximum (30 → 25), and stashing it would give the 5 back."""
    state = fresh(3)
    me = state.current_player
    state, fish = give(state, me, "goldfish", where="gained")
    assert fish in state.players[me].backpack
    state = bot_seat(state)
    action = bots.choose(state, None, "hard", legal_actions(state), memory=BotMemory())
    assert action == Activate(fish)
    after = equipment.activate(state.players[me], fish, state.ctx)
    top = equipment.stats(after, state.ctx).max_health
    assert (after.health, top) == (state.players[me].health - 5, 25)


def test_a_bot_keeps_a_gained_card_whose_net_value_is_negative_in_the_backpack() -> None:
    """EQ-10: an artifact that only lowers the maximum health stays in the backpack."""
    goldfish = fresh(3).cards.get("goldfish")
    assert isinstance(goldfish, Artifact)
    cursed = replace(goldfish, effects=(StatEffect("max_health", -5),))
    state = fresh(3, cards=cards_with(cursed))
    me = state.current_player
    state, fish = give(state, me, "goldfish", where="gained")
    state = edit(bot_seat(state), me, health=20)
    legal = legal_actions(state)
    assert Activate(fish) in legal
    action = bots.choose(state, None, "hard", legal, memory=BotMemory())
    assert action != Activate(fish)


def test_bots_never_lose_health_to_rearranging() -> None:
    """EQ-10: every activation and stash bots play keeps the damage taken."""
    record = bot_record(900, players=3, seed=5)
    moved = 0
    for index, action in enumerate(record.actions):
        if not isinstance(action, (Activate, Stash)):
            continue
        before, after = record.before(index), record.after(index)
        assert before is not None and after is not None
        seat = before.current_player
        old, new = before.players[seat], after.players[seat]
        old_top = equipment.stats(old, before.ctx).max_health
        new_top = equipment.stats(new, after.ctx).max_health
        assert old_top - old.health == new_top - new.health, action
        moved += 1
    assert moved > 0
