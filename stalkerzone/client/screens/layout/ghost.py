"""The ghost of a sector over an open slot it does not fit as it lies now (TURN-4, MAP-4): a
faint preview of the sector as turned and flipped, outlined as not fitting, and the engine's
word why (its refusal of that placement; the state is never changed)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arcade.shape_list import Shape, ShapeElementList, create_line

from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.render.zone_layer import HEX, placement_hexes
from stalkerzone.client.screens.layout.slots import slot_outline
from stalkerzone.client.text import engine_text
from stalkerzone.client.widgets import theme
from stalkerzone.engine.core import IllegalAction
from stalkerzone.engine.game import apply
from stalkerzone.engine.play import GameState, PlaceSector
from stalkerzone.engine.zone import Placement, Slot, Zone, slot_centre, slot_neighbours

if TYPE_CHECKING:
    from stalkerzone.client.screens.layout.screen import LayoutView

GHOST_ALPHA = 70  # the ghost's opacity (a sector that fits previews at 215)


def open_slot(zone: Zone, slot: Slot) -> bool:
    """An empty slot beside a placed sector: where a sector could go if its roads met."""
    taken = {p.slot for p in zone.placements}
    return slot not in taken and any(s in taken for s in slot_neighbours(slot))


def misfit_marks(slot: Slot) -> ShapeElementList[Shape]:
    """The ghost's marks: the slot outlined in the refusal colour, a bar across its centre."""
    marks: ShapeElementList[Shape] = ShapeElementList()
    for shape in slot_outline(slot, theme.BAD, 3):
        marks.append(shape)
    x, y = hexgeom.world(*slot_centre(slot), HEX)
    s = HEX * 0.9
    marks.append(create_line(x - s, y - s, x + s, y + s, theme.BAD, 5))
    return marks


def misfit_reason(state: GameState, action: PlaceSector) -> str:
    """Why the engine refuses ``action`` (roads that do not meet, MAP-4), in the current
    language without its rule id; "" if it would take it."""
    try:
        apply(state, action)
    except IllegalAction as error:
        text = engine_text.render(error, state.cards, sectors=state.ctx.sectors)
        return engine_text.sentence(text)
    return ""


def build_hover_preview(view: LayoutView, fits: set[Slot]) -> None:
    """The selected sector, turned and flipped as chosen, over the hovered slot: in full where
    it fits (``fits``: legal and dead-end slots), as a ghost with misfit marks over an open
    slot where its roads do not meet; nothing elsewhere."""
    view.preview_for = None
    view.ghost_marks = ShapeElementList()
    slot, sector = view.hover_slot, view.selected
    if slot is None or sector is None or view.legal_places() is None:
        return
    if slot not in fits and not open_slot(view.zone, slot):
        return
    placement = Placement(sector, view.face, view.rotation, slot)
    view.preview.build(
        placement_hexes(placement, view.sectors[sector]),
        alpha=215 if slot in fits else GHOST_ALPHA,
        symbols=view.app.settings.colour_blind_symbols,
    )
    if slot not in fits:
        view.ghost_marks = misfit_marks(slot)
    view.preview_for = slot
