"""The game menu (Esc): resume, save, load, settings, rules, title screen."""

from __future__ import annotations

import arcade.gui

from stalkerzone.client.app.base_view import BaseView
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.render import shapes as widgets
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import theme
from stalkerzone.client.widgets.confirm_box import Confirm, answer_key


class MenuView(BaseView):
    kind = "menu"

    def __init__(self, window: StalkerWindow, back: BaseView | None = None) -> None:
        super().__init__(window)
        self.back = back
        self.question: Confirm | None = None  # asked before leaving a game in progress

    def build(self) -> None:
        w, h = self.window.width, self.window.height
        px = theme.px
        column = arcade.gui.UIBoxLayout(space_between=px(10))
        column.add(self.button(i18n.t("menu.resume"), self.resume, primary=True, width=260))
        column.add(self.button(i18n.t("menu.save"), lambda: self.open_saves("save"), width=260))
        column.add(self.button(i18n.t("menu.load"), lambda: self.open_saves("load"), width=260))
        column.add(
            self.button(
                i18n.t("title.settings"),
                lambda: self.win.show_screen("settings", back=self),
                width=260,
            )
        )
        column.add(self.button(i18n.t("menu.rules"), lambda: self.win.open_rules(self), width=260))
        column.add(self.button(i18n.t("menu.title"), self.to_title, width=260))
        anchor = arcade.gui.UIAnchorLayout()
        anchor.add(column, anchor_x="center", anchor_y="center", align_y=-px(20))
        self.ui.add(anchor)
        self.label(
            i18n.t("menu.heading"),
            w / 2,
            h / 2 + px(170),
            26,
            theme.ACCENT,
            bold=True,
            anchor_x="center",
        )
        self.box = (w / 2 - px(180), w / 2 + px(180), h / 2 - px(200), h / 2 + px(215))
        if self.question is not None:  # over the menu, dimmed and not reacting under it
            self.question.build(self, self.answer)

    def draw_background(self) -> None:
        """The game the menu opened over stays in view, dimmed (it was a black screen)."""
        self.draw_dimmed(self.back)

    def draw_scene(self) -> None:
        widgets.panel(*self.box, light=True)

    def resume(self) -> None:
        if self.back is not None:
            self.window.show_view(self.back)
        elif self.session is not None:
            self.session.show(self.win, handover=False)

    def open_saves(self, mode: str) -> None:
        self.win.show_screen("saves", back=self.back or self, mode=mode)

    def to_title(self) -> None:
        """Leave the game for the title screen, after a question while it is not over."""
        session = self.session
        if session is not None and session.state.phase != "over" and self.question is None:
            self.question = Confirm(
                i18n.t("confirm.leave"),
                i18n.t(session.leave_words()),
                i18n.t("confirm.leave_yes"),
                self.leave,
            )
            self.rebuild()
            return
        self.leave()

    def answer(self, yes: bool) -> None:
        if yes:
            self.leave()
        else:
            self.keep_playing()

    def keep_playing(self) -> None:
        self.question = None
        self.rebuild()

    def leave(self) -> None:
        self.question = None
        session = self.session
        if session is not None:
            session.autosave()
            session.close()
        self.app.session = None
        self.win.show_screen("title")

    def on_escape(self) -> None:
        if self.question is not None:
            self.keep_playing()
        else:
            self.resume()

    def on_hotkey(self, symbol: int, modifiers: int) -> bool | None:
        if self.question is None:
            return None
        answer = answer_key(symbol)
        if answer is True:
            self.leave()
        elif answer is False:
            self.keep_playing()
        return True
