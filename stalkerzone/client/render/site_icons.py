"""Site badges for the board (the §1 site table): printed-token faces made when the art loads from
the Game Icons glyphs in ``assets/icons/sites/`` (white, tinted here).

Sites are told apart by shape and mark as well as colour (colour-blind players): bases are
rounded plaques with their icon, dangers are warning triangles in the danger colour with one,
two or three "!" (MAP-2 green / yellow / red), anomalies are discs with a vortex, events are
diamonds with a question mark, the Epicenter a large red disc with its plant. Every badge also has
a simple face (shape, colour and count pips, no icon) that the shader shows when the badge is
drawn smaller than :data:`board_art.SMALL_BADGE_PX`.

The "!" marks and pips of a danger only repeat its colour, for colour-blind players: with the
"colour-blind symbols" setting off the dangers show their plain faces (:data:`PLAIN_SITES`: the
shared danger glyph, the level told by colour alone, as on the printed map). The glyphs of the
other sites name what the site is, so they stay whatever the setting.
"""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

from stalkerzone.client.render.board_art import LayeredMesh
from stalkerzone.client.widgets import theme
from stalkerzone.engine.core import Site

SIDE = 128  # texels of one badge face
_WORK = SIDE * 3  # drawn at three times the size, then smoothed down
INK = (18, 18, 14, 255)
DANGER_MARKS: dict[Site, int] = {Site.DANGER_GREEN: 1, Site.DANGER_YELLOW: 2, Site.DANGER_RED: 3}
SITE_ORDER: tuple[Site, ...] = tuple(Site)
BADGE_WIDTH: dict[Site, float] = {
    Site.VILLAGE: 1.45,
    Site.MILITARY_BASE: 1.45,
    Site.LABORATORY: 1.45,
    Site.EPICENTER: 1.75,
    Site.DANGER_GREEN: 1.5,
    Site.DANGER_YELLOW: 1.5,
    Site.DANGER_RED: 1.5,
    Site.ANOMALY: 1.3,
    Site.EVENT: 1.45,
}
"""World width of each badge texture, in hex radii (the face leaves room for its shadow)."""
PLAIN_SITES: tuple[Site, ...] = tuple(site for site in SITE_ORDER if site in DANGER_MARKS)
"""Sites whose marks are only a colour-blind aid: they have plain faces too (after the others)."""


def icon_file(site: Site) -> str:
    """The glyph of a site in ``assets/icons/sites/`` (the dangers share one)."""
    return "danger" if site in DANGER_MARKS else site.value


def badge_layers(site: Site, symbols: bool = True) -> tuple[float, float]:
    """(detailed face, simple face) array layers of a site; without ``symbols`` a danger's
    plain faces (no "!" marks, no pips), which follow the marked faces of every site."""
    if not symbols and site in PLAIN_SITES:
        k = len(SITE_ORDER) + PLAIN_SITES.index(site)
    else:
        k = SITE_ORDER.index(site)
    return float(2 * k), float(2 * k + 1)


def layer_total() -> int:
    """Layers of the badge array: two faces per site, two plain faces per :data:`PLAIN_SITES`."""
    return 2 * (len(SITE_ORDER) + len(PLAIN_SITES))


def _rgb(site: Site) -> tuple[int, int, int, int]:
    c = theme.SITE_COLOUR[site]
    return (c.r, c.g, c.b, 255)


def _shape(site: Site, s: float) -> list[tuple[float, float]] | None:
    """The badge outline at scale ``s`` (None: a disc)."""
    c = s / 2
    if site in (Site.VILLAGE, Site.MILITARY_BASE, Site.LABORATORY):
        return None  # a rounded rectangle, drawn apart
    if site in DANGER_MARKS:
        h = s * 0.74
        top, bottom = c - h * 0.58, c + h * 0.42
        return [(c, top), (c + h * 0.58, bottom), (c - h * 0.58, bottom)]
    if site is Site.EVENT:
        r = s * 0.4
        return [(c, c - r), (c + r, c), (c, c + r), (c - r, c)]
    return None


def _glyph(folder: Path, site: Site, side: int, colour: tuple[int, int, int, int]) -> Image.Image:
    path = folder / f"{icon_file(site)}.png"
    if not path.is_file():
        return Image.new("RGBA", (side, side), (0, 0, 0, 0))
    with Image.open(path) as image:
        alpha = image.convert("RGBA").getchannel("A").resize((side, side), Image.Resampling.LANCZOS)
    out = Image.new("RGBA", (side, side), colour)
    out.putalpha(alpha)
    return out


