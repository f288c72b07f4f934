"""Laying out the Zone (TURN-4): the tray, flip/turn, hover preview, legal and dead-end slots.

The engine's ``legal_actions`` offers exactly the placements that keep the Zone completable;
``zone.layout.legal_placements`` (roads meet, MAP-4) minus those are the dead ends, crossed out;
hovering one says in words what it would cut off (``turn.turns.cut_off``, asked off the frame),
and a click on it says why it is refused. Undo takes the last placement back (nothing random
happened), "deal the rest" places the remaining sectors one by one through ``apply``.
"""

from __future__ import annotations

import arcade
from arcade.shape_list import Shape, ShapeElementList

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.render import shapes as widgets
from stalkerzone.client.render.zone_layer import (
    HEX,
    ZoneLayer,
    zone_hexes,
)
from stalkerzone.client.screens.layout.announce import announce_last
from stalkerzone.client.screens.layout.ghost import build_hover_preview
from stalkerzone.client.screens.layout.hints import nowhere, slot_words
from stalkerzone.client.screens.layout.presenter import (
    checklist,
    dead_placements,
    deal_choice,
    reason_text,
    slot_sets,
)
from stalkerzone.client.screens.layout.question import DealQuestion
from stalkerzone.client.screens.layout.slots import slot_marks, zone_bounds
from stalkerzone.client.screens.layout.tray import TrayThumbnails, build_tray, tray_hit
from stalkerzone.client.screens.map_screen import MapScreen
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import text_fit, theme
from stalkerzone.engine.core import IllegalAction
from stalkerzone.engine.play import PlaceSector
from stalkerzone.engine.turn import cut_off
from stalkerzone.engine.zone import CutOff, Placement, Slot, Zone, check_zone, slot_of

TRAY_W = 340
TOP_H = 64
BOTTOM_H = 60
STATUS_H = 30  # the status line's own strip above the buttons: it never covers a slot


