"""The stalker card and backpack (EQ-1 … EQ-10, ST-1): slots, backpack, live stats, and
everything else the stalker owns (trophies, orders, held event, Elements, loot: holdings).

Click a card to move it (slot → backpack, backpack → its slot), or drag it across. Modifiers that
do not fit the active weapon are drawn inactive with the reason (``loadout.inactive_mods``,
EQ-4); attack, defence and movement come from ``loadout.derive`` and change at once, with a
preview of what a card would change while the mouse is over it. During a fight, on another
player's turn or for a bot, the card is shown but locked, with the reason (EQ-2, EQ-8). A
backpack card the engine would not put in its slot is greyed and says why (F1: its rule).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from functools import partial

import arcade

from stalkerzone.client.app.base_view import BaseView
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.render import shapes as widgets
from stalkerzone.client.render.card_face import CardFace
from stalkerzone.client.render.card_thumbs import CardTiles, FaceLook
from stalkerzone.client.render.fonts import FONT
from stalkerzone.client.screens.stalker import holdings, presenter
from stalkerzone.client.screens.stalker.presenter import Tile
from stalkerzone.client.screens.stats import player_stats
from stalkerzone.client.text.card_words import Refusal, card_name, t
from stalkerzone.client.text.rules_sections import rule_tip
from stalkerzone.client.widgets import text_fit, theme
from stalkerzone.client.widgets.disabled_reasons import Why, why_not
from stalkerzone.client.widgets.hits import Hit
from stalkerzone.client.widgets.screen_frame import ScreenFrame
from stalkerzone.engine.core import StalkerStats
from stalkerzone.engine.play import Activate, GameState, PlayerState, Stash

__all__ = ["StalkerView"]

OWNED_TILE = 56
"""A trophy's or an order's tile (UI units): tall enough for a note over two lines at the
notes' size (what an order asks, ORDER-1), never one line shrunk or cut."""


def owned_grid(wide: list[bool], rows: int) -> tuple[list[tuple[int, int, int]], tuple[int, int]]:
    """The row, column and span (1 or 2 columns) of each holding shown in ``rows`` rows of two
    columns, in order (a ``wide`` one, an order whose note is a sentence, takes a whole row), and
    the cell after the last one shown, where "n more" goes when not all fit."""
    cells: list[tuple[int, int, int]] = []
    row = column = 0
    for is_wide in wide:
        span = 2 if is_wide else 1
        at_row, at_column = (row + 1, 0) if is_wide and column else (row, column)
        if at_row >= rows:  # (row, column) stays the first free cell
            break
        cells.append((at_row, at_column, span))
        row, column = (at_row + 1, 0) if at_column + span >= 2 else (at_row, at_column + span)
    if len(cells) < len(wide) and row >= rows and cells:  # the last cell gives way to "more"
        row, column, _span = cells.pop()
    return cells, (row, column)


@dataclass
class Drag:
    """A card pressed on: where it was (a slot or the pack) and whether it has moved yet."""

    instance: str
    where: str  # "slot" | "pack"
    x: float
    y: float
    name: str
    moving: bool = False


