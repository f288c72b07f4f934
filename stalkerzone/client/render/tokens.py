"""Stalker tokens on the map: the character's portrait (its card art) in a disc ringed in the
seat's colour, with the seat number on a badge (colour-blind players read the number); the
current stalker ringed in amber. On a hex with a site the tokens sit on its lower corners, clear
of the site's icon; several on a plain hex fan out around its centre, none over another.

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

RADIUS = HEX * 0.7
"""A token alone on a plain hex (world units)."""
SHARED_RADIUS = HEX * 0.46
"""Tokens sharing a plain hex."""
CORNER_RADIUS = HEX * 0.45
"""Tokens on a site's hex, at its corners."""
ICON_CLEAR = HEX * 0.6
"""The radius of a site's icon that tokens on its hex keep out of."""
CORNERS = (270.0, 210.0, 330.0, 150.0, 30.0, 90.0)
"""Corner directions (degrees) taken in turn on a site's hex: the lower ones first."""
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
    """Each player's token: alone on a plain hex at its centre; on a site's hex at its corners
    (the icon stays visible); several on a plain hex around its centre. ``scale`` grows the
    tokens (the map zoomed out) and moves them out with it, so they never overlap."""
    by_hex: dict[Hex, list[int]] = {}
    for index, where in sorted(positions.items()):
        by_hex.setdefault(where, []).append(index)
    out: dict[int, Spot] = {}
    for where, players in by_hex.items():
        x, y = hexgeom.world(where.q, where.r, HEX)
        if where in sites:
            r = CORNER_RADIUS * scale
            away = max(ICON_CLEAR + r, 2 * r)  # neighbouring corners 60° apart
            for k, index in enumerate(players):
                angle = math.radians(CORNERS[k % len(CORNERS)])
                far = away * (1 + 0.5 * (k // len(CORNERS)))
                out[index] = Spot(x + far * math.cos(angle), y + far * math.sin(angle), r)
        elif len(players) == 1:
            out[players[0]] = Spot(x, y, RADIUS * scale)
        else:
            r = SHARED_RADIUS * scale
            # neighbours on the circle stay a diameter apart
            away = max(HEX * 0.5, r / math.sin(math.pi / len(players)))
            for k, index in enumerate(players):
                angle = 2 * math.pi * k / len(players) + math.pi / 2
                out[index] = Spot(x + math.cos(angle) * away, y + math.sin(angle) * away, r)
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
        sprite.width = sprite.height = RADIUS * self.scale * 2
        self.walking.draw()
