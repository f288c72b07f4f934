"""Colours, sizes and widget styles shared by every screen.

Sizes go through :func:`px` so the UI-scale setting applies everywhere (never larger than the
window holds, see :class:`UiScale`; text that must fit a box is measured in :mod:`text_fit`).
Danger colours always come with a symbol too (``DANGER_SYMBOL``): colour-blind players exist.
"""

from __future__ import annotations

import arcade
import arcade.gui
from arcade.gui.widgets.text import UIInputTextStyle
from arcade.types import Color

from stalkerzone.client.render.fonts import FONT
from stalkerzone.engine.core import Site, Terrain

BG = Color(22, 25, 22)
PANEL = Color(36, 40, 36, 235)
PANEL_LIGHT = Color(52, 58, 50, 240)
PANEL_EDGE = Color(96, 104, 84)
TEXT = Color(232, 228, 212)
TEXT_DIM = Color(160, 160, 146)
ACCENT = Color(226, 178, 64)  # amber: legal, selected, "your turn"
ACCENT_DARK = Color(150, 110, 30)
GOOD = Color(110, 200, 110)
WARN = Color(235, 170, 60)
BAD = Color(225, 80, 70)
DEAD_END = Color(200, 90, 200)  # legal slot that leads nowhere (layout foresight)
REACH = Color(255, 196, 60, 64)  # a hex the stalker can reach: amber, a hue no terrain has
REACH_EDGE = Color(255, 224, 110, 240)  # its edge, lighter than every terrain
PATH = Color(255, 255, 255)
ROAD = Color(196, 170, 120)
ROAD_EDGE = Color(90, 72, 48)
HEX_EDGE = Color(20, 22, 18, 120)
SECTOR_EDGE = Color(10, 10, 8)

TERRAIN: dict[Terrain, Color] = {
    Terrain.OPEN: Color(122, 138, 84),
    Terrain.RUINS: Color(128, 118, 108),
    Terrain.FOREST: Color(58, 98, 60),
    Terrain.SWAMP: Color(84, 104, 90),
    Terrain.WATER: Color(52, 92, 140),
    Terrain.ANOMALY_FIELD: Color(112, 70, 122),
}

SITE_COLOUR: dict[Site, Color] = {
    Site.VILLAGE: Color(240, 226, 180),
    Site.MILITARY_BASE: Color(150, 170, 110),
    Site.LABORATORY: Color(170, 215, 235),
    Site.EPICENTER: Color(250, 250, 250),
    Site.DANGER_GREEN: Color(70, 200, 90),
    Site.DANGER_YELLOW: Color(240, 210, 50),
    Site.DANGER_RED: Color(225, 50, 45),
    Site.ANOMALY: Color(200, 120, 255),
    Site.EVENT: Color(255, 160, 60),
}

PLAYER_COLOURS: tuple[Color, ...] = (
    Color(230, 70, 60),
    Color(60, 140, 235),
    Color(250, 200, 40),
    Color(80, 200, 120),
    Color(190, 100, 230),
    Color(245, 140, 50),
)


SMALLEST_WINDOW = (1024, 640)  # the window size every screen is laid out for at scale 1


class UiScale:
    """The UI-scale setting (``ui_scale``) in force: one per :class:`AppContext`.

    The scale used (``value``) is the setting, but never more than the window holds: a window of
    ``SMALLEST_WINDOW`` allows 1, a window twice as large 2 (:meth:`fit_window`), so text fits
    its box at every setting and window size.
    """

    def __init__(self, value: float = 1.0) -> None:
        self.setting = 1.0
        self.window_limit = 2.0
        self.value = 1.0
        self.set(value)

    def set(self, value: float) -> None:
        """Clamp to 0.75..2."""
        self.setting = max(0.75, min(2.0, value))
        self.value = min(self.setting, self.window_limit)

    def fit_window(self, width: int, height: int) -> None:
        """Limit the scale to what a ``width`` x ``height`` window holds."""
        small_w, small_h = SMALLEST_WINDOW
        self.window_limit = max(0.75, min(2.0, width / small_w, height / small_h))
        self.value = min(self.setting, self.window_limit)


class _Active:
    """Which scale :func:`px` reads (the window's context installs its own)."""

    scale = UiScale()


def use(ui_scale: UiScale) -> None:
    _Active.scale = ui_scale


def set_scale(scale: float) -> None:
    """Set the UI scale (settings ``ui_scale``), clamped to 0.75..2."""
    _Active.scale.set(scale)


def fit_window(width: int, height: int) -> None:
    """Limit the scale in force to what the window holds (see :class:`UiScale`)."""
    _Active.scale.fit_window(width, height)


def scale() -> float:
    return _Active.scale.value


def px(value: float) -> int:
    """A size in pixels at the current UI scale."""
    return round(value * _Active.scale.value)


def button_style(
    primary: bool = False, size: float = 14
) -> dict[str, arcade.gui.UIFlatButton.UIStyle]:
    """A ``UIFlatButton`` style in the game's colours, Liberation Sans."""

    def look(
        font_color: Color, bg: Color, border: Color, border_width: int
    ) -> arcade.gui.UIFlatButton.UIStyle:
        return arcade.gui.UIFlatButton.UIStyle(
            font_name=FONT,
            font_size=px(size),
            font_color=font_color,
            bg=bg,
            border=border,
            border_width=border_width,
        )

    normal_bg = ACCENT_DARK if primary else Color(58, 66, 54)
    return {
        "normal": look(TEXT, normal_bg, PANEL_EDGE, 1),
        "hover": look(TEXT, Color(90, 100, 70) if not primary else ACCENT, ACCENT, 2),
        "press": look(BG, ACCENT, ACCENT, 2),
        "disabled": look(TEXT_DIM, Color(44, 46, 42), Color(60, 60, 56), 1),
    }


def input_style() -> dict[str, UIInputTextStyle]:
    """A ``UIInputText`` style: dark field, amber edge when hovered."""
    style = UIInputTextStyle
    return {
        "normal": style(bg=Color(16, 18, 16), border=PANEL_EDGE, border_width=1),
        "hover": style(bg=Color(16, 18, 16), border=ACCENT, border_width=1),
        "press": style(bg=Color(16, 18, 16), border=ACCENT, border_width=2),
        "disabled": style(bg=Color(40, 40, 40), border=PANEL_EDGE, border_width=1),
        "invalid": style(bg=Color(60, 20, 20), border=BAD, border_width=2),
    }
