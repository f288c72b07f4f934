"""Older save formats brought up to the current one, a format at a time, before anything is
checked: only the current format is validated (:mod:`stalkerzone.persistence.save_model`).

Each step takes the JSON object of format N as read from the file and returns format N+1; it
checks nothing and keeps every field it does not change, so a field that is wrong in the old
file is still named by the check of the current format.

- Format 1 (the client's first saves) held the set-up and the actions only. It gains the
  defaults it relied on (variant ``standard``, Zone mode ``hand``, no packs: every loaded
  card) and no saved state (``snapshot``, its ``checksum``, ``turn`` and the ``sectors``
  digest are null): the game is replayed from the seed. Whatever it held under those names
  is not part of format 1 and is dropped.
- Format 2 named the folders its packs came from (``card_dirs``); format 3 names packs by id
  and version only, so the folders go (:func:`recorded_card_dirs` keeps them for the hint
  about a missing pack, never to be scanned).
- Format 3 had no turn log; format 4 loads it with an empty one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Document = dict[str, Any]
"""A save's JSON object."""

CURRENT_FORMAT = 4
"""The format :func:`to_current` brings every readable save to."""


def format_1_to_2(data: Mapping[str, Any]) -> Document:
    """Format 1 → 2: the set-up's defaults; no saved state, so the game is replayed."""
    upgraded = {"game": "stalkerzone", "variant": "standard", "zone_mode": "hand", **data}
    upgraded.setdefault("packs", [])
    upgraded.setdefault("card_dirs", [])
    upgraded.setdefault("trail", [])
    no_saved_state = {"snapshot": None, "checksum": None, "turn": None, "sectors": None}
    return {**upgraded, **no_saved_state, "engine": "", "saved": "", "format": 2}


def format_2_to_3(data: Mapping[str, Any]) -> Document:
    """Format 2 → 3: packs are named by id and version only; the recorded folders go."""
    return {**{k: v for k, v in data.items() if k != "card_dirs"}, "format": 3}


def format_3_to_4(data: Mapping[str, Any]) -> Document:
    """Format 3 → 4: an empty turn log (format 3 kept none)."""
    return {**data, "log": [], "format": 4}


UPGRADES: Mapping[int, Callable[[Mapping[str, Any]], Document]] = {
    1: format_1_to_2,
    2: format_2_to_3,
    3: format_3_to_4,
}
"""The step from each older format to the next."""


def to_current(data: Mapping[str, Any]) -> Document:
    """``data`` (of a readable format, as
    :func:`stalkerzone.persistence.save_document.read_document` found it) in the current
    format, through every step from its own."""
    upgraded = dict(data)
    while upgraded["format"] in UPGRADES:
        upgraded = UPGRADES[upgraded["format"]](upgraded)
    return upgraded


def recorded_card_dirs(data: Mapping[str, Any]) -> tuple[str, ...]:
    """The card folders a format 1 or 2 save recorded (for a hint only, never scanned)."""
    if data.get("format") not in (1, 2):
        return ()
    recorded = data.get("card_dirs")
    if not isinstance(recorded, list):
        return ()
    return tuple(d for d in recorded if isinstance(d, str))
