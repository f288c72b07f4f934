"""The settings screen: language, UI scale, animation speed, colour-blind
symbols, fullscreen, effects and music volume, mute, one-time tips. Changes apply at once and
are saved (``AppContext.update_settings``); the window's sound player follows them.

A click on the UI scale makes the whole screen larger or smaller: the panel is then placed so
that the scale's button stays where it was, under the cursor, and the next click lands on it
again (the panel is kept in the window, so it moves only as far as that needs)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from stalkerzone.client.app.base_view import BaseView
from stalkerzone.client.app.settings import ANIMATION_SPEEDS, MUSIC_VOLUMES, UI_SCALES, VOLUMES
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.render import shapes as widgets
from stalkerzone.client.text import i18n
from stalkerzone.client.text.card_words import t
from stalkerzone.client.widgets import theme
from stalkerzone.client.widgets.screen_frame import ScreenFrame

ROW = 66  # the height of one setting's row (before the UI scale)


def _next(values: tuple[Any, ...], current: Any) -> Any:
    if current in values:
        return values[(values.index(current) + 1) % len(values)]
    return values[0]


class SettingsView(ScreenFrame):
    kind = "settings"
    rules_section = "TURN-1"

    def __init__(self, window: StalkerWindow, back: BaseView | None = None) -> None:
        super().__init__(window, back)
        self.box = (0.0, 0.0, 0.0, 0.0)
        self.scale_at: tuple[float, float] | None = None  # the scale button's centre, kept
        self.scale_button: Any = None

    def build(self) -> None:
        w, h = self.window.width, self.window.height
        px = theme.px
        self.header(t("settings.title"), t("settings.subtitle"))
        s = self.app.settings
        box_w = min(px(760), w - px(40))
        rows: list[tuple[str, str, str, Any]] = [
            (
                "language",
                t("settings.language"),
                t(f"settings.lang_{i18n.language()}"),
                self.next_language,
            ),
            ("scale", t("settings.scale"), f"{round(s.ui_scale * 100)}%", self.next_scale),
            (
                "speed",
                t("settings.speed"),
                t("settings.speed_value", x=f"{s.animation_speed:g}"),
                self.next_speed,
            ),
            (
                "symbols",
                t("settings.symbols"),
                t("settings.on") if s.colour_blind_symbols else t("settings.off"),
                self.toggle_symbols,
            ),
            (
                "fullscreen",
                t("settings.fullscreen"),
                t("settings.on") if self.window.fullscreen else t("settings.off"),
                self.toggle_fullscreen,
            ),
            (
                "volume",
                t("settings.volume"),
                t("settings.volume_value", n=round(s.volume * 10)),
                self.next_volume,
            ),
            (
                "music",
                t("settings.music"),
                t("settings.volume_value", n=round(s.music_volume * 10))
                if s.music_volume > 0
                else t("settings.off"),
                self.next_music,
            ),
            (
                "mute",
                t("settings.mute"),
                t("settings.muted") if s.muted else t("settings.sound_on"),
                self.toggle_mute,
            ),
            (
                "tips",
                t("settings.tips"),
                t("settings.tips_on") if s.tips else t("settings.tips_off"),
                self.toggle_tips,
            ),
        ]
        lf, r = w / 2 - box_w / 2, w / 2 + box_w / 2
        placed = []
        for key, name, value, action in rows:
            label = self.label(name, lf + px(30), 0, 16, bold=True)
            about = self.label(
                t(f"settings.about_{key}"),
                lf + px(30),
                0,
                11,
                theme.TEXT_DIM,
                width=int(r - lf - px(300)),
                multiline=True,
                anchor_y="top",
            )
            # each row as tall as its wrapped help text needs: name, help, a gap
            height = max(px(ROW), px(36) + about.content_height + px(16))
            placed.append((label, about, value, action, height))
        gap = 36  # from a row's top to its help text
        if sum(row[-1] for row in placed) > h - px(84 + 8 + 70):  # a low window: rows closer
            gap = 31
            for row in placed:
                row[1].font_size = px(10)
            placed = [
                (*row[:-1], max(px(48), px(gap) + row[1].content_height + px(7))) for row in placed
            ]
        box_h = sum(row[-1] for row in placed) + px(70)
        top = min(h / 2 + box_h / 2, h - px(84))  # below the header on a small window
        if self.scale_at is not None:  # the scale's button where it was before the click
            k = next(i for i, row in enumerate(placed) if row[3] == self.next_scale)
            above = px(10) + sum(row[-1] for row in placed[:k]) + px(26)  # centre below the top
            ax, ay = self.scale_at
            shift = ax - (r - px(30) - px(110))
            shift = max(px(8) - lf, min(w - px(8) - r, shift))  # the panel in the window
            lf, r = lf + shift, r + shift
            top = min(h - px(84), max(box_h + px(8), ay + above))  # under the header first
        self.box = (lf, r, top - box_h, top)
        b, tp = self.box[2], self.box[3]
        y = tp - px(10)
        for label, about, value, action, height in placed:
            label.position = (lf + px(30), y - px(26))  # the panel may have moved (scale)
            about.position = (lf + px(30), y - px(gap))
            # the value button at the right of the panel, level with its row's name
            button = self.button(
                value,
                action,
                width=220,
                height=44,
                size=14,
                x=r - px(30) - px(220),
                y=y - px(48),
                add=True,
            )
            if action == self.next_scale:
                self.scale_button = button
            y -= height
        self.label(t("settings.saved"), lf + px(30), b + px(20), 11, theme.TEXT_DIM)

    def draw_scene(self) -> None:
        widgets.panel(*self.box)

    # changes ---------------------------------------------------------------------------------
    def apply(self, **changes: Any) -> None:
        self.app.update_settings(replace(self.app.settings, **changes))
        if "language" in changes:
            self.win.set_caption(i18n.t("app.title"))
        self.rebuild()

    def next_language(self) -> None:
        self.apply(language=_next(i18n.LANGUAGES, i18n.language()))

    def next_scale(self) -> None:
        """The next UI scale; its button stays under the cursor (see the module's docstring)."""
        if self.scale_button is not None and self.scale_at is None:  # where it was first
            self.scale_at = self.scale_button.rect.center
        self.apply(ui_scale=_next(UI_SCALES, self.app.settings.ui_scale))

    def next_speed(self) -> None:
        self.apply(animation_speed=_next(ANIMATION_SPEEDS, self.app.settings.animation_speed))

    def toggle_symbols(self) -> None:
        self.apply(colour_blind_symbols=not self.app.settings.colour_blind_symbols)

    def next_volume(self) -> None:
        self.apply(volume=_next(VOLUMES, self.app.settings.volume), muted=False)
        self.win.sound.configure(self.app.settings.volume, self.app.settings.muted)
        self.win.sound.play("dice")  # how loud it is now

    def next_music(self) -> None:
        """The music's volume (0: off; the window's music player follows it every frame)."""
        self.apply(music_volume=_next(MUSIC_VOLUMES, self.app.settings.music_volume), muted=False)

    def toggle_mute(self) -> None:
        self.apply(muted=not self.app.settings.muted)
        self.win.sound.configure(self.app.settings.volume, self.app.settings.muted)

    def toggle_tips(self) -> None:
        self.apply(tips=not self.app.settings.tips)

    def toggle_fullscreen(self) -> None:
        self.win.toggle_fullscreen()
        self.rebuild()
