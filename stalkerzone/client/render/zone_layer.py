"""Drawing the Zone: terrain, roads, sites and sector edges, built once per change.

:func:`zone_hexes` turns placements into world hexes (MAP-2 geometry from ``engine.zone.hexes``);
:class:`ZoneLayer` turns hexes into one ``ShapeElementList`` plus one text batch (never
``draw_text`` per frame). :class:`WorldTexture` renders that layer once per map or zoom change
into an offscreen texture in world space, drawn through the map camera (a pan moves it, never
renders it). :class:`StaticCache` holds the whole screen (map, HUD, buttons) and blits it while
nothing changes, so a still frame costs one copy.

Terrain is textured (:mod:`render.terrain`) and sites are printed-token badges with their Game
Icons glyph (:mod:`render.site_icons`), both drawn from mipmapped texture arrays by one shader
(:mod:`render.board_art`); roads, hex and sector edges are shapes on top of the terrain.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import arcade
import pyglet
from arcade.camera import Camera2D
from arcade.gl import BufferDescription
from arcade.shape_list import (
    Shape,
    ShapeElementList,
    create_ellipse_filled,
    create_line,
    create_line_strip,
    create_polygon,
)
from arcade.types import Color

from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.render.board_art import BoardArt, LayeredMesh
from stalkerzone.client.render.site_icons import add_badge
from stalkerzone.client.render.terrain import add_hex
from stalkerzone.client.widgets import theme
from stalkerzone.engine.zone import Hex, HexTile, Placement, Sector, Slot, neighbour, world_hex

HEX = 30.0  # world circumradius of a small hex
ROAD_DOT_SEGMENTS = 20  # a road's junction dot is a few pixels wide (arcade's default: 128)


@dataclass(frozen=True, slots=True)
class PlacedHex:
    """A small hex of a placed sector: its tile and the world sides its roads leave by."""

    tile: HexTile
    roads: frozenset[int]
    sector: str
    slot: Slot


def placement_hexes(placement: Placement, sector: Sector) -> dict[Hex, PlacedHex]:
    """World hexes of one placement (rotation turns local side ``k`` into ``k + rotation``)."""
    face = sector.faces[placement.face]
    out = {}
    for local, tile in face.hexes.items():
        where = world_hex(placement.slot, placement.rotation, local)
        roads = frozenset((k + placement.rotation) % 6 for k in tile.roads)
        out[where] = PlacedHex(tile, roads, sector.id, placement.slot)
    return out


def zone_hexes(
    placements: Iterable[Placement], sectors: Mapping[str, Sector]
) -> dict[Hex, PlacedHex]:
    out: dict[Hex, PlacedHex] = {}
    for p in placements:
        out.update(placement_hexes(p, sectors[p.sector]))
    return out


def centre(h: Hex) -> tuple[float, float]:
    return hexgeom.world(h.q, h.r, HEX)


def side_points(
    h: Hex, side: int, size: float = HEX, origin: tuple[float, float] = (0.0, 0.0)
) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two corners of side ``side`` of hex ``h`` (the side facing ``neighbour(h, side)``)."""
    n = neighbour(h, side)
    cx, cy = hexgeom.world(h.q, h.r, size)
    nx, ny = hexgeom.world(n.q, n.r, size)
    cx, cy, nx, ny = cx + origin[0], cy + origin[1], nx + origin[0], ny + origin[1]
    mx, my = (cx + nx) / 2, (cy + ny) / 2
    dx, dy = nx - cx, ny - cy
    length = math.hypot(dx, dy) or 1.0
    px_, py_ = -dy / length * size / 2, dx / length * size / 2
    return (mx + px_, my + py_), (mx - px_, my - py_)


def with_alpha(colour: Color, alpha: int) -> Color:
    return Color(colour.r, colour.g, colour.b, alpha)


# --- one layer of hexes ---------------------------------------------------------------------


