"""What the two screens with the Zone on them share: the game, its sectors by id, the map camera
and its drag (pan and zoom, MAP-2 geometry)."""

from __future__ import annotations

import arcade

from stalkerzone.client.app.base_view import GameView
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.render.map_camera import MapCamera, MapDrag


class MapScreen(GameView):
    """A screen that shows the Zone: the board and the layout screen."""

    def __init__(self, window: StalkerWindow) -> None:
        super().__init__(window)
        self.sectors = {s.id: s for s in self.session.sectors}
        self.camera = MapCamera(window)
        self.drag = MapDrag(self.camera)

    def fit_camera(self) -> None:
        """The whole laid-out Zone, centred in the map area (the first view and Home)."""

    def camera_key(self, symbol: int, step: float) -> bool:
        """+/− zoom, the arrow keys pan (``step`` pixels), Home shows the whole Zone; True if
        ``symbol`` was one."""
        keys = arcade.key
        if symbol == keys.HOME:
            self.fit_camera()
        elif symbol in (keys.PLUS, keys.EQUAL, keys.NUM_ADD):
            self.camera.zoom_by(1.2)
        elif symbol in (keys.MINUS, keys.NUM_SUBTRACT):
            self.camera.zoom_by(1 / 1.2)
        elif symbol in (keys.LEFT, keys.RIGHT, keys.UP, keys.DOWN):
            dx = {keys.LEFT: step, keys.RIGHT: -step}.get(symbol, 0)
            dy = {keys.DOWN: step, keys.UP: -step}.get(symbol, 0)
            self.camera.pan(dx, dy)
        else:
            return False
        return True
