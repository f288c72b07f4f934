"""The "colour-blind symbols" setting on the board and the layout screen: with it on, the
dangers carry their "!" marks (pips when small); with it off only their colour tells the level
apart (the shared danger glyph), while the glyphs that name a site and the stalkers' seat
numbers stay whatever the setting (render.site_icons PLAIN_SITES, ZoneLayer ``symbols``)."""

from __future__ import annotations

import colorsys
from dataclasses import replace

import arcade
import pytest
from PIL import Image, ImageChops, ImageStat

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import GameSession, GameSpec, SeatSpec
from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.render.board_art import LayeredMesh, assets_dir, layer_count
from stalkerzone.client.render.site_icons import (
    PLAIN_SITES,
    SITE_ORDER,
    badge_images,
    badge_layers,
    plain_badge_images,
)
from stalkerzone.client.render.zone_layer import HEX, PlacedHex, ZoneLayer
from stalkerzone.client.screens.board import BoardView
from stalkerzone.client.screens.layout import LayoutView
from stalkerzone.client.widgets import theme
from stalkerzone.engine.core import Site, Terrain
from stalkerzone.engine.zone import Hex, HexTile
from tests.support.window import current, frame, key, pixels, shown

DANGERS = (Site.DANGER_GREEN, Site.DANGER_YELLOW, Site.DANGER_RED)


def _difference(a: Image.Image, b: Image.Image) -> float:
    return float(ImageStat.Stat(ImageChops.difference(a, b).convert("L")).mean[0])


def _row(
    win: StalkerWindow, sites: tuple[Site, ...], size: float, symbols: bool
) -> list[Image.Image]:
    """Each site's badge drawn on an open hex of radius ``size``, cropped around its centre."""
    hexes = {
        Hex(2 * k, 0): PlacedHex(HexTile(Terrain.OPEN, site, frozenset()), frozenset(), "t", (k, 0))
        for k, site in enumerate(sites)
    }
    origin = (size * 2, win.height / 2)
    layer = ZoneLayer()
    layer.build(hexes, size=size, origin=origin, symbols=symbols)
    win.default_camera.use()
    win.clear(color=theme.BG)
    layer.draw()
    image = arcade.get_image(0, 0, win.width, win.height).convert("RGB")
    crops = []
    for h in hexes:
        x, y = hexgeom.world(h.q, h.r, size)
        x, y = x + origin[0], image.height - (y + origin[1])
        half = size * 0.7
        crops.append(
            image.crop((round(x - half), round(y - half), round(x + half), round(y + half)))
        )
    return crops


def _dark(image: Image.Image) -> int:
    """Texels of ink: opaque and dark in every channel (a red or green face is not ink)."""
    data = image.convert("RGBA").tobytes()
    return sum(
        1
        for k in range(0, len(data), 4)
        if data[k + 3] > 200 and max(data[k], data[k + 1], data[k + 2]) < 60
    )


def _danger_layers(mesh: LayeredMesh) -> set[float]:
    """The detailed-face layers a mesh samples (one vertex is 10 floats, layers at 4 and 5)."""
    return {mesh.data[k + 4] for k in range(0, len(mesh.data), 10)}


def test_plain_faces_exist_for_the_dangers_only_and_differ_from_the_marked_ones() -> None:
    assert PLAIN_SITES == DANGERS
    assert layer_count("badges") == 2 * len(SITE_ORDER) + 2 * len(PLAIN_SITES)
    marked = badge_images(assets_dir())
    plain = plain_badge_images(assets_dir())
    assert len(plain) == 2 * len(PLAIN_SITES)
    for k, site in enumerate(PLAIN_SITES):
        at = 2 * SITE_ORDER.index(site)
        for face in (0, 1):  # detailed, simple
            a, b = marked[at + face].convert("RGB"), plain[2 * k + face].convert("RGB")
            assert _difference(a, b) > 1.0, (site, face)
        assert badge_layers(site, symbols=False) != badge_layers(site)
    for site in SITE_ORDER:
        if site not in PLAIN_SITES:  # glyphs that name the site: the same either way
            assert badge_layers(site, symbols=False) == badge_layers(site)