class ZoneLayer:
    """Shapes and texts of a set of world hexes; rebuild with :meth:`build` when they change."""

    def __init__(self) -> None:
        self.size = HEX
        self.origin = (0.0, 0.0)
        self.shapes: ShapeElementList[Shape] = ShapeElementList()
        self.batch = pyglet.graphics.Batch()
        self.texts: list[arcade.Text] = []
        self.terrain = LayeredMesh()
        self.badges = LayeredMesh()

    def build(
        self,
        hexes: Mapping[Hex, PlacedHex],
        *,
        symbols: bool = True,
        alpha: int = 255,
        open_roads: bool = False,
        decorations: bool = True,
        size: float = HEX,
        origin: tuple[float, float] = (0.0, 0.0),
        append: bool = False,
    ) -> None:
        """Build shapes for ``hexes`` (world hex size ``size`` moved by ``origin``); with
        ``append`` add to what is there (thumbnails share one list). ``decorations`` textures
        the terrain (else flat colour); ``symbols`` (the colour-blind setting) gives the danger
        badges their "!" marks and pips, else their plain faces (site_icons.PLAIN_SITES)."""
        self.size = size
        self.origin = origin
        if append:
            self._build(hexes, symbols, alpha, open_roads, decorations)
            return
        self.shapes = ShapeElementList()
        self.batch = pyglet.graphics.Batch()
        self.texts = []
        self.terrain.clear()
        self.badges.clear()
        self._build(hexes, symbols, alpha, open_roads, decorations)

    def _c(self, h: Hex) -> tuple[float, float]:
        x, y = hexgeom.world(h.q, h.r, self.size)
        return x + self.origin[0], y + self.origin[1]

    def _build(
        self,
        hexes: Mapping[Hex, PlacedHex],
        symbols: bool,
        alpha: int,
        open_roads: bool,
        decorations: bool,
    ) -> None:
        add = self.shapes.append
        HEX = self.size  # the layer's hex size (thumbnails are smaller)
        for h, placed in hexes.items():
            x, y = self._c(h)
            if decorations:
                add_hex(self.terrain, placed.tile.terrain, x, y, HEX, self.origin, alpha / 255)
            else:
                colour = with_alpha(theme.TERRAIN[placed.tile.terrain], alpha)
                add(create_polygon(hexgeom.corners(x, y, HEX), colour))
        edge = with_alpha(theme.HEX_EDGE, min(alpha, theme.HEX_EDGE.a))
        for h in hexes:
            x, y = self._c(h)
            points = hexgeom.corners(x, y, HEX)
            add(create_line_strip([*points, points[0]], edge, 1))
        for h, placed in hexes.items():
            self._roads(h, placed, hexes, alpha, open_roads)
        for h, placed in hexes.items():
            self._sector_edges(h, placed, hexes, alpha)
        for h, placed in hexes.items():
            x, y = self._c(h)
            if placed.tile.site is not None:
                add_badge(self.badges, placed.tile.site, x, y, HEX, alpha / 255, symbols)

    def _roads(
        self,
        h: Hex,
        placed: PlacedHex,
        hexes: Mapping[Hex, PlacedHex],
        alpha: int,
        open_roads: bool,
    ) -> None:
        if not placed.roads:
            return
        x, y = self._c(h)
        under = with_alpha(theme.ROAD_EDGE, alpha)
        road = with_alpha(theme.ROAD, alpha)
        for side in placed.roads:
            nx, ny = self._c(neighbour(h, side))
            mx, my = (x + nx) / 2, (y + ny) / 2
            self.shapes.append(create_line(x, y, mx, my, under, self.size * 0.34))
        self.shapes.append(
            create_ellipse_filled(
                x, y, self.size * 0.34, self.size * 0.34, under, num_segments=ROAD_DOT_SEGMENTS
            )
        )
        for side in placed.roads:
            nx, ny = self._c(neighbour(h, side))
            mx, my = (x + nx) / 2, (y + ny) / 2
            self.shapes.append(create_line(x, y, mx, my, road, self.size * 0.2))
            if open_roads and neighbour(h, side) not in hexes:
                # A road that leads into empty space: the next sector must bring a road here.
                self.shapes.append(
                    create_ellipse_filled(
                        mx,
                        my,
                        self.size * 0.2,
                        self.size * 0.2,
                        with_alpha(theme.ACCENT, alpha),
                        num_segments=ROAD_DOT_SEGMENTS,
                    )
                )
        self.shapes.append(
            create_ellipse_filled(
                x, y, self.size * 0.1, self.size * 0.1, road, num_segments=ROAD_DOT_SEGMENTS
            )
        )

    def _sector_edges(
        self, h: Hex, placed: PlacedHex, hexes: Mapping[Hex, PlacedHex], alpha: int
    ) -> None:
        for side in range(6):
            other = hexes.get(neighbour(h, side))
            if other is not None and other.slot == placed.slot:
                continue
            (ax, ay), (bx, by) = side_points(h, side, self.size, self.origin)
            self.shapes.append(create_line(ax, ay, bx, by, with_alpha(theme.SECTOR_EDGE, alpha), 3))

    def draw(self) -> None:
        """Terrain, then roads and edges, then the site badges."""
        art = BoardArt.current() if self.terrain.data or self.badges.data else None
        if art is not None:
            self.terrain.draw(art, art.terrain, detail=0.35)
        self.shapes.draw()
        if art is not None:
            self.badges.draw(art, art.badges)
        self.batch.draw()


