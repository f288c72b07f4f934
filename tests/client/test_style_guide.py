"""docs/style.md agrees with client/widgets/theme.py: every colour, size of the type scale and
spacing value the guide names has the value theme.py gives it, and every one theme.py defines
is in the guide."""

from __future__ import annotations

import re
from pathlib import Path

from arcade.types import Color

from stalkerzone.client.widgets import theme

GUIDE = (Path(__file__).resolve().parents[2] / "docs" / "style.md").read_text(encoding="utf-8")
SIZES = (
    "TYPE_TITLE",
    "TYPE_HEADING",
    "TYPE_SECTION",
    "TYPE_BODY",
    "TYPE_SMALL",
    "TYPE_TINY",
    "MARGIN",
    "PAD",
    "GAP",
    "ROW",
    "TILE_HEIGHT",
    "PORTRAIT",
)


def rgb(colour: Color) -> str:
    return f"{colour.r}, {colour.g}, {colour.b}"


def row(name: str) -> str:
    found = re.search(rf"^\| `{name}` \|(.*)$", GUIDE, re.MULTILINE)
    assert found is not None, f"docs/style.md has no row for {name}"
    return found.group(1)


def test_every_named_colour_of_the_theme_is_in_the_guide_with_its_value() -> None:
    named = {k: v for k, v in vars(theme).items() if k.isupper() and isinstance(v, Color)}
    interface = ("BG", "PANEL", "PANEL_LIGHT", "PANEL_EDGE", "TEXT", "TEXT_DIM", "ACCENT")
    assert set(interface) <= set(named)
    for name in (*interface, "ACCENT_DARK", "GOOD", "WARN", "BAD", "DEAD_END"):
        assert rgb(named[name]) in row(name), name


def test_card_kinds_and_seats_are_in_the_guide_with_their_values() -> None:
    for kind, colour in theme.CARD_KIND.items():
        assert rgb(colour) in row(kind), kind
    seats = " · ".join(rgb(c) for c in theme.PLAYER_COLOURS)
    assert seats in " ".join(GUIDE.split()), "the seats' colours in seat order"


def test_type_scale_and_spacing_match_the_theme() -> None:
    for name in SIZES:
        value = getattr(theme, name)
        assert f" {value} " in row(name), name
    assert str(theme.CARD_RATIO) in GUIDE and str(theme.TILE_ART_MIN_RATIO) in GUIDE
