"""The embedded TTF fonts (regular and bold, with Cyrillic), found at run time.

Liberation Sans ships with Arcade (``arcade/resources/system/fonts/ttf/Liberation/``); its
folder is found without importing Arcade. DejaVu Sans or Liberation Sans from the system font
folders serve when Arcade's copy is missing.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from stalkerzone.errors import UserError

REGULAR = "StalkerZoneSans"
BOLD = "StalkerZoneSans-Bold"

_SYSTEM_FONTS: tuple[tuple[str, str], ...] = (
    (
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    ),
    (
        "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
    ),
)


def font_candidates() -> list[tuple[Path, Path]]:
    """(regular, bold) TTF pairs in the order they are tried."""
    pairs: list[tuple[Path, Path]] = []
    spec = importlib.util.find_spec("arcade")
    if spec is not None and spec.origin is not None:
        folder = Path(spec.origin).parent / "resources/system/fonts/ttf/Liberation"
        pairs.append((folder / "Liberation_Sans_Regular.ttf", folder / "Liberation_Sans_Bold.ttf"))
    pairs.extend((Path(regular), Path(bold)) for regular, bold in _SYSTEM_FONTS)
    return pairs


def register_fonts(candidates: list[tuple[Path, Path]] | None = None) -> tuple[Path, Path]:
    """Register the first pair that exists as :data:`REGULAR` and :data:`BOLD`; a
    :class:`UserError` naming the places looked at when there is none."""
    pairs = font_candidates() if candidates is None else candidates
    for regular, bold in pairs:
        if regular.is_file() and bold.is_file():
            pdfmetrics.registerFont(TTFont(REGULAR, str(regular)))
            pdfmetrics.registerFont(TTFont(BOLD, str(bold)))
            return regular, bold
    looked = ", ".join(str(regular.parent) for regular, _ in pairs) or "nowhere"
    raise UserError(
        f"print: no TTF font with Cyrillic found (looked in {looked}); "
        "install fonts-dejavu-core or Arcade"
    )
