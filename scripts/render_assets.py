"""Render the project's images from the vendored Game Icons SVGs (a development tool).

Two steps, both writing into the repository (the results are committed, so playing needs no
build step):

``vendor``  copies the chosen icons out of the ``@iconify-json/game-icons`` npm package into
            ``assets/icons/svg/`` with their author, read from a checkout of
            github.com/game-icons/icons (one folder per author).
``render``  composes the base pack's card art (``cards/art/<card id>.png``; a stalker's art is
            the character's portrait: a head, the character's emblem and colour), the site icons
            (``assets/icons/sites/<site>.png``, white on transparent, for the board to tint),
            the procedural terrain textures (``assets/textures/<terrain>.png``, tileable) and
            ``assets/CREDITS.md``.

Needs ``resvg-py``, ``numpy`` and ``pillow``: ``pip install resvg-py``.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
import tomllib
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

ROOT = Path(__file__).resolve().parent.parent
SVG_DIR = ROOT / "assets" / "icons" / "svg"
SITE_DIR = ROOT / "assets" / "icons" / "sites"
TEXTURE_DIR = ROOT / "assets" / "textures"
ART_DIR = ROOT / "cards" / "art"
CARDS_DIR = ROOT / "cards"
CREDITS = ROOT / "assets" / "CREDITS.md"

ART_SIZE = 256
SITE_SIZE = 96
TEXTURE_SIZE = 128

# card id -> Game Icons name; every base card has its own icon
CARD_ICONS: dict[str, str] = {
    # monsters (and the epicenter guardian)
    "yellowbreast": "vulture",
    "gorynych": "hydra",
    "leshak": "evil-tree",
    "clawwing": "evil-bat",
    "blind-mole": "mole",
    "cerberus": "wolf-head",
    "blind-dog": "sniffing-dog",
    "flesh": "fleshy-mass",
    "boar": "boar",
    "zombie-stalker": "shambling-zombie",
    "rat-swarm": "rat",
    "snork": "half-body-crawling",
    "pseudodog": "wolf-howl",
    "poltergeist": "floating-ghost",
    "bloodsucker": "squid-head",
    "burer": "dwarf-face",
    "controller": "brain-tentacle",
    "chimera": "lion",
    "pseudogiant": "giant",
    "guardian": "cyclops",
    # weapons
    "pm-pistol": "pistol-gun",
    "berdan-rifle": "musket",
    "toz-34": "sawed-off-shotgun",
    "desert-eagle": "desert-eagle",
    "ak-47": "ak47",
    "saiga-12": "winchester-rifle",
    "svd": "thompson-m1",
    "groza": "famas",
    "gauss-rifle": "ray-gun",
    # weapon mods
    "rifle-sighting": "crosshair",
    "rifle-rifling": "supersonic-bullet",
    "rifle-scope": "telescope",
    "pistol-laser-sight": "target-laser",
    "pistol-ap-rounds": "bullets",
    "shotgun-slugs": "shotgun-rounds",
    "shotgun-choke": "convergence-target",
    "automatic-collimator": "eye-target",
    "automatic-ap-rounds": "machine-gun-magazine",
    "sniper-pso-scope": "arrow-scope",
    "sniper-ap-rounds": "silver-bullet",
    "gauss-battery": "battery-pack",
    # armour
    "gas-mask": "gas-mask",
    "army-helmet": "brodie-helmet",
    "sphere-helmet": "full-motorcycle-helmet",
    "leather-jacket": "sleeveless-jacket",
    "stalker-suit": "hoodie",
    "army-armour": "kevlar-vest",
    "seva-suit": "hazmat-suit",
    "exoskeleton": "battle-mech",
    # navigation, grenades, stimulators
    "zone-map": "treasure-map",
    "navigator": "gps",
    "rgd-5": "grenade",
    "f-1": "mine-explosion",
    "vog-25": "rolling-bomb",
    "vodka": "wine-bottle",
    "bandage": "bandage-roll",
    "medkit": "first-aid-kit",
    "army-medkit": "medical-pack",
    "scientific-medkit": "health-capsule",
    # artifacts
    "syt-grass": "high-grass",
    "medusa": "jellyfish",
    "stone-flower": "lotus-flower",
    "night-star": "polar-star",
    "thorn": "thorn-helix",
    "fireball": "fireball",
    "gravi": "gravitation",
    "flash": "thunderball",
    "kolobok": "spiked-ball",
    "compass": "compass",
    "soul": "soul",
    "goldfish": "tropical-fish",
    # events
    "monster-first": "monster-grasp",
    "stalker-twice": "night-sleep",
    "monster-max-attack": "enrage",
    "lose-protection": "raining",
    "protection-minus-one": "armor-downgrade",
    "zombie": "raise-zombie",
    "stash": "open-chest",
    "dead-courier": "hasty-grave",
    "bandits": "bandit",
    "checkpoint-bribe": "pay-money",
    "emission": "lightning-storm",
    "stray-bullet": "headshot",
    "campfire": "campfire",
    "field-medic": "medical-drip",
    "strange-find": "unstable-orb",
    "artifact-in-grass": "glowing-artifact",
    # orders
    "order-blind-dog-tail": "fox-tail",
    "order-flesh-eye": "eyeball",
    "order-boar-hoof": "hoof",
    "order-anomaly-readings": "radar-sweep",
    "order-lost-scout": "binoculars",
    "order-clear-the-road": "horizon-road",
    "order-medusa": "caduceus",
    "order-snork-mask": "underground-cave",
    "order-pseudodog-tail": "wolf-trap",
    "order-bloodsucker": "hunter-eyes",
    "order-gorynych-head": "dragon-head",
    "order-syt-grass": "grass",
    "order-recon-yellow": "spyglass",
    "order-controller-brain": "brain",
    "order-chimera-claw": "claws",
    "order-cerberus-collar": "spiked-collar",
    "order-blind-mole-paw": "paw-print",
    "order-soul": "soul-vessel",
    "order-red-zone-probe": "test-tubes",
    # stalkers: the emblem in the corner of their portrait (PORTRAITS)
    "gromoboy": "lightning-helix",
    "nosorog": "rhinoceros-horn",
    "shustry": "run",
    "mazhor": "sunglasses",
    "sledopyt": "footprint",
    "bugai": "charging-bull",
}


@dataclass(frozen=True)
class Portrait:
    """A character's portrait: a head (with an optional second icon over its lower half, in a
    dark tone), the emblem of the card in a badge, and the character's own background colour."""

    head: str
    colour: tuple[int, int, int]
    over: str = ""


