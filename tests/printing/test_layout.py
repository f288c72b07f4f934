"""The sheet geometry: real card size, bleed, crop marks clear of the bleed, mirrored backs
for duplex, sectors back to back; the font lookup; the printed words."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

import pytest
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from stalkerzone.engine.core import Colour, Text
from stalkerzone.errors import UserError
from stalkerzone.printing import fonts, sector_face, sheet
from stalkerzone.printing.card_face import card_faces, fitted_size
from stalkerzone.printing.words import Words, faces, rules_lines
from tests.support.base import base_cards


class RecordingCanvas(Canvas):
    """A canvas that remembers every line drawn."""

    def __init__(self) -> None:
        super().__init__(io.BytesIO())
        self.drawn: list[tuple[float, float, float, float]] = []

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self.drawn.append((x1, y1, x2, y2))
        super().line(x1, y1, x2, y2)


def test_nine_cards_of_63_by_88_mm_fill_the_grid() -> None:
    assert pytest.approx((63 * mm, 88 * mm)) == (sheet.CARD_W, sheet.CARD_H)
    slots = [sheet.slot(k) for k in range(sheet.PER_PAGE)]
    assert len({(s.x, s.y) for s in slots}) == 9
    assert min(s.x - s.left for s in slots) > 0, "the bleed stays on the page"
    assert max(s.x + sheet.CARD_W + s.right for s in slots) < sheet.PAGE_W
    top_left = slots[0]
    assert top_left.left == pytest.approx(3 * mm) and top_left.top == pytest.approx(3 * mm)
    assert (top_left.right, top_left.bottom) == (0.0, 0.0)
    centre = slots[4]
    assert (centre.left, centre.right, centre.top, centre.bottom) == (0.0, 0.0, 0.0, 0.0)


def test_a_back_lands_behind_its_front_when_flipped_on_the_long_edge() -> None:
    for k in range(sheet.PER_PAGE):
        front, back = sheet.slot(k), sheet.slot(k, back=True)
        assert back.x == pytest.approx(sheet.PAGE_W - front.x - sheet.CARD_W)
        assert back.y == pytest.approx(front.y)
        assert (back.left, back.right) == (front.right, front.left)
    assert sheet.slot(0, back=True).x > sheet.slot(2, back=True).x - 1e-9


def test_crop_marks_sit_on_every_cut_line_clear_of_the_bleed() -> None:
    canvas = RecordingCanvas()
    sheet.crop_marks(canvas)
    left, bottom = sheet.GRID_X - sheet.BLEED, sheet.GRID_Y - sheet.BLEED
    right = sheet.GRID_X + 3 * sheet.CARD_W + sheet.BLEED
    top = sheet.GRID_Y + 3 * sheet.CARD_H + sheet.BLEED
    assert len(canvas.drawn) == 2 * 4 + 2 * 4
    for x1, y1, x2, y2 in canvas.drawn:
        for x, y in ((x1, y1), (x2, y2)):
            assert not (left <= x <= right and bottom <= y <= top), (x, y)
            assert 0 <= x <= sheet.PAGE_W and 0 <= y <= sheet.PAGE_H
    cuts_x = {round(sheet.GRID_X + k * sheet.CARD_W, 3) for k in range(4)}
    cuts_y = {round(sheet.GRID_Y + k * sheet.CARD_H, 3) for k in range(4)}
    vertical = {round(x1, 3) for x1, _, x2, _ in canvas.drawn if x1 == x2}
    horizontal = {round(y1, 3) for _, y1, _, y2 in canvas.drawn if y1 == y2}
    assert vertical == cuts_x and horizontal == cuts_y


def test_sectors_are_18_mm_across_flats_and_back_to_back() -> None:
    assert pytest.approx(18 * mm) == sector_face.ACROSS_FLATS
    assert pytest.approx(90 * mm) == sector_face.SECTOR_W
    for k in range(sector_face.PER_PAGE):
        (fx, fy), (bx, by) = (
            sector_face.sector_position(k),
            sector_face.sector_position(k, back=True),
        )
        assert bx == pytest.approx(sheet.PAGE_W - fx) and by == pytest.approx(fy)
        assert fx - sector_face.SECTOR_W / 2 > 0 and fx + sector_face.SECTOR_W / 2 < sheet.PAGE_W
        assert fy - sector_face.SECTOR_H / 2 > 0


def test_a_monster_has_three_faces_every_other_card_one() -> None:
    cards = base_cards()
    faces_ = card_faces(list(cards))
    assert len(faces_) == 3 * len(cards.monsters) + sum(1 for c in cards if c not in cards.monsters)
    first = cards.monsters[0]
    assert [f.colour for f in faces_ if f.card is first] == list(Colour)


def test_no_font_is_a_clear_error(tmp_path: Path) -> None:
    missing = [(tmp_path / "a/Regular.ttf", tmp_path / "a/Bold.ttf")]
    with pytest.raises(UserError, match=r"no TTF font with Cyrillic found \(looked in .*a\)"):
        fonts.register_fonts(missing)


def test_the_shipped_font_is_found() -> None:
    regular, bold = fonts.register_fonts()
    assert regular.is_file() and bold.is_file()


def test_fitted_size_shrinks_long_names() -> None:
    fonts.register_fonts()
    assert fitted_size("Gas mask", fonts.BOLD, 11, 57 * mm) == 11
    shrunk = fitted_size("A very long card name that would never fit", fonts.BOLD, 11, 57 * mm)
    assert 4.5 <= shrunk < 11


def test_words_follow_the_client_language_rule() -> None:
    text = Text((("en", "Gas mask"), ("ru", "Противогаз")))
    assert Words("ru").text(text) == "Противогаз"
    assert Words("en").text(text) == "Gas mask"
    assert Words("ru").text(Text.plain("Plain")) == "Plain"
    assert Words("ru").text(Text((("de", "Nur Deutsch"),))) == "Nur Deutsch"
    with pytest.raises(ValueError, match="unknown language"):
        Words("xx")


def test_rules_lines_carry_each_colours_numbers() -> None:
    cards = base_cards()
    gorynych = cards.get("gorynych")
    words = Words("en")
    green = rules_lines(gorynych, Colour.GREEN, words, {})
    red = rules_lines(gorynych, Colour.RED, words, {})
    assert green[0] == (
        "Paralysis: 1 roll at the start of the fight, each paralyses on 4–6; "
        "a failed roll ends the series."
    )
    assert red[0].startswith("Paralysis: 3 rolls")
    ru = rules_lines(gorynych, Colour.YELLOW, Words("ru"), {})
    assert ru[0].startswith("Паралич: 2 броска в начале боя")
    assert faces(frozenset({1, 3})) == "1, 3"


def test_events_print_their_numbers() -> None:
    cards = base_cards()
    words = Words("en")
    damage = [e for e in cards.events if e.effect.kind == "damage"]
    money = [e for e in cards.events if e.effect.kind == "gain_money"]
    assert damage and money
    for event in damage:
        assert str(event.effect.attack) in rules_lines(event, None, words, {})[0]
    assert rules_lines(money[0], None, words, {}) == [f"You gain {money[0].effect.amount} green."]
    ambush = [e for e in cards.events if e.effect.kind == "monster_attacks_first"]
    assert ambush and rules_lines(ambush[0], None, words, {}) == []  # its text says it
    untold = dataclasses.replace(ambush[0], text=None)
    assert rules_lines(untold, None, words, {}) == ["In your next fight the monster attacks first."]
