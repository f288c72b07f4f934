"""The layout screen's words for the slot under the mouse (TURN-4): the sector fits there, it
would be a dead end and what it would cut off (asked off the frame), it fits if turned, or which
turn or face would fit anywhere; and why a sector that fits nowhere as turned does not fit there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stalkerzone.client.screens.layout.ghost import misfit_reason, open_slot
from stalkerzone.client.screens.layout.presenter import fit_hint
from stalkerzone.client.text import i18n
from stalkerzone.engine.zone import Slot

if TYPE_CHECKING:
    from stalkerzone.client.screens.layout.screen import LayoutView


def slot_words(view: LayoutView, slot: Slot) -> str:
    """What the status line says over ``slot``; a dead end's reason not yet computed is asked
    for (``view.reason_for``) and shown once it is back."""
    good, dead, other = view.slots()
    view.reason_for = None
    if slot in good:
        return i18n.t("foresight.fits")
    if slot in dead:
        reason = view.reason(slot)
        if reason is None:
            view.reason_for = slot  # asked off the frame: shown once it is back
            return i18n.t("layout.computing")
        return i18n.t("foresight.dead_end", reason=reason)
    if slot in other:
        return i18n.t("layout.turn_it")
    if view.legal_places() is not None and not good:
        return nowhere(view)
    if (action := view.current_placement(slot)) and open_slot(view.zone, slot):
        return misfit_reason(view.session.state, action)
    return ""


def nowhere(view: LayoutView) -> str:
    """The selected face and turn fit on no slot: say which turn or face would (TURN-4)."""
    legal = view.legal_places()
    if view.selected is None or legal is None:
        return ""
    return fit_hint(legal, view.selected, view.face, view.rotation)
