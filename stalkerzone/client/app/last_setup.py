"""The last new-game set-up (seats with names, characters and bots, variant, how the Zone is
built and, laid out by hand, who lays it out), remembered per user in
``paths.user_config_dir()/last_game.toml``.

Written atomically when a game starts; read when the program starts. A missing file gives
``None``; a broken one gives ``None`` and a readable note, never a crash. Only the file's shape
is checked here: the new-game screen keeps what still fits its choices (a character from a pack
that is gone gets another).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

import tomli_w

from stalkerzone import files, paths

MAX_LAST_SETUP_BYTES = 16 * 1024
MAX_REMEMBERED_SEATS = 6
HUMAN = "human"
"""The seat kind written for a human (TOML has no null)."""


@dataclass(frozen=True, slots=True)
class RememberedSeat:
    name: str
    bot: str | None  # a bot's strength, None for a human
    stalker: str  # the character's card id


@dataclass(frozen=True, slots=True)
class LastSetup:
    seats: tuple[RememberedSeat, ...]
    variant: str
    zone_mode: str
    layout_by: str = "all"  # TURN-4: "humans" when only the human seats place sectors


def last_setup_path() -> Path:
    return paths.user_config_dir() / "last_game.toml"


def _text(table: dict[str, object], key: str, where: str) -> str:
    value = table.get(key)
    if not isinstance(value, str):
        raise ValueError(f"{where}.{key} must be text")
    return value


def parse_last_setup(data: dict[str, object]) -> LastSetup:
    """The set-up in ``data`` (a ValueError naming the field when it is not one)."""
    seats = data.get("seat")
    if not isinstance(seats, list) or not 1 <= len(seats) <= MAX_REMEMBERED_SEATS:
        raise ValueError(f"seat must be a list of 1 to {MAX_REMEMBERED_SEATS} seats")
    read = []
    for index, seat in enumerate(seats):
        if not isinstance(seat, dict):
            raise ValueError(f"seat[{index}] must be a table")
        where = f"seat[{index}]"
        kind = _text(seat, "kind", where)
        name = _text(seat, "name", where)
        stalker = _text(seat, "stalker", where)
        read.append(RememberedSeat(name, None if kind == HUMAN else kind, stalker))
    variant, zone = _text(data, "variant", "set-up"), _text(data, "zone", "set-up")
    layout_by = _text(data, "layout_by", "set-up") if "layout_by" in data else "all"  # older files
    return LastSetup(tuple(read), variant, zone, layout_by)


def load_last_setup() -> tuple[LastSetup | None, str | None]:
    """The remembered set-up (``None`` if there is none) and a note if the file was refused."""
    path = last_setup_path()
    if not path.exists():
        return None, None
    try:
        data = tomllib.loads(
            files.decode(files.read_bytes(path, limit=MAX_LAST_SETUP_BYTES), str(path))
        )
        problem = files.check_tree(data)
        if problem:
            raise ValueError(problem)
        return parse_last_setup(data), None
    except files.FileRefused as error:
        return None, f"{path}: last set-up ignored: {error.reason}"
    except RecursionError:
        return None, f"{path}: last set-up ignored: TOML nested too deeply"
    except (OSError, TypeError, ValueError) as error:
        return None, f"{path}: last set-up ignored: {files.shorten(str(error), 120)}"


def save_last_setup(setup: LastSetup) -> None:
    """Write the set-up atomically (temp file in the same folder, then rename)."""
    seats = [{"name": s.name, "kind": s.bot or HUMAN, "stalker": s.stalker} for s in setup.seats]
    table = {
        "variant": setup.variant,
        "zone": setup.zone_mode,
        "layout_by": setup.layout_by,
        "seat": seats,
    }
    files.write_atomic(last_setup_path(), tomli_w.dumps(table).encode("utf-8"))
