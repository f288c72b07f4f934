"""Bases: the Village, the Military Base and the Laboratory (BASE-1 … BASE-3, TROPHY-2, ORDER-1).

Four tabs: Buy (the base's catalogue with prices and what each card would do to attack, defence
and movement), Sell (equipment at price // divisor, artifacts and trophies at card price), Heal
and Orders (take, deliver, progress). A base above the player's reputation is shown locked with
the reason. Every action goes through ``session.act``; a refusal shows the engine's message with
a link to its rule.
"""

from __future__ import annotations

from typing import Any

import arcade

from stalkerzone.client.app.window import BaseView, StalkerWindow, screen
from stalkerzone.client.render import shapes as widgets
from stalkerzone.client.render.card_face import CardFace
from stalkerzone.client.text import i18n
from stalkerzone.client.text.card_words import (
    Hit,
    Refusal,
    card_name,
    colour_name,
    open_rules,
    player_stats,
    session_of,
    site_name,
    stat_changes,
    stats_if,
    t,
)
from stalkerzone.client.widgets import theme
from stalkerzone.client.widgets.screen_frame import ScreenFrame
from stalkerzone.engine import bases, equipment
from stalkerzone.engine.actions import Buy, DeliverOrder, Heal, Sell, TakeOrder
from stalkerzone.engine.cards import (
    BASES,
    ArtifactRequirement,
    Monster,
    Order,
    Site,
    TrophyRequirement,
    VisitRequirement,
)
from stalkerzone.engine.state import card_id

TABS = ("buy", "sell", "heal", "orders")


def requirement_text(state: Any, order: Order) -> str:
    """ORDER-1: what an order asks for, in words."""
    req = order.requirement
    if isinstance(req, TrophyRequirement):
        monster = state.cards.get(req.monster) if req.monster in state.cards else None
        name = card_name(monster) if monster is not None else req.monster
        colour = colour_name(req.colour, False) if req.colour else t("base.any_colour")
        return t("base.req_trophy", monster=name, colour=colour)
    if isinstance(req, ArtifactRequirement):
        art = state.cards.get(req.artifact) if req.artifact in state.cards else None
        return t("base.req_artifact", artifact=card_name(art) if art else req.artifact)
    if isinstance(req, VisitRequirement):
        return t("base.req_visit", site=site_name(req.site))
    return ""


