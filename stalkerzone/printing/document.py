"""The whole print-and-play PDF: card fronts, their backs, then the sectors.

Page order: a page of nine card fronts, then the page of their backs (mirrored for duplex),
and so on; then the sector pages, face a then face b (mirrored). One face per card: a card
with several ``copies`` is printed once (the header says so); a monster has three faces.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas

from stalkerzone.engine.core import CardSet
from stalkerzone.engine.zone import FACE_NAMES, Sector
from stalkerzone.errors import UserError
from stalkerzone.printing import fonts, sector_face, sheet
from stalkerzone.printing.card_face import card_faces, draw_back, draw_front
from stalkerzone.printing.words import Words


@dataclass(frozen=True, slots=True)
class PrintSummary:
    """What was written: faces and pages of each kind."""

    card_faces: int
    card_pages: int
    back_pages: int
    sector_faces: int
    sector_pages: int

    @property
    def pages(self) -> int:
        return self.card_pages + self.back_pages + self.sector_pages


def build_pdf(
    out: Path,
    cards: CardSet,
    sectors: tuple[Sector, ...],
    lang: str,
    *,
    compress: bool = True,
    packs: frozenset[str] | None = None,
) -> PrintSummary:
    """Write the PDF to ``out``; :class:`UserError` when it cannot be written. ``packs``: only
    the cards of these pack ids (an order still names a monster of another pack)."""
    fonts.register_fonts()
    words = Words(lang)
    names = {card.id: words.text(card.name) for card in cards}
    faces = card_faces([card for card in cards if packs is None or card.pack in packs])
    canvas = Canvas(
        str(out),
        pagesize=A4,
        pageCompression=int(compress),
        initialFontName=fonts.REGULAR,  # type: ignore[arg-type]  # the stubs say float
    )
    canvas.setTitle(words("back_title").title() + " — print and play")
    canvas.setAuthor("stalkerzone print")
    canvas.setCreator("stalkerzone")
    card_pages = [faces[k : k + sheet.PER_PAGE] for k in range(0, len(faces), sheet.PER_PAGE)]
    for number, page in enumerate(card_pages, start=1):
        sheet.page_header(canvas, words("sheet_cards", page=number, pages=len(card_pages)))
        for index, face in enumerate(page):
            draw_front(canvas, sheet.slot(index), face, words, names)
        sheet.crop_marks(canvas)
        canvas.showPage()
        sheet.page_header(canvas, words("sheet_backs", page=number, pages=len(card_pages)))
        for index, face in enumerate(page):
            draw_back(canvas, sheet.slot(index, back=True), face, words)
        sheet.crop_marks(canvas)
        canvas.showPage()
    per = sector_face.PER_PAGE
    sector_pages = [sectors[k : k + per] for k in range(0, len(sectors), per)]
    for number, group in enumerate(sector_pages, start=1):
        for face_name in FACE_NAMES:
            back = face_name != FACE_NAMES[0]
            header = words("sheet_sectors", face=face_name, page=number, pages=len(sector_pages))
            sheet.page_header(canvas, header)
            for index, sector in enumerate(group):
                centre = sector_face.sector_position(index, back=back)
                sector_face.draw_sector(canvas, centre, sector, face_name, words)
            canvas.showPage()
    try:
        canvas.save()
    except OSError as error:
        raise UserError(f"print: --out {out}: cannot write ({error.strerror or error})") from None
    return PrintSummary(
        card_faces=len(faces),
        card_pages=len(card_pages),
        back_pages=len(card_pages),
        sector_faces=len(sectors) * len(FACE_NAMES),
        sector_pages=len(sector_pages) * len(FACE_NAMES),
    )
