"""The board (TURN-2): the Zone, tokens, reachable hexes with path and cost, HUD and turn log.

The Zone (terrain, roads, sites) renders once per map or zoom change into a world-space texture
(``WorldTexture``); the screen (that texture through the camera, reachable highlights, resting
tokens, HUD texts, buttons) is cached in an offscreen framebuffer (``StaticCache``) and blitted
while nothing changes. A pan redraws only the map part of the cache from the world texture;
only the hover path, a walking token and the status line draw every frame.
"""

from __future__ import annotations

from functools import partial

import arcade
import arcade.gui
import pyglet
from arcade.shape_list import Shape, ShapeElementList

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.render import hex_geometry as hexgeom
from stalkerzone.client.render import shapes as widgets
from stalkerzone.client.render.loot_marks import LootMarks
from stalkerzone.client.render.reach_marks import path_shapes, reach_shapes
from stalkerzone.client.render.tokens import TokenLayer
from stalkerzone.client.render.zone_layer import (
    HEX,
    PlacedHex,
    StaticCache,
    WorldTexture,
    ZoneLayer,
    zone_hexes,
)
from stalkerzone.client.screens.board import commits
from stalkerzone.client.screens.board.aids import add_board_aids, fit_zone
from stalkerzone.client.screens.board.anomaly_dice import AnomalyDice
from stalkerzone.client.screens.board.hud import (
    BOTTOM_H,
    HUD_W,
    TOP_H,
    build_buttons,
    build_header,
    build_hud,
    draw_hover_backing,
    hover_line,
    set_status,
    show_hover,
    status_words,
)
from stalkerzone.client.screens.board.motion import BoardMotion
from stalkerzone.client.screens.board.opening import Opening
from stalkerzone.client.screens.map_screen import MapScreen
from stalkerzone.client.screens.reveal.overlay import RevealOverlay
from stalkerzone.client.text import engine_text, i18n
from stalkerzone.client.widgets import modal, text_fit, theme
from stalkerzone.client.widgets.confirm_box import Confirm, answer_key
from stalkerzone.client.widgets.still_frame import ui_needs_render
from stalkerzone.engine.core import IllegalAction, StalkerStats
from stalkerzone.engine.play import Action, GameState, Move
from stalkerzone.engine.zone import Hex, Route


