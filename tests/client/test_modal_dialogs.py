"""Everything behind a dialog is dimmed and does not react: a question over the board, a card
revealed over it, the layout's "deal the rest?", the fight's result box (a death too) and the
menu's "leave the game?". The screen's buttons stay in sight, darker, and neither light up
under the mouse nor take a click; the dialog's own buttons answer."""

from __future__ import annotations

import arcade
import arcade.gui
from PIL import Image, ImageStat

from stalkerzone.client.app.base_view import BaseView
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.screens.board import BoardView
from stalkerzone.client.screens.fight.fight_result import FightResult
from stalkerzone.client.screens.fight.screen import FightView
from stalkerzone.client.screens.menu import MenuView
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import modal
from tests.client.test_client_board import hex_screen, start, to_board
from tests.client.test_client_layout_by_hand import village_placed
from tests.client.test_client_screens import into_fight
from tests.client.test_reveal import onto_event_hex
from tests.client.test_reveal import start as start_reveal
from tests.support.window import click, frame, key, pixels, shown

Box = tuple[int, int, int, int]


def screen_buttons(view: BaseView) -> list[arcade.gui.UIFlatButton]:
    """The screen's own buttons (not a dialog's)."""
    return [w for w in view.ui.walk_widgets() if isinstance(w, arcade.gui.UIFlatButton)]


def dialog_buttons(view: BaseView) -> list[arcade.gui.UIFlatButton]:
    widgets = view.ui.walk_widgets(layer=modal.MODAL_LAYER)
    return [w for w in widgets if isinstance(w, arcade.gui.UIFlatButton)]


def image_box(win: StalkerWindow, button: arcade.gui.UIWidget) -> Box:
    left, bottom, width, height = button.rect.lbwh
    top = win.height - (bottom + height)
    return round(left) + 2, round(top) + 2, round(left + width) - 2, round(top + height) - 2


def inside(box: Box, outer: tuple[float, float, float, float]) -> bool:
    """``box`` lies within ``outer`` (both left, top, right, bottom in image pixels)."""
    return outer[0] <= box[0] and box[2] <= outer[2] and outer[1] <= box[1] and box[3] <= outer[3]


def brightness(image: Image.Image, box: Box) -> float:
    return float(sum(ImageStat.Stat(image.crop(box)).mean))


def uncovered(
    view: BaseView, buttons: list[arcade.gui.UIFlatButton]
) -> list[arcade.gui.UIFlatButton]:
    """The screen's buttons whose centre no dialog button covers."""
    cover = [b.rect for b in dialog_buttons(view)]
    return [b for b in buttons if not any(r.point_in_rect(b.rect.center) for r in cover)]


def assert_dimmed_and_deaf(
    win: StalkerWindow, view: BaseView, before: Image.Image, boxes: dict[str, Box]
) -> None:
    """Each named button's box is darker than before the dialog; the mouse over any screen
    button lights none of them up."""
    frame(win)
    after = pixels(win)
    for text, box in boxes.items():
        lit, dimmed = brightness(before, box), brightness(after, box)
        assert dimmed < 0.75 * lit, f"'{text}' is not dimmed behind the dialog ({lit} → {dimmed})"
    for button in uncovered(view, screen_buttons(view)):
        win.dispatch_event("on_mouse_motion", *button.rect.center, 0, 0)
        win.dispatch_events()
        assert not button.hovered, f"'{button.text}' lights up behind the dialog"


def test_a_question_over_the_board_dims_and_deafens_the_board(win: StalkerWindow) -> None:
    session = start(win)
    view = to_board(win, session)
    frame(win)
    before = pixels(win)
    boxes = {b.text: image_box(win, b) for b in screen_buttons(view)}
    assert {"End turn", "Stalker card", "Undo (U)"} <= set(boxes)
    key(win, arcade.key.E)  # "End the turn without moving?"
    frame(win)
    assert view.question is not None and len(dialog_buttons(view)) == 2
    done, version = len(session.actions), session.version
    assert_dimmed_and_deaf(win, view, before, boxes)
    for button in uncovered(view, screen_buttons(view)):
        click(win, *button.rect.center)
        frame(win)
        assert win.current_screen is view and view.question is not None, button.text
    near = min(view.routes, key=lambda h: view.routes[h].cost)  # the map takes no click either
    click(win, *hex_screen(view, near))
    assert len(session.actions) == done and session.version == version
    no = next(b for b in dialog_buttons(view) if b.text == i18n.t("confirm.no"))
    click(win, *no.rect.center)
    frame(win)
    assert view.question is None and not modal.is_open(view.ui)
    assert len(session.actions) == done


