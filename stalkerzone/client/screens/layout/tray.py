"""The layout screen's tray: the sectors still to place, both faces of each as a thumbnail."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stalkerzone.client.render.zone_layer import ZoneLayer, placement_hexes
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import theme
from stalkerzone.engine.zone import Placement

if TYPE_CHECKING:
    from stalkerzone.client.screens.layout.screen import LayoutView

THUMB = 9.0  # hex size of tray thumbnails


def build_tray(view: LayoutView) -> None:
    """The tray of sectors still to place, both faces each, as thumbnails (TURN-4)."""
    h = view.window.height
    px = theme.px
    view.tray_layer = ZoneLayer()
    view.tray_boxes = []
    remaining = view.remaining()
    placeable = view.placeable()
    top = h - px(72)
    size = THUMB * theme.scale()
    box_w = (view.tray_w - px(24)) / 2
    row_h = size * 8.4 + px(34)
    rows = max(1, (len(remaining) + 1) // 2)
    available = top - view.check_box[3] - px(10)
    if rows * row_h > available:  # small windows: smaller thumbnails, same label room
        size = max(4.0, (available / rows - px(34)) / 8.4)
        row_h = size * 8.4 + px(34)
    for index, sid in enumerate(remaining):
        sector = view.sectors[sid]
        col, row = index % 2, index // 2
        left = px(12) + col * box_w
        y_top = top - row * row_h
        view.label(
            i18n.card_text(sector.name),
            left + box_w / 2,
            y_top - px(14),
            11,
            theme.TEXT if sid in placeable or not placeable else theme.TEXT_DIM,
            anchor_x="center",
        )
        for k, face in enumerate(("a", "b")):
            cx = left + box_w * (0.27 + 0.46 * k)
            cy = y_top - px(22) - size * 4.1
            hexes = placement_hexes(Placement(sid, face, 0, (0, 0)), sector)
            view.tray_layer.build(
                hexes,
                symbols=view.app.settings.colour_blind_symbols,
                decorations=False,
                size=size,
                origin=(cx, cy),
                append=bool(view.tray_boxes),
            )
            half = size * 4.3
            view.tray_boxes.append((sid, face, (cx - half, cx + half, cy - half, cy + half)))


def tray_hit(view: LayoutView, x: float, y: float) -> tuple[str, str] | None:
    """The (sector, face) thumbnail under (x, y), if any."""
    for sid, face, (left, right, bottom, top) in view.tray_boxes:
        if left <= x <= right and bottom <= y <= top:
            return sid, face
    return None
