"""The layout screen's tray: the sectors still to place, both faces of each as a thumbnail."""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade
from pyglet.math import Mat4, Vec3

from stalkerzone.client.render.board_art import BoardArt
from stalkerzone.client.render.zone_layer import ZoneLayer, placement_hexes
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import theme
from stalkerzone.engine.zone import Placement

if TYPE_CHECKING:
    from stalkerzone.client.screens.layout.screen import LayoutView

THUMB = 9.0  # hex size of tray thumbnails
THUMB_MOST = 18.0  # hex size of the thumbnails of the last sectors, one sector a row


class TrayThumbnails:
    """The tray's thumbnails, each sector face built once (at the origin) and drawn moved to
    its box: placing a sector, which moves the others up the tray, builds none again."""

    def __init__(self) -> None:
        self.built: dict[tuple[str, str, int, float, bool], ZoneLayer] = {}
        # what each box shows: sector, face, hex size, box centre, the thumbnail (turned as
        # the sector in hand is turned: R/Shift+R, MAP-4)
        self.shown: list[tuple[str, str, float, float, float, ZoneLayer]] = []
        self.turned_for: tuple[str | None, int] = (None, 0)  # the hand :meth:`turn` last showed

    def begin(self) -> None:
        self.shown = []

    def layer(self, view: LayoutView, sid: str, face: str, rotation: int, size: float) -> ZoneLayer:
        """The thumbnail of ``sid``'s ``face`` turned ``rotation`` sixths at hex size ``size``,
        built the first time it is asked for."""
        symbols = view.app.settings.colour_blind_symbols
        key = (sid, face, rotation, size, symbols)
        layer = self.built.get(key)
        if layer is None:
            layer = self.built[key] = ZoneLayer()
            hexes = placement_hexes(Placement(sid, face, rotation, (0, 0)), view.sectors[sid])
            layer.build(hexes, symbols=symbols, decorations=False, size=size)
        return layer

    def add(self, sid: str, face: str, view: LayoutView, size: float, x: float, y: float) -> None:
        """Show the thumbnail of ``sid``'s ``face`` at hex size ``size`` centred on (x, y)."""
        rotation = view.rotation if sid == view.selected else 0
        self.turned_for = (view.selected, view.rotation)
        self.shown.append((sid, face, size, x, y, self.layer(view, sid, face, rotation, size)))

    def turn(self, view: LayoutView) -> None:
        """The sector in hand shown turned as it would be laid, the others as dealt (nothing
        to do while the hand is as when last shown)."""
        hand = (view.selected, view.rotation)
        if hand == self.turned_for and self.shown:
            return
        self.turned_for = hand
        for k, (sid, face, size, x, y, _layer) in enumerate(self.shown):
            rotation = view.rotation if sid == view.selected else 0
            self.shown[k] = (sid, face, size, x, y, self.layer(view, sid, face, rotation, size))

    def end(self) -> None:
        """Let go of the thumbnails no longer shown (a placed sector, another size)."""
        shown = {id(entry[-1]) for entry in self.shown}
        self.built = {k: layer for k, layer in self.built.items() if id(layer) in shown}

    def draw(self, ctx: arcade.ArcadeContext) -> None:
        """As one layer: every thumbnail's hexes and roads, then the badges over all of them (a
        badge at a thumbnail's edge reaches over its neighbour), then the texts."""
        art = BoardArt.current() if any(e[-1].badges.data for e in self.shown) else None
        view = ctx.view_matrix
        try:
            for step in ("shapes", "badges", "texts"):
                for _sid, _face, _size, x, y, layer in self.shown:
                    ctx.view_matrix = view @ Mat4.from_translation(Vec3(x, y, 0))
                    if step == "shapes":
                        layer.shapes.draw()
                    elif step == "badges" and art is not None:
                        layer.badges.draw(art, art.badges)
                    elif step == "texts" and layer.texts:
                        layer.batch.draw()
        finally:
            ctx.view_matrix = view


def build_tray(view: LayoutView) -> None:
    """The tray of sectors still to place, both faces each, as thumbnails (TURN-4)."""
    h = view.window.height
    px = theme.px
    view.tray.begin()
    view.tray_boxes = []
    remaining = view.remaining()
    placeable = view.placeable()
    top = h - px(72)
    available = top - view.check_box[3] - px(10)
    cols, size = tray_grid(len(remaining), view.tray_w - px(24), available)
    box_w = (view.tray_w - px(24)) / cols
    rows = -(-len(remaining) // cols)
    floor = view.check_box[3] + px(10)
    band = top - rows * (size * 8.4 + px(34)) - floor
    band -= how_to_lay(view, band, floor)
    row_h = size * 8.4 + px(34) + min(px(40), max(0.0, band) / max(1, rows))  # rows spread
    for index, sid in enumerate(remaining):
        sector = view.sectors[sid]
        col, row = index % cols, index // cols
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
            view.tray.add(sid, face, view, size, cx, cy)
            half = size * 4.3
            view.tray_boxes.append((sid, face, (cx - half, cx + half, cy - half, cy + half)))
    view.tray.end()


def how_to_lay(view: LayoutView, band: float, bottom: float) -> float:
    """TURN-4, MAP-3 … MAP-5 in short over the checklist, when the ``band`` of pixels the
    tray's rows leave above ``bottom`` holds them whole (the last sectors leave room); the
    height they take (0 when not shown)."""
    px = theme.px
    if band < px(60):
        return 0.0
    text = view.label(
        i18n.t("layout.how_to_lay"),
        px(24),
        bottom,
        11,
        theme.TEXT_DIM,
        anchor_y="top",
        width=int(view.tray_w - px(48)),
        multiline=True,
    )
    height = text.content_height + px(8)
    if height > band:
        text.text = " "  # no room for the whole: none of it
        return 0.0
    text.y = bottom + text.content_height
    return height


def tray_grid(count: int, width: float, height: float) -> tuple[int, float]:
    """Columns and thumbnail hex size for ``count`` sectors in a tray ``width`` × ``height``
    pixels: two sectors a row at ``THUMB`` (smaller when the rows do not fit), or one sector a
    row with larger thumbnails (up to ``THUMB_MOST``) once few are left and the tray has room,
    so the tray fills its column."""
    px = theme.px
    label = px(34)  # a sector's name over its two faces

    def by_height(rows: int) -> float:
        return (height / max(1, rows) - label) / 8.4

    two = max(4.0, min(THUMB * theme.scale(), by_height((count + 1) // 2)))
    one = min(width * 0.43 / 8.6, by_height(count), THUMB_MOST * theme.scale())  # a gap between
    return (1, one) if one > two else (2, two)


def tray_hit(view: LayoutView, x: float, y: float) -> tuple[str, str] | None:
    """The (sector, face) thumbnail under (x, y), if any."""
    for sid, face, (left, right, bottom, top) in view.tray_boxes:
        if left <= x <= right and bottom <= y <= top:
            return sid, face
    return None