class BoardView(MapScreen):
    kind = "board"
    rules_section = "TURN"

    def __init__(self, window: StalkerWindow) -> None:
        super().__init__(window)
        self.cache = StaticCache(window)
        self.world = WorldTexture(window)  # the Zone in world space, rendered once per change
        self.map_version = 0
        self.zone_layer = ZoneLayer()
        self.tokens = TokenLayer()
        self.loot_marks = LootMarks()  # DEATH-1: the piles the view shows
        self.question: Confirm | None = None  # asked before a step that cannot be taken back
        self.hover_waits = False  # the hover line waits for the guardian's odds
        self.reach_shapes: ShapeElementList[Shape] = ShapeElementList()
        self.path_shapes: ShapeElementList[Shape] = ShapeElementList()
        self.hexes: dict[Hex, PlacedHex] = {}
        self.health_bar = (0.0, 0.0, 0.0, 0.0, 0.0)
        self.player_bars: list[tuple[float, float, float, float, float]] = []
        self.layer_key: object = None
        self.routes: dict[Hex, Route] = {}
        self.hover: Hex | None = None
        self.fight_to_show = False
        self.motion = BoardMotion(self.session)  # the walking token, cards flying to the panel
        self.positions = self.current_positions()
        self.state_id = self.session.version
        self.message = ""
        self.fitted_area: tuple[int, int, int, int] | None = None  # the map area last fitted
        self.anomaly_dice = AnomalyDice(self.session)  # ANOM-1 rolls drawn as dice
        self.last_player = self.session.state.current_player
        self.version = 0
        self.ui_version = 0
        self.token_scale = 0.0  # the scale the resting tokens were built at
        self.base_opened_for = -1
        self.from_base = False  # shown again after the base's screen (see open_base)
        self.dynamic_batch = pyglet.graphics.Batch()
        self.reveals = RevealOverlay(self.session)  # cards coming into play (EVENT-1, ANOM-1 …)
        self.opening = Opening(self.session)  # the Zone and who starts, before any bot moves
        self.goal = add_board_aids(self)  # the goal panel, the map legend (L), the bot's hint (H)

    # --- data ------------------------------------------------------------------------------------
    def follows(self, kind: str) -> bool:
        return kind == "board"

    @property
    def view(self) -> GameState:
        return self.session.view

    def current_positions(self) -> dict[int, Hex]:
        return {
            i: p.position for i, p in enumerate(self.session.view.players) if p.position is not None
        }

    @property
    def walker(self) -> int | None:
        return self.motion.walk.walker

    def legal(self) -> tuple[Action, ...]:
        return self.session.legal() or ()

    def my_turn(self) -> bool:
        return not self.session.is_bot() and self.session.state.phase != "over"

    def stats(self, index: int) -> StalkerStats:
        from stalkerzone.engine.turn import equipment

        state = self.view
        return equipment.stats(state.players[index], state.ctx)

    def compute_routes(self) -> dict[Hex, Route]:
        """Reachable hexes with their route (cost, path), only those ``Move`` allows."""
        state = self.view
        if state.phase != "turn" or state.step != "move" or not self.my_turn():
            return {}
        targets = {a.to for a in self.legal() if isinstance(a, Move)}
        player = state.players[state.current_player]
        if not targets or player.position is None:
            return {}
        allowance = self.stats(state.current_player).movement
        reach = state.zone_map.reachable(player.position, allowance, state.variant)
        return {h: r for h, r in reach.items() if h in targets}

    # --- building --------------------------------------------------------------------------------
    def keys_line(self) -> str:
        """The keys line's string: only the keys that work now. A public display or a
        spectator plays nothing, nor does the viewer in a bot's or another seat's turn, nor
        the table looking at the Zone before the first hand-over (no move, end of turn or undo
        keys: TURN-2, TURN-3); Space hurries a bot (as "Skip bots")."""
        session = self.session
        if session.seated() and self.bot_to_act() and not self.win.skip_bots:
            return "board_ux.bot_keys"
        if session.seated() and self.my_turn() and session.viewer == session.state.current_player:
            return "board_ux.keys"
        return "board_ux.watch_keys"

    def build(self) -> None:
        w, h = self.window.width, self.window.height
        px = theme.px
        self.hud_w = px(HUD_W)
        self.camera.set_area(0, px(BOTTOM_H), w - self.hud_w, h - px(TOP_H) - px(BOTTOM_H))
        self.refresh_map()
        self.version += 1
        build_header(self)
        keys = self.label(
            text_fit.wrap_items(i18n.t(self.keys_line()), w - self.hud_w - px(32), 10),
            px(16),
            px(6),
            10,
            theme.TEXT_DIM,
            anchor_y="bottom",
            width=w - self.hud_w - px(32),
            multiline=True,
        )
        self.dynamic_batch = pyglet.graphics.Batch()
        dyn = self.dynamic_batch
        # the status line above the keys, however many lines they wrap to; the hover line above
        line_y = max(px(BOTTOM_H) - px(50), px(6) + keys.content_height + px(3))
        # its bottom where one line's descent was: a second line (a long line wraps) goes up
        self.hover_bottom = min(line_y + px(24), px(BOTTOM_H) - px(22)) - px(4)

        def bottom_line(y: float, colour: arcade.types.Color) -> arcade.Text:
            return self.label(
                "",
                px(16),
                y,
                13,
                colour,
                batch=dyn,
                width=w - self.hud_w - px(32),
                multiline=True,
                anchor_y="bottom",
            )

        self.hover_text = bottom_line(self.hover_bottom, theme.TEXT)
        self.path_text = bottom_line(line_y - px(3), theme.ACCENT)  # in the status line's place
        self.status = bottom_line(line_y - px(3), theme.WARN)  # one of the two shows at a time
        set_status(self, status_words(self))
        build_hud(self)
        build_buttons(self)
        if self.question is not None:  # over the board, dimmed and not reacting under it
            self.question.build(self, partial(commits.answer, self))
        self.routes = self.compute_routes()
        self.build_reach()
        self.build_tokens()

    def rebuild(self) -> None:
        """Build the screen; the first view (or after a resize) then fits the Zone, clear of
        the goal panel just built over the map."""
        super().rebuild()
        if self.fitted_area != self.camera.area:
            self.fit_camera()
            self.fitted_area = self.camera.area
            self.build_tokens()  # at the fitted zoom

    def fit_camera(self) -> None:
        """The whole Zone, clear of what lies over the map (first view, Home: ``fit_zone``)."""
        fit_zone(self)

    def focus_current(self) -> None:
        """Bring the current stalker into view if the player zoomed or panned it off screen."""
        where = self.positions.get(self.view.current_player)
        if where is None:
            return
        x, y = hexgeom.world(where.q, where.r, HEX)
        sx, sy = self.camera.to_screen(x, y)
        left, bottom, width, height = self.camera.area
        margin = HEX * 3 * self.camera.zoom
        if not (
            left + margin < sx < left + width - margin
            and bottom + margin < sy < bottom + height - margin
        ):
            self.camera.camera.position = (x, y)
            self.camera.clamp()

    def refresh_map(self) -> None:
        zone = self.view.zone
        key = (zone.placements, self.app.settings.colour_blind_symbols)
        self.reveals.queue.symbols = self.app.settings.colour_blind_symbols
        if key != self.layer_key:
            self.hexes = zone_hexes(zone.placements, self.sectors)
            self.zone_layer.build(self.hexes, symbols=self.app.settings.colour_blind_symbols)
            xs = [hexgeom.world(hh.q, hh.r, HEX)[0] for hh in self.hexes] or [0.0]
            ys = [hexgeom.world(hh.q, hh.r, HEX)[1] for hh in self.hexes] or [0.0]
            self.camera.set_bounds(min(xs), max(xs), min(ys), max(ys))
            self.layer_key = key
            self.map_version += 1

    def overlay_corner(self) -> tuple[float, float]:
        """Where a network game's table strip hangs (its top right): the map's top right
        corner, under the top bar and left of the side panel, clear of every button."""
        px = theme.px
        w, h = self.window.width, self.window.height
        return w - px(HUD_W) - px(12), h - px(TOP_H) - px(8)

    def build_reach(self) -> None:
        self.reach_shapes = reach_shapes(self.routes)

    def build_tokens(self) -> None:
        state = self.view
        skip = [self.walker] if self.walker is not None else []
        scale = self.token_scale = self.wanted_token_scale()
        self.tokens.build_for(state, self.positions, self.hexes, skip, scale)
        self.loot_marks.build(state.loot, self.session.viewer, scale)

    def wanted_token_scale(self) -> float:
        return min(1.6, max(1.0, 0.9 / self.camera.zoom))  # legible when zoomed out

    def build_path(self, target: Hex | None) -> None:
        route = self.routes.get(target) if target is not None else None
        me = self.view.players[self.view.current_player].position
        if route is not None and target is not None and me is not None:
            self.path_shapes = path_shapes(me, route.path, target)
        else:
            self.path_shapes = ShapeElementList()

    # --- drawing ---------------------------------------------------------------------------------
    def on_draw(self) -> None:
        """One blit of the cached static layer (map, tokens, HUD, buttons), then only what
        moves: the hover path, a walking token, the status line. No clear: the blit covers all."""
        if self._stale:
            self.rebuild()
        self.ui.execute_layout()  # type: ignore[no-untyped-call]  # unannotated in arcade
        if ui_needs_render(self.ui):
            self.ui_version += 1
        key = (self.version, self.ui_version, self.walker is None, self.window.get_size())
        # the map part of the cache is drawn again when the camera moves, and once more when a
        # zoom has settled (then the world texture is rendered at the new zoom)
        part_key = (self.camera.key(), self.world.zoom, self.world.last_zoom)
        self.cache.draw(
            key, self.render_static, theme.BG, part_key, self.render_map, self.camera.area
        )
        with self.camera.activate():
            self.path_shapes.draw()
            self.motion.walk.draw(self.tokens)
        self.window.default_camera.use()  # the whole window again (the map camera clips)
        asking = modal.is_open(self.ui)  # a question, or the mouse held under a revealed card
        if asking:
            self.draw_anomaly_roll()
        draw_hover_backing(self)
        self.dynamic_batch.draw()
        self.motion.draw_flights(self)
        if asking:
            modal.draw_beneath_dialog(self.ui, self.draw_aloft)  # the dialog dims them too
            self.reveals.draw(self)
        else:  # the roll and a card on screen over the goal panel, the tips and the legend
            self.draw_aloft()
            self.draw_anomaly_roll()
            self.reveals.draw(self)

    def draw_anomaly_roll(self) -> None:
        """ANOM-1: the last anomaly roll at the top of the map (not while a card is on screen:
        the card has the table's attention)."""
        if not self.reveals.active:
            w, h = self.window.width, self.window.height
            self.anomaly_dice.draw(0, w - self.hud_w, h - theme.px(TOP_H))

    def draw_aloft(self) -> None:
        """The overlays (goal panel, tips, legend…), then the opening banner over them."""
        self.draw_on_top()
        self.opening.draw(self)

    def render_map(self) -> None:
        """The map area of the cached layer: the Zone's world texture (rendered again only when
        the map, the map area or the zoom changes; a pan only moves it), reachable hexes and
        resting tokens on top. The texture covers the whole map area: no clear needed."""
        # tokens grow when zoomed out; rebuilt (texts are slow) once the zoom settles, like the
        # world texture, not at every step of a spinning wheel
        settled = self.camera.zoom == self.world.last_zoom or not self.token_scale
        if settled and self.token_scale != self.wanted_token_scale():
            self.build_tokens()
        camera = self.camera
        left, right, bottom, top = camera.bounds
        zone = (left - HEX, bottom - HEX, right + HEX, top + HEX)
        _l, _b, width, height = camera.area
        self.world.update(
            (self.map_version, width, height),
            zone,
            camera.position,
            camera.zoom,
            (width, height),
            self.zone_layer.draw,
            theme.BG,
        )
        with camera.activate():
            self.world.draw(camera.zoom)
            self.reach_shapes.draw()
            self.loot_marks.draw()
            self.tokens.draw()

    def render_static(self) -> None:
        w, h = self.window.width, self.window.height
        px = theme.px
        self.render_map()
        arcade.draw_lrbt_rectangle_filled(w - self.hud_w, w, 0, h, theme.PANEL)
        arcade.draw_line(w - self.hud_w, 0, w - self.hud_w, h, theme.PANEL_EDGE, 1)
        arcade.draw_lrbt_rectangle_filled(0, w - self.hud_w, h - px(TOP_H), h, theme.PANEL)
        arcade.draw_lrbt_rectangle_filled(0, w - self.hud_w, 0, px(BOTTOM_H), theme.PANEL)
        left, y, width, height, fraction = self.health_bar
        widgets.bar(left, y - px(2), width, height + px(4), fraction, theme.GOOD)
        for left, y, width, height, fraction in self.player_bars:
            widgets.bar(left, y, width, height, fraction, theme.GOOD)
        self.batch.draw()
        if not modal.is_open(self.ui):  # a dialog dims what moves too: then drawn after it
            modal.draw_widgets(self.ui)  # the buttons are in the cached layer (drawn on change)

    # --- time ------------------------------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        speed = self.app.settings.animation_speed
        self.anomaly_dice.update(self.session, delta_time, self.session.cards, speed)
        if self.session.version != self.state_id:
            self.state_changed()
        self.reveals.update(self, delta_time, hold=self.motion.hold_reveals(self))
        self.opening.update(self, delta_time)
        if self.opening.hands_over:  # the table looks at the Zone: no button answers (TURN-3)
            self.ui.disable()
        self.hold_mouse_under_reveal()
        if self.hover_waits and self.hover is not None:
            self.hover_text.text = hover_line(self, self.hover)
        if self.motion.update(self, delta_time):  # cards fly, the token walks on
            self.end_walk()
            return
        if self.walker is not None:
            return
        if self.fight_to_show:  # a fight over within the move: played out, its result shown
            self.fight_to_show = False
            self.session.fight_shown_at = len(self.session.actions)
            self.win.show_screen("fight")
            return
        if self.session.state.phase in ("layout", "over") or self.session.screen_kind() != "board":
            self.session.show(self.win)
            return

    def hold_mouse_under_reveal(self) -> None:
        """While a card is revealed over the board nothing under it reacts to the mouse (its
        overlay dims it); a click there acknowledges the card."""
        active = self.reveals.active and self.question is None
        if active and not modal.is_open(self.ui):
            acknowledge = partial(self.reveals.acknowledge, self)
            modal.open_modal(self.ui, on_click=acknowledge, dim=(0, 0, 0, 0))
        elif not active and self.question is None and modal.is_open(self.ui):
            modal.close(self.ui)

    @property
    def busy(self) -> bool:  # type: ignore[override]
        return self.walker is not None or self.reveals.pending or self.opening.holds_bots

    def end_walk(self) -> None:
        """The token rests on its destination: the resting tokens again, a base's screen."""
        self.version += 1
        self.build_tokens()
        self.maybe_open_base()

    def maybe_open_base(self) -> bool:
        """A human who just arrived at a base gets its screen (BASE-1), once per arrival."""
        session = self.session
        if (
            self.walker is None
            and self.my_turn()
            and session.actions
            and isinstance(session.actions[-1], Move)
            and session.arrived_or_trading()
            and self.base_opened_for != session.version
        ):
            self.base_opened_for = session.version
            self.open_base()
            return True
        return False

    def open_base(self) -> None:
        """The base's screen (BASE-1). What the player does there is shown there, so back on
        the board it is not revealed a second time; what came before the visit still is."""
        self.reveals.queue.catch_up()
        self.from_base = True
        self.win.show_screen("base", back=self)

    def on_show_view(self) -> None:
        if self.from_base:
            self.from_base = False
            self.reveals.queue.pass_over()
        self.anomaly_dice.hand_over(self.session.viewer)  # a bot's roll stays in its turn
        super().on_show_view()
        self.motion.listen(self)  # a press while something moves lands it, then acts

    def on_hide_view(self) -> None:
        self.motion.unlisten()
        super().on_hide_view()  # type: ignore[no-untyped-call]  # unannotated in arcade

    def do(self, action: Action) -> None:
        """Apply an action; a refusal is shown with its rule id, the state stays as it was."""
        try:
            self.session.act(action)
        except IllegalAction as error:
            self.set_message(engine_text.render(error, self.session.cards))
            return
        self.message = ""
        self.state_changed()

    def state_changed(self) -> None:
        """Start the walk of whoever moved, rebuild texts and layers, open another screen if the
        state calls for one."""
        state = self.session.view
        self.state_id = self.session.version
        self.message = ""  # a refusal said of the state before is stale now
        old = self.positions
        self.positions = self.current_positions()
        moved = [i for i, where in self.positions.items() if old.get(i) != where]
        path = tuple(state.last_move)
        if len(moved) == 1 and path and path[-1] == self.positions[moved[0]] and old.get(moved[0]):
            self.motion.walk.start(moved[0], (old[moved[0]], *path))
        self.hover = None
        self.path_shapes = ShapeElementList()
        self.fight_to_show = self.session.fight_ended_by_last_move()  # after the walk
        if self.session.state.current_player != self.last_player:
            self.last_player = self.session.state.current_player
            if not self.app.watching:
                self.focus_current()
        kind = self.session.screen_kind()
        if kind == "board" and self.maybe_open_base():
            return
        if kind != "board":
            if self.walker is None:
                self.session.show(self.win)
                return
        elif self.session.default_viewer() != self.session.viewer and self.walker is None:
            self.session.show(self.win)
            if self.win.current_screen is not self:
                return
        self.rebuild_soon()

    # --- input -----------------------------------------------------------------------------------
    def set_message(self, text: str) -> None:
        """``message`` keeps the rule id; the status line shows the sentence only."""
        self.message = text
        set_status(self, i18n.capitalised(engine_text.sentence(text)))  # a line of its own

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        show_hover(self, None if not self.camera.inside(x, y) else self.camera.hex_at(x, y, HEX))

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self.question is not None:
            return
        if self.session.click_overlay(x, y):  # a card the game draws over the map, closed
            return
        if self.reveals.acknowledge(self):
            return
        if self.opening.dismiss_to_hand_over(self):  # a click anywhere passes the screen on
            return
        if self.camera.inside(x, y):
            self.drag.press(x, y)

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        self.drag.drag(x, y, dx, dy)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        if not self.drag.release() or button != arcade.MOUSE_BUTTON_LEFT or not self.my_turn():
            return
        if self.opening.hands_over:  # the whole table looks at the Zone: nothing is played
            return
        if self.walker is not None or self.question is not None:
            return
        h = self.camera.hex_at(x, y, HEX)
        if h in self.routes:
            commits.move_to(self, h)
        elif h in self.hexes and self.view.phase == "turn":
            self.try_illegal_move(h)

    def try_illegal_move(self, h: Hex) -> None:
        """Ask the engine why a hex is out of reach (the state is not changed by a refusal)."""
        if self.view.step != "move" or h == self.view.players[self.view.current_player].position:
            return
        try:
            self.session.act(Move(h))
        except IllegalAction as error:
            self.set_message(engine_text.render(error, self.session.cards))
            return
        self.state_changed()

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        if self.camera.inside(x, y) and scroll_y:
            self.camera.zoom_by(1.15 if scroll_y > 0 else 1 / 1.15, around=(x, y))

    def on_hotkey(self, symbol: int, modifiers: int) -> bool | None:
        keys = arcade.key
        if self.question is not None:  # the question waits for its answer (Enter answers not)
            answer = answer_key(symbol)
            if answer is not None:
                commits.answer(self, answer)
            return True
        if symbol in (keys.SPACE, keys.ENTER, keys.RETURN) and self.reveals.acknowledge(self):
            return True
        if symbol == keys.SPACE and self.opening.dismiss(self):
            return True
        if self.opening.hands_over:  # before the hand-over only the view of the Zone moves
            self.camera_key(symbol, 80)
            return True
        if symbol in (keys.ENTER, keys.RETURN, keys.NUM_ENTER):
            return True  # "continue" on a card; never the end of a turn
        if self.camera_key(symbol, 80):
            pass
        elif symbol == keys.E:
            self.end_turn()
        elif symbol == keys.U or (symbol == keys.Z and modifiers & keys.MOD_CTRL):
            self.undo()
        elif symbol == keys.B and self.my_turn():  # the stalker card, as its button (EQ-1)
            self.win.show_screen("stalker", back=self)
        elif symbol == keys.SPACE and (self.walker is not None or self.bot_to_act()):
            if self.bot_to_act():
                self.skip_bots()
            self.motion.walk.finish()
        else:
            return None
        return True

    def bot_to_act(self) -> bool:
        """A bot's turn that "Skip bots" can hurry (never a remote player's turn: TURN-2)."""
        session = self.session
        current = session.state.current_player
        return session.state.phase != "over" and session.is_bot() and not session.is_remote(current)

    def skip_bots(self) -> None:
        """Let the bots play at once until a human's turn (speed: settings, animation speed)."""
        self.win.skip_bots = True
        self.motion.walk.finish()
        self.rebuild_soon()

    def end_turn(self) -> None:
        """E or the End turn button (:func:`commits.end_turn`: asks first when it loses
        something)."""
        commits.end_turn(self)

    def undo(self) -> None:
        """U, Ctrl+Z or the Undo button (:func:`commits.undo`)."""
        commits.undo(self)

    # --- questions -------------------------------------------------------------------------------
    def ask(self, question: Confirm) -> None:
        """Open a question over the board (its buttons replace the bar until it is answered)."""
        commits.ask(self, question)

    def cancel_question(self) -> None:
        commits.answer(self, False)

    def on_escape(self) -> None:
        if self.question is not None:
            self.cancel_question()
        else:
            super().on_escape()
