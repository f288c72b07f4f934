"""Text that fits: every screen in English and Russian at 1024x640, 1280x800 and 1920x1080 at each
UI scale, every text measured against its box; the title banner clear of the menu; plural forms
in both languages and no "(s)" in the string catalogues; the rules search ranks title matches
first and keeps its header; the Orders list shows that it scrolls."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

import arcade
import arcade.gui
import pytest

from stalkerzone.client.app.base_view import BaseView
from stalkerzone.client.app.settings import UI_SCALES
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import PUBLIC, GameSession, GameSpec, SeatSpec
from stalkerzone.client.screens.bases.screen import BaseScreen
from stalkerzone.client.screens.board import BoardView, commits, hud
from stalkerzone.client.screens.board.presenter import unreachable_reason
from stalkerzone.client.screens.layout import LayoutView
from stalkerzone.client.screens.menu import MenuView
from stalkerzone.client.screens.rules import RulesView
from stalkerzone.client.screens.title import TitleView
from stalkerzone.client.text import i18n
from stalkerzone.client.text.rules_sections import search
from stalkerzone.client.widgets import text_fit, theme
from stalkerzone.client.widgets.scrolling import scroll_bar
from stalkerzone.engine.core import DANGER_COLOUR, Site, Terrain
from stalkerzone.engine.zone import Hex
from tests.support.text_walk import (
    cut_short,
    left_right,
    misfits,
    overlaps,
    pretend_size,
    texts_of,
)
from tests.support.window import frame, opened

SIZES = ((1024, 640), (1280, 800), (1920, 1080))


def configurations() -> list[tuple[str, tuple[int, int], float]]:
    """(language, window size, UI scale setting) to walk: both languages at every size with the
    largest setting (the largest scale the window allows: the hardest case), plus the other
    settings once each, so every setting of ``UI_SCALES`` is measured (the scale in force is
    limited by the window: at 1024x640 every setting above 100% gives 100%)."""
    largest = max(UI_SCALES)
    walk = [(lang, size, largest) for lang in ("en", "ru") for size in SIZES]
    walk += [("ru", SIZES[0], 0.85), ("ru", SIZES[1], 1.15), ("en", SIZES[2], 1.3)]
    assert {setting for _lang, _size, setting in walk} | {1.0} == set(UI_SCALES)
    return walk


def game(win: StalkerWindow, zone: str) -> GameSession:
    seats = (SeatSpec("Анна Каренина", "gromoboy"), SeatSpec("Boris", "nosorog"))
    session = GameSession.start(win.app, GameSpec(seed=3, seats=seats, zone_mode=zone))
    session.autosave_enabled = False
    session.worker.synchronous = True
    session.viewer = session.state.current_player
    return session


Opener = Callable[[StalkerWindow], BaseView]


def screens(layout: GameSession, play: GameSession) -> dict[str, tuple[GameSession | None, Opener]]:
    """Every screen a player sees, with the game it needs (None: no game)."""
    return {
        "title": (None, lambda w: w.show_screen("title")),
        "newgame": (None, lambda w: w.show_screen("newgame")),
        "settings": (None, lambda w: w.show_screen("settings")),
        "saves": (None, lambda w: w.show_screen("saves", mode="load")),
        "rules": (None, lambda w: w.show_screen("rules", section="ABIL-PARALYSIS")),
        "layout": (layout, lambda w: w.show_screen("layout")),
        "board": (play, lambda w: w.show_screen("board")),
        "menu": (play, lambda w: w.show_screen("menu")),
        "handover": (play, lambda w: w.show_screen("handover", player=1, then="board")),
        "stalker": (play, lambda w: w.show_screen("stalker")),
        "base buy": (play, lambda w: w.show_screen("base", tab="buy")),
        "base sell": (play, lambda w: w.show_screen("base", tab="sell")),
        "base heal": (play, lambda w: w.show_screen("base", tab="heal")),
        "base orders": (play, lambda w: w.show_screen("base", tab="orders")),
        "end-turn question": (play, lambda w: asking(w, "end_turn")),
        "epicenter question": (play, lambda w: asking(w, "epicenter")),
        "leave question": (play, lambda w: asking(w, "leave")),
    }


def asking(win: StalkerWindow, question: str) -> BaseView:
    """A screen with one of its questions open: the board's before ending an unmoved turn or
    entering the Epicenter, the menu's before leaving the game."""
    if question == "leave":
        menu = opened(win.show_screen("menu"), MenuView)
        menu.to_title()
        return menu
    board = opened(win.show_screen("board"), BoardView)
    if question == "end_turn":
        board.end_turn()
    else:
        session = win.app.session
        assert session is not None
        zone = session.state.zone_map
        where = next(h for h, tile in zone.hexes.items() if tile.site == Site.EPICENTER)
        commits.move_to(board, where)
    assert board.question is not None
    return board


