"""Stalker tokens on the map: the character's portrait (its card art) in a disc ringed in the
seat's colour, with the seat number on a badge (colour-blind players read the number); the
current stalker ringed in amber. Every token lies inside its own hex: on a hex with a site in a
row across its lower half, under the site's icon; several on a plain hex in a ring around its
centre, smaller, none over another.

Each token is one sprite: its picture (portrait, rings, number) is composed once per stalker,
seat and turn marker by :class:`TokenFaces`, which the board's :class:`TokenLayer` owns.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import arcade
from PIL import Image, ImageDraw, ImageFont

from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.render.zone_layer import HEX
from stalkerzone.client.widgets import theme
from stalkerzone.engine.play import GameState
from stalkerzone.engine.zone import Hex

INSIDE = HEX * math.sqrt(3.0) / 2 * 0.97
"""The radius every token's disc stays within around its hex's centre: the hex's inscribed
circle, less a hair for the ring's smoothing."""
RADIUS = HEX * 0.7
"""A token alone on a plain hex (world units), before it grows with a zoomed-out map."""
SITE_SHARE = 0.42
"""A token alone on a site's hex, as a share of :data:`INSIDE`: small, in its lower half."""
PICTURE = 128  # texels of a token's picture
INK = (15, 15, 12, 255)
FONT_FILE = ":system:fonts/ttf/Liberation/Liberation_Sans_Bold.ttf"


@dataclass(frozen=True, slots=True)
class Spot:
    """Where a token is drawn: centre and radius in world units."""

    x: float
    y: float
    radius: float


def token_places(
    positions: Mapping[int, Hex], sites: Collection[Hex] = (), scale: float = 1.0
) -> dict[int, Spot]:
    """Each player's token, its whole disc inside its own hex: alone on a plain hex at its
    centre (grown by ``scale`` when the map is zoomed out, never past the hex); several on a
    plain hex in a ring around its centre; on a site's hex in a row across its lower half, so
    the upper half of the site's icon stays in sight. Tokens sharing a hex never overlap."""
    by_hex: dict[Hex, list[int]] = {}
    for index, where in sorted(positions.items()):
        by_hex.setdefault(where, []).append(index)
    out: dict[int, Spot] = {}
    for where, players in by_hex.items():
        x, y = hexgeom.world(where.q, where.r, HEX)
        if where in sites:
            out.update(_row_below(players, x, y))
        elif len(players) == 1:
            out[players[0]] = Spot(x, y, lone_radius(scale))
        else:
            out.update(_ring(players, x, y))
    return out


def lone_radius(scale: float) -> float:
    """A lone token's radius on a plain hex (also the walking token's) at ``scale``."""
    return min(RADIUS * scale, INSIDE)


def _ring(players: Sequence[int], x: float, y: float) -> dict[int, Spot]:
    """Tokens sharing a plain hex: equal discs on a ring, touching neither each other nor the
    hex's inscribed circle."""
    gap = math.sin(math.pi / len(players))
    r = INSIDE * gap / (1 + gap)
    away = INSIDE - r
    out = {}
    for k, index in enumerate(players):
        angle = 2 * math.pi * k / len(players) + math.pi / 2
        out[index] = Spot(x + math.cos(angle) * away, y + math.sin(angle) * away, r)
    return out


def _row_below(players: Sequence[int], x: float, y: float) -> dict[int, Spot]:
    """Tokens on a site's hex: a row of equal discs side by side, as low in the hex as the
    inscribed circle lets the outermost one go (the icon's upper half stays clear)."""
    n = len(players)
    # the widest row whose discs still keep below the centre: R - r = r * hypot(n - 1, 1)
    r = INSIDE * min(SITE_SHARE, 0.98 / (1 + math.hypot(n - 1, 1)))
    widest = (n - 1) * r  # the outermost centre's distance from the middle
    down = math.sqrt((INSIDE - r) ** 2 - widest**2)
    out = {}
    for k, index in enumerate(players):
        out[index] = Spot(x + (2 * k - (n - 1)) * r, y - down, r)
    return out


def token_spots(
    positions: Mapping[int, Hex], sites: Collection[Hex] = ()
) -> dict[int, tuple[float, float]]:
    """World centre of each player's token (see :func:`token_places`)."""
    return {i: (s.x, s.y) for i, s in token_places(positions, sites).items()}


def seat_colour(index: int) -> arcade.types.Color:
    return theme.PLAYER_COLOURS[index % len(theme.PLAYER_COLOURS)]


