"""Saving and loading from the client, on top of
:mod:`stalkerzone.persistence.saves` (atomic JSON with the
seed, set-up, every action and a checked snapshot). A bad save never crashes the client:
``SaveError`` carries one line naming the file and the field, shown in the window."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from stalkerzone.client.controller.session import GameSession
from stalkerzone.persistence import save_folder
from stalkerzone.persistence import saves as store

if TYPE_CHECKING:
    from stalkerzone.client.app.window import StalkerWindow

AUTOSAVE = f"{save_folder.AUTOSAVE}.json"

__all__ = [
    "AUTOSAVE",
    "SaveSummary",
    "autosave",
    "latest_autosave",
    "list_saves",
    "open_save",
    "save_game",
    "save_summary",
]

SUMMARY_LIMIT = 8 * 1024 * 1024  # a save list never reads more of one file than this


@dataclass(frozen=True, slots=True)
class SaveSummary:
    """What the save list shows of one file: the players' names, the round (TURN-1; 0 while
    the Zone is laid out) and when it was saved (local time); ``None`` for what cannot be read."""

    players: tuple[str, ...]
    round: int | None
    saved: datetime | None


def _round_of(snapshot: Any, seats: int) -> int | None:
    """TURN-1 as ``engine.turn.turns.round_number`` counts it, from a saved snapshot."""
    if not isinstance(snapshot, dict) or not isinstance(snapshot.get("turn"), int):
        return None
    if snapshot.get("phase") == "layout":
        return 0
    return (int(snapshot["turn"]) - 1) // max(1, seats) + 1


def save_summary(path: Path) -> SaveSummary:
    """Players, round and date of a save for the list (never raises: an unreadable file gives
    an empty summary dated by its modification time)."""
    data: Any = None
    try:
        if path.stat().st_size <= SUMMARY_LIMIT:
            data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = None
    saved: datetime | None = None
    try:
        saved = datetime.fromtimestamp(path.stat().st_mtime)
    except OSError:
        saved = None
    if not isinstance(data, dict):
        return SaveSummary((), None, saved)
    raw_players = data.get("players")
    players = tuple(
        str(p["name"])
        for p in (raw_players if isinstance(raw_players, list) else [])
        if isinstance(p, dict) and "name" in p
    )
    stamp = data.get("saved")
    if isinstance(stamp, str):
        try:
            when = datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
            saved = when.astimezone().replace(tzinfo=None)
        except ValueError:
            pass
    return SaveSummary(players, _round_of(data.get("snapshot"), len(players)), saved)


def latest_autosave() -> Path | None:
    return save_folder.latest_autosave()


def list_saves() -> list[Path]:
    """Saved games, newest first (the autosave included)."""
    return save_folder.list_saves()


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
