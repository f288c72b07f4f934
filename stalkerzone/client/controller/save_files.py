"""Saving and loading from the client, on top of
:mod:`stalkerzone.persistence.saves` (atomic JSON with the
seed, set-up, every action and a checked snapshot). A bad save never crashes the client:
``SaveError`` carries one line naming the file and the field, shown in the window."""

from __future__ import annotations

import json
import os
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
    "SaveNameRefused",
    "SaveSummary",
    "autosave",
    "delete_save",
    "latest_autosave",
    "list_saves",
    "open_save",
    "rename_save",
    "save_game",
    "save_summary",
]

SUMMARY_LIMIT = 8 * 1024 * 1024  # a save list never reads more of one file than this
SAVE_NAME_PUNCTUATION = "-_ "
"""What a save's name may hold besides letters and digits (as the save screen writes names)."""


class SaveNameRefused(ValueError):
    """A new name for a save that cannot be used: ``reason`` is ``bad``, ``reserved`` (the
    autosave's name) or ``taken`` (another save has it; it is never overwritten)."""

    def __init__(self, name: str, reason: str) -> None:
        super().__init__(f"{name!r}: {reason}")
        self.name = name
        self.reason = reason


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


def _in_saves_folder(path: Path) -> Path:
    folder = save_folder.saves_dir().resolve()
    resolved = path.resolve()
    if resolved.parent != folder or resolved.suffix != ".json":
        raise ValueError(f"{path}: not a save in {folder}")
    return resolved


def delete_save(path: Path) -> None:
    """Delete the save ``path`` (only a ``.json`` file of the saves folder; OSError if it fails)."""
    _in_saves_folder(path).unlink()


def rename_save(path: Path, name: str) -> Path:
    """Give the save ``path`` the name ``name`` (letters, digits, ``-``, ``_`` and spaces) and
    return its new path. Another save of that name is never overwritten: the new name is taken
    by a hard link, which fails if it exists, before the old one goes (SaveNameRefused)."""
    source = _in_saves_folder(path)
    stem = " ".join(name.split())
    allowed = all(c.isalnum() or c in SAVE_NAME_PUNCTUATION for c in stem)
    if not stem or not allowed or store.check_save_name(stem):
        raise SaveNameRefused(stem, "bad")
    if stem.casefold() == save_folder.AUTOSAVE:
        raise SaveNameRefused(stem, "reserved")
    target = source.with_name(f"{stem}.json")
    if target == source:
        return source
    try:
        os.link(source, target)
    except FileExistsError:
        raise SaveNameRefused(stem, "taken") from None
    except OSError:  # no hard links here: the same check, then a rename
        if target.exists():
            raise SaveNameRefused(stem, "taken") from None
        source.rename(target)
        return target
    source.unlink()
    return target
