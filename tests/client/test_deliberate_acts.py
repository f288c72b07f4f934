"""Nothing a player does by accident costs a turn or a life, through real input on the board:
E asks before ending a turn that could still move (Enter never ends one), undo in play within
the engine's rules with the refusal in words, a bot's fight result goes by itself, the Epicenter
shows the guardian's odds before the move commits, and one's own loot is drawn on the map."""

from __future__ import annotations

from dataclasses import replace

import arcade
import arcade.gui
import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import GameSession
from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.render.loot_marks import marker_spot
from stalkerzone.client.render.zone_layer import HEX
from stalkerzone.client.screens.board import BoardView, commits
from stalkerzone.client.screens.board.known_fights import fight_odds, guardian_fight
from stalkerzone.client.screens.fight.presenter import Selection, present
from stalkerzone.client.screens.fight.screen import FightView
from stalkerzone.client.screens.menu import MenuView
from stalkerzone.client.screens.title import TitleView
from stalkerzone.client.text.i18n import percent
from stalkerzone.engine.core import Colour, Site
from stalkerzone.engine.game import record as records
from stalkerzone.engine.game import undo
from stalkerzone.engine.play import Buy, EndTurn, FightState, LootPile, Move
from stalkerzone.engine.zone import Hex
from tests.client.test_client_board import set_state, start, to_board
from tests.client.test_client_screens import into_fight
from tests.support.window import click_button, find_button, frame, key, shown


def hover(win: StalkerWindow, view: BoardView, h: Hex) -> None:
    """The mouse over hex ``h`` (the camera brought to it first)."""
    view.camera.camera.position = hexgeom.world(h.q, h.r, HEX)
    frame(win)
    x, y = view.camera.to_screen(*hexgeom.world(h.q, h.r, HEX))
    win.dispatch_event("on_mouse_motion", x + 1, y + 1, 0, 0)
    win.dispatch_event("on_mouse_motion", x, y, 0, 0)
    win.dispatch_events()
    assert view.hover == h


@pytest.mark.slow  # over a second: a whole screen played through
def test_e_asks_before_ending_an_unmoved_turn_and_enter_never_ends_it(
    win: StalkerWindow,
) -> None:
    session = start(win)
    view = to_board(win, session)
    first = session.state.current_player
    done = len(session.actions)
    key(win, arcade.key.ENTER)
    key(win, arcade.key.RETURN)
    frame(win)
    assert view.question is None and len(session.actions) == done
    key(win, arcade.key.E)
    frame(win)
    assert view.question is not None
    assert view.question.heading == "End the turn without moving?"
    key(win, arcade.key.ENTER)  # Enter answers nothing: the question stays, the turn too
    frame(win)
    assert view.question is not None and len(session.actions) == done
    key(win, arcade.key.ESCAPE)
    frame(win)
    assert view.question is None and win.current_screen is view
    click_button(win, "End turn")  # the button asks the same question
    assert view.question is not None and len(session.actions) == done
    click_button(win, "End turn (Y)")
    assert view.question is None
    assert session.actions[-1] == EndTurn() and session.state.current_player != first


def test_after_trading_e_ends_the_turn_at_once_and_an_old_refusal_is_cleared(
    win: StalkerWindow,
) -> None:
    """The shop seen and left (BASE-1: trading was the move), E ends the turn without a second
    question; a refusal said before a trade is not left standing under the map after it."""
    session = start(win)
    view = to_board(win, session)
    first = session.state.current_player
    key(win, arcade.key.U)  # nothing to take back yet: refused, in words
    assert view.message and view.status.text
    buy = next(a for a in session.legal_now() if isinstance(a, Buy))
    session.act(buy)  # as the base screen does
    frame(win, updates=2)
    assert not view.message and "take back" not in view.status.text
    key(win, arcade.key.E)
    frame(win)
    assert view.question is None
    assert session.actions[-1] == EndTurn() and session.state.current_player != first


