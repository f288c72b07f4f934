"""Sector faces at a printable size: 19 hexes 18 mm across flats (MAP-1, MAP-2).

Each hex shows its terrain (colour and a small pattern, §1), its roads (to the middle of the
side they leave by) and its site symbol: a house for the bases (V, M, L), a triangle with one
to three pips for a danger of each colour, a ring for an anomaly, a diamond for an event site,
a star for the Epicenter. Six sectors fit on a page, face a on the front pages and face b on
the back pages with mirrored columns, so that a double-sided print gives two-sided tiles.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from stalkerzone.engine.core import Site, Terrain
from stalkerzone.engine.zone import (
    DIRECTIONS,
    SECTOR_HEX_SET,
    SECTOR_HEXES,
    Face,
    Hex,
    Sector,
    hex_to_pixel,
)
from stalkerzone.printing import fonts
from stalkerzone.printing.sheet import PAGE_H, PAGE_W
from stalkerzone.printing.words import Words

ACROSS_FLATS = 18 * mm
HEX_RADIUS = ACROSS_FLATS / math.sqrt(3.0)  # corner to centre
SECTOR_W = 5 * ACROSS_FLATS
SECTOR_H = 8 * HEX_RADIUS
SECTOR_BLEED = 2 * mm
PER_PAGE = 6
COLUMN_X: tuple[float, float] = (
    PAGE_W / 2 - SECTOR_W / 2 - 5 * mm,
    PAGE_W / 2 + SECTOR_W / 2 + 5 * mm,
)
ROW_PITCH = 93 * mm
FIRST_ROW_TOP = PAGE_H - 11 * mm

TERRAIN_COLOURS: dict[Terrain, Color] = {
    Terrain.OPEN: HexColor("#a9b27a"),
    Terrain.RUINS: HexColor("#a39a90"),
    Terrain.FOREST: HexColor("#6f9a62"),
    Terrain.SWAMP: HexColor("#8aa08c"),
    Terrain.WATER: HexColor("#7ba3cc"),
    Terrain.ANOMALY_FIELD: HexColor("#a884b4"),
}
SITE_COLOURS: dict[Site, Color] = {
    Site.VILLAGE: HexColor("#f0e2b4"),
    Site.MILITARY_BASE: HexColor("#96aa6e"),
    Site.LABORATORY: HexColor("#aad7eb"),
    Site.EPICENTER: HexColor("#fafafa"),
    Site.DANGER_GREEN: HexColor("#46c85a"),
    Site.DANGER_YELLOW: HexColor("#f0d232"),
    Site.DANGER_RED: HexColor("#e1322d"),
    Site.ANOMALY: HexColor("#c878ff"),
    Site.EVENT: HexColor("#ffa03c"),
}
BASE_LETTERS: dict[str, dict[Site, str]] = {
    "en": {Site.VILLAGE: "V", Site.MILITARY_BASE: "M", Site.LABORATORY: "L"},
    "ru": {Site.VILLAGE: "Д", Site.MILITARY_BASE: "В", Site.LABORATORY: "Л"},
}
DARK = HexColor("#1b1b16")
ROAD = HexColor("#dcc58e")
ROAD_EDGE = HexColor("#6b5833")
HEX_LINE = HexColor("#4a4a3c")


def sector_position(index: int, *, back: bool = False) -> tuple[float, float]:
    """Centre of the ``index``-th sector of a page; ``back`` mirrors the columns."""
    row, column = divmod(index, 2)
    x = COLUMN_X[column]
    if back:
        x = PAGE_W - x
    top = FIRST_ROW_TOP - row * ROW_PITCH
    return x, top - 5 * mm - SECTOR_H / 2


def _corner(cx: float, cy: float, k: int, radius: float = HEX_RADIUS) -> tuple[float, float]:
    angle = math.radians(60 * k + 30)
    return cx + radius * math.cos(angle), cy + radius * math.sin(angle)


def _side_angle(side: int) -> float:
    x, y = hex_to_pixel(DIRECTIONS[side], 1.0)
    return math.degrees(math.atan2(y, x))


def _side_corners(
    cx: float, cy: float, side: int
) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two corners of the side pointing along ``DIRECTIONS[side]``."""
    angle = _side_angle(side)
    first = round((angle - 30 - 30) / 60) % 6
    return _corner(cx, cy, first), _corner(cx, cy, first + 1)


def _polygon(
    canvas: Canvas, points: Sequence[tuple[float, float]], *, fill: bool, stroke: bool
) -> None:
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    canvas.drawPath(path, stroke=int(stroke), fill=int(fill))


