"""The join card a hosting window shows: a QR code of the page's URL with a one-time join code,
and the URL under it (docs/protocol.md, "Join codes").

The QR code is drawn from the ``qrcode`` library's matrix into a small image (one pixel a module,
PIL as arcade has it) and scaled up without smoothing, so the modules stay sharp. The card
shows the join code the table shows now (``JoinCodes.shown``): once it is spent a fresh one
takes its place.
"""

from __future__ import annotations

import arcade
from PIL import Image

from stalkerzone.client.render.fonts import FONT
from stalkerzone.client.widgets import theme
from stalkerzone.network.join_link import join_url, qr_matrix

DARK = 0
LIGHT = 255


def qr_image(matrix: list[list[bool]]) -> Image.Image:
    """``matrix`` as a greyscale image, one pixel a module (dark modules black)."""
    size = len(matrix)
    image = Image.new("L", (size, size), LIGHT)
    image.putdata([DARK if dark else LIGHT for row in matrix for dark in row])
    return image


def qr_texture(url: str) -> arcade.Texture:
    """The QR code of ``url`` as a texture (named by the URL, so the atlas keeps one each)."""
    image = qr_image(qr_matrix(url)).convert("RGBA")
    return arcade.Texture(image, hash=f"join-qr:{url}")


class JoinCard:
    """The QR code and URL of the join code the table shows now, drawn at a corner."""

    def __init__(self) -> None:
        self.url = ""
        self.texture: arcade.Texture | None = None
        self.caption: arcade.Text | None = None
        self.title: arcade.Text | None = None

    def show(self, address: str, port: int, code: str, title: str) -> None:
        """Make the card for ``code`` (nothing to do when it is the one shown)."""
        url = join_url(address, port, code)
        if url == self.url and self.title is not None and self.title.text == title:
            return
        self.url = url
        self.texture = qr_texture(url)
        size = theme.px(10)
        self.caption = arcade.Text(url, 0, 0, theme.TEXT, size, font_name=FONT, anchor_x="center")
        self.title = arcade.Text(
            title, 0, 0, theme.ACCENT, theme.px(12), font_name=FONT, anchor_x="center", bold=True
        )

    def size(self, side: float) -> tuple[float, float]:
        """Width and height of the card with a QR code ``side`` pixels wide."""
        if self.caption is None or self.title is None:
            return (0.0, 0.0)
        pad = theme.px(6)
        width = max(side, self.caption.content_width, self.title.content_width) + 2 * pad
        height = side + self.caption.content_height + self.title.content_height + 4 * pad
        return (width, height)

    def draw(self, left: float, bottom: float, side: float) -> None:
        """The card with its bottom left corner at (``left``, ``bottom``)."""
        if self.texture is None or self.caption is None or self.title is None:
            return
        width, height = self.size(side)
        pad = theme.px(6)
        arcade.draw_lrbt_rectangle_filled(
            left, left + width, bottom, bottom + height, (10, 12, 10, 230)
        )
        centre = left + width / 2
        self.caption.x, self.caption.y = centre, bottom + pad
        qr_bottom = bottom + 2 * pad + self.caption.content_height
        rect = arcade.XYWH(centre, qr_bottom + side / 2, side, side)
        arcade.draw_texture_rect(self.texture, rect, pixelated=True)
        self.title.x, self.title.y = centre, qr_bottom + side + pad
        self.caption.draw()
        self.title.draw()
