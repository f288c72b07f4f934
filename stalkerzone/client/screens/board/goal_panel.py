"""The goal panel, always on the board: how to win and where the player stands (WIN-1): the
Elements held of those needed, whether the Epicenter is in reach this turn, reputation and the
bases it opens (REP-1, BASE-1: the variant's thresholds), the open orders and what each needs
(ORDER-1). :func:`goal_lines` decides the words; :class:`GoalPanel` places them in the map's top
left corner with the legend and the bot's hint buttons under them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import pyglet

from stalkerzone.client.render import shapes
from stalkerzone.client.screens.bases.presenter import requirement_text
from stalkerzone.client.screens.board.presenter import movement_left
from stalkerzone.client.text import i18n
from stalkerzone.client.text.card_words import card_name, site_name
from stalkerzone.client.widgets import text_fit, theme
from stalkerzone.engine.core import BASES, Order
from stalkerzone.engine.play import GameState
from stalkerzone.engine.turn import bases, equipment

if TYPE_CHECKING:
    from stalkerzone.client.app.base_view import BaseView

Tone = Literal["title", "text", "good", "warn", "dim"]
WIDTH = 330  # the panel's width (UI units)
SIZE = 11  # its text size


@dataclass(frozen=True, slots=True)
class GoalLine:
    text: str
    tone: Tone = "text"


def epicenter_in_reach(state: GameState, index: int) -> bool:
    """Whether what is left of seat ``index``'s movement this turn reaches the Epicenter from
    where it stands (TURN-2: none once the move is made; the whole allowance when it is not
    that seat's turn)."""
    player = state.players[index]
    if player.position is None:
        return False
    stats = equipment.stats(player, state.ctx)
    left = movement_left(state, index, stats)
    movement = stats.movement if left is None else left
    if movement <= 0:
        return False
    reach = state.ctx.reachable(state.zone, player.position, movement)  # remembered per spot
    return state.zone_map.epicenter in reach


def goal_lines(state: GameState, index: int, symbols: bool = False) -> list[GoalLine]:
    """What the panel says for seat ``index`` (only what that seat may see: its own orders)."""
    player = state.players[index]
    variant = state.variant
    need = variant.elements_required
    lines = [
        GoalLine(i18n.t("aids.goal", n=need), "title"),
        GoalLine(
            i18n.t("aids.elements", have=player.elements, need=need),
            "good" if player.elements >= need else "text",
        ),
    ]
    if player.elements < need:
        more = need - player.elements
        lines.append(GoalLine(i18n.t("aids.epicenter_needs", n=more), "dim"))
    elif epicenter_in_reach(state, index):
        lines.append(GoalLine(i18n.t("aids.epicenter_in_reach"), "good"))
    else:
        lines.append(GoalLine(i18n.t("aids.epicenter_out_of_reach"), "warn"))
    opened = []
    for base in BASES:
        needed = variant.reputation_needed(base)
        key = "aids.base_open" if player.reputation >= needed else "aids.base_closed"
        opened.append(i18n.t(key, base=site_name(base), n=needed))
    lines.append(GoalLine(i18n.t("aids.reputation", n=player.reputation, bases=" · ".join(opened))))
    orders = player.open_orders
    lines.append(
        GoalLine(i18n.t("aids.orders", n=len(orders), cap=variant.max_open_orders), "text")
    )
    if not orders:
        lines.append(GoalLine(i18n.t("aids.no_orders"), "dim"))
    for order in orders:
        card = state.card(order.card)
        if not isinstance(card, Order):
            continue
        ready = bases.fulfilment(state, player, order) is not None
        words = i18n.t(
            "aids.order_line",
            order=card_name(card),
            needs=requirement_text(state, card, symbols),
            state=i18n.t("aids.order_ready" if ready else "aids.order_not_yet"),
        )
        lines.append(GoalLine(words, "good" if ready else "dim"))
    return lines


class GoalPanel:
    """The panel on a screen: its box (drawn under the texts) and its labels."""

    def __init__(self) -> None:
        self.box: tuple[float, float, float, float] | None = None  # left, right, bottom, top

    def build(
        self,
        view: BaseView,
        lines: list[GoalLine],
        left: float,
        top: float,
        *,
        batch: pyglet.graphics.Batch | None = None,
    ) -> float:
        """Labels from ``top`` down at ``left`` (in ``batch``: drawn over the box), each
        wrapped to the panel's width; every line but the titles at one size, the largest at
        which each fits in two lines (an order's long line shrank alone); returns the panel's
        bottom."""
        px = theme.px
        room = px(WIDTH) - px(20)
        y = top - px(8)
        common = min(
            (
                text_fit.fit_lines(line.text, room, SIZE)[1]
                for line in lines
                if line.tone != "title"
            ),
            default=SIZE,
        )
        for line in lines:
            bold = line.tone == "title"
            if bold:
                text, size = text_fit.fit_lines(line.text, room, SIZE + 1, bold=True)
            else:
                text, size = text_fit.wrap_words(line.text, room, common), common
            label = view.label(
                text,
                left + px(10),
                y,
                size,
                theme.TONES[line.tone],
                bold=bold,
                anchor_y="top",
                width=int(room),
                multiline=True,
                batch=batch,
            )
            y -= label.content_height + px(3)
        bottom = y - px(6)
        self.box = (left, left + px(WIDTH), bottom, top)
        return bottom

    def draw(self) -> None:
        if self.box is not None:
            shapes.panel(*self.box)