# stalker id -> portrait (the emblem is CARD_ICONS[id])
PORTRAITS: dict[str, Portrait] = {
    "gromoboy": Portrait("ushanka", (54, 84, 150), over="beard"),
    "nosorog": Portrait("brute", (96, 100, 108)),
    "shustry": Portrait("bandana", (46, 116, 62)),
    "mazhor": Portrait("mustache", (150, 112, 30)),
    "sledopyt": Portrait("cowled", (32, 96, 88)),
    "bugai": Portrait("balaclava", (140, 42, 34)),
}

# board site -> Game Icons name (the three danger colours share one glyph, tinted by the board)
SITE_ICONS: dict[str, str] = {
    "village": "village",
    "military_base": "military-fort",
    "laboratory": "microscope",
    "epicenter": "nuclear-plant",
    "danger": "hazard-sign",
    "anomaly": "vortex",
    "event": "uncertainty",
}

# card-file table -> background tint of the art (RGB)
KIND_TINT: dict[str, tuple[int, int, int]] = {
    "monster": (112, 26, 22),
    "weapon": (64, 80, 98),
    "weapon_mod": (86, 90, 76),
    "armour": (44, 70, 96),
    "navigation": (26, 88, 84),
    "grenade": (82, 88, 28),
    "stimulator": (118, 32, 52),
    "artifact": (84, 38, 126),
    "event": (140, 84, 18),
    "order": (104, 78, 42),
    "stalker": (48, 80, 42),
}
GUARDIAN_TINT = (86, 18, 70)

