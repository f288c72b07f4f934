"""Sectors, faces, placements and the Zone under construction (MAP-1 … MAP-4).

A :class:`Sector` has two :class:`Face` s ("a", "b"); a face has 19 :class:`HexTile` s and six
edge flags (does a road cross the gate of edge ``k``). A :class:`Placement` puts one face of a
sector on a slot of the macro grid, turned by ``rotation`` sixths: edge ``k`` then faces slot
direction ``(k + rotation) mod 6`` (see :mod:`stalkerzone.engine.hexes`).

Edge flags are kept as 6-bit masks (bit ``k`` = edge ``k`` carries a road), so that legal
placements, the MAP-5 check and the completion searches are plain integer work.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from stalkerzone.engine.cards import Site, Terrain, Text
from stalkerzone.engine.hexes import Hex, Slot, rotate_slot

FACE_NAMES: tuple[str, ...] = ("a", "b")
UNIQUE_SITES: tuple[Site, ...] = (Site.VILLAGE, Site.MILITARY_BASE, Site.LABORATORY, Site.EPICENTER)
Shape = Literal["free", "ring", "line", "compact"]
SHAPES: tuple[str, ...] = ("free", "ring", "line", "compact")


@dataclass(frozen=True, slots=True)
class HexTile:
    """One small hex of a face: terrain, at most one site, and the sides a road leaves by."""

    terrain: Terrain
    site: Site | None
    roads: frozenset[int]


@dataclass(frozen=True, slots=True)
class Face:
    """One side of a sector: 19 hexes (local coordinates) and its edge flags (MAP-2)."""

    hexes: Mapping[Hex, HexTile]
    edges: tuple[bool, ...]
    name: Text = field(default_factory=lambda: Text.plain(""))

    @property
    def mask(self) -> int:
        return edge_mask(self.edges)

    def sites(self) -> tuple[Site, ...]:
        return tuple(t.site for t in self.hexes.values() if t.site is not None)


@dataclass(frozen=True, slots=True)
class Sector:
    """A two-sided sector (MAP-1): ``faces["a"]`` and ``faces["b"]``."""

    id: str
    name: Text
    faces: Mapping[str, Face]

    def unique_sites(self) -> frozenset[Site]:
        return frozenset(s for f in self.faces.values() for s in f.sites() if s in UNIQUE_SITES)


@dataclass(frozen=True, slots=True)
class Placement:
    """One face of a sector on ``slot``, turned by ``rotation`` sixths (MAP-3)."""

    sector: str
    face: str
    rotation: int
    slot: Slot


@dataclass(frozen=True, slots=True)
class Zone:
    """A Zone, finished or under construction: the placements in the order they were made."""

    placements: tuple[Placement, ...] = ()

    def place(self, placement: Placement) -> Zone:
        return Zone((*self.placements, placement))

    def by_slot(self) -> dict[Slot, Placement]:
        return {p.slot: p for p in self.placements}

    def sector_ids(self) -> frozenset[str]:
        return frozenset(p.sector for p in self.placements)

    def transformed(self, rotation: int = 0, offset: Slot = (0, 0)) -> Zone:
        """The whole Zone turned about slot (0, 0) by ``rotation`` then moved by ``offset``."""
        out = []
        for p in self.placements:
            i, j = rotate_slot(p.slot, rotation)
            slot = (i + offset[0], j + offset[1])
            out.append(Placement(p.sector, p.face, (p.rotation + rotation) % 6, slot))
        return Zone(tuple(out))


@dataclass(frozen=True, slots=True)
class ZoneProblem:
    """A broken rule of a Zone: rule id (``MAP-4``), where (sectors, slots, edges), message."""

    rule: str
    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.where}: {self.message}"


class ZoneImpossible(ValueError):
    """No Zone of the requested shape can be built from these sectors (MAP-6, MAP-7)."""


# --- edge masks --------------------------------------------------------------------------


def edge_mask(edges: Sequence[bool]) -> int:
    return sum(1 << k for k, e in enumerate(edges) if e)


def _rot(mask: int, steps: int) -> int:
    steps %= 6
    return ((mask << steps) | (mask >> (6 - steps))) & 0x3F


ROTATED: tuple[tuple[int, ...], ...] = tuple(tuple(_rot(m, r) for r in range(6)) for m in range(64))
"""``ROTATED[mask][ρ]``: the world edge mask of a face turned by ρ."""


def canonical_pattern(mask: int) -> int:
    """The smallest mask among the six rotations: the edge pattern "up to rotation"."""
    return min(ROTATED[mask])


# --- the 36 joins of two faces (MAP-3) -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Join:
    """Face ``b`` on slot direction ``direction`` of an unturned face ``a``, turned by
    ``rotation``; ``matched`` when the touching edges agree (MAP-4)."""

    direction: int
    rotation: int
    matched: bool


def joins(a: Face, b: Face) -> tuple[Join, ...]:
    """The 6 × 6 = 36 geometric joins of two faces (MAP-3)."""
    return tuple(
        Join(k, rho, a.edges[k] == b.edges[(k + 3 - rho) % 6]) for k in range(6) for rho in range(6)
    )


def matched_joins(a: Face, b: Face) -> int:
    return sum(j.matched for j in joins(a, b))