def _exclamation(draw: ImageDraw.ImageDraw, x: float, top: float, height: float) -> None:
    """A bold "!" drawn as shapes (no font): a tapering bar and a dot."""
    w = height * 0.3
    bar_bottom = top + height * 0.68
    draw.polygon(
        [
            (x - w / 2, top),
            (x + w / 2, top),
            (x + w * 0.28, bar_bottom),
            (x - w * 0.28, bar_bottom),
        ],
        fill=INK,
    )
    r = w * 0.42
    cy = top + height - r
    draw.ellipse((x - r, cy - r, x + r, cy + r), fill=INK)


def _mask(site: Site, s: int, inset: float) -> Image.Image:
    """The badge's shape as a mask, ``inset`` texels inside its outline."""
    c = s / 2
    mask = Image.new("L", (s, s), 0)
    draw = ImageDraw.Draw(mask)
    outline = _shape(site, s)
    if site in (Site.VILLAGE, Site.MILITARY_BASE, Site.LABORATORY):
        lo, hi = s * 0.17 + inset, s * 0.83 - inset
        draw.rounded_rectangle((lo, lo, hi, hi), radius=max(1.0, s * 0.11 - inset), fill=255)
    elif outline is not None:
        # rounded corners: the polygon grown by a round pen, the pen thinner for the inset
        cx = sum(p[0] for p in outline) / len(outline)
        cy = sum(p[1] for p in outline) / len(outline)
        pen = s * (0.09 if site in DANGER_MARKS else 0.06)
        width = max(1.0, pen - 2 * inset)
        if 2 * inset > pen:  # shrink the polygon itself for the rest
            extra = inset - pen / 2
            size = max(math.dist((cx, cy), p) for p in outline)
            f = max(0.1, 1 - extra * 2 / size)
            outline = [(cx + (px - cx) * f, cy + (py - cy) * f) for px, py in outline]
        draw.polygon(outline, fill=255)
        draw.line([*outline, outline[0]], fill=255, width=int(width))
        r = width / 2
        for px, py in outline:
            draw.ellipse((px - r, py - r, px + r, py + r), fill=255)
    else:
        r = s * (0.4 if site is Site.EPICENTER else 0.36) - inset
        draw.ellipse((c - r, c - r, c + r, c + r), fill=255)
    return mask