# display names of the Game Icons authors whose folder name is not the name itself
AUTHOR_NAMES: dict[str, str] = {
    "lorc": "Lorc",
    "delapouite": "Delapouite",
    "skoll": "Skoll",
    "sbed": "Sbed",
    "caro-asercion": "Caro Asercion",
    "faithtoken": "Faithtoken",
    "john-colburn": "John Colburn",
    "lord-berandas": "Lord Berandas",
    "badges": "Badges",
    "heavenly-dog": "HeavenlyDog",
    "lucasms": "Lucas",
}
AUTHOR_RE = re.compile(
    r"<!-- Game Icons: (?P<name>[a-z0-9-]+) by (?P<author>[^,]+), CC BY 3\.0 -->"
)

TERRAINS = ("open", "ruins", "forest", "swamp", "water", "anomaly")


# vendoring
def _path_key(svg: str) -> str:
    """The start of an icon's path data, to tell apart icons of the same name."""
    found = re.findall(r'd="([^"]+)"', svg)
    data = next((d for d in found if d != "M0 0h512v512H0z"), "")
    return re.sub(r"[^0-9.]", " ", data[:40]).split()[:4].__repr__()


def _author(name: str, body: str, repo: Path) -> str:
    candidates = sorted(repo.glob(f"*/{name}.svg")) + sorted(repo.glob(f"*/*/{name}.svg"))
    if not candidates:
        raise SystemExit(f"{name}: not in the Game Icons checkout {repo}")
    if len(candidates) > 1:
        key = _path_key(body)
        candidates = [c for c in candidates if _path_key(c.read_text()) == key] or candidates
    folder = candidates[0].relative_to(repo).parts[0]
    return AUTHOR_NAMES.get(folder, folder.replace("-", " ").title())


def vendor(iconify_json: Path, repo: Path) -> None:
    icons = json.loads(iconify_json.read_text())["icons"]
    SVG_DIR.mkdir(parents=True, exist_ok=True)
    heads = {p.head for p in PORTRAITS.values()} | {p.over for p in PORTRAITS.values() if p.over}
    for name in sorted(set(CARD_ICONS.values()) | set(SITE_ICONS.values()) | heads):
        body = icons[name]["body"]
        author = _author(name, body, repo)
        svg = (
            f"<!-- Game Icons: {name} by {author}, CC BY 3.0 -->\n"
            f"<!-- https://game-icons.net  https://creativecommons.org/licenses/by/3.0/ -->\n"
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">{body}</svg>\n'
        )
        (SVG_DIR / f"{name}.svg").write_text(svg)
    print(f"vendored {len(list(SVG_DIR.glob('*.svg')))} icons into {SVG_DIR}")


# rendering
def glyph(name: str, size: int, colour: str = "#ffffff") -> Image.Image:
    """A vendored icon as an RGBA image of ``size`` pixels in one colour."""
    import resvg_py

    svg = (SVG_DIR / f"{name}.svg").read_text().replace("<svg ", f'<svg color="{colour}" ', 1)
    png = resvg_py.svg_to_bytes(svg_string=svg, width=size, height=size)
    return Image.open(io.BytesIO(bytes(png))).convert("RGBA")


def _smooth_noise(rng: np.random.Generator, size: int, cells: int) -> np.ndarray:
    """Tileable value noise in [0, 1]: a random grid upsampled with wrap-around."""
    grid = rng.random((cells, cells))
    reps = size // cells
    t = (np.arange(size) % reps) / reps
    t = t * t * (3 - 2 * t)
    i0 = np.arange(size) // reps
    i1 = (i0 + 1) % cells
    rows = grid[i0] * (1 - t)[:, None] + grid[i1] * t[:, None]
    out = rows[:, i0] * (1 - t)[None, :] + rows[:, i1] * t[None, :]
    return np.asarray(out)


def _fractal(rng: np.random.Generator, size: int, octaves: tuple[int, ...]) -> np.ndarray:
    total = np.zeros((size, size))
    weight = 1.0
    for cells in octaves:
        total += weight * _smooth_noise(rng, size, cells)
        weight *= 0.5
    total -= total.min()
    return np.asarray(total / max(total.max(), 1e-9))


