"""Saving and loading from the client, on top of
:mod:`stalkerzone.persistence.saves` (atomic JSON with the
seed, set-up, every action and a checked snapshot). A bad save never crashes the client:
``SaveError`` carries one line naming the file and the field, shown in the window."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from stalkerzone.client.controller.session import GameSession
from stalkerzone.persistence import saves as store
from stalkerzone.persistence.saves import SaveError

if TYPE_CHECKING:
    from stalkerzone.client.app.window import StalkerWindow

AUTOSAVE = f"{store.AUTOSAVE}.json"

__all__ = [
    "AUTOSAVE",
    "SaveError",
    "autosave",
    "latest_autosave",
    "list_saves",
    "open_save",
    "save_game",
]


def latest_autosave() -> Path | None:
    return store.latest_autosave()


def list_saves() -> list[Path]:
    """Saved games, newest first (the autosave included)."""
    return store.list_saves()


def save_game(session: GameSession, name: str | None = None) -> Path:
    """Save the session's game and its turn log as ``<name>.json`` (default: a time stamp);
    return the path."""
    return session.save(name)


def autosave(session: GameSession) -> Path:
    return store.autosave(session.record, packs=session.packs, log=session.log_entries())


def open_save(window: StalkerWindow, path: Path) -> None:
    """Load ``path`` and show its game (:class:`SaveError` if it cannot be read)."""
    extra = tuple(window.app.presets.card_dirs)
    loaded = store.load_game(path, extra_dirs=extra)
    session = GameSession.from_loaded(loaded)
    result = window.app.cards()
    session.packs = tuple(result.packs)
    window.app.session = session
    session.show(window)