def token_picture(art: str | None, index: int, current: bool) -> Image.Image:
    """A token's picture: the portrait in a disc, the seat's colour around it (amber outside
    that for the current stalker), the seat number on a badge at the lower right."""
    size = PICTURE
    work = size * 2  # drawn large, then smoothed down
    image = Image.new("RGBA", (work, work), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    colour = tuple(seat_colour(index))[:3]
    edge = 0.0
    if current:
        draw.ellipse((0, 0, work - 1, work - 1), fill=(*tuple(theme.ACCENT)[:3], 255))
        edge = work * 0.06
    draw.ellipse((edge, edge, work - 1 - edge, work - 1 - edge), fill=INK)
    ring = edge + work * 0.02
    draw.ellipse((ring, ring, work - 1 - ring, work - 1 - ring), fill=(*colour, 255))
    inner = ring + work * 0.075
    box = (round(inner), round(inner), round(work - 1 - inner), round(work - 1 - inner))
    side = box[2] - box[0]
    face = _portrait(art, side)
    if face is not None:
        mask = Image.new("L", (side, side), 0)
        ImageDraw.Draw(mask).ellipse((0, 0, side - 1, side - 1), fill=255)
        image.paste(face, box[:2], mask)
    else:
        draw.ellipse(box, fill=(*tuple(int(c * 0.45) for c in colour), 255))
    badge = work * 0.25
    bx, by = work * 0.745, work * 0.745
    draw.ellipse((bx - badge, by - badge, bx + badge, by + badge), fill=INK)
    b = badge - work * 0.025
    draw.ellipse((bx - b, by - b, bx + b, by + b), fill=(*colour, 255))
    font = ImageFont.truetype(str(arcade.resources.resolve(FONT_FILE)), round(badge * 1.35))
    draw.text((bx, by), str(index + 1), fill=INK, font=font, anchor="mm")
    return image.resize((size, size), Image.Resampling.LANCZOS)


def _portrait(art: str | None, side: int) -> Image.Image | None:
    """The face part of a stalker's art (the upper middle), ``side`` pixels square."""
    if not art:
        return None
    try:
        with Image.open(art) as source:
            rgb: Image.Image = source.convert("RGB")
    except OSError:
        return None
    w, h = rgb.size
    crop = rgb.crop((round(w * 0.16), round(h * 0.04), round(w * 0.84), round(h * 0.72)))
    face: Image.Image = crop.resize((side, side), Image.Resampling.LANCZOS)
    return face


class TokenFaces:
    """Token pictures as textures, each composed once (the board screen's token layer owns
    them: they go with the screen)."""

    def __init__(self) -> None:
        self.textures: dict[tuple[str, int, bool], arcade.Texture] = {}

    def get(self, art: str | None, index: int, current: bool) -> arcade.Texture:
        key = (art or "", index, current)
        found = self.textures.get(key)
        if found is None:
            name = f"token:{art or '-'}:{index}:{int(current)}"
            found = arcade.Texture(token_picture(art, index, current), hash=name)
            self.textures[key] = found
        return found


class TokenLayer:
    """A sprite per resting token (rebuilt when positions change), drawn in one call."""

    def __init__(self) -> None:
        self.faces = TokenFaces()
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.places: dict[int, Spot] = {}
        self.art: dict[int, str | None] = {}  # each seat's stalker art
        self.scale = 1.0
        self.walking: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()  # a moving token

    def build_for(
        self,
        state: GameState,
        positions: Mapping[int, Hex],
        hexes: Mapping[Hex, Any],
        skip: Sequence[int] = (),
        scale: float = 1.0,
    ) -> None:
        """The tokens of ``state``'s players at ``positions`` on the board's ``hexes`` (placed
        tiles: those with a site keep their icon clear)."""
        sites = {h for h, placed in hexes.items() if placed.tile.site is not None}
        art = {i: state.cards.get(p.stalker).art for i, p in enumerate(state.players)}
        self.scale = scale
        self.build(token_places(positions, sites, scale), state.current_player, art, skip)

    def build(
        self,
        places: Mapping[int, Spot],
        current: int | None,
        art: Mapping[int, str | None],
        skip: Sequence[int] = (),
    ) -> None:
        """Tokens at ``places`` (:func:`token_places`), each with its stalker's ``art``."""
        self.sprites = arcade.SpriteList()
        self.places = dict(places)
        self.art = dict(art)
        # the current stalker last: on top when tokens touch
        for index in sorted(places, key=lambda i: i == current):
            if index in skip:
                continue
            spot = places[index]
            sprite = arcade.Sprite(self.faces.get(art.get(index), index, index == current))
            sprite.position = (spot.x, spot.y)
            sprite.width = sprite.height = spot.radius * 2
            self.sprites.append(sprite)

    def draw(self) -> None:
        self.sprites.draw()

    def draw_walker(self, index: int, x: float, y: float) -> None:
        """The token walking its path (drawn every frame while it moves): the same picture as
        at rest, ringed as the current stalker."""
        texture = self.faces.get(self.art.get(index), index, True)
        if not self.walking or self.walking[0].texture is not texture:
            self.walking = arcade.SpriteList()
            self.walking.append(arcade.Sprite(texture))
        sprite = self.walking[0]
        sprite.position = (x, y)
        sprite.width = sprite.height = lone_radius(self.scale) * 2
        self.walking.draw()
