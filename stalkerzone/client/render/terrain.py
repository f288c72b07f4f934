"""Textured terrain (MAP-2 hexes, the §1 terrain table): every hex filled with its terrain's
texture from ``assets/textures/``, in world coordinates, so a forest or a lake spanning several
hexes reads as one printed area rather than a pattern of tiles.

The textures are recoloured when loaded so that their mean is the terrain's theme colour (the
legend, the thumbnails and a zoomed-out board keep the colours players know) and their contrast
is softened by :data:`CONTRAST`, so tokens, roads and badges stay readable on top.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.render.board_art import LayeredMesh
from stalkerzone.client.widgets import theme
from stalkerzone.engine.core import Terrain

TEXTURE_FILE: dict[Terrain, str] = {
    Terrain.OPEN: "open",
    Terrain.RUINS: "ruins",
    Terrain.FOREST: "forest",
    Terrain.SWAMP: "swamp",
    Terrain.WATER: "water",
    Terrain.ANOMALY_FIELD: "anomaly",
}
TERRAIN_LAYER: dict[Terrain, int] = {terrain: k for k, terrain in enumerate(TEXTURE_FILE)}
TILE_HEXES = 2.6
"""One texture repeat spans this many hex radii."""
CONTRAST = 0.85


def terrain_image(
    path: Path, colour: tuple[int, int, int], contrast: float = CONTRAST
) -> Image.Image:
    """The texture at ``path`` recoloured to mean ``colour`` with softened contrast."""
    import numpy as np  # only when the art is rendered from its sources (art_files)

    with Image.open(path) as image:
        rgb = np.asarray(image.convert("RGB"), dtype=np.float32)
    mean = rgb.reshape(-1, 3).mean(axis=0)
    target = np.array(colour, dtype=np.float32)
    relative = rgb / np.maximum(mean, 1.0)  # the texture's light and hue around its mean
    out = target * (1.0 + contrast * (relative - 1.0))
    return Image.fromarray(np.clip(out + 0.5, 0, 255).astype(np.uint8)).convert("RGBA")


def terrain_images(assets: Path) -> list[Image.Image]:
    """One image per terrain, in :data:`TERRAIN_LAYER` order (a flat fill if a file is missing)."""
    out = []
    for terrain, name in TEXTURE_FILE.items():
        colour = theme.TERRAIN[terrain]
        rgb = (colour.r, colour.g, colour.b)
        path = assets / "textures" / f"{name}.png"
        if path.is_file():
            out.append(terrain_image(path, rgb))
        else:
            out.append(Image.new("RGBA", (128, 128), (*rgb, 255)))
    sizes = {image.size for image in out}
    if len(sizes) > 1:  # one array: every layer the size of the first
        out = [image.resize(out[0].size) for image in out]
    return out


def add_hex(
    mesh: LayeredMesh,
    terrain: Terrain,
    x: float,
    y: float,
    size: float,
    origin: tuple[float, float],
    alpha: float = 1.0,
) -> None:
    """The textured hex of ``terrain`` centred on (x, y); texture coordinates follow the world
    position relative to ``origin`` in hex radii, so neighbouring hexes continue one texture."""
    points = hexgeom.corners(x, y, size)
    span = size * TILE_HEXES
    uvs = [((px - origin[0]) / span, -(py - origin[1]) / span) for px, py in points]
    layer = float(TERRAIN_LAYER[terrain])
    mesh.triangle_fan(points, uvs, (layer, layer), (alpha, alpha, alpha, alpha))