def test_undo_after_a_move_restores_it_and_a_roll_is_refused_with_the_reason(
    win: StalkerWindow,
) -> None:
    session = start(win)
    view = to_board(win, session)
    before = session.state
    verdicts = {  # what undo would say after each move (TURN-2: the engine decides)
        a: undo.check(records.play(session.record, a)).key
        for a in session.legal_now()
        if isinstance(a, Move)
    }
    quiet = next(a for a, why in verdicts.items() if why == "")
    rolled = next(a for a, why in verdicts.items() if why == "undo_dice")
    view.do(quiet)
    settle(win, view)
    key(win, arcade.key.U)
    settle(win, view)
    assert session.state == before and not session.actions
    assert view.status.text == "Taken back."
    view.do(rolled)
    settle(win, view)
    after = session.state
    key(win, arcade.key.Z, arcade.key.MOD_CTRL)
    frame(win)
    assert session.state is after  # refused: nothing changes
    assert view.status.text == "Cannot undo: dice were rolled"


def settle(win: StalkerWindow, view: BoardView) -> None:
    """Let the token walk and the cards shown go (as a player would, with Space), then show
    the board again if the move opened another screen."""
    for _ in range(300):
        frame(win)
        if view.reveals.active:
            view.reveals.acknowledge(view)
        if not view.busy:
            break
    if win.current_screen is not view:
        win.show_view(view)
        frame(win)


@pytest.mark.slow  # over a second: a whole screen played through
def test_a_bots_fight_result_goes_by_itself(win: StalkerWindow) -> None:
    session = into_fight(win, "yellowbreast", bot="normal")
    view = shown(win, FightView)
    assert not win.app.watching and view.is_bot()
    for _ in range(3000):  # the bot plays its fight; nobody presses a key
        frame(win, dt=0.25)
        if view.result is not None or win.current_screen is not view:
            break
    assert view.result is not None and win.current_screen is view
    for _ in range(20):  # the clock alone closes the box (animation speed 1: 3 s)
        view.on_update(0.25)
        if win.current_screen is not view:
            break
    assert win.current_screen is not view and session.state.phase != "fight"


def epicenter_of(session: GameSession) -> Hex:
    zone = session.state.zone_map
    return next(h for h, tile in zone.hexes.items() if tile.site == Site.EPICENTER)


def test_hovering_the_epicenter_shows_the_guardians_odds_and_entering_asks(
    win: StalkerWindow,
) -> None:
    session = start(win)
    view = to_board(win, session)
    where = epicenter_of(session)
    hover(win, view, where)
    fight = guardian_fight(session.view, session.state.current_player)
    assert fight is not None
    odds = fight_odds(fight)
    text = view.hover_text.text
    assert text == (
        f"Guardian of the Epicenter at red — with best play: win {percent(odds.win)}, "
        f"death {percent(odds.death)} · health 34, attack 3d6+2, defence 3"
    )
    assert "40" not in text and "3d6+3" not in text  # only the colour in play
    before = session.state
    commits.move_to(view, where)  # a lit Epicenter clicked: asked first, with the facts
    frame(win)
    assert view.question is not None and session.state is before
    assert "No escape" in view.question.facts and percent(odds.death) in view.question.facts
    find_button(win, "Cancel (Esc)")
    key(win, arcade.key.N)
    assert view.question is None and session.state is before


def test_own_loot_is_drawn_for_its_owner_only(win: StalkerWindow) -> None:
    session = start(win)
    view = to_board(win, session)
    me = session.state.current_player
    other = 1 - me
    mine = LootPile(Hex(0, 1), me, cards=("ak-47#1", "medkit#1"), money=200)
    theirs = LootPile(Hex(1, 0), other, cards=("toz-34#1",))
    state = session.state
    set_state(session, replace(state, loot=(mine, theirs)))
    view.state_changed()
    frame(win)
    # the owner's view holds its own pile only (DEATH-2): one marker, with its count
    assert [own for _x, _y, own in view.loot_marks.spots] == [True]
    assert [t.text for t in view.loot_marks.texts] == ["2"]
    assert len(view.loot_marks.shapes) > 0
    hover(win, view, mine.hex)
    assert "Your loot: AK-47, Medkit, 200 gr." in view.hover_text.text
    assert view.loot_marks.spots[0][:2] == marker_spot(mine)
    # the other seat's eyes: its own pile, not this one
    session.viewer = other
    view.build_tokens()
    assert [own for _x, _y, own in view.loot_marks.spots] == [True]
    assert view.loot_marks.spots[0][:2] == marker_spot(theirs)
    assert [t.text for t in view.loot_marks.texts] == ["1"]
    # money alone: "$", never a "0" that reads as an empty sack
    cash_only = LootPile(Hex(1, 0), other, money=1000)
    set_state(session, replace(state, loot=(mine, cash_only)))
    view.build_tokens()
    assert [t.text for t in view.loot_marks.texts] == ["$"]


