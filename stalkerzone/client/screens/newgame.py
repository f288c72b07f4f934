"""The new-game screen: seats (human or bot with strength, names, stalkers with their bonuses),
variant, how the Zone is built, seed, and the card packs found with their status and errors.

One stalker per seat, as in the box (ST-3): a seat's stalker button cycles through the
characters; choosing one another seat has swaps the two, and the screen says so."""

from __future__ import annotations

import secrets
from functools import partial
from typing import Any

import arcade
import arcade.gui

from stalkerzone.client.app.base_view import BaseView
from stalkerzone.client.app.context import Presets
from stalkerzone.client.app.last_setup import LastSetup, RememberedSeat
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import (
    BOT_STRENGTHS,
    ZONE_MODES,
    GameSession,
    GameSpec,
    SeatSpec,
)
from stalkerzone.client.render import shapes as widgets
from stalkerzone.client.render.fonts import FONT
from stalkerzone.client.screens.stalker.picker import StalkerPicker
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import text_fit, theme
from stalkerzone.client.widgets.text_field import TextField
from stalkerzone.content.problems import CardProblem
from stalkerzone.engine.core import StalkerCard

SEAT_KINDS: tuple[str | None, ...] = (None, *BOT_STRENGTHS)
MAX_SEATS = 6
MAX_NAME = 24
"""Longest player name (characters)."""


def stalker_bonus_text(card: StalkerCard) -> str:
    """The stalker's bonuses in words (ST-3), e.g. "+1 attack" or "starts with 1500"."""
    parts = [i18n.t(f"stat.{b.stat}", amount=f"{b.amount:+d}") for b in card.bonuses if b.amount]
    if card.start_money is not None:
        parts.append(i18n.t("newgame.start_money", amount=card.start_money))
    if card.max_health is not None:
        parts.append(i18n.t("newgame.max_health", amount=card.max_health))
    return ", ".join(parts) or i18n.t("newgame.no_bonus")


def problem_line(problem: CardProblem) -> str:
    """A pack problem as a player reads it: "pack.toml line 6: TOML syntax error" (the command
    line keeps the machine format ``file:line: card: field: message``)."""
    where = (
        i18n.t("newgame.problem_at_line", file=problem.file, line=problem.line)
        if problem.line
        else problem.file
    )
    parts = [where, *(p for p in (problem.card_id, problem.field) if p and p != "-")]
    message = problem.message
    if problem.warning:
        message = i18n.t("newgame.problem_warning", message=message)
    return " ".join(f"{': '.join(parts)}: {message}".split())


def _presets_left_open(presets: Presets) -> bool:
    """True when the command line chose no seats or variant (the last set-up then applies)."""
    default = Presets()
    chosen = (presets.players, presets.bots, presets.variant)
    return chosen == (default.players, default.bots, default.variant)


