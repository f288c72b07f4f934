"""Undo at a network table on the desktop (TURN-2): the public display's turn log marks a
purchase taken back "Taken back: …" as at one screen and writes no line twice (the view of the
position before it brings notes the log has already); a refusal names whose action it is."""

from __future__ import annotations

import functools

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.remote import RemoteSession
from stalkerzone.client.screens.board.commits import refusal_words, take_back_refusal
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


def test_a_desktop_seat_reads_whose_action_an_undo_refusal_names_in_russian() -> None:
    """The host's ``undo`` carries its parameters: the desktop says whose action it is."""
    t = table(("remote", "remote"), seed=3)  # the layout: each seat places in turn
    first = t.state.current_player
    with hosted(t) as server:
        anna = joined(server, [first], name="Anna")
        boris = RemoteSession.joined(joined(server, [1 - first], name="Boris"))
        try:
            anna.act(server.call(lambda: legal_actions(t.state))[0])
            wait(functools.partial(lambda: (boris.game.update(), boris.game.version)[1] == 1))
            verdict = boris.undo_check()
            assert verdict.key == "undo_not_yours" and dict(verdict.params) == {"player": "Anna"}
            before = i18n.language()
            i18n.set_language("ru")
            try:
                said = refusal_words(take_back_refusal(verdict), boris)
            finally:
                i18n.set_language(before)
            assert "Anna" in said and "отменить" in said.lower(), said
        finally:
            anna.leave()
            boris.leave()
