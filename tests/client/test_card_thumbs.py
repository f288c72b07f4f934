"""Cards look like cards wherever they appear: the stalker card's slots, backpack and holdings,
the base's rows and the reveals draw the face of the right card (art, name, numbers) from the
face renderer, rendered once into a texture kept by the window's context; a custom pack's art
shows the same way."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

from stalkerzone.client.app.context import AppContext, Presets
from stalkerzone.client.app.settings import Settings
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.render.card_face import CardFace
from stalkerzone.client.render.card_thumbs import CardThumbnails, FaceLook, face_key
from stalkerzone.client.screens.bases.screen import BaseScreen
from stalkerzone.client.screens.board import BoardView
from stalkerzone.client.screens.stalker.screen import StalkerView
from stalkerzone.client.text import i18n
from stalkerzone.engine.play import card_id
from tests.client.test_client_screens import me, set_state, start
from tests.client.test_reveal import onto_event_hex
from tests.support.game import edit
from tests.support.window import frame, opened, pixels

MAGENTA = (230, 20, 220)


def face_card_id(name: str) -> str:
    """The card id a rendered face's texture was made for (``face_key``)."""
    assert name.startswith("card-face:"), name
    return name.split(":")[1]


def art_region(texture_image: Image.Image, face: CardFace) -> Image.Image:
    """The square a compact tile keeps for its art (top-down image coordinates)."""
    side = round(face.art_side)
    top = round((texture_image.height - side) / 2)  # centred in the tile's height
    return texture_image.crop((8, top, 8 + side, top + side)).convert("RGB")


def test_the_stalker_card_draws_every_card_from_its_face_texture(win: StalkerWindow) -> None:
    session = start(win)
    state = session.state
    player = me(session)
    stock = state.decks.stock
    weapon = next(c for c in stock if card_id(c) == "ak-47")
    pack = tuple(c for c in stock if card_id(c) in ("medkit", "gas-mask"))
    rest = tuple(c for c in stock if c != weapon and c not in pack)
    state = replace(state, decks=replace(state.decks, stock=rest))
    set_state(session, edit(state, state.current_player, weapon=weapon, backpack=pack))
    view = opened(win.show_screen("stalker"), StalkerView)
    frame(win)
    shown = [face_card_id(t.sprite.texture.atlas_name) for t in view.tiles.tiles]
    assert shown == view.tiles.card_ids()
    assert "ak-47" in shown and "medkit" in shown and "gas-mask" in shown
    assert player.stalker in shown  # the character's own card, with its portrait
    slots = {instance: face for face, instance, _where in view.faces}
    for tile in view.tiles.tiles:
        assert tile.sprite.texture.width == math.ceil(tile.face.width)
    # the slot's face shows the card's art at its left
    ak = next(t for t in view.tiles.tiles if t.card.id == "ak-47")
    assert ak.face is slots[weapon] and ak.face.art_side > 0
    assert ak.card.art is not None
    with Image.open(ak.card.art) as art:
        expected = art.convert("RGB").resize((round(ak.face.art_side),) * 2)
    got = art_region(ak.sprite.texture.image, ak.face)
    assert _distance(ImageStat.Stat(got).mean, ImageStat.Stat(expected).mean) < 12
    # a face shown twice (three gas masks) was rendered once
    distinct = {t.sprite.texture.atlas_name for t in view.tiles.tiles}
    assert len(distinct) < len(shown) and view.app.thumbnails().rendered == len(distinct)


def test_the_shop_rows_draw_the_face_of_their_card(win: StalkerWindow) -> None:
    session = start(win)
    set_state(session, edit(session.state, session.state.current_player, cash=5000))
    view = opened(win.show_screen("base"), BaseScreen)
    frame(win)
    rows = sorted((h for h in view.hits.items if h.key.startswith("buy:")), key=lambda h: -h.top)
    faces = sorted(view.tiles.tiles, key=lambda t: -t.face.top)
    row_faces = [t for t in faces if t.face.compact]
    assert len(rows) == len(row_faces) > 3
    for hit, tile in zip(rows, row_faces, strict=True):
        assert hit.key == f"buy:{face_card_id(tile.sprite.texture.atlas_name)}"
        assert tile.face.bottom == hit.bottom and tile.face.art_side > 0
    assert len(view.tiles.sprites) == len(view.tiles.tiles)  # every face in the one sprite list


