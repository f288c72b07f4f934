"""The board's prerendered texture arrays (``assets/textures/board/``, render.art_files): they are
what the sources give now, they carry every mipmap level, and the board renders the arrays itself
when they are missing."""

from __future__ import annotations

import random
from pathlib import Path

from PIL import Image

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.render import art_files
from stalkerzone.client.render.board_art import BoardArt, assets_dir, layer_count


def test_the_prerendered_arrays_are_what_the_sources_give() -> None:
    for name in art_files.ARRAYS:
        path = art_files.array_file(assets_dir(), name)
        with Image.open(path) as committed:
            stored = committed.convert("RGBA")
        fresh = art_files.render_sheet(assets_dir(), name)
        assert stored.size == fresh.size, name
        assert stored.tobytes() == fresh.tobytes(), (
            f"{path} is out of date: python -m stalkerzone.client.render.art_files"
        )
        assert len(art_files.read_levels(path, layer_count(name))) == 8  # 128 px .. 1 px


def test_a_sheet_gives_back_its_layers_and_every_halved_level(tmp_path: Path) -> None:
    rng = random.Random(3)
    layers = [Image.frombytes("RGBA", (16, 8), rng.randbytes(16 * 8 * 4)) for _ in range(3)]
    path = tmp_path / "sheet.png"
    art_files.sheet(layers).save(path)
    chain = art_files.read_levels(path, 3)
    assert [(w, h) for w, h, _ in chain] == [(16, 8), (8, 4), (4, 2), (2, 1), (1, 1)]
    assert chain[0][2] == b"".join(layer.tobytes() for layer in layers)
    # level 1 of layer 0: each 2x2 block averaged channel by channel
    texels = layers[0].tobytes()
    block = [texels[(y * 16 + x) * 4 : (y * 16 + x) * 4 + 4] for x in (0, 1) for y in (0, 1)]
    for channel in range(4):
        average = sum(p[channel] for p in block) / 4
        assert abs(chain[1][2][channel] - average) <= 0.5
    assert len(chain[1][2]) == 3 * 8 * 4 * 4
    # not a sheet of this many layers, or no file: nothing
    assert art_files.read_levels(path, 5) == []
    assert art_files.read_levels(tmp_path / "missing.png", 3) == []


def test_without_the_files_the_board_renders_the_same_arrays(
    win: StalkerWindow, tmp_path: Path
) -> None:
    read = BoardArt(win.ctx)
    assert read.prerendered == ["terrain", "badges"]
    rendered = BoardArt(win.ctx, tmp_path / "none")  # no files at all: flat terrain, blank icons
    assert rendered.prerendered == []
    assert rendered.terrain.size == read.terrain.size and rendered.badges.size == read.badges.size
    sources = tmp_path / "sources"  # the sources without the prerendered files
    (sources / "textures").mkdir(parents=True)
    (sources / "icons").symlink_to(assets_dir() / "icons")
    for texture in (assets_dir() / "textures").glob("*.png"):
        (sources / "textures" / texture.name).symlink_to(texture)
    again = BoardArt(win.ctx, sources)
    assert again.prerendered == []
    assert again.badges.read() == read.badges.read()  # level 0: the same texels
    assert again.terrain.read() == read.terrain.read()
