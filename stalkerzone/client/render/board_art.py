"""The board's art on the GPU: terrain textures and site badges as two texture arrays, drawn by
one small shader from meshes a :class:`ZoneLayer` builds once per map change.

:class:`BoardArt` owns the shader and the two arrays (mipmapped, so a zoomed-out board stays
smooth). It belongs to one GL context: :meth:`BoardArt.current` makes it the first time a Zone
layer is drawn in the current window and makes it again only when another window's context is
current. A :class:`LayeredMesh` is the triangles of one layer: world position, texture
coordinate, the array layer to sample and the layer to fall back to when a badge is drawn
smaller than :data:`SMALL_BADGE_PX` pixels (a simple symbol instead of an icon that turned to
mush), and a tint.

Start-up: the arrays and their mipmaps are read from the prerendered files of
:mod:`art_files` (``assets/textures/board/``); only without them are they rendered here.
"""

from __future__ import annotations

from array import array
from pathlib import Path
from typing import Any, ClassVar

import arcade
from arcade.gl import BufferDescription
from PIL import Image

from stalkerzone import paths

SMALL_BADGE_PX = 18.0
"""Below this on-screen width a site badge shows its simple symbol instead of its icon."""

_VS = """#version 330
uniform WindowBlock { mat4 projection; mat4 view; } window;
in vec2 in_vert;
in vec2 in_uv;
in vec2 in_layers;
in vec4 in_tint;
out vec2 v_uv;
flat out vec2 v_layers;
out vec4 v_tint;
void main() {
    gl_Position = window.projection * window.view * vec4(in_vert, 0.0, 1.0);
    v_uv = in_uv;
    v_layers = in_layers;
    v_tint = in_tint;
}
"""
# Textures are premultiplied by their alpha (clean mipmaps, no dark fringes); ``detail`` mixes a
# second, larger-scale sample in so a repeating terrain texture does not show its period.
_FS = """#version 330
uniform sampler2DArray tex;
uniform float detail;
uniform float small_px;
uniform float alpha;
in vec2 v_uv;
flat in vec2 v_layers;
in vec4 v_tint;
out vec4 colour;
void main() {
    float px = 1.0 / max(fwidth(v_uv.x), 1e-6);
    float layer = px < small_px ? v_layers.y : v_layers.x;
    vec4 c = texture(tex, vec3(v_uv, layer));
    if (detail > 0.0) {
        vec4 d = texture(tex, vec3(v_uv * 0.37 + vec2(0.31, 0.17), layer));
        c = mix(c, d, detail);
    }
    c *= v_tint * alpha;
    if (c.a < 0.004) discard;
    colour = c;
}
"""


def assets_dir() -> Path:
    """``assets/`` of the source tree or of the installed package."""
    return paths.base_cards_dir().parent / "assets"


def premultiplied(rgba: Image.Image) -> bytes:
    """RGBA bytes with the colour multiplied by the alpha (clean mipmaps)."""
    import numpy as np

    data = np.asarray(rgba, dtype=np.float32)
    data[..., :3] *= data[..., 3:4] / 255.0
    return bytes(np.clip(data + 0.5, 0, 255).astype(np.uint8).tobytes())


