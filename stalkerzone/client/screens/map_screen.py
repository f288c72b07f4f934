"""What the two screens with the Zone on them share: the game, its sectors by id, the map camera
and its drag (pan and zoom, MAP-2 geometry)."""

from __future__ import annotations

from stalkerzone.client.app.window import BaseView, StalkerWindow
from stalkerzone.client.render.map_camera import MapCamera, MapDrag


class MapScreen(BaseView):
    """A screen that shows the Zone: the board and the layout screen."""

    def __init__(self, window: StalkerWindow) -> None:
        super().__init__(window)
        self.session = self.app.game()
        self.sectors = {s.id: s for s in self.session.sectors}
        self.camera = MapCamera(window)
        self.drag = MapDrag(self.camera)
