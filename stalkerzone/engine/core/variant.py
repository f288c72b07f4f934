"""Rules variants: every *(variant)* number of docs/rules.md, as a value the engine is given.

The numbers themselves live in data files (``stalkerzone/content/variants/*.toml``); a variant
changes numbers, never code.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from stalkerzone.engine.core.cards import Site, Terrain, Text
from stalkerzone.engine.core.dice import Dice
from stalkerzone.engine.core.frozen_classes import frozen

AnomalyKind = Literal["damage", "nothing", "element", "artifact"]


@frozen
class AnomalyOutcome:
    """ANOM-1: what a 1d6 anomaly roll showing one of ``faces`` does."""

    faces: frozenset[int]
    kind: AnomalyKind
    damage: Dice | None = None  # for kind "damage": rolled, defence does not apply


@frozen
class Variant:
    """The numbers of one rules variant (standard, express)."""

    id: str
    name: Text
    start_money: int  # ST-2
    start_health: int  # ST-2
    base_movement: int  # ST-5
    base_reputation: Mapping[Site, int]  # BASE-1: reputation needed per base
    elements_required: int  # WIN-1
    grenade_cap: int  # EQ-6
    active_artifacts: int  # EQ-7
    max_open_orders: int  # ORDER-1
    terrain_cost: Mapping[Terrain, int | None]  # §1 table; None = impassable
    road_cost: int  # §1: any hex with a road
    heal_price: int  # BASE-3: green per health point
    resale_divisor: int  # BASE-2: equipment sells back for price // divisor
    anomaly_table: tuple[AnomalyOutcome, ...]  # ANOM-1

    def reputation_needed(self, base: Site) -> int:
        return self.base_reputation[base]

    def anomaly_outcome(self, face: int) -> AnomalyOutcome:
        for outcome in self.anomaly_table:
            if face in outcome.faces:
                return outcome
        raise ValueError(f"ANOM-1: the anomaly table has no outcome for a roll of {face}")
