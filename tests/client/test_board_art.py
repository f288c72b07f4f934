"""The board looks like the printed map: every site kind and danger colour drawn with its own
badge (at the default size and, as a simple symbol, zoomed out), terrain textured rather than
flat, roads readable over the texture (ZoneLayer, render.site_icons, render.terrain)."""

from __future__ import annotations

import itertools

import arcade
from PIL import Image, ImageChops, ImageStat

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.render.board_art import assets_dir
from stalkerzone.client.render.site_icons import SITE_ORDER, badge_images
from stalkerzone.client.render.zone_layer import PlacedHex, ZoneLayer
from stalkerzone.client.widgets import theme
from stalkerzone.engine.core import Site, Terrain
from stalkerzone.engine.zone import Hex, HexTile


def _render(
    win: StalkerWindow,
    tiles: list[HexTile],
    size: float,
    *,
    decorations: bool = True,
) -> tuple[Image.Image, list[tuple[float, float]]]:
    """Draw ``tiles`` on one row of hexes (spaced apart) in window pixels; return the picture
    (top-down rows) and each hex centre in window pixels."""
    hexes = {
        Hex(2 * k, 0): PlacedHex(tile, tile.roads, "test", (k, 0)) for k, tile in enumerate(tiles)
    }
    origin = (size * 2, win.height / 2)
    layer = ZoneLayer()
    layer.build(hexes, size=size, origin=origin, decorations=decorations)
    win.default_camera.use()
    win.clear(color=theme.BG)
    layer.draw()
    image = arcade.get_image(0, 0, win.width, win.height).convert("RGB")
    centres = []
    for h in hexes:
        x, y = hexgeom.world(h.q, h.r, size)
        centres.append((x + origin[0], y + origin[1]))
    return image, centres


def _crop(image: Image.Image, centre: tuple[float, float], half: float) -> Image.Image:
    x, y = centre
    top = image.height - y
    return image.crop((round(x - half), round(top - half), round(x + half), round(top + half)))


def _difference(a: Image.Image, b: Image.Image) -> float:
    return float(ImageStat.Stat(ImageChops.difference(a, b).convert("L")).mean[0])


def _site_crops(win: StalkerWindow, size: float) -> dict[Site, Image.Image]:
    tiles = [HexTile(Terrain.OPEN, site, frozenset()) for site in SITE_ORDER]
    image, centres = _render(win, tiles, size)
    return {site: _crop(image, c, size * 0.7) for site, c in zip(SITE_ORDER, centres, strict=True)}


def test_every_site_and_danger_colour_has_a_distinct_badge_on_the_board(
    win: StalkerWindow,
) -> None:
    empty_image, (centre,) = _render(win, [HexTile(Terrain.OPEN, None, frozenset())], 20)
    empty = _crop(empty_image, centre, 14)
    crops = _site_crops(win, 20)  # about the board's default zoom
    for site, crop in crops.items():
        assert _difference(crop, empty) > 20, f"{site} draws nothing on its hex"
    for (a, image_a), (b, image_b) in itertools.combinations(crops.items(), 2):
        assert _difference(image_a, image_b) > 6, f"{a} and {b} look alike on the board"


def test_danger_badges_count_their_marks_not_only_their_colour(win: StalkerWindow) -> None:
    """Colour-blind players: the three dangers differ in grey as well (1, 2, 3 marks)."""
    dangers = (Site.DANGER_GREEN, Site.DANGER_YELLOW, Site.DANGER_RED)
    tiles = [HexTile(Terrain.OPEN, site, frozenset()) for site in dangers]
    image, centres = _render(win, tiles, 20)
    dark = {}
    for site, centre in zip(dangers, centres, strict=True):
        middle = _crop(image, centre, 5).convert("L")  # inside the triangle, where the marks are
        dark[site] = sum(1 for p in middle.tobytes() if p < 60)
    assert dark[Site.DANGER_GREEN] < dark[Site.DANGER_YELLOW] < dark[Site.DANGER_RED], dark


def test_zoomed_out_badges_fall_back_to_simple_symbols_that_still_differ(
    win: StalkerWindow,
) -> None:
    crops = _site_crops(win, 9)  # the board at its smallest zoom
    for (a, image_a), (b, image_b) in itertools.combinations(crops.items(), 2):
        assert _difference(image_a, image_b) > 4, f"{a} and {b} look alike zoomed out"


def test_terrain_is_textured_not_a_flat_fill(win: StalkerWindow) -> None:
    tiles = [HexTile(t, None, frozenset()) for t in Terrain]
    textured, centres = _render(win, tiles, 40)
    flat, _ = _render(win, tiles, 40, decorations=False)
    for terrain, centre in zip(Terrain, centres, strict=True):
        inside_textured = _crop(textured, centre, 20).convert("L")
        inside_flat = _crop(flat, centre, 20).convert("L")
        spread = ImageStat.Stat(inside_textured).stddev[0]
        assert spread > ImageStat.Stat(inside_flat).stddev[0] + 2.0, (terrain, spread)
        # the texture keeps the terrain's colour on average (legend, thumbnails)
        mean = ImageStat.Stat(_crop(textured, centre, 20)).mean
        colour = theme.TERRAIN[terrain]
        assert (
            max(abs(m - c) for m, c in zip(mean, (colour.r, colour.g, colour.b), strict=True)) < 25
        )


def test_a_road_reads_over_the_forest_texture(win: StalkerWindow) -> None:
    forest = HexTile(Terrain.FOREST, None, frozenset({0, 3}))  # a road straight across
    image, (centre,) = _render(win, [forest], 40)
    x, y = centre
    road = image.getpixel((round(x + 20), round(image.height - y)))
    assert isinstance(road, tuple)
    assert abs(road[0] - theme.ROAD.r) < 12 and abs(road[2] - theme.ROAD.b) < 12, road


def test_badge_faces_are_all_different_images() -> None:
    faces = badge_images(assets_dir())
    assert len(faces) == 2 * len(Site)
    for (a, fa), (b, fb) in itertools.combinations(enumerate(faces), 2):
        assert _difference(fa.convert("RGB"), fb.convert("RGB")) > 1.0, (a, b)