def test_with_symbols_off_the_danger_levels_differ_by_colour_alone() -> None:
    """The plain faces carry the same ink (the shared glyph), the marked ones 1, 2, 3 marks."""
    marked = badge_images(assets_dir())
    plain = plain_badge_images(assets_dir())
    for face in (0, 1):  # detailed, simple
        rims = [_dark(plain[2 * k + 1]) for k in range(len(DANGERS))]  # the outline alone
        marks = [
            _dark(marked[2 * SITE_ORDER.index(site) + face]) - rim
            for site, rim in zip(DANGERS, rims, strict=True)
        ]
        assert min(marks) > 100, marks  # every marked face carries its marks (or pips)
        if face == 0:  # one, two, three "!"
            assert marks[0] * 1.3 < marks[1] and marks[1] * 1.2 < marks[2], marks
        inks = [_dark(plain[2 * k + face]) - rims[k] for k in range(len(DANGERS))]
        assert max(inks) - min(inks) <= max(5, max(inks) * 0.05), inks
    for a, b in ((0, 1), (1, 2), (0, 2)):  # the colours still tell them apart
        assert _difference(plain[2 * a].convert("RGB"), plain[2 * b].convert("RGB")) > 6


def test_the_zone_layer_draws_the_plain_dangers_with_symbols_off(win: StalkerWindow) -> None:
    for size in (20.0, 9.0):  # the default zoom (detailed faces) and zoomed out (simple faces)
        marked = _row(win, DANGERS, size, symbols=True)
        plain = _row(win, DANGERS, size, symbols=False)
        for site, a, b in zip(DANGERS, marked, plain, strict=True):
            assert _difference(a, b) > 1.0, f"{site} looks the same with symbols off ({size})"
        for i, j in ((0, 1), (1, 2), (0, 2)):
            assert _difference(plain[i], plain[j]) > 6
    others = tuple(site for site in SITE_ORDER if site not in DANGERS)
    on, off = _row(win, others, 20, symbols=True), _row(win, others, 20, symbols=False)
    for site, a, b in zip(others, on, off, strict=True):
        assert a.tobytes() == b.tobytes(), f"{site} changed with the setting"


def _board(win: StalkerWindow) -> tuple[GameSession, BoardView]:
    seats = (SeatSpec("Anna", "gromoboy"), SeatSpec("Boris", "nosorog"))
    session = GameSession.start(win.app, GameSpec(seed=5, seats=seats, zone_mode="free"))
    session.worker.synchronous = True
    session.autosave_enabled = False
    win.app.session = session
    session.show(win)
    if current(win).kind == "handover":
        key(win, arcade.key.SPACE)
    frame(win, updates=2)
    return session, shown(win, BoardView)


def _hex_crop(win: StalkerWindow, view: BoardView, h: Hex) -> Image.Image:
    x, y = view.camera.to_screen(*hexgeom.world(h.q, h.r, HEX))
    half = HEX * view.camera.zoom * 0.6
    top = win.height - y
    return pixels(win).crop(
        (round(x - half), round(top - half), round(x + half), round(top + half))
    )


@pytest.mark.slow
def test_the_board_redraws_its_danger_badges_when_the_setting_changes(win: StalkerWindow) -> None:
    session, view = _board(win)
    zone = session.state.zone_map
    danger = next(h for site in DANGERS for h in zone.site_hexes(site))
    standing = {p.position for p in session.state.players}
    # a site that is not a danger, near it and with no stalker on it: the same either way
    other = min(
        (
            h
            for site in (Site.ANOMALY, Site.EVENT)
            for h in zone.site_hexes(site)
            if h not in standing
        ),
        key=lambda h: abs(h.q - danger.q) + abs(h.r - danger.r),
    )
    view.camera.camera.zoom = 1.0  # the world texture at its own size: crops compare exactly
    view.camera.camera.position = hexgeom.world(danger.q, danger.r, HEX)
    frame(win)
    frame(win)  # the world texture rendered again at the settled zoom
    assert win.app.settings.colour_blind_symbols  # the default: marks on
    marked, other_before = _hex_crop(win, view, danger), _hex_crop(win, view, other)
    assert view.camera.inside(*view.camera.to_screen(*hexgeom.world(other.q, other.r, HEX)))
    # Settings -> "colour-blind symbols" off, then back to the board (Esc)
    settings = win.show_screen("settings", back=view)
    frame(win)
    settings_toggle = next(
        b
        for b in settings.ui.walk_widgets()
        if isinstance(b, arcade.gui.UIFlatButton) and b.text == "On"
    )
    x, y = settings_toggle.rect.center
    win.dispatch_event("on_mouse_press", x, y, 1, 0)
    win.dispatch_event("on_mouse_release", x, y, 1, 0)
    win.dispatch_events()
    assert win.app.settings.colour_blind_symbols is False
    key(win, arcade.key.ESCAPE)
    frame(win, updates=2)
    board = shown(win, BoardView)
    board.camera.camera.zoom = 1.0
    board.camera.camera.position = hexgeom.world(danger.q, danger.r, HEX)
    frame(win)
    frame(win)
    plain = _hex_crop(win, board, danger)
    assert _difference(marked, plain) > 1.0, "the danger badge kept its marks with symbols off"
    assert _difference(other_before, _hex_crop(win, board, other)) < 0.5
    # on again: the marks come back
    win.app.update_settings(replace(win.app.settings, colour_blind_symbols=True))
    board.rebuild()
    frame(win)
    assert _difference(marked, _hex_crop(win, board, danger)) < 0.5


