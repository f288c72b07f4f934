"""The pydantic model of a rules variant file (``content/variants/<name>.toml``), built into
:class:`stalkerzone.engine.core.variant.Variant`; :mod:`stalkerzone.content.variants` reads
the files.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, Strict, model_validator

from stalkerzone.content.models import Model
from stalkerzone.content.values import DiceField, TextField
from stalkerzone.engine.core import AnomalyOutcome, Site, Terrain, Variant

Count = Annotated[int, Strict(), Field(ge=0, le=100_000)]
Cost = Annotated[int, Strict(), Field(ge=1, le=100)] | Literal["impassable"]


class BaseReputation(Model):
    """BASE-1: reputation needed to use each base."""

    village: Count
    military_base: Count
    laboratory: Count


class TerrainCosts(Model):
    """§1 table: the cost to enter a hex of each terrain without a road."""

    open: Cost
    ruins: Cost
    forest: Cost
    swamp: Cost
    water: Cost
    anomaly_field: Cost


class Anomaly(Model):
    """ANOM-1: what a 1d6 roll showing one of ``faces`` does."""

    engine_type = AnomalyOutcome
    faces: frozenset[Annotated[int, Strict(), Field(ge=1, le=6)]]
    kind: Literal["damage", "nothing", "element", "artifact"]
    damage: DiceField | None = None

    @model_validator(mode="after")
    def _damage_only_for_damage(self) -> Anomaly:
        if (self.kind == "damage") != (self.damage is not None):
            raise ValueError('give damage (a dice formula) exactly when kind = "damage"')
        return self


class VariantFile(Model):
    """A variant data file."""

    format: Literal[1]
    id: str
    name: TextField
    start_money: Count
    start_health: Annotated[int, Strict(), Field(ge=1, le=1000)]
    base_movement: Annotated[int, Strict(), Field(ge=1, le=100)]
    elements_required: Count
    grenade_cap: Count
    active_artifacts: Count
    max_open_orders: Annotated[int, Strict(), Field(ge=1, le=100)]
    road_cost: Annotated[int, Strict(), Field(ge=1, le=100)]
    heal_price: Count
    resale_divisor: Annotated[int, Strict(), Field(ge=1, le=100)]
    base_reputation: BaseReputation
    terrain_cost: TerrainCosts
    anomaly: tuple[Anomaly, ...]

    @model_validator(mode="after")
    def _every_face_once(self) -> VariantFile:
        faces = sorted(face for outcome in self.anomaly for face in outcome.faces)
        if faces != [1, 2, 3, 4, 5, 6]:
            raise ValueError("the anomaly table must give each face 1..6 exactly once")
        return self

    def to_variant(self) -> Variant:
        costs = self.terrain_cost.model_dump()
        return Variant(
            id=self.id,
            name=self.name,
            start_money=self.start_money,
            start_health=self.start_health,
            base_movement=self.base_movement,
            base_reputation={Site(k): v for k, v in self.base_reputation.model_dump().items()},
            elements_required=self.elements_required,
            grenade_cap=self.grenade_cap,
            active_artifacts=self.active_artifacts,
            max_open_orders=self.max_open_orders,
            terrain_cost={
                t: None if costs[t.value] == "impassable" else costs[t.value] for t in Terrain
            },
            road_cost=self.road_cost,
            heal_price=self.heal_price,
            resale_divisor=self.resale_divisor,
            anomaly_table=tuple(outcome.to_engine() for outcome in self.anomaly),
        )
