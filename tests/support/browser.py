"""The web page in a real browser: the system's Chromium driven by Playwright, and a player
that plays a browser seat through the page itself (buttons, keys), never by sending messages.

Chromium comes from the system packages (``apt-get install -y chromium``); Playwright from PyPI
(its own browser download is never used). Every wait has a timeout.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
INSTALL = "apt-get install -y chromium (the system Chromium) and pip install playwright"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WAIT_MS = 10_000
"""The longest any one wait for the page takes (milliseconds)."""
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if not CHROMIUM.exists():
        return f"no {CHROMIUM}: {INSTALL}"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return f"no playwright: {INSTALL}"
    return None


def launch(playwright: Any) -> Any:
    """The system Chromium, headless."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, timeout=WAIT_MS)


def page_state(page: Any) -> dict[str, Any]:
    """What the page holds: its last view's state, legal actions, seats and viewer."""
    found: dict[str, Any] = page.evaluate(
        "() => { const p = globalThis.stalkerzonePage; return p && p.view ?"
        " {state: p.view.state, legal: p.legal, seats: p.seats, viewer: p.viewer,"
        " version: p.view.version, tab: p.tab} : null; }"
    )
    return found


def wait_version(page: Any, version: int) -> None:
    """Wait until the page shows the view of ``version`` actions."""
    page.wait_for_function(
        "(v) => document.body.dataset.version === String(v)", arg=version, timeout=WAIT_MS
    )


def hex_site(page: Any, to: list[int]) -> str:
    """The site of the world hex ``to`` as the page drew it ("" for none)."""
    site: str = page.evaluate(
        "(k) => { const h = globalThis.stalkerzonePage.board.hexes.get(k);"
        " return h && h.site ? h.site : ''; }",
        f"{to[0]},{to[1]}",
    )
    return site


def choose_move(page: Any, moves: list[dict[str, Any]], seek: str) -> dict[str, Any]:
    """A reachable hex: one whose site starts with ``seek`` if any, else the farthest listed."""
    for site_start in (seek, "danger"):
        for move in moves:
            if site_start and hex_site(page, move["to"]).startswith(site_start):
                return move
    return moves[-1]


def play_step(page: Any, *, seek: str = "danger", trade: bool = True, stalker: bool = False) -> str:
    """Play one legal action of the page's seat through the page (keyboard or taps), wait
    until the page shows the host's answer (a later view) and say which kind it was; "" if
    the seat has nothing to do. ``stalker``: move a card between the stalker card's slots and
    backpack first when the seat may."""
    shown = page_state(page)
    legal: list[dict[str, Any]] = shown["legal"] if shown else []
    if not legal:
        return ""
    kind = _press(page, shown, legal, seek=seek, trade=trade, stalker=stalker)
    page.wait_for_function(
        "(v) => Number(document.body.dataset.version) > v", arg=shown["version"], timeout=WAIT_MS
    )
    return kind


def _press(
    page: Any,
    shown: dict[str, Any],
    legal: list[dict[str, Any]],
    *,
    seek: str,
    trade: bool,
    stalker: bool,
) -> str:
    """Press what plays one of ``legal``; which kind of action it was."""
    for kind in ("Activate", "Stash"):
        moving = [a for a in legal if a["type"] == kind]
        if stalker and moving:
            show_tab(page, "stalker")
            card = moving[0]["card"]
            page.locator(f"#stalker-card li[data-card='{card}'] .card-actions button").first.click(
                timeout=WAIT_MS
            )
            return kind
    kinds = {a["type"] for a in legal}
    state = shown["state"]
    if "PlaceSector" in kinds:
        page.locator("#layout-panel .actions button").first.click(timeout=WAIT_MS)
        page.locator("#layout-place").click(timeout=WAIT_MS)
        return "PlaceSector"
    if "FightDecision" in kinds:
        show_tab(page, "fight")
        page.locator("[data-group=FightDecision] button").first.click(timeout=WAIT_MS)
        return "FightDecision"
    if "DiscardArmour" in kinds:
        show_tab(page, "stalker")
        page.locator("#stalker-card .card-actions button").first.click(timeout=WAIT_MS)
        return "DiscardArmour"
    buys = [a for a in legal if a["type"] == "Buy"]
    me = state["players"][shown["viewer"]]
    if trade and buys and not me["backpack"] and me["weapon"] is None:
        show_tab(page, "base")
        affordable = [a for a in buys if a["card"] in ("pm-pistol", "berdan-rifle", "toz-34")]
        card = (affordable or buys)[0]["card"]
        page.locator(f"[data-group=Buy] button[data-card='{card}']").click(timeout=WAIT_MS)
        return "Buy"
    moves = [a for a in legal if a["type"] == "Move"]
    if moves and state["step"] == "move":
        show_tab(page, "board")
        move = choose_move(page, moves, seek)
        target = page.locator(f"#map .reach[data-hex='{move['to'][0]},{move['to'][1]}']")
        target.focus(timeout=WAIT_MS)
        target.press("Enter", timeout=WAIT_MS)
        page.locator("#move-confirm").press("Enter", timeout=WAIT_MS)
        return "Move"
    if "EndTurn" in kinds:
        page.locator("#end-turn").click(timeout=WAIT_MS)
        return "EndTurn"
    # anything else the seat may do: the first button of the other actions, or the page's own
    # listing of them (the stalker card's or the base's)
    if "Activate" in kinds or "Stash" in kinds:
        show_tab(page, "stalker")
        page.locator("#stalker-card .card-actions button").first.click(timeout=WAIT_MS)
        return "Stalker"
    show_tab(page, "base")
    page.locator("#base-panel button").first.click(timeout=WAIT_MS)
    return "Base"


def show_tab(page: Any, name: str) -> None:
    page.locator(f".tab[data-tab={name}]").click(timeout=WAIT_MS)


def as_json(value: Any) -> Any:
    """``value`` through JSON (tuples become lists), to compare with what a page holds."""
    return json.loads(json.dumps(value))
