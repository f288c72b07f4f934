"""Game over (WIN-1): the winner, the standings and each stalker's tally."""

from __future__ import annotations

import arcade
from arcade.shape_list import Shape, ShapeElementList

from stalkerzone.client.app.window import BaseView, StalkerWindow, screen
from stalkerzone.client.render import shapes as widgets
from stalkerzone.client.screens.title import backdrop
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import theme
from stalkerzone.engine.turns import round_number


@screen("gameover")
class GameOverView(BaseView):
    kind = "gameover"
    rules_section = "WIN"

    def __init__(self, window: StalkerWindow) -> None:
        super().__init__(window)
        self.back_shapes: ShapeElementList[Shape] | None = None

    def build(self) -> None:
        w, h = self.window.width, self.window.height
        px = theme.px
        self.back_shapes = backdrop(w, h, seed=5)
        state = self.app.game().state
        winner = state.winner
        if winner is not None:
            name = state.players[winner].name
            colour = theme.PLAYER_COLOURS[winner % len(theme.PLAYER_COLOURS)]
            self.label(
                i18n.t("gameover.winner", name=name),
                w / 2,
                h - px(130),
                40,
                colour,
                bold=True,
                anchor_x="center",
            )
            self.label(
                i18n.t("gameover.how"), w / 2, h - px(170), 16, theme.TEXT, anchor_x="center"
            )
        else:
            self.label(
                i18n.t("gameover.no_winner"),
                w / 2,
                h - px(130),
                36,
                theme.ACCENT,
                bold=True,
                anchor_x="center",
            )
        self.label(
            i18n.t("flow.game_over_rounds", n=round_number(state), turns=state.turn),
            w / 2,
            h - px(200),
            13,
            theme.TEXT_DIM,
            anchor_x="center",
        )
        order = list(state.standings) or list(range(len(state.players)))
        self.box = (
            w / 2 - px(360),
            w / 2 + px(360),
            h - px(250) - px(34) * (len(order) + 1),
            h - px(226),
        )
        y = h - px(256)
        cols = (px(330), px(150), px(40), px(140), px(260), px(340))
        heads = (
            "gameover.place",
            "gameover.name",
            "gameover.elements",
            "gameover.reputation",
            "gameover.cash",
            "gameover.deaths",
        )
        left = w / 2 - px(340)
        offsets = (0, px(50), px(300), px(420), px(540), px(630))
        for head, dx in zip(heads, offsets, strict=True):
            self.label(i18n.t(head), left + dx, y, 12, theme.TEXT_DIM, bold=True)
        del cols
        for place, index in enumerate(order, start=1):
            y -= px(34)
            p = state.players[index]
            colour = theme.PLAYER_COLOURS[index % len(theme.PLAYER_COLOURS)]
            values = (
                str(place),
                p.name,
                str(p.elements),
                str(p.reputation),
                str(p.cash),
                str(p.deaths),
            )
            for value, dx in zip(values, offsets, strict=True):
                self.label(
                    value, left + dx, y, 15, colour if dx == px(50) else theme.TEXT, bold=place == 1
                )
        to_title = self.button(
            i18n.t("gameover.title"), self.to_title, width=220, height=46, primary=True
        )
        new_game = self.button(
            i18n.t("gameover.new"), lambda: self.win.show_screen("newgame"), width=220, height=46
        )
        self.anchored(self.hbox(to_title, new_game, space=20), anchor_y="bottom", align_y=px(40))

    def draw_scene(self) -> None:
        if self.back_shapes is not None:
            self.back_shapes.draw()
        widgets.panel(*self.box)
        w, h = self.window.width, self.window.height
        arcade.draw_lrbt_rectangle_filled(
            0, w, h - theme.px(225), h - theme.px(60), (10, 12, 10, 210)
        )

    def to_title(self) -> None:
        self.app.session = None
        self.win.show_screen("title")

    def on_escape(self) -> None:
        self.to_title()
