"""Two browser seats in the system's Chromium (a phone at 390×844, a desktop at 1280×800) and a
bot play a hosted game from the layout to a move, a fight and a base visit, through the page's
own buttons and keys. At every step each page holds exactly its seat's view and legal actions
and shows them; a page reloaded mid-fight comes back to the fight with its token; every control
has a name, nothing focusable is hidden, text scales to 200 %; no CSP violation.

Screenshots go to ``$STALKERZONE_SCREENSHOTS`` (default: the test's temporary folder).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from stalkerzone.bots import players as bots
from stalkerzone.bots.memory import BotMemory
from stalkerzone.content.variants import load_variant
from stalkerzone.engine.game import GameSetup, PlayerSetup
from stalkerzone.engine.game import record as records
from stalkerzone.network.server import GameServer
from stalkerzone.network.table import GameTable
from stalkerzone.persistence.serialize import state_to_json
from tests.support import browser
from tests.support.base import base_cards, sectors
from tests.support.network import LOOPBACK, hosted, table
from tests.support.records import packs

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(browser.missing() is not None, reason=str(browser.missing())),
]
CODE = "K7MR2Q"
STEPS = 160
"""The most actions the browser seats play before every goal must have been reached."""
SETTLE_S = 10.0


def settle(server: GameServer, game: GameTable) -> int:
    """Wait (bounded) until no bot is to act; the number of actions played."""
    deadline = time.monotonic() + SETTLE_S
    while server.call(game.bot_to_act):
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.02)
    return server.call(lambda: game.version)


def check_shown(page: Any, server: GameServer, game: GameTable) -> dict[str, Any]:
    """The page's view is its seat's: the same state JSON, legal actions, viewer; and what
    it shows (body data, the players' rows, the stalker card) says the same."""
    shown = browser.page_state(page)
    seats = tuple(shown["seats"])
    truth, legal, viewer = server.call(
        lambda: (state_to_json(game.view_of(seats)), game.legal_of(seats), game.viewer_of(seats))
    )
    assert shown["state"] == browser.as_json(truth)
    assert shown["legal"] == browser.as_json(legal)
    assert shown["viewer"] == viewer
    data = page.evaluate("() => ({...document.body.dataset})")
    assert data["phase"] == truth["phase"]
    assert data["current"] == str(truth["current_player"])
    assert data["legal"] == str(len(legal))
    rows = page.eval_on_selector_all(
        "#players li", "rows => rows.map(r => [r.dataset.cash, r.dataset.health])"
    )
    assert rows == [[str(p["cash"]), str(p["health"])] for p in truth["players"]]
    if viewer < 0:  # a watcher: the public board, no stalker card
        assert page.locator("[data-testid=stalker-facts]").count() == 0
        return shown
    me = truth["players"][viewer]
    facts = page.locator("[data-testid=stalker-facts]")
    assert facts.get_attribute("data-cash") == str(me["cash"])
    assert facts.get_attribute("data-health") == str(me["health"])
    assert facts.get_attribute("data-elements") == str(me["elements"])
    return shown


def check_costs(page: Any, server: GameServer, game: GameTable, seat: int) -> int:
    """Each hex the page offers to move to shows the engine's cheapest cost of getting there
    (TURN-2); the number of hexes checked."""

    def engine_costs() -> dict[str, int]:
        state = game.state
        start = state.players[seat].position
        assert start is not None
        found = state.zone_map.reachable(start, 99, state.variant)
        return {f"{h.q},{h.r}": route.cost for h, route in found.items()}

    truth = server.call(engine_costs)
    shown = page.eval_on_selector_all(
        "#map .reach", "hexes => hexes.map(h => [h.dataset.hex, h.dataset.cost])"
    )
    assert shown
    for where, cost in shown:
        assert cost == str(truth[where]), where
    return len(shown)


INTERACTIVE = {"button", "link", "textbox", "searchbox", "radio", "checkbox", "combobox", "tab"}


def check_accessible(page: Any) -> None:
    """Every interactive node of the accessibility tree has a name; every focusable element
    is shown (no focus lands on something hidden)."""
    cdp = page.context.new_cdp_session(page)
    try:
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()
    unnamed = []
    for node in nodes:
        role = node.get("role", {}).get("value", "")
        if role in INTERACTIVE and not node.get("ignored"):
            name = str(node.get("name", {}).get("value", "")).strip()
            if not name:
                unnamed.append(role)
    assert unnamed == []
    hidden = page.evaluate(
        """() => [...document.querySelectorAll(
              'a[href], button, input, select, textarea, [tabindex]')]
            .filter(e => e.tabIndex >= 0 && !e.disabled)
            .filter(e => !e.closest('[hidden]'))
            .filter(e => !e.checkVisibility() || e.closest('[aria-hidden=true]'))
            .map(e => e.outerHTML.slice(0, 80))"""
    )
    assert hidden == []


def check_scales(page: Any) -> None:
    """At 200 % text nothing makes the page scroll sideways."""
    page.evaluate("() => { document.documentElement.style.fontSize = '200%'; }")
    try:
        wide = page.evaluate(
            "() => document.scrollingElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert wide <= 1
    finally:
        page.evaluate("() => { document.documentElement.style.fontSize = ''; }")


def open_seat(chromium: Any, server: GameServer, size: dict[str, int], problems: list[str]) -> Any:
    context = chromium.new_context(viewport=size)
    page = context.new_page()
    page.set_default_timeout(browser.WAIT_MS)
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.goto(f"http://{LOOPBACK}:{server.port}/#code={CODE}")
    page.wait_for_selector("#join-button:enabled")
    return page


def test_two_browser_seats_and_a_bot_play_to_a_move_a_fight_and_a_base(
    chromium: Any, shots: Path
) -> None:
    game = table(("remote", "remote", "bot"), seed=5)
    game.code = CODE
    problems: list[str] = []
    with hosted(game) as server:
        phone = open_seat(chromium, server, browser.PHONE, problems)
        assert phone.locator("#join-code").input_value() == CODE
        check_accessible(phone)
        phone.screenshot(path=str(shots / "phone-join.png"))
        desktop = open_seat(chromium, server, browser.DESKTOP, problems)
        phone.locator("#join-name").fill("Anna")
        phone.locator("#join-button").click()
        phone.wait_for_selector("body[data-phase]")
        desktop.locator("#join-button").click()
        desktop.wait_for_selector("body[data-phase]")
        pages = {0: phone, 1: desktop}
        done: dict[int, set[str]] = {0: set(), 1: set()}
        reloaded = False
        moved: list[str] = []  # the phone's cards moved between the slots and the backpack
        for _ in range(STEPS):
            version = settle(server, game)
            for page in pages.values():
                browser.wait_version(page, version)
                check_shown(page, server, game)
            state = server.call(lambda: game.state)
            if state.phase == "over":
                break
            seat = state.current_player
            page = pages[seat]
            if seat == 0 and state.phase == "fight" and not reloaded:
                check_accessible(phone)
                phone.reload()
                phone.wait_for_function(
                    "(v) => document.body.dataset.version === String(v)"
                    " && document.body.dataset.tab === 'fight'",
                    arg=version,
                )
                assert "token" in phone.locator("#status").inner_text()
                assert phone.locator("[data-group=FightDecision] button").count() > 0
                check_shown(phone, server, game)
                phone.screenshot(path=str(shots / "phone-fight.png"))
                reloaded = True
            if seat == 0 and state.phase == "layout" and not done[0]:
                phone.screenshot(path=str(shots / "phone-layout.png"))
            if seat == 0 and "Buy" not in done[0] and state.phase == "turn":
                browser.show_tab(phone, "base")
                phone.screenshot(path=str(shots / "phone-base.png"))
            if (
                seat == 0
                and state.phase == "turn"
                and state.step == "move"
                and "Move" not in done[0]
            ):
                browser.show_tab(phone, "board")
                framed = phone.locator("#map").get_attribute("viewBox")
                phone.locator("#map .reach").first.focus()
                phone.keyboard.press("ArrowRight")  # the keys pan the map
                assert phone.locator("#map").get_attribute("viewBox") != framed
                phone.keyboard.press("ArrowLeft")
                phone.screenshot(path=str(shots / "phone-board.png"))
            kind = browser.play_step(page, stalker=seat == 0 and len(moved) < 2)
            if kind in ("Stash", "Activate"):
                moved.append(kind)
            assert kind, f"seat {seat} is to act but its page offers nothing"
            done[seat].add(kind)
            goals = {"PlaceSector", "Move", "FightDecision", "Buy"}
            if (
                goals <= done[0]
                and goals - {"FightDecision"} <= done[1]
                and reloaded
                and len(moved) == 2
            ):
                break
        browser.show_tab(phone, "stalker")
        phone.screenshot(path=str(shots / "phone-stalker.png"), full_page=True)
        check_accessible(phone)
        check_scales(phone)
        desktop.screenshot(path=str(shots / "desktop-board.png"))
        check_accessible(desktop)
        assert {"PlaceSector", "Move", "FightDecision", "Buy"} <= done[0], done
        assert {"PlaceSector", "Move", "Buy"} <= done[1], done
        assert reloaded
        assert moved == ["Stash", "Activate"]
    assert [p for p in problems if "Content Security Policy" in p or "page error" in p] == []


def test_the_rules_are_searched_in_either_language(chromium: Any) -> None:
    game = table(("remote", "bot"), seed=3)
    game.code = CODE
    problems: list[str] = []
    with hosted(game) as server:
        page = open_seat(chromium, server, browser.PHONE, problems)
        page.locator("#join-button").click()
        page.wait_for_selector("body[data-phase]")
        browser.show_tab(page, "rules")
        page.locator("#rules-search").fill("гранат")
        page.wait_for_selector("#rules-list button[data-rule]")
        found = page.eval_on_selector_all("#rules-list button", "b => b.map(x => x.dataset.rule)")
        assert "FIGHT-2" in found
        page.locator("#rules-list button[data-rule='FIGHT-2']").click()
        assert "FIGHT-2" in page.locator("#rules-text h3").inner_text()
        page.locator("#lang").click()
        page.wait_for_function("() => document.documentElement.lang === 'ru'")
        page.wait_for_function(
            "() => /[а-я]/i.test(document.querySelector('#rules-text').textContent)"
        )
        check_accessible(page)
    assert [p for p in problems if "Content Security Policy" in p or "page error" in p] == []


def test_a_dropped_connection_comes_back_to_its_seat_by_itself(chromium: Any) -> None:
    game = table(("remote", "bot"), seed=3)
    game.code = CODE
    problems: list[str] = []
    with hosted(game) as server:
        page = open_seat(chromium, server, browser.PHONE, problems)
        page.locator("#join-button").click()
        page.wait_for_selector("body[data-phase]")
        token = page.evaluate(
            "() => JSON.parse(localStorage.getItem(Object.keys(localStorage)[0]))"
        )
        assert token["code"] == CODE and len(token["token"]) >= 16
        page.evaluate("() => globalThis.stalkerzonePage.ws.close()")  # the network drops
        page.wait_for_function(
            "() => document.querySelector('#status').textContent.includes('s (')"
        )
        page.wait_for_function(
            "() => document.querySelector('#status').textContent.includes('token')"
        )
        assert browser.page_state(page)["seats"] == [0]
        check_shown(page, server, game)
        assert browser.play_step(page) == "PlaceSector"
        version = settle(server, game)
        browser.wait_version(page, version)
        check_shown(page, server, game)
    assert [p for p in problems if "Content Security Policy" in p or "page error" in p] == []


def test_a_wrong_table_code_is_refused_on_the_join_page(chromium: Any) -> None:
    game = table(("remote", "bot"), seed=3)
    game.code = CODE
    problems: list[str] = []
    with hosted(game) as server:
        page = open_seat(chromium, server, browser.PHONE, problems)
        page.locator("#join-code").fill("WRONG1")
        page.locator("#join-button").click()
        page.wait_for_function("() => document.querySelector('#join-error').textContent !== ''")
        assert "code" in page.locator("#join-error").inner_text()
        assert page.locator("#join").is_visible()
        assert server.call(lambda: [c.seats for c in game.connections.values()]) in ([], [None])


def test_a_watcher_sees_the_public_board_and_is_offered_nothing(chromium: Any) -> None:
    game = table(("remote", "bot"), seed=3, zone_mode="free")
    game.code = CODE
    problems: list[str] = []
    with hosted(game) as server:
        page = open_seat(chromium, server, browser.DESKTOP, problems)
        page.locator("#watch-button").click()
        page.wait_for_selector("body[data-phase]")
        version = settle(server, game)
        browser.wait_version(page, version)
        shown = check_shown(page, server, game)
        assert shown["viewer"] == -1 and shown["seats"] == [] and shown["legal"] == []
        assert page.locator("#map .reach, #map .slot.legal, #end-turn").count() == 0
        assert page.locator("#map .hex").count() == 190  # ten sectors of 19 hexes
        check_accessible(page)
    assert [p for p in problems if "Content Security Policy" in p or "page error" in p] == []


def test_the_end_of_a_game_shows_the_winner_and_the_standings(chromium: Any, shots: Path) -> None:
    players = (PlayerSetup("Anna", "gromoboy", None), PlayerSetup("Bot 1", "nosorog", "easy"))
    setup = GameSetup(3, players, load_variant("express"), "free")
    record = records.start(setup, base_cards(), sectors())
    memory = BotMemory()
    for _ in range(3000):  # the bots play both seats to the end (247 actions)
        if record.state.is_terminal:
            break
        record = records.play(record, bots.choose(record.state, None, "easy", memory=memory))
    assert record.state.phase == "over" and record.state.winner == 0
    game = GameTable.create(record, ("remote", "bot"), packs=packs(), autosave=False, code=CODE)
    problems: list[str] = []
    with hosted(game) as server:
        page = open_seat(chromium, server, browser.PHONE, problems)
        page.locator("#join-button").click()
        page.wait_for_selector("#game-over:not([hidden])")
        check_shown(page, server, game)
        assert "Anna" in page.locator("#over-text p").inner_text()
        standings = page.locator("[data-testid=standings] li").all_inner_texts()
        order = [record.state.players[seat].name for seat in record.state.standings]
        assert [line.split(" —")[0] for line in standings] == order
        assert page.locator("#end-turn, #map .reach, [data-group] button").count() == 0
        page.screenshot(path=str(shots / "phone-over.png"), full_page=True)
        check_accessible(page)
    assert [p for p in problems if "Content Security Policy" in p or "page error" in p] == []


def test_the_host_s_join_link_seats_a_phone_once_and_its_token_brings_it_back(
    chromium: Any,
) -> None:
    from stalkerzone.network.join_link import join_url

    game = table(("remote", "remote", "bot"), seed=3)
    game.code = CODE
    problems: list[str] = []
    with hosted(game) as server:
        code = server.call(game.join_codes.mint)
        url = join_url(LOOPBACK, server.port, code)
        phone = chromium.new_context(viewport=browser.PHONE).new_page()
        phone.set_default_timeout(browser.WAIT_MS)
        phone.on("pageerror", lambda e: problems.append(f"page error: {e}"))
        phone.goto(url)
        phone.locator("#join-button").click()
        phone.wait_for_selector("body[data-phase]")
        assert browser.page_state(phone)["seats"] == [0]
        phone.reload()  # the join code is spent: the token alone brings the seat back
        phone.wait_for_function(
            "() => document.querySelector('#status').textContent.includes('token')"
        )
        assert browser.page_state(phone)["seats"] == [0]
        check_shown(phone, server, game)
        other = chromium.new_context(viewport=browser.PHONE).new_page()
        other.set_default_timeout(browser.WAIT_MS)
        other.goto(url)  # the same link again, in another browser: refused
        other.locator("#join-button").click()
        other.wait_for_function("() => document.querySelector('#join-error').textContent !== ''")
        assert server.call(lambda: game.seats[1].holder) is None
    assert problems == []


ALERTS = """
globalThis.turnAlerts = {vibrate: 0, tones: 0};
navigator.vibrate = () => { globalThis.turnAlerts.vibrate += 1; return true; };
const tone = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () {
  globalThis.turnAlerts.tones += 1;
  return tone.call(this);
};
"""


def test_the_turn_s_start_beeps_vibrates_and_is_read_out(chromium: Any) -> None:
    game = table(("remote", "remote"), seed=3)
    game.code = CODE
    problems: list[str] = []
    with hosted(game) as server:
        pages = []
        for _ in range(2):
            context = chromium.new_context(viewport=browser.PHONE)
            context.add_init_script(ALERTS)
            page = context.new_page()
            page.set_default_timeout(browser.WAIT_MS)
            page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
            page.goto(f"http://{LOOPBACK}:{server.port}/#code={CODE}")
            page.locator("#join-button").click()
            page.wait_for_selector("body[data-phase]")
            pages.append(page)
        to_act = server.call(lambda: game.state.current_player)
        first, second = sorted(pages, key=lambda p: browser.page_state(p)["seats"] != [to_act])
        alerts = "() => globalThis.turnAlerts"
        assert first.evaluate(alerts) == {"vibrate": 1, "tones": 1}  # the layout is its turn
        assert second.evaluate(alerts) == {"vibrate": 0, "tones": 0}
        assert "Your turn" in first.locator("#announce").inner_text()
        assert browser.play_step(first) == "PlaceSector"
        browser.wait_version(second, server.call(lambda: game.version))
        assert second.evaluate(alerts) == {"vibrate": 1, "tones": 1}
        assert "Your turn" in second.locator("#announce").inner_text()
        assert first.evaluate(alerts) == {"vibrate": 1, "tones": 1}  # not again while it waits
    assert problems == []