def test_the_layout_tray_zone_and_preview_follow_the_setting(win: StalkerWindow) -> None:
    seats = (SeatSpec("Anna", "gromoboy"), SeatSpec("Boris", "nosorog"))
    session = GameSession.start(win.app, GameSpec(seed=3, seats=seats))
    session.autosave_enabled = False
    win.app.session = session
    session.viewer = session.state.current_player
    marked = {badge_layers(site)[0] for site in DANGERS}
    plain = {badge_layers(site, symbols=False)[0] for site in DANGERS}
    layers: dict[bool, set[float]] = {}
    for symbols in (True, False):
        win.app.update_settings(replace(win.app.settings, colour_blind_symbols=symbols))
        session.show(win)
        if current(win).kind == "handover":
            key(win, arcade.key.SPACE)
        frame(win, updates=2)
        view = shown(win, LayoutView)
        layers[symbols] = set().union(*(_danger_layers(t.badges) for *_box, t in view.tray.shown))
    assert layers[True] & marked and not layers[True] & plain
    assert layers[False] & plain and not layers[False] & marked


def _hue_saturation_luma(colour: tuple[int, ...]) -> tuple[float, float, float]:
    r, g, b = (c / 255 for c in colour[:3])
    hue, _lightness, saturation = colorsys.rgb_to_hls(r, g, b)
    return hue * 360, saturation, 0.299 * r + 0.587 * g + 0.114 * b


def test_the_reach_light_is_no_terrain_colour_and_reads_by_lightness() -> None:
    """A lit hex (TURN-2) is never taken for water or any other terrain: its hue is none of
    theirs, and its edge is far lighter than any of them (read without telling hues apart)."""
    fill_hue, fill_sat, _ = _hue_saturation_luma(tuple(theme.REACH))
    edge_hue, edge_sat, edge_luma = _hue_saturation_luma(tuple(theme.REACH_EDGE))
    for terrain, colour in theme.TERRAIN.items():
        hue, saturation, luma = _hue_saturation_luma(tuple(colour))
        for lit_hue in (fill_hue, edge_hue):
            gap = min(abs(lit_hue - hue), 360 - abs(lit_hue - hue))
            assert gap >= 25 or saturation < 0.25, f"the reach light has the hue of {terrain}"
        assert min(fill_sat, edge_sat) >= saturation + 0.3, terrain
        assert edge_luma >= luma + 0.3, f"the reach edge is not lighter than {terrain}"
    water = _hue_saturation_luma(tuple(theme.TERRAIN[Terrain.WATER]))[0]
    assert min(abs(fill_hue - water), 360 - abs(fill_hue - water)) > 120  # its opposite


def rgb(image: Image.Image, point: tuple[int, int]) -> tuple[int, int, int]:
    r, g, b = image.getpixel(point)  # type: ignore[misc]  # an RGB image's pixel
    return int(r), int(g), int(b)


def test_the_board_lights_reachable_hexes_with_a_bright_warm_edge(win: StalkerWindow) -> None:
    _session, view = _board(win)
    assert view.routes
    zoom = view.camera.zoom
    edge_points = []
    for h in sorted(view.routes):
        x, y = hexgeom.world(h.q, h.r, HEX)
        a, b = hexgeom.corners(x, y, HEX - 1.5)[:2]  # the middle of a side, on the edge line
        sx, sy = view.camera.to_screen((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        if view.camera.inside(sx, sy):
            edge_points.append((round(sx), win.height - 1 - round(sy)))
    assert len(edge_points) >= 3 and zoom > 0
    image = pixels(win)
    lit = [rgb(image, p) for p in edge_points]
    view.routes = {}  # the same hexes unlit
    view.build_reach()
    view.version += 1
    frame(win)
    image = pixels(win)
    unlit = [rgb(image, p) for p in edge_points]
    warmer = sum(1 for a, b in zip(lit, unlit, strict=True) if a[0] - a[2] > b[0] - b[2] + 20)
    lighter = sum(1 for a, b in zip(lit, unlit, strict=True) if sum(a) > sum(b) + 90)
    assert warmer >= 0.8 * len(lit) and lighter >= 0.8 * len(lit), (lit, unlit)
