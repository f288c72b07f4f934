"""One card face and its back, drawn at real size (63×88 mm) into a sheet slot.

A face: the frame in the kind's colour (a monster's in its colour, §5), the name, the kind,
the art (``card.art``, a PNG inside its pack) or a plain panel, the numbers in boxes (monster
health, attack, defence and trophy price; weapon attack; armour defence; price), then the rules
in words (abilities with their numbers, ABIL-*) and the card's own ``text``.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader, simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from stalkerzone.engine.core import (
    AnyCard,
    Armour,
    Artifact,
    Colour,
    Equipment,
    Grenade,
    Monster,
    Navigation,
    Order,
    Stimulator,
    Weapon,
)
from stalkerzone.printing import fonts
from stalkerzone.printing.sheet import BLEED, CARD_H, CARD_W, Slot
from stalkerzone.printing.words import Words, kind_key, rules_lines

MONSTER_COLOURS: dict[Colour, Color] = {
    Colour.GREEN: HexColor("#2f7d32"),
    Colour.YELLOW: HexColor("#c79a00"),
    Colour.RED: HexColor("#b3261e"),
}
KIND_COLOURS: dict[str, Color] = {
    "weapon": HexColor("#3b4a52"),
    "weapon_mod": HexColor("#56707c"),
    "armour": HexColor("#55612f"),
    "navigation": HexColor("#1f6278"),
    "grenade": HexColor("#7a2e2e"),
    "stimulator": HexColor("#0f7a6c"),
    "artifact": HexColor("#6d2a8c"),
    "event": HexColor("#d35a0f"),
    "order": HexColor("#7a5b3e"),
    "stalker": HexColor("#2b3a42"),
}
EPICENTER_COLOUR = HexColor("#4a1020")
BACK_COLOURS: dict[str, Color] = {
    "monster": HexColor("#2a2f24"),
    "epicenter": EPICENTER_COLOUR,
    "equipment": HexColor("#34424a"),
    "artifact": KIND_COLOURS["artifact"],
    "event": KIND_COLOURS["event"],
    "order": KIND_COLOURS["order"],
    "stalker": KIND_COLOURS["stalker"],
}
PAPER = HexColor("#f4eedf")
INK = HexColor("#1d1d1b")
MUTED = HexColor("#5b5648")
WHITE = HexColor("#ffffff")

BORDER = 3 * mm  # the frame between the trim line and the paper panel
PAD = 1.6 * mm


@dataclass(frozen=True, slots=True)
class CardFace:
    """One printed face: a card, and for a monster the colour of this face."""

    card: AnyCard
    colour: Colour | None = None

    @property
    def frame(self) -> Color:
        card = self.card
        if isinstance(card, Monster):
            return MONSTER_COLOURS[self.colour or Colour.GREEN]
        return KIND_COLOURS[kind_key(card)]

    @property
    def deck(self) -> str:
        """The back design: the deck the card is drawn from or kept in."""
        card = self.card
        if isinstance(card, Monster):
            return "epicenter" if card.deck == "epicenter" else "monster"
        if isinstance(card, Equipment):
            return "equipment"
        return kind_key(card)


def card_faces(cards: list[AnyCard]) -> list[CardFace]:
    """Every face: one per card, three per monster (green, yellow, red)."""
    faces: list[CardFace] = []
    for card in cards:
        if isinstance(card, Monster):
            faces.extend(CardFace(card, colour) for colour in Colour)
        else:
            faces.append(CardFace(card))
    return faces


def fitted_size(text: str, font: str, size: float, width: float, smallest: float = 4.5) -> float:
    """The largest font size up to ``size`` at which ``text`` fits in ``width``."""
    while size > smallest and stringWidth(text, font, size) > width:
        size -= 0.25
    return size


def draw_front(
    canvas: Canvas, where: Slot, face: CardFace, words: Words, names: dict[str, str]
) -> None:
    card = face.card
    canvas.saveState()
    where.clip(canvas)
    canvas.translate(where.x, where.y)
    canvas.setFillColor(face.frame)
    canvas.rect(-BLEED, -BLEED, CARD_W + 2 * BLEED, CARD_H + 2 * BLEED, stroke=0, fill=1)
    inner_w = CARD_W - 2 * BORDER
    top = CARD_H - BORDER
    # name and kind on the frame colour
    name = words.text(card.name)
    size = fitted_size(name, fonts.BOLD, 11, inner_w)
    canvas.setFillColor(WHITE)
    canvas.setFont(fonts.BOLD, size)
    canvas.drawString(BORDER, top - 4.2 * mm, name)
    canvas.setFont(fonts.REGULAR, 6.5)
    kind = words.kind(card)
    if face.colour is not None:
        kind = f"{kind} · {words(face.colour.value)}"
    canvas.drawString(BORDER, top - 7.2 * mm, kind)
    if face.colour is not None:  # one to three pips, as on the danger sites (§5)
        pips = list(Colour).index(face.colour) + 1
        for k in range(pips):
            canvas.circle(
                CARD_W - BORDER - 1.2 * mm - k * 2.6 * mm,
                top - 6.4 * mm,
                0.9 * mm,
                stroke=0,
                fill=1,
            )
    # the paper panel
    panel_top = top - 8.6 * mm
    canvas.setFillColor(PAPER)
    canvas.roundRect(BORDER, BORDER, inner_w, panel_top - BORDER, 1.5 * mm, stroke=0, fill=1)
    art_h = 30 * mm
    art_y = panel_top - PAD - art_h
    _art(canvas, face, words, (BORDER + PAD, art_y, inner_w - 2 * PAD, art_h))
    y = art_y - 1.2 * mm
    stats = _stats(face, words)
    if stats:
        y = _stat_boxes(canvas, stats, face.frame, BORDER + PAD, y, inner_w - 2 * PAD)
    footer = f"{card.pack} · {card.id}"
    _paragraphs(
        canvas,
        _rules(card, face, words, names),
        words.text(card.text),
        (BORDER + PAD, y - 1 * mm, inner_w - 2 * PAD, BORDER + 4 * mm),
    )
    canvas.setFillColor(MUTED)
    canvas.setFont(fonts.REGULAR, 4.5)
    canvas.drawRightString(CARD_W - BORDER - PAD, BORDER + 1.3 * mm, footer)
    canvas.restoreState()


def draw_back(canvas: Canvas, where: Slot, face: CardFace, words: Words) -> None:
    """The back of the face's deck: the game's title and the deck's name on its colour."""
    canvas.saveState()
    where.clip(canvas)
    canvas.translate(where.x, where.y)
    colour = BACK_COLOURS[face.deck]
    canvas.setFillColor(colour)
    canvas.rect(-BLEED, -BLEED, CARD_W + 2 * BLEED, CARD_H + 2 * BLEED, stroke=0, fill=1)
    cx, cy = CARD_W / 2, CARD_H / 2
    canvas.setStrokeColor(HexColor("#e9dfc4"))
    canvas.setLineWidth(0.8)
    canvas.roundRect(BORDER, BORDER, CARD_W - 2 * BORDER, CARD_H - 2 * BORDER, 2 * mm)
    _hexagon(canvas, cx, cy + 4 * mm, 17 * mm, 1.4)
    _hexagon(canvas, cx, cy + 4 * mm, 12 * mm, 0.6)
    _trefoil(canvas, cx, cy + 4 * mm, 9 * mm, colour)
    canvas.setFillColor(HexColor("#e9dfc4"))
    title = words("back_title")
    canvas.setFont(fonts.BOLD, fitted_size(title, fonts.BOLD, 12, CARD_W - 12 * mm))
    canvas.drawCentredString(cx, cy - 22 * mm, title)
    canvas.setFont(fonts.REGULAR, 8)
    canvas.drawCentredString(cx, cy - 27 * mm, words(f"back_{face.deck}").upper())
    canvas.restoreState()