def draw_sector(
    canvas: Canvas, centre: tuple[float, float], sector: Sector, face_name: str, words: Words
) -> None:
    """One face of ``sector`` centred on ``centre``, with its label above it."""
    face = sector.faces[face_name]
    ox, oy = centre
    at = {
        h: (ox + hex_to_pixel(h, HEX_RADIUS)[0], oy + hex_to_pixel(h, HEX_RADIUS)[1])
        for h in SECTOR_HEXES
    }
    canvas.saveState()
    _bleed(canvas, face, at)
    for h in SECTOR_HEXES:
        _terrain(canvas, face.hexes[h].terrain, *at[h])
    _roads(canvas, face, at)
    for h in SECTOR_HEXES:
        site = face.hexes[h].site
        if site is not None:
            _site(canvas, site, *at[h], words)
    _cut_line(canvas, at)
    label = words("sector", id=sector.id, face=face_name)
    name = words.text(face.name) or words.text(sector.name)
    if name and name != face_name:
        label = f"{label} · {name}"
    canvas.setFillColor(DARK)
    canvas.setFont(fonts.BOLD, 7)
    canvas.drawCentredString(ox, oy + SECTOR_H / 2 + SECTOR_BLEED + 1.5 * mm, label)
    canvas.restoreState()


def _outer_sides(h: Hex) -> list[int]:
    return [
        k
        for k in range(6)
        if Hex(h.q + DIRECTIONS[k].q, h.r + DIRECTIONS[k].r) not in SECTOR_HEX_SET
    ]


def _bleed(canvas: Canvas, face: Face, at: dict[Hex, tuple[float, float]]) -> None:
    """The terrain colour carried 2 mm past the cut line, side by side."""
    canvas.setLineWidth(2 * SECTOR_BLEED)
    canvas.setLineCap(1)
    for h in SECTOR_HEXES:
        canvas.setStrokeColor(TERRAIN_COLOURS[face.hexes[h].terrain])
        for side in _outer_sides(h):
            (ax, ay), (bx, by) = _side_corners(*at[h], side)
            canvas.line(ax, ay, bx, by)


def _cut_line(canvas: Canvas, at: dict[Hex, tuple[float, float]]) -> None:
    canvas.setStrokeColor(DARK)
    canvas.setLineWidth(0.9)
    canvas.setLineCap(1)
    for h in SECTOR_HEXES:
        for side in _outer_sides(h):
            (ax, ay), (bx, by) = _side_corners(*at[h], side)
            canvas.line(ax, ay, bx, by)


def _terrain(canvas: Canvas, terrain: Terrain, x: float, y: float) -> None:
    corners = [_corner(x, y, k) for k in range(6)]
    canvas.setFillColor(TERRAIN_COLOURS[terrain])
    canvas.setStrokeColor(HEX_LINE)
    canvas.setLineWidth(0.3)
    _polygon(canvas, corners, fill=True, stroke=True)
    r = HEX_RADIUS
    mark = HexColor("#00000040", hasAlpha=True)
    canvas.setStrokeColor(mark)
    canvas.setFillColor(mark)
    canvas.setLineWidth(0.5)
    spots = ((-0.45, -0.45), (0.45, -0.45), (0.0, -0.72), (-0.5, 0.38), (0.5, 0.38))
    for dx, dy in spots:
        px, py = x + dx * r, y + dy * r
        if terrain is Terrain.FOREST:
            _polygon(
                canvas,
                [
                    (px - 1.1 * mm, py - 0.9 * mm),
                    (px + 1.1 * mm, py - 0.9 * mm),
                    (px, py + 1.4 * mm),
                ],
                fill=True,
                stroke=False,
            )
        elif terrain is Terrain.SWAMP:
            canvas.line(px - 1.2 * mm, py, px + 1.2 * mm, py)
            canvas.line(px - 0.5 * mm, py, px - 0.8 * mm, py + 1 * mm)
            canvas.line(px + 0.5 * mm, py, px + 0.8 * mm, py + 1 * mm)
        elif terrain is Terrain.WATER:
            path = canvas.beginPath()
            path.moveTo(px - 1.5 * mm, py)
            path.curveTo(px - 0.75 * mm, py + 0.8 * mm, px - 0.75 * mm, py - 0.8 * mm, px, py)
            path.curveTo(
                px + 0.75 * mm, py + 0.8 * mm, px + 0.75 * mm, py - 0.8 * mm, px + 1.5 * mm, py
            )
            canvas.drawPath(path, stroke=1, fill=0)
        elif terrain is Terrain.RUINS:  # a broken wall: bricks in two courses
            canvas.rect(px - 1.4 * mm, py - 0.5 * mm, 1.3 * mm, 0.6 * mm, stroke=0, fill=1)
            canvas.rect(px + 0.1 * mm, py - 0.5 * mm, 1.3 * mm, 0.6 * mm, stroke=0, fill=1)
            canvas.rect(px - 0.6 * mm, py + 0.3 * mm, 1.3 * mm, 0.6 * mm, stroke=0, fill=1)
        elif terrain is Terrain.ANOMALY_FIELD:
            canvas.circle(px, py, 1.0 * mm, stroke=1, fill=0)
            canvas.circle(px, py, 0.35 * mm, stroke=0, fill=1)


