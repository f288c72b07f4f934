"""Text that fits its box: measured widths, font sizes that shrink to fit, and cut-offs by width.

Widths are measured from the font's glyph advances (what ``arcade.Text.content_width`` gives for
one line, without building a Text). Sizes are in UI units as in
:meth:`~stalkerzone.client.app.base_view.BaseView.label` (the UI scale is applied here).
"""

from __future__ import annotations

import arcade.gui
import pyglet

from stalkerzone.client.render.fonts import FONT
from stalkerzone.client.widgets import theme

BUTTON_PAD = 10.0  # free space each side of a button's text (UI units)
SMALLEST = 0.72  # a text shrinks to at most this share of its size before it is cut
ELLIPSIS = "…"


def measure(text: str, font_size: float, *, bold: bool = False) -> float:
    """The width in pixels of one line of ``text`` at ``font_size`` points (already scaled)."""
    if not text:
        return 0.0
    font = pyglet.font.load(FONT, font_size, weight="bold" if bold else "normal", dpi=96)
    glyphs, _offsets = font.get_glyphs(text)  # pyglet 2.1: (glyphs, offsets)
    return float(sum(glyph.advance for glyph in glyphs))


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """The width in pixels of ``text`` at UI size ``size`` (the widest line if several)."""
    return max((measure(line, theme.px(size), bold=bold) for line in text.split("\n")), default=0.0)


def fitting_size(
    text: str,
    width: float,
    size: float,
    *,
    bold: bool = False,
    pad: float = 0.0,
    least: float = SMALLEST,
) -> float:
    """The largest UI size up to ``size`` at which ``text`` fits ``width`` pixels with ``pad``
    (UI units) free each side; never below ``least * size`` (then use :func:`cut_to`)."""
    room = width - 2 * theme.px(pad)
    smallest = size * least
    current = size
    while current > smallest and text_width(text, current, bold=bold) > room:
        current = max(smallest, current - 0.5)
    return current


def fits(text: str, width: float, size: float, *, bold: bool = False, pad: float = 0.0) -> bool:
    """True if ``text`` at UI size ``size`` fits ``width`` pixels with ``pad`` each side."""
    return text_width(text, size, bold=bold) <= width - 2 * theme.px(pad)


def cut_to(text: str, width: float, size: float, *, bold: bool = False) -> str:
    """``text`` cut at a word with "…" so that it fits ``width`` pixels; inside a word only
    when not even its first word fits."""
    if text_width(text, size, bold=bold) <= width:
        return text
    words = text.split(" ")
    while len(words) > 1:
        words.pop()
        shorter = " ".join(words).rstrip(" ,;:·—-") + ELLIPSIS
        if text_width(shorter, size, bold=bold) <= width:
            return shorter
    letters = text
    while letters and text_width(letters + ELLIPSIS, size, bold=bold) > width:
        letters = letters[:-1]
    return letters.rstrip() + ELLIPSIS if letters else ""


def wrap_words(text: str, width: float, size: float, *, bold: bool = False) -> str:
    """``text`` broken at spaces into lines of at most ``width`` pixels at UI size ``size`` (a
    single word wider than a line keeps its own line whole: never cut)."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        longer = f"{line} {word}" if line else word
        if line and text_width(longer, size, bold=bold) > width - 2:  # 2 px: pyglet's rounding
            lines.append(line)
            line = word
        else:
            line = longer
    lines.append(line)
    return "\n".join(lines)


def fit_lines(
    text: str,
    width: float,
    size: float,
    lines: int = 2,
    *,
    bold: bool = False,
    least: float = SMALLEST,
) -> tuple[str, float]:
    """``text`` and the UI size to set it at so that it fits ``width`` pixels, whole: one line,
    shrunk down to ``least * size`` if need be; else broken at spaces (:func:`wrap_words`)
    into at most ``lines`` lines at the largest size that allows, down to ``SMALLEST * size``
    (more lines at that size if even that does not: a line is never cut)."""
    one = fitting_size(text, width, size, bold=bold, least=least)
    if fits(text, width, one, bold=bold):
        return text, one
    current = size
    while True:
        wrapped = wrap_words(text, width, current, bold=bold)
        if wrapped.count("\n") < lines or current <= size * SMALLEST:
            return wrapped, current
        current = max(size * SMALLEST, current - 0.5)


def line_or_lines(
    text: str,
    width: float,
    size: float,
    most_lines: int,
    *,
    bold: bool = False,
    least: float = SMALLEST,
) -> tuple[str, float, int]:
    """``text`` in ``width`` pixels, its UI size and its line count: one line, shrunk if need
    be down to ``least * size`` (:func:`fitting_size`); else broken into lines
    (:func:`fit_lines`) if they are at most ``most_lines`` (0 or 1: never broken); else cut at
    a word (:func:`cut_to`). ``least`` 1: two lines at ``size`` rather than one smaller."""
    one = fitting_size(text, width, size, bold=bold, least=least if most_lines > 1 else SMALLEST)
    if fits(text, width, one, bold=bold):
        return text, one, 1
    if most_lines > 1:
        wrapped, smaller = fit_lines(text, width, size, 2, bold=bold, least=least)
        count = wrapped.count("\n") + 1
        if count <= most_lines:
            return wrapped, smaller, count
    return cut_to(text, width, one, bold=bold), one, 1


def wrap_items(text: str, width: float, size: float, separator: str = " · ") -> str:
    """A list of hints (``"R: turn · F: flip"``) broken into lines of at most ``width``
    pixels at UI size ``size``, only at a separator, never inside a hint (a key and what it
    does stay on one line); the separator ends the line it breaks."""
    lines: list[str] = []
    line = ""
    for item in text.split(separator):
        longer = f"{line}{separator}{item}" if line else item
        if line and text_width(longer, size) > width - 2:  # 2 px: pyglet's own rounding
            lines.append(line + separator.rstrip())
            line = item
        else:
            line = longer
    lines.append(line)
    return "\n".join(lines)


def button_width(text: str, size: float, minimum: float = 0.0) -> float:
    """The width (UI units) of a button whose ``text`` at ``size`` fits with the padding."""
    return max(minimum, text_width(text, size) / theme.scale() + 2 * BUTTON_PAD + 2)


def centre_input(field: arcade.gui.UIInputText) -> None:
    """Put a one-line field's text in the middle of its box, a little in from the left edge
    (``UIInputText`` draws it at the top left)."""
    field.LAYOUT_OFFSET = theme.px(6)  # the field also reads it to place clicks
    field.layout.content_valign = "center"