def hover_targets(session: GameSession) -> dict[str, Hex]:
    """A hex of each kind the hover line describes: a base, a danger, the Epicenter, one where
    another stalker stands (moved there for the walk: a danger hex, the longest line) and water
    (no way leads there: the longest reason on the status line)."""
    state = session.state
    tiles = sorted(state.zone_map.hexes.items())
    base = next(h for h, tile in tiles if tile.site == Site.MILITARY_BASE)
    danger = next(h for h, tile in tiles if tile.site in DANGER_COLOUR)
    epicenter = next(h for h, tile in tiles if tile.site == Site.EPICENTER)
    water = next(h for h, tile in tiles if tile.terrain == Terrain.WATER)
    other = next(h for h, tile in reversed(tiles) if tile.site in DANGER_COLOUR)
    players = list(state.players)
    k = 1 - state.current_player
    players[k] = replace(players[k], position=other)
    moved = replace(state, players=tuple(players))
    session.record = replace(session.record, states=(*session.record.states[:-1], moved))
    session.version += 1
    return {
        "site": base,
        "danger": danger,
        "Epicenter": epicenter,
        "stalker": other,
        "water": water,
    }


def under_the_panel(board: BoardView, where: str) -> list[str]:
    """The board's lines under the map (hover, path, status) that reach the side panel."""
    edge = board.window.width - board.hud_w
    found = []
    for text in (board.hover_text, board.path_text, board.status):
        right = left_right(text)[1]
        if text.text and right > edge + 1:
            found.append(f"{where}: {text.text[:50]!r} runs under the side panel ({right:.0f})")
    return found


def rich(session: GameSession, count: int = 16) -> GameSession:
    """The seat to act carries ``count`` cards of the bases' stock (a long sell list)."""
    state = session.state
    stock = state.decks.stock
    k = state.current_player
    players = list(state.players)
    players[k] = replace(players[k], backpack=(*players[k].backpack, *stock[:count]))
    decks = replace(state.decks, stock=stock[count:])
    moved = replace(state, players=tuple(players), decks=decks)
    session.record = replace(session.record, states=(*session.record.states[:-1], moved))
    session.version += 1
    return session


def refusal(view: LayoutView) -> str:
    """The longest refusal a placement can get: a road of the sector with the longest name
    that no sector could close, far away."""
    names = [i18n.card_text(sector.name) for sector in view.sectors.values()]
    reason = i18n.t(
        "foresight.reason.road_unclosable",
        sector=max(names, key=len),
        where=i18n.t(
            "foresight.where",
            distance=3,
            sectors=i18n.t("foresight.sector_many"),
            direction=i18n.t("foresight.direction.north-west"),
        ),
    )
    return i18n.t("foresight.refused", reason=reason)


