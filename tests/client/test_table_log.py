"""The public display's turn log after a phone's undo (TURN-2): the purchase taken back reads
"Taken back: …" as at one screen, and no line is written twice (the view of the position
before the purchase brings notes the log has already)."""

from __future__ import annotations

import functools

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.remote import RemoteSession
from stalkerzone.client.screens.board.log_words import log_words
from stalkerzone.client.text import i18n
from stalkerzone.engine.game import legal_actions
from stalkerzone.engine.play import Buy
from tests.client.test_client_network import caught_up, wait
from tests.support.network import hosted, joined, table


def test_the_display_marks_an_undone_purchase_taken_back_and_logs_no_line_twice(
    win: StalkerWindow,
) -> None:
    t = table(("remote", "remote"), seed=5, zone_mode="free")
    t.public_display = True
    first = t.state.current_player
    with hosted(t) as server:
        player = joined(server, [first], name="Anna")
        display = RemoteSession.joined(joined(server, token=t.host_key))
        display.display = True
        win.app.session = display
        try:
            buy = next(a for a in server.call(lambda: legal_actions(t.state)) if isinstance(a, Buy))
            player.act(buy)
            wait(functools.partial(caught_up, display, 1, win))
            bought = [line for line in display.log if line.action == 1]
            assert bought and not any(line.taken_back for line in bought)
            count = len(display.log)
            player.take_back()
            wait(functools.partial(caught_up, display, 0, win))
            assert all(line.taken_back for line in bought)
            words = log_words(display, None)
            said = words[count - len(bought) : count]
            assert all(w.startswith(i18n.t("log.taken_back", line="")) for w in said), words
            assert words[count:] == [i18n.t("network.undo_log", name="Anna")], "nothing again"
            player.act(buy)
            wait(functools.partial(caught_up, display, 1, win))
            again = [line for line in display.log if line.action == 1 and not line.taken_back]
            assert len(again) == len(bought), "the purchase made again is logged again"
        finally:
            player.leave()
            display.leave()
