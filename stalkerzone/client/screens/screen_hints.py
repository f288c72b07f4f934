"""Where the bot's hint (:mod:`~stalkerzone.client.screens.hint`) points at a base and in a
fight: the shop or order row of the bot's choice (BASE-2, ORDER-1; its tab when the row is on
another), the heal tab (BASE-3), the fight decision's button (FIGHT-2), and where each screen
puts its "Bot hint (H)" button and the hint's box."""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade.gui

from stalkerzone.client.screens.hint import HintOverlay, button_outline, rect_outline
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import theme
from stalkerzone.engine.play import (
    Action,
    Buy,
    DeliverOrder,
    FightDecision,
    GiveUpOrder,
    Heal,
    Sell,
    TakeOrder,
    card_id,
)

if TYPE_CHECKING:
    from stalkerzone.client.screens.bases.screen import BaseScreen
    from stalkerzone.client.screens.fight.screen import FightView

Outline = list[tuple[float, float]] | None
ROW_BUTTONS = 256  # a row's buttons reach this far right of its hit region (UI units)


def base_row_key(action: Action) -> tuple[str, str] | None:
    """The tab and the row key prefix of a trade (None: not a row)."""
    if isinstance(action, Buy):  # a shop row stands for every copy of its card
        return "buy", f"buy:{card_id(action.card)}"
    if isinstance(action, Sell):
        return "sell", f"sell:{action.card}"
    if isinstance(action, TakeOrder):
        return "orders", f"offer:{action.card}"
    if isinstance(action, DeliverOrder | GiveUpOrder):
        return "orders", f"order:{action.card}"
    if isinstance(action, Heal):
        return "heal", ""
    return None


def base_outline(view: BaseScreen, action: Action) -> Outline:
    """The row of ``action`` on the tab shown (the list scrolled to it once, when it is below
    or above the rows shown), else the button of the tab it is on."""
    found = base_row_key(action)
    if found is None:
        return None
    tab, key = found
    if tab == view.tab and key:
        for hit in view.hits.items:
            if str(hit.key) == key:
                right = hit.right + theme.px(ROW_BUTTONS) - theme.px(140)
                return rect_outline(hit.left, right, hit.bottom, hit.top)
        if key in view.paged_keys and view.hint_scrolled_to != key:
            view.hint_scrolled_to = key  # once: the player may scroll away again
            view.scroll_to(view.paged_keys.index(key))
            return None
    state = view.state
    if tab == view.tab == "heal" and isinstance(action, Heal) and state is not None:
        cost = action.points * state.variant.heal_price
        for label in ("base.heal_n", "base.heal_all"):
            found_button = button_outline(view, i18n.t(label, n=action.points, cost=cost))
            if found_button is not None:
                return found_button
    return tab_outline(view, i18n.t(f"base.tab_{tab}"))


def tab_outline(view: BaseScreen, label: str) -> Outline:
    """The tab button labelled ``label``: the highest button of that label (the rows' "Buy"
    buttons carry the same word)."""
    found = [
        w
        for w in view.ui.walk_widgets()
        if isinstance(w, arcade.gui.UIFlatButton) and w.text == label
    ]
    if not found:
        return button_outline(view, label)
    r = max(found, key=lambda w: w.rect.bottom).rect
    return rect_outline(r.left, r.right, r.bottom, r.top)


def fight_outline(view: FightView, action: Action) -> Outline:
    """The button of a fight decision (attack, grenade, escape)."""
    page = view.page
    if not isinstance(action, FightDecision) or page is None:
        return None
    model = page.button(action.action)
    return button_outline(view, model.label) if model is not None else None


def add_base_hint(view: BaseScreen) -> None:
    """H and a "Bot hint (H)" button left of Undo; the box at the bottom left, or nearby where
    it leaves the outlined row or tab clear."""
    px = theme.px
    view.overlays.append(
        HintOverlay(
            view,
            lambda action: base_outline(view, action),
            lambda: (px(24), px(64)),
            lambda: (view.window.width - px(350) - px(170), view.window.height - px(51), 160),
        )
    )


def add_fight_hint(view: FightView) -> None:
    """H and a "Bot hint (H)" button left of Backpack; the box over the dice panel, or nearby
    where it leaves the outlined button clear."""
    px = theme.px

    def anchor() -> tuple[float, float]:
        box = view.panels.get("dice")
        if box is None:
            return px(24), px(24)
        return box[0] + px(8), box[2] + px(8)

    view.overlays.append(
        HintOverlay(
            view,
            lambda action: fight_outline(view, action),
            anchor,
            lambda: (view.window.width - px(230) - px(170), view.window.height - px(51), 160),
        )
    )