@pytest.mark.slow
def test_the_hover_line_the_layout_refusal_and_list_headers_fit(win: StalkerWindow) -> None:
    """The board's hover line over a base, a danger, the Epicenter and another stalker; the
    layout screen's refusal; the headers of long lists (sell, buy, orders, the stalker card):
    in both languages at every UI scale, shown whole (wrapped or smaller, never cut)."""
    layout, play = game(win, "hand"), game(win, "free")
    targets = hover_targets(play)
    rich(play)
    found: list[str] = []
    for lang, (w, h), setting in configurations():
        win.app.update_settings(replace(win.app.settings, language=lang, ui_scale=setting))
        where = f"{lang} {w}x{h} {setting:.0%}"
        with pretend_size(win, w, h):
            win.app.session = play
            board = opened(win.show_screen("board"), BoardView)
            for name, h_ in targets.items():
                board.hover = None
                hud.show_hover(board, h_)
                with pytest.MonkeyPatch.context() as patch:
                    patch.setattr(text_fit, "cut_to", lambda text, *_a, **_k: text)
                    full = hud.hover_line(board, h_)
                found += misfits(board, f"board hover {name} {where}")
                found += cut_short(board.hover_text.text, full, f"board hover {name} {where}")
                found += under_the_panel(board, f"board hover {name} {where}")
                reason = unreachable_reason(board.view, h_, my_turn=True)
                found += cut_short(board.status.text, reason, f"board reason {name} {where}")
                if name == "water":  # no way leads there: the reason is on the status line
                    assert reason and board.status.text.replace("\n", " ") == reason
            for tab in ("buy", "sell", "orders"):
                found += misfits(win.show_screen("base", tab=tab), f"base {tab} {where}")
            found += misfits(win.show_screen("stalker"), f"stalker {where}")
            win.app.session = layout
            view = opened(win.show_screen("layout"), LayoutView)
            text = refusal(view)
            view.set_message(text)
            found += misfits(view, f"layout refusal {where}")
            found += cut_short(view.status.text, text, f"layout refusal {where}")
    win.app.session = None
    assert not found, "\n".join(found)


@pytest.mark.slow
def test_every_text_fits_its_box_on_every_screen(win: StalkerWindow) -> None:
    layout, play = game(win, "hand"), game(win, "free")
    found: list[str] = []
    for lang, (w, h), setting in configurations():
        win.app.update_settings(replace(win.app.settings, language=lang, ui_scale=setting))
        with pretend_size(win, w, h):
            for name, (session, open_screen) in screens(layout, play).items():
                win.app.session = session
                view = open_screen(win)
                found += misfits(view, f"{name} {lang} {w}x{h} {setting:.0%}")
    win.app.session = None
    assert not found, "\n".join(found)


def test_text_fit_helpers_measure_shrink_and_cut(win: StalkerWindow) -> None:
    label = arcade.Text(
        "Пропустить ботов (пробел)", 0, 0, font_size=theme.px(15), font_name="Liberation Sans"
    )
    assert text_fit.text_width(label.text, 15) == label.content_width
    wide = text_fit.text_width("Закончить ход", 15)
    size = text_fit.fitting_size("Закончить ход", wide * 0.9, 15)
    assert size < 15 and text_fit.text_width("Закончить ход", size) <= wide * 0.9
    cut = text_fit.cut_to("TOZ-34 double-barrelled shotgun", 120, 12)
    assert cut.endswith("…") and text_fit.text_width(cut, 12) <= 120
    assert text_fit.cut_to("AK-47", 120, 12) == "AK-47"
    # a button too narrow for its text sets it smaller instead of touching the edges
    view = win.show_screen("title")
    button = view.button("Пропустить ботов (пробел)", lambda: None, width=150, size=15)
    assert button.ui_label._label.content_width <= button.rect.width - 2 * theme.px(
        text_fit.BUTTON_PAD
    )


def test_the_ui_scale_is_limited_by_the_window() -> None:
    scale = theme.UiScale(1.5)
    scale.fit_window(1024, 640)
    assert scale.value == 1.0 and scale.setting == 1.5
    scale.fit_window(1920, 1080)
    assert scale.value == 1.5
    scale.set(0.85)
    scale.fit_window(1024, 640)
    assert scale.value == 0.85


@pytest.mark.parametrize("setting", UI_SCALES)
def test_the_title_banner_never_touches_the_new_game_button(
    win: StalkerWindow, setting: float
) -> None:
    for lang in ("en", "ru"):
        win.app.update_settings(replace(win.app.settings, language=lang, ui_scale=setting))
        view = opened(win.show_screen("title"), TitleView)
        frame(win)  # the menu column is placed when drawn
        new_game = next(
            b
            for b in view.ui.walk_widgets()
            if isinstance(b, arcade.gui.UIFlatButton) and b.text == i18n.t("title.new_game")
        )
        bottom, top = view.banner
        assert new_game.rect.top + theme.px(12) <= bottom, (lang, setting)
        assert top <= win.height
        assert min(
            b.rect.bottom for b in view.ui.walk_widgets() if isinstance(b, arcade.gui.UIFlatButton)
        ) > theme.px(36)


