"""A one-line text field that behaves like every text field: the caret goes where the click
is, Home/End, Ctrl+A selects all, Backspace/Delete, Ctrl+C/X/V copy, cut and paste, any
Unicode text (Cyrillic from a Russian layout arrives as ``on_text`` like any other letter), and
the text sits in the middle of its box.

Built on ``arcade.gui.UIInputText``, which puts the caret at the end on every click (so "Anna"
typed into "Player 1" gave "Player 1Anna"), has no select-all and gives its pyglet caret no
window, so copy and paste did nothing. Copy and paste go through :class:`Clipboard` (the
window's clipboard; a test gives its own).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import arcade
import arcade.gui
from arcade.gui.events import (
    UIEvent,
    UIKeyPressEvent,
    UIOnChangeEvent,
    UITextInputEvent,
    UITextMotionEvent,
)
from pyglet.window import key as keys

CONTROL = keys.MOD_CTRL | keys.MOD_COMMAND
LINE_STARTS = frozenset({keys.MOTION_BEGINNING_OF_LINE, keys.MOTION_BEGINNING_OF_FILE})
LINE_ENDS = LINE_STARTS | {keys.MOTION_END_OF_LINE, keys.MOTION_END_OF_FILE}


class Clipboard(Protocol):
    """Where copied text goes (a pyglet window has both methods)."""

    def get_clipboard_text(self) -> str: ...

    def set_clipboard_text(self, text: str) -> None: ...


class WindowClipboard:
    """The clipboard of the running window; empty where it has none (headless)."""

    def get_clipboard_text(self) -> str:
        try:
            return str(arcade.get_window().get_clipboard_text())
        except Exception:  # a headless window has no clipboard
            return ""

    def set_clipboard_text(self, text: str) -> None:
        try:
            arcade.get_window().set_clipboard_text(text)
        except Exception:  # a headless window has no clipboard
            return


class TextField(arcade.gui.UIInputText):
    """``UIInputText`` with the editing every text field has (module docstring).

    ``max_length`` caps the text (characters); ``clipboard`` defaults to the window's;
    ``select_on_focus``: the first click selects the whole text (a default name that typing
    replaces) instead of placing the caret.
    """

    def __init__(
        self,
        *,
        max_length: int | None = None,
        clipboard: Clipboard | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.max_length = max_length
        self.select_on_focus = False
        self._just_activated = False  # activated by this press; the click that ends it decides
        self.clipboard: Clipboard = clipboard if clipboard is not None else WindowClipboard()
        self.layout.content_valign = "center"  # the text in the middle of its box
        self.on_enter: Callable[[], object] | None = None  # Enter: the form's "do it"

    # --- what the caret does -------------------------------------------------------------------
    def caret_at(self, x: float, y: float) -> None:
        """Put the caret at window point (x, y) (the nearest gap between two letters)."""
        self.caret.move_to_point(int(x - self.left - self.LAYOUT_OFFSET), int(y - self.bottom))

    def select_all(self) -> None:
        self.caret.select_all()
        self.trigger_full_render()

    def selection(self) -> tuple[int, int]:
        """(start, end) of the selected text; start == end when nothing is selected."""
        mark = self.caret.mark
        position = self.caret.position
        if mark is None:
            return position, position
        return min(mark, position), max(mark, position)

    def copy(self) -> None:
        start, end = self.selection()
        if end > start:
            self.clipboard.set_clipboard_text(self.text[start:end])

    def cut(self) -> None:
        start, end = self.selection()
        if end > start:
            self.copy()
            self.caret.on_text_motion(keys.MOTION_BACKSPACE)

    def paste(self) -> None:
        text = " ".join(self.clipboard.get_clipboard_text().splitlines())
        if text:
            self.insert(text)

    def insert(self, text: str) -> None:
        """Type ``text`` at the caret (over the selection), cut to ``max_length``."""
        if self.max_length is not None:
            start, end = self.selection()
            room = self.max_length - (len(self.text) - (end - start))
            text = text[: max(0, room)]
        if text:
            self.caret.on_text(text)

    # --- events ----------------------------------------------------------------------------
    def on_click(self, event: arcade.gui.UIOnClickEvent) -> None:
        """A click activates the field with the caret where the click was (not at the end)."""
        first = self._just_activated or not self.active
        self._just_activated = False
        if not self.active:
            self.activate()  # type: ignore[no-untyped-call]  # unannotated in arcade
        if first and self.select_on_focus:
            self.select_all()
        else:
            self.caret_at(event.x, event.y)
        self.trigger_full_render()

    def on_event(self, event: UIEvent) -> bool | None:
        if not self.active:
            result = super().on_event(event)
            if self.active:  # arcade made it the active widget on the press: show the caret
                self._just_activated = True
                self.caret.on_activate()
                self.trigger_full_render()
            return result
        old = self.text
        handled = self._edit(event)
        if handled is None:  # a press inside moves the caret there, motions edit (UIInputText)
            return super().on_event(event)
        self.trigger_full_render()
        if old != self.text:
            self.dispatch_event("on_change", UIOnChangeEvent(self, old, self.text))
        return handled

    def _edit(self, event: UIEvent) -> bool | None:
        """Editing this class does itself (True), or None to leave the event to UIInputText."""
        if isinstance(event, UITextInputEvent):
            text = "".join(c for c in event.text if c.isprintable())
            self.insert(text)
            return True
        if isinstance(event, UITextMotionEvent):
            if event.motion in LINE_ENDS:  # one line: its ends are the text's ends
                self.caret.mark = None  # type: ignore[assignment]  # None clears the selection
                self.caret.position = 0 if event.motion in LINE_STARTS else len(self.text)
                return True
            if event.motion == keys.MOTION_COPY:
                self.copy()
                return True
            if event.motion == keys.MOTION_PASTE:
                self.paste()
                return True
            return None
        if (
            isinstance(event, UIKeyPressEvent)
            and event.symbol in (keys.ENTER, keys.NUM_ENTER)
            and self.on_enter is not None
        ):
            self.on_enter()  # as its form's button (a typed name was dropped otherwise)
            return True
        if isinstance(event, UIKeyPressEvent) and event.modifiers & CONTROL:
            if event.symbol == keys.A:
                self.select_all()
                return True
            if event.symbol == keys.X:
                self.cut()
                return True
        return None
