"""The turn log's lines in the language of the moment (TURN-2): each line is kept as a message
key and parameters (:mod:`stalkerzone.client.controller.turn_log`) and put in words only when
it is drawn, with the seats' names as players read them and the lines of an undone action
marked "taken back"."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from stalkerzone.client.controller.turn_log import shown_names
from stalkerzone.client.screens.board.presenter import log_line
from stalkerzone.client.text import engine_text, i18n
from stalkerzone.engine.core import CardSet, Note
from stalkerzone.engine.zone import Sector
from stalkerzone.persistence.turn_log import TableLine

if TYPE_CHECKING:
    from stalkerzone.client.controller.session import GameSession
    from stalkerzone.client.controller.turn_log import LogLine

NAME_PARAMS = frozenset({"player", "name"})
"""Note parameters that hold a seat's name."""


def renamed(message: object, names: Mapping[str, str]) -> object:
    """A note with the seats' names as players read them (a bot's default name in the current
    language); anything else as it is."""
    if not names or not isinstance(message, Note):
        return message
    params = dict(message.params)
    if not any(k in NAME_PARAMS and v in names for k, v in params.items()):
        return message
    for k, v in params.items():
        if k in NAME_PARAMS and isinstance(v, str):
            params[k] = names.get(v, v)
    return Note(message.rule, message.key, message.message, **params)


def line_words(
    line: LogLine,
    viewer: str | None,
    cards: CardSet | None,
    sectors: Iterable[Sector] = (),
    names: Mapping[str, str] | None = None,
) -> str:
    """One line in words (``viewer``: the name of the seat at the screen, TURN-3)."""
    names = names or {}
    text = line.text
    if isinstance(text, TableLine):
        said = i18n.t(text.key, **dict(text.params))
    else:
        actor = i18n.player_name(names.get(line.player, line.player))
        shown = renamed(log_line(text, viewer, actor), names)
        said = engine_text.words(shown, cards, sectors=sectors)
    said = i18n.capitalised(said)  # a line of its own; the catalogue writes notes in lower case
    return i18n.t("log.taken_back", line=said) if line.taken_back else said


def log_words(session: GameSession, viewer: str | None) -> list[str]:
    """The session's turn log in words, oldest first."""
    names = shown_names((p.name, p.bot) for p in session.state.players)
    cards, sectors = session.cards, session.sectors
    return [line_words(line, viewer, cards, sectors, names) for line in session.log]
