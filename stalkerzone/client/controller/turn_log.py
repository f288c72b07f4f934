"""The turn log a game session keeps (TURN-2): what each action did, as message keys and
parameters, never as text of one language.

A line holds the engine's ``Note`` (or the client's own :class:`TableLine`, such as "an action
was taken back"), so it is read in the language of the moment: a line written in English reads
in Russian after the language is switched. Each line remembers the action that wrote it, so an
undo marks that action's lines "taken back" instead of adding a line per undo. Lines of saves
from before keys were kept for the client's own lines (plain text) are upgraded when read
(:func:`upgraded`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from stalkerzone.client.text import i18n
from stalkerzone.persistence.turn_log import TableLine

OWN_KEYS: tuple[str, ...] = ("log.undone", "flow.old_log")
"""The client's own log lines (keys of its strings)."""
OLD_TEXTS: dict[str, str] = {
    "The last action was taken back.": "log.undone",
    "Последнее действие отменено.": "log.undone",
}
"""The client's own lines as older versions saved them (text of one language) → their key."""


@dataclass
class LogLine:
    """One line: the turn it happened in, whose turn it was, the line (a ``Note``, a
    :class:`TableLine` or plain text); ``action``: how many actions the game had when it was
    written (the action that wrote it); ``taken_back``: that action was undone."""

    turn: int
    player: str
    text: str
    action: int = 0
    taken_back: bool = False


def table_line(key: str, **params: str | int) -> TableLine:
    """A line of the client's own: ``key`` of its strings with ``params``; its English text is
    kept beside them for a reader without the key."""
    english = i18n.strings("en").get(key, key)
    try:
        text = english.format(**params)
    except (KeyError, IndexError, ValueError):
        text = english
    return TableLine(key, text, **params)


def upgraded(line: str) -> str:
    """A line read from a save: plain text that is one of the client's own lines (in any
    language, as older versions saved it) becomes its :class:`TableLine`; anything else as is."""
    if type(line) is not str:
        return line
    key = OLD_TEXTS.get(line)
    if key is None:
        key = next(
            (k for k in OWN_KEYS for lang in i18n.LANGUAGES if i18n.strings(lang).get(k) == line),
            None,
        )
    return table_line(key) if key is not None else line


def take_back(log: list[LogLine], action: int, turn: int) -> None:
    """An undo of the action numbered ``action`` (TURN-2): its lines are marked taken back;
    if it wrote none, one line says an action was taken back (never the same line twice in a
    row)."""
    marked = False
    for line in log:
        if line.action == action and not line.taken_back:
            line.taken_back = True
            marked = True
    if marked:
        return
    last = log[-1] if log else None
    if last is not None and getattr(last.text, "key", "") == "log.undone" and last.turn == turn:
        return
    log.append(LogLine(turn, "", table_line("log.undone")))


def shown_names(players: Iterable[tuple[str, object]]) -> dict[str, str]:
    """Stored name → the name players read, for the seats whose name reads otherwise (a bot's
    default name in the current language)."""
    out = {}
    for name, bot in players:
        shown = i18n.player_name(name, bot)
        if shown != name:
            out[name] = shown
    return out