def _hexagon(canvas: Canvas, cx: float, cy: float, radius: float, width: float) -> None:
    path = canvas.beginPath()
    for k in range(7):
        angle = math.radians(60 * k + 30)
        x, y = cx + radius * math.cos(angle), cy + radius * math.sin(angle)
        if k == 0:
            path.moveTo(x, y)
        else:
            path.lineTo(x, y)
    canvas.setLineWidth(width)
    canvas.drawPath(path, stroke=1, fill=0)


def _trefoil(canvas: Canvas, cx: float, cy: float, radius: float, ground: Color) -> None:
    """The radiation sign: three blades and a hub on ``ground``."""
    canvas.setFillColor(HexColor("#e9dfc4"))
    for k in range(3):
        start = k * 120 + 30
        canvas.wedge(
            cx - radius, cy - radius, cx + radius, cy + radius, start, 60, stroke=0, fill=1
        )
    canvas.setFillColor(ground)
    canvas.circle(cx, cy, radius * 0.22, stroke=0, fill=1)
    canvas.setFillColor(HexColor("#e9dfc4"))
    canvas.circle(cx, cy, radius * 0.16, stroke=0, fill=1)


def _art(
    canvas: Canvas, face: CardFace, words: Words, box: tuple[float, float, float, float]
) -> None:
    """The card's art filling ``box`` (x, y, w, h), centred and cropped, or a plain panel with
    the initial of the card's name."""
    card = face.card
    x, y, w, h = box
    canvas.saveState()
    path = canvas.beginPath()
    path.roundRect(x, y, w, h, 1 * mm)
    canvas.clipPath(path, stroke=0, fill=0)
    canvas.setFillColor(_tint(face.frame, 0.78))
    canvas.rect(x, y, w, h, stroke=0, fill=1)
    image = _picture(card) if card.art else None
    if image is not None:
        image_w, image_h = image.getSize()
        scale = min(w / image_w, h / image_h)  # the whole picture, as the game draws it
        shown_w, shown_h = image_w * scale, image_h * scale
        canvas.drawImage(
            image, x + (w - shown_w) / 2, y + (h - shown_h) / 2, shown_w, shown_h, mask="auto"
        )
    else:
        canvas.setFillColor(_tint(face.frame, 0.55))
        canvas.setFont(fonts.BOLD, 46)
        initial = (words.text(card.name)[:1] or card.id[:1]).upper()
        canvas.drawCentredString(x + w / 2, y + h / 2 - 16, initial)
    canvas.restoreState()
    canvas.setStrokeColor(face.frame)
    canvas.setLineWidth(0.6)
    canvas.roundRect(x, y, w, h, 1 * mm, stroke=1, fill=0)


