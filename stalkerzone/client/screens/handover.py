"""Hot-seat hand-over (TURN-3): "Pass to Anna — press Space". Shows nothing private: no map,
no cash, no cards — only whose turn it is."""

from __future__ import annotations

import arcade
from arcade.shape_list import Shape, ShapeElementList

from stalkerzone.client.app.base_view import GameView
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import theme


class HandoverView(GameView):
    kind = "handover"
    rules_section = "TURN-3"

    def __init__(self, window: StalkerWindow, player: int, then: str = "board") -> None:
        super().__init__(window)
        self.player = player
        self.then = then
        self.back_shapes: ShapeElementList[Shape] | None = None
        self.band = (0.0, 0.0)  # bottom and top of the dark band behind the texts

    def build(self) -> None:
        w, h = self.window.width, self.window.height
        self.back_shapes = self.window.backdrops.get(w, h, seed=11)
        # the dark band holds every line, the "Alex's turn · round 1" line at its top too
        self.band = (h / 2 - theme.px(180), h / 2 + theme.px(130))
        session = self.session
        name = i18n.player_name(session.state.players[self.player].name)
        colour = theme.PLAYER_COLOURS[self.player % len(theme.PLAYER_COLOURS)]
        self.label(
            i18n.t("handover.pass_to", name=name),
            w / 2,
            h / 2 + theme.px(30),
            40,
            colour,
            bold=True,
            anchor_x="center",
        )
        self.label(
            i18n.t("handover.press", name=name),
            w / 2,
            h / 2 - theme.px(30),
            18,
            theme.TEXT,
            anchor_x="center",
        )
        self.label(
            i18n.t("flow.seat_turn", name=name, n=session.round),
            w / 2,
            h / 2 + theme.px(96),
            14,
            theme.TEXT_DIM,
            anchor_x="center",
        )
        self.label(
            i18n.t("handover.private"),
            w / 2,
            h / 2 - theme.px(70),
            12,
            theme.TEXT_DIM,
            anchor_x="center",
        )
        ready = self.button(
            i18n.t("handover.ready", name=name), self.ready, width=300, height=48, primary=True
        )
        self.anchored(ready, align_y=-theme.px(160) + theme.px(48) / 2)  # below the texts

    def draw_scene(self) -> None:
        if self.back_shapes is not None:
            self.back_shapes.draw()
        w = self.window.width
        bottom, top = self.band
        arcade.draw_lrbt_rectangle_filled(0, w, bottom, top, (10, 12, 10, 225))

    def on_hotkey(self, symbol: int, modifiers: int) -> bool | None:
        if symbol in (arcade.key.SPACE, arcade.key.ENTER, arcade.key.RETURN):
            self.ready()
            return True
        return None

    def ready(self) -> None:
        session = self.session
        session.viewer = self.player
        session.show(self.win, handover=False)
