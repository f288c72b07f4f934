"""Bases: the Village, the Military Base and the Laboratory (BASE-1 … BASE-3, TROPHY-2, ORDER-1).

Four tabs: Buy (the base's catalogue with prices and what each card would do to attack, defence
and movement), Sell (equipment at price // divisor, artifacts and trophies at card price), Heal
and Orders (take, deliver, give up, progress). A base above the player's reputation is shown
locked with the reason. Every action goes through ``session.act``; a refusal shows the engine's
message with a link to its rule.
"""

from __future__ import annotations

from functools import partial

import arcade

from stalkerzone.client.app.base_view import BaseView
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.render import shapes as widgets
from stalkerzone.client.render.card_thumbs import CardTiles
from stalkerzone.client.screens.bases import presenter
from stalkerzone.client.screens.bases.places import keep_places
from stalkerzone.client.screens.bases.presenter import TABS, CardRow
from stalkerzone.client.screens.bases.questions import sale_question
from stalkerzone.client.screens.bases.rows import card_rows
from stalkerzone.client.screens.board.commits import take_back, undo_why
from stalkerzone.client.screens.screen_hints import add_base_hint
from stalkerzone.client.screens.stats import player_stats
from stalkerzone.client.text import i18n
from stalkerzone.client.text.card_words import Refusal, site_name, t
from stalkerzone.client.widgets import text_fit, theme
from stalkerzone.client.widgets.confirm_box import Confirm, answer_key
from stalkerzone.client.widgets.disabled_reasons import Why
from stalkerzone.client.widgets.screen_frame import ScreenFrame
from stalkerzone.client.widgets.scrolling import ScrollBar, scroll_bar
from stalkerzone.engine.core import Site, StalkerStats
from stalkerzone.engine.play import Action, GameState, PlayerState
from stalkerzone.engine.turn import bases

WIDE_CARD_RATIO = 1.15
"""The stalker's card at the side may be this little higher than wide when the panel is low."""


