"""The board's side panel and button bar: the current player's card, health and stats, every
player's standing, the turn log (TURN-2), and the bar of commands. What they say comes from
:mod:`stalkerzone.client.screens.board.presenter`; this module places it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

import arcade.gui

from stalkerzone.client.controller.session import PUBLIC
from stalkerzone.client.render.card_art import art_texture
from stalkerzone.client.screens.board import commits
from stalkerzone.client.screens.board.known_fights import (
    guardian_line,
    guardian_odds,
    is_epicenter,
    known_guardian,
)
from stalkerzone.client.screens.board.log_words import log_words
from stalkerzone.client.screens.board.presenter import (
    BarButton,
    bar_buttons,
    decision_text,
    describe_hex,
    fit_log,
    hud_rows,
    loot_words,
    movement_left,
    path_words,
    public_legend,
    public_line,
    unreachable_reason,
)
from stalkerzone.client.text import engine_text, i18n
from stalkerzone.client.widgets import text_fit, theme
from stalkerzone.client.widgets.disabled_reasons import Why, why_not
from stalkerzone.engine.play import DiscardArmour, EndTurn, FightDecision
from stalkerzone.engine.zone import Hex

if TYPE_CHECKING:
    from stalkerzone.client.screens.board.screen import BoardView

HUD_W = 300
TOP_H = 56
BOTTOM_H = 84
UNDO_FOOT = 10  # the Undo button's bottom; the turn log ends above it on one's own turn


def build_hud(view: BoardView) -> None:
    """The side panel: whose turn, health bar, stat rows, players, the turn log."""
    w, h = view.window.width, view.window.height
    px = theme.px
    state = view.view
    left = w - view.hud_w + px(14)
    y = h - px(30)
    index = state.current_player
    if view.session.viewer != PUBLIC:
        index = view.session.viewer
    player = state.players[index]
    stats = view.stats(index)
    card = state.cards.get(player.stalker)
    colour = theme.PLAYER_COLOURS[index % len(theme.PLAYER_COLOURS)]
    face = art_texture(card.art) if card.art else None
    named = left
    if face is not None:  # the stalker's portrait beside its name (ST-3)
        side = px(theme.PORTRAIT)
        view.ui.add(arcade.gui.UIImage(texture=face, x=left, y=y - px(28), width=side, height=side))
        named += side + px(8)
    shown = f"{index + 1}. {i18n.player_name(player.name, player.bot)}"
    room = w - px(14) - named  # a long name smaller, then cut at a word (whole in the list)
    size = text_fit.fitting_size(shown, room, 17, bold=True)
    view.label(text_fit.cut_to(shown, room, size, bold=True), named, y, size, colour, bold=True)
    y -= px(22)
    view.label(i18n.card_text(card.name), named, y, 13, theme.TEXT_DIM)
    y -= px(30)
    view.health_bar = (
        left,
        y,
        view.hud_w - px(28),
        px(16),
        player.health / max(1, stats.max_health),
    )
    view.label(
        i18n.t("hud.health", health=player.health, max=stats.max_health),
        left + px(6),
        y + px(3),
        11,
        theme.TEXT,
        bold=True,
    )
    y -= px(26)
    rows = hud_rows(
        state,
        player,
        stats,
        show_held_event=view.session.viewer == index,
        movement=movement_left(state, index, stats),
    )
    room = w - px(14) - left
    for name, value in rows:
        view.label(name, left, y, 12, theme.TEXT_DIM)
        size = 13.0
        if text_fit.text_width(name, 12) + px(8) + text_fit.text_width(value, 13, bold=True) > room:
            y -= px(17)  # a long value (the held event) on its own line, under its name
            size = text_fit.fitting_size(value, room, 13, bold=True)
            value = text_fit.cut_to(value, room, size, bold=True)
        view.label(value, w - px(14), y, size, theme.TEXT, bold=True, anchor_x="right")
        y -= px(21)
    y -= px(8)
    view.label(i18n.t("hud.players"), left, y, 13, theme.ACCENT, bold=True)
    y -= px(16)
    # what the letters of each standing line mean (WIN-1, TROPHY-1, ORDER-1, REP-1)
    view.label(public_legend(), left, y, 9, theme.TEXT_DIM)
    y -= px(18)
    view.player_bars = []
    for k, other in enumerate(state.players):
        other_stats = view.stats(k)
        c = theme.PLAYER_COLOURS[k % len(theme.PLAYER_COLOURS)]
        marker = "→ " if k == state.current_player else ""
        line = public_line(other)
        room = w - px(14) - text_fit.text_width(line, 10) - px(6) - left  # the name beside it
        bold = k == state.current_player
        name = f"{marker}{k + 1}. {i18n.player_name(other.name, other.bot)}"
        if text_fit.text_width(name, 11, bold=bold) > room:  # a long name: a line of its own
            room = w - px(14) - left
            size = text_fit.fitting_size(name, room, 11, bold=bold)
            view.label(text_fit.cut_to(name, room, size, bold=bold), left, y, size, c, bold=bold)
            y -= px(15)
        else:
            view.label(name, left, y, 11, c, bold=bold)
        view.label(
            line,
            w - px(14),
            y,
            10,
            theme.TEXT_DIM,
            anchor_x="right",
        )
        view.player_bars.append(
            (
                left,
                y - px(7),
                view.hud_w - px(28),
                px(4),
                other.health / max(1, other_stats.max_health),
            )
        )
        y -= px(22)
    y -= px(6)
    view.label(i18n.t("hud.log"), left, y, 13, theme.ACCENT, bold=True)
    y -= px(6)
    build_log(view, left, y)


def build_log(view: BoardView, left: float, top: float) -> None:
    """The turn log under the players, newest first, as many lines as fit."""
    px = theme.px
    bottom = px(UNDO_FOOT + 34 + 8) if view.my_turn() else px(BOTTOM_H) - px(70)
    chars = max(20, int((view.hud_w - px(24)) / px(6.3)))
    rows = int((top - bottom) / px(14))
    session = view.session
    state = session.view
    viewer = state.players[session.viewer].name if session.viewer != PUBLIC else None
    shown = fit_log(log_words(session, viewer), chars, rows)
    log = view.label(
        "\n".join(shown) or "—",
        left,
        top,
        10,
        theme.TEXT_DIM,
        anchor_y="top",
        width=view.hud_w - px(24),
        multiline=True,
    )
    while len(shown) > 1 and log.content_height > top - bottom:  # wrapped more than guessed
        shown.pop()
        log.text = "\n".join(shown)


def bar_width(command: str, text: str, size: float) -> float:
    """The room (UI units, gap included) of one top-bar button; "?" is a square."""
    if command == "rules":
        return 52
    return text_fit.button_width(text, size, 110) + 8


def bar_size(bar: Sequence[BarButton], right: float) -> float:
    """The top bar's text size: each button as wide as its measured text, all smaller if they
    would reach the title."""
    size = 15.0
    room = (right - theme.px(230)) / theme.scale()
    while size > 11 and sum(bar_width(item.command, item.text, size) for item in bar) > room:
        size -= 0.5
    return size


def bar_left(view: BoardView) -> float:
    """Where the top bar's leftmost button starts: the header's title must end before it."""
    bar = bar_buttons(
        view.legal(),
        my_turn=view.my_turn(),
        bot_to_act=view.bot_to_act(),
        skipping=view.win.skip_bots,
        seated=view.session.seated(),
    )
    right = float(view.window.width - view.hud_w - theme.px(16))
    size = bar_size(bar, right)
    return right - sum(theme.px(bar_width(item.command, item.text, size)) for item in bar)


def build_buttons(view: BoardView) -> None:
    """The top bar (right to left from the side panel) and, outside the fight screen, one
    button per fight decision (EVENT-1 loss of protection)."""
    w, h = view.window.width, view.window.height
    px = theme.px
    legal = view.legal()
    mine = view.my_turn()
    commands: dict[str, Callable[[], object]] = {
        "rules": lambda: view.win.open_rules(view),
        "end_turn": view.end_turn,
        "stalker": lambda: view.win.show_screen("stalker", back=view),
        "skip": view.skip_bots,
        "trade": view.open_base,
    }
    bar = bar_buttons(
        legal,
        my_turn=mine,
        bot_to_act=view.bot_to_act(),
        skipping=view.win.skip_bots,
        seated=view.session.seated(),
    )
    x = w - view.hud_w - px(16)
    size = bar_size(bar, x)
    reasons = bar_reasons(view)
    for item in bar:
        width = bar_width(item.command, item.text, size)
        x -= px(width)
        view.button(
            item.text,
            commands[item.command],
            width=width - 8,
            height=40,
            size=size,
            primary=item.primary,
            x=x,
            y=h - px(48),
            add=True,
            enabled=item.enabled,
            why=None if item.enabled else reasons.get(item.command),
        )
    if mine:  # TURN-2: undo at the foot of the side panel, far from End turn; off says why
        view.button(
            i18n.t("undo_play.button"),
            view.undo,
            width=HUD_W - 28,
            height=34,
            size=13,
            x=w - view.hud_w + px(14),
            y=px(UNDO_FOOT),
            add=True,
            why=commits.undo_why(view.session),
        )
    choices = [a for a in legal if isinstance(a, FightDecision | DiscardArmour)]
    if choices and mine and view.view.phase != "fight":
        bx = px(16)
        for action in choices[:6]:
            view.button(
                decision_text(action, view.view.cards),
                partial(view.do, action),
                width=170,
                height=36,
                size=12,
                x=bx,
                y=px(BOTTOM_H) + px(12),
                add=True,
            )
            bx += px(178)


def bar_reasons(view: BoardView) -> dict[str, Why]:
    """Why a command of the top bar is off: End turn by the engine's refusal (TURN-2), the
    stalker card while another player acts."""
    session = view.session
    state = session.state
    reasons: dict[str, Why] = {}
    if state.phase == "over":
        return reasons
    if not view.my_turn():
        name = i18n.player_name(state.players[state.current_player].name)
        reasons["end_turn"] = reasons["stalker"] = Why(
            i18n.t("aids.not_your_turn", name=name), "TURN-2"
        )
        return reasons
    refusal = why_not(state, view.legal(), EndTurn(), session.cards, session.sectors)
    if refusal is not None:
        reasons["end_turn"] = refusal
    return reasons


def hover_line(view: BoardView, h: Hex) -> str:
    """The hover line of hex ``h``: terrain, road, cost, site and what happens there, who and
    whose loot is there; at the Epicenter the known guardian and the odds with the best play
    (FIGHT-4: entering has no escape; "counting…" until the worker has them, then
    ``view.hover_waits`` asks for the line again). Set smaller, then on two lines: never cut."""
    placed = view.hexes.get(h)
    state = view.view
    view.hover_waits = False
    guardian = known_guardian(state)
    if is_epicenter(placed) and state.phase == "turn" and guardian is not None:
        known = guardian_odds(view.session, state.current_player, at=h)  # with the loot there
        view.hover_waits = known is None
        line = guardian_line(*known) if known is not None else guardian_line(guardian, None)
        loot = loot_words(state, h, view.session.viewer)  # a sack lying there comes first
        text = f"{loot}. {line}" if loot else line  # two sentences: the sack, the guardian
    else:
        sector = view.sectors.get(placed.sector) if placed is not None else None
        name = i18n.card_text(sector.name) if sector is not None else None
        text = describe_hex(h, placed, state, name, view.session.viewer)
    room = view.window.width - view.hud_w - theme.px(32)
    text, size = text_fit.fit_lines(text, room, 13)
    view.hover_text.font_size = theme.px(size)
    return text


def show_hover(view: BoardView, h: Hex | None) -> None:
    """The mouse over ``h`` (None: off the map): what is there, the path and its cost when the
    stalker can go there, else why not (TURN-2: the engine's refusal of that move) or the
    status line; a refusal said about another hex is cleared; nothing while a question is
    open."""
    if h is None or view.question is not None:
        view.hover = None
        view.hover_text.text = ""
        view.path_text.text = ""
        view.build_path(None)
        return
    if h == view.hover:
        return
    view.hover = h
    view.message = ""  # a refusal said about another hex is stale now
    view.hover_text.text = hover_line(view, h)
    route = view.routes.get(h)
    if route is not None:
        allowance = view.stats(view.view.current_player).movement
        set_status(view, "")
        set_path(view, path_words(view.view, h, len(route.path), route.cost, allowance))
    else:
        view.path_text.text = ""
        watching = view.app.watching
        why = "" if watching else unreachable_reason(view.view, h, my_turn=view.my_turn())
        set_status(view, why or status_words(view))
    view.build_path(h if route is not None else None)


def set_path(view: BoardView, text: str) -> None:
    """The path line (in the status line's place), fitted as :func:`set_status` fits its."""
    fit_bottom_line(view, view.path_text, text)


def set_status(view: BoardView, text: str) -> None:
    """The status line (a refusal, why a hex is out of reach), fitted by
    :func:`fit_bottom_line`."""
    fit_bottom_line(view, view.status, text)


def fit_bottom_line(view: BoardView, line: arcade.Text, text: str) -> None:
    """A line under the map whole in the map's width, not under the side panel: set smaller,
    then on more lines, never cut; its lines grow upwards and the hover line above moves up
    with them."""
    room = view.window.width - view.hud_w - theme.px(32)
    shown, size = text_fit.fit_lines(text, room, 13)
    line.font_size = theme.px(size)
    line.width = int(room)
    line.text = shown
    lines = shown.count("\n") + 1
    lift = line.content_height * (lines - 1) / lines
    view.hover_text.y = view.hover_bottom + lift


def status_words(view: BoardView) -> str:
    """The status line: the last refusal as a sentence, or after trading that the stalker
    stays on its hex this turn (TURN-2)."""
    if view.message:
        return i18n.capitalised(engine_text.sentence(view.message))  # a line of its own
    session = view.session
    if session.traded_this_turn() and not session.is_bot():
        name = i18n.player_name(session.state.players[session.state.current_player].name)
        return i18n.t("flow.stays_after_trade", name=name)
    return ""


def build_header(view: BoardView) -> None:
    """The board's header: whose turn (or what a bot does) in its seat's colour, and during a
    bot's turn the round and that the screen only shows it (TURN-1, TURN-2)."""
    h = view.window.height
    px = theme.px
    state = view.view
    colour = theme.PLAYER_COLOURS[state.current_player % len(theme.PLAYER_COLOURS)]
    bot = state.phase != "over" and view.session.is_bot()
    if state.phase == "over":
        title = i18n.t("board.over")
    elif view.session.is_remote(state.current_player):
        name = i18n.player_name(state.players[state.current_player].name)
        title = i18n.t("network.remote_turn", name=name)
    elif bot:  # what the bot does; the round goes on the line below (the header is short)
        title = view.session.bot_activity()
    else:
        title = view.session.seat_line()
    room = bar_left(view) - px(16) - px(12)  # the header ends before the top bar
    size = text_fit.fitting_size(title, room, 19, bold=True)
    title = text_fit.cut_to(title, room, size, bold=True)
    view.label(title, px(16), h - px(30), size, colour, bold=True)
    if bot:  # the title says what the bot does; this says the screen only shows it
        remote = view.session.is_remote(state.current_player)
        watch = i18n.t("network.remote_watch" if remote else "flow.bot_watch")
        if not remote:
            watch = f"{i18n.t('flow.round', n=view.session.round).capitalize()} · {watch}"
        size = text_fit.fitting_size(watch, room, 11)  # smaller before it is cut
        view.label(text_fit.cut_to(watch, room, size), px(18), h - px(50), size, theme.TEXT_DIM)


def draw_hover_backing(view: BoardView) -> None:
    """A hover line that wraps rises above the bar under the map: the bar's panel grows under
    it, so its words never lie on the map's bottom row of hexes."""
    text = view.hover_text
    if not text.text:
        return
    px = theme.px
    top = text.y + text.content_height + px(4)
    band = px(BOTTOM_H)
    if top > band:
        right = view.window.width - view.hud_w
        arcade.draw_lrbt_rectangle_filled(0, right, band - 1, top, theme.PANEL)
        arcade.draw_line(0, top, right, top, theme.PANEL_EDGE, 1)
