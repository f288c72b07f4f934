"""The map legend (L or the button on the board): every symbol and colour of the board, drawn
by the board's own renderers (the Zone layer's terrains, roads and site badges with the danger
marks, the reachable tint, the path, a stalker token, the loot sacks), each with its meaning
(MAP-1, TURN-2, ANOM-1, EVENT-1, BASE-1, DEATH-1, WIN-1). :func:`legend_entries` says what is
shown; :class:`Legend` lays it out in two columns over the map and draws it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import arcade
import pyglet
from arcade.shape_list import Shape, ShapeElementList, create_line, create_polygon

from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.render import shapes
from stalkerzone.client.render.fonts import FONT
from stalkerzone.client.render.loot_marks import OTHER, OWN, bag
from stalkerzone.client.render.tokens import TokenFaces
from stalkerzone.client.render.zone_layer import PlacedHex, ZoneLayer
from stalkerzone.client.text import i18n
from stalkerzone.client.text.card_words import site_name
from stalkerzone.client.widgets import text_fit, theme
from stalkerzone.client.widgets.overlays import Overlay
from stalkerzone.engine.core import DANGER_COLOUR, Site, Terrain, Variant
from stalkerzone.engine.zone import Hex, HexTile

if TYPE_CHECKING:
    from stalkerzone.client.app.base_view import BaseView

Box = tuple[float, float, float, float]  # left, right, bottom, top
Sample = Literal["hex", "road", "reach", "path", "token", "loot"]
ROW = 44  # one entry's height (UI units)
HEX_R = 17  # a sample hex's radius (UI units)
SLOT = (0, 0)  # the sample hexes' slot (no sector edge between them matters)
TEXT_SIZE = 12  # an entry's text size (UI units), the same for every entry
LINE_HEIGHT = 1.4  # a text line's height in font sizes (the font's ascent and descent)


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of the legend: what is drawn (a sample hex with ``terrain`` and ``site``, or
    another sample) and its name and meaning in the player's language."""

    sample: Sample
    name: str
    meaning: str
    terrain: Terrain = Terrain.OPEN
    site: Site | None = None


def _terrain_meaning(variant: Variant, terrain: Terrain) -> str:
    cost = variant.terrain_cost.get(terrain)
    if cost is None:
        return i18n.t("legend.impassable")
    return i18n.t("legend.costs", n=cost)


def legend_entries(variant: Variant, symbols: bool = True) -> list[Entry]:
    """Every symbol and colour of the board, terrains first, then roads, sites, what the
    board marks (reach, path), tokens and loot."""
    entries = [
        Entry("hex", i18n.t(f"legend.terrain_{t.value}"), _terrain_meaning(variant, t), t)
        for t in Terrain
    ]
    road = i18n.t("legend.costs", n=variant.road_cost)
    entries.append(Entry("road", i18n.t("legend.road"), road))
    for base in (Site.VILLAGE, Site.MILITARY_BASE, Site.LABORATORY):
        rep = variant.reputation_needed(base)
        entries.append(Entry("hex", site_name(base), i18n.t("legend.base", n=rep), site=base))
    entries.append(
        Entry(
            "hex",
            site_name(Site.EPICENTER),
            i18n.t("legend.epicenter", n=variant.elements_required),
            site=Site.EPICENTER,
        )
    )
    marks = {Site.DANGER_GREEN: "!", Site.DANGER_YELLOW: "!!", Site.DANGER_RED: "!!!"}
    for danger in DANGER_COLOUR:
        name = site_name(danger)
        name = name[:1].upper() + name[1:]
        if symbols:
            name = f"{marks[danger]}  {name}"
        entries.append(Entry("hex", name, i18n.t(f"legend.{danger.value}"), site=danger))
    entries.append(
        Entry("hex", site_name(Site.ANOMALY), i18n.t("legend.anomaly"), site=Site.ANOMALY)
    )
    event = site_name(Site.EVENT)
    entries.append(
        Entry("hex", f"?  {event[:1].upper()}{event[1:]}", i18n.t("legend.event"), site=Site.EVENT)
    )
    entries += [
        Entry("reach", i18n.t("legend.reach"), i18n.t("legend.reach_meaning")),
        Entry("path", i18n.t("legend.path"), i18n.t("legend.path_meaning")),
        Entry("token", i18n.t("legend.token"), i18n.t("legend.token_meaning")),
        Entry("loot", i18n.t("legend.loot"), i18n.t("legend.loot_meaning")),
    ]
    return entries


def common_size(lines: list[str], room: float, row: float) -> float:
    """One UI size for every entry's line (none set smaller than its neighbours): the largest
    up to :data:`TEXT_SIZE` at which each wraps into at most two lines of ``room`` pixels that
    fit the ``row``'s height (down to the smallest size a text shrinks to)."""
    size = float(TEXT_SIZE)
    smallest = TEXT_SIZE * text_fit.SMALLEST
    while size > smallest:
        most = max(text_fit.wrap_words(words, room, size).count("\n") + 1 for words in lines)
        if most <= 2 and most * theme.px(size) * LINE_HEIGHT <= row:
            break
        size -= 0.5
    return size