class LayoutView(MapScreen):
    kind = "layout"
    rules_section = "MAP"

    def __init__(self, window: StalkerWindow) -> None:
        super().__init__(window)
        self.zone_layer = ZoneLayer()
        self.preview = ZoneLayer()
        self.tray = TrayThumbnails()  # the tray's sector faces, built once each
        self.marks: ShapeElementList[Shape] = ShapeElementList()
        self.dead_marks: ShapeElementList[Shape] = ShapeElementList()
        self.ghost_marks: ShapeElementList[Shape] = ShapeElementList()  # over a misfit
        self.last_marks: ShapeElementList[Shape] = ShapeElementList()
        self.selected: str | None = None
        self.face = "a"
        self.rotation = 0
        self.hover_slot: Slot | None = None
        self.reason_for: Slot | None = None
        self.message = ""
        self.tray_boxes: list[tuple[str, str, tuple[float, float, float, float]]] = []
        self.deal_wait = 0.0
        self.computing = False
        self.dealing = False
        self.marks_key: object = None
        self.layer_key: object = None
        self.fitted_for: object = None  # (sectors placed, map area) the camera last fitted
        self.preview_for: Slot | None = None
        self.check_box = (0.0, 0.0, 0.0, 0.0)
        self.confirming = False
        self.question = DealQuestion()

    # --- data ----------------------------------------------------------------------------------
    @property
    def zone(self) -> Zone:
        return self.session.view.zone

    def remaining(self) -> list[str]:
        placed = self.zone.sector_ids()
        return [sid for sid in self.sectors if sid not in placed]

    def legal_places(self) -> tuple[PlaceSector, ...] | None:
        legal = self.session.legal()
        if legal is None:
            return None
        return tuple(a for a in legal if isinstance(a, PlaceSector))

    def placeable(self) -> set[str]:
        legal = self.legal_places()
        return {a.sector for a in legal} if legal is not None else set()

    def dead_ends(self) -> frozenset[Placement] | None:
        """Placements of the selected sector whose roads meet but after which the Zone could
        not be completed (TURN-4): what ``legal_actions`` left out; ``None`` while computing."""
        if self.selected is None:
            return frozenset()
        legal = self.legal_places()
        if legal is None:
            return None
        return dead_placements(self.zone, self.selected, legal, self.session.sectors)

    def reason(self, slot: Slot) -> str | None:
        """Why the selected sector, face and turn may not go on ``slot`` (a dead end), in words;
        ``None`` while the foresight is still answering off the frame."""
        if self.selected is None:
            return None
        placement = Placement(self.selected, self.face, self.rotation, slot)
        state = self.session.state
        key = ("cut_off", self.session.version, placement)
        self.session.worker.submit(key, lambda: cut_off(state, placement))
        why: CutOff | None = self.session.worker.result(key)
        if why is None:
            return None
        return reason_text(why, self.sectors)

    def slots(self) -> tuple[set[Slot], set[Slot], set[Slot]]:
        """(legal, dead-end, fits-when-turned) slots for the selected sector, face and turn.

        Legal = the engine's ``PlaceSector`` actions (roads meet, MAP-4); dead ends among them
        are marked once the foresight search has answered (MAP-5)."""
        if self.selected is None:
            return set(), set(), set()
        legal_all = self.legal_places()
        if legal_all is None:
            return set(), set(), set()
        dead = self.dead_ends() or frozenset()
        return slot_sets(legal_all, self.selected, self.face, self.rotation, dead)

    def current_placement(self, slot: Slot) -> PlaceSector | None:
        if self.selected is None:
            return None
        return PlaceSector(self.selected, self.face, self.rotation, slot)

    # --- building --------------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.window.width, self.window.height
        px = theme.px
        self.tray_w = px(TRAY_W)
        self.camera.set_area(
            self.tray_w,
            px(BOTTOM_H + STATUS_H),
            w - self.tray_w,
            h - px(TOP_H) - px(BOTTOM_H + STATUS_H),
        )
        self.ensure_selection()
        self.refresh_zone()
        state = self.session.view
        player = state.players[state.current_player]
        colour = theme.PLAYER_COLOURS[state.current_player % len(theme.PLAYER_COLOURS)]
        placed = len(self.zone.placements)
        total = len(self.sectors)
        if self.session.is_remote(state.current_player):
            key = "network.remote_places"
        else:
            key = "layout.bot_places" if self.session.is_bot() else "layout.places"
        who = i18n.t(key, name=player.name)
        self.label(who, self.tray_w + px(20), h - px(40), 20, colour, bold=True)
        self.last_marks = announce_last(self, h)
        self.label(
            i18n.t("layout.progress", placed=placed, total=total),
            w - px(20),
            h - px(40),
            14,
            theme.TEXT_DIM,
            anchor_x="right",
        )
        self.label(i18n.t("layout.tray"), px(16), h - px(40), 18, theme.ACCENT, bold=True)
        if placed == 0:
            self.label(i18n.t("layout.village_first"), px(16), h - px(60), 11, theme.TEXT_DIM)
        self.build_checklist()
        self.build_tray()
        self.label(
            text_fit.wrap_items(
                i18n.t("layout.keys" if self.session.seated() else "layout.watch_keys"),
                w - self.tray_w - px(390),
                10,
            ),
            self.tray_w + px(16),
            px(4),
            10,
            theme.TEXT_DIM,
            anchor_y="bottom",
            width=int(w - self.tray_w - px(390)),
            multiline=True,
        )
        # The status line sits on the bottom panel, under the map, so it never covers a slot; a
        # long one is set smaller, then over two lines, never cut.
        self.status = self.label(
            "",
            self.tray_w + px(16),
            px(BOTTOM_H) + px(4),
            13,
            theme.WARN,
            anchor_y="bottom",
            width=int(w - self.tray_w - px(32)),
            multiline=True,
        )
        self.fit_status(self.message)
        if self.confirming:
            self.question.build(self, len(self.remaining()), self.confirm_deal, self.cancel_deal)
        right = w - px(16)
        self.action_buttons(right, placed < total)
        self.button(
            "?",
            lambda: self.win.open_rules(self),
            width=44,
            height=38,
            size=14,
            x=right - px(170) - px(130) - px(54),
            y=px(10),
            add=True,
        )

    def action_buttons(self, right: float, unplaced: bool) -> None:
        """ "Deal the rest" and "Undo" (TURN-4, TURN-2), for a window that plays a seat (the
        public display and spectators play none: they only view)."""
        if not self.session.seated():
            return
        px = theme.px
        self.button(
            i18n.t("layout.deal_rest"),
            self.deal_rest,
            width=170,
            height=38,
            size=12,
            x=right - px(170),
            y=px(10),
            add=True,
            enabled=not self.dealing and unplaced,
        )
        self.button(
            i18n.t("layout.undo"),
            self.undo,
            width=120,
            height=38,
            size=12,
            x=right - px(170) - px(130),
            y=px(10),
            add=True,
            enabled=self.session.can_undo() and not self.dealing,
        )

    def ensure_selection(self) -> None:
        remaining = self.remaining()
        placeable = self.placeable()
        if self.selected not in remaining or (placeable and self.selected not in placeable):
            choice = [s for s in remaining if s in placeable] or remaining
            self.selected = choice[0] if choice else None

    def overlay_corner(self) -> tuple[float, float]:
        """Where a network game's table strip hangs (its top right): the map's top right
        corner, under the header and clear of every button."""
        px = theme.px
        return self.window.width - px(12), self.window.height - px(TOP_H) - px(8)

    def build_tray(self) -> None:
        build_tray(self)

    def build_checklist(self) -> None:
        """MAP-5 as it stands: what the Zone still lacks."""
        px = theme.px
        zone = self.zone
        problems = check_zone(zone, self.session.sectors) if zone.placements else ()
        tones = {
            "title": theme.ACCENT,
            "done": theme.GOOD,
            "open": theme.TEXT,
            "missing": theme.TEXT_DIM,
            "warn": theme.WARN,
        }
        lines = [(line.text, tones[line.tone]) for line in checklist(zone, self.sectors, problems)]
        # The checklist sits at the foot of the tray, so it never hides a slot of the map.
        width = self.tray_w - px(24)
        labels = [
            self.label(text, 0, 0, 12, colour, anchor_y="top", width=width - px(24), multiline=True)
            for text, colour in lines
        ]
        height = sum(label.content_height + px(6) for label in labels) + px(16)
        bottom = px(12)
        self.check_box = (px(12), px(12) + width, bottom, bottom + height)
        y = self.check_box[3] - px(8)
        for label in labels:
            label.position = (self.check_box[0] + px(12), y)
            y -= label.content_height + px(6)

    def refresh_zone(self) -> None:
        zone = self.zone
        key = (zone.placements, self.app.settings.colour_blind_symbols)
        if key != self.layer_key:
            hexes = zone_hexes(zone.placements, self.sectors)
            self.zone_layer.build(
                hexes, symbols=self.app.settings.colour_blind_symbols, open_roads=True
            )
            self.layer_key = key
        fitted_for = (len(zone.placements), self.camera.area)
        if self.fitted_for != fitted_for:  # the first view, a placement, an undo, a resize
            self.fit_camera()
            self.fitted_for = fitted_for

    def fit_camera(self) -> None:
        """Frame the laid-out Zone and the open slots around it, whole and centred in the map
        area (first, after every placement or undo, and Home)."""
        self.camera.set_bounds(*zone_bounds(self.zone))
        self.camera.fit(margin=0)

    def follows(self, kind: str) -> bool:
        return kind == "layout"

    def state_changed(self) -> None:
        self.hover_slot = None
        self.marks_key = None
        self.rebuild_soon()

    # --- drawing ---------------------------------------------------------------------------------
    def draw_scene(self) -> None:
        w, h = self.window.width, self.window.height
        px = theme.px
        arcade.draw_lrbt_rectangle_filled(0, self.tray_w, 0, h, theme.PANEL)
        arcade.draw_lrbt_rectangle_filled(self.tray_w, w, h - px(TOP_H), h, theme.PANEL)
        arcade.draw_lrbt_rectangle_filled(self.tray_w, w, 0, px(BOTTOM_H + STATUS_H), theme.PANEL)
        for sid, face, (left, right, bottom, top) in self.tray_boxes:
            if sid == self.selected and face == self.face:
                box = (left, right, bottom, top)
                arcade.draw_lrbt_rectangle_filled(*box, (226, 178, 64, 60))
                arcade.draw_lrbt_rectangle_outline(*box, theme.ACCENT, 2)
        self.tray.turn(self)  # the picture of the sector in hand turned as it would be laid
        self.tray.draw(self.window.ctx)
        self.update_marks()
        with self.camera.activate():
            self.zone_layer.draw()
            self.last_marks.draw()
            self.marks.draw()
            if self.hover_slot is not None and self.preview_for == self.hover_slot:
                self.preview.draw()
                self.dead_marks.draw()  # a dead end stays crossed out over its preview
                self.ghost_marks.draw()
        widgets.panel(*self.check_box)

    def update_marks(self) -> None:
        good, dead, other = self.slots()
        key = (
            self.selected,
            self.face,
            self.rotation,
            frozenset(good),
            frozenset(dead),
            frozenset(other),
            self.hover_slot,
        )
        if key == self.marks_key:
            return
        self.marks_key = key
        self.marks, self.dead_marks = slot_marks(good, dead, other)
        build_hover_preview(self, fits=good | dead)

    # --- input -----------------------------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        if self.session.state.phase != "layout":
            self.session.show(self.win)
            return
        computing = self.legal_places() is None or self.dead_ends() is None
        if computing != self.computing:
            self.computing = computing
            self.marks_key = None
            if not computing:
                if self.message == i18n.t("layout.computing"):
                    self.message = ""
                self.rebuild()
            elif not self.message:
                self.set_message(i18n.t("layout.computing"))
        if not computing and self.selected is not None and not self.slots()[0]:
            hint = nowhere(self)
            if hint and not self.message:
                self.set_message(hint)
        if self.reason_for is not None and self.reason_for == self.hover_slot:
            self.explain(self.reason_for)  # the foresight's answer may be back
        if self.dealing:
            self.deal_wait -= delta_time
            if self.deal_wait <= 0:
                self.deal_step()

    @property
    def busy(self) -> bool:  # type: ignore[override]
        return self.dealing  # "deal the rest" places every sector, bots' turns included

    def may_deal(self) -> bool:
        """Whether this window may place for the seat to act: a seat of its own, or a bot it
        plays (in a network game the other seats place on their own machines, TURN-4)."""
        session = self.session
        current = session.state.current_player
        return current in session.humans or (session.plays_bots and session.is_bot(current))

    def deal_step(self) -> None:
        """ "Deal the rest": one completable placement per step, through ``apply``; it stops
        with a word when the seat to act is not this window's."""
        session = self.session
        if not self.may_deal():
            self.dealing = False
            self.set_message(i18n.t("layout.deal_not_yours"))
            return
        legal = session.legal()
        if legal is None:
            return
        pick = deal_choice(session.state.zone, legal, session.spec.seed)
        try:
            session.act(pick, dealt=True)  # the log says "dealt", not who placed it
        except IllegalAction as refused:  # a host that refused it: nothing changed
            self.dealing = False
            self.set_message(str(refused))
            return
        self.deal_wait = 0.0 if self.win.headless_fast else 0.15 / self.app.settings.animation_speed
        if session.state.phase != "layout":
            self.dealing = False
        session.show(self.win)

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        if not self.camera.inside(x, y):
            self.hover_slot = None
            return
        slot, _local = slot_of(self.camera.hex_at(x, y, HEX))
        if slot != self.hover_slot:
            self.hover_slot = slot
            self.explain(slot)

    def explain(self, slot: Slot) -> None:
        self.set_message(slot_words(self, slot))

    def refresh_hint(self) -> None:
        """After R or F: the words for the hovered slot, or (the mouse off the map) which turn
        or face would fit, at once (TURN-4)."""
        self.marks_key = None
        if self.hover_slot is not None:
            self.explain(self.hover_slot)
        elif not self.computing and self.legal_places() is not None:
            self.set_message("" if self.slots()[0] else nowhere(self))

    def set_message(self, text: str) -> None:
        self.message = text
        if hasattr(self, "status"):
            self.fit_status(text)

    def fit_status(self, text: str) -> None:
        """The status line shows ``text`` whole: one line, smaller if need be, else wrapped."""
        room = self.window.width - self.tray_w - theme.px(32)
        shown, size = text_fit.fit_lines(text, room, 13, lines=1)
        self.status.font_size = theme.px(size)
        self.status.text = shown

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        if x < self.tray_w:
            self.tray_click(x, y, button)
            return
        if not self.camera.inside(x, y):
            return
        if button == arcade.MOUSE_BUTTON_RIGHT:
            self.flip()
            return
        self.drag.press(x, y)

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        self.drag.drag(x, y, dx, dy)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        if not self.drag.release() or button != arcade.MOUSE_BUTTON_LEFT or self.session.is_bot():
            return
        slot, _local = slot_of(self.camera.hex_at(x, y, HEX))
        self.place(slot)

    def place(self, slot: Slot) -> None:
        good, dead, _other = self.slots()
        action = self.current_placement(slot)
        if action is None or self.dealing or self.confirming:
            return
        if self.legal_places() is None:
            self.set_message(i18n.t("layout_help.still_checking"))  # never queued: no stale click
            return
        if slot in good and self.dead_ends() is None:
            self.set_message(i18n.t("layout.computing"))  # foresight not back yet: a moment
            return
        if slot in good:
            self.session.act(action)
            self.message = ""
            self.session.show(self.win)
        elif slot in dead:
            reason = self.reason(slot)
            if reason is None:
                self.reason_for = slot
                self.set_message(i18n.t("layout.computing"))
            else:
                self.set_message(i18n.t("foresight.refused", reason=reason))

    def tray_click(self, x: float, y: float, button: int) -> None:
        picked = tray_hit(self, x, y)
        if picked is None:
            return
        placeable = self.placeable()
        if placeable and picked[0] not in placeable:
            self.set_message(i18n.t("layout.not_now"))
            return
        self.selected, self.face = picked
        self.marks_key = None

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        if scroll_y:
            self.turn(1 if scroll_y > 0 else -1)

    def on_hotkey(self, symbol: int, modifiers: int) -> bool | None:
        keys = arcade.key
        if self.confirming:
            if symbol in (keys.ENTER, keys.RETURN, keys.NUM_ENTER, keys.Y):
                self.confirm_deal()
            elif symbol == keys.ESCAPE:
                self.cancel_deal()
            return True  # the question waits for its answer
        if symbol == keys.R:
            self.turn(-1 if modifiers & keys.MOD_SHIFT else 1)
        elif symbol == keys.F:
            self.flip()
        elif symbol == keys.U or (symbol == keys.Z and modifiers & keys.MOD_CTRL):
            if self.session.seated():
                self.undo()
        elif symbol == keys.D:
            if self.session.seated():
                self.deal_rest()
        elif self.camera_key(symbol, 60):
            pass
        elif symbol == keys.TAB:
            self.next_sector()
        else:
            return None
        return True

    def turn(self, steps: int) -> None:
        self.rotation = (self.rotation + steps) % 6
        self.refresh_hint()

    def flip(self) -> None:
        self.face = "b" if self.face == "a" else "a"
        self.rebuild_tray_highlight()
        self.refresh_hint()

    def rebuild_tray_highlight(self) -> None:
        self.marks_key = None

    def next_sector(self) -> None:
        choices = sorted(self.placeable()) or self.remaining()
        if choices:
            index = choices.index(self.selected) + 1 if self.selected in choices else 0
            self.selected = choices[index % len(choices)]
            self.marks_key = None

    def undo(self) -> None:
        """Take the last placement back (engine.game.undo: not a bot's, TURN-2); the sector
        taken back is the one in hand then, turned and flipped as it lay."""
        if self.dealing:
            return
        verdict = self.session.undo_check()
        if not verdict:
            self.set_message(verdict.reason)
            return
        last = self.session.actions[-1] if self.session.actions else None
        self.session.undo()
        if isinstance(last, PlaceSector):
            self.selected, self.face, self.rotation = last.sector, last.face, last.rotation
            self.marks_key = None
        self.session.show(self.win, handover=False)
        self.state_changed()

    def deal_rest(self) -> None:
        """Ask first: the remaining sectors go down at random, the placed ones stay (TURN-4);
        refused politely when the seat to act is not this window's."""
        if not self.may_deal():
            self.set_message(i18n.t("layout.deal_not_yours"))
            return
        if len(self.zone.placements) < len(self.sectors) and not self.dealing:
            self.confirming = True
            self.rebuild()

    def on_escape(self) -> None:
        if self.confirming:
            self.cancel_deal()
        else:
            super().on_escape()

    def confirm_deal(self) -> None:
        self.confirming = False
        if len(self.zone.placements) < len(self.sectors):
            self.dealing = True
        self.rebuild()

    def cancel_deal(self) -> None:
        self.confirming = False
        self.rebuild()
