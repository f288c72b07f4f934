"""The project's images: every base card has its own art, every site its icon, and the credits
name the source, licence and author of every vendored icon (assets/CREDITS.md)."""

from __future__ import annotations

import hashlib
import itertools
import re
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from stalkerzone.engine.core import Site
from tests.support.base import base_cards

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
CARD_ART = ROOT / "cards" / "art"
SITE_ICON_NAMES = (
    "village",
    "military_base",
    "laboratory",
    "epicenter",
    "danger",
    "anomaly",
    "event",
)
TERRAINS = ("open", "ruins", "forest", "swamp", "water", "anomaly")
AUTHOR_LINE = re.compile(
    r"<!-- Game Icons: (?P<name>[a-z0-9-]+) by (?P<author>[^,]+), CC BY 3\.0 -->"
)


def _rgb(path: str | Path) -> Image.Image:
    with Image.open(path) as image:
        rgb: Image.Image = image.convert("RGB")
    return rgb


def test_every_base_card_has_its_own_png_art_inside_the_pack() -> None:
    cards = list(base_cards())
    assert len(cards) > 100
    digests: dict[str, str] = {}
    for card in cards:
        assert card.art is not None, f"{card.id} has no art"
        path = Path(card.art)
        assert path.resolve() == (CARD_ART / f"{card.id}.png").resolve(), card.art
        with Image.open(path) as image:
            assert image.format == "PNG", card.id
            assert min(image.size) >= 128, (card.id, image.size)
            image.load()
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        assert digest not in digests, f"{card.id} has the same art as {digests.get(digest)}"
        digests[digest] = card.id


def test_monster_art_differs_pairwise_pixel_by_pixel() -> None:
    monsters = base_cards().monsters
    assert len(monsters) >= 20
    images = {m.id: _rgb(str(m.art)) for m in monsters}
    for (a, image_a), (b, image_b) in itertools.combinations(images.items(), 2):
        assert image_a.size == image_b.size
        diff = ImageStat.Stat(ImageChops.difference(image_a, image_b).convert("L")).mean[0]
        assert diff > 8.0, f"the art of {a} and {b} look alike (mean difference {diff:.1f})"


def test_the_client_loads_the_art_as_a_texture() -> None:
    from stalkerzone.client.render.card_art import art_texture

    for card in base_cards().monsters[:3]:
        texture = art_texture(str(card.art))
        assert texture is not None, card.id
        assert texture.width >= 128


def test_credits_name_every_vendored_svg_with_its_author_and_licence() -> None:
    credits = (ASSETS / "CREDITS.md").read_text(encoding="utf-8")
    assert "CC BY 3.0" in credits and "game-icons.net" in credits
    svgs = sorted((ASSETS / "icons" / "svg").glob("*.svg"))
    assert len(svgs) >= 100
    for svg in svgs:
        match = AUTHOR_LINE.search(svg.read_text(encoding="utf-8"))
        assert match is not None and match["name"] == svg.stem, f"{svg.name}: no author line"
        row = next((line for line in credits.splitlines() if f"`{svg.name}`" in line), None)
        assert row is not None, f"CREDITS.md does not name {svg.name}"
        assert match["author"] in row, f"CREDITS.md gives {svg.name} another author"


@pytest.mark.parametrize("name", SITE_ICON_NAMES)
def test_every_site_has_a_white_icon_on_transparency(name: str) -> None:
    with Image.open(ASSETS / "icons" / "sites" / f"{name}.png") as image:
        rgba = image.convert("RGBA")
    alpha = rgba.getchannel("A")
    low, high = alpha.getextrema()
    assert low == 0 and high == 255, "a glyph on a transparent background"
    opaque = Image.new("L", rgba.size, 0)
    opaque.paste(255, mask=alpha.point(lambda a: 255 if a > 200 else 0))
    assert ImageStat.Stat(rgba.convert("L"), opaque).mean[0] > 240, "white, to be tinted"


def test_every_board_site_maps_to_a_site_icon() -> None:
    for site in Site:
        icon = "danger" if site.value.startswith("danger_") else site.value
        assert icon in SITE_ICON_NAMES, site


@pytest.mark.parametrize("terrain", TERRAINS)
def test_terrain_textures_tile_without_a_seam(terrain: str) -> None:
    image = _rgb(ASSETS / "textures" / f"{terrain}.png").convert("L")
    width, height = image.size
    edge = ImageChops.difference(
        image.crop((0, 0, 1, height)), image.crop((width - 1, 0, width, height))
    )
    inner = ImageChops.difference(
        image.crop((0, 0, 1, height)), image.crop((width // 2, 0, width // 2 + 1, height))
    )
    assert ImageStat.Stat(edge).mean[0] < ImageStat.Stat(inner).mean[0], terrain


def test_assets_stay_small() -> None:
    files = [p for p in (*ASSETS.rglob("*"), *CARD_ART.rglob("*")) if p.is_file()]
    assert sum(p.stat().st_size for p in files) < 6 * 1024 * 1024


def test_every_base_stalker_has_a_portrait_of_its_own() -> None:
    """ST-3: the six characters, each with a portrait as its card art (credited by icon)."""
    credits = (ASSETS / "CREDITS.md").read_text(encoding="utf-8")
    stalkers = base_cards().stalkers
    assert len(stalkers) == 6
    images = {}
    for stalker in stalkers:
        assert stalker.art is not None, stalker.id
        assert Path(stalker.art).resolve() == (CARD_ART / f"{stalker.id}.png").resolve()
        images[stalker.id] = _rgb(stalker.art)
        assert min(images[stalker.id].size) >= 256, stalker.id
        assert f"portrait {stalker.id}" in credits, f"CREDITS.md names no head for {stalker.id}"
    for (a, image_a), (b, image_b) in itertools.combinations(images.items(), 2):
        hue_a, hue_b = ImageStat.Stat(image_a).mean, ImageStat.Stat(image_b).mean
        assert max(abs(x - y) for x, y in zip(hue_a, hue_b, strict=True)) > 6, (a, b)


def test_credits_account_for_every_committed_asset() -> None:
    """Each file under assets/ and cards/art/ is named in CREDITS.md, or its folder is."""
    credits = (ASSETS / "CREDITS.md").read_text(encoding="utf-8")
    files = [p for p in (*ASSETS.rglob("*"), *CARD_ART.rglob("*")) if p.is_file()]
    assert len(files) > 200
    for path in files:
        if path.parent == ASSETS and path.suffix == ".md":
            continue
        rel = path.relative_to(ROOT)
        folders = [rel.parents[k].as_posix() for k in range(len(rel.parents) - 1)]
        named = f"`{path.name}`" in credits or f"`{rel.parent.name}/{path.name}`" in credits
        foldered = any(
            f"`{folder}/`" in credits or f"`{folder}/*{path.suffix}`" in credits
            for folder in folders
        )
        assert named or foldered, f"CREDITS.md does not account for {rel}"
