"""The settings screen: language, UI scale, animation speed, colour-blind
symbols, fullscreen, effects and music volume, mute, one-time tips. Changes apply at once and
are saved (``AppContext.update_settings``); the window's sound player follows them.

A click on the UI scale makes the whole screen larger or smaller: the panel is then placed so
that the scale's button stays where it was, under the cursor, and the next click lands on it
again (the panel is kept in the window, so it moves only as far as that needs). The panel always
fits the window's height (a low window or a large size sets its rows closer, see ``LOOKS``), and
the size's button says the size in force when the window holds less than the setting."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from stalkerzone.client.app.base_view import BaseView
from stalkerzone.client.app.settings import ANIMATION_SPEEDS, MUSIC_VOLUMES, UI_SCALES, VOLUMES
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.render import shapes as widgets
from stalkerzone.client.text import i18n
from stalkerzone.client.text.card_words import t
from stalkerzone.client.widgets import theme
from stalkerzone.client.widgets.screen_frame import ScreenFrame

VALUE_WIDTH = 220  # a setting's value button (before the UI scale)
FOOTER = 70  # the panel's room below its rows and above them, with the "saved" line


@dataclass(frozen=True, slots=True)
class Look:
    """How roomy the panel's rows are (sizes before the UI scale)."""

    width: int  # the panel's width at most
    help_size: int  # the help text's font size
    gap: int  # from a row's top to its help text
    row: int  # a row's least height
    below: int  # under a row's help text


# The roomiest first; the next when the rows do not fit the window's height (a low window or a
# large interface size): smaller help text, rows closer, then a wider panel so help wraps less.
LOOKS = (
    Look(760, 11, 36, 66, 16),
    Look(760, 10, 31, 48, 7),
    Look(1000, 10, 31, 48, 5),
    Look(1000, 9, 30, 46, 4),
)


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
        h = self.window.height
        px = theme.px
        self.header(t("settings.title"), t("settings.subtitle"))
        s = self.app.settings
        rows: list[tuple[str, str, str, Any]] = [
            (
                "language",
                t("settings.language"),
                t(f"settings.lang_{i18n.language()}"),
                self.next_language,
            ),
            ("scale", t("settings.scale"), self.scale_value(), self.next_scale),
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
        placed = []
        for key, name, value, action in rows:
            label = self.label(name, 0, 0, 16, bold=True)
            about = self.label(
                self.about(key), 0, 0, 11, theme.TEXT_DIM, width=100, multiline=True, anchor_y="top"
            )
            placed.append((label, about, value, action, 0))
        room = h - px(84 + 8) - px(FOOTER)  # the rows' height below the header
        for look in LOOKS:  # the roomiest look whose rows fit the window's height
            lf, r = self.panel_sides(px(look.width))
            for row in placed:  # the help text under the name, left of the value button
                row[1].font_size = px(look.help_size)
                row[1].width = int(r - lf - px(30) - px(VALUE_WIDTH + 50))
            heights = [
                max(px(look.row), px(look.gap) + row[1].content_height + px(look.below))
                for row in placed
            ]
            if sum(heights) <= room:
                break
        gap = look.gap
        placed = [(*row[:-1], height) for row, height in zip(placed, heights, strict=True)]
        box_h = sum(row[-1] for row in placed) + px(FOOTER)
        top = min(h / 2 + box_h / 2, h - px(84))  # below the header on a small window
        if self.scale_at is not None:  # the scale's button where it was before the click
            k = next(i for i, row in enumerate(placed) if row[3] == self.next_scale)
            above = px(10) + sum(row[-1] for row in placed[:k]) + px(26)  # centre below the top
            top = min(h - px(84), max(box_h + px(8), self.scale_at[1] + above))
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
                width=VALUE_WIDTH,
                height=44,
                size=14,
                x=r - px(30) - px(VALUE_WIDTH),
                y=y - px(48),
                add=True,
            )
            if action == self.next_scale:
                self.scale_button = button
            y -= height
        self.label(t("settings.saved"), lf + px(30), b + px(20), 11, theme.TEXT_DIM)

    def panel_sides(self, width: float) -> tuple[float, float]:
        """The panel's left and right edges: centred in the window, or after a click on the
        size with that button's centre under the cursor (the panel narrower if the window
        has no room for it there), always in the window."""
        w, px = self.window.width, theme.px
        width = min(width, w - px(40))
        if self.scale_at is None:
            return w / 2 - width / 2, w / 2 + width / 2
        r = min(w - px(8), self.scale_at[0] + px(30) + px(VALUE_WIDTH / 2))
        lf = max(px(8), r - width)
        if r - lf < min(width, px(600)):  # the cursor too far left: the panel as wide, moved
            lf, r = px(8), px(8) + width
        return lf, r

    def scale_in_force(self) -> tuple[int, int]:
        """The interface size set and the one in force, in per cent: the window may hold less
        than the setting (``theme.UiScale``, fitted to the window before every build)."""
        return round(self.app.settings.ui_scale * 100), round(theme.scale() * 100)

    def scale_value(self) -> str:
        """The size setting's button: the setting, and the size in force when the window
        holds less ("150% (125% here)")."""
        setting, in_force = self.scale_in_force()
        if in_force < setting:
            return t("settings.scale_capped", setting=setting, in_force=in_force)
        return f"{setting}%"

    def about(self, key: str) -> str:
        """A setting's help line; the size's says when the window holds less than it."""
        setting, in_force = self.scale_in_force()
        if key == "scale" and in_force < setting:
            return t("settings.about_scale_capped", in_force=in_force)
        return t(f"settings.about_{key}")

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