class BoardArt:
    """Shader and texture arrays of the board (one per GL context)."""

    _current: ClassVar[BoardArt | None] = None

    def __init__(self, ctx: arcade.ArcadeContext, assets: Path | None = None) -> None:
        self.ctx = ctx
        self.assets = assets_dir() if assets is None else assets
        self.program = ctx.program(vertex_shader=_VS, fragment_shader=_FS)
        self.program["tex"] = 0
        self.prerendered: list[str] = []  # the arrays read from their files (art_files)
        self.terrain = self._load("terrain", ctx.REPEAT)
        self.badges = self._load("badges", ctx.CLAMP_TO_EDGE)

    def _load(self, name: str, wrap: int) -> Any:
        """The array ``name`` from its prerendered file, else rendered from the sources."""
        from stalkerzone.client.render import art_files

        path = art_files.array_file(self.assets, name)
        chain = art_files.read_levels(path, layer_count(name))
        if not chain:
            return self._array(art_files.source_layers(self.assets, name), wrap)
        self.prerendered.append(name)
        return self._upload_levels(chain, wrap)

    def _upload_levels(self, chain: list[tuple[int, int, bytes]], wrap: int) -> Any:
        """A texture array with the given mipmap levels (premultiplied texels of every layer)."""
        from pyglet import gl

        width, height, data = chain[0]
        layers = len(data) // (width * height * 4)
        texture: Any = self.ctx.texture_array(
            (width, height, layers), components=4, data=data, wrap_x=wrap, wrap_y=wrap
        )
        target = gl.GL_TEXTURE_2D_ARRAY
        gl.glActiveTexture(gl.GL_TEXTURE0 + self.ctx.default_texture_unit)
        gl.glBindTexture(target, texture.glo)
        gl.glPixelStorei(gl.GL_UNPACK_ALIGNMENT, 1)
        for level, (w, h, texels) in enumerate(chain[1:], start=1):
            pixels = (gl.GLubyte * len(texels)).from_buffer_copy(texels)
            gl.glTexImage3D(
                target, level, gl.GL_RGBA8, w, h, layers, 0, gl.GL_RGBA, gl.GL_UNSIGNED_BYTE, pixels
            )
        gl.glTexParameteri(target, gl.GL_TEXTURE_BASE_LEVEL, 0)
        gl.glTexParameteri(target, gl.GL_TEXTURE_MAX_LEVEL, len(chain) - 1)
        texture.filter = self.ctx.LINEAR_MIPMAP_LINEAR, self.ctx.LINEAR
        return texture

    @classmethod
    def current(cls) -> BoardArt:
        """The art of the current window's context (made the first time it is asked for)."""
        ctx = arcade.get_window().ctx
        art = cls._current
        if art is None or art.ctx is not ctx:
            art = cls._current = BoardArt(ctx)
        return art

    def _array(self, images: list[Image.Image], wrap: int) -> Any:
        width, height = images[0].size
        data = b"".join(premultiplied(image.convert("RGBA")) for image in images)
        texture = self.ctx.texture_array(
            (width, height, len(images)), components=4, data=data, wrap_x=wrap, wrap_y=wrap
        )
        texture.build_mipmaps()
        texture.filter = self.ctx.LINEAR_MIPMAP_LINEAR, self.ctx.LINEAR
        return texture


def layer_count(name: str) -> int:
    """How many layers the array ``name`` has: one per terrain, two faces per site and two
    plain faces per danger (site_icons.layer_total)."""
    from stalkerzone.client.render.site_icons import layer_total
    from stalkerzone.client.render.terrain import TEXTURE_FILE

    return len(TEXTURE_FILE) if name == "terrain" else layer_total()


class LayeredMesh:
    """Triangles sampling one texture array (built once, drawn as one call)."""

    FORMAT = "2f 2f 2f 4f"

    def __init__(self) -> None:
        self.data = array("f")
        self.geometry: Any = None
        self.vertices = 0

    def clear(self) -> None:
        self.data = array("f")
        self.geometry = None

    def triangle_fan(
        self,
        points: list[tuple[float, float]],
        uvs: list[tuple[float, float]],
        layers: tuple[float, float],
        tint: tuple[float, float, float, float] = (1.0, 1.0, 1.0, 1.0),
    ) -> None:
        """A convex polygon (first point anywhere on it) as a fan of triangles."""
        for k in range(1, len(points) - 1):
            for i in (0, k, k + 1):
                self.data.extend((*points[i], *uvs[i], *layers, *tint))
        self.geometry = None

    def quad(
        self,
        x: float,
        y: float,
        half: float,
        layers: tuple[float, float],
        alpha: float = 1.0,
    ) -> None:
        """A square of side ``2 * half`` centred on (x, y) showing a whole array layer."""
        points = [
            (x - half, y - half),
            (x + half, y - half),
            (x + half, y + half),
            (x - half, y + half),
        ]
        uvs = [(0.0, 1.0), (1.0, 1.0), (1.0, 0.0), (0.0, 0.0)]
        self.triangle_fan(points, uvs, layers, (alpha, alpha, alpha, alpha))

    def draw(self, art: BoardArt, texture: Any, *, detail: float = 0.0, alpha: float = 1.0) -> None:
        if not self.data:
            return
        ctx = art.ctx
        if self.geometry is None:
            buffer = ctx.buffer(data=self.data)
            self.geometry = ctx.geometry(
                [
                    BufferDescription(
                        buffer, self.FORMAT, ["in_vert", "in_uv", "in_layers", "in_tint"]
                    )
                ],
                mode=ctx.TRIANGLES,
            )
            self.vertices = len(self.data) // 10
        program = art.program
        program["detail"] = detail
        program["small_px"] = SMALL_BADGE_PX
        program["alpha"] = alpha
        texture.use(0)
        blend = ctx.blend_func
        ctx.blend_func = ctx.ONE, ctx.ONE_MINUS_SRC_ALPHA  # premultiplied colour
        self.geometry.render(program, vertices=self.vertices)
        ctx.blend_func = blend