# --- the offscreen cache --------------------------------------------------------------------


class StaticCache:
    """The static screen rendered once into an offscreen framebuffer and blitted every frame.

    ``draw(key, render)`` re-renders only when ``key`` (map version, widgets, window size)
    changes; otherwise a still frame costs one framebuffer copy. While ``part_key`` (the camera)
    changes from frame to frame, the part (the map area) is drawn straight onto the screen and
    the rest is blitted around it, so every pixel is written once; once it stays put for a frame,
    the part is drawn into the cache again and still frames are one copy again.
    """

    def __init__(self, window: arcade.Window) -> None:
        self.window = window
        self.key: object = None
        self.part_key: object = None  # the part key the cached part was drawn with
        self.seen_part_key: object = None  # the part key of the previous frame
        self.fbo: Any = None
        self.size: tuple[int, int] = (0, 0)

    def invalidate(self) -> None:
        self.key = None
        self.part_key = None

    def draw(
        self,
        key: object,
        render: Callable[[], None],
        clear: Color,
        part_key: object = None,
        render_part: Callable[[], None] | None = None,
        part_rect: tuple[int, int, int, int] | None = None,
    ) -> None:
        """Blit the cached layer, rendering it again first if ``key`` changed; if only
        ``part_key`` changed (the camera moved), only ``render_part`` runs (the map area, whose
        window rectangle ``part_rect`` is left, bottom, width, height), the rest of the cached
        layer (HUD, buttons) stays as it was."""
        ctx = self.window.ctx
        size = self.window.get_framebuffer_size()
        if self.fbo is None or self.size != size:
            texture = ctx.texture(size, components=4)
            self.fbo = ctx.framebuffer(color_attachments=[texture])
            self.size = size
            self.key = None
        target = ctx.active_framebuffer
        moving = part_key != self.seen_part_key
        self.seen_part_key = part_key
        if key != self.key:
            with self.fbo.activate():
                self.fbo.clear(color=clear)
                render()
            self.key = key
            self.part_key = part_key
        elif part_key != self.part_key and render_part is not None:
            if moving and part_rect is not None:
                self._blit_around(target, part_rect)
                target.use(force=True)
                render_part()
                return
            with self.fbo.activate():
                render_part()
            self.part_key = part_key
        ctx.copy_framebuffer(self.fbo, target, depth=False)
        # The blit leaves the cache bound for reading: bind the target again for both reading
        # and drawing, or a later read (screenshots, tests) would see the cache.
        target.use(force=True)

    def _blit_around(self, target: Any, rect: tuple[int, int, int, int]) -> None:
        """Copy the cache to ``target`` except the window rectangle ``rect``."""
        from pyglet import gl

        width, height = self.size
        ratio = width / max(1, self.window.width)
        left, bottom = round(rect[0] * ratio), round(rect[1] * ratio)
        right, top = left + round(rect[2] * ratio), bottom + round(rect[3] * ratio)
        gl.glBindFramebuffer(gl.GL_READ_FRAMEBUFFER, self.fbo.glo)
        gl.glBindFramebuffer(gl.GL_DRAW_FRAMEBUFFER, target.glo)
        gl.glReadBuffer(gl.GL_COLOR_ATTACHMENT0)
        gl.glDrawBuffer(gl.GL_BACK if target.is_default else gl.GL_COLOR_ATTACHMENT0)
        for x0, y0, x1, y1 in (
            (0, 0, width, bottom),  # below
            (0, top, width, height),  # above
            (0, bottom, left, top),  # left
            (right, bottom, width, top),  # right
        ):
            if x1 > x0 and y1 > y0:
                gl.glBlitFramebuffer(
                    x0, y0, x1, y1, x0, y0, x1, y1, gl.GL_COLOR_BUFFER_BIT, gl.GL_NEAREST
                )