def test_plural_forms_in_english_and_russian() -> None:
    assert [i18n.plural_form("ru", n) for n in (1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111)] == [
        0,
        1,
        1,
        2,
        2,
        2,
        2,
        0,
        1,
        2,
        0,
        2,
    ]
    assert [i18n.plural_form("en", n) for n in (0, 1, 2)] == [1, 0, 1]
    i18n.set_language("ru")
    assert [i18n.t("fight.res_health", now=3, max=9, rounds=n).split()[-1] for n in (1, 2, 5)] == [
        "раунд",
        "раунда",
        "раундов",
    ]
    i18n.set_language("en")
    assert i18n.t("fight.res_health", now=3, max=9, rounds=1).endswith("after 1 round")
    assert i18n.t("fight.res_health", now=3, max=9, rounds=3).endswith("after 3 rounds")


def test_no_string_catalogue_says_s_in_brackets() -> None:
    """Counted words use plural forms ({n@word}), never "round(s)" or "раз(а)"."""
    pattern = re.compile(r"\w\((s|es|а|ы|и|ов|ей)\)", re.IGNORECASE)
    for lang in i18n.LANGUAGES:
        for path in sorted((i18n.STRINGS_DIR / lang).glob("*.toml")):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                assert not pattern.search(line), f"{path.name}:{number}: {line}"
        for key, text in i18n.strings(lang).items():
            for word in re.findall(r"\{\w+@(\w+)\}", text):
                assert i18n.has(f"plural.{word}"), f"{lang} {key}: no plural.{word}"


def test_rules_search_ranks_title_matches_first_and_keeps_the_header(win: StalkerWindow) -> None:
    found = search("paraly")
    assert found.index("ABIL-PARALYSIS") < found.index("DMG-3")
    assert search("парал", "ru")[0] == "ABIL-PARALYSIS"
    view = opened(win.show_screen("rules"), RulesView)
    frame(win)
    title = i18n.t("rules.title")
    assert any(text.text == title for text in texts_of(view))
    view.set_query("paraly")
    frame(win)
    assert any(text.text == title for text in texts_of(view)), (
        "the header went away while searching"
    )
    assert view.selected == "ABIL-PARALYSIS"


def test_the_orders_list_shows_that_it_scrolls(win: StalkerWindow) -> None:
    session = game(win, "free")
    win.app.session = session
    view = opened(win.show_screen("base", tab="orders"), BaseScreen)
    frame(win)
    notes = [t.text for t in texts_of(view)]
    more = [n for n in notes if "more ↓" in n]
    assert view.scrollbar is not None and more, notes
    track, thumb = view.scrollbar
    assert track[3] == thumb[3]  # at the top before scrolling
    win.dispatch_event(
        "on_mouse_scroll",
        (view.list_box[0] + view.list_box[1]) / 2,
        (view.list_box[2] + view.list_box[3]) / 2,
        0,
        -1,
    )
    frame(win)
    assert view.scrollbar is not None and view.scrollbar[1][3] < track[3]  # the thumb moved down


def test_scroll_bar_geometry() -> None:
    track, thumb = scroll_bar(100, 0, 200, 0, 5, 10)
    assert track == (98, 102, 0, 200) and thumb[3] == 200 and thumb[2] == pytest.approx(100)
    _track, thumb = scroll_bar(100, 0, 200, 5, 5, 10)
    assert thumb[2] == pytest.approx(0) and thumb[3] == pytest.approx(100)


def test_the_walk_sees_texts_that_do_not_fit(win: StalkerWindow) -> None:
    """The measuring itself: a text out of the window, a single line wider than its box, a
    button text touching its edges and a cut button are all reported."""
    view = win.show_screen("saves", mode="load")
    assert misfits(view, "saves") == []
    view.label("Пропустить ботов (пробел)", win.width - 20, 100, 14)
    view.label("Пропустить ботов (пробел)", 10, 200, 14, width=40)
    tight = arcade.gui.UIFlatButton(text="Закончить ход", width=60, height=40)
    view.ui.add(tight)
    view.ui.add(arcade.gui.UIFlatButton(text="TOZ-34 double-barr…", width=400, height=40))
    view.label("Elements 0/3", 30, 200, 14)
    found = "\n".join(misfits(view, "saves"))
    assert "runs out of the window" in found and "wider than its box" in found
    assert "'Elements 0/3' overlaps" in found or "overlaps 'Elements 0/3'" in found
    assert "'Закончить ход' text" in found and "is cut" in found


