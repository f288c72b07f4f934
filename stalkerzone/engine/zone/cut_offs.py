"""Why a placement cuts the Zone off (TURN-4), as data the client words in any language: the
rule, a message key and parameters, sectors by id and where they lie from the Village."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from stalkerzone.engine.core import Params
from stalkerzone.engine.zone.hexes import Slot, slot_centre, slot_distance

# --- reasons in words --------------------------------------------------------------------------

COMPASS: tuple[str, ...] = (
    "east",
    "north-east",
    "north",
    "north-west",
    "west",
    "south-west",
    "south",
    "south-east",
)
"""Eight directions on the printed map, anticlockwise from east."""


def direction(origin: Slot, target: Slot) -> tuple[int, str]:
    """How far (in sectors) and which way ``target`` lies from ``origin`` on the printed map
    (rows grow downwards as on the tiles): ``(2, "north-east")``; ``(0, "")`` for the same slot."""
    if origin == target:
        return 0, ""
    a, b = slot_centre(origin), slot_centre(target)
    dq, dr = b.q - a.q, b.r - a.r
    x, y = math.sqrt(3.0) * (dq + dr / 2.0), -1.5 * dr
    eighth = round(math.degrees(math.atan2(y, x)) / 45.0) % 8
    return slot_distance(origin, target), COMPASS[eighth]


@dataclass(frozen=True, slots=True)
class CutOff:
    """Why a placement cuts the Zone off (TURN-4): the rule that can no longer be met, a
    message key and its parameters (``sector``: a sector id the client names; ``count``;
    ``distance`` and ``direction``: where that sector lies from the Village sector)."""

    rule: str
    key: str
    params: Params

    def english(self, names: Mapping[str, str]) -> str:
        """The reason in English words, sectors named by ``names`` (id → name)."""
        values = {k: names.get(str(v), str(v)) if k == "sector" else v for k, v in self.params}
        text = CUT_OFF_TEXT[self.key].format(**values)
        if values.get("direction"):
            text += " ({distance} {unit} {direction} of the Village)".format(
                unit="sector" if values["distance"] == 1 else "sectors", **values
            )
        return text


CUT_OFF_TEXT: Mapping[str, str] = {
    "misfit": "the roads of {sector} do not meet the roads of its neighbours",
    "unknown": "the layout holds a sector that is not in the box or is placed twice",
    "roads_closed": "every road of the Zone would be closed: no further sector could join by road",
    "network_cut_off": "the roads of {sector} could no longer meet the roads of the Village",
    "road_unclosable": "a road of {sector} would lead to a place no remaining sector can close",
    "sector_cut_off": "{sector} could no longer be placed on a road of the Zone",
    "zone_cut_off": "the {count} remaining sectors could no longer all be joined to the Village "
    "by road",
    "zone_unclosable": "the {count} remaining sectors could no longer complete a Zone in which "
    "every road meets another road",
    "undecided": "the table could not confirm that the Zone can still be completed after this",
    "sites": "the sectors do not hold exactly one Village, Military Base, Laboratory and Epicenter",
}
"""English wording of every :class:`CutOff` key (the client has its own per language)."""