class Legend(Overlay):
    """The legend over ``view``'s map area (``area``: left, right, bottom, top in pixels)."""

    def __init__(self, view: BaseView, area: Callable[[], Box]) -> None:
        self.view = view
        self.area = area  # where the map is now
        self.open = False
        self.layer = ZoneLayer()
        self.shapes: ShapeElementList[Shape] = ShapeElementList()
        self.batch = pyglet.graphics.Batch()
        self.texts: list[arcade.Text] = []
        self.box = (0.0, 0.0, 0.0, 0.0)
        self.faces = TokenFaces()  # the token sample's picture, made once with the legend
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()

    def toggle(self) -> None:
        self.open = not self.open
        if self.open:
            self.build()

    def key(self, symbol: int) -> bool:
        if symbol != arcade.key.L:
            return False
        self.toggle()
        return True

    def showing(self) -> bool:
        return self.open

    def escape(self) -> bool:
        if not self.open:
            return False
        self.open = False
        return True

    def build(self) -> None:
        if not self.open:
            return
        session = self.view.session
        if session is None:
            return
        symbols = self.view.app.settings.colour_blind_symbols
        entries = legend_entries(session.state.variant, symbols)
        px = theme.px
        left, right, bottom, top = self.area()
        rows = (len(entries) + 1) // 2
        width = min(right - left - px(16), px(940))
        height = min(top - bottom - px(16), px(ROW) * rows + px(56))
        row = (height - px(56)) / rows
        box_left = left + (right - left - width) / 2
        box_top = top - (top - bottom - height) / 2
        self.box = (box_left, box_left + width, box_top - height, box_top)
        self.batch = pyglet.graphics.Batch()
        self.texts = []
        self.shapes = ShapeElementList()
        self.sprites = arcade.SpriteList()
        title = i18n.t("legend.title")
        self._text(title, box_left + px(16), box_top - px(30), 15, theme.ACCENT, bold=True)
        column = (width - px(16)) / 2
        size = min(float(HEX_R), row / theme.scale() * 0.42)
        room = column - px(size) * 2 - px(14) - px(12)  # right of the sample, in its column
        lines = [f"{e.name[:1].upper()}{e.name[1:]} — {e.meaning}" for e in entries]
        text_size = common_size(lines, room, row)
        placed: list[tuple[Entry, float, float]] = []
        for k, (entry, words) in enumerate(zip(entries, lines, strict=True)):
            col, line = divmod(k, rows)
            x = box_left + px(16) + col * column + px(size)
            y = box_top - px(48) - line * row - row / 2
            placed.append((entry, x, y))
            wrapped = text_fit.wrap_words(words, room, text_size)
            self._text(
                wrapped,
                x + px(size) + px(14),
                y,
                text_size,
                theme.TEXT,
                width=int(room),
                centre=True,
            )
        self.layer = ZoneLayer()
        for entry, x, y in placed:
            self.add_sample(entry, x, y, px(size), symbols)

    def add_sample(self, entry: Entry, x: float, y: float, r: float, symbols: bool) -> None:
        """The entry's sample drawn as the board draws it, centred at (x, y) with radius r."""
        corners = hexgeom.corners(x, y, r)
        if entry.sample in ("hex", "road"):
            roads = frozenset({0, 3}) if entry.sample == "road" else frozenset()
            tile = HexTile(entry.terrain, entry.site, roads)
            one = {Hex(0, 0): PlacedHex(tile, roads, "legend", SLOT)}
            self.layer.build(one, symbols=symbols, size=r, origin=(x, y), append=True)
            return
        base = HexTile(Terrain.OPEN, None, frozenset())
        self.layer.build(
            {Hex(0, 0): PlacedHex(base, frozenset(), "legend", SLOT)},
            symbols=symbols,
            size=r,
            origin=(x, y),
            append=True,
        )
        if entry.sample == "reach":
            self.shapes.append(create_polygon(hexgeom.corners(x, y, r - 2), theme.REACH))
            for k in range(6):
                ax, ay = corners[k]
                bx, by = corners[(k + 1) % 6]
                self.shapes.append(create_line(ax, ay, bx, by, (150, 215, 255, 200), 2))
        elif entry.sample == "path":
            ax, ay, bx, by = x - r * 0.8, y - r * 0.3, x + r * 0.8, y + r * 0.3
            self.shapes.append(create_line(ax, ay, bx, by, theme.PATH, 4))
        elif entry.sample == "token":  # the board's own token: portrait, seat colour, number
            stalkers = self.view.session.state.cards.stalkers if self.view.session else ()
            art = stalkers[0].art if stalkers else None
            token = arcade.Sprite(self.faces.get(art, 0, True), center_x=x, center_y=y)
            token.width = token.height = 1.6 * r
            self.sprites.append(token)
        elif entry.sample == "loot":
            for shape in bag(x - r * 0.35, y, r * 0.3, OWN):
                self.shapes.append(shape)
            for shape in bag(x + r * 0.4, y, r * 0.3, OTHER):
                self.shapes.append(shape)

    def _text(
        self,
        words: str,
        x: float,
        y: float,
        size: float,
        colour: arcade.types.Color,
        *,
        bold: bool = False,
        width: int | None = None,
        centre: bool = False,
    ) -> None:
        self.texts.append(
            arcade.Text(
                words,
                x,
                y,
                colour,
                theme.px(size),
                font_name=FONT,
                bold=bold,
                width=width,
                multiline=width is not None,
                anchor_y="center" if centre else "baseline",
                batch=self.batch,
            )
        )

    def draw(self) -> None:
        if not self.open:
            return
        arcade.draw_lrbt_rectangle_filled(*self.box, theme.BG)  # opaque: the map not through
        shapes.panel(*self.box, light=True, edge=theme.ACCENT)
        self.layer.draw()
        self.shapes.draw()
        self.sprites.draw()
        self.batch.draw()