_QUAD_VS = """#version 330
uniform WindowBlock { mat4 projection; mat4 view; } window;
in vec2 in_vert;
in vec2 in_uv;
out vec2 v_uv;
void main() {
    gl_Position = window.projection * window.view * vec4(in_vert, 0.0, 1.0);
    v_uv = in_uv;
}
"""
_QUAD_FS = """#version 330
uniform sampler2D tex;
in vec2 v_uv;
out vec4 colour;
void main() { colour = texture(tex, v_uv); }
"""

Rect = tuple[float, float, float, float]  # world left, bottom, right, top


class WorldTexture:
    """The static Zone rendered once, in WORLD space, into an offscreen texture; every frame
    (still or panning) draws that one texture through the map camera.

    The texture is rendered at the camera's zoom (one texel per screen pixel, so the picture is
    as sharp as drawing the shapes), covering the whole Zone plus half a view on every side, so
    any camera position the clamp allows shows only texture. Panning moves the quad, never
    renders. It is rendered again when the content key changes, when the zoom has changed and
    stayed put for a frame (while the zoom keeps changing, the old texture is drawn scaled), or
    when the view leaves the rendered part (at high zoom only a window around the view is
    rendered, to keep the texture small).
    """

    MAX_SIDE = 4096
    MAX_PIXELS = 6_000_000

    def __init__(self, window: arcade.Window) -> None:
        self.window = window
        self.ctx = window.ctx
        self.key: object = None
        self.zoom = 0.0  # the zoom the texture was rendered at
        self.region: Rect = (0.0, 0.0, 0.0, 0.0)
        self.fbo: Any = None
        self.texture: Any = None
        self.last_zoom = 0.0  # the camera zoom seen at the previous frame
        self.renders = 0
        self.program = self.ctx.program(vertex_shader=_QUAD_VS, fragment_shader=_QUAD_FS)
        self.buffer = self.ctx.buffer(reserve=16 * 4)
        self.geometry = self.ctx.geometry(
            [BufferDescription(self.buffer, "2f 2f", ["in_vert", "in_uv"])],
            mode=self.ctx.TRIANGLE_STRIP,
        )

    def invalidate(self) -> None:
        self.key = None

    @staticmethod
    def covers(outer: Rect, inner: Rect) -> bool:
        return (
            outer[0] <= inner[0]
            and outer[1] <= inner[1]
            and outer[2] >= inner[2]
            and outer[3] >= inner[3]
        )

    def update(
        self,
        key: object,
        zone: Rect,
        centre: tuple[float, float],
        zoom: float,
        view_size: tuple[float, float],
        render: Callable[[], None],
        clear: Color,
    ) -> bool:
        """Render again if needed; ``zone`` is the world rectangle of the content, ``centre``
        and ``zoom`` the camera's, ``view_size`` the map area in screen pixels. Returns whether
        it rendered."""
        half_w, half_h = view_size[0] / 2 / zoom, view_size[1] / 2 / zoom
        view = (centre[0] - half_w, centre[1] - half_h, centre[0] + half_w, centre[1] + half_h)
        zoom_settled = zoom == self.last_zoom
        self.last_zoom = zoom
        if (
            key == self.key
            and self.covers(self.region, view)
            and (zoom == self.zoom or not zoom_settled)
        ):
            return False
        self._render(key, zone, view, zoom, render, clear)
        return True

    def _render(
        self,
        key: object,
        zone: Rect,
        view: Rect,
        zoom: float,
        render: Callable[[], None],
        clear: Color,
    ) -> None:
        half_w, half_h = (view[2] - view[0]) / 2, (view[3] - view[1]) / 2
        # everything the clamped camera can show: the Zone plus half a view on every side
        left, bottom = min(zone[0] - half_w, view[0]), min(zone[1] - half_h, view[1])
        right, top = max(zone[2] + half_w, view[2]), max(zone[3] + half_h, view[3])
        width, height = math.ceil((right - left) * zoom), math.ceil((top - bottom) * zoom)
        if width > self.MAX_SIDE or height > self.MAX_SIDE or width * height > self.MAX_PIXELS:
            # zoomed in far: a window around the view (twice its size), clipped to the extent
            side = min(self.MAX_SIDE, int(math.sqrt(self.MAX_PIXELS)))
            want_w = min(width, max(side, math.ceil((view[2] - view[0]) * zoom * 2)))
            want_h = min(height, max(side, math.ceil((view[3] - view[1]) * zoom * 2)))
            cx, cy = (view[0] + view[2]) / 2, (view[1] + view[3]) / 2
            half_ww, half_wh = want_w / zoom / 2, want_h / zoom / 2
            cx = min(max(cx, left + half_ww), right - half_ww)
            cy = min(max(cy, bottom + half_wh), top - half_wh)
            left, bottom = cx - half_ww, cy - half_wh
            width, height = want_w, want_h
        size = (max(1, width), max(1, height))
        if self.texture is None or self.texture.size != size:
            self.texture = self.ctx.texture(size, components=4)
            self.fbo = self.ctx.framebuffer(color_attachments=[self.texture])
        right, top = left + size[0] / zoom, bottom + size[1] / zoom
        camera = Camera2D(
            viewport=arcade.LBWH(0, 0, *size),
            projection=arcade.LRBT(-size[0] / 2, size[0] / 2, -size[1] / 2, size[1] / 2),
            position=((left + right) / 2, (bottom + top) / 2),
            zoom=zoom,
            render_target=self.fbo,
            window=self.window,
        )
        with self.fbo.activate():
            self.fbo.clear(color=clear)
            with camera.activate():
                render()
        self.region = (left, bottom, right, top)
        self.zoom = zoom
        self.key = key
        self.renders += 1
        self.buffer.write(
            array("f", [left, bottom, 0, 0, right, bottom, 1, 0, left, top, 0, 1, right, top, 1, 1])
        )

    def draw(self, zoom: float) -> None:
        """Draw the texture in world space (call inside the map camera). Texel for pixel at the
        rendered zoom (nearest: sharp at any sub-pixel pan); smoothed while shown scaled."""
        if self.texture is None:
            return
        nearest = abs(zoom - self.zoom) < 1e-9
        f = self.ctx.NEAREST if nearest else self.ctx.LINEAR
        self.texture.filter = f, f
        self.texture.use(0)
        self.ctx.disable(self.ctx.BLEND)  # type: ignore[no-untyped-call]  # opaque: no blending
        self.geometry.render(self.program)
        self.ctx.enable(self.ctx.BLEND)
