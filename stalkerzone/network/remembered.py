"""Seats this player joined, remembered so that they can be taken back ("Rejoin") after the
window closed or the connection dropped (docs/protocol.md, "Seats, drops and saves").

The file is ``seats.json`` in the user's settings folder (``stalkerzone.paths``), readable by
this user only (mode 0600): per game address, the seat token and the table code. A missing or
damaged file only means nothing is offered for rejoining.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from stalkerzone.files import FileRefused, load_json, read_bytes
from stalkerzone.paths import user_config_dir

FILE = "seats.json"
FORMAT = 1
KEPT = 8
MAX_BYTES = 64 * 1024


@dataclass(frozen=True, slots=True)
class RememberedSeat:
    """A seat joined at ``address``: the token that takes it back and the table's code."""

    address: str
    token: str
    code: str = ""


def seats_file() -> Path:
    return user_config_dir() / FILE


def remembered_seats() -> list[RememberedSeat]:
    """The seats remembered, the latest first (``[]`` when none or the file is unreadable)."""
    path = seats_file()
    if not path.is_file():
        return []
    try:
        data = load_json(read_bytes(path, limit=MAX_BYTES), path.name)
    except (FileRefused, OSError):
        return []
    rows = data.get("seats") if isinstance(data, dict) and data.get("format") == FORMAT else None
    out: list[RememberedSeat] = []
    for row in rows if isinstance(rows, list) else []:
        if not isinstance(row, dict):
            continue
        address, token, code = row.get("address"), row.get("token"), row.get("code", "")
        texts = isinstance(address, str) and isinstance(token, str) and isinstance(code, str)
        if texts and address and token and len(token) <= 64 and len(code) <= 32:
            out.append(RememberedSeat(str(address), str(token), str(code)))
    return out[:KEPT]


def remember_seat(address: str, token: str, code: str | None = None) -> Path | None:
    """Keep ``token`` (and the table ``code``) for ``address``, first in the file; None when
    the file cannot be written (joining still works, rejoining is then by hand)."""
    kept = [s for s in remembered_seats() if s.address != address]
    seats = [RememberedSeat(address, token, code or ""), *kept][:KEPT]
    return _write(seats)


def forget_seat(address: str) -> None:
    """Forget the seat at ``address`` (its game is over or the token was refused)."""
    kept = [s for s in remembered_seats() if s.address != address]
    _write(kept)


def _write(seats: list[RememberedSeat]) -> Path | None:
    path = seats_file()
    data = {
        "format": FORMAT,
        "seats": [{"address": s.address, "token": s.token, "code": s.code} for s in seats],
    }
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = path.with_name(path.name + ".tmp")
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=1)
        os.chmod(temp, 0o600)
        os.replace(temp, path)
    except OSError:
        return None
    return path
