"""The stalker card and backpack (EQ-1 … EQ-9, ST-1): slots, backpack, live stats.

Click a card to move it (slot → backpack, backpack → its slot), or drag it across. Modifiers that
do not fit the active weapon are drawn inactive with the reason (``engine.loadout.inactive_mods``,
EQ-4); attack, defence and movement come from ``engine.loadout.derive`` and change at once, with a
preview of what a card would change while the mouse is over it. During a fight, on another
player's turn or for a bot, the card is shown but locked, with the reason (EQ-2, EQ-8).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import arcade

from stalkerzone.client.app.window import BaseView, StalkerWindow, screen
from stalkerzone.client.render import shapes as widgets
from stalkerzone.client.render.card_face import CardFace
from stalkerzone.client.render.fonts import FONT
from stalkerzone.client.text import i18n
from stalkerzone.client.text.card_words import (
    Hit,
    card_name,
    card_summary,
    effect_text,
    player_stats,
    session_of,
    stat_changes,
    stats_if,
    t,
    weapon_type,
)
from stalkerzone.client.widgets import theme
from stalkerzone.client.widgets.screen_frame import ScreenFrame
from stalkerzone.engine import equipment
from stalkerzone.engine.actions import Activate, Stash
from stalkerzone.engine.loadout import inactive_mods
from stalkerzone.engine.state import card_id

SINGLE = ("weapon", "head", "body", "navigation")
MULTI = ("mods", "artifacts", "grenades", "stimulators")


def group(instances: Sequence[str]) -> list[tuple[str, int]]:
    """Instances grouped by card id, in order: (first instance, count)."""
    out: dict[str, list[str]] = {}
    for instance in instances:
        out.setdefault(card_id(instance), []).append(instance)
    return [(items[0], len(items)) for items in out.values()]


@screen("stalker")
class StalkerView(ScreenFrame):
    kind = "stalker"
    rules_section = "EQ-1"

    def __init__(
        self, window: StalkerWindow, back: BaseView | None = None, player: int | None = None
    ) -> None:
        super().__init__(window, back)
        self.player_index = player
        self.faces: list[tuple[CardFace, str, str]] = []  # face, instance, "slot" | "pack"
        self.drag: dict[str, Any] | None = None
        self.ghost: arcade.Text | None = None
        self.pack_scroll = 0
        self.slots_box = (0.0, 0.0, 0.0, 0.0)
        self.pack_box = (0.0, 0.0, 0.0, 0.0)

    # reading ---------------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        session = session_of(self)
        return None if session is None else session.view

    def index(self) -> int:
        state = self.state
        if self.player_index is not None:
            return self.player_index
        return int(state.current_player) if state is not None else 0

    def lock_reason(self) -> str:
        """Why cards cannot be moved now ("" if they can): EQ-2, EQ-8."""
        session, state = session_of(self), self.state
        if state is None:
            return t("stalker.locked_nogame")
        if state.phase == "fight":
            return t("stalker.locked_fight")
        if state.phase != "turn":
            return t("stalker.locked_phase")
        if self.index() != state.current_player:
            return t("stalker.locked_turn", name=state.players[self.index()].name)
        if session.is_bot(self.index()):
            return t("stalker.locked_bot")
        return ""

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
        stalker = state.cards.get(player.stalker)
        self.header(
            t("stalker.title_of", name=player.name, stalker=card_name(stalker))
            + self.bonus_text(stalker),
            t("stalker.hint"),
        )
        split = int(w * 0.62)
        top = h - px(78)
        self.slots_box = (px(16), split - px(8), px(64), top)
        self.pack_box = (split + px(8), w - px(16), px(64), top)
        stats = player_stats(state, player)
        self.build_stats(state, player, stats, top)
        self.build_slots(state, player, top - px(120))
        self.build_backpack(state, player)
        reason = self.lock_reason()
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
                    self._lock_rules,
                    t("kit.tip_rule", rule=self._lock_rule()),
                )
            )
        else:
            self.refusal_line(px(24), px(24), w - px(48))

    @staticmethod
    def bonus_text(stalker: Any) -> str:
        """ST-3: the character's bonuses, e.g. " (+1 attack)"."""
        parts = [effect_text(b.stat, b.amount) for b in stalker.bonuses if b.amount]
        return f"  ({', '.join(parts)})" if parts else ""

    def _lock_rule(self) -> str:
        state = self.state
        return "EQ-2" if state is not None and state.phase == "fight" else "EQ-8"

    def _lock_rules(self) -> None:
        from stalkerzone.client.text.card_words import open_rules

        open_rules(self, self._lock_rule())

    def build_stats(self, state: Any, player: Any, stats: Any, top: float) -> None:
        px = theme.px
        left = self.slots_box[0] + px(14)
        preview = self.preview(state, player, stats)
        y = top - px(26)
        span = self.slots_box[1] - self.slots_box[0] - px(28)
        starts = [0.0, 0.40 * span, 0.57 * span, 0.76 * span]
        widths = [0.40 * span, 0.17 * span, 0.19 * span]
        entries = [
            (t("stalker.attack"), str(stats.attack), "DMG-1"),
            (t("stalker.defence"), str(stats.defence), "DMG-2"),
            (t("stalker.movement"), str(stats.movement), "ST-5"),
        ]
        for k, (name, value, rule) in enumerate(entries):
            x = left + starts[k]
            col = widths[k]
            self.label(name, x, y, 11, theme.TEXT_DIM)
            self.label(value, x, y - px(26), 19, theme.TEXT, bold=True)
            if k == 0 and stats.one_die_bonus:
                self.label(
                    t("kit.one_die", amount=stats.one_die_bonus), x, y - px(44), 11, theme.ACCENT
                )
            self.hits.add(
                Hit(
                    x,
                    y - px(32),
                    x + col - px(10),
                    y + px(12),
                    f"stat:{rule}",
                    None,
                    t("kit.tip_rule", rule=rule),
                )
            )
        x = left + starts[3]
        self.label(t("stalker.health"), x, y, 11, theme.TEXT_DIM)
        self.label(f"{player.health}/{stats.max_health}", x, y - px(26), 19, theme.TEXT, bold=True)
        self.health_bar = (x, y - px(40), px(150), px(6), player.health / max(1, stats.max_health))
        extra = [
            t("stalker.cash", cash=player.cash),
            t("stalker.reputation", rep=player.reputation),
            t("stalker.elements", n=player.elements, need=state.variant.elements_required),
        ]
        if stats.escape_bonus:
            extra.append(t("stalker.escape_bonus", amount=f"{stats.escape_bonus:+d}"))
        if player.protection_minus:
            extra.append(t("stalker.protection_minus", n=player.protection_minus))
        self.label("   ·   ".join(extra), left, y - px(66), 12, theme.TEXT)
        self.preview_text = self.label(preview or " ", left, y - px(88), 12, theme.ACCENT)

    def preview(self, state: Any, player: Any, stats: Any) -> str:
        """What moving the hovered (or dragged) card would change."""
        target = self.drag["instance"] if self.drag else None
        where = self.drag["where"] if self.drag else None
        if target is None and self.hover is not None and isinstance(self.hover.key, tuple):
            _kind, target, where = self.hover.key
        if target is None:
            return ""
        ctx = state.ctx
        if where == "pack":
            after = stats_if(state, player, lambda p: equipment.activate(p, target, ctx))
            verb = "stalker.if_activated"
        else:
            after = stats_if(state, player, lambda p: equipment.stash(p, target, ctx))
            verb = "stalker.if_stashed"
        if after is None:
            return ""
        change = stat_changes(stats, after) or t("stalker.no_change")
        return t(verb, card=card_name(state.card(target)), change=change)

    def build_slots(self, state: Any, player: Any, top: float) -> None:
        px = theme.px
        left, right, bottom, _ = self.slots_box
        left += px(14)
        width = right - left - px(14)
        variant = state.variant
        rows = 5
        gap = px(8)
        label_h = px(18)
        row_h = min(px(94), (top - bottom - px(10)) / rows)
        tile_h = max(px(34), min(px(64), row_h - label_h - px(4)))
        ctx_inactive = {
            m.id: reason for m, reason in inactive_mods(equipment.loadout(player, state.ctx))
        }
        y = top
        # row 1: the four single slots
        col_w = (width - 3 * gap) / 4
        for k, slot in enumerate(SINGLE):
            x = left + k * (col_w + gap)
            self.label(t(f"stalker.slot_{slot}"), x, y - px(14), 11, theme.TEXT_DIM, bold=True)
            instance = getattr(player, slot)
            self.slot_tile(state, instance, x, y - label_h - tile_h, col_w, tile_h, slot)
        y -= row_h
        tile_w = (width - 3 * gap) / 4
        caps = {
            "mods": "",
            "artifacts": f" {len(player.artifacts)}/{variant.active_artifacts}",
            "grenades": f" {len(player.grenades)}/{variant.grenade_cap}",
            "stimulators": "",
        }
        for slot in MULTI:
            self.label(
                t(f"stalker.slot_{slot}") + caps[slot],
                left,
                y - px(14),
                11,
                theme.TEXT_DIM,
                bold=True,
            )
            items: list[tuple[str, int]]
            held = getattr(player, slot)
            items = [(i, 1) for i in held] if slot in ("mods", "artifacts") else group(held)
            units = 0
            shown = 0
            for instance, count in items:
                inactive = slot == "mods" and card_id(instance) in ctx_inactive
                need = 2 if inactive else 1
                left_after = len(items) - shown - 1
                if units + need > (4 if left_after == 0 else 3):
                    break
                x = left + units * (tile_w + gap)
                note = ""
                if inactive:
                    note = self.mod_reason(state, player, instance, ctx_inactive[card_id(instance)])
                self.slot_tile(
                    state,
                    instance,
                    x,
                    y - label_h - tile_h,
                    tile_w * need + gap * (need - 1),
                    tile_h,
                    slot,
                    count=count,
                    dim=inactive,
                    note=note,
                )
                units += need
                shown += 1
            if len(items) > shown:
                x = left + units * (tile_w + gap)
                self.label(
                    t("stalker.more", n=len(items) - shown),
                    x + px(10),
                    y - label_h - tile_h / 2,
                    12,
                    theme.TEXT_DIM,
                    anchor_y="center",
                )
            if not items:
                self.empty_tile(left, y - label_h - tile_h, tile_w, tile_h)
            y -= row_h

    def mod_reason(self, state: Any, player: Any, instance: str, reason: str) -> str:
        """EQ-4: why a modifier gives nothing (the engine's words, or their translation)."""
        if i18n.language() == "en":
            return reason.removeprefix("EQ-4: ")
        mod = state.card(instance)
        if player.weapon is None:
            return t("stalker.mod_no_weapon", type=weapon_type(mod.weapon_type))
        weapon = state.card(player.weapon)
        return t(
            "stalker.mod_wrong_type",
            type=weapon_type(mod.weapon_type),
            weapon=card_name(weapon),
            wtype=weapon_type(weapon.weapon_type),
        )

    def slot_tile(
        self,
        state: Any,
        instance: str | None,
        x: float,
        y: float,
        w: float,
        h: float,
        slot: str,
        *,
        count: int = 1,
        dim: bool = False,
        note: str = "",
    ) -> None:
        if instance is None:
            self.empty_tile(x, y, w, h)
            return
        card = state.card(instance)
        face = CardFace(card, x, y, w, h, compact=True, dim=dim, count=count, note=note)
        face.build(self)
        self.faces.append((face, instance, "slot"))
        tip = self.tip_for(card, note, t("stalker.tip_stash"))
        self.hits.add(Hit(x, y, x + w, y + h, ("card", instance, "slot"), None, tip))

    def empty_tile(self, x: float, y: float, w: float, h: float) -> None:
        self._empties.append((x, y, w, h))

    def tip_for(self, card: Any, note: str, action: str) -> str:
        lines = [card_name(card), card_summary(card)]
        if card.text:
            lines.append(i18n.card_text(card.text))
        if note:
            lines.append(note)
        if not self.lock_reason():
            lines.append(action)
        return "\n".join(line for line in lines if line)

    def build_backpack(self, state: Any, player: Any) -> None:
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
        items = list(player.backpack)
        self.pack_scroll = max(0, min(self.pack_scroll, max(0, len(items) - per_page)))
        visible = items[self.pack_scroll : self.pack_scroll + per_page]
        for k, instance in enumerate(visible):
            r, c = divmod(k, cols)
            x = left + px(14) + c * (tile_w + gap)
            y = area_top - (r + 1) * (tile_h + gap) + gap
            card = state.card(instance)
            note = ""
            if equipment.slot_of(card) is None:
                note = t("stalker.no_slot")
            face = CardFace(card, x, y, tile_w, tile_h, compact=True, note=note)
            face.build(self)
            self.faces.append((face, instance, "pack"))
            tip = self.tip_for(card, "", t("stalker.tip_activate"))
            self.hits.add(Hit(x, y, x + tile_w, y + tile_h, ("card", instance, "pack"), None, tip))
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

    def rebuild(self) -> None:
        self._empties: list[tuple[float, float, float, float]] = []
        super().rebuild()

    # drawing ---------------------------------------------------------------------------------
    def draw_scene(self) -> None:
        if self.state is None:
            return
        widgets.panel(*self.slots_box)
        widgets.panel(*self.pack_box, light=self.drag is not None and self.drag["where"] == "slot")
        if self.drag is not None and self.drag["where"] == "pack":
            lf, r, b, tp = self.slots_box
            arcade.draw_lrbt_rectangle_outline(lf, r, b, tp, theme.ACCENT, 2)
        bar = getattr(self, "health_bar", None)
        if bar is not None:
            widgets.bar(bar[0], bar[1], bar[2], bar[3], bar[4], theme.GOOD)
        for x, y, w, h in self._empties:
            arcade.draw_lrbt_rectangle_outline(x, x + w, y, y + h, theme.PANEL_EDGE, 1)
        for face, _instance, _where in self.faces:
            face.draw()
        hover = self.hover
        if hover is not None and isinstance(hover.key, tuple) and not self.lock_reason():
            arcade.draw_lrbt_rectangle_outline(
                hover.left - 2, hover.right + 2, hover.bottom - 2, hover.top + 2, theme.ACCENT, 2
            )

    def draw_over(self) -> None:
        if self.drag is not None and self.drag.get("moving"):
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
                    self.drag["name"],
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
        self.drag = {
            "instance": instance,
            "where": where,
            "x": x,
            "y": y,
            "moving": False,
            "name": name,
        }
        self.ghost = None

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        self.mouse = (x, y)
        if self.drag is not None and not self.drag["moving"]:
            self.hover_changed()
        drag = self.drag
        if drag is not None and abs(x - drag["x"]) + abs(y - drag["y"]) > theme.px(8):
            drag["moving"] = True

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.mouse = (x, y)
        drag, self.drag = self.drag, None
        self.ghost = None
        if drag is None:
            return
        instance, where = drag["instance"], drag["where"]
        if drag["moving"]:
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

    def move_card(self, instance: str, where: str) -> None:
        """Click or drop: slot → backpack (Stash), backpack → slot (Activate)."""
        reason = self.lock_reason()
        if reason:
            from stalkerzone.client.text.card_words import Refusal

            self.refusal = Refusal(f"{self._lock_rule()}: {reason}", self._lock_rule())
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

    def state_changed(self) -> None:
        self.rebuild()
