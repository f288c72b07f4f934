"""The browser seat's table beyond the basics, in the system's Chromium: a stalker chosen on the
join page (ST-3), the exact odds beside each fight decision (FIGHT-2), undo where the engine
allows (TURN-2), the accessibility checker (axe-core) on every state of the page at phone and
desktop sizes, and a whole express game of two browser seats and a bot played to its end
(WIN-1) through the pages' own controls, the story shown at the end.

Every action a browser seat plays is pressed on its page: a control that carries the action's
place in the page's legal list (``data-legal``), a hex of the map and its confirmation, the
layout's slot and Place. Which of the page's legal actions to press is a bot's choice (so the
game goes somewhere), read on the host.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

import pytest

from stalkerzone.bots import players as bots
from stalkerzone.bots.memory import BotMemory
from stalkerzone.client.screens.fight.odds_worker import FightOdds
from stalkerzone.client.screens.fight.presenter import odds_line, winning_most
from stalkerzone.client.text import i18n
from stalkerzone.client.text.i18n import percent
from stalkerzone.content.variants import load_variant
from stalkerzone.engine.game import GameSetup, PlayerSetup, legal_actions
from stalkerzone.engine.game import record as records
from stalkerzone.network.fight_odds import decision_of
from stalkerzone.network.server import GameServer
from stalkerzone.network.table import GameTable
from stalkerzone.odds import Odds
from stalkerzone.persistence.serialize import action_to_json
from stalkerzone.story import build_story
from tests.support import browser
from tests.support.accessibility import serious_violations, with_axe
from tests.support.base import base_cards, sectors
from tests.support.network import LOOPBACK, hosted, table
from tests.support.records import packs
from tests.web.test_browser_seats import CODE, check_shown, settle

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(browser.missing() is not None, reason=str(browser.missing())),
]
TABS = {
    "Activate": "stalker",
    "Stash": "stalker",
    "DiscardArmour": "stalker",
    "Buy": "base",
    "Sell": "base",
    "TakeOrder": "base",
    "DeliverOrder": "base",
    "GiveUpOrder": "base",
    "Heal": "base",
    "FightDecision": "fight",
    "Move": "board",
}
SIZES = ("phone", "desktop")
STATIC = ("join", "stalker", "log", "rules", "over")
"""The states checked once per page besides those met in play (layout, board, base, fight)."""
GAME_STEPS = 900
"""The most browser actions the whole game may take (an express game of three takes ~250)."""


def open_page(chromium: Any, server: GameServer, size: dict[str, int], problems: list[str]) -> Any:
    context = with_axe(chromium.new_context(viewport=size))
    page = context.new_page()
    page.set_default_timeout(browser.WAIT_MS)
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.goto(f"http://{LOOPBACK}:{server.port}/#code={CODE}")
    page.wait_for_selector("#join-button:enabled")
    return page


def join(page: Any, name: str = "") -> None:
    if name:
        page.locator("#join-name").fill(name)
    page.locator("#join-button").click()
    page.wait_for_selector("body[data-phase]")


def bot_choice(server: GameServer, game: GameTable, memory: BotMemory) -> dict[str, Any]:
    """What a bot would play for the seat to act now (one of its legal actions, as JSON)."""

    def choose() -> dict[str, Any]:
        state = game.state
        return action_to_json(
            bots.choose(state, None, "normal", legal_actions(state), memory=memory)
        )

    chosen: dict[str, Any] = server.call(choose)
    return chosen


NAMED_BUTTON = """(e) => {
    const role = e.getAttribute('role') || (e.tagName === 'BUTTON' ? 'button' : '');
    const name = (e.getAttribute('aria-label') || e.innerText || '').trim();
    return role === 'button' && name.length > 0 && !e.closest('[aria-hidden=true]');
}"""
"""A control a screen reader announces as a button with a name (not hidden from it)."""


def press(page: Any, action: dict[str, Any]) -> None:
    """Play ``action`` (one of the page's legal actions) by pressing the page's own controls
    from the keyboard, each a named button (what a screen reader announces); wait until the
    page shows the host's answer."""
    shown = browser.page_state(page)
    legal: list[dict[str, Any]] = shown["legal"]
    kind = action["type"]
    if kind == "PlaceSector":
        assert browser.play_step(page) == "PlaceSector"  # the page's own first placement
        return
    tab = TABS.get(kind)
    if tab is not None:
        browser.show_tab(page, tab)
    if kind == "Move":
        target = page.locator(f"#map .reach[data-hex='{action['to'][0]},{action['to'][1]}']")
        confirm = page.locator("#move-confirm")
        target.focus()
        assert target.evaluate(NAMED_BUTTON), "a reachable hex with no button role or name"
        target.press("Enter")
        assert confirm.evaluate(NAMED_BUTTON), "the move's confirmation"
        confirm.press("Enter")
    else:
        control = page.locator(f"[data-legal='{legal.index(action)}']")
        if control.count() == 0 and kind == "TakeOrder":  # two copies of one order: one button
            same = action["card"].split("#")[0]
            control = page.locator(f"[data-group=TakeOrder] button[data-card^='{same}#']")
        button = control.first
        assert button.evaluate(NAMED_BUTTON), f"{kind}: a control with no button role or name"
        button.focus()  # pressed from the keyboard, as a screen reader's user does
        button.press("Enter")
    page.wait_for_function(
        "(v) => Number(document.body.dataset.version) !== v", arg=shown["version"]
    )


def test_a_stalker_is_chosen_on_the_join_page_with_its_portrait(chromium: Any, shots: Path) -> None:
    game = table(("remote", "remote", "bot"), seed=3)
    game.code = CODE
    problems: list[str] = []
    with hosted(game) as server:
        taken = server.call(lambda: game.state.players[2].stalker)  # the bot's
        phone = open_page(chromium, server, browser.PHONE, problems)
        phone.wait_for_selector("#join-stalker-set:not([hidden]) .stalker-choice")
        offered = phone.eval_on_selector_all(
            ".stalker-choice", "c => c.map(x => x.dataset.stalker)"
        )
        assert taken not in offered and len(offered) == 5
        dealt = server.call(lambda: [p.stalker for p in game.state.players])
        chosen = next(s for s in offered if s not in dealt)
        phone.wait_for_function(
            "(s) => document.querySelector(`[data-stalker='${s}'] img`).naturalWidth > 0",
            arg=chosen,
        )
        phone.screenshot(path=str(shots / "phone-join-stalker.png"), full_page=True)
        assert serious_violations(phone) == []
        phone.locator(f".stalker-choice[data-stalker='{chosen}']").click()
        phone.locator("#lang").click()  # the stalkers offered again in Russian: still chosen
        phone.wait_for_function("() => document.documentElement.lang === 'ru'")
        phone.wait_for_function(
            "(s) => document.querySelector(`[data-stalker='${s}'] input`)?.checked", arg=chosen
        )
        phone.screenshot(path=str(shots / "phone-join-stalker-ru.png"), full_page=True)
        phone.locator("#lang").click()
        phone.wait_for_function("() => document.documentElement.lang === 'en'")
        phone.wait_for_function(
            "(s) => document.querySelector(`[data-stalker='${s}'] input`)?.checked", arg=chosen
        )
        join(phone, "Anna")
        assert server.call(lambda: game.state.players[0].stalker) == chosen
        check_shown(phone, server, game)
        assert chosen in phone.locator("#players li[data-seat='0']").inner_text().lower()
    assert problems == []


def shown_safe_lines(phone: Any) -> list[str]:
    """The page's best-move line and its win-most line (when it shows one)."""
    lines: list[str] = phone.locator("[data-testid=odds-best]").all_inner_texts()
    most: list[str] = phone.locator("[data-testid=odds-win-most]").all_inner_texts()
    return lines + most


def desktop_safe_lines(phone: Any, odds: dict[str, Any], decisions: list[Any]) -> list[str]:
    """The desktop panel's lines for the host's odds (FIGHT-2, FIGHT-3): the safest move with its
    chance to live, the move that wins most (``winning_most``) with its button's figures; each move
    named as the page's own button for it reads."""
    labels: list[str] = phone.locator("[data-group=FightDecision] button").all_inner_texts()

    def named(action: Any) -> str:
        return labels[next(k for k, a in enumerate(decisions) if a == action)]

    def odds_of(row: dict[str, float]) -> Odds:
        return Odds(row["win"], row["death"], row["escape"], 0)

    now, best = odds_of(odds["now"]), odds["best"]
    if not odds["can_escape"]:
        return [i18n.t("fight.best_move", move=named(best))]
    rows = {decision_of(r["action"]): r for r in odds["decisions"]}
    per = tuple((d, odds_of(r)) for d, r in rows.items() if d is not None)
    lines = [i18n.t("fight.safest_move", move=named(best), alive=percent(now.win + now.escape))]
    most = winning_most(FightOdds(now, decision_of(best), per))
    if most is not None:
        action = rows[most[0]]["action"]
        win, death = percent(most[1].win), percent(most[1].death)
        lines.append(i18n.t("fight.win_most", move=named(action), win=win, death=death))
    return lines


def cornered_odds(odds: dict[str, Any]) -> dict[str, Any]:
    """The host's odds of a fight made over as one where escaping is safest (sure) and attacking
    wins most: a grenade or a stimulator wins as often, so the plain attack is named (FIGHT-2)."""
    escape = next(r["action"] for r in odds["decisions"] if r["action"]["action"] == "escape")
    rows = [
        {**r, "win": 0.0, "death": 0.0, "escape": 1.0}
        if r["action"]["action"] == "escape"
        else {**r, "win": 0.5, "death": 0.2, "escape": 0.3}
        for r in odds["decisions"]
    ]
    now = {"win": 0.0, "death": 0.0, "escape": 1.0}
    return {**odds, "can_escape": True, "now": now, "best": escape, "decisions": rows}


def show_odds(phone: Any, odds: dict[str, Any]) -> None:
    """The page drawn again with ``odds`` as its view's."""
    script = "(odds) => { const p = globalThis.stalkerzonePage; p.view.odds = odds; p.render(); }"
    phone.evaluate(script, odds)


def test_each_fight_decision_shows_its_exact_odds_as_the_desktop_prints_them(
    chromium: Any, shots: Path
) -> None:
    i18n.set_language("en")  # the desktop's words the page starts with, whatever ran before
    game = table(("remote", "bot"), seed=5, zone_mode="free")
    game.code = CODE
    problems: list[str] = []
    memory = BotMemory()
    with hosted(game) as server:
        phone = open_page(chromium, server, browser.PHONE, problems)
        join(phone)
        for _ in range(GAME_STEPS):
            version = settle(server, game)
            browser.wait_version(phone, version)
            if server.call(lambda: game.legal_of((0,)) and game.state.phase == "fight"):
                break
            press(phone, bot_choice(server, game, memory))
        else:
            raise AssertionError("no fight")
        browser.show_tab(phone, "fight")
        view = phone.evaluate("() => globalThis.stalkerzonePage.view")
        decisions = [a for a in view["legal"] if a["type"] == "FightDecision"]
        rows = {repr(r["action"]): r for r in view["odds"]["decisions"]}
        ordered = [rows[repr(a)] for a in decisions]
        expected = [odds_line(Odds(r["win"], r["death"], r["escape"], 0)) for r in ordered]
        shown = phone.locator("[data-testid=decision-odds]").all_inner_texts()
        assert shown == expected and shown
        assert phone.locator("[data-group=FightDecision] button").count() == len(decisions)
        now = view["odds"]["now"]
        line = phone.locator("[data-testid=odds-now]").inner_text()
        assert odds_line(Odds(now["win"], now["death"], now["escape"], 0)).split(" · ")[0] in line
        assert desktop_safe_lines(phone, view["odds"], decisions) == shown_safe_lines(phone)
        cornered = cornered_odds(view["odds"])  # escaping safest, attacking wins most
        show_odds(phone, cornered)
        assert len(shown_safe_lines(phone)) == 2
        assert shown_safe_lines(phone) == desktop_safe_lines(phone, cornered, decisions)
        show_odds(phone, view["odds"])
        phone.screenshot(path=str(shots / "phone-fight-odds.png"), full_page=True)
        assert serious_violations(phone) == []
        phone.locator("#lang").click()  # the same lines in Russian, in its number format
        phone.wait_for_function("() => document.documentElement.lang === 'ru'")
        before = i18n.language()
        i18n.set_language("ru")
        try:
            russian = [odds_line(Odds(r["win"], r["death"], r["escape"], 0)) for r in ordered]
        finally:
            i18n.set_language(before)
        assert phone.locator("[data-testid=decision-odds]").all_inner_texts() == russian
        i18n.set_language("ru")
        try:
            safe_ru = desktop_safe_lines(phone, view["odds"], decisions)
        finally:
            i18n.set_language(before)
        assert shown_safe_lines(phone) == safe_ru
        phone.locator("#lang").click()
        press(phone, decisions[0])  # the odds go with the fight
        check_shown(phone, server, game)
    assert problems == []


def test_undo_takes_back_a_purchase_and_says_why_it_cannot_after_dice(chromium: Any) -> None:
    game = table(("remote", "bot"), seed=5, zone_mode="free")
    game.code = CODE
    problems: list[str] = []
    with hosted(game) as server:
        phone = open_page(chromium, server, browser.PHONE, problems)
        join(phone)
        assert phone.locator("#undo").is_disabled()
        assert "nothing has been done yet" in phone.locator("#undo-why").inner_text()
        before = browser.page_state(phone)["state"]
        buy = next(a for a in browser.page_state(phone)["legal"] if a["type"] == "Buy")
        press(phone, buy)
        assert server.call(lambda: game.version) == 1
        assert phone.locator("#undo").is_enabled()
        assert phone.locator("#undo-why").count() == 0
        phone.locator("#undo").click()
        browser.wait_version(phone, 0)
        assert server.call(lambda: game.version) == 0
        assert browser.page_state(phone)["state"] == before
        check_shown(phone, server, game)
        move = next(a for a in browser.page_state(phone)["legal"] if a["type"] == "Move")
        press(phone, move)
        version = settle(server, game)
        browser.wait_version(phone, version)
        if server.call(lambda: game.state.current_player) == 0:
            allowed = server.call(lambda: game.legal_of((0,)))
            assert phone.locator("#undo").is_enabled() == ({"type": "Undo"} in allowed)
        check_shown(phone, server, game)
    assert problems == []


def test_an_undo_refused_names_whose_action_it_is_in_either_language(
    chromium: Any, shots: Path
) -> None:
    game = table(("remote", "remote"), seed=3)  # the layout: each seat places in turn
    game.code = CODE
    problems: list[str] = []
    with hosted(game) as server:
        first = server.call(lambda: game.state.current_player)
        anna = open_page(chromium, server, browser.DESKTOP, problems)
        boris = open_page(chromium, server, browser.PHONE, problems)
        pages = {first: anna, 1 - first: boris}
        join(pages[0], "Anna" if first == 0 else "Boris")
        join(pages[1], "Boris" if first == 0 else "Anna")
        assert browser.play_step(anna) == "PlaceSector"
        browser.wait_version(boris, 1)
        why = boris.locator("#undo-why")
        assert "only Anna can take back Anna's own action" in why.inner_text()
        boris.locator("#lang").click()
        boris.wait_for_function("() => document.documentElement.lang === 'ru'")
        assert "отменить действие игрока Anna может только Anna" in why.inner_text()
        boris.screenshot(path=str(shots / "phone-undo-refused-ru.png"), full_page=True)
    assert problems == []


def finished_table() -> GameTable:
    """A game the bots played to its end (seat 1 a bot, seat 0 waiting for a browser)."""
    players = (PlayerSetup("Anna", "gromoboy", None), PlayerSetup("Bot 1", "nosorog", "easy"))
    setup = GameSetup(3, players, load_variant("express"), "free")
    record = records.start(setup, base_cards(), sectors())
    memory = BotMemory()
    for _ in range(3000):
        if record.state.is_terminal:
            break
        record = records.play(record, bots.choose(record.state, None, "easy", memory=memory))
    assert record.state.phase == "over"
    return GameTable.create(record, ("remote", "bot"), packs=packs(), autosave=False, code=CODE)


def test_the_accessibility_checker_finds_nothing_serious_on_any_state_of_the_page(
    chromium: Any,
) -> None:
    game = table(("remote", "remote", "bot"), seed=5)
    game.code = CODE
    problems: list[str] = []
    found: dict[str, list[dict[str, Any]]] = {}
    memory = BotMemory()

    def check(page: Any, where: str) -> None:
        found[where] = serious_violations(page)

    with hosted(game) as server:
        phone = open_page(chromium, server, browser.PHONE, problems)
        desktop = open_page(chromium, server, browser.DESKTOP, problems)
        check(phone, "phone join")
        check(desktop, "desktop join")
        join(phone, "Anna")
        join(desktop, "Boris")
        pages = {0: phone, 1: desktop}
        every = {
            f"{size} {state}" for size in SIZES for state in ("layout", "board", "base", "fight")
        }
        for _ in range(GAME_STEPS):
            version = settle(server, game)
            for page in pages.values():
                browser.wait_version(page, version)
            state = server.call(lambda: game.state)
            seat = state.current_player
            page = pages[seat]
            size = "phone" if seat == 0 else "desktop"
            legal = server.call(partial(game.legal_of, (seat,)))
            kinds = {a["type"] for a in legal}
            if state.phase == "layout" and f"{size} layout" not in found:
                check(page, f"{size} layout")
            if "Move" in kinds and f"{size} board" not in found:
                browser.show_tab(page, "board")
                check(page, f"{size} board")
            if kinds & {"Buy", "Sell", "Heal", "TakeOrder"} and f"{size} base" not in found:
                browser.show_tab(page, "base")
                check(page, f"{size} base")
            if "FightDecision" in kinds and f"{size} fight" not in found:
                browser.show_tab(page, "fight")
                check(page, f"{size} fight")
            if every <= set(found):
                break
            press(page, bot_choice(server, game, memory))
        for size, page in (("phone", phone), ("desktop", desktop)):
            for tab in ("stalker", "log", "rules"):
                browser.show_tab(page, tab)
                check(page, f"{size} {tab}")
    over = finished_table()
    with hosted(over) as server:
        for where, viewport, press_first in (
            ("phone", browser.PHONE, "#join-button"),
            ("desktop", browser.DESKTOP, "#watch-button"),
        ):
            page = open_page(chromium, server, viewport, problems)
            page.locator(press_first).click()
            page.wait_for_selector("#game-over:not([hidden]) [data-testid=story]")
            check(page, f"{where} over")
    assert every | {f"{size} {tab}" for size in SIZES for tab in STATIC} <= set(found), sorted(
        found
    )
    assert {k: v for k, v in found.items() if v} == {}
    assert [p for p in problems if "Content Security Policy" in p or "page error" in p] == []


def test_a_whole_express_game_is_played_to_its_end_in_two_browsers_and_a_bot(
    chromium: Any, shots: Path
) -> None:
    game = table(("remote", "remote", "bot"), seed=1, variant="express")
    game.code = CODE
    problems: list[str] = []
    memory = BotMemory()
    with hosted(game) as server:
        phone = open_page(chromium, server, browser.PHONE, problems)
        desktop = open_page(chromium, server, browser.DESKTOP, problems)
        join(phone, "Anna")
        join(desktop, "Boris")
        pages = {0: phone, 1: desktop}
        played = {0: 0, 1: 0}
        for _ in range(GAME_STEPS):
            version = settle(server, game)
            for page in pages.values():
                browser.wait_version(page, version)
            state = server.call(lambda: game.state)
            if state.phase == "over":
                break
            seat = state.current_player
            press(pages[seat], bot_choice(server, game, memory))
            played[seat] += 1
        else:
            raise AssertionError(f"no end after {GAME_STEPS} browser actions")
        story = server.call(lambda: build_story(game.record).to_json())
        for name, page in (("phone", phone), ("desktop", desktop)):
            page.wait_for_selector("#game-over:not([hidden]) [data-testid=story]")
            check_shown(page, server, game)
            view = page.evaluate("() => globalThis.stalkerzonePage.view")
            assert view["story"] == story and view["legal"] == []
            rows = page.locator("[data-testid=story] > ul > li").count()
            assert rows == len(story["stalkers"])
            assert page.locator(".fight-story li").count() == len(story["fights"])
            page.screenshot(path=str(shots / f"{name}-game-over.png"), full_page=True)
        assert played[0] > 0 and played[1] > 0
    assert [p for p in problems if "Content Security Policy" in p or "page error" in p] == []
