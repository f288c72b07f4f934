"""The layout screen's note of the sector another seat placed last (TURN-4): a bot places at
once, so its sector is named under the title (in the seat's colour) and outlined on the map in
light ink, apart from the amber outlines of the legal slots."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arcade.shape_list import Shape, ShapeElementList

from stalkerzone.client.screens.layout.presenter import last_placed
from stalkerzone.client.screens.layout.slots import slot_outline
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import theme

if TYPE_CHECKING:
    from stalkerzone.client.screens.layout.screen import LayoutView


def announce_last(view: LayoutView, top: float) -> ShapeElementList[Shape]:
    """Name the sector another seat placed last under the title (``top``: the window's top)
    and return its outline to draw over the Zone."""
    marks: ShapeElementList[Shape] = ShapeElementList()
    state = view.session.view
    last = last_placed(view.session.record, state.current_player)
    if last is None:
        return marks
    seat, placed = last
    colour = theme.PLAYER_COLOURS[seat % len(theme.PLAYER_COLOURS)]
    sector = i18n.card_text(view.sectors[placed.sector].name)
    text = i18n.t("table.last_placed", player=state.players[seat].name, sector=sector)
    view.label(text, view.tray_w + theme.px(20), top - theme.px(58), 11, colour)
    for shape in slot_outline(placed.slot, theme.TEXT, 3):
        marks.append(shape)
    return marks