def _roads(canvas: Canvas, face: Face, at: dict[Hex, tuple[float, float]]) -> None:
    """Every road: its dark edges first, then the light fill, so joints show no seams; a road
    that leaves the sector runs on into the bleed."""
    segments: list[tuple[float, float, float, float]] = []
    for h in SECTOR_HEXES:
        x, y = at[h]
        outer = set(_outer_sides(h))
        for side in sorted(face.hexes[h].roads):
            (ax, ay), (bx, by) = _side_corners(x, y, side)
            ex, ey = (ax + bx) / 2, (ay + by) / 2
            if side in outer:
                grow = 1 + SECTOR_BLEED / math.hypot(ex - x, ey - y)
                ex, ey = x + (ex - x) * grow, y + (ey - y) * grow
            segments.append((x, y, ex, ey))
    canvas.setLineCap(1)
    for colour, width in ((ROAD_EDGE, 0.26 * HEX_RADIUS), (ROAD, 0.18 * HEX_RADIUS)):
        canvas.setStrokeColor(colour)
        canvas.setLineWidth(width)
        for x, y, ex, ey in segments:
            canvas.line(x, y, ex, ey)
    canvas.setLineCap(0)


def _site(canvas: Canvas, site: Site, x: float, y: float, words: Words) -> None:
    s = HEX_RADIUS * 0.42
    canvas.setFillColor(SITE_COLOURS[site])
    canvas.setStrokeColor(DARK)
    canvas.setLineWidth(0.7)
    if site in BASE_LETTERS["en"]:
        _polygon(
            canvas,
            [
                (x - s, y - s * 0.8),
                (x + s, y - s * 0.8),
                (x + s, y + s * 0.5),
                (x, y + s * 1.25),
                (x - s, y + s * 0.5),
            ],
            fill=True,
            stroke=True,
        )
        canvas.setFillColor(DARK)
        canvas.setFont(fonts.BOLD, 9)
        canvas.drawCentredString(x, y - s * 0.55, BASE_LETTERS[words.lang][site])
    elif site in (Site.DANGER_GREEN, Site.DANGER_YELLOW, Site.DANGER_RED):
        _polygon(
            canvas,
            [(x - s * 1.15, y - s * 0.8), (x + s * 1.15, y - s * 0.8), (x, y + s * 1.2)],
            fill=True,
            stroke=True,
        )
        pips = {Site.DANGER_GREEN: 1, Site.DANGER_YELLOW: 2, Site.DANGER_RED: 3}[site]
        canvas.setFillColor(DARK)
        for k in range(pips):
            canvas.circle(
                x + (k - (pips - 1) / 2) * s * 0.55, y - s * 0.35, s * 0.16, stroke=0, fill=1
            )
    elif site is Site.ANOMALY:
        canvas.circle(x, y, s, stroke=1, fill=1)
        canvas.circle(x, y, s * 0.55, stroke=1, fill=0)
        canvas.setFillColor(DARK)
        canvas.circle(x, y, s * 0.18, stroke=0, fill=1)
    elif site is Site.EVENT:
        _polygon(
            canvas,
            [(x, y - s * 1.1), (x + s * 0.9, y), (x, y + s * 1.1), (x - s * 0.9, y)],
            fill=True,
            stroke=True,
        )
        canvas.setFillColor(DARK)
        canvas.setFont(fonts.BOLD, 8)
        canvas.drawCentredString(x, y - 1.0 * mm, "?")
    elif site is Site.EPICENTER:
        canvas.setFillColor(HexColor("#78141e"))
        canvas.circle(x, y, s * 1.3, stroke=0, fill=1)
        star = []
        for k in range(16):
            radius = s * (1.2 if k % 2 == 0 else 0.5)
            angle = math.pi / 2 + k * math.pi / 8
            star.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
        canvas.setFillColor(SITE_COLOURS[site])
        _polygon(canvas, star, fill=True, stroke=False)
        canvas.setFillColor(HexColor("#c81e28"))
        canvas.circle(x, y, s * 0.3, stroke=0, fill=1)
