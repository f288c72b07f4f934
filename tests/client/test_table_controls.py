"""The public display plays no seat, so it offers no action button, only viewing controls
(zoom, legend, rules): no "Deal the rest" or "Undo" in the layout, no "End turn" on the board;
a window that plays a seat keeps them."""

from __future__ import annotations

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.remote import RemoteSession
from stalkerzone.client.screens.board.presenter import bar_buttons
from stalkerzone.client.text import i18n
from stalkerzone.engine.game import legal_actions
from tests.support.network import hosted, joined, table
from tests.support.window import current, frame

ACTION_WORDS = ("layout.deal_rest", "layout.undo")


def shown_buttons(win: StalkerWindow, session: RemoteSession) -> set[str]:
    win.app.session = session
    session.show(win)
    frame(win)
    view = current(win)
    assert view.kind == "layout"
    return {str(key) for key in view.buttons}


def key_line(win: StalkerWindow) -> str:
    """The keys line at the foot of the screen (the text naming the drag to pan)."""
    return next(t.text for t in current(win)._texts if "drag: pan" in t.text)


def test_the_display_s_layout_has_no_action_button_and_a_seat_s_has_them(
    win: StalkerWindow,
) -> None:
    t = table(("remote", "remote"), seed=3)
    t.public_display = True
    first = t.state.current_player
    with hosted(t) as server:
        display = RemoteSession.joined(joined(server, token=t.host_key))
        display.display = True
        seat = RemoteSession.joined(joined(server, [first]))
        try:
            assert not display.seated() and seat.seated()
            public = shown_buttons(win, display)
            assert "?" in public
            assert not {i18n.t(k) for k in ACTION_WORDS} & public, public
            assert "U:" not in key_line(win) and "D:" not in key_line(win), "no keys it ignores"
            mine = shown_buttons(win, seat)
            assert {i18n.t(k) for k in ACTION_WORDS} <= mine, mine
            assert "U:" in key_line(win)
        finally:
            seat.leave()
            display.leave()


def test_the_board_bar_of_a_window_without_a_seat_has_rules_only() -> None:
    t = table(("remote", "remote"), seed=5, zone_mode="free")
    legal = legal_actions(t.state)
    seatless = bar_buttons(legal, my_turn=False, bot_to_act=False, skipping=False, seated=False)
    assert [b.command for b in seatless] == ["rules"]
    seated = bar_buttons(legal, my_turn=True, bot_to_act=False, skipping=False)
    assert "end_turn" in [b.command for b in seated]
