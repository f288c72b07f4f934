"""Saving and loading (Ctrl+S, Ctrl+O): a list of saves, a name field; errors shown here.

Loading over a game that changed since it was last saved asks first (load anyway, save it
first, keep playing); a loaded game keeps its turn log (save format 4). Each save can be renamed
(a name another save has is refused, never overwritten) and deleted (after a question over the
dimmed list, the game's modal question as everywhere). A save's lines use the row's width up to
its first button."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime
from functools import partial
from pathlib import Path

import arcade

from stalkerzone.client.app.base_view import BaseView
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller import save_files as saves
from stalkerzone.client.render import shapes as widgets
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import theme
from stalkerzone.client.widgets.confirm_box import Confirm, answer_key
from stalkerzone.persistence.save_document import SaveError

MAX_LISTED = 9


def save_date(when: datetime) -> str:
    """A save's date in the player's language: "1 Dec 13:05" / "1 дек 13:05"."""
    months = i18n.t("save_row.months").split()
    month = months[when.month - 1] if len(months) == 12 else f"{when.month:02d}"
    return i18n.t("save_row.date", day=when.day, month=month, time=when.strftime("%H:%M"))


def save_row(label: str, summary: saves.SaveSummary) -> tuple[str, str]:
    """The two lines of a save in the list: players and round (TURN-1), then the save's
    name and date ("Anna, Борис · round 7" / "Autosave (last turn) · 1 Dec 13:05")."""
    if summary.round is None:
        played = i18n.t("save_row.unknown")
    elif summary.round == 0:
        played = i18n.t("save_row.layout")
    else:
        played = i18n.t("save_row.round", n=summary.round)
    title = " · ".join(
        part for part in (", ".join(i18n.player_name(p) for p in summary.players), played) if part
    )
    detail = label if summary.saved is None else f"{label} · {save_date(summary.saved)}"
    return title, detail


def fit_width(item: arcade.Text, width: float) -> None:
    """Shorten a one-line text with "…" until its measured width fits ``width``."""
    text = item.text
    while item.content_width > width and len(text) > 1:
        text = text[:-1]
        item.text = text.rstrip() + "…"


class SavesView(BaseView):
    kind = "saves"

    def __init__(
        self, window: StalkerWindow, back: BaseView | None = None, mode: str = "load"
    ) -> None:
        super().__init__(window)
        self.back = back
        self.mode = mode if self.session is not None else "load"
        self.name = time.strftime("game-%Y%m%d-%H%M")
        self.message = ""
        self.message_ok = False
        self.pending: Path | None = None  # a save chosen while the game on the table is unsaved
        self.deleting: Path | None = None  # a save whose Delete was pressed: asked first
        self.renaming: Path | None = None  # a save being renamed: its new name is typed above
        self.new_name = ""

    def build(self) -> None:
        w, h = self.window.width, self.window.height
        px = theme.px
        half = min(px(430), w / 2 - px(16))
        self.box = (w / 2 - half, w / 2 + half, px(70), h - px(60))
        left, right, _bottom, top = self.box
        if self.pending is not None:  # a question, mid-screen
            top = h / 2 + px(110)
            self.box = (left, right, top - px(215), top)
            self.build_question(left, right, top)
            return
        heading = i18n.t("saves.save_title" if self.mode == "save" else "saves.load_title")
        self.label(heading, left + px(20), top - px(42), 24, theme.ACCENT, bold=True)
        y = top - px(70)
        if self.renaming is not None:
            self.build_rename_row(left, y, self.renaming)
            y -= px(60)
        elif self.mode == "save":
            self.text_input(
                self.name,
                left + px(20),
                y - px(34),
                px(420),
                px(29),
                14,
                self.set_name,
                add=True,
            )
            self.button(
                i18n.t("saves.save"),
                self.save,
                width=170,
                height=36,
                primary=True,
                x=left + px(450),
                y=y - px(38),
                add=True,
            )
            y -= px(60)
        self.label(i18n.t("saves.existing"), left + px(20), y - px(10), 14, bold=True)
        y -= px(20)
        listed = saves.list_saves()[:MAX_LISTED]
        if not listed:
            self.label(i18n.t("saves.none"), left + px(20), y - px(24), 13, theme.TEXT_DIM)
        for path in listed:
            y -= px(44)
            name = self.shown_name(path)
            title, detail = save_row(name, saves.save_summary(path))
            x = self.build_row_buttons(right, y, path)
            room = x - px(12) - (left + px(20))  # the row's width up to its first button
            fit_width(self.label(title, left + px(20), y + px(21), 14), room)
            fit_width(self.label(detail, left + px(20), y + px(4), 11, theme.TEXT_DIM), room)
        if self.message:
            self.label(
                self.message,
                left + px(20),
                px(100),
                12,
                theme.GOOD if self.message_ok else theme.BAD,
                width=int(right - left - px(40)),
                multiline=True,
            )
        self.button(
            i18n.t("saves.back"),
            self.go_back,
            width=150,
            height=40,
            x=left + px(20),
            y=px(16),
            add=True,
        )
        if self.deleting is not None:  # over the list, dimmed and not reacting under it
            self.delete_question(self.deleting).build(self, self.answer_delete)

    def build_row_buttons(self, right: float, y: float, path: Path) -> float:
        """A save's buttons from the list's right edge: Load, Overwrite (saving, not the
        autosave), Rename, Delete; the left edge of the leftmost."""
        px = theme.px
        self.button(
            i18n.t("saves.load"),
            partial(self.choose, path),
            width=110,
            height=32,
            size=12,
            x=right - px(130),
            y=y + px(4),
            add=True,
        )
        x = right - px(130)
        if self.mode == "save" and path.name != saves.AUTOSAVE:
            x -= px(150)
            self.button(
                i18n.t("saves.overwrite"),
                partial(self.save, path.stem),
                width=140,
                height=32,
                size=12,
                x=x,
                y=y + px(4),
                add=True,
            )
        for text, action, width in (
            ("saves.rename", self.start_rename, 128),
            ("saves.delete", self.ask_delete, 86),
        ):
            x -= px(width + 10)
            self.button(
                i18n.t(text),
                partial(action, path),
                width=width,
                height=32,
                size=11,
                x=x,
                y=y + px(4),
                add=True,
            )
        return x

    def build_question(self, left: float, right: float, top: float) -> None:
        """Drop the unsaved game? Load anyway / save it first / keep playing."""
        choices = (
            ("flow.replace_yes", self.load_pending, False),
            ("flow.replace_save", self.save_first, False),
            ("flow.replace_no", self.keep_playing, True),
        )
        self.ask(
            left, right, top, i18n.t("flow.replace_title"), i18n.t("flow.replace_body"), choices
        )

    def ask(
        self,
        left: float,
        right: float,
        top: float,
        title: str,
        body: str,
        choices: tuple[tuple[str, Callable[[], None], bool], ...],
    ) -> None:
        """A question in the list box: its title, what it is about, and a row of answers (the
        string key, what it does, whether it is the primary answer)."""
        px = theme.px
        self.label(title, left + px(20), top - px(42), 22, theme.WARN, bold=True)
        self.label(
            body,
            left + px(20),
            top - px(70),
            13,
            theme.TEXT,
            anchor_y="top",
            width=int(right - left - px(40)),
            multiline=True,
        )
        for k, (text, action, primary) in enumerate(choices):
            self.button(
                i18n.t(text),
                action,
                width=196,
                height=40,
                size=13,
                primary=primary,
                x=left + px(20) + k * px(208),
                y=top - px(190),
                add=True,
            )

    def build_rename_row(self, left: float, y: float, path: Path) -> None:
        """The new name of the save being renamed, with Rename and Cancel."""
        px = theme.px
        self.label(
            i18n.t("saves.rename_what", name=self.shown_name(path)),
            left + px(20),
            y,
            12,
            theme.TEXT_DIM,
        )
        field = self.text_input(
            self.new_name,
            left + px(20),
            y - px(34),
            px(420),
            px(29),
            14,
            self.set_new_name,
            add=True,
        )
        field.on_enter = self.finish_rename  # Enter renames, as the button does
        for k, (text, action, primary) in enumerate(
            (("saves.rename_do", self.finish_rename, True), ("saves.cancel", self.cancel, False))
        ):
            self.button(
                i18n.t(text),
                action,
                width=150,
                height=36,
                primary=primary,
                x=left + px(450) + k * px(160),
                y=y - px(38),
                add=True,
            )

    def delete_question(self, path: Path) -> Confirm:
        """Delete this save for good? Delete / keep it: the game's modal question, over the
        dimmed list (Y deletes, N or Esc keeps it)."""
        title, detail = save_row(self.shown_name(path), saves.save_summary(path))
        body = i18n.t("saves.delete_body", save=f"{title} · {detail}")
        yes, keep = i18n.t("saves.delete_yes"), i18n.t("saves.delete_no")
        return Confirm(i18n.t("saves.delete_title"), body, yes, self.delete, no_text=keep)

    def answer_delete(self, yes: bool) -> None:
        if yes:
            self.delete()
        else:
            self.cancel()

    @staticmethod
    def shown_name(path: Path) -> str:
        """A save's name in the list: the autosave's and the lesson's in the player's language,
        any other as saved."""
        from stalkerzone.client.tutorial.lesson_save import LESSON_SAVE

        if path.name == saves.AUTOSAVE:
            return i18n.t("saves.autosave")
        if path.stem == LESSON_SAVE:
            return i18n.t("saves.lesson")
        return path.stem

    def start_rename(self, path: Path) -> None:
        self.renaming, self.new_name, self.message = path, path.stem, ""
        self.rebuild()

    def set_new_name(self, name: str) -> None:
        self.new_name = name

    def finish_rename(self) -> None:
        """Rename the save; a bad name, the autosave's or another save's is refused here."""
        path = self.renaming
        if path is None:
            return
        try:
            renamed = saves.rename_save(path, self.new_name)
        except saves.SaveNameRefused as refused:
            key = {"taken": "saves.name_taken", "reserved": "saves.name_reserved"}
            text = i18n.t(key.get(refused.reason, "saves.bad_name"), name=refused.name)
            self.message, self.message_ok = text, False
        except (OSError, ValueError) as error:
            self.message, self.message_ok = i18n.t("saves.rename_failed", error=error), False
            self.renaming = None
        else:
            self.message, self.message_ok = i18n.t("saves.renamed", name=renamed.stem), True
            self.renaming = None
        self.rebuild()

    def ask_delete(self, path: Path) -> None:
        self.deleting, self.renaming, self.message = path, None, ""
        self.rebuild()

    def delete(self) -> None:
        path, self.deleting = self.deleting, None
        if path is None:
            return
        try:
            saves.delete_save(path)
        except (OSError, ValueError) as error:
            self.message, self.message_ok = i18n.t("saves.delete_failed", error=error), False
        else:
            self.message = i18n.t("saves.deleted", name=self.shown_name(path))
            self.message_ok = True
        self.rebuild()

    def cancel(self) -> None:
        self.deleting = self.renaming = None
        self.rebuild()

    def choose(self, path: Path) -> None:
        """The Load button: ask first when the game on the table changed since it was saved."""
        session = self.session
        if session is not None and session.unsaved():
            self.pending = path
            self.rebuild()
            return
        self.load(path)

    def load_pending(self) -> None:
        path, self.pending = self.pending, None
        if path is not None:
            self.load(path)

    def save_first(self) -> None:
        self.pending, self.mode = None, "save"
        self.rebuild()

    def keep_playing(self) -> None:
        self.pending = None
        self.go_back()

    def set_name(self, name: str) -> None:
        self.name = name

    def draw_scene(self) -> None:
        widgets.panel(*self.box)

    def save(self, name: str | None = None) -> None:
        stem = "".join(c for c in (name or self.name) if c.isalnum() or c in "-_ ").strip()
        if not stem:
            self.message, self.message_ok = i18n.t("saves.bad_name"), False
            self.rebuild()
            return
        session = self.session
        if session is None:
            return
        try:
            path = saves.save_game(session, stem)
        except (OSError, SaveError) as error:
            self.message, self.message_ok = i18n.t("saves.failed", error=error), False
        else:
            self.message, self.message_ok = i18n.t("saves.saved", path=path), True
        self.rebuild()

    def load(self, path: Path) -> None:
        """Open ``path`` once "Opening the saved game…" is on screen (a moment's reading)."""
        self.message, self.message_ok = i18n.t("title.opening"), True
        self.rebuild()
        self.ui.disable()

        def opened() -> None:
            try:
                saves.open_save(self.win, path)
            except SaveError as error:
                self.ui.enable()
                self.message, self.message_ok = str(error), False
                self.rebuild()

        self.after_a_frame(opened)

    def go_back(self) -> None:
        if self.back is not None:
            self.window.show_view(self.back)
        else:
            self.win.show_screen("title")

    def on_hotkey(self, symbol: int, modifiers: int) -> bool | None:
        """While the delete question is open, its keys (Y, N; Enter answers nothing)."""
        if self.deleting is None:
            return None
        answer = answer_key(symbol)
        if answer is not None:
            self.answer_delete(answer)
        return True

    def on_escape(self) -> None:
        if self.deleting is not None or self.renaming is not None:
            self.cancel()
            return
        self.go_back()