@pytest.mark.slow
def test_the_bot_turn_header_and_its_round_line_fit(win: StalkerWindow) -> None:
    """During a bot's turn the board's header says what the bot does and the line under it the
    round and that the screen only shows it ("Раунд 12 · Ход бота: только смотреть"): both
    whole in both languages at every UI scale (set smaller if need be, never cut)."""
    ids = [card.id for card in win.app.cards().cards.stalkers]
    seats = (
        SeatSpec(i18n.default_bot_name(1), ids[0], "easy"),
        SeatSpec("Анна Каренина", ids[1]),
    )
    session = GameSession.start(win.app, GameSpec(seed=3, seats=seats, zone_mode="free"))
    session.autosave_enabled = False
    session.worker.synchronous = True
    state = session.state
    bot = replace(state, current_player=0, turn=23)  # round 12: a two-digit round
    session.record = replace(session.record, states=(*session.record.states[:-1], bot))
    session.version += 1
    assert session.is_bot() and session.round == 12
    found: list[str] = []
    for lang, (w, h), setting in configurations():
        win.app.update_settings(replace(win.app.settings, language=lang, ui_scale=setting))
        where = f"{lang} {w}x{h} {setting:.0%}"
        with pretend_size(win, w, h):
            win.app.session = session
            board = opened(win.show_screen("board"), BoardView)
            board.opening.left = 0.0
            shown = [t.text for t in texts_of(board)]
            line = f"{i18n.t('flow.round', n=12).capitalize()} · {i18n.t('flow.bot_watch')}"
            title = session.bot_activity()
            assert i18n.t("newgame.bot_name", n=1) in title
            for full, head in ((line, line.split(" · ")[0]), (title, title.split(" ")[0])):
                text = next((s for s in shown if s.startswith(head)), "")
                found += cut_short(text, full, f"bot turn {where}")
            found += misfits(board, f"bot turn {where}")
    win.app.session = None
    assert not found, "\n".join(found)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_held_event_row_of_the_side_panel_fits(win: StalkerWindow, language: str) -> None:
    """Every seat holds an event: the side panel's row names it, or says it lies face down
    ("Событие на руке": "одно, рубашкой вверх"), the value whole and over no other text at
    1024x640 and 1280x800 at the largest UI scale (a long value goes on its own line under its
    name)."""
    ids = [card.id for card in win.app.cards().cards.stalkers]
    seats = (
        SeatSpec(i18n.default_bot_name(1), ids[0], "easy"),
        SeatSpec("Анна Каренина", ids[1]),
    )
    session = GameSession.start(win.app, GameSpec(seed=3, seats=seats, zone_mode="free"))
    session.autosave_enabled = False
    session.worker.synchronous = True
    state = session.state
    event = max(state.cards.events, key=lambda e: len(i18n.card_text(e.name)))
    players = list(state.players)
    players = [replace(p, held_event=event.id) for p in players]  # the one shown holds it
    bot = replace(state, current_player=0, players=tuple(players))
    session.record = replace(session.record, states=(*session.record.states[:-1], bot))
    session.version += 1
    session.viewer = PUBLIC  # nobody's eyes (a bot plays): the bot's event lies face down
    assert session.is_bot()
    found: list[str] = []
    win.app.update_settings(replace(win.app.settings, language=language, ui_scale=max(UI_SCALES)))
    try:
        for w, h in SIZES[:2]:
            with pretend_size(win, w, h):
                win.app.session = session
                board = opened(win.show_screen("board"), BoardView)
                board.opening.left = 0.0
                shown = [t.text for t in texts_of(board)]
                values = {i18n.t("hud.held_event_face_down"), i18n.card_text(event.name)}
                assert i18n.t("hud.held_event") in shown and values & set(shown), shown
                found += misfits(board, f"held event {language} {w}x{h}")
    finally:
        win.app.update_settings(replace(win.app.settings, language="en", ui_scale=1.0))
        win.app.session = None
    assert not found, "\n".join(found)


