"""The JSON of the views of one position, written once where two views agree (the host's
table sends every connection its own view of each position)."""

from __future__ import annotations

import dataclasses

from stalkerzone.engine.play import GameState
from stalkerzone.persistence.serialize import JSON, to_json


class ViewWriter:
    """``state_to_json`` of the views of one position, sharing the work between them: a field
    equal in two views (the Zone, the fight, the sorted piles, a stalker) is written once per
    position."""

    def __init__(self) -> None:
        self.version = -1
        self.written: dict[object, tuple[object, JSON]] = {}

    def write(self, view: GameState, version: int) -> dict[str, JSON]:
        """The same JSON as ``state_to_json(view)``, for a view of position ``version``."""
        if version != self.version:
            self.version, self.written = version, {}
        out: dict[str, JSON] = {}
        for f in dataclasses.fields(view):
            if f.name == "ctx" or f.name.startswith("_"):
                continue
            value = getattr(view, f.name)
            if f.name == "players":
                out[f.name] = [self._once((f.name, k), p) for k, p in enumerate(value)]
            else:
                out[f.name] = self._once(f.name, value)
        return out

    def _once(self, key: object, value: object) -> JSON:
        known = self.written.get(key)
        if known is not None and (known[0] is value or known[0] == value):
            return known[1]
        data = to_json(value)
        self.written[key] = (value, data)
        return data
