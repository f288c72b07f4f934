"""What a screen's buttons and text boxes do, held by the screen, not by the widgets.

arcade.gui keeps a layout's children in a table shared by all layouts, keyed weakly by the layout
but holding the children strongly. A child whose handler held its screen (a closure over it, a
bound method) led from that entry back to the layout through the screen's ``UIManager``, so the
entry was never let go: every screen built with a row or column of buttons stayed alive for
good, with its texts and card pictures, and the collector's full passes walked them all. So a
widget's handler holds only a weak reference to the screen's :class:`WidgetActions`, which holds
what to do.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

import arcade.gui


class WidgetActions:
    """A screen's widget handlers: what a click or an edit of each widget runs."""

    def __init__(self, guarded: Callable[[Callable[[], object]], None]) -> None:
        self._guarded = guarded  # runs an action, its error shown in the error dialog
        # by widget, weakly: a widget a rebuild threw away takes its entry with it
        self._clicks: weakref.WeakKeyDictionary[arcade.gui.UIWidget, Callable[[], object]] = (
            weakref.WeakKeyDictionary()
        )
        self._changes: weakref.WeakKeyDictionary[arcade.gui.UIWidget, Callable[[str], object]] = (
            weakref.WeakKeyDictionary()
        )

    def on_click(
        self, widget: arcade.gui.UIInteractiveWidget, action: Callable[[], object]
    ) -> None:
        """A click on ``widget`` while it is enabled runs ``action`` (errors: the dialog)."""
        self._clicks[widget] = action
        actions = weakref.ref(self)

        @widget.event("on_click")
        def _clicked(_event: arcade.gui.UIOnClickEvent) -> None:
            kept = actions()
            if kept is None or getattr(widget, "disabled", False):
                return
            wanted = kept._clicks.get(widget)
            if wanted is not None:
                kept._guarded(wanted)

    def on_change(self, widget: arcade.gui.UIWidget, action: Callable[[str], object]) -> None:
        """Every edit of ``widget``'s text calls ``action(new_text)``."""
        self._changes[widget] = action
        actions = weakref.ref(self)

        @widget.event("on_change")
        def _changed(event: arcade.gui.UIOnChangeEvent) -> None:
            kept = actions()
            wanted = kept._changes.get(widget) if kept is not None else None
            if wanted is not None:
                wanted(str(event.new_value))