@pytest.mark.slow
def test_the_fight_panel_fits(win: StalkerWindow) -> None:
    """The fight screen at a decision (odds, buttons with the line under each, the stalker's
    escape chance, an ability that wraps): nothing over anything, in both languages at every
    UI scale."""
    from stalkerzone.client.screens.fight.screen import FightView
    from tests.client.test_client_screens import into_fight

    into_fight(win, "gorynych")  # paralysis: a long ability text
    found: list[str] = []
    for lang, (w, h), setting in configurations():
        win.app.update_settings(replace(win.app.settings, language=lang, ui_scale=setting))
        with pretend_size(win, w, h):
            view = opened(win.show_screen("fight"), FightView)
            view.skip()
            assert view.playing()
            found += misfits(view, f"fight {lang} {w}x{h} {setting:.0%}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_goal_panel_legend_hint_and_tip_fit_at_1280x800(
    win: StalkerWindow, language: str
) -> None:
    """The board's learning aids at 1280x800: the goal panel with two long open orders (texts
    inside the panel, none over another, the buttons' words whole), the legend's lines in its
    box and clear of each other, the bot's hint and a tip inside their boxes."""
    from stalkerzone.client.screens.board.aids import GoalOverlay
    from stalkerzone.client.screens.board.legend import Legend
    from stalkerzone.client.screens.hint import HintOverlay
    from stalkerzone.client.widgets.tips import TipsOverlay
    from stalkerzone.engine.play import OpenOrder
    from tests.support.text_walk import overlaps

    win.app.update_settings(replace(win.app.settings, language=language))
    play = game(win, "free")
    state = play.state
    k = state.current_player
    longest = sorted(state.cards.orders, key=lambda o: -len(i18n.card_text(o.name)))[:2]
    players = list(state.players)
    players[k] = replace(players[k], open_orders=tuple(OpenOrder(o.id) for o in longest))
    moved = replace(state, players=tuple(players))
    play.record = replace(play.record, states=(*play.record.states[:-1], moved))
    play.version += 1
    win.app.session = play
    board = opened(win.show_screen("board"), BoardView)
    board.opening.dismiss(board)  # who starts read: the tip shows after the banner
    frame(win)
    where = f"board aids {language}"
    found = misfits(board, where)
    goal = next(o for o in board.overlays if isinstance(o, GoalOverlay))
    assert goal.panel.box is not None
    left, right, bottom, top = goal.panel.box
    panel_texts = [t for t in board._texts if t.batch is goal.batch]
    assert len(panel_texts) >= 7
    for text in panel_texts:
        inside_x = left <= text.x and text.x + text.content_width <= right + 1
        if not inside_x or text.y - text.content_height < bottom - 1 or text.y > top:
            found.append(f"{where}: {text.text[:50]!r} leaves the goal panel")
    legend = next(o for o in board.overlays if isinstance(o, Legend))
    legend.toggle()
    found += overlaps(legend.texts, f"{where} legend")
    l_left, l_right, l_bottom, l_top = legend.box
    for text in legend.texts:
        width = text.content_width
        if text.x < l_left or text.x + width > l_right + 1 or not l_bottom <= text.y <= l_top:
            found.append(f"{where}: legend {text.text[:50]!r} leaves its box")
    hint = next(o for o in board.overlays if isinstance(o, HintOverlay))
    hint.toggle()
    frame(win)
    h_left, h_right, _b, _t = hint.box()
    assert hint.texts
    for text in hint.texts:
        if text.x + text.content_width > h_right + 1 or text.x < h_left:
            found.append(f"{where}: hint {text.text[:50]!r} leaves its box")
    tip = next(o for o in board.overlays if isinstance(o, TipsOverlay))
    assert tip.text is not None and tip.text.content_width <= (tip.text.width or 0)
    win.app.session = None
    assert not found, "\n".join(found)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_stalker_cards_stat_labels_keep_apart(win: StalkerWindow, language: str) -> None:
    """The stalker card's row of stats (attack, defence, movement, health: label over value)
    at every UI scale and window size: each column's texts end a clear gap before the next
    column starts ("Передвижение" ran into "Здоровье" at 125 % in Russian), shown whole."""
    from stalkerzone.client.screens.stalker import presenter
    from stalkerzone.client.screens.stats import player_stats

    play = game(win, "free")
    found: list[str] = []
    for setting in UI_SCALES:
        win.app.update_settings(replace(win.app.settings, language=language, ui_scale=setting))
        for w, h in SIZES:
            where = f"{language} {w}x{h} {setting:.0%}"
            with pretend_size(win, w, h):
                win.app.session = play
                view = win.show_screen("stalker")
                state = play.state
                player = state.players[state.current_player]
                lines = presenter.stat_lines(state, player, player_stats(state, player))
                columns = [(name, value) for name, value, _rule in lines.entries]
                columns.append((i18n.t("stalker.health"), lines.health))
                texts = texts_of(view)
                spans = []
                for name, value in columns:
                    mine = [t for t in texts if t.text in (name, value)]
                    assert len(mine) >= 2, f"{where}: {name!r} or {value!r} not shown"
                    extents = [left_right(t) for t in mine]
                    spans.append((min(a for a, _ in extents), max(b for _, b in extents)))
                for (name, _v), (_l, right), (next_left, _r) in zip(
                    columns, spans, spans[1:], strict=False
                ):
                    if next_left - right < theme.px(8):
                        found.append(f"{where}: {name!r} ends {next_left - right:.0f} px before")
                edge = view.window.width * 0.62
                if spans[-1][1] > edge:
                    found.append(f"{where}: health runs past its panel ({spans[-1][1]:.0f})")
    win.app.session = None
    i18n.set_language("en")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_bases_stalker_card_fills_its_panel(win: StalkerWindow, language: str) -> None:
    """The base screen's side panel: the stalker's card takes most of the panel's width (two
    thirds from 1280x800 at the usual UI scales, where its numbers fit in two columns; half
    at least everywhere), under the numbers and inside the panel, with no text over another."""
    play = game(win, "free")
    found: list[str] = []
    for setting in UI_SCALES:
        win.app.update_settings(replace(win.app.settings, language=language, ui_scale=setting))
        for w, h in SIZES:
            where = f"{language} {w}x{h} {setting:.0%}"
            with pretend_size(win, w, h):
                win.app.session = play
                view = opened(win.show_screen("base", tab="buy"), BaseScreen)
                left, right, bottom, _top = view.side_box
                (tile,) = [
                    t
                    for t in view.tiles.tiles
                    if t.card.id == play.state.players[play.state.current_player].stalker
                ]
                face = tile.face
                roomy = w >= 1280 and setting <= 1.15  # the numbers fit in two columns
                if face.width < (0.65 if roomy else 0.5) * (right - left):
                    found.append(f"{where}: the card is {face.width:.0f} wide in {right - left}")
                if face.left < left or face.right > right or face.bottom < bottom:
                    found.append(f"{where}: the card leaves its panel")
                texts = [t for t in texts_of(view) if left_right(t)[0] >= left]
                numbers_bottom = min(t.y for t in texts if t.y > face.top)
                if face.top > numbers_bottom - theme.px(8):
                    found.append(f"{where}: the card runs into the numbers")
                found += overlaps(texts, where)
    win.app.session = None
    i18n.set_language("en")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_bots_fight_fills_the_buttons_panel(win: StalkerWindow, language: str) -> None:
    """A bot seat's fight (FIGHT-2 watched): the buttons panel says whose fight it is at its top
    and what the bot does in the row a player's auto-resolve takes, at 1280x800 and 1920x1080,
    every text fitting."""
    from stalkerzone.client.screens.fight.screen import FightView
    from tests.client.test_client_screens import into_fight

    session = into_fight(win, "leshak", bot="normal")
    found: list[str] = []
    for setting in (1.0, max(UI_SCALES)):
        win.app.update_settings(replace(win.app.settings, language=language, ui_scale=setting))
        for w, h in SIZES[1:]:
            where = f"{language} {w}x{h} {setting:.0%}"
            with pretend_size(win, w, h):
                view = opened(win.show_screen("fight"), FightView)
                view.skip()
                assert view.is_bot() and view.page is not None
                left, right, bottom, top = view.panels["actions"]
                name = session.state.players[session.state.current_player].name
                title = i18n.t("fight.watch_title", name=name)
                inside = [
                    t for t in texts_of(view) if left <= t.x <= right and bottom <= t.y <= top
                ]
                heads = [t for t in inside if t.text == title and t.y >= top - theme.px(50)]
                if not heads:
                    found.append(f"{where}: no {title!r} at the top of the buttons panel")
                deciding = i18n.t("fight.bot_deciding")
                if not any(t.text == deciding for t in inside):
                    found.append(f"{where}: no {deciding!r} in the buttons panel")
                found += misfits(view, f"bot fight {where}")
    win.app.session = None
    i18n.set_language("en")
    assert not found, "\n".join(found)
