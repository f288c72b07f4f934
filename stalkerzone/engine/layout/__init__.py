"""The Zone: sectors and placements, legal placements, the MAP-5 check, exact dead-end foresight
and random Zones (MAP-1 … MAP-7, TURN-4).

* :mod:`.sectors` — faces, sectors, placements, the Zone, edge masks, the 36 joins (MAP-1…4);
* :mod:`.placements` — per-sector tables and the legal placements of a sector (MAP-4);
* :mod:`.check` — every broken rule of a finished Zone (MAP-5, MAP-7);
* :mod:`.foresight` — can a partial Zone still be completed, and why not (TURN-4);
* :mod:`.random_zones` — dealing a random valid Zone of a shape hint (MAP-6).
"""

from stalkerzone.engine.layout.check import check_zone
from stalkerzone.engine.layout.foresight import (
    CUT_OFF_TEXT,
    CutOff,
    Foresight,
    completable,
    dead_ends,
)
from stalkerzone.engine.layout.placements import Tables, legal_placements, tables
from stalkerzone.engine.layout.random_zones import CLOSED_SHAPES, random_zone, shape_templates
from stalkerzone.engine.layout.sectors import (
    FACE_NAMES,
    ROTATED,
    SHAPES,
    UNIQUE_SITES,
    Face,
    HexTile,
    Join,
    Placement,
    Sector,
    Shape,
    Zone,
    ZoneImpossible,
    ZoneProblem,
    canonical_pattern,
    edge_mask,
    joins,
    matched_joins,
)

__all__ = [
    "CLOSED_SHAPES",
    "CUT_OFF_TEXT",
    "FACE_NAMES",
    "ROTATED",
    "SHAPES",
    "UNIQUE_SITES",
    "CutOff",
    "Face",
    "Foresight",
    "HexTile",
    "Join",
    "Placement",
    "Sector",
    "Shape",
    "Tables",
    "Zone",
    "ZoneImpossible",
    "ZoneProblem",
    "canonical_pattern",
    "check_zone",
    "completable",
    "dead_ends",
    "edge_mask",
    "joins",
    "legal_placements",
    "matched_joins",
    "random_zone",
    "shape_templates",
    "tables",
]