def test_a_question_over_the_board_dims_its_goal_panel_too(win: StalkerWindow) -> None:
    from stalkerzone.client.screens.board.aids import GoalOverlay

    session = start(win)
    view = to_board(win, session)
    frame(win)
    goal = next(o for o in view.overlays if isinstance(o, GoalOverlay))
    assert goal.panel.box is not None
    left, right, bottom, top = goal.panel.box
    box = (
        round(left) + 4,
        win.height - round(top) + 4,
        round(right) - 4,
        win.height - round(bottom) - 4,
    )
    before = brightness(pixels(win), box)
    key(win, arcade.key.E)  # "End the turn without moving?"
    frame(win)
    frame(win)
    assert view.question is not None
    after = brightness(pixels(win), box)
    assert after < 0.75 * before, (
        f"the goal panel stays bright behind the dialog ({before} → {after})"
    )


def test_a_card_revealed_over_the_board_keeps_the_mouse_from_the_buttons(
    win: StalkerWindow,
) -> None:
    session = start_reveal(win)
    move = onto_event_hex(session, "stash")
    session.viewer = 0
    win.show_screen("board")
    frame(win, updates=2)
    view = shown(win, BoardView)
    view.do(move)
    frame(win, updates=100)  # the walk, then the card's flight from the deck
    assert view.reveals.current is not None
    frame(win)
    stalker = next(b for b in screen_buttons(view) if b.text == "Stalker card")
    assert not stalker.rect.point_in_rect(view.reveals.box[:2])
    click(win, *stalker.rect.center)  # it takes the card away, it does not open the stalker
    frame(win, updates=60)
    assert win.current_screen is view and view.reveals.current is None
    assert not modal.is_open(view.ui)
    click(win, *stalker.rect.center)  # the card gone, the button answers again
    assert win.current_screen is not view and win.current_screen.kind == "stalker"


def test_the_deal_question_dims_and_deafens_the_layout_screen(win: StalkerWindow) -> None:
    _session, view = village_placed(win)
    frame(win)
    before = pixels(win)
    boxes = {b.text: image_box(win, b) for b in screen_buttons(view)}
    key(win, arcade.key.D)
    frame(win)
    assert view.confirming and len(dialog_buttons(view)) == 2
    assert_dimmed_and_deaf(win, view, before, boxes)
    rules = next(b for b in screen_buttons(view) if b.text == "?")
    click(win, *rules.rect.center)
    frame(win)
    assert win.current_screen is view and view.confirming  # no rules overlay behind it
    no = next(b for b in dialog_buttons(view) if b.text == i18n.t("layout_help.deal_no"))
    click(win, *no.rect.center)
    frame(win)
    assert not view.confirming and not modal.is_open(view.ui)


def test_the_fight_result_box_dims_and_deafens_the_fight(win: StalkerWindow) -> None:
    session = into_fight(win)
    view = shown(win, FightView)
    frame(win, updates=2)
    before = pixels(win)
    boxes = {b.text: image_box(win, b) for b in screen_buttons(view) if not b.disabled}
    assert boxes
    view.result = FightResult("death", "Killed", "bad", ("The stalker's things stay here.",))
    view.rebuild()
    frame(win)
    version = session.version
    assert [b.text for b in dialog_buttons(view)] == [i18n.t("fight.continue")]
    assert view.result_box is not None
    lf, r, b, tp = view.result_box.box  # the buttons under the panel are hidden, not dimmed
    panel = (lf, win.height - tp, r, win.height - b)
    boxes = {k: box for k, box in boxes.items() if not inside(box, panel)}
    assert boxes, "buttons beside the result panel"
    assert_dimmed_and_deaf(win, view, before, boxes)
    for button in uncovered(view, screen_buttons(view)):
        click(win, *button.rect.center)
        frame(win)
        assert session.version == version and win.current_screen is view, button.text


def test_the_leave_question_dims_and_deafens_the_menu(win: StalkerWindow) -> None:
    session = start(win)
    to_board(win, session)
    key(win, arcade.key.ESCAPE)
    menu = shown(win, MenuView)
    frame(win)
    before = pixels(win)
    buttons = screen_buttons(menu)
    menu.to_title()
    frame(win)
    assert menu.question is not None
    left, right, bottom, top = menu.question.box  # the buttons the panel does not cover
    clear = [b for b in buttons if b.rect.bottom > top or b.rect.top < bottom]
    clear += [b for b in buttons if b.rect.right < left or b.rect.left > right]
    boxes = {b.text: image_box(win, b) for b in clear}
    assert boxes
    assert_dimmed_and_deaf(win, menu, before, boxes)
    for button in uncovered(menu, screen_buttons(menu)):
        click(win, *button.rect.center)
        frame(win)
        assert win.current_screen is menu and menu.question is not None, button.text
    assert win.app.session is session