def test_the_undo_button_is_on_the_side_panel(win: StalkerWindow) -> None:
    session = start(win)
    to_board(win, session)
    button = find_button(win, "Undo (U)")  # nothing done yet: off, and says why
    assert isinstance(button, arcade.gui.UIFlatButton) and button.disabled
    view = shown(win, BoardView)
    assert [why.text for _w, why in view.disabled_reasons.items] == [
        "Cannot undo: nothing has been done yet"
    ]
    key(win, arcade.key.U)  # the key is refused with the same words
    assert view.status.text == "Cannot undo: nothing has been done yet"


def test_the_guardians_fight_panel_prints_only_red(win: StalkerWindow) -> None:
    """WIN-1: the guardian is only fought at red; its other printed colours are not shown."""
    session = start(win)
    state = session.view
    fight = guardian_fight(state, state.current_player)
    assert fight is not None
    guardian = session.state.decks.guardians[0]  # the view shows the deck face down
    held = FightState(0, guardian, Colour.RED, Hex(0, 0), fight, True)
    page = present(held, state, Selection(), None)
    assert [row.colour for row in page.monster.colours] == [Colour.RED]
    assert "34" in page.monster.colours[0].line and "3d6+2" in page.monster.colours[0].line


def test_leaving_a_game_for_the_title_asks_first(win: StalkerWindow) -> None:
    session = start(win)
    to_board(win, session)
    key(win, arcade.key.ESCAPE)
    click_button(win, "Leave to the title screen")
    menu = shown(win, MenuView)
    assert menu.question is not None and win.app.session is session
    key(win, arcade.key.ESCAPE)  # no: still in the game's menu
    assert menu.question is None and win.current_screen is menu and win.app.session is session
    click_button(win, "Leave to the title screen")
    click_button(win, "Leave (Y)")
    assert win.app.session is None and shown(win, TitleView).kind == "title"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_entering_the_epicenter_says_the_loot_there_is_picked_up_first_and_where_it_goes(
    win: StalkerWindow, lang: str
) -> None:
    from stalkerzone.client.screens.board.known_fights import after_pickup, loot_at_door
    from stalkerzone.client.text import i18n

    i18n.set_language(lang)
    session = start(win)
    view = to_board(win, session)
    me = session.state.current_player
    where = epicenter_of(session)
    pile = LootPile(where, me, cards=("ak-47#1", "medkit#1"), money=50)
    set_state(session, replace(session.state, loot=(pile,)))
    view.state_changed()
    frame(win)
    goes = dict(loot_at_door(session.view, me, where))
    assert set(goes) == {"ak-47#1", "medkit#1"}
    commits.move_to(view, where)
    frame(win)
    question = view.question
    assert question is not None
    first = i18n.t("loot_door.first", cards="").split(":")[0]
    assert question.facts.startswith(first), question.facts
    for instance, place in goes.items():
        card = session.state.card(instance)
        assert i18n.t(f"loot_door.{place}", card=i18n.card_text(card.name)) in question.facts
    # the odds are those of the kit after the pick-up
    fight = guardian_fight(session.view, me, where)
    assert fight is not None
    assert percent(fight_odds(fight).death) in question.facts
    kit = after_pickup(session.view, me, where).players[me]
    assert kit.weapon == "ak-47#1" or "ak-47#1" in kit.backpack
    key(win, arcade.key.N)
    i18n.set_language("en")


def test_hovering_the_epicenter_over_ones_loot_says_the_sack_and_the_guardian_apart(
    win: StalkerWindow,
) -> None:
    session = start(win)
    view = to_board(win, session)
    me = session.state.current_player
    where = epicenter_of(session)
    pile = LootPile(where, me, cards=("ak-47#1",), money=50, elements=2)
    set_state(session, replace(session.state, loot=(pile,)))
    view.state_changed()
    frame(win)
    hover(win, view, where)
    text = " ".join(view.hover_text.text.split())
    assert "Your loot: AK-47, 50 gr., 2 Elements. Guardian of the Epicenter at red" in text, text