def _picture(card: AnyCard) -> ImageReader | None:
    """The card's art, or None (said on stderr) when it cannot be read as a picture: the
    card is printed with its initial instead and the rest of the sheet still prints."""
    try:
        image = ImageReader(card.art)
        image.getSize()
    except OSError:
        print(
            f"stalkerzone print: {card.id}: art {card.art}: cannot read it as a picture "
            "(PNG or JPEG); printed without it",
            file=sys.stderr,
        )
        return None
    return image


def _tint(colour: Color, amount: float) -> Color:
    """``colour`` mixed with white (``amount`` 0: the colour, 1: white)."""
    return Color(
        colour.red + (1 - colour.red) * amount,
        colour.green + (1 - colour.green) * amount,
        colour.blue + (1 - colour.blue) * amount,
    )


def _stats(face: CardFace, words: Words) -> list[tuple[str, str]]:
    """The numbers shown in boxes: (label, value)."""
    card = face.card
    if isinstance(card, Monster):
        stats = card.at(face.colour or Colour.GREEN)
        return [
            (words("health"), str(stats.health)),
            (words("attack"), str(stats.attack)),
            (words("defence"), str(stats.defence)),
            (words("trophy"), str(stats.trophy_price)),
        ]
    boxes: list[tuple[str, str]] = []
    if isinstance(card, Weapon | Grenade):
        boxes.append((words("attack"), str(card.attack)))
    if isinstance(card, Armour):
        boxes.append((words("defence"), f"{card.defence:+d}"))
    if isinstance(card, Navigation):
        boxes.append((words("movement"), f"{card.movement:+d}"))
    if isinstance(card, Stimulator):
        boxes.append((words("heal"), f"+{card.heal}"))
    if isinstance(card, Equipment | Artifact):
        boxes.append((words("price"), str(card.price)))
    if isinstance(card, Order):
        boxes.append((words("reward"), str(card.reward)))
    return boxes


def _stat_boxes(
    canvas: Canvas, stats: list[tuple[str, str]], colour: Color, x: float, top: float, width: float
) -> float:
    """A row of boxes, label above value; returns the y under the row."""
    gap = 1.2 * mm
    height = 9.5 * mm
    box_w = (width - gap * (len(stats) - 1)) / len(stats)
    y = top - height
    for k, (label, value) in enumerate(stats):
        bx = x + k * (box_w + gap)
        canvas.setFillColor(_tint(colour, 0.85))
        canvas.setStrokeColor(colour)
        canvas.setLineWidth(0.6)
        canvas.roundRect(bx, y, box_w, height, 1 * mm, stroke=1, fill=1)
        canvas.setFillColor(MUTED)
        canvas.setFont(fonts.REGULAR, fitted_size(label, fonts.REGULAR, 5, box_w - 1 * mm, 3.5))
        canvas.drawCentredString(bx + box_w / 2, y + height - 2.4 * mm, label)
        canvas.setFillColor(INK)
        size = fitted_size(value, fonts.BOLD, 11, box_w - 1.2 * mm)
        canvas.setFont(fonts.BOLD, size)
        canvas.drawCentredString(bx + box_w / 2, y + 1.8 * mm, value)
    return y


def _rules(card: AnyCard, face: CardFace, words: Words, names: dict[str, str]) -> list[str]:
    lines = rules_lines(card, face.colour, words, names)
    if isinstance(card, Equipment) and card.sold_at:
        lines.append(words("sold_at", sites=words.sites(tuple(s.value for s in card.sold_at))))
    if isinstance(card, Order) and card.offered_at:
        lines.append(
            words("offered_at", sites=words.sites(tuple(s.value for s in card.offered_at)))
        )
    return lines


def _paragraphs(
    canvas: Canvas, rules: list[str], text: str, box: tuple[float, float, float, float]
) -> None:
    """The rules (ink) then the card's text (muted), wrapped into ``box`` (x, top, width,
    bottom) at the largest size from 7.5 pt down to 4.5 pt that fits."""
    x, top, width, bottom = box
    paragraphs = [(line, INK) for line in rules]
    if text:
        paragraphs.append((text, MUTED))
    size = 7.5
    while True:
        leading = size * 1.18
        wrapped = [simpleSplit(line, fonts.REGULAR, size, width) for line, _ in paragraphs]
        rows = sum(len(w) for w in wrapped)
        height = rows * leading + max(0, len(paragraphs) - 1) * leading * 0.35
        if height <= top - bottom or size <= 4.5:
            break
        size -= 0.25
    y = top - size
    canvas.setFont(fonts.REGULAR, size)
    for (_, colour), paragraph in zip(paragraphs, wrapped, strict=True):
        canvas.setFillColor(colour)
        for row in paragraph:
            canvas.drawString(x, y, row)
            y -= leading
        y -= leading * 0.35
