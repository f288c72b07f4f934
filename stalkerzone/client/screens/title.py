"""The title screen: new game, continue (latest autosave), load, settings, quit."""

from __future__ import annotations

import tomllib
from pathlib import Path

import arcade
import arcade.gui
from arcade.shape_list import Shape, ShapeElementList

from stalkerzone.client.app.base_view import BaseView
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.render.card_art import art_texture
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import text_fit, theme
from stalkerzone.client.widgets.confirm_box import Confirm, answer_key
from stalkerzone.paths import base_cards_dir

ROW_W = 300  # the menu column's width (UI units); a half-width button's text is 14 points
HALF_W = (ROW_W - 10) / 2
HALF_SIZE = 14
ROW_GAP = 4  # between "Learn to play" and "Resume lesson"


def lesson_row_widths(learn: str, resume: str) -> tuple[float, float]:
    """The widths (UI units) of "Learn to play" and "Resume lesson" side by side in the menu's
    row: shared in proportion to their words, so each is set at the size of the other
    half-width buttons when both fit."""
    pad = 2 * text_fit.BUTTON_PAD
    needs = [text_fit.text_width(t, HALF_SIZE) / theme.scale() + pad for t in (learn, resume)]
    room = ROW_W - ROW_GAP
    first = room * needs[0] / (needs[0] + needs[1])
    return first, room - first


def base_portraits() -> list[Path]:
    """The base set's six stalkers' portraits (ST-3), read from its stalkers file by id without
    loading the card set (the title screen opens before any card model is built); none if the
    file cannot be read."""
    folder = base_cards_dir()
    try:
        with (folder / "stalkers.toml").open("rb") as file:
            table = tomllib.load(file)
    except (OSError, tomllib.TOMLDecodeError):
        return []
    ids = [row.get("id") for row in table.get("stalker", []) if isinstance(row, dict)]
    found = [folder / "art" / f"{i}.png" for i in ids if isinstance(i, str)]
    return [path for path in found if path.is_file()]


