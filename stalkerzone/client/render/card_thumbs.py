"""Card faces as textures: drawn once by :class:`CardFace` (the renderer of ``cards show`` and
``print``) into an offscreen framebuffer, then shown as sprites.

:class:`CardThumbnails` keeps the rendered faces of one window (its :class:`AppContext` owns it,
so a fresh context starts empty); a face is rendered again only when its card, size, look,
language or UI scale differ. :class:`CardTiles` is one screen's cards: a sprite per face in one
``SpriteList``, so a still frame draws every card of the screen in one call instead of the
rectangles, art and texts of each face.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import arcade
from PIL import Image

from stalkerzone.client.render.card_face import CardFace
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import theme
from stalkerzone.client.widgets.text_batch import TextBatch
from stalkerzone.engine.core import AnyCard, Colour

KEPT = 400
"""Rendered faces kept at most (the oldest are let go: a sprite still showing one keeps it)."""


@dataclass(frozen=True, slots=True)
class FaceLook:
    """How a face is drawn besides its card and size (the :class:`CardFace` options)."""

    colour: Colour | None = None
    compact: bool = False
    dim: bool = False
    count: int = 1
    note: str = ""


def face_key(card: AnyCard, width: int, height: int, look: FaceLook) -> str:
    """What makes two rendered faces the same picture (also the texture's atlas hash)."""
    colour = look.colour.value if look.colour is not None else "-"
    return (
        f"card-face:{card.id}:{card.art or '-'}:{i18n.language()}:{theme.scale():.3f}:"
        f"{width}x{height}:{colour}:{int(look.compact)}{int(look.dim)}:{look.count}:{look.note}"
    )


class CardThumbnails:
    """The card faces of one window rendered as textures, each once (see the module)."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self.textures: OrderedDict[str, arcade.Texture] = OrderedDict()
        self.rendered = 0  # faces drawn so far (a cached face is not drawn again)
        self._target: Any = None  # the offscreen framebuffer, grown to the largest face
        self._target_size = (0, 0)

    def texture(
        self, card: AnyCard, width: float, height: float, look: FaceLook = FaceLook()
    ) -> arcade.Texture:
        """The face of ``card`` at ``width`` × ``height`` pixels in ``look``."""
        w, h = max(1, math.ceil(width)), max(1, math.ceil(height))
        key = face_key(card, w, h, look)
        found = self.textures.get(key)
        if found is not None:
            self.textures.move_to_end(key)
            return found
        texture = arcade.Texture(self._render(card, w, h, look), hash=key)
        self.textures[key] = texture
        while len(self.textures) > self.kept:
            self.textures.popitem(last=False)
        return texture

    def clear(self) -> None:
        """Let every rendered face go (the language or the card packs changed)."""
        self.textures.clear()

    def _framebuffer(self, ctx: Any, w: int, h: int) -> Any:
        tw, th = self._target_size
        if self._target is None or w > tw or h > th:
            size = (max(w, tw), max(h, th))
            self._target = ctx.framebuffer(color_attachments=[ctx.texture(size, components=4)])
            self._target_size = size
        return self._target

    def _render(self, card: AnyCard, w: int, h: int, look: FaceLook) -> Image.Image:
        window = arcade.get_window()
        target = self._framebuffer(window.ctx, w, h)
        face = CardFace(
            card,
            0,
            0,
            w,
            h,
            colour=look.colour,
            compact=look.compact,
            dim=look.dim,
            count=look.count,
            note=look.note,
        )
        texts = TextBatch()
        camera = arcade.Camera2D(viewport=arcade.LBWH(0, 0, w, h), render_target=target)
        with camera.activate():
            target.clear(color=(0, 0, 0, 0))
            face.build(texts)
            face.draw()
            texts.batch.draw()
            data = target.read(viewport=(0, 0, w, h), components=4)
        self.rendered += 1
        image = Image.frombytes("RGBA", (w, h), data).transpose(Image.Transpose.FLIP_TOP_BOTTOM)
        image.putalpha(255)  # a face is opaque: text edges blended into alpha are not holes
        return image


@dataclass(frozen=True, slots=True)
class Tile:
    """One card shown on a screen: its face's place and the sprite drawing it."""

    card: AnyCard
    face: CardFace
    sprite: arcade.Sprite


class CardTiles:
    """The card faces of one screen, drawn from :class:`CardThumbnails` in one ``SpriteList``."""

    def __init__(self, thumbnails: CardThumbnails) -> None:
        self.thumbnails = thumbnails
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.tiles: list[Tile] = []

    def clear(self) -> None:
        self.sprites.clear()
        self.tiles = []

    def add(
        self,
        card: AnyCard,
        left: float,
        bottom: float,
        width: float,
        height: float,
        look: FaceLook = FaceLook(),
    ) -> CardFace:
        """Show ``card``'s face in the rectangle; the face (its place) is returned."""
        face = CardFace(
            card,
            left,
            bottom,
            width,
            height,
            colour=look.colour,
            compact=look.compact,
            dim=look.dim,
            count=look.count,
            note=look.note,
        )
        texture = self.thumbnails.texture(card, width, height, look)
        sprite = arcade.Sprite(texture)  # on whole pixels, so the face stays sharp
        sprite.position = (round(left) + texture.width / 2, round(bottom) + texture.height / 2)
        self.sprites.append(sprite)
        self.tiles.append(Tile(card, face, sprite))
        return face

    def card_ids(self) -> list[str]:
        return [tile.card.id for tile in self.tiles]

    def draw(self) -> None:
        self.sprites.draw(pixelated=True)
