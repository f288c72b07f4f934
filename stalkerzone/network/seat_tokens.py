"""The seat tokens of a hosted game, kept in a sidecar file next to its save (docs/protocol.md).

A save (``persistence.saves``, format 4) holds the game only; the tokens the host gave out live in
``<save>.seats.json`` beside it, so that a resumed game (``stalkerzone host --load``, the lobby's
"Resume a save") lets each player rejoin their seats with their token, not just a seat number
(TURN-1: the same seats as before). The file is the host's alone (mode 0600); a missing or
damaged sidecar only means players join again by seat.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path

from stalkerzone.files import FileRefused, load_json, read_bytes

SUFFIX = ".seats.json"
FORMAT = 1
MAX_BYTES = 64 * 1024


def sidecar(save: Path) -> Path:
    """The tokens file of ``save`` (``game.json`` -> ``game.json.seats.json``)."""
    return save.with_name(save.name + SUFFIX)


def write_tokens(save: Path, tokens: Mapping[str, tuple[int, ...]]) -> Path:
    """Rewrite the sidecar of ``save`` with ``tokens`` (token -> seats), atomically."""
    path = sidecar(save)
    data = {"format": FORMAT, "tokens": {t: list(seats) for t, seats in tokens.items()}}
    temp = path.with_name(path.name + ".tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump(data, out, indent=1, sort_keys=True)
    os.replace(temp, path)
    return path


def read_tokens(save: Path, seats: int) -> dict[str, tuple[int, ...]]:
    """The tokens kept beside ``save`` for a game of ``seats`` seats; ``{}`` when there is no
    sidecar or it cannot be read (never an error: players then join by seat)."""
    path = sidecar(save)
    if not path.is_file():
        return {}
    try:
        data = load_json(read_bytes(path, limit=MAX_BYTES), path.name)
    except (FileRefused, OSError):
        return {}
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return {}
    raw = data.get("tokens")
    if not isinstance(raw, dict):
        return {}
    out: dict[str, tuple[int, ...]] = {}
    for token, held in raw.items():
        if not isinstance(token, str) or not token or not isinstance(held, list) or not held:
            continue
        if all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < seats for i in held):
            out[token] = tuple(sorted(set(held)))
    return out