class TitleView(BaseView):
    kind = "title"
    rules_section = "MAP"

    def __init__(self, window: StalkerWindow) -> None:
        super().__init__(window)
        self.back_shapes: ShapeElementList[Shape] | None = None
        self.banner = (0.0, 0.0)  # bottom, top of the title banner
        self.question: Confirm | None = None  # asked before a new lesson replaces a saved one
        self.faces: arcade.SpriteList[arcade.Sprite] = (
            arcade.SpriteList()
        )  # the stalkers' portraits beside the menu (ST-3)
        self.face_frames: list[tuple[float, float, float, float]] = []  # their lrbt

    def build(self) -> None:
        w, h = self.window.width, self.window.height
        px = theme.px
        self.back_shapes = self.window.backdrops.get(w, h)
        # from the keys line up: the menu column, a gap, the banner; the free height is shared
        buttons = 7
        column_h = buttons * px(44) + (buttons - 1) * px(10)
        free = max(0.0, h - px(48) - column_h - px(16) - px(170))
        column_top = px(48) + free * 0.4 + column_h
        banner_bottom = column_top + px(16) + free * 0.2
        self.banner = (banner_bottom, banner_bottom + px(170))
        bottom, top = self.banner
        title = i18n.t("app.title").upper()
        size = text_fit.fitting_size(title, w - px(48), 54, bold=True)
        self.label(title, w / 2, top - px(66), size, theme.ACCENT, bold=True, anchor_x="center")
        other = "Stalker Zone" if i18n.language() == "ru" else "Зона Сталкеров"
        self.label(other, w / 2, top - px(108), 20, theme.TEXT_DIM, anchor_x="center")
        subtitle = i18n.t("app.subtitle")
        size = text_fit.fitting_size(subtitle, w - px(48), 15)
        self.label(subtitle, w / 2, bottom + px(14), size, theme.TEXT, anchor_x="center")
        self.label(i18n.t("title.keys"), w / 2, px(24), 12, theme.TEXT_DIM, anchor_x="center")
        for i, note in enumerate(self.app.notes[-3:]):
            self.label(note, px(16), h - px(24) * (i + 1), 11, theme.WARN)

        from stalkerzone.persistence.save_folder import latest_autosave

        column = arcade.gui.UIBoxLayout(space_between=px(10))
        column.add(self.button(i18n.t("title.new_game"), self.new_game, primary=True, width=ROW_W))
        latest = latest_autosave()
        column.add(self.lesson_row())
        column.add(
            self.button(
                i18n.t("title.continue"),
                self.continue_game,
                width=ROW_W,
                enabled=latest is not None,
            )
        )
        column.add(
            self.hbox(
                self.button(i18n.t("title.load"), self.load_game, width=HALF_W, size=14),
                self.button(
                    i18n.t("network.title_button"),
                    lambda: self.win.show_screen("lobby"),
                    width=HALF_W,
                    size=14,
                ),
            )
        )
        column.add(
            self.button(
                i18n.t("title.settings"),
                lambda: self.win.show_screen("settings", back=self),
                width=ROW_W,
            )
        )
        column.add(
            self.hbox(
                self.button(
                    i18n.t("title.rules"), lambda: self.win.open_rules(self), width=HALF_W, size=14
                ),
                self.button(i18n.t("title.language"), self.switch_language, width=HALF_W, size=14),
            )
        )
        column.add(self.button(i18n.t("title.quit"), self.win.close, width=ROW_W))
        self.place_faces(column_top, column_h)
        anchor = arcade.gui.UIAnchorLayout()
        anchor.add(column, anchor_x="center", anchor_y="top", align_y=-(h - column_top))
        self.ui.add(anchor)
        if self.question is not None:  # over the menu, dimmed and not reacting under it
            self.question.build(self, self.answer)

    def place_faces(self, column_top: float, column_h: float) -> None:
        """The six stalkers' portraits, three on each side of the menu column, as large as the
        room beside it allows (none when the window is too narrow for them to read)."""
        self.faces = arcade.SpriteList[arcade.Sprite]()
        self.face_frames = []
        px = theme.px
        w = self.window.width
        portraits = base_portraits()
        side = min((column_h - 2 * px(12)) / 3, (w / 2 - px(ROW_W) / 2 - px(48)) * 0.8)
        if side < px(64) or not portraits:
            return
        gap = (column_h - 3 * side) / 2
        for k, picture in enumerate(portraits[:6]):
            texture = art_texture(str(picture))
            if texture is None:
                continue
            left_side = k < 3
            cx = w / 2 + (-1 if left_side else 1) * (px(ROW_W) / 2 + px(40) + side / 2)
            cy = column_top - side / 2 - (k % 3) * (side + gap)
            sprite = arcade.Sprite(texture, scale=side / max(texture.width, texture.height))
            sprite.position = (cx, cy)
            self.faces.append(sprite)
            self.face_frames.append((cx - side / 2, cx + side / 2, cy - side / 2, cy + side / 2))

    def draw_scene(self) -> None:
        if self.back_shapes is not None:
            self.back_shapes.draw()
        bottom, top = self.banner
        arcade.draw_lrbt_rectangle_filled(0, self.window.width, bottom, top, (10, 12, 10, 200))
        self.faces.draw()
        for lf, r, b, t in self.face_frames:
            arcade.draw_lrbt_rectangle_outline(lf, r, b, t, theme.PANEL_EDGE, 2)

    def new_game(self) -> None:
        self.win.show_screen("newgame")

    def lesson_row(self) -> arcade.gui.UIWidget:
        """ "Learn to play" (a new lesson), and "Resume lesson" beside it when one is saved."""
        from stalkerzone.client.tutorial.lesson_save import can_resume

        learn = i18n.t("tutorial.title_button")
        if not can_resume():
            return self.button(learn, self.learn, width=ROW_W)
        resume = i18n.t("tutorial.resume_button")
        learn_w, resume_w = lesson_row_widths(learn, resume)
        return self.hbox(
            self.button(learn, self.ask_new_lesson, width=learn_w, size=HALF_SIZE),
            self.button(resume, self.resume_lesson, width=resume_w, size=HALF_SIZE),
            space=ROW_GAP,
        )

    def ask_new_lesson(self) -> None:
        """ "Learn to play" while a lesson is saved: a new one replaces it, after a question."""
        self.question = Confirm(
            i18n.t("tutorial.restart"),
            i18n.t("tutorial.restart_why"),
            i18n.t("tutorial.restart_yes"),
            self.learn,
        )
        self.rebuild()

    def answer(self, yes: bool) -> None:
        question, self.question = self.question, None
        if yes and question is not None:
            question.on_yes()
        else:
            self.rebuild()

    def on_escape(self) -> None:
        if self.question is not None:
            self.answer(False)
        else:
            super().on_escape()

    def on_hotkey(self, symbol: int, modifiers: int) -> bool | None:
        if self.question is None:
            return None
        answer = answer_key(symbol)
        if answer is not None:
            self.answer(answer)
        return True

    def learn(self) -> None:
        """ "Learn to play": a real game on the lesson's seed, taught step by step."""
        from stalkerzone.client.tutorial.lesson_session import LessonSession

        self.question = None
        session = LessonSession.begin(self.app)
        self.app.session = session
        session.show(self.win)

    def resume_lesson(self) -> None:
        from stalkerzone.client.tutorial.lesson_session import LessonSession

        session = LessonSession.resume(self.win)
        self.app.session = session
        session.show(self.win)

    def continue_game(self) -> None:
        """The latest autosave, opened once "Opening the saved game…" is on screen (reading a
        save takes a moment: the click is answered at once, and nothing more is clicked)."""
        from stalkerzone.client.controller import save_files as saves

        latest = saves.latest_autosave()
        if latest is None:
            return
        w = self.window.width
        self.label(
            i18n.t("title.opening"), w / 2, theme.px(50), 14, theme.ACCENT, anchor_x="center"
        )
        self.ui.disable()
        self.after_a_frame(lambda: saves.open_save(self.win, latest))

    def load_game(self) -> None:
        self.win.show_screen("saves", back=self, mode="load")

    def switch_language(self) -> None:
        from dataclasses import replace

        lang = "en" if i18n.language() == "ru" else "ru"
        self.app.update_settings(replace(self.app.settings, language=lang))
        self.win.set_caption(i18n.t("app.title"))
        self.rebuild()
