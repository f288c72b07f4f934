"""`stalkerzone print`: the PDF's pages, page size and text in the chosen language, card art,
and one-line errors (exit 2) for bad values."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PageObject, PdfReader
from pypdf.generic import DictionaryObject, PdfObject

from stalkerzone.cli import main
from stalkerzone.content.loader import load_packs
from stalkerzone.engine.core import CardSet
from tests.support.base import base_cards, sectors
from tests.support.packs import manifest, write_files

A4_POINTS = (595.2756, 841.8898)

ART_PACK = {
    "pack.toml": manifest("printed"),
    "monsters.toml": """\
[[monster]]
id = "swamp-hag"
name = { en = "Swamp hag", ru = "Болотная карга" }
trophy = { en = "Hag's braid", ru = "Коса карги" }
text = { en = "Lurks in the reeds.", ru = "Таится в камышах." }
art = "art/hag.png"
green  = { health = 8,  attack = "1d6+1", defence = 0, trophy_price = 100 }
yellow = { health = 12, attack = "2d6",   defence = 1, trophy_price = 200 }
red    = { health = 16, attack = "2d6+2", defence = 2, trophy_price = 400 }
[[monster.abilities]]
kind = "regeneration"
amount = { green = 1, yellow = 2, red = 3 }
""",
    "artifacts.toml": '[[artifact]]\nid = "plain-stone"\nname = "Plain stone"\nprice = 50\n'
    'effects = [{ stat = "escape", amount = 1 }]\n',
}


@dataclass(frozen=True)
class Printed:
    reader: PdfReader
    text: list[str]
    cards: CardSet


def _pack(root: Path) -> Path:
    pack = root / "printed"
    write_files(pack, ART_PACK)
    (pack / "art").mkdir()
    Image.new("RGB", (40, 56), (120, 60, 30)).save(pack / "art" / "hag.png")
    return pack


def _print(root: Path, lang: str) -> Printed:
    pack = _pack(root)
    out = root / f"cards-{lang}.pdf"
    code = main(["print", "--no-user", "--cards", str(pack), "--lang", lang, "--out", str(out)])
    assert code == 0
    reader = PdfReader(out)
    cards = load_packs([pack], include_user=False).cards
    return Printed(reader, [page.extract_text() for page in reader.pages], cards)


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> Printed:
    return _print(tmp_path_factory.mktemp("en"), "en")


@pytest.fixture(scope="module")
def russian(tmp_path_factory: pytest.TempPathFactory) -> Printed:
    return _print(tmp_path_factory.mktemp("ru"), "ru")


def _faces(cards: CardSet) -> int:
    return sum(3 if card in cards.monsters else 1 for card in cards)


@pytest.mark.slow
def test_pages_are_fronts_backs_and_sectors(english: Printed) -> None:
    faces = _faces(english.cards)
    assert faces == _faces(base_cards()) + 3 + 1, "the pack's monster has 3 faces, its artifact 1"
    card_pages = math.ceil(faces / 9)
    sector_pages = 2 * math.ceil(len(sectors()) / 6)
    assert len(sectors()) == 10
    assert len(english.reader.pages) == 2 * card_pages + sector_pages
    for number in range(card_pages):
        assert "card fronts" in english.text[2 * number]
        assert "card backs" in english.text[2 * number + 1]
    assert all("sectors" in text for text in english.text[2 * card_pages :])


@pytest.mark.slow
def test_every_page_is_a4(english: Printed) -> None:
    for page in english.reader.pages:
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        assert width == pytest.approx(A4_POINTS[0], abs=0.01)
        assert height == pytest.approx(A4_POINTS[1], abs=0.01)


def _fronts(printed: Printed) -> str:
    pages = math.ceil(_faces(printed.cards) / 9)
    return "\n".join(printed.text[2 * k] for k in range(pages))


@pytest.mark.slow
def test_every_card_name_is_printed_in_english(english: Printed) -> None:
    fronts = _fronts(english)
    missing = [card.id for card in english.cards if card.name.get("en") not in fronts]
    assert missing == []
    assert "Болотная карга" not in fronts
    assert "Regeneration: regains 3 health every round" in fronts, "the red face's number"
    assert "Regeneration: regains 1 health every round" in fronts, "the green face's number"


@pytest.mark.slow
def test_every_card_name_is_printed_in_russian(russian: Printed) -> None:
    fronts = _fronts(russian)
    missing = [card.id for card in russian.cards if card.name.get("ru") not in fronts]
    assert missing == []
    assert "Болотная карга" in fronts and "Желтогрудка" in fronts
    assert "Swamp hag" not in fronts and "Yellowbreast" not in fronts
    assert "Plain stone" in fronts, "a name with no Russian text falls back to English"
    assert "ЗОНА СТАЛКЕРОВ" in russian.text[1], "the backs are in Russian too"


@pytest.mark.slow
def test_sector_pages_show_every_sector_face(english: Printed, russian: Printed) -> None:
    card_pages = 2 * math.ceil(_faces(english.cards) / 9)
    text = "\n".join(english.text[card_pages:])
    for sector in sectors():
        for face in ("a", "b"):
            assert f"Sector {sector.id} · face {face}" in text
    assert "Сектор s01 · сторона b" in "\n".join(russian.text[card_pages:])


def _table(value: object) -> DictionaryObject:
    """A PDF dictionary (indirect references followed)."""
    assert isinstance(value, PdfObject)
    table = value.get_object()
    assert isinstance(table, DictionaryObject)
    return table


def _has_image(page: PageObject) -> bool:
    resources = _table(page["/Resources"])
    if "/XObject" not in resources:
        return False
    xobjects = _table(resources["/XObject"])
    return any(str(_table(x)["/Subtype"]) == "/Image" for x in xobjects.values())


@pytest.mark.slow
def test_card_art_is_embedded(english: Printed) -> None:
    """The pages with the faces of the pack's monster carry its art (the base cards have art
    of their own, so other front pages carry images too); backs and sectors carry none."""
    pages_with_images = [n for n, page in enumerate(english.reader.pages) if _has_image(page)]
    fronts = [n for n in range(len(english.text)) if "Swamp hag" in english.text[n]]
    assert fronts and set(fronts) <= set(pages_with_images)
    assert all(n % 2 == 0 for n in pages_with_images)  # fronts only: each back follows its front


@pytest.mark.slow
def test_every_font_is_embedded(english: Printed) -> None:
    """Only the embedded TrueType font (with Cyrillic) is used, never a base-14 font."""
    for page in english.reader.pages:
        fonts = _table(_table(page["/Resources"])["/Font"])
        for font in fonts.values():
            assert "/FontFile2" in _table(_table(font)["/FontDescriptor"])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--lang", "xx"], "--lang xx: unknown language; one of en, ru"),
        (["--cards", "{tmp}/none"], "does not exist"),
        (["--out", "{tmp}/missing/cards.pdf"], "the folder"),
        (["--out", "{tmp}"], "is a folder"),
        (["--out", "{tmp}/file.txt/cards.pdf"], "is not a folder"),
    ],
)
def test_bad_values_are_one_line_and_exit_2(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "file.txt").write_text("not a folder", encoding="utf-8")
    argv = ["print", "--no-user", *(a.replace("{tmp}", str(tmp_path)) for a in args)]
    if "--out" not in argv:
        argv += ["--out", str(tmp_path / "cards.pdf")]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("stalkerzone: print: "), err
    assert message in err
    assert not (tmp_path / "cards.pdf").exists()


def test_no_out_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["print", "--no-user"]) == 2
    assert capsys.readouterr().err == "stalkerzone: print: give --out FILE.pdf\n"


@pytest.mark.slow
def test_unreadable_art_is_one_line_and_the_sheet_still_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = _pack(tmp_path)
    (pack / "art" / "hag.png").write_bytes(b"\x89PNG\r\n\x1a\n not a picture")
    out = tmp_path / "cards.pdf"
    assert main(["print", "--no-user", "--cards", str(pack), "--out", str(out)]) == 0
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if "hag.png" in line]
    assert len(lines) >= 1 and all("swamp-hag: art " in line for line in lines)
    assert lines[0].endswith("cannot read it as a picture (PNG or JPEG); printed without it")
    assert "Traceback" not in err
    assert out.read_bytes().startswith(b"%PDF")


@pytest.mark.slow
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (a disk that is full)")
def test_a_failed_write_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["print", "--no-user", "--out", "/dev/full"]) == 2
    err = capsys.readouterr().err
    assert (
        err.startswith("stalkerzone: print: --out /dev/full: cannot write (")
        and err.count("\n") == 1
    )


def test_pack_prints_only_that_packs_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An author prints the faces of a small pack, not the base set and its sectors."""
    pack = _pack(tmp_path)
    pack_id = load_packs([pack], include_user=False).packs[-1].id
    out = tmp_path / "mine.pdf"
    args = ["print", "--no-user", "--cards", str(pack), "--pack", pack_id, "--out", str(out)]
    assert main(args) == 0
    said = capsys.readouterr().out
    assert ": 2 pages A4 (" in said and "0 sector faces" in said  # the base set has 40-odd
    assert main([*args[:-2], "--pack", "nope", "--out", str(out)]) == 2
    assert "--pack nope: no loaded pack has this id" in capsys.readouterr().err