class StalkerView(ScreenFrame):
    kind = "stalker"
    rules_section = "EQ-1"
    still_cached = True

    def __init__(
        self, window: StalkerWindow, back: BaseView | None = None, player: int | None = None
    ) -> None:
        super().__init__(window, back)
        self.player_index = player
        self.faces: list[tuple[CardFace, str, str]] = []  # face, instance, "slot" | "pack"
        self.tiles = CardTiles(self.app.thumbnails())  # every card face of the screen
        self.drag: Drag | None = None
        self.ghost: arcade.Text | None = None
        self.pack_scroll = 0
        self.slots_box = (0.0, 0.0, 0.0, 0.0)
        self.pack_box = (0.0, 0.0, 0.0, 0.0)
        self.owned_box = (0.0, 0.0, 0.0, 0.0)
        self.owned_faces: list[CardFace] = []
        session = self.session
        self.opened_over = None if session is None else session.screen_kind()

    # reading ---------------------------------------------------------------------------------
    @property
    def state(self) -> GameState | None:
        session = self.session
        return None if session is None else session.view

    def index(self) -> int:
        state = self.state
        if self.player_index is not None:
            return self.player_index
        return int(state.current_player) if state is not None else 0

    def lock(self) -> presenter.Lock:
        session = self.session
        bot = bool(session is not None and session.is_bot(self.index()))
        return presenter.lock(self.state, self.index(), bot)

    def lock_reason(self) -> str:
        """Why cards cannot be moved now ("" if they can): EQ-2, EQ-8."""
        return self.lock().reason

    # layout ----------------------------------------------------------------------------------
    def build(self) -> None:
        self.faces = []
        state = self.state
        w, h = self.window.width, self.window.height
        px = theme.px
        if state is None:
            self.header(t("stalker.title"))
            self.label(t("stalker.locked_nogame"), px(24), h / 2, 16, theme.TEXT_DIM)
            return
        player = state.players[self.index()]
        self.header(presenter.title(state, player), t("stalker.hint"))
        split = int(w * 0.62)
        top = h - px(78)
        middle = px(64) + (top - px(64)) * 0.5
        self.slots_box = (px(16), split - px(8), px(64), top)
        self.pack_box = (split + px(8), w - px(16), middle + px(4), top)
        self.owned_box = (split + px(8), w - px(16), px(64), middle - px(4))
        stats = player_stats(state, player)
        self.build_stats(state, player, stats, top)
        lock = self.lock()
        self.build_slots(state, player, top - px(120), bool(lock.reason))
        self.build_backpack(state, player, bool(lock.reason))
        self.build_owned(state, player)
        reason = lock.reason
        if reason:
            self.label(
                reason,
                px(24),
                px(40),
                13,
                theme.WARN,
                anchor_y="center",
                width=int(w * 0.6),
                multiline=False,
            )
            self.hits.add(
                Hit(
                    px(16),
                    px(26),
                    w * 0.62,
                    px(54),
                    "lock",
                    partial(self.win.open_rules, self, lock.rule),
                    rule_tip(lock.rule),
                )
            )
        else:
            self.refusal_line(px(24), px(24), w - px(48))

    def build_stats(
        self, state: GameState, player: PlayerState, stats: StalkerStats, top: float
    ) -> None:
        px = theme.px
        left = self.slots_box[0] + px(14)
        lines = presenter.stat_lines(state, player, stats)
        y = top - px(26)
        span = self.slots_box[1] - self.slots_box[0] - px(28)
        names = [name for name, _value, _rule in lines.entries] + [t("stalker.health")]
        values = [value for _name, value, _rule in lines.entries] + [lines.health]
        needs = [
            max(text_fit.text_width(name, 11), text_fit.text_width(value, 19, bold=True)) + px(18)
            for name, value in zip(names, values, strict=True)
        ]
        needs[0] = max(needs[0], text_fit.text_width(lines.one_die, 11) + px(18))
        needs[3] = max(needs[3], px(150))  # the health bar
        starts = presenter.stat_columns(needs, span)
        ends = [*starts[1:], span]
        for k, (name, value, rule) in enumerate(lines.entries):
            x = left + starts[k]
            col = ends[k] - starts[k]
            size = text_fit.fitting_size(name, col - px(12), 11)
            self.label(text_fit.cut_to(name, col - px(12), size), x, y, size, theme.TEXT_DIM)
            self.label(value, x, y - px(26), 19, theme.TEXT, bold=True)
            if k == 0 and lines.one_die:
                self.label(lines.one_die, x, y - px(44), 11, theme.ACCENT)
            self.hits.add(
                Hit(
                    x,
                    y - px(32),
                    x + col - px(10),
                    y + px(12),
                    f"stat:{rule}",
                    None,
                    rule_tip(rule),
                )
            )
        x = left + starts[3]
        size = text_fit.fitting_size(names[3], span - starts[3], 11)
        self.label(names[3], x, y, size, theme.TEXT_DIM)
        self.label(lines.health, x, y - px(26), 19, theme.TEXT, bold=True)
        self.health_bar = (x, y - px(40), px(150), px(6), lines.health_fraction)
        self.label(lines.extra, left, y - px(66), 12, theme.TEXT)
        words = self.preview(state, player, stats)
        self.preview_text = self.label(words or " ", left, y - px(88), 12, theme.ACCENT)

    def preview(self, state: GameState, player: PlayerState, stats: StalkerStats) -> str:
        """What moving the hovered (or dragged) card would change."""
        target = self.drag.instance if self.drag else None
        where = self.drag.where if self.drag else None
        if target is None and self.hover is not None and isinstance(self.hover.key, tuple):
            _kind, target, where = self.hover.key
        if target is None:
            return ""
        return presenter.preview(state, player, stats, target, str(where))

    def build_slots(self, state: GameState, player: PlayerState, top: float, locked: bool) -> None:
        px = theme.px
        left, right, bottom, _ = self.slots_box
        left += px(14)
        width = right - left - px(14)
        rows = 5
        gap = px(8)
        label_h = px(18)
        row_h = min(px(94), (top - bottom - px(10)) / rows)
        tile_h = max(px(34), min(px(64), row_h - label_h - px(4)))
        y = top
        # row 1: the four single slots
        col_w = (width - 3 * gap) / 4
        for k, row in enumerate(presenter.single_slots(state, player, locked)):
            x = left + k * (col_w + gap)
            self.label(row.label, x, y - px(14), 11, theme.TEXT_DIM, bold=True)
            tile = row.tiles[0] if row.tiles else None
            self.slot_tile(tile, x, y - label_h - tile_h, col_w, tile_h)
        y -= row_h
        tile_w = (width - 3 * gap) / 4
        self.character_card(state, player, left + 3 * (tile_w + gap), y - px(6), tile_w, bottom)
        for row in presenter.multi_slots(state, player, locked, width=3):
            self.label(row.label, left, y - px(14), 11, theme.TEXT_DIM, bold=True)
            units = 0
            for tile in row.tiles:
                x = left + units * (tile_w + gap)
                w = tile_w * tile.units + gap * (tile.units - 1)
                self.slot_tile(tile, x, y - label_h - tile_h, w, tile_h)
                units += tile.units
            if row.more:
                x = left + units * (tile_w + gap)
                self.label(
                    t("stalker.more", n=row.more),
                    x + px(10),
                    y - label_h - tile_h / 2,
                    12,
                    theme.TEXT_DIM,
                    anchor_y="center",
                )
            if not row.tiles and not row.more:
                self.empty_tile(left, y - label_h - tile_h, tile_w, tile_h)
            y -= row_h

    def character_card(
        self, state: GameState, player: PlayerState, x: float, top: float, w: float, bottom: float
    ) -> None:
        """The stalker's own card (ST-3: portrait, name, bonus) beside the multi-card slots."""
        px = theme.px
        h = min(top - bottom - px(12), w * theme.CARD_RATIO * 1.1)
        if h < px(120):
            return
        card = state.cards.get(player.stalker)
        self.tiles.add(card, x, top - h, w, h)
        tip = presenter.card_tip(card, "", "", True)
        self.hits.add(Hit(x, top - h, x + w, top, f"stalker:{card.id}", None, tip))

    def slot_tile(self, tile: Tile | None, x: float, y: float, w: float, h: float) -> None:
        if tile is None:
            self.empty_tile(x, y, w, h)
            return
        look = FaceLook(compact=True, dim=tile.dim, count=tile.count, note=tile.note)
        face = self.tiles.add(tile.card, x, y, w, h, look)
        self.faces.append((face, tile.instance, "slot"))
        self.hits.add(Hit(x, y, x + w, y + h, ("card", tile.instance, "slot"), None, tile.tip))

    def empty_tile(self, x: float, y: float, w: float, h: float) -> None:
        self._empties.append((x, y, w, h))

    def build_backpack(self, state: GameState, player: PlayerState, locked: bool) -> None:
        px = theme.px
        left, right, bottom, top = self.pack_box
        self.label(
            t("stalker.backpack", n=len(player.backpack)),
            left + px(14),
            top - px(26),
            15,
            bold=True,
        )
        self.label(t("stalker.backpack_hint"), left + px(14), top - px(46), 11, theme.TEXT_DIM)
        gap = px(8)
        cols = 2
        tile_w = (right - left - px(28) - gap) / cols
        tile_h = px(62)
        area_top = top - px(60)
        rows = max(1, int((area_top - bottom - px(10)) // (tile_h + gap)))
        per_page = rows * cols
        items = presenter.backpack(state, player, locked)
        self.pack_scroll = max(0, min(self.pack_scroll, max(0, len(items) - per_page)))
        visible = items[self.pack_scroll : self.pack_scroll + per_page]
        for k, tile in enumerate(visible):
            r, c = divmod(k, cols)
            x = left + px(14) + c * (tile_w + gap)
            y = area_top - (r + 1) * (tile_h + gap) + gap
            why = None if locked else self.refused(state, Activate(tile.instance))
            dim = why is not None  # greyed: a click would be refused
            face = self.tiles.add(
                tile.card, x, y, tile_w, tile_h, FaceLook(compact=True, note=tile.note, dim=dim)
            )
            self.faces.append((face, tile.instance, "pack"))
            key = ("card", tile.instance, "pack")
            tip = tile.tip if why is None else f"{tile.tip}\n{why.tip()}"
            rule = why.rule if why is not None else ""
            self.hits.add(Hit(x, y, x + tile_w, y + tile_h, key, None, tip, rule))
        if not items:
            self.label(
                t("stalker.backpack_empty"), left + px(14), area_top - px(30), 12, theme.TEXT_DIM
            )
        if len(items) > per_page:
            shown_to = self.pack_scroll + len(visible)
            self.label(
                t("stalker.scroll", a=self.pack_scroll + 1, b=shown_to, n=len(items)),
                right - px(14),
                bottom + px(10),
                11,
                theme.TEXT_DIM,
                anchor_x="right",
            )

    def build_owned(self, state: GameState, player: PlayerState) -> None:
        """Trophies with their colour, open orders with what each needs, the held event
        (TROPHY-1, ORDER-1, EVENT-1), Elements (WIN-1), one's loot (DEATH-2) and what was
        received last: the gained cards and where they went (EQ-10), a trophy."""
        px = theme.px
        left, right, bottom, top = self.owned_box
        elements = holdings.elements_line(state, player)
        room = right - left - px(34) - text_fit.text_width(elements, 13, bold=True)
        title = t("owned.title")
        size = text_fit.fitting_size(title, room, 14, bold=True)
        self.label(
            text_fit.cut_to(title, room, size, bold=True),
            left + px(14),
            top - px(24),
            size,
            bold=True,
        )
        self.label(
            elements,
            right - px(14),
            top - px(24),
            13,
            theme.ACCENT,
            bold=True,
            anchor_x="right",
        )
        session = self.session
        log = session.log if session is not None else []
        notes = holdings.loot_lines(state, self.index())
        gained = holdings.gained_lines(log, state, player)
        if gained:
            notes.append(t("owned.gained") + " " + "; ".join(gained))
        words = "\n".join(notes)
        foot = bottom + px(8)
        if words:
            text = self.label(
                words,
                left + px(14),
                foot,
                10,
                theme.TEXT_DIM,
                anchor_y="bottom",
                width=int(right - left - px(28)),
                multiline=True,
            )
            foot += text.content_height + px(6)
        gap = px(8)
        tile_w = (right - left - px(28) - gap) / 2
        tile_h = px(OWNED_TILE)
        area_top = top - px(36)
        rows = max(1, int((area_top - foot) // (tile_h + gap)))
        items = holdings.holdings(state, player, self.app.settings.colour_blind_symbols)
        if not items:
            self.label(
                t("owned.none"),
                left + px(14),
                area_top - px(12),
                12,
                theme.TEXT_DIM,
                anchor_y="top",
                width=int(right - left - px(28)),
                multiline=True,
            )
        cells, (r, c) = owned_grid([item.kind == "order" for item in items], rows)
        for item, (row, column, span) in zip(items, cells, strict=False):
            x = left + px(14) + column * (tile_w + gap)
            y = area_top - (row + 1) * (tile_h + gap) + gap
            w = tile_w * span + gap * (span - 1)
            look = FaceLook(colour=item.colour, compact=True, note=item.note)
            self.owned_faces.append(self.tiles.add(item.card, x, y, w, tile_h, look))
            tip = presenter.card_tip(item.card, item.note, "", True)
            self.hits.add(Hit(x, y, x + w, y + tile_h, f"owned:{item.instance}", None, tip))
        if len(cells) < len(items):
            self.label(
                t("stalker.more", n=len(items) - len(cells)),
                left + px(24) + c * (tile_w + gap),
                area_top - r * (tile_h + gap) - tile_h / 2,
                12,
                theme.TEXT_DIM,
                anchor_y="center",
            )

    def rebuild(self) -> None:
        self.owned_faces = []
        self.tiles.clear()
        self._empties: list[tuple[float, float, float, float]] = []
        super().rebuild()

    # drawing ---------------------------------------------------------------------------------
    def still_state(self) -> Hashable:
        """Also a dragged card: the panel it would land in lights up, its name follows the
        mouse."""
        drag = self.drag
        if drag is None:
            return super().still_state()
        return (super().still_state(), drag.where, drag.moving, self.mouse if drag.moving else None)

    def draw_scene(self) -> None:
        if self.state is None:
            return
        widgets.panel(*self.slots_box)
        widgets.panel(*self.pack_box, light=self.drag is not None and self.drag.where == "slot")
        widgets.panel(*self.owned_box)
        if self.drag is not None and self.drag.where == "pack":
            lf, r, b, tp = self.slots_box
            arcade.draw_lrbt_rectangle_outline(lf, r, b, tp, theme.ACCENT, 2)
        bar = getattr(self, "health_bar", None)
        if bar is not None:
            widgets.bar(bar[0], bar[1], bar[2], bar[3], bar[4], theme.GOOD)
        for x, y, w, h in self._empties:
            arcade.draw_lrbt_rectangle_outline(x, x + w, y, y + h, theme.PANEL_EDGE, 1)
        self.tiles.draw()
        hover = self.hover
        if hover is not None and isinstance(hover.key, tuple) and not self.lock_reason():
            arcade.draw_lrbt_rectangle_outline(
                hover.left - 2, hover.right + 2, hover.bottom - 2, hover.top + 2, theme.ACCENT, 2
            )

    def draw_over(self) -> None:
        if self.drag is not None and self.drag.moving:
            x, y = self.mouse
            px = theme.px
            w, h = px(200), px(40)
            arcade.draw_lrbt_rectangle_filled(
                x - w / 2, x + w / 2, y - h / 2, y + h / 2, theme.PANEL_LIGHT
            )
            arcade.draw_lrbt_rectangle_outline(
                x - w / 2, x + w / 2, y - h / 2, y + h / 2, theme.ACCENT, 2
            )
            if self.ghost is None:
                self.ghost = arcade.Text(
                    self.drag.name,
                    0,
                    0,
                    theme.TEXT,
                    px(12),
                    font_name=FONT,
                    anchor_x="center",
                    anchor_y="center",
                )
            self.ghost.x, self.ghost.y = x, y
            self.ghost.draw()
            return
        super().draw_over()

    # input -----------------------------------------------------------------------------------
    def hover_changed(self) -> None:
        """Only the preview line changes with the mouse (no rebuild: texts are costly)."""
        state = self.state
        text = getattr(self, "preview_text", None)
        if state is None or text is None:
            return
        player = state.players[self.index()]
        words = self.preview(state, player, player_stats(state, player)) or " "
        if text.text != words:
            text.text = words

    def rebuild_keep_hover(self) -> None:
        hover, mouse = self.hover, self.mouse
        self.rebuild()
        self.hover = self.hits.at(*mouse) if hover is not None else None

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.mouse = (x, y)
        hit = self.hits.at(x, y)
        if hit is None or not isinstance(hit.key, tuple):
            super().on_mouse_press(x, y, button, modifiers)
            return
        _kind, instance, where = hit.key
        name = card_name(self.state.card(instance)) if self.state is not None else ""
        self.drag = Drag(instance, where, x, y, name)
        self.ghost = None

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        self.mouse = (x, y)
        if self.drag is not None and not self.drag.moving:
            self.hover_changed()
        drag = self.drag
        if drag is not None and abs(x - drag.x) + abs(y - drag.y) > theme.px(8):
            drag.moving = True

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.mouse = (x, y)
        drag, self.drag = self.drag, None
        self.ghost = None
        if drag is None:
            return
        instance, where = drag.instance, drag.where
        if drag.moving:
            target = self.drop_target(x, y)
            if target is None or target == where:
                self.rebuild_keep_hover()
                return
        self.move_card(instance, where)

    def drop_target(self, x: float, y: float) -> str | None:
        for name, box in (("slot", self.slots_box), ("pack", self.pack_box)):
            lf, r, b, tp = box
            if lf <= x <= r and b <= y <= tp:
                return name
        return None

    def refused(self, state: GameState, action: Activate) -> Why | None:
        """Why the engine would refuse ``action`` now (None: it would take it)."""
        legal = self.session.legal() if self.session is not None else None
        return why_not(state, legal, action)

    def move_card(self, instance: str, where: str) -> None:
        """Click or drop: slot → backpack (Stash), backpack → slot (Activate)."""
        lock = self.lock()
        if lock.reason:
            self.refusal = Refusal(f"{lock.rule}: {lock.reason}", lock.rule)
            self.rebuild()
            return
        action = Stash(instance) if where == "slot" else Activate(instance)
        self.act(action)
        self.rebuild_keep_hover()

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        lf, r, b, tp = self.pack_box
        if lf <= x <= r and b <= y <= tp:
            step = -2 if scroll_y > 0 else 2
            self.pack_scroll = max(0, self.pack_scroll + step)
            self.rebuild()

    def follows(self, kind: str) -> bool:
        """The card follows the state while it calls for the screen the card was opened over
        (a bot's move on the board, the host's next view); another screen replaces it."""
        return kind == self.opened_over

    def state_changed(self) -> None:
        self.rebuild()