def badge_face(site: Site, icons: Path, simple: bool, symbols: bool = True) -> Image.Image:
    """One badge face, ``SIDE`` texels square (premultiplied by the loader); without
    ``symbols`` a danger shows the danger glyph (simple face: nothing) instead of its marks."""
    s = _WORK
    c = s / 2
    mask = _mask(site, s, 0.0)
    inner = _mask(site, s, s * 0.045)
    # shadow, rim (ink) and face
    image = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    shadow = Image.new("RGBA", (s, s), (0, 0, 0, 150))
    blurred = mask.resize((s // 8, s // 8)).filter(ImageFilter.GaussianBlur(1.5)).resize((s, s))
    image.paste(shadow, (int(s * 0.025), int(s * 0.035)), blurred)
    image.paste(Image.new("RGBA", (s, s), INK), (0, 0), mask)
    fill = _rgb(site) if site is not Site.EPICENTER else (150, 24, 34, 255)
    image.paste(Image.new("RGBA", (s, s), fill), (0, 0), inner)
    # a light bevel along the top of the face, like a printed token
    bevel = Image.new("L", (s, s), 0)
    ImageDraw.Draw(bevel).rectangle((0, 0, s, int(c * 0.9)), fill=46)
    bevel = bevel.resize((s // 8, s // 8)).filter(ImageFilter.GaussianBlur(1.5)).resize((s, s))
    image.paste(Image.new("RGBA", (s, s), (255, 255, 255, 255)), (0, 0), _and(bevel, inner))
    draw = ImageDraw.Draw(image)
    if site in DANGER_MARKS and not symbols:
        if not simple:
            _icon(image, site, icons, s)
    elif site in DANGER_MARKS:
        _danger_marks(draw, site, s, simple)
    elif simple:
        _simple_mark(draw, site, s)
    else:
        _icon(image, site, icons, s)
    return image.resize((SIDE, SIDE), Image.Resampling.LANCZOS)


def _and(a: Image.Image, b: Image.Image) -> Image.Image:
    from PIL import ImageChops

    return ImageChops.multiply(a, b)


def _danger_marks(draw: ImageDraw.ImageDraw, site: Site, s: float, simple: bool) -> None:
    n = DANGER_MARKS[site]
    c = s / 2
    if simple:  # big pips: still countable when small
        r = s * (0.085 if n < 3 else 0.07)
        gap = r * 2.5
        y = c + s * 0.06
        for k in range(n):
            x = c + (k - (n - 1) / 2) * gap
            draw.ellipse((x - r, y - r, x + r, y + r), fill=INK)
        return
    height = s * 0.3
    gap = s * 0.12
    for k in range(n):
        _exclamation(draw, c + (k - (n - 1) / 2) * gap, c - s * 0.1, height)


def _icon(image: Image.Image, site: Site, icons: Path, s: float) -> None:
    share = {Site.EPICENTER: 0.56, Site.ANOMALY: 0.5, Site.EVENT: 0.42}.get(site, 0.52)
    if site in DANGER_MARKS:
        share = 0.34  # inside the warning triangle
    side = int(s * share)
    colour = (250, 246, 236, 255) if site is Site.EPICENTER else INK
    glyph = _glyph(icons, site, side, colour)
    at = int((s - side) / 2)
    down = int(s * 0.06) if site in DANGER_MARKS else 0  # the triangle's middle sits low
    image.alpha_composite(glyph, (at, at + down))


def _simple_mark(draw: ImageDraw.ImageDraw, site: Site, s: float) -> None:
    c = s / 2
    if site is Site.EPICENTER:
        star = []
        for k in range(10):
            radius = s * (0.26 if k % 2 == 0 else 0.11)
            angle = -math.pi / 2 + k * math.pi / 5
            star.append((c + radius * math.cos(angle), c + radius * math.sin(angle)))
        draw.polygon(star, fill=(250, 246, 236, 255))
    elif site is Site.ANOMALY:
        r = s * 0.17
        draw.ellipse((c - r, c - r, c + r, c + r), outline=INK, width=int(s * 0.05))
    elif site is Site.EVENT:
        r = s * 0.08
        draw.ellipse((c - r, c - r, c + r, c + r), fill=INK)
    else:  # bases: a door-like block, a cross or a flask shape would not read when small
        marks = {Site.VILLAGE: 1, Site.MILITARY_BASE: 2, Site.LABORATORY: 3}[site]
        w, h = s * 0.07, s * 0.24
        for k in range(marks):
            x = c + (k - (marks - 1) / 2) * w * 2.2
            draw.rectangle((x - w / 2, c - h / 2, x + w / 2, c + h / 2), fill=INK)


def badge_images(assets: Path) -> list[Image.Image]:
    """Detailed and simple face of every site with its marks, in :func:`badge_layers` order."""
    icons = assets / "icons" / "sites"
    out = []
    for site in SITE_ORDER:
        out.append(badge_face(site, icons, simple=False))
        out.append(badge_face(site, icons, simple=True))
    return out


def plain_badge_images(assets: Path) -> list[Image.Image]:
    """Detailed and simple plain face of each of :data:`PLAIN_SITES` (symbols off)."""
    icons = assets / "icons" / "sites"
    out = []
    for site in PLAIN_SITES:
        out.append(badge_face(site, icons, simple=False, symbols=False))
        out.append(badge_face(site, icons, simple=True, symbols=False))
    return out


def badge_array_images(assets: Path) -> list[Image.Image]:
    """Every layer of the badge array: the marked faces, then the plain ones."""
    return badge_images(assets) + plain_badge_images(assets)


def add_badge(
    mesh: LayeredMesh,
    site: Site,
    x: float,
    y: float,
    size: float,
    alpha: float,
    symbols: bool = True,
) -> None:
    """The badge of ``site`` on the hex centred at (x, y) of radius ``size``; ``symbols``: the
    colour-blind marks of a danger (the setting)."""
    mesh.quad(x, y, BADGE_WIDTH[site] * size / 2, badge_layers(site, symbols), alpha)
