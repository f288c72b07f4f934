"""Stalker tokens: the portrait with the seat's colour and number; each lies inside its own hex
(on a site's hex in its lower half, the icon's upper half clear), and tokens sharing a hex never
lie over each other."""

from __future__ import annotations

import itertools
import math

import pytest
from PIL import Image, ImageChops, ImageStat

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.render.tokens import (
    PICTURE,
    RADIUS,
    Spot,
    lone_radius,
    seat_colour,
    token_picture,
    token_places,
)
from stalkerzone.client.render.zone_layer import HEX
from stalkerzone.engine.zone import Hex
from tests.client.test_client_screens import start
from tests.support.base import base_cards
from tests.support.window import frame

HOME = Hex(0, 0)


def _apart(spots: list[Spot]) -> None:
    for a, b in itertools.combinations(spots, 2):
        assert math.dist((a.x, a.y), (b.x, b.y)) >= a.radius + b.radius - 1e-6, (a, b)


def _inside_own_hex(places: dict[int, Spot], positions: dict[int, Hex]) -> None:
    inscribed = HEX * math.sqrt(3.0) / 2
    for index, spot in places.items():
        where = positions[index]
        cx, cy = hexgeom.world(where.q, where.r, HEX)
        assert math.dist((spot.x, spot.y), (cx, cy)) + spot.radius <= inscribed + 1e-6, (
            index,
            spot,
        )
        # the token is drawn on its own hex: its centre picks that hex
        assert hexgeom.pick(spot.x, spot.y, HEX) == (where.q, where.r)


@pytest.mark.parametrize("players", range(1, 7))
@pytest.mark.parametrize("scale", [1.0, 1.6])
@pytest.mark.parametrize("site", [True, False])
def test_every_token_lies_inside_its_own_hex_apart_from_the_others(
    players: int, scale: float, site: bool
) -> None:
    where = Hex(2, -1)
    positions = {k: where for k in range(players)}
    places = token_places(positions, {where} if site else set(), scale)
    assert set(places) == set(positions)
    _inside_own_hex(places, positions)
    _apart(list(places.values()))


@pytest.mark.parametrize("players", range(1, 5))
def test_tokens_on_a_site_keep_to_the_lower_half_of_the_hex(players: int) -> None:
    places = token_places({k: HOME for k in range(players)}, {HOME})
    _, cy = hexgeom.world(0, 0, HEX)
    for spot in places.values():
        assert spot.y + spot.radius < cy, spot  # the icon's upper half stays in sight
        assert spot.radius >= HEX * 0.19  # still big enough to read the portrait


def test_tokens_on_neighbouring_hexes_each_stay_on_their_own() -> None:
    positions = {0: HOME, 1: Hex(0, 1), 2: Hex(0, 1), 3: Hex(1, 0), 4: Hex(-1, 1)}
    places = token_places(positions, {HOME, Hex(1, 0)}, 1.6)
    _inside_own_hex(places, positions)
    _apart(list(places.values()))


def test_a_lone_token_on_a_plain_hex_sits_at_its_centre_larger() -> None:
    spot = token_places({0: Hex(1, 2)})[0]
    assert (spot.x, spot.y) == hexgeom.world(1, 2, HEX) and spot.radius == RADIUS


def test_token_picture_shows_the_portrait_the_seat_colour_and_its_number() -> None:
    stalkers = {s.id: s for s in base_cards().stalkers}
    one = token_picture(stalkers["gromoboy"].art, 0, False)
    other = token_picture(stalkers["bugai"].art, 0, False)
    assert one.size == (PICTURE, PICTURE)
    centre = (PICTURE // 2 - 8, PICTURE // 2 - 8, PICTURE // 2 + 8, PICTURE // 2 + 8)
    differ = ImageChops.difference(one.crop(centre), other.crop(centre)).convert("L")
    assert ImageStat.Stat(differ).mean[0] > 10, "two stalkers' portraits look alike"
    ring = one.getpixel((round(PICTURE * 0.055), PICTURE // 2))  # left edge, in the ring
    assert isinstance(ring, tuple)
    assert all(abs(a - b) < 30 for a, b in zip(ring[:3], seat_colour(0)[:3], strict=True))
    badge = (round(PICTURE * 0.64), round(PICTURE * 0.64), PICTURE - 4, PICTURE - 4)
    numbers = [token_picture(stalkers["gromoboy"].art, k, False).crop(badge) for k in (0, 3)]
    diff = ImageChops.difference(numbers[0].convert("L"), numbers[1].convert("L"))
    assert diff.getbbox() is not None, "seat numbers differ on the badge"
    current = token_picture(stalkers["gromoboy"].art, 0, True).getpixel((PICTURE // 2, 1))
    assert isinstance(current, tuple) and current[3] > 200  # the amber turn ring


def test_a_stalker_without_art_still_gets_a_token() -> None:
    image = token_picture(None, 2, False)
    assert isinstance(image, Image.Image) and image.getpixel((PICTURE // 2, PICTURE // 2))


def test_the_board_draws_each_stalker_token_with_its_portrait(win: StalkerWindow) -> None:
    session = start(win, seats=3)
    win.show_screen("board")
    frame(win)
    view = win.current_screen
    layer = view.tokens  # type: ignore[union-attr]
    state = session.view
    names = sorted(sprite.texture.atlas_name for sprite in layer.sprites)
    for index, player in enumerate(state.players):
        art = state.cards.get(player.stalker).art
        assert any(f"token:{art}:{index}:" in name for name in names), (index, names)
    _apart(list(layer.places.values()))


def test_a_walking_token_is_the_same_portrait_at_the_resting_size(win: StalkerWindow) -> None:
    session = start(win, seats=2)
    win.show_screen("board")
    frame(win)
    layer = win.current_screen.tokens  # type: ignore[union-attr]
    state = session.view
    art = state.cards.get(state.players[1].stalker).art
    layer.draw_walker(1, 40.0, 60.0)
    sprite = layer.walking[0]
    assert sprite.texture is layer.faces.get(art, 1, True)
    assert sprite.position == (40.0, 60.0) and sprite.width == lone_radius(layer.scale) * 2