def card_art(card_id: str, icon: str, tint: tuple[int, int, int]) -> Image.Image:
    """Light glyph with a soft glow on a dark radial gradient with a mottled texture."""
    size = ART_SIZE
    rng = np.random.default_rng(zlib.crc32(card_id.encode()))
    y, x = np.mgrid[0:size, 0:size] / (size - 1) - 0.5
    radius = np.sqrt(x * x + y * y) / 0.707
    light = np.clip(1.15 - radius * 1.05, 0.12, 1.0)
    mottle = 0.8 + 0.35 * _fractal(rng, size, (4, 8, 16, 32))
    base = np.array(tint, dtype=float)
    rgb = base[None, None, :] * (light * mottle)[:, :, None] * 1.25
    image = Image.fromarray(np.clip(rgb, 0, 255).astype(np.uint8)).convert("RGBA")
    draw = ImageDraw.Draw(image)
    ring = tuple(int(min(255, c * 1.9 + 30)) for c in tint)
    for inset, opacity in ((10, 90), (14, 40)):
        draw.rounded_rectangle(
            (inset, inset, size - 1 - inset, size - 1 - inset), 14, outline=(*ring, opacity)
        )
    icon_size = int(size * 0.7)
    pale = tuple(int(c + (255 - c) * 0.86) for c in tint)
    glyph_image = glyph(icon, icon_size, "#{:02x}{:02x}{:02x}".format(*pale))
    offset = ((size - icon_size) // 2, (size - icon_size) // 2)
    alpha = glyph_image.getchannel("A")
    layer = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    glow = Image.new("RGBA", (icon_size, icon_size), (*ring, 0))
    glow.putalpha(alpha.point(lambda a: a * 0.75))
    layer.paste(glow, offset)
    layer = layer.filter(ImageFilter.GaussianBlur(9))
    shadow = Image.new("RGBA", (icon_size, icon_size), (0, 0, 0, 0))
    shadow.putalpha(alpha.point(lambda a: a * 0.7))
    layer.alpha_composite(
        shadow.filter(ImageFilter.GaussianBlur(3)), (offset[0] + 4, offset[1] + 5)
    )
    layer.alpha_composite(glyph_image, offset)
    image.alpha_composite(layer)
    return image.convert("RGB").quantize(96, dither=Image.Dither.NONE)


def _glyph_with_shadow(
    layer: Image.Image, icon: str, size: int, at: tuple[int, int], colour: str, blur: int = 3
) -> None:
    """``icon`` in ``colour`` composed onto ``layer`` at ``at`` over its soft drop shadow."""
    image = glyph(icon, size, colour)
    shadow = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    shadow.putalpha(image.getchannel("A").point(lambda a: a * 0.75))
    layer.alpha_composite(shadow.filter(ImageFilter.GaussianBlur(blur)), (at[0] + 4, at[1] + 5))
    layer.alpha_composite(image, at)


def portrait(card_id: str, emblem: str, look: Portrait) -> Image.Image:
    """A character's portrait: on a field of the character's colour lit from behind the head,
    shoulders in shadow, the head in a pale tone (features cut out of it), the emblem in a
    badge at the lower right."""
    size = ART_SIZE
    tint = np.array(look.colour, dtype=float)
    rng = np.random.default_rng(zlib.crc32(("portrait:" + card_id).encode()))
    y, x = np.mgrid[0:size, 0:size] / (size - 1) - 0.5
    halo = np.sqrt(x * x + (y + 0.1) ** 2)
    light = np.clip(1.25 - halo * 1.9, 0.18, 1.0) * (1.0 - 0.35 * (y + 0.5))
    mottle = 0.82 + 0.3 * _fractal(rng, size, (4, 8, 16, 32))
    rgb = tint[None, None, :] * (light * mottle)[:, :, None] * 1.35
    image = Image.fromarray(np.clip(rgb, 0, 255).astype(np.uint8)).convert("RGBA")
    dark = tuple(int(c * 0.28) for c in look.colour)
    pale = "#{:02x}{:02x}{:02x}".format(*(int(c + (255 - c) * 0.88) for c in look.colour))
    rim = tuple(int(min(255, c * 1.9 + 40)) for c in look.colour)
    layer = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    coat = tuple(int(c * 0.55) for c in look.colour)
    shoulders = (size * 0.08, size * 0.68, size * 0.92, size * 1.4)
    draw.ellipse(shoulders, fill=(*coat, 255), outline=(*rim, 150), width=3)
    head = int(size * 0.64)
    at = ((size - head) // 2, int(size * 0.08))
    glow = glyph(look.head, head, "#{:02x}{:02x}{:02x}".format(*rim))
    halo_layer = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    halo_layer.alpha_composite(glow, at)
    layer.alpha_composite(halo_layer.filter(ImageFilter.GaussianBlur(10)))
    _glyph_with_shadow(layer, look.head, head, at, pale)
    if look.over:
        over = int(head * 0.6)
        spot = ((size - over) // 2, at[1] + head - over + int(head * 0.04))
        _glyph_with_shadow(layer, look.over, over, spot, "#{:02x}{:02x}{:02x}".format(*dark), 2)
    badge = int(size * 0.3)
    bx, by = size - badge - 14, size - badge - 14
    draw = ImageDraw.Draw(layer)
    draw.ellipse((bx, by, bx + badge, by + badge), fill=(*dark, 240), outline=(*rim, 255), width=3)
    mark = int(badge * 0.62)
    _glyph_with_shadow(
        layer, emblem, mark, (bx + (badge - mark) // 2, by + (badge - mark) // 2), pale, 2
    )
    image.alpha_composite(layer)
    draw = ImageDraw.Draw(image)
    for inset, opacity in ((6, 110), (10, 50)):
        draw.rounded_rectangle(
            (inset, inset, size - 1 - inset, size - 1 - inset), 14, outline=(*rim, opacity)
        )
    return image.convert("RGB").quantize(160, dither=Image.Dither.NONE)


def texture(terrain: str) -> Image.Image:
    """A small tileable terrain texture from fractal value noise (ours, project licence)."""
    size = TEXTURE_SIZE
    rng = np.random.default_rng(zlib.crc32(terrain.encode()))
    n = _fractal(rng, size, (4, 8, 16, 32, 64))
    fine = _fractal(rng, size, (32, 64, 128))
    if terrain == "open":
        low, high, mix = (70, 78, 44), (118, 116, 70), 0.75 * n + 0.25 * fine
    elif terrain == "ruins":
        blocks = _smooth_noise(rng, size, 8)
        mix = 0.5 * n + 0.3 * (blocks > 0.55) + 0.2 * fine
        low, high = (62, 60, 58), (128, 122, 112)
    elif terrain == "forest":
        low, high, mix = (22, 44, 24), (64, 96, 48), np.clip(n * 1.4 - 0.2, 0, 1) * 0.8 + 0.2 * fine
    elif terrain == "swamp":
        low, high = (34, 40, 26), (92, 96, 52)
        mix = np.where(n < 0.42, 0.1 + 0.2 * fine, 0.5 + 0.5 * fine * n)
    elif terrain == "water":
        y = np.arange(size)[:, None] / size
        ripple = 0.5 + 0.5 * np.sin(2 * np.pi * (4 * y + 1.5 * n))
        low, high, mix = (22, 48, 78), (64, 110, 140), 0.6 * ripple + 0.4 * fine
    else:  # anomaly
        ripple = 0.5 + 0.5 * np.sin(2 * np.pi * 6 * n)
        low, high, mix = (40, 26, 60), (130, 90, 160), 0.65 * ripple + 0.35 * fine
    lo, hi = np.array(low, dtype=float), np.array(high, dtype=float)
    rgb = lo + (hi - lo) * np.clip(mix, 0, 1)[:, :, None]
    return Image.fromarray(rgb.astype(np.uint8)).quantize(48, dither=Image.Dither.NONE)


def base_cards() -> list[tuple[str, str]]:
    """(card id, card-file table) of every card of the base pack."""
    found: list[tuple[str, str]] = []
    for path in sorted(CARDS_DIR.glob("*.toml")):
        data = tomllib.loads(path.read_text())
        for table, cards in data.items():
            if isinstance(cards, list):
                found.extend((card["id"], table) for card in cards)
    return found


def credits_text() -> str:
    rows = []
    for path in sorted(SVG_DIR.glob("*.svg")):
        match = AUTHOR_RE.search(path.read_text())
        if match is None:
            raise SystemExit(f"{path}: no author line")
        users = sorted(k for k, v in CARD_ICONS.items() if v == path.stem)
        users += sorted(
            f"portrait {k}" for k, v in PORTRAITS.items() if path.stem in (v.head, v.over)
        )
        users += sorted(f"site {k}" for k, v in SITE_ICONS.items() if v == path.stem)
        rows.append(f"| `{path.name}` | {match['author']} | {', '.join(users)} |")
    authors = sorted({AUTHOR_RE.search(p.read_text())["author"] for p in SVG_DIR.glob("*.svg")})  # type: ignore[index]
    return "\n".join(
        [
            "# Credits",
            "",
            "## Game Icons (icons, card art, site icons)",
            "",
            "Source: [game-icons.net](https://game-icons.net), taken from the npm package",
            "`@iconify-json/game-icons` (github.com/game-icons/icons). Licence:",
            "[Creative Commons Attribution 3.0 (CC BY 3.0)](https://creativecommons.org/licenses/by/3.0/).",
            f"Icons made by {', '.join(authors)}.",
            "",
            "The vendored SVGs are in `assets/icons/svg/`; the card art in `cards/art/` and the",
            "site icons in `assets/icons/sites/` are derived from them (recoloured, composed on a",
            "generated background) by `scripts/render_assets.py`; the client composes the site",
            "icons into the board's badges when it loads its art (`client/render/site_icons.py`).",
            "A stalker's card art is the character's portrait: a head icon (with a second icon",
            "over it for Gromoboy), the card's emblem in a badge and the character's own colour",
            "(the rows `portrait <stalker>` below); the board's tokens and the new-game screen",
            "show the same pictures.",
            "",
            "| icon | author | used for |",
            "|---|---|---|",
            *rows,
            "",
            "## Generated textures and backgrounds",
            "",
            "`assets/textures/*.png` and the card-art backgrounds are generated procedurally by",
            "`scripts/render_assets.py` (fractal value noise). They are ours and are covered by",
            "the project's licence. `assets/textures/board/` holds the board's texture arrays",
            "composed from them and the site icons (`client/render/art_files.py`).",
            "",
        ]
    )


def kept_sections() -> str:
    """The sections of CREDITS.md another script writes (Sounds: scripts/make_sounds.py)."""
    text = CREDITS.read_text() if CREDITS.exists() else ""
    at = text.find("\n## Sounds")
    return text[at:] if at >= 0 else ""


def render() -> None:
    ART_DIR.mkdir(parents=True, exist_ok=True)
    SITE_DIR.mkdir(parents=True, exist_ok=True)
    TEXTURE_DIR.mkdir(parents=True, exist_ok=True)
    cards = base_cards()
    missing = [card_id for card_id, _ in cards if card_id not in CARD_ICONS]
    if missing:
        raise SystemExit(f"no icon chosen for {', '.join(missing)}")
    for card_id, table in cards:
        if table == "stalker":
            if card_id not in PORTRAITS:
                raise SystemExit(f"no portrait chosen for the stalker {card_id}")
            art = portrait(card_id, CARD_ICONS[card_id], PORTRAITS[card_id])
        else:
            tint = GUARDIAN_TINT if card_id == "guardian" else KIND_TINT[table]
            art = card_art(card_id, CARD_ICONS[card_id], tint)
        art.save(ART_DIR / f"{card_id}.png", optimize=True)
    for site, icon in SITE_ICONS.items():
        glyph(icon, SITE_SIZE).save(SITE_DIR / f"{site}.png", optimize=True)
    for terrain in TERRAINS:
        texture(terrain).save(TEXTURE_DIR / f"{terrain}.png", optimize=True)
    CREDITS.write_text(credits_text() + kept_sections())
    print(
        f"rendered {len(cards)} card arts, {len(SITE_ICONS)} site icons, {len(TERRAINS)} textures"
    )


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    steps = parser.add_subparsers(dest="step", required=True)
    vendor_step = steps.add_parser("vendor", help="copy the chosen icons into assets/icons/svg")
    vendor_step.add_argument("--iconify", type=Path, required=True, help="game-icons icons.json")
    vendor_step.add_argument(
        "--game-icons-repo", type=Path, required=True, help="checkout of game-icons/icons"
    )
    steps.add_parser("render", help="render card art, site icons, textures and CREDITS.md")
    args = parser.parse_args(argv)
    if args.step == "vendor":
        vendor(args.iconify, args.game_icons_repo)
    else:
        render()


if __name__ == "__main__":
    main(sys.argv[1:])
