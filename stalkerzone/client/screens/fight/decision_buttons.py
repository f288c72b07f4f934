"""The fight's decision buttons (FIGHT-2 … FIGHT-4) laid out from the presenter's models.

Attack / Grenade (n left, » picks which) / Escape (its chance) / Stimulator, auto-resolve and
skip, each with the odds of that decision under it; a disabled button says the engine's
refusal under the mouse, with its rule (F1 opens it). The status line says whose move it is or
shows the last refusal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from stalkerzone.client.screens.fight.presenter import ButtonModel, FightPage
from stalkerzone.client.text.card_words import t
from stalkerzone.client.widgets import text_fit, theme
from stalkerzone.client.widgets.disabled_reasons import Why
from stalkerzone.client.widgets.hits import Hit

if TYPE_CHECKING:
    from stalkerzone.client.screens.fight.screen import FightView

Box = tuple[float, float, float, float]


def build_decisions(view: FightView, page: FightPage, box: Box) -> None:
    """Two columns of decision buttons in the actions panel, then the status line; a window
    that plays no seat (the public display) gets "skip" only (it decides nothing)."""
    px = theme.px
    lf, r, _b, tp = box
    lf, r = lf + px(14), r - px(14)
    gap = px(12)
    bw = (r - lf - gap) / 2 / theme.scale()
    fs = 14 if bw >= 200 else 12
    y1 = tp - px(100)
    y2 = y1 - px(74)
    y3 = y2 - px(66)
    right = lf + px(bw) + gap
    actions: dict[str, Callable[[], None]] = {
        "attack": lambda: view.decide("attack"),
        "grenade": lambda: view.decide("grenade"),
        "cycle_grenade": view.cycle_grenade,
        "escape": lambda: view.decide("escape"),
        "stimulator": view.cycle_stim,
        "auto": view.toggle_auto,
        "skip": view.skip,
    }
    places = {
        "attack": (lf, y1, bw, 46, fs + 1),
        "grenade": (right, y1, bw, 46, fs),
        "cycle_grenade": (r - px(34), y1, 34, 46, fs),
        "escape": (lf, y2, bw, 46, fs),
        "stimulator": (right, y2, bw, 46, fs - 1),
        "auto": (lf, y3, bw, 40, fs - 1),
        "skip": (right, y3, bw, 40, fs - 1),
    }
    session = view.session
    watched_only = session is not None and not session.seated()  # the public display
    for model in page.buttons:
        if watched_only and model.key != "skip":  # no decision of its own: "skip" only
            continue
        x, y, width, height, size = places[model.key]
        view.button(
            model.label,
            actions[model.key],
            width=width,
            height=height,
            size=size,
            x=x,
            y=y,
            add=True,
            enabled=model.enabled,
            why=_refusal(model),
            primary=model.primary,
        )
        if model.enabled and model.tip:  # what it does, under the mouse (F1: its rule)
            right_edge, top = x + px(width), y + px(height)
            view.hits.add(Hit(x, y, right_edge, top, model.key, None, model.tip, model.rule))
        if model.odds:  # under Escape as wide as its button (the stimulator's line beside)
            room = (px(width) if model.key == "escape" else r - x) - px(4)
            small = text_fit.fitting_size(model.odds, room, 10)  # smaller before it is cut
            odds = text_fit.cut_to(model.odds, room, small)
            view.label(odds, x + px(4), y - px(16), small, theme.TEXT_DIM)
    escape = None if watched_only else page.button("escape")  # its notes go with it
    if page.escape_rule_note and escape is not None:
        note = page.escape_rule_note  # as wide as the Escape button: smaller before it is cut
        small = text_fit.fitting_size(note, px(bw) - px(4), 10)
        view.label(
            text_fit.cut_to(note, px(bw) - px(4), small), lf + px(4), y2 - px(16), small, theme.WARN
        )
        view.hits.add(
            Hit(
                lf,
                y2 - px(20),
                lf + px(bw),
                y2,
                "fight4",
                lambda: view.win.open_rules(view, "FIGHT-4"),
                t("kit.tip_rule_click", rule="FIGHT-4"),
            )
        )
    if not watched_only:
        view.label(page.stimulator_hint, right + px(4), y2 - px(16), 10, theme.TEXT_DIM)
    if page.watch_title:  # a bot's fight: whose it is over the buttons, what the bot does under
        title = text_fit.cut_to(page.watch_title, r - lf, 15, bold=True)
        view.label(title, lf, tp - px(30), 15, theme.ACCENT, bold=True, anchor_y="center")
        if page.bot_note:
            room = (r - lf if page.button("skip") is None else px(bw)) - px(4)
            small = text_fit.fitting_size(page.bot_note, room, 14, bold=True)
            note = text_fit.cut_to(page.bot_note, room, small, bold=True)
            view.label(note, lf, y3 + px(20), small, theme.TEXT, bold=True, anchor_y="center")
    elif view.refusal is not None:
        view.refusal_line(lf, tp - px(44), r - lf)
    elif page.status_tone == "accent":
        view.label(page.status, lf, tp - px(30), 14, theme.ACCENT, bold=True, anchor_y="center")
    else:
        view.label(page.status, lf, tp - px(30), 13, theme.TEXT_DIM, anchor_y="center")


def _refusal(model: ButtonModel) -> Why | None:
    """A disabled button's reason and rule, said under the mouse (F1 opens the rule)."""
    if model.enabled or not model.reason:
        return None
    return Why.said(model.reason, model.rule)
