"""Line charts of the story of a game (WIN-1): one line per stalker over the rounds (TURN-2).

:func:`layout_chart` is pure geometry (plot box, ticks, points); :func:`chart_shapes` turns it
into a ``ShapeElementList`` built once per screen size. Texts (title, tick values, the axis
label) are the screen's ``arcade.Text`` labels, placed at :class:`ChartLayout`'s tick positions.
Lines of equal values lie side by side, a line width apart, so every stalker's colour shows.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from arcade.shape_list import (
    Shape,
    ShapeElementList,
    create_ellipse_filled,
    create_line,
    create_line_strip,
    create_rectangle_filled,
    create_rectangle_outline,
)
from arcade.types import Color

from stalkerzone.client.widgets import theme

GRID = Color(70, 76, 66)
AXIS = Color(140, 144, 128)
PLOT_BACK = Color(16, 19, 16, 230)
MAX_TICKS = 5


@dataclass(frozen=True, slots=True)
class Line:
    """One stalker's values: ``values[k]`` at round ``k`` (round 0 is the start of play)."""

    colour: Color
    values: tuple[int, ...]
    marks: tuple[int, ...] = ()  # rounds in which the stalker died (DEATH-1), marked with ×


@dataclass(frozen=True, slots=True)
class ChartLayout:
    """Where everything of one chart goes, in window pixels."""

    left: float
    bottom: float
    right: float
    top: float
    rounds: int
    top_value: int
    x_ticks: tuple[tuple[float, int], ...]  # (x, round)
    y_ticks: tuple[tuple[float, int], ...]  # (y, value)
    lines: tuple[tuple[Color, tuple[tuple[float, float], ...]], ...]
    width: float  # of a line
    marks: tuple[tuple[Color, tuple[float, float]], ...] = ()  # a death: an × on its line


def nice_step(top: float, ticks: int = MAX_TICKS) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50 … that splits 0..top into at most ``ticks`` steps."""
    if top <= ticks:
        return 1
    power = int(10 ** max(0, math.floor(math.log10(top / ticks))))
    for factor in (1, 2, 5, 10):
        if top / (factor * power) <= ticks:
            return factor * power
    return 10 * power


def layout_chart(
    lines: Sequence[Line], box: tuple[float, float, float, float], width: float = 2.0
) -> ChartLayout:
    """Scale ``lines`` into the plot box ``(left, bottom, right, top)``: x from round 0 to the
    last round, y from 0 to a round number above the highest value."""
    left, bottom, right, top = box
    rounds = max((len(line.values) - 1 for line in lines), default=0)
    highest = max((max(line.values) for line in lines if line.values), default=0)
    y_step = nice_step(max(1, highest))
    top_value = max(y_step, math.ceil(highest / y_step) * y_step)
    x_step = nice_step(max(1, rounds), 6)
    span_x = max(1, rounds)

    def x_of(r: float) -> float:
        return left + (right - left) * r / span_x

    def y_of(v: float) -> float:
        return bottom + (top - bottom) * v / top_value

    x_ticks = tuple((x_of(r), r) for r in range(0, rounds + 1, x_step))
    y_ticks = tuple((y_of(v), v) for v in range(0, top_value + 1, y_step))
    placed = []
    middle = (len(lines) - 1) / 2
    for k, line in enumerate(lines):
        shift = (k - middle) * width
        points = tuple(
            (x_of(r), min(top, max(bottom, y_of(v) + shift))) for r, v in enumerate(line.values)
        )
        placed.append((line.colour, points))
    marks = tuple(
        (line.colour, placed[k][1][r])
        for k, line in enumerate(lines)
        for r in line.marks
        if 0 <= r < len(placed[k][1])
    )
    return ChartLayout(
        left, bottom, right, top, rounds, top_value, x_ticks, y_ticks, tuple(placed), width, marks
    )


def chart_shapes(
    chart: ChartLayout, shapes: ShapeElementList[Shape] | None = None
) -> ShapeElementList[Shape]:
    """The plot's back, grid, axes and lines added to ``shapes`` (a new list if None): build
    it once per size, draw it every frame."""
    if shapes is None:
        shapes = ShapeElementList()
    cx, cy = (chart.left + chart.right) / 2, (chart.bottom + chart.top) / 2
    w, h = chart.right - chart.left, chart.top - chart.bottom
    pad = chart.width * 3
    shapes.append(create_rectangle_filled(cx, cy, w + 2 * pad, h + 2 * pad, PLOT_BACK))
    shapes.append(create_rectangle_outline(cx, cy, w + 2 * pad, h + 2 * pad, theme.PANEL_EDGE, 1))
    for y, _value in chart.y_ticks[1:]:
        shapes.append(create_line(chart.left, y, chart.right, y, GRID, 1))
    for x, _round in chart.x_ticks[1:]:
        shapes.append(create_line(x, chart.bottom, x, chart.top, GRID, 1))
    shapes.append(create_line(chart.left, chart.bottom, chart.right, chart.bottom, AXIS, 1))
    shapes.append(create_line(chart.left, chart.bottom, chart.left, chart.top, AXIS, 1))
    for colour, points in chart.lines:
        if len(points) > 1:
            shapes.append(create_line_strip(points, colour, chart.width))
        dots = points if len(points) <= 60 else points[-1:]
        for x, y in dots:  # round joins, and the last value marked
            radius = chart.width * (1.6 if (x, y) == points[-1] else 0.5)
            shapes.append(create_ellipse_filled(x, y, radius, radius, colour))
    arm = chart.width * 3
    for colour, (x, y) in chart.marks:  # DEATH-1: an × in the line's colour, outlined dark
        for dx in (arm, -arm):
            shapes.append(
                create_line(x - dx, y - arm, x + dx, y + arm, PLOT_BACK, chart.width * 2.4)
            )
            shapes.append(create_line(x - dx, y - arm, x + dx, y + arm, colour, chart.width))
    return shapes
