"""The error dialog: an exception inside the client is logged and shown; play can go on."""

from __future__ import annotations

import arcade.gui

from stalkerzone.client.app.base_view import BaseView
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.render import shapes as widgets
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import theme


class ErrorView(BaseView):
    kind = "error"

    def __init__(
        self, window: StalkerWindow, error: BaseException, back: BaseView | None = None
    ) -> None:
        super().__init__(window)
        self.error = error
        self.back = back
        self.status = ""

    def build(self) -> None:
        w, h = self.window.width, self.window.height
        self.box = (
            w / 2 - theme.px(330),
            w / 2 + theme.px(330),
            h / 2 - theme.px(150),
            h / 2 + theme.px(150),
        )
        left, _right, _bottom, top = self.box
        self.label(
            i18n.t("error.title"), left + theme.px(24), top - theme.px(44), 22, theme.BAD, bold=True
        )
        self.label(
            i18n.t("error.body"),
            left + theme.px(24),
            top - theme.px(80),
            13,
            width=theme.px(612),
            multiline=True,
        )
        message = f"{type(self.error).__name__}: {self.error}"[:300]
        self.label(
            message,
            left + theme.px(24),
            top - theme.px(140),
            12,
            theme.WARN,
            width=theme.px(612),
            multiline=True,
        )
        if self.status:
            self.label(
                self.status,
                left + theme.px(24),
                top - theme.px(205),
                12,
                theme.GOOD,
                width=theme.px(612),
                multiline=True,
            )
        row = arcade.gui.UIBoxLayout(vertical=False, space_between=theme.px(12))
        row.add(self.button(i18n.t("error.continue"), self.go_on, primary=True, width=180))
        if self.session is not None:
            row.add(self.button(i18n.t("error.save"), self.save, width=180))
        row.add(self.button(i18n.t("error.title_screen"), self.to_title, width=180))
        anchor = arcade.gui.UIAnchorLayout()
        anchor.add(row, anchor_x="center", anchor_y="center", align_y=-theme.px(105))
        self.ui.add(anchor)

    def draw_scene(self) -> None:
        left, right, bottom, top = self.box
        widgets.panel(left, right, bottom, top, light=True, edge=theme.BAD)

    def go_on(self) -> None:
        if self.back is not None:
            self.window.show_view(self.back)
        else:
            self.to_title()

    def save(self) -> None:
        from stalkerzone.client.controller import save_files as saves

        session = self.session
        if session is None:
            return
        try:
            path = saves.save_game(session, name=None)
            self.status = i18n.t("error.saved", path=path)
        except Exception as error:  # saving must never raise inside the error dialog
            self.status = i18n.t("error.save_failed", error=error)
        self.rebuild()

    def to_title(self) -> None:
        self.win.show_screen("title")

    def on_escape(self) -> None:
        self.go_on()
