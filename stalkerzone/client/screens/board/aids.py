"""The board's learning aids, as layers over it: the goal panel in the map's top left corner
(WIN-1) with the Legend (L) and Bot hint (H) buttons under it, the map legend, and the bot's
hint with its choice highlighted on the map (a hex) or the bar (End turn, Trade, a decision);
and the Zone's first view, fitted clear of the panel and of the opening banner."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pyglet

from stalkerzone.client.controller.session import PUBLIC, TRADE_ACTIONS
from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.render.map_camera import MAX_ZOOM
from stalkerzone.client.render.map_fit import clear_fit
from stalkerzone.client.render.zone_layer import HEX
from stalkerzone.client.screens.board.goal_panel import WIDTH, GoalPanel, goal_lines
from stalkerzone.client.screens.board.legend import Legend
from stalkerzone.client.screens.board.presenter import decision_text
from stalkerzone.client.screens.hint import HintOverlay, button_outline
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import theme
from stalkerzone.client.widgets.overlays import Overlay
from stalkerzone.engine.play import Action, DiscardArmour, EndTurn, FightDecision, Move

if TYPE_CHECKING:
    from stalkerzone.client.screens.board.screen import BoardView

BUTTON_H = 30
FIT_MARGIN = HEX * 1.5  # around the outer hexes' centres: their half-width and a gap
TOP_CLEAR = 78  # UI units at the top of the map kept free (a banner of one line lies there)


def map_area(view: BoardView) -> tuple[float, float, float, float]:
    """The map's part of the window: left, right, bottom, top."""
    left, bottom, width, height = view.camera.area
    return left, left + width, bottom, bottom + height


class GoalOverlay(Overlay):
    """The goal panel and, under it, the legend's and the hint's buttons."""

    def __init__(self, view: BoardView, legend: Legend) -> None:
        self.view = view
        self.legend = legend
        self.panel = GoalPanel()
        self.batch = pyglet.graphics.Batch()
        self.hint_spot: tuple[float, float, float] | None = None

    def build(self) -> None:
        view = self.view
        px = theme.px
        state = view.view
        index = view.session.viewer if view.session.viewer != PUBLIC else state.current_player
        lines = goal_lines(state, index, view.app.settings.colour_blind_symbols)
        left, _right, _bottom, top = map_area(view)
        self.batch = pyglet.graphics.Batch()
        bottom = self.panel.build(view, lines, left + px(10), top - px(8), batch=self.batch)
        y = bottom - px(BUTTON_H) - px(4)
        half = (WIDTH - 8) / 2
        view.button(
            i18n.t("aids.legend_button"),
            self.legend.toggle,
            width=half,
            height=BUTTON_H,
            size=12,
            x=left + px(10),
            y=y,
            add=True,
        )
        self.hint_spot = (left + px(10) + px(half) + px(8), y, half)

    def cover(self) -> tuple[float, float, float, float] | None:
        """What the panel and its buttons cover of the map (left, right, bottom, top; None
        before it is built): the first view keeps the Zone clear of it."""
        if self.panel.box is None:
            return None
        left, right, bottom, top = self.panel.box
        return left, right, bottom - theme.px(BUTTON_H) - theme.px(4), top

    def steps_aside(self) -> bool:
        """An anomaly roll's dice (ANOM-1) or the banner at the start of play are shown at the
        top of the map: the panel steps aside for them (its buttons stay)."""
        return bool(self.view.anomaly_dice.active or self.view.opening.active)

    def draw(self) -> None:
        if self.steps_aside():
            return
        self.panel.draw()
        self.batch.draw()


def fit_zone(view: BoardView) -> None:
    """The whole Zone in the map area between the panels (the board's first view, Home),
    under the banner's edge at the top (however many lines it has) and clear of the goal panel
    and its buttons (at most ``map_fit.MAX_LOSS`` of the zoom given up for it, else the fewest
    hexes under them)."""
    fit = clear_fit(
        [hexgeom.world(h.q, h.r, HEX) for h in view.hexes],
        view.camera.area,
        margin=FIT_MARGIN,
        top_clear=max(theme.px(TOP_CLEAR), view.opening.depth(view)),
        cover=view.goal.cover(),
        reach=HEX / 2,
        max_zoom=MAX_ZOOM,
    )
    view.camera.show(fit.zoom, fit.centre)


def board_outline(view: BoardView, action: Action) -> list[tuple[float, float]] | None:
    """Where the board shows ``action``: a hex's outline on the map (the map is moved to it
    when it is out of view), else its button."""
    if isinstance(action, Move):
        x, y = hexgeom.world(action.to.q, action.to.r, HEX)
        if not view.camera.inside(*view.camera.to_screen(x, y)):  # bring the hex into view
            view.camera.camera.position = (x, y)
            view.camera.clamp()
        return [view.camera.to_screen(cx, cy) for cx, cy in hexgeom.corners(x, y, HEX)]
    if isinstance(action, EndTurn):
        return button_outline(view, i18n.t("board.end_turn"))
    if isinstance(action, TRADE_ACTIONS):
        return button_outline(view, i18n.t("board.trade"))
    if isinstance(action, FightDecision | DiscardArmour):
        return button_outline(view, decision_text(action, view.view.cards))
    return None


def add_board_aids(view: BoardView) -> GoalOverlay:
    """The goal panel, the legend and the hint, as the board's layers (in drawing order); the
    goal panel's layer is returned (the first view keeps the Zone clear of it)."""
    legend = Legend(view, lambda: map_area(view))
    goal = GoalOverlay(view, legend)
    px = theme.px
    hint = HintOverlay(
        view,
        lambda action: board_outline(view, action),
        lambda: (map_area(view)[0] + px(10), map_area(view)[2] + px(8)),
        lambda: goal.hint_spot,
        lambda: map_area(view),
    )
    view.overlays += [goal, hint, legend]
    return goal
