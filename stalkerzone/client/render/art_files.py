"""The board's two texture arrays (terrain, site badges) prerendered into
``assets/textures/board/``, with every mipmap level, so the first board does not compose the
badges with PIL, recolour the textures with numpy nor make the mipmaps on the GPU (a software
GL compiles its mipmap shader on first use) at start-up.

One PNG per array (``terrain.png``, ``badges.png``) holds the texels as they are uploaded:
premultiplied RGBA (:func:`board_art.premultiplied`). Layer ``k`` of an array of ``w × h``
layers is the cell of rows ``k·h .. (k+1)·h``: level 0 fills its left ``w`` columns, levels 1, 2…
(each half the one before, a 2×2 box average of premultiplied texels, as a GPU makes them) are
stacked in the ``w / 2`` columns to its right, level ``n`` at row ``h - 2·h / 2ⁿ`` of the cell.

The files are made from the sources (``icons/sites/``, ``textures/``, the theme colours,
:mod:`site_icons`, :mod:`terrain`) by ``python -m stalkerzone.client.render.art_files``;
``tests/client/test_board_art_files.py`` fails when they no longer match what the sources give.
Without them (or with a file of the wrong size) the board renders the arrays itself.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from PIL import Image

FOLDER = Path("textures") / "board"
ARRAYS: tuple[str, ...] = ("terrain", "badges")


def array_file(assets: Path, name: str) -> Path:
    """The prerendered file of the array ``name`` (``terrain`` or ``badges``)."""
    return assets / FOLDER / f"{name}.png"


def source_layers(assets: Path, name: str) -> list[Image.Image]:
    """The layers of array ``name`` rendered from the sources, straight RGBA, one size."""
    from stalkerzone.client.render.site_icons import badge_array_images
    from stalkerzone.client.render.terrain import terrain_images

    makers: dict[str, Callable[[Path], list[Image.Image]]] = {
        "terrain": terrain_images,
        "badges": badge_array_images,
    }
    return [image.convert("RGBA") for image in makers[name](assets)]


def premultiplied_layer(image: Image.Image) -> Image.Image:
    """``image`` (RGBA) with its colour multiplied by its alpha, as the arrays are uploaded."""
    from stalkerzone.client.render.board_art import premultiplied

    return Image.frombytes("RGBA", image.size, premultiplied(image))


def half(image: Image.Image) -> Image.Image:
    """The next mipmap level: each 2×2 block averaged, channel by channel (the texels are
    premultiplied already, so nothing is weighted by alpha again)."""
    bands = [band.reduce(2) for band in image.split()]
    return Image.merge(image.mode, bands)


def levels(image: Image.Image) -> list[Image.Image]:
    """``image`` and every smaller mipmap level down to one texel."""
    out = [image]
    while out[-1].width > 1 or out[-1].height > 1:
        out.append(half(out[-1]))
    return out


def level_row(height: int, level: int) -> int:
    """The row of mipmap ``level`` (1, 2…) inside a layer's cell ``height`` rows tall."""
    return height - 2 * height // (1 << level)


def sheet(layers: list[Image.Image]) -> Image.Image:
    """The file's picture of premultiplied ``layers`` (all the same power-of-two size)."""
    width, height = layers[0].size
    out = Image.new("RGBA", (width + width // 2, height * len(layers)), (0, 0, 0, 0))
    for k, layer in enumerate(layers):
        chain = levels(layer)
        out.paste(chain[0], (0, k * height))
        for level, image in enumerate(chain[1:], start=1):
            out.paste(image, (width, k * height + level_row(height, level)))
    return out


def read_levels(path: Path, layers: int) -> list[tuple[int, int, bytes]]:
    """(width, height, texels of every layer) of each mipmap level in the file ``path`` of an
    array of ``layers`` layers; ``[]`` if the file is missing or not such a sheet."""
    try:
        with Image.open(path) as opened:
            picture = opened.convert("RGBA") if opened.mode != "RGBA" else opened.copy()
    except (OSError, ValueError):
        return []
    width = picture.width * 2 // 3
    if layers <= 0 or picture.height % layers or width < 1 or width + width // 2 != picture.width:
        return []
    height = picture.height // layers
    if width & (width - 1) or height & (height - 1):  # powers of two only
        return []
    texels = memoryview(picture.tobytes())
    stride = picture.width * 4  # bytes of one row of the sheet
    out = []
    w, h, level = width, height, 0
    while True:
        x = 0 if level == 0 else width
        row = 0 if level == 0 else level_row(height, level)
        rows = [
            texels[y * stride + x * 4 : y * stride + (x + w) * 4]
            for k in range(layers)
            for y in range(k * height + row, k * height + row + h)
        ]
        out.append((w, h, b"".join(rows)))
        if w == 1 and h == 1:
            return out
        w, h, level = max(1, w // 2), max(1, h // 2), level + 1


def render_sheet(assets: Path, name: str) -> Image.Image:
    """The file's picture of array ``name`` as the sources give it now."""
    return sheet([premultiplied_layer(image) for image in source_layers(assets, name)])


def write_files(assets: Path) -> list[Path]:
    """Render both arrays from the sources into ``assets/textures/board/``."""
    written = []
    for name in ARRAYS:
        path = array_file(assets, name)
        path.parent.mkdir(parents=True, exist_ok=True)
        render_sheet(assets, name).save(path, optimize=True)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    """``python -m stalkerzone.client.render.art_files [ASSETS]``: write the prerendered
    arrays (after changing a site glyph, a texture, a theme colour or the badge drawing)."""
    from stalkerzone.client.render.board_art import assets_dir

    args = sys.argv[1:] if argv is None else argv
    assets = Path(args[0]) if args else assets_dir()
    for path in write_files(assets):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
