"""A4 sheets of nine cards: where each card sits, its bleed, the crop marks, mirrored backs.

Cards are 63×88 mm, three by three, edge to edge so that one cut serves two cards; every card
is drawn 3 mm past its trim line where it meets the sheet's margin (the bleed). A back page
puts the back of the card in column ``c`` into column ``2 - c``: printed double-sided and
flipped on the long edge, every back lands behind its front.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from stalkerzone.printing import fonts

PAGE_W, PAGE_H = A4
CARD_W = 63 * mm
CARD_H = 88 * mm
BLEED = 3 * mm
COLUMNS = 3
ROWS = 3
PER_PAGE = COLUMNS * ROWS
GRID_X = (PAGE_W - COLUMNS * CARD_W) / 2
GRID_Y = (PAGE_H - ROWS * CARD_H) / 2
MARK_GAP = 1 * mm
MARK_LENGTH = 4 * mm


@dataclass(frozen=True, slots=True)
class Slot:
    """Where one card goes: its trim box and how far it may bleed on each side."""

    x: float
    y: float
    left: float
    right: float
    bottom: float
    top: float

    def clip(self, canvas: Canvas) -> None:
        """Clip drawing to the trim box grown by this slot's bleed."""
        path = canvas.beginPath()
        path.rect(
            self.x - self.left,
            self.y - self.bottom,
            CARD_W + self.left + self.right,
            CARD_H + self.bottom + self.top,
        )
        canvas.clipPath(path, stroke=0, fill=0)


def slot(index: int, *, back: bool = False) -> Slot:
    """The slot of the ``index``-th card of a page (row by row from the top left); ``back``
    mirrors the columns for duplex."""
    row, column = divmod(index, COLUMNS)
    if back:
        column = COLUMNS - 1 - column
    return Slot(
        x=GRID_X + column * CARD_W,
        y=GRID_Y + (ROWS - 1 - row) * CARD_H,
        left=BLEED if column == 0 else 0.0,
        right=BLEED if column == COLUMNS - 1 else 0.0,
        bottom=BLEED if row == ROWS - 1 else 0.0,
        top=BLEED if row == 0 else 0.0,
    )


def crop_marks(canvas: Canvas) -> None:
    """A mark in the margin at both ends of every cut line, clear of the bleed."""
    canvas.saveState()
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(0.25)
    top = GRID_Y + ROWS * CARD_H
    right = GRID_X + COLUMNS * CARD_W
    start = BLEED + MARK_GAP
    for k in range(COLUMNS + 1):
        x = GRID_X + k * CARD_W
        canvas.line(x, top + start, x, top + start + MARK_LENGTH)
        canvas.line(x, GRID_Y - start, x, GRID_Y - start - MARK_LENGTH)
    for k in range(ROWS + 1):
        y = GRID_Y + k * CARD_H
        canvas.line(GRID_X - start, y, GRID_X - start - MARK_LENGTH, y)
        canvas.line(right + start, y, right + start + MARK_LENGTH, y)
    canvas.restoreState()


def page_header(canvas: Canvas, text: str) -> None:
    """One small line at the top of the sheet, outside the cards and their marks."""
    canvas.saveState()
    canvas.setFillColorRGB(0.25, 0.25, 0.25)
    canvas.setFont(fonts.REGULAR, 6.5)
    canvas.drawCentredString(PAGE_W / 2, PAGE_H - 5 * mm, text)
    canvas.restoreState()
