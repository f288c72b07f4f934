"""The map camera: ``Camera2D`` with pan (drag, arrows), zoom (wheel, +/−), kept on the Zone.

Picking goes through ``camera.unproject`` and cube rounding (``hexgeom.pick``), never hit boxes.
The camera can cover only part of the window (the layout tray and the HUD sit beside it).
"""

from __future__ import annotations

from typing import Any

import arcade
from arcade.camera import Camera2D
from arcade.types import LBWH

from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.engine.zone import Hex

MIN_ZOOM, MAX_ZOOM = 0.35, 3.0


class MapCamera:
    def __init__(self, window: arcade.Window) -> None:
        self.window = window
        self.camera = Camera2D(window=window)
        self.bounds = (-100.0, 100.0, -100.0, 100.0)  # world left, right, bottom, top
        self.area = (0, 0, window.width, window.height)  # screen viewport l, b, w, h
        self.min_zoom = MIN_ZOOM  # lower when the whole Zone needs it (see fit)

    def set_area(self, left: int, bottom: int, width: int, height: int) -> None:
        """The part of the window the map uses (viewport in window pixels)."""
        self.area = (left, bottom, max(1, width), max(1, height))
        zoom = self.camera.zoom
        self.camera.zoom = 1.0  # Camera2D.projection is stored scaled by the zoom of the moment
        self.camera.match_window()
        self.camera.viewport = LBWH(left, bottom, max(1, width), max(1, height))
        self.camera.projection = LBWH(-width / 2, -height / 2, max(1, width), max(1, height))
        self.camera.zoom = zoom
        self.clamp()

    def set_bounds(self, left: float, right: float, bottom: float, top: float) -> None:
        self.bounds = (left, right, bottom, top)
        self.clamp()

    def fit(self, margin: float = 40.0) -> None:
        """Zoom and centre so the whole of ``bounds`` and ``margin`` world units around it show
        in the map area, centred in it. A Zone too big for :data:`MIN_ZOOM` in a small area is
        shown whole all the same: the wheel then zooms out as far as this fit."""
        left, right, bottom, top = self.bounds
        _l, _b, width, height = self.area
        zoom = min(
            width / max(1.0, right - left + 2 * margin),
            height / max(1.0, top - bottom + 2 * margin),
        )
        zoom = min(MAX_ZOOM, zoom)
        self.min_zoom = min(MIN_ZOOM, zoom)
        self.camera.zoom = zoom
        self.camera.position = ((left + right) / 2, (bottom + top) / 2)

    def show(self, zoom: float, centre: tuple[float, float]) -> None:
        """Zoom and centre as a fit found them (the wheel then zooms out as far as ``zoom``)."""
        zoom = min(MAX_ZOOM, zoom)
        self.min_zoom = min(MIN_ZOOM, zoom)
        self.camera.zoom = zoom
        self.camera.position = centre

    @property
    def zoom(self) -> float:
        return float(self.camera.zoom)

    @property
    def position(self) -> tuple[float, float]:
        x, y = self.camera.position
        return float(x), float(y)

    def key(self) -> tuple[float, ...]:
        """What a cached render of the map depends on."""
        return (*self.position, self.zoom, *self.area)

    def pan(self, dx_screen: float, dy_screen: float) -> None:
        """Move the view by a drag of (dx, dy) window pixels."""
        x, y = self.camera.position
        z = self.camera.zoom
        self.camera.position = (x - dx_screen / z, y - dy_screen / z)
        self.clamp()

    def zoom_by(self, factor: float, around: tuple[float, float] | None = None) -> None:
        """Zoom, keeping the world point under ``around`` (window pixels) in place."""
        old = self.camera.zoom
        new = max(self.min_zoom, min(MAX_ZOOM, old * factor))
        if around is not None:
            wx, wy = self.to_world(*around)
            self.camera.zoom = new
            ax, ay = self.to_world(*around)
            x, y = self.camera.position
            self.camera.position = (x + wx - ax, y + wy - ay)
        else:
            self.camera.zoom = new
        self.clamp()

    def clamp(self) -> None:
        """Keep the centre of the view over the Zone."""
        left, right, bottom, top = self.bounds
        x, y = self.camera.position
        self.camera.position = (min(max(x, left), right), min(max(y, bottom), top))

    def inside(self, x: float, y: float) -> bool:
        left, bottom, width, height = self.area
        return bool(left <= x < left + width and bottom <= y < bottom + height)

    def to_world(self, x: float, y: float) -> tuple[float, float]:
        point = self.camera.unproject((x, y))
        return float(point[0]), float(point[1])

    def to_screen(self, wx: float, wy: float) -> tuple[float, float]:
        point = self.camera.project((wx, wy))
        return float(point[0]), float(point[1])

    def hex_at(self, x: float, y: float, size: float) -> Hex:
        wx, wy = self.to_world(x, y)
        q, r = hexgeom.pick(wx, wy, size)
        return Hex(q, r)

    def activate(self) -> Any:
        """``with camera.activate():`` draws in world coordinates (then restores the camera)."""
        return self.camera.activate()


class MapDrag:
    """Press, drag, release on the map: a drag pans the camera; a release without one is a click."""

    THRESHOLD = 5  # pixels the mouse may wander before a press becomes a drag

    def __init__(self, camera: MapCamera) -> None:
        self.camera = camera
        self.start: tuple[float, float] | None = None
        self.dragged = False

    def press(self, x: float, y: float) -> None:
        self.start = (x, y)
        self.dragged = False

    def drag(self, x: float, y: float, dx: float, dy: float) -> None:
        if self.start is None:
            return
        if abs(x - self.start[0]) + abs(y - self.start[1]) > self.THRESHOLD:
            self.dragged = True
        if self.dragged:
            self.camera.pan(dx, dy)

    def release(self) -> bool:
        """End the gesture; True when it was a click (pressed on the map, not dragged)."""
        click = self.start is not None and not self.dragged
        self.start = None
        self.dragged = False
        return click
