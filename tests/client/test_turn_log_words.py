"""The turn log is kept as message keys and read in the language of the moment (TURN-2): an undo
marks the lines of the action it took back ("Taken back: Anna buys …") instead of adding the
same line once per undo; after switching to Russian every line reads in Russian; a save keeps
keys, action numbers and marks, and lines of older saves (English or Russian text) are
upgraded when read."""

from __future__ import annotations

from pathlib import Path

import arcade

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import GameSession
from stalkerzone.client.controller.turn_log import LogLine, table_line, upgraded
from stalkerzone.client.screens.board.log_words import log_words
from stalkerzone.client.text import i18n
from stalkerzone.engine.play import Buy
from stalkerzone.persistence import saves
from stalkerzone.persistence.turn_log import LogEntry, TableLine, log_from_json, log_to_json
from tests.client.test_client_board import start, to_board
from tests.support.window import frame, key


def cheap_buys(session: GameSession, count: int) -> list[Buy]:
    """``count`` purchases the stalker can make in a row at the Village (the cheapest first)."""
    bought: list[Buy] = []
    for _ in range(count):
        buys = [a for a in session.legal_now() if isinstance(a, Buy)]
        assert buys, "nothing more to buy"
        cheapest = min(buys, key=lambda a: getattr(session.state.cards.get(a.card), "price", 0))
        session.act(cheapest)
        bought.append(cheapest)
    return bought


def log_text(win: StalkerWindow) -> str:
    board = win.current_screen
    assert board is not None
    return "\n".join(t.text for t in board._texts)


def test_undo_marks_what_it_took_back_and_the_log_follows_the_language(
    win: StalkerWindow,
) -> None:
    session = start(win)
    view = to_board(win, session)
    before = len(session.log)
    bought = cheap_buys(session, 4)
    lines = log_words(session, None)[before:]
    assert len(lines) >= 4 and not any(line.startswith("Taken back") for line in lines)
    for _ in bought:  # U four times, as a player would
        key(win, arcade.key.U)
        frame(win)
    assert not any(isinstance(a, Buy) for a in session.actions)
    words = log_words(session, None)[before:]
    assert len(words) == len(lines)  # no line added per undo
    assert words == [f"Taken back: {line}" for line in lines]
    assert "An action was taken back." not in words
    assert "Taken back: " in log_text(win)
    i18n.set_language("ru")
    try:
        view.rebuild()
        frame(win)
        russian = log_words(session, None)
        assert all(line.startswith("Отменено: ") for line in russian[before:])
        shown = log_text(win)
        assert "Отменено: " in shown and "Taken back" not in shown
        assert not any(word in shown for word in (" buys ", " moves ", "The last action"))
    finally:
        i18n.set_language("en")


def test_an_undo_that_wrote_no_line_says_so_once() -> None:
    from stalkerzone.client.controller.turn_log import take_back

    log = [LogLine(3, "Anna", "x", action=5)]
    take_back(log, 6, 3)
    take_back(log, 6, 3)
    assert [getattr(line.text, "key", "") for line in log] == ["", "log.undone"]
    take_back(log, 5, 3)
    assert log[0].taken_back and len(log) == 2


def test_the_log_keeps_keys_numbers_and_marks_through_a_save(win: StalkerWindow) -> None:
    session = start(win)
    cheap_buys(session, 2)
    session.undo()
    entries = session.log_entries()
    assert any(e.taken_back for e in entries) and all(e.action for e in entries)
    back = log_from_json(log_to_json(entries))
    assert back == entries
    undone = table_line("log.undone")
    assert log_from_json(log_to_json([LogEntry(1, "", undone)]))[0].line.key == "log.undone"  # type: ignore[attr-defined]


def test_lines_of_older_saves_are_upgraded_to_keys(win: StalkerWindow, tmp_path: Path) -> None:
    for old in ("The last action was taken back.", "Последнее действие отменено."):
        line = upgraded(old)
        assert isinstance(line, TableLine) and line.key == "log.undone"
    assert upgraded("127.0.0.1: hosting") == "127.0.0.1: hosting"
    session = start(win)
    cheap_buys(session, 1)
    entries = (*session.log_entries(), LogEntry(1, "", "Последнее действие отменено."))
    path = saves.save_game(session.record, tmp_path / "old.json", packs=session.packs, log=entries)
    loaded = GameSession.from_loaded(saves.load_game(path))
    assert isinstance(loaded.log[-1].text, TableLine)
    assert log_words(loaded, None)[-1] == "An action was taken back."  # English now


def test_a_gained_card_line_names_who_gained_it(win: StalkerWindow) -> None:
    """EQ-10: the log line of a bought card says whose slot or backpack it went to, in English
    and Russian ("Anna puts Barrel rifling into its slot")."""
    session = start(win)
    to_board(win, session)
    before = len(session.log)
    name = session.state.players[session.state.current_player].name
    (bought,) = cheap_buys(session, 1)
    what = session.state.cards.get(bought.card)
    assert what is not None
    try:
        for language, verbs in (("en", (" puts ",)), ("ru", (" ставит ", " кладёт "))):
            i18n.set_language(language)
            card = i18n.card_text(what.name)
            gained = [
                line
                for line in log_words(session, None)[before:]
                if card in line and any(verb in line for verb in verbs)
            ]
            assert gained, (language, log_words(session, None)[before:])
            assert all(line.startswith(f"{name} ") for line in gained), gained
    finally:
        i18n.set_language("en")