def test_a_revealed_card_is_drawn_from_its_face_texture(win: StalkerWindow) -> None:
    session = start(win)
    move = onto_event_hex(session, "checkpoint-bribe")
    session.viewer = 0
    view = opened(win.show_screen("board"), BoardView)
    frame(win, updates=2)
    view.do(move)
    frame(win, updates=100)  # the token walks there, the card flies from the deck first
    overlay = view.reveals
    assert overlay.current is not None and overlay.face_texture is not None
    assert face_card_id(overlay.face_texture.atlas_name) == "checkpoint-bribe"
    left, bottom, width, height = overlay.card_box
    assert (overlay.face_texture.width, overlay.face_texture.height) == (
        math.ceil(width),
        math.ceil(height),
    )
    top = win.height - bottom
    shown_now = pixels(win).crop((int(left), int(top - height), int(left + width), int(top)))
    texture = overlay.face_texture.image.convert("RGB").crop((0, 0, int(width), int(height)))
    same = ImageStat.Stat(ImageChops.difference(shown_now, texture).convert("L")).mean[0]
    assert same < 8, "the face on screen is the rendered texture"


def test_thumbnails_render_each_face_once_per_language_and_size(win: StalkerWindow) -> None:
    cards = win.app.cards().cards
    thumbnails = CardThumbnails()
    card = cards.get("medkit")
    first = thumbnails.texture(card, 200, 58, FaceLook(compact=True))
    assert thumbnails.texture(card, 200, 58, FaceLook(compact=True)) is first
    assert thumbnails.rendered == 1
    other = thumbnails.texture(card, 201, 58, FaceLook(compact=True))
    assert other is not first and thumbnails.rendered == 2
    i18n.set_language("ru")
    russian = thumbnails.texture(card, 200, 58, FaceLook(compact=True))
    key = face_key(card, 200, 58, FaceLook(compact=True))
    assert russian is not first and russian.atlas_name.startswith(key) and ":ru:" in key
    assert russian.image.tobytes() != first.image.tobytes()  # the name in Russian
    i18n.set_language("en")
    kept = CardThumbnails(kept=2)
    for width in (100, 110, 120):
        kept.texture(card, width, 58)
    assert len(kept.textures) == 2


def test_a_custom_packs_art_appears_in_a_slot(tmp_path: Path, win: StalkerWindow) -> None:
    pack = tmp_path / "swamp"
    (pack / "art").mkdir(parents=True)
    Image.new("RGB", (128, 128), MAGENTA).save(pack / "art" / "bog-gun.png")
    (pack / "pack.toml").write_text(
        'format = 1\n[pack]\nid = "swamp"\nname = "Swamp kit"\nversion = "1.0.0"\n',
        encoding="utf-8",
    )
    (pack / "weapons.toml").write_text(
        '[[weapon]]\nart = "art/bog-gun.png"\nid = "bog-gun"\nname = "Bog gun"\n'
        'weapon_type = "rifle"\nattack = "2d6"\nprice = 300\nsold_at = ["village"]\n',
        encoding="utf-8",
    )
    win.app = AppContext(presets=Presets(card_dirs=(pack,)), settings=Settings())
    session = start(win)
    state = session.state
    gun = next(c for c in state.decks.stock if card_id(c) == "bog-gun")
    stock = tuple(c for c in state.decks.stock if c != gun)
    state = replace(state, decks=replace(state.decks, stock=stock))
    set_state(session, edit(state, state.current_player, weapon=gun))
    view = opened(win.show_screen("stalker"), StalkerView)
    frame(win)
    tile = next(t for t in view.tiles.tiles if t.card.id == "bog-gun")
    region = art_region(tile.sprite.texture.image, tile.face)
    assert _distance(ImageStat.Stat(region).mean, MAGENTA) < 20


def _distance(a: list[float] | tuple[float, ...], b: list[float] | tuple[float, ...]) -> float:
    return max(abs(x - y) for x, y in zip(a[:3], b[:3], strict=True))