class BaseScreen(ScreenFrame):
    kind = "base"
    rules_section = "BASE-1"
    still_cached = True

    def __init__(
        self, window: StalkerWindow, back: BaseView | None = None, tab: str = "buy"
    ) -> None:
        super().__init__(window, back)
        add_base_hint(self)  # H: what the bot would do here, its row highlighted
        self.tab = tab if tab in TABS else "buy"
        self.scroll = 0
        self.scrollbar: ScrollBar | None = None
        self.paged_keys: list[str] = []  # the keys of the scrolled list's rows, all of them
        self.paged_rows = 1  # how many of them show at once
        self.hint_scrolled_to = ""  # the bot hint's row the list was last scrolled to
        self.tiles = CardTiles(self.app.thumbnails())  # the rows' card faces
        self.row_boxes: list[tuple[float, float, float, float]] = []
        self.greyed: list[tuple[float, float, float, float]] = []  # sold-out rows' boxes
        self.list_box = (0.0, 0.0, 0.0, 0.0)
        self.side_box = (0.0, 0.0, 0.0, 0.0)
        self.lock_box: tuple[float, float, float, float] | None = None
        self.previews: dict[str, str] = {}
        self.tile_w = 290
        self.read_only = False  # True while a bot or a remote player trades here: shown only
        session = self.session
        self.opened_over = None if session is None else session.screen_kind()
        self.question: Confirm | None = None  # asked before selling the last weapon
        # ORDER-1, BASE-2: the lists as last drawn during this stay at the base, by name (rows
        # keep their places), and the stay they belong to
        self.kept_lists: tuple[object, dict[str, list[CardRow]]] = (None, {})

    @property
    def state(self) -> GameState | None:
        session = self.session
        return None if session is None else session.view

    def site(self) -> Site | None:
        return presenter.site_here(self.state)

    def legal(self) -> tuple[Action, ...] | None:
        """``legal_actions`` of the state (None while computed off the frame)."""
        session = self.session
        return None if session is None else session.legal()

    # layout ----------------------------------------------------------------------------------
    def build(self) -> None:
        self.row_boxes, self.previews, self.greyed = [], {}, []
        self.tiles.clear()
        self.lock_box = None
        session = self.session
        self.read_only = session is not None and session.bot_is_acting()  # a bot or remote seat
        self.scrollbar = None
        w, h = self.window.width, self.window.height
        px = theme.px
        state = self.state
        site = self.site()
        if state is None or site is None:
            self.header(t("base.title"))
            self.label(t("base.no_base"), px(24), h / 2, 16, theme.TEXT_DIM)
            return
        player = state.player
        stats = player_stats(state, player)
        self.header(
            site_name(site),
            t(
                "base.subtitle",
                cash=player.cash,
                health=player.health,
                max=stats.max_health,
                rep=player.reputation,
            ),
        )
        refusal = bases.trade_refusal(state)
        split = int(w * 0.70)
        top = h - px(132)
        self.list_box = (px(16), split - px(8), px(64), top)
        self.side_box = (split + px(8), w - px(16), px(64), top)
        self.build_side(state, player, stats)
        if refusal is not None and refusal[0] == "BASE-1":
            self.build_locked(state, site, player)
            return
        x = px(16)
        tab_w = min(150.0, (split - px(16) - px(190) - 3 * px(8)) / 4 / theme.scale())
        self.tile_w = min(px(290), int((split - px(48)) * 0.34))
        for tab in TABS:
            self.button(
                t(f"base.tab_{tab}"),
                partial(self.set_tab, tab),
                width=tab_w,
                height=40,
                size=14,
                x=x,
                y=h - px(122),
                add=True,
                primary=self.tab == tab,
            )
            x += px(tab_w) + px(8)
        self.button(
            t("base.backpack"),
            self.open_backpack,
            width=170,
            height=40,
            size=13,
            x=split - px(8) - px(170),
            y=h - px(122),
            add=True,
        )
        if refusal is not None and self.refusal is None:
            error = bases.trade_refusal_error(state)
            if error is not None:
                self.refusal = Refusal.of(error, state.cards)
        getattr(self, f"build_{self.tab}")(state, site, stats)
        if self.read_only and session is not None:  # a bot's trade is watched, not played
            remote = session.is_remote(state.current_player)
            watch = t("network.remote_watch" if remote else "flow.bot_watch")
            self.refusal, self.info = None, f"{session.bot_activity()} · {watch}"
        else:
            self.undo_button()
        self.refusal_line(px(24), px(20), w - px(48))
        if self.question is not None:  # over the base, dimmed and not reacting under it
            self.question.build(self, self.answer)

    def undo_button(self) -> None:
        """Undo, left of Back and "?" at the top right (TURN-2: a purchase is taken back like
        any action; off, it says why under the mouse)."""
        px = theme.px
        self.button(
            t("undo_play.button"),
            self.undo,
            width=130,
            height=40,
            size=13,
            x=self.window.width - px(16 + 44 + 10 + 130 + 10 + 130),
            y=self.window.height - px(16 + 40),
            add=True,
            why=None if self.read_only or self.session is None else undo_why(self.session),
        )

    def build_side(self, state: GameState, player: PlayerState, stats: StalkerStats) -> None:
        px = theme.px
        left, _right, _bottom, top = self.side_box
        x, y = left + px(14), top - px(28)
        # another's trade (a bot, a remote player) names its stalker, not "Your stalker"
        name = i18n.player_name(player.name)
        title = t("network.trader_stalker", name=name) if self.read_only else None
        self.label(title or t("base.your_stalker"), x, y, 15, bold=True)
        lines = presenter.side_lines(player, stats)
        # the numbers in two columns when both fit side by side (more room for the card)
        inner = self.side_box[1] - x - px(14)
        rows = (len(lines) + 1) // 2
        columns = [lines[:rows], lines[rows:]]
        names = [max(text_fit.text_width(n, 12) for n, _v in c) + px(10) for c in columns]
        values = [max(text_fit.text_width(v, 14, bold=True) for _n, v in c) for c in columns]
        paired = sum(names) + sum(values) + px(20) <= inner
        if not paired:
            rows, names = len(lines), [px(132)]
        for k, (name, value) in enumerate(lines):
            column, row = divmod(k, rows)
            xx = x + column * (names[0] + values[0] + px(20))
            yy = y - px(34) - row * px(26)
            self.label(name, xx, yy, 12, theme.TEXT_DIM)
            self.label(value, xx + names[column], yy, 14, theme.TEXT, bold=True)
        lines = lines[:rows]  # the rows the numbers take
        # the character's own card (ST-3), as large as the room between the numbers and the
        # foot note allows, centred in the panel
        note = state.step == "move" and bases.trade_refusal(state) is None
        foot = px(108 if note else 76)
        room = top - px(62) - len(lines) * px(26) - foot
        cw = min(self.side_box[1] - x - px(14), room / WIDE_CARD_RATIO)
        ch = min(room, cw * theme.CARD_RATIO)  # a low panel: a wider card, not a smaller one
        if ch >= px(150):
            cx = (self.side_box[0] + self.side_box[1] - cw) / 2
            self.tiles.add(state.cards.get(player.stalker), cx, foot + room - ch, cw, ch)
        if note:
            self.label(
                t("base.trade_ends_move"),
                x,
                px(90),
                11,
                theme.TEXT_DIM,
                width=int(self.side_box[1] - x - px(10)),
                multiline=True,
            )

    def build_locked(self, state: GameState, site: Site, player: PlayerState) -> None:
        px = theme.px
        w, h = self.window.width, self.window.height
        box = (px(60), w * 0.70 - px(60), h / 2 - px(120), h / 2 + px(120))
        self.lock_box = box
        lf, r, b, tp = box
        title, need, how = presenter.locked_lines(state, site)
        cx = (lf + r) / 2
        self.label(title, cx, tp - px(66), 22, theme.BAD, bold=True, anchor_x="center")
        self.label(need, cx, tp - px(104), 15, theme.TEXT, anchor_x="center")
        self.label(
            how,
            cx,
            tp - px(134),
            12,
            theme.TEXT_DIM,
            anchor_x="center",
            width=int(r - lf - px(40)),
            multiline=True,
            anchor_y="top",
        )
        self.button(
            t("kit.rule_link", rule="BASE-1"),
            lambda: self.win.open_rules(self, "BASE-1"),
            width=170,
            height=36,
            size=12,
            x=(lf + r) / 2 - px(85),
            y=b + px(24),
            add=True,
        )

    def kept(self, state: GameState, name: str, now: list[CardRow]) -> list[CardRow]:
        """The list ``name`` with its rows where they were last drawn during this stay at the
        base (:func:`keep_places`); the stay ends when the stalker leaves or the turn passes."""
        stay = (state.current_player, state.turn, state.player.position)
        if self.kept_lists[0] != stay:
            self.kept_lists = (stay, {})
        lists = self.kept_lists[1]
        lists[name] = keep_places(state, lists.get(name, []), now)
        return lists[name]

    def rows_area(self) -> tuple[float, float, float, float, int]:
        """Left, right, top of the list and how many rows of height 64 fit."""
        px = theme.px
        left, right, bottom, top = self.list_box
        rows = max(1, int((top - bottom - px(44)) // px(theme.ROW)))
        return left + px(12), right - px(12), top - px(40), bottom, rows

    def page(self, items: list[CardRow], rows: int) -> list[CardRow]:
        self.paged_keys = [item.key for item in items]
        self.paged_rows = rows
        self.scroll = max(0, min(self.scroll, max(0, len(items) - rows)))
        return items[self.scroll : self.scroll + rows]

    def scroll_to(self, index: int) -> None:
        """Scroll the list so that its row ``index`` shows (rebuilt at the next frame)."""
        if index < self.scroll:
            self.scroll = index
        elif index >= self.scroll + self.paged_rows:
            self.scroll = index - self.paged_rows + 1
        self._stale = True

    def scroll_note(self, total: int, rows: int, top: float | None = None) -> None:
        """A list longer than its rows says so: "1–5 of 10", how many more are below, and a
        scroll bar along the list's right edge (from ``top`` down, the list box's top if None)."""
        self.scrollbar = None
        if total > rows:
            px = theme.px
            _l, right, bottom, box_top = self.list_box
            note = presenter.scroll_words(self.scroll, total, rows)
            # at the top right of the list, above the rows (the bottom row may fill the foot);
            # a list under a heading of its own (the offered orders) on that heading's line
            y = top + px(12) if top is not None else box_top - px(28)
            self.label(note, right - px(14), y, 11, theme.TEXT_DIM, anchor_x="right")
            self.scrollbar = scroll_bar(
                right - px(7),
                bottom + px(24),
                top if top is not None else box_top - px(8),
                self.scroll,
                rows,
                total,
            )

        # tabs ------------------------------------------------------------------------------------

    def build_buy(self, state: GameState, site: Site, stats: StalkerStats) -> None:
        px = theme.px
        left, right, top, _bottom, rows = self.rows_area()
        self.label(t("base.buy_title", base=site_name(site)), left, top + px(12), 14, bold=True)
        catalogue = presenter.buy_rows(state, site, stats, self.legal())
        if not catalogue:
            self.label(t("base.sold_out"), left, top - px(30), 13, theme.TEXT_DIM)
        card_rows(self, self.page(catalogue, rows), top, left, right)
        self.scroll_note(len(catalogue), rows)

    def build_sell(self, state: GameState, site: Site, stats: StalkerStats) -> None:
        px = theme.px
        left, right, top, _bottom, rows = self.rows_area()
        symbols = self.app.settings.colour_blind_symbols
        items = self.kept(state, "sell", presenter.sell_rows(state, self.legal(), symbols))
        # the header ends before the scroll note (top right): smaller, else over two lines (up)
        note = presenter.scroll_words(self.scroll, len(items), rows)
        room = right - left - (text_fit.text_width(note, 11) + px(28) if note else 0)
        title, size = text_fit.fit_lines(t("base.sell_title"), room, 14, bold=True)
        self.label(
            title,
            left,
            top + px(9),
            size,
            bold=True,
            anchor_y="bottom",
            width=int(room),
            multiline=True,
        )
        if not items:
            self.label(t("base.nothing_to_sell"), left, top - px(30), 13, theme.TEXT_DIM)
        card_rows(self, self.page(items, rows), top, left, right)
        self.scroll_note(len(items), rows)

    def build_heal(self, state: GameState, site: Site, stats: StalkerStats) -> None:
        px = theme.px
        left, _right, top, _bottom, _rows = self.rows_area()
        heal = presenter.heal_page(state, stats, self.legal())
        self.label(heal.title, left, top + px(12), 14, bold=True)
        self.label(heal.state_line, left, top - px(24), 14)
        self.heal_bar = (left, top - px(50), px(420), px(12), heal.fraction)
        if heal.full:
            self.label(heal.full, left, top - px(86), 13, theme.GOOD)
            return
        x = left
        for option in heal.options:
            self.button(
                option.label,
                partial(self.do, option.action),
                width=220,
                height=42,
                size=13,
                x=x,
                y=top - px(120),
                add=True,
                primary=option.primary and not self.read_only,
                enabled=not self.read_only,
                why=Why.said(option.reason, option.rule) if option.reason else None,
            )
            x += px(232)
        self.label(heal.afford_line, left, top - px(150), 12, theme.TEXT_DIM)

    def build_orders(self, state: GameState, site: Site, stats: StalkerStats) -> None:
        px = theme.px
        left, right, top, _bottom, rows = self.rows_area()
        player = state.player
        cap = state.variant.max_open_orders
        self.label(
            t("base.orders_yours", n=len(player.open_orders), cap=cap),
            left,
            top + px(12),
            14,
            bold=True,
        )
        y = top
        legal = self.legal()
        symbols = self.app.settings.colour_blind_symbols
        yours = self.kept(state, "yours", presenter.open_order_rows(state, legal, symbols))
        if not yours:
            self.label(t("base.no_open_orders"), left, y - px(24), 12, theme.TEXT_DIM)
        card_rows(self, yours, y, left, right)
        # room for the orders held and one greyed row from the start of the visit: an order
        # taken comes below the rows shown and an order delivered greys in its row, and the
        # offered list stays where it is at a first delivery (it moved a row down at each, so
        # the Take under the mouse became another order's)
        held_rows = max(1, cap) + max(1, sum(1 for row in yours if row.gone))
        y = top - px(theme.ROW) * held_rows - px(14)
        offered = self.kept(state, "offered", presenter.offered_rows(state, site, legal, symbols))
        self.label(t("base.orders_offered", n=len(offered)), left, y - px(4), 14, bold=True)
        y -= px(16)
        room = max(1, rows - held_rows - 1)
        card_rows(self, self.page(offered, room), y, left, right)
        self.scroll_note(len(offered), room, top=y)

    # drawing ---------------------------------------------------------------------------------
    def draw_scene(self) -> None:
        if self.state is None or self.site() is None:
            return
        widgets.panel(*self.list_box)
        widgets.panel(*self.side_box)
        if self.lock_box is not None:
            widgets.panel(*self.lock_box, light=True, edge=theme.BAD)
            self.draw_lock()
            return
        for k, (lf, r, b, tp) in enumerate(self.row_boxes):
            if k % 2 == 0:
                arcade.draw_lrbt_rectangle_filled(lf - 4, r + 4, b, tp, (255, 255, 255, 10))
        self.tiles.draw()
        for lf, _r, b, tp in self.greyed:  # a sold-out card's tile, greyed
            arcade.draw_lrbt_rectangle_filled(lf, lf + self.tile_w, b, tp, (20, 22, 24, 150))
        if self.scrollbar is not None:
            track, thumb = self.scrollbar
            arcade.draw_lrbt_rectangle_filled(*track, theme.PANEL_EDGE)
            arcade.draw_lrbt_rectangle_filled(*thumb, theme.ACCENT)
        bar = getattr(self, "heal_bar", None)
        if self.tab == "heal" and bar is not None:
            widgets.bar(bar[0], bar[1], bar[2], bar[3], bar[4], theme.GOOD)
        hover = self.hover
        if hover is not None:
            arcade.draw_lrbt_rectangle_outline(
                hover.left - 3, hover.right + 3, hover.bottom - 3, hover.top + 3, theme.ACCENT, 1
            )

    def draw_lock(self) -> None:
        assert self.lock_box is not None
        lf, r, _b, tp = self.lock_box
        cx, cy = (lf + r) / 2, tp - theme.px(30)
        s = theme.px(9)
        arcade.draw_arc_outline(cx, cy + s * 0.6, s * 1.4, s * 1.8, theme.BAD, 0, 180, 3)
        arcade.draw_lrbt_rectangle_filled(cx - s, cx + s, cy - s, cy + s * 0.6, theme.BAD)

    # actions ---------------------------------------------------------------------------------
    def set_tab(self, tab: str) -> None:
        self.tab = tab
        self.scroll = 0
        self.refusal = None
        self.info = ""
        self.rebuild()

    def do(self, action: Action) -> None:
        """Trade; selling the last weapon asks first."""
        if self.read_only:  # a bot's turn: nothing here is the viewer's to do
            return
        state = self.state
        question = (
            None if state is None else sale_question(state, action, partial(self.commit, action))
        )
        if question is not None:
            self.question = question
            self.rebuild()
            return
        self.commit(action)

    def commit(self, action: Action) -> None:
        before = self.state
        if self.act(action) and before is not None:
            self.info = presenter.done_text(before, self.state, action)
        session = self.session
        if session is not None and session.screen_kind() not in ("board",):
            session.show(self.win, handover=False)
            return
        self.rebuild()

    def open_backpack(self) -> None:
        self.win.show_screen("stalker", back=self)

    def undo(self) -> None:
        """U, Ctrl+Z or the Undo button: the last action taken back (TURN-2), or why not; back to
        the board when the stalker is no longer at a base (its arriving move was taken back)."""
        session = self.session
        if session is None or self.read_only or self.question is not None:
            return
        refused = take_back(session)
        if refused is not None:
            self.refusal = Refusal.of(refused, session.cards)
            self.info = ""
            self.rebuild()
            return
        self.refusal, self.info = None, t("undo_play.done")
        self.kept_lists = (None, {})  # a row taken back is not "sold" or "given up": redrawn
        if self.site() is None or session.screen_kind() != "board":
            session.show(self.win, handover=False)
            return
        self.rebuild()

    def answer(self, yes: bool) -> None:
        """Close the open question; yes does what it asked about."""
        question, self.question = self.question, None
        self.rebuild()
        if yes and question is not None:
            question.on_yes()

    def cancel_question(self) -> None:
        self.answer(False)

    def on_escape(self) -> None:
        if self.question is not None:
            self.cancel_question()
        else:
            super().on_escape()

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        self.scroll = max(0, self.scroll + (-1 if scroll_y > 0 else 1))
        self.rebuild()

    def on_show_view(self) -> None:
        self.refusal = None if self.refusal is None else self.refusal
        super().on_show_view()

    def follows(self, kind: str) -> bool:
        """BASE-1: the base follows the state while it calls for a base (a bot trading) or for
        the screen the base was opened over (the board, for a player who opened it)."""
        return kind in ("base", self.opened_over)

    def state_changed(self) -> None:
        self.rebuild()

    def on_hotkey(self, symbol: int, modifiers: int) -> bool | None:
        if self.question is not None:  # the question waits for its answer
            answer = answer_key(symbol)
            if answer is not None:
                self.answer(answer)
            return True
        if symbol == arcade.key.U or (symbol == arcade.key.Z and modifiers & arcade.key.MOD_CTRL):
            self.undo()
            return True
        keys = {
            arcade.key.KEY_1: "buy",
            arcade.key.KEY_2: "sell",
            arcade.key.KEY_3: "heal",
            arcade.key.KEY_4: "orders",
        }
        if symbol in keys:
            self.set_tab(keys[symbol])
            return True
        if symbol == arcade.key.B:
            self.open_backpack()
            return True
        return None
