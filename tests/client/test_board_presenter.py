"""The board's presenter: what the button bar, the HUD, the turn log and the hover line say,
computed without a window."""

from __future__ import annotations

from dataclasses import replace

from stalkerzone.client.render.zone_layer import zone_hexes
from stalkerzone.client.screens.board.presenter import (
    BarButton,
    bar_buttons,
    decision_text,
    describe_hex,
    fit_log,
    hud_rows,
    movement_left,
)
from stalkerzone.client.text import i18n
from stalkerzone.engine.core import Site
from stalkerzone.engine.game import apply, legal_actions
from stalkerzone.engine.play import Buy, DiscardArmour, EndTurn, FightDecision, Move
from stalkerzone.engine.turn import equipment
from stalkerzone.engine.zone import Hex
from tests.support.base import base_cards, sectors
from tests.support.game import fresh, hex_of, playing


def commands(bar: list[BarButton]) -> list[str]:
    return [b.command for b in bar]


def test_bar_offers_end_turn_and_trade_only_when_legal_and_mine() -> None:
    legal = (EndTurn(), Buy("ak-47"), Move(Hex(0, 1)))
    bar = bar_buttons(legal, my_turn=True, bot_to_act=False, skipping=False)
    assert commands(bar) == ["rules", "end_turn", "stalker", "trade"]
    end = bar[1]
    assert end.text == "End turn" and end.enabled and end.primary
    assert bar[0].text == "?" and all(b.enabled for b in bar)
    moves_only = bar_buttons((Move(Hex(0, 1)),), my_turn=True, bot_to_act=False, skipping=False)
    assert commands(moves_only) == ["rules", "end_turn", "stalker"]
    assert not moves_only[1].enabled  # no EndTurn among the legal actions
    theirs = bar_buttons(legal, my_turn=False, bot_to_act=True, skipping=False)
    # a bot's turn: nothing but the rules and "skip bots" (the header needs the room)
    assert commands(theirs) == ["rules", "skip"] and theirs[1].enabled
    skipping = bar_buttons(legal, my_turn=False, bot_to_act=True, skipping=True)
    assert skipping[1].text == "Skip bots (Space)" and not skipping[1].enabled


def test_decision_texts_name_the_grenade_stimulator_and_armour() -> None:
    cards = base_cards()
    assert decision_text(FightDecision("attack"), cards) == "Attack"
    text = decision_text(FightDecision("grenade", grenade="rgd-5#2", stimulator="bandage#1"), cards)
    assert text == "Grenade (rgd-5) + bandage"
    armour = cards.armour[0]
    assert decision_text(DiscardArmour(f"{armour.id}#1"), cards) == f"Lose {armour.name.get('en')}"


def test_hud_rows_name_the_held_event_to_its_owner_only() -> None:
    state = playing(fresh(3))
    player = state.players[0]
    stats = equipment.stats(player, state.ctx)
    rows = dict(hud_rows(state, player, stats, show_held_event=True))
    assert rows["Cash (green)"] == str(player.cash)
    assert rows["Elements"] == f"{player.elements} / {state.variant.elements_required}"
    assert rows["Movement"] == str(stats.movement)  # the allowance, outside a turn
    event = next(c for c in base_cards().events)
    holding = replace(player, held_event=f"{event.id}#1")
    assert "Held event" in dict(hud_rows(state, holding, stats, show_held_event=True))
    # TURN-3: others learn that a fight event is held, never which one
    hidden = dict(hud_rows(state, holding, stats, show_held_event=False))
    assert hidden["Held event"] == i18n.t("hud.held_event_face_down")
    assert i18n.card_text(event.name) not in hidden.values()


def test_the_movement_row_shows_what_is_left_of_this_turns_allowance() -> None:
    state = playing(fresh(3))
    seat = state.current_player
    player = state.players[seat]
    stats = equipment.stats(player, state.ctx)
    assert state.step == "move" and stats.movement > 0
    left = movement_left(state, seat, stats)
    assert left == stats.movement  # the move is still to make: all of it
    rows = dict(hud_rows(state, player, stats, show_held_event=True, movement=left))
    assert rows["Movement"] == f"{stats.movement} of {stats.movement}"
    other = (seat + 1) % len(state.players)
    assert movement_left(state, other, stats) is None  # not that stalker's turn
    me = player.position
    assert me is not None
    after = (apply(state, a) for a in legal_actions(state) if isinstance(a, Move) and a.to != me)
    moved = next(s for s in after if s.phase == "turn" and s.current_player == seat)
    assert movement_left(moved, seat, stats) == 0  # the one move is made: none left
    rows = dict(hud_rows(moved, player, stats, show_held_event=True, movement=0))
    assert rows["Movement"] == f"0 of {stats.movement}"
    i18n.set_language("ru")
    ru = dict(hud_rows(state, player, stats, show_held_event=True, movement=left))
    assert ru["Передвижение"] == f"{stats.movement} из {stats.movement}"


def test_turn_log_keeps_the_newest_lines_that_fit() -> None:
    lines = ["first", "second", "x" * 45, "newest"]
    assert fit_log(lines, 20, 10) == ["newest", "x" * 45, "second", "first"]
    assert fit_log(lines, 20, 4) == ["newest", "x" * 45]  # the long line takes three rows
    assert fit_log(lines, 20, 0) == []


def test_hover_line_names_sector_terrain_site_and_who_stands_there() -> None:
    state = playing(fresh(3))
    by_id = {s.id: s for s in sectors()}
    hexes = zone_hexes(state.zone.placements, by_id)
    village = hex_of(state, Site.VILLAGE)
    text = describe_hex(village, hexes[village], state, "Cordon")
    assert text.startswith("Village: ")
    assert "Cordon sector" in text
    assert "1. P1" in text and "2. P2" in text  # everybody starts on the Village (ST-2)
    assert describe_hex(Hex(999, 999), None, state, None) == ""