@screen("base")
class BaseScreen(ScreenFrame):
    kind = "base"
    rules_section = "BASE-1"

    def __init__(
        self, window: StalkerWindow, back: BaseView | None = None, tab: str = "buy"
    ) -> None:
        super().__init__(window, back)
        self.tab = tab if tab in TABS else "buy"
        self.scroll = 0
        self.faces: list[CardFace] = []
        self.row_boxes: list[tuple[float, float, float, float]] = []
        self.list_box = (0.0, 0.0, 0.0, 0.0)
        self.side_box = (0.0, 0.0, 0.0, 0.0)
        self.lock_box: tuple[float, float, float, float] | None = None
        self.previews: dict[str, str] = {}
        self.tile_w = 290

    @property
    def state(self) -> Any:
        session = session_of(self)
        return None if session is None else session.view

    def site(self) -> Site | None:
        state = self.state
        if state is None or state.phase != "turn":
            return None
        position = state.player.position
        info = state.zone_map.hexes.get(position) if position is not None else None
        return info.site if info is not None and info.site in BASES else None

    # layout ----------------------------------------------------------------------------------
    def build(self) -> None:
        self.faces, self.row_boxes, self.previews = [], [], {}
        self.lock_box = None
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
                lambda k=tab: self.set_tab(k),
                width=tab_w,
                height=40,
                size=14,
                x=x,
                y=h - px(122),
                add=True,
                primary=self.tab == tab,
            )
            x += px(tab_w) + px(8)
        if self.win.has_screen("stalker"):
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
        getattr(self, f"build_{self.tab}")(state, site, player, stats)
        self.refusal_line(px(24), px(20), w - px(48))

    def build_side(self, state: Any, player: Any, stats: Any) -> None:
        px = theme.px
        left, _right, _bottom, top = self.side_box
        x, y = left + px(14), top - px(28)
        self.label(t("base.your_stalker"), x, y, 15, bold=True)
        lines = [
            (t("stalker.attack"), str(stats.attack)),
            (t("stalker.defence"), str(stats.defence)),
            (t("stalker.movement"), str(stats.movement)),
            (t("stalker.health"), f"{player.health}/{stats.max_health}"),
            (t("base.cash"), str(player.cash)),
            (t("base.reputation"), str(player.reputation)),
        ]
        if stats.one_die_bonus:
            lines.insert(1, (t("base.one_die"), f"+{stats.one_die_bonus}"))
        for k, (name, value) in enumerate(lines):
            yy = y - px(34) - k * px(26)
            self.label(name, x, yy, 12, theme.TEXT_DIM)
            self.label(value, x + px(132), yy, 14, theme.TEXT, bold=True)
        self.preview_y = y - px(34) - len(lines) * px(26) - px(10)
        if state.step == "move" and bases.trade_refusal(state) is None:
            self.label(
                t("base.trade_ends_move"),
                x,
                px(90),
                11,
                theme.TEXT_DIM,
                width=int(self.side_box[1] - x - px(10)),
                multiline=True,
            )

    def build_locked(self, state: Any, site: Site, player: Any) -> None:
        px = theme.px
        w, h = self.window.width, self.window.height
        need = state.variant.reputation_needed(site)
        box = (px(60), w * 0.70 - px(60), h / 2 - px(120), h / 2 + px(120))
        self.lock_box = box
        lf, r, b, tp = box
        self.label(
            t("base.locked"), (lf + r) / 2, tp - px(66), 22, theme.BAD, bold=True, anchor_x="center"
        )
        self.label(
            t("base.locked_rep", base=site_name(site), need=need, have=player.reputation),
            (lf + r) / 2,
            tp - px(104),
            15,
            theme.TEXT,
            anchor_x="center",
        )
        self.label(
            t("base.locked_how"),
            (lf + r) / 2,
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
            lambda: open_rules(self, "BASE-1"),
            width=170,
            height=36,
            size=12,
            x=(lf + r) / 2 - px(85),
            y=b + px(24),
            add=True,
        )

    def rows_area(self) -> tuple[float, float, float, float, int]:
        """Left, right, top of the list and how many rows of height 64 fit."""
        px = theme.px
        left, right, bottom, top = self.list_box
        rows = max(1, int((top - bottom - px(44)) // px(66)))
        return left + px(12), right - px(12), top - px(40), bottom, rows

    def page(self, items: list[Any], rows: int) -> list[Any]:
        self.scroll = max(0, min(self.scroll, max(0, len(items) - rows)))
        return items[self.scroll : self.scroll + rows]

    def scroll_note(self, total: int, rows: int) -> None:
        if total > rows:
            px = theme.px
            _l, right, bottom, _t = self.list_box
            self.label(
                t("stalker.scroll", a=self.scroll + 1, b=min(total, self.scroll + rows), n=total),
                right - px(14),
                bottom + px(10),
                11,
                theme.TEXT_DIM,
                anchor_x="right",
            )

    def row(
        self,
        card: Any,
        y: float,
        left: float,
        right: float,
        *,
        colour: Any = None,
        key: str = "",
        tip: str = "",
    ) -> tuple[float, float]:
        """A card tile at the left of a row; returns the row's (bottom, top)."""
        px = theme.px
        h = px(58)
        face = CardFace(card, left, y - h, self.tile_w, h, compact=True, colour=colour)
        face.build(self)
        self.faces.append(face)
        self.row_boxes.append((left, right, y - h - px(3), y + px(3)))
        if key:
            self.hits.add(Hit(left, y - h, right - px(140), y, key, None, tip))
        return y - h, y

    def row_button(
        self, text: str, on_click: Any, right: float, bottom: float, primary: bool = False
    ) -> None:
        """A row's action button (buy, sell, deliver, take) at its right end."""
        px = theme.px
        self.button(
            text,
            on_click,
            width=120,
            height=38,
            size=13,
            x=right - px(124),
            y=bottom + px(10),
            add=True,
            primary=primary,
        )

    # tabs ------------------------------------------------------------------------------------
    def build_buy(self, state: Any, site: Site, player: Any, stats: Any) -> None:
        px = theme.px
        left, right, top, _bottom, rows = self.rows_area()
        self.label(t("base.buy_title", base=site_name(site)), left, top + px(12), 14, bold=True)
        catalogue = list(bases.catalogue(state, site))
        if not catalogue:
            self.label(t("base.sold_out"), left, top - px(30), 13, theme.TEXT_DIM)
        for k, cid in enumerate(self.page(catalogue, rows)):
            card = state.cards.get(cid)
            y = top - k * px(66)
            change = self.buy_change(state, player, stats, cid)
            self.previews[f"buy:{cid}"] = change
            b, _ = self.row(card, y, left, right, key=f"buy:{cid}", tip=self.card_tip(card))
            copies = sum(1 for c in state.decks.stock if card_id(c) == cid)
            price_colour = theme.ACCENT if card.price <= player.cash else theme.BAD
            x = left + self.tile_w + px(14)
            self.label(
                t("base.price", price=card.price), x, b + px(34), 15, price_colour, bold=True
            )
            self.label(t("base.in_stock", n=copies), x, b + px(12), 11, theme.TEXT_DIM)
            self.label(
                change,
                x + px(120),
                b + px(29),
                12,
                theme.TEXT,
                width=int(right - x - px(250)),
                multiline=True,
                anchor_y="center",
            )
            self.row_button(
                t("base.buy"), lambda c=cid: self.do(Buy(c)), right, b, card.price <= player.cash
            )
        self.scroll_note(len(catalogue), rows)

    def card_tip(self, card: Any) -> str:
        """A buy row's tooltip: the card's own text, where it is sold, the rule."""
        lines = [card_name(card)]
        if card.text:
            lines.append(i18n.card_text(card.text))
        sold = ", ".join(site_name(s) for s in getattr(card, "sold_at", ()))
        if sold:
            lines.append(t("base.sold_at", bases=sold))
        lines.append(t("kit.tip_rule", rule="BASE-2"))
        return "\n".join(lines)

    def buy_change(self, state: Any, player: Any, stats: Any, cid: str) -> str:
        ctx = state.ctx
        instance = f"{cid}#preview"
        after_player = equipment.receive(player, instance, ctx)
        if instance in after_player.backpack:
            return t("base.to_backpack")
        after = stats_if(state, player, lambda p: equipment.receive(p, instance, ctx))
        if after is None:
            return ""
        return stat_changes(stats, after) or t("base.no_stat_change")

    def build_sell(self, state: Any, site: Site, player: Any, stats: Any) -> None:
        px = theme.px
        left, right, top, _bottom, rows = self.rows_area()
        self.label(t("base.sell_title"), left, top + px(12), 14, bold=True)
        items: list[tuple[str, Any, Any, int]] = []
        for instance in player.carried():
            price = bases.sale_price(state, player, instance)
            if price is not None:
                items.append((instance, state.card(instance), None, price))
        for trophy in player.trophies:
            monster = state.card(trophy.card)
            assert isinstance(monster, Monster)
            items.append(
                (trophy.card, monster, trophy.colour, monster.at(trophy.colour).trophy_price)
            )
        if not items:
            self.label(t("base.nothing_to_sell"), left, top - px(30), 13, theme.TEXT_DIM)
        for k, (instance, card, colour, price) in enumerate(self.page(items, rows)):
            y = top - k * px(66)
            if colour is not None:
                what = t(
                    "base.trophy_of",
                    trophy=i18n.card_text(card.trophy),
                    colour=colour_name(colour, self.app.settings.colour_blind_symbols),
                )
                rule = "TROPHY-2"
            else:
                where = t("base.active") if instance in player.active else t("base.in_backpack")
                what = where
                rule = "BASE-2"
            b, _ = self.row(
                card,
                y,
                left,
                right,
                colour=colour,
                key=f"sell:{instance}",
                tip=t("kit.tip_rule", rule=rule),
            )
            x = left + self.tile_w + px(14)
            self.label(t("base.sells_for", price=price), x, b + px(34), 15, theme.ACCENT, bold=True)
            self.label(what, x, b + px(12), 11, theme.TEXT_DIM)
            self.row_button(t("base.sell"), lambda i=instance: self.do(Sell(i)), right, b)
        self.scroll_note(len(items), rows)

    def build_heal(self, state: Any, site: Site, player: Any, stats: Any) -> None:
        px = theme.px
        left, _right, top, _bottom, _rows = self.rows_area()
        price = state.variant.heal_price
        missing = stats.max_health - player.health
        self.label(t("base.heal_title"), left, top + px(12), 14, bold=True)
        self.label(
            t("base.heal_state", health=player.health, max=stats.max_health, price=price),
            left,
            top - px(24),
            14,
        )
        self.heal_bar = (
            left,
            top - px(50),
            px(420),
            px(12),
            player.health / max(1, stats.max_health),
        )
        if missing <= 0:
            self.label(t("base.heal_full"), left, top - px(86), 13, theme.GOOD)
            return
        affordable = min(missing, player.cash // max(1, price))
        options = sorted({1, min(5, missing), missing})
        x = left
        for points in options:
            label = t("base.heal_n", n=points, cost=points * price)
            if points == missing and points > 1:
                label = t("base.heal_all", n=points, cost=points * price)
            self.button(
                label,
                lambda p=points: self.do(Heal(p)),
                width=220,
                height=42,
                size=13,
                x=x,
                y=top - px(120),
                add=True,
                primary=points <= affordable,
            )
            x += px(232)
        self.label(t("base.heal_afford", n=affordable), left, top - px(150), 12, theme.TEXT_DIM)

    def build_orders(self, state: Any, site: Site, player: Any, stats: Any) -> None:
        px = theme.px
        left, right, top, _bottom, rows = self.rows_area()
        cap = state.variant.max_open_orders
        self.label(
            t("base.orders_yours", n=len(player.open_orders), cap=cap),
            left,
            top + px(12),
            14,
            bold=True,
        )
        y = top
        if not player.open_orders:
            self.label(t("base.no_open_orders"), left, y - px(24), 12, theme.TEXT_DIM)
            y -= px(44)
        for order in player.open_orders:
            card = state.card(order.card)
            done = bases.fulfilment(state, player, order) is not None
            b, _ = self.row(
                card,
                y,
                left,
                right,
                key=f"order:{order.card}",
                tip=t("kit.tip_rule", rule="ORDER-1"),
            )
            x = left + self.tile_w + px(14)
            self.label(requirement_text(state, card), x, b + px(34), 12, theme.TEXT)
            progress = t("base.progress_done") if done else t("base.progress_not")
            self.label(
                progress + "  ·  " + t("base.reward", reward=card.reward),
                x,
                b + px(12),
                12,
                theme.GOOD if done else theme.WARN,
            )
            self.row_button(
                t("base.deliver"), lambda c=order.card: self.do(DeliverOrder(c)), right, b, done
            )
            y -= px(66)
        y -= px(14)
        offered = list(bases.offered(state, site))
        self.label(t("base.orders_offered", n=len(offered)), left, y - px(4), 14, bold=True)
        y -= px(16)
        room = max(1, rows - len(player.open_orders) - 1)
        for instance in self.page(offered, room):
            card = state.card(instance)
            b, _ = self.row(
                card, y, left, right, key=f"offer:{instance}", tip=t("kit.tip_rule", rule="ORDER-1")
            )
            x = left + self.tile_w + px(14)
            self.label(requirement_text(state, card), x, b + px(34), 12, theme.TEXT)
            self.label(t("base.reward", reward=card.reward), x, b + px(12), 12, theme.ACCENT)
            self.row_button(
                t("base.take"),
                lambda c=instance: self.do(TakeOrder(c)),
                right,
                b,
                len(player.open_orders) < cap,
            )
            y -= px(66)

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
        for face in self.faces:
            face.draw()
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

    def do(self, action: Any) -> None:
        before = self.state
        cash = before.player.cash if before is not None else 0
        if self.act(action) and before is not None:
            self.info = self.done_text(before, action, cash)
        session = session_of(self)
        if session is not None and session.screen_kind() not in ("board",):
            session.show(self.win, handover=False)
            return
        self.rebuild()

    def done_text(self, before: Any, action: Any, cash: int) -> str:
        """What a trade did, in the current language (the engine's notes are in English)."""
        after = self.state
        now = after.player.cash if after is not None else cash
        name = ""
        card_ref = getattr(action, "card", None)
        if card_ref:
            name = card_name(before.card(card_ref))
        if isinstance(action, Buy):
            return t("base.did_buy", name=name, price=cash - now)
        if isinstance(action, Sell):
            return t("base.did_sell", name=name, price=now - cash)
        if isinstance(action, Heal):
            return t("base.did_heal", n=action.points, price=cash - now)
        if isinstance(action, TakeOrder):
            return t("base.did_take", name=name)
        if isinstance(action, DeliverOrder):
            return t("base.did_deliver", name=name, reward=now - cash)
        return ""

    def open_backpack(self) -> None:
        self.win.show_screen("stalker", back=self)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        self.scroll = max(0, self.scroll + (-1 if scroll_y > 0 else 1))
        self.rebuild()

    def on_show_view(self) -> None:
        self.refusal = None if self.refusal is None else self.refusal
        super().on_show_view()

    def state_changed(self) -> None:
        self.rebuild()

    def on_hotkey(self, symbol: int, modifiers: int) -> bool | None:
        keys = {
            arcade.key.KEY_1: "buy",
            arcade.key.KEY_2: "sell",
            arcade.key.KEY_3: "heal",
            arcade.key.KEY_4: "orders",
        }
        if symbol in keys:
            self.set_tab(keys[symbol])
            return True
        if symbol == arcade.key.B and self.win.has_screen("stalker"):
            self.open_backpack()
            return True
        return None