class NewGameView(BaseView):
    kind = "newgame"
    rules_section = "TURN"

    def __init__(self, window: StalkerWindow) -> None:
        super().__init__(window)
        presets = self.app.presets
        self.reread_packs()
        ids = [s.id for s in self.stalkers]
        self.seats: list[list[Any]] = []  # [name, kind, stalker id]
        for index in range(presets.players):
            bot = "normal" if index >= presets.players - presets.bots else None
            self.seats.append(
                [self.default_name(index, bot), bot, ids[index % len(ids)] if ids else ""]
            )
        self.variant = presets.variant
        self.zone_mode = "hand" if presets.bots < presets.players else "free"
        self.layout_by = "all"  # TURN-4: "humans": only the human seats place sectors
        seed = presets.seed if presets.seed is not None else secrets.randbits(63)
        self.seed_text = str(seed)
        self.message = ""
        self.info = ""  # what the last choice changed elsewhere (a swapped stalker)
        self.inputs: list[TextField] = []
        self.picker = StalkerPicker()  # the seat choosing and the characters' cards
        self.tried: set[str] = set(presets.tried_packs)  # packs whose cards are dealt first
        last = self.app.last_setup
        if last is not None and _presets_left_open(presets):
            self.use_remembered(last)

    def use_remembered(self, last: LastSetup) -> None:
        """The last game's set-up, as far as it still fits (a character no longer loaded
        gets another; an unknown bot strength, variant or Zone mode keeps the default)."""
        ids = [s.id for s in self.stalkers]
        seats: list[list[Any]] = []
        for index, seat in enumerate(last.seats[:MAX_SEATS]):
            bot = seat.bot if seat.bot in SEAT_KINDS else None
            typed = " ".join(seat.name.split())[:MAX_NAME]  # a stored default in the language
            name = i18n.player_name(typed) if typed else self.default_name(index, bot)
            stalker = (
                seat.stalker if seat.stalker in ids else (ids[index % len(ids)] if ids else "")
            )
            seats.append([name, bot, stalker])
        if seats:
            self.seats = seats
        if last.variant in ("standard", "express"):
            self.variant = last.variant
        if last.zone_mode in ZONE_MODES:
            self.zone_mode = last.zone_mode
        if last.layout_by in ("all", "humans"):
            self.layout_by = last.layout_by

    def reread_packs(self) -> None:
        """The packs as they are on disk now (a pack edited while the program runs is read
        again; unchanged files come from the pack cache, keyed by their stats)."""
        self.result = self.app.cards(reload=True)
        self.stalkers: list[StalkerCard] = list(self.result.cards.stalkers)

    def default_name(self, index: int, bot: str | None) -> str:
        return i18n.t("newgame.bot_name" if bot else "newgame.player_name", n=index + 1)

    # --- layout --------------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.window.width, self.window.height
        px = theme.px
        self.inputs = []
        self.picker.start()
        self.label(i18n.t("newgame.title"), px(28), h - px(50), 26, theme.ACCENT, bold=True)
        split = int(w * 0.56)
        self.left_box = (px(16), split - px(8), px(80), h - px(72))
        self.right_box = (split + px(8), w - px(16), px(80), h - px(72))

        # seats
        left, _right, _bottom, top = self.left_box
        self.label(i18n.t("newgame.players"), left + px(14), top - px(30), 16, bold=True)
        row_h = px(58)
        y0 = top - px(48)
        name_w, kind_w, stalker_w = px(150), px(126), px(140)
        for index, seat in enumerate(self.seats):
            y = y0 - (index + 1) * row_h + px(10)
            x = left + px(14)
            swatch = theme.PLAYER_COLOURS[index % len(theme.PLAYER_COLOURS)]
            self.label("●", x, y + px(10), 16, swatch)
            x += px(22)
            field = self.text_input(
                seat[0],
                x,
                y + px(4),
                name_w,
                px(27),
                13,
                partial(self.set_name, index),
                add=True,
            )
            field.max_length = MAX_NAME
            field.select_on_focus = seat[0] == self.default_name(index, seat[1])
            self.inputs.append(field)
            x += name_w + px(8)
            kind_text = (
                i18n.t("newgame.human")
                if seat[1] is None
                else i18n.t("newgame.bot", strength=i18n.t(f"newgame.strength_{seat[1]}"))
            )
            self.button(
                kind_text,
                partial(self.cycle_kind, index),
                width=126,
                height=36,
                size=12,
                x=x,
                y=y,
                add=True,
            )
            x += kind_w + px(8)
            card = self.stalker(seat[2])
            self.picker.seat_portrait(self, index, card, x, y, px(36), self.pick_for)
            x += px(44)
            name = i18n.card_text(card.name) if card else "?"
            self.button(
                name,
                partial(self.cycle_stalker, index),
                width=140,
                height=36,
                size=12,
                x=x,
                y=y,
                add=True,
            )
            x += stalker_w + px(10)
            bonus = stalker_bonus_text(card) if card else ""
            self.label(
                bonus,
                x,
                y + px(30),
                11,
                theme.TEXT_DIM,
                anchor_y="top",
                width=max(px(60), int(_right - x - px(8))),
                multiline=True,
            )
        yb = y0 - (len(self.seats) + 1) * row_h - px(10)
        self.button(
            i18n.t("newgame.add_player"),
            self.add_seat,
            width=170,
            height=36,
            size=12,
            x=left + px(36),
            y=yb,
            add=True,
            enabled=len(self.seats) < MAX_SEATS,
        )
        self.button(
            i18n.t("newgame.remove_player"),
            self.remove_seat,
            width=170,
            height=36,
            size=12,
            x=left + px(36) + px(180),
            y=yb,
            add=True,
            enabled=len(self.seats) > 1,
        )
        levels = [k for k in BOT_STRENGTHS if any(seat[1] == k for seat in self.seats)]
        for k, level in enumerate(levels):  # how each bot level in play plays, one line each
            about = i18n.t(f"newgame.strength_{level}_about")
            room = _right - px(14) - left - px(36)  # inside the players' panel
            size = text_fit.fitting_size(about, room, 11)
            about = text_fit.cut_to(about, room, size)
            self.label(about, left + px(36), yb - px(22) - k * px(18), size, theme.TEXT_DIM)
        yb -= len(levels) * px(18)  # the stalker cards below those lines
        box = (left + px(14), self.left_box[2] + px(10), _right - px(14), yb - px(14))
        variant = self.app.variant(self.variant)
        self.picker.build(self, box, self.seats, self.stalkers, variant, self.pick_stalker)

        # right column: variant, zone, seed, packs
        left, right, bottom, top = self.right_box
        x = left + px(14)
        y = top - px(30)
        self.label(i18n.t("newgame.variant"), x, y, 16, bold=True)
        y -= px(48)
        for k, name in enumerate(("standard", "express")):
            self.button(
                i18n.t(f"newgame.variant_{name}"),
                partial(self.set_variant, name),
                width=150,
                height=34,
                size=12,
                x=x + k * px(158),
                y=y,
                add=True,
                primary=self.variant == name,
            )
        y -= px(18)
        self.label(
            i18n.t(f"newgame.variant_{self.variant}_about"),
            x,
            y,
            11,
            theme.TEXT_DIM,
            anchor_y="top",
            width=int(right - x - px(10)),
            multiline=True,
        )
        y -= px(66)
        self.label(i18n.t("newgame.zone"), x, y, 16, bold=True)
        y -= px(48)
        mode_w = (right - x - px(10) - 4 * px(6)) / 5 / theme.scale()
        for k, mode in enumerate(ZONE_MODES):
            self.button(
                i18n.t(f"newgame.zone_{mode}"),
                partial(self.set_zone, mode),
                width=mode_w,
                height=34,
                size=11,
                x=x + k * (px(mode_w) + px(6)),
                y=y,
                add=True,
                primary=self.zone_mode == mode,
            )
        if self.zone_mode == "hand":  # TURN-4: who places the sectors
            y -= px(40)
            humans = self.layout_by == "humans"
            self.button(
                i18n.t("newgame.humans_lay_out_on" if humans else "newgame.humans_lay_out_off"),
                self.toggle_layout_by,
                width=(right - x - px(10)) / theme.scale(),
                height=32,
                size=11,
                x=x,
                y=y,
                add=True,
                primary=humans,
            )
        y -= px(36)
        y = self.build_seed(x, y, right - px(10))
        y -= px(52)
        self.label(i18n.t("newgame.packs"), x, y, 16, bold=True)
        y -= px(10)
        for pack in self.result.packs:
            y -= px(22)
            if pack.ok:
                status, colour = i18n.t("newgame.pack_ok", cards=pack.cards), theme.GOOD
            elif pack.loaded:
                status = i18n.t(
                    "newgame.pack_partial", cards=pack.cards, problems=len(pack.problems)
                )
                colour = theme.WARN
            else:
                status, colour = i18n.t("newgame.pack_skipped"), theme.BAD
            name = i18n.card_text(pack.title) if pack.title is not None else pack.name
            self.label(f"{name} {pack.version}", x, y, 12)
            self.label(status, right - px(12), y, 12, colour, anchor_x="right")
            if pack.loaded and pack.id != "base":  # a card author's test game: dealt first
                trying = pack.id in self.tried
                self.button(
                    i18n.t("newgame.trying_pack" if trying else "newgame.try_pack"),
                    partial(self.toggle_tried, pack.id),
                    width=128,
                    height=22,
                    size=11,
                    x=right - px(12 + 120 + 128),
                    y=y - px(5),
                    add=True,
                    primary=trying,
                )
        problems = [problem_line(p) for p in self.result.problems]
        if problems:
            y -= px(12)
            text = "\n".join(problems[:40])
            area = arcade.gui.UITextArea(
                x=x,
                y=bottom + px(10),
                width=right - x - px(10),
                height=max(px(40), y - bottom - px(14)),
                text=text,
                font_name=FONT,
                font_size=px(10),
                text_color=theme.WARN,
            )
            self.ui.add(area)
        if self.message or self.info:
            colour = theme.BAD if self.message else theme.GOOD
            line = self.message or self.info
            self.label(line, w / 2, px(70), 13, colour, anchor_x="center", anchor_y="center")

        # bottom row
        self.button(
            i18n.t("newgame.back"), self.go_back, width=160, height=44, x=px(16), y=px(16), add=True
        )
        self.button(
            i18n.t("newgame.start"),
            self.start,
            width=220,
            height=44,
            primary=True,
            x=w - px(16) - px(220),
            y=px(16),
            add=True,
        )

    def draw_scene(self) -> None:
        widgets.panel(*self.left_box)
        widgets.panel(*self.right_box)
        self.picker.draw()

    def pick_for(self, index: int) -> None:
        """Seat ``index`` is the one choosing in the stalker picker."""
        self.picker.seat = index
        self.rebuild()

    def pick_stalker(self, index: int, chosen: str) -> None:
        self.choose_stalker(index, chosen)
        self.rebuild()

    def set_name(self, index: int, name: str) -> None:
        if index < len(self.seats):
            self.seats[index][0] = name

    def build_seed(self, x: float, y: float, right: float) -> float:
        """The seed's name, its field wide enough for the longest seed (63 bits, 19 digits)
        and "New seed"; the name on a line of its own when the row has no room for all three.
        Returns the row's middle."""
        px = theme.px
        name = i18n.t("newgame.seed")
        name_w = text_fit.text_width(name, 14, bold=True) + px(12)
        field_w = text_fit.text_width("9" * 19, 13) + px(20)  # the digits and the field's margin
        button_w = 130
        self.label(name, x, y, 14, bold=True, anchor_y="center")
        field_x = x + name_w
        if field_x + field_w + px(10 + button_w) > right:  # too narrow: the field goes below
            y -= px(36)
            field_x = x
        self.text_input(
            self.seed_text, field_x, y - px(13), field_w, px(27), 13, self.set_seed, add=True
        )
        self.button(
            i18n.t("newgame.new_seed"),
            self.new_seed,
            width=button_w,
            height=34,
            size=12,
            x=field_x + field_w + px(10),
            y=y - px(17),
            add=True,
        )
        return y

    def set_seed(self, text: str) -> None:
        self.seed_text = text

    # --- choices ---------------------------------------------------------------------------------
    def stalker(self, card_id: str) -> StalkerCard | None:
        return next((s for s in self.stalkers if s.id == card_id), None)

    def cycle_kind(self, index: int) -> None:
        seat = self.seats[index]
        was_default = seat[0] == self.default_name(index, seat[1])
        seat[1] = SEAT_KINDS[(SEAT_KINDS.index(seat[1]) + 1) % len(SEAT_KINDS)]
        if was_default:
            seat[0] = self.default_name(index, seat[1])
        self.rebuild()

    def cycle_stalker(self, index: int) -> None:
        """The next character for seat ``index``; a seat that had it gets this seat's (ST-3)."""
        ids = [s.id for s in self.stalkers]
        self.picker.seat = index
        if ids:
            current = self.seats[index][2]
            chosen = ids[(ids.index(current) + 1) % len(ids)] if (current in ids) else ids[0]
            self.choose_stalker(index, chosen)
        self.rebuild()

    def choose_stalker(self, index: int, chosen: str) -> None:
        """Seat ``index`` plays ``chosen``; the seat that had it takes the old one (ST-3)."""
        current = self.seats[index][2]
        self.seats[index][2] = chosen
        self.message = ""
        for k, seat in enumerate(self.seats):
            if k != index and seat[2] == chosen:
                seat[2] = current
                card = self.stalker(current)
                stalker = i18n.card_text(card.name) if card else current
                self.info = i18n.t("flow.stalker_swapped", name=seat[0], stalker=stalker)
                return
        self.info = ""

    def add_seat(self) -> None:
        if len(self.seats) < MAX_SEATS:
            ids = [s.id for s in self.stalkers]
            used = {s[2] for s in self.seats}
            free = [i for i in ids if i not in used] or ids
            index = len(self.seats)
            self.seats.append([self.default_name(index, None), None, free[0] if free else ""])
        self.rebuild()

    def remove_seat(self) -> None:
        if len(self.seats) > 1:
            self.seats.pop()
        self.rebuild()

    def set_variant(self, name: str) -> None:
        self.variant = name
        self.rebuild()

    def set_zone(self, mode: str) -> None:
        self.zone_mode = mode
        self.rebuild()

    def toggle_tried(self, pack_id: str) -> None:
        """Try a pack: its cards are dealt first from every deck (or no longer)."""
        self.tried ^= {pack_id}
        self.rebuild()

    def toggle_layout_by(self) -> None:
        """TURN-4: every seat lays out the Zone in turn, or only the human seats."""
        self.layout_by = "all" if self.layout_by == "humans" else "humans"
        self.rebuild()

    def new_seed(self) -> None:
        self.seed_text = str(secrets.randbits(63))
        self.rebuild()

    def go_back(self) -> None:
        self.win.show_screen("title")

    def on_hotkey(self, symbol: int, modifiers: int) -> bool | None:
        if symbol in (arcade.key.ENTER, arcade.key.RETURN):
            self.start()
            return True
        if symbol == arcade.key.F5:  # the packs as they are on disk now, without leaving
            self.reread_packs()
            self.rebuild()
            return True
        return None

    def spec(self) -> GameSpec | None:
        """The choices as a :class:`GameSpec`, or ``None`` with ``self.message`` set."""
        try:
            seed = int(self.seed_text.strip())
            if seed < 0:
                raise ValueError
        except ValueError:
            self.message = i18n.t("newgame.bad_seed", seed=self.seed_text)
            return None
        if not self.stalkers:
            self.message = i18n.t("newgame.no_stalkers")
            return None
        taken = [seat[2] for seat in self.seats]
        twice = next((s for s in taken if taken.count(s) > 1), None)
        if twice is not None:  # ST-3: the box has one card of each
            card = self.stalker(twice)
            name = next(seat[0] for seat in self.seats if seat[2] == twice)
            stalker = i18n.card_text(card.name) if card else twice
            self.message = i18n.t("flow.stalker_taken", stalker=stalker, name=name)
            return None
        seats = []
        for index, (name, bot, stalker) in enumerate(self.seats):
            clean = " ".join(str(name).split())[:MAX_NAME] or self.default_name(index, bot)
            if clean == self.default_name(index, bot):  # stored in English, shown in each language
                clean = (i18n.default_bot_name if bot else i18n.default_player_name)(index + 1)
            seats.append(SeatSpec(clean, stalker, bot))
        dirs = tuple(str(p) for p in self.app.presets.card_dirs)
        return GameSpec(
            seed,
            tuple(seats),
            self.variant,
            self.zone_mode,
            dirs,
            layout_by=self.layout_by,
            early_packs=tuple(sorted(self.tried)),
        )

    def start(self) -> None:
        self.reread_packs()  # a game starts with the cards on disk now
        spec = self.spec()
        if spec is None:
            self.rebuild()
            return
        try:
            session = GameSession.start(self.app, spec)
        except Exception as error:  # a bad tile or variant file: say so, stay here
            self.message = str(error).splitlines()[0][:200]
            self.rebuild()
            return
        self.app.remember_setup(
            LastSetup(
                tuple(RememberedSeat(s.name, s.bot, s.stalker) for s in spec.seats),
                spec.variant,
                spec.zone_mode,
                spec.layout_by,
            )
        )
        self.app.session = session
        session.show(self.win)
