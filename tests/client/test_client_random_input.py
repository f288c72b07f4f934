"""Robustness: 10,000+ random input events — clicks, drags, keys, typed text,
the wheel, resizes — across every screen of a seeded game, without a single exception.

``window.raise_errors`` is on, so any exception inside a handler fails the test instead of
opening the error dialog. The seed makes a failure reproducible.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import arcade
import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import GameSession, GameSpec, SeatSpec
from stalkerzone.engine.play import Move, card_id
from tests.support.window import frame, game

EVENTS = 10_000
KEYS = (
    arcade.key.A,
    arcade.key.B,
    arcade.key.E,
    arcade.key.F,
    arcade.key.G,
    arcade.key.R,
    arcade.key.S,
    arcade.key.O,
    arcade.key.KEY_1,
    arcade.key.KEY_2,
    arcade.key.KEY_3,
    arcade.key.KEY_4,
    arcade.key.SPACE,
    arcade.key.ENTER,
    arcade.key.ESCAPE,
    arcade.key.F1,
    arcade.key.F11,
    arcade.key.UP,
    arcade.key.DOWN,
    arcade.key.LEFT,
    arcade.key.RIGHT,
    arcade.key.PLUS,
    arcade.key.MINUS,
    arcade.key.TAB,
    arcade.key.BACKSPACE,
)
TEXT = "abcxyz 0123 побегграната-_.!"


def set_state(session: GameSession, state: Any) -> None:
    """Test set-up only: put a hand-made state in place of the session's current one."""
    record = session.record
    session.record = replace(record, states=(*record.states[:-1], state))
    session.version += 1


def new_session(win: StalkerWindow, seed: int) -> GameSession:
    spec = GameSpec(
        seed=seed,
        seats=(SeatSpec("Anna", "gromoboy"), SeatSpec("Boris", "shustry")),
        zone_mode="free",
    )
    session = GameSession.start(win.app, spec)
    session.worker.synchronous = True
    session.autosave_enabled = False
    win.app.session = session
    return session


def fight_session(win: StalkerWindow, rng: random.Random) -> GameSession | None:
    """A seeded game whose current stalker walks into a danger (a real Move)."""
    for seed in range(3, 30):
        session = new_session(win, seed)
        state = session.state
        monster = rng.choice(sorted({card_id(c) for c in state.decks.monsters}))
        inst = next(c for c in state.decks.monsters if card_id(c) == monster)
        rest = tuple(c for c in state.decks.monsters if c != inst)
        set_state(session, replace(state, decks=replace(state.decks, monsters=(inst, *rest))))
        zone = session.state.zone_map
        moves = [
            a
            for a in session.legal_now()
            if isinstance(a, Move) and str(zone.hexes[a.to].site or "").startswith("danger")
        ]
        if moves:
            session.act(moves[0])
            if session.state.phase == "fight":
                return session
    return None


def open_screen(win: StalkerWindow, kind: str, rng: random.Random) -> None:
    """Open ``kind`` the way the game would (with the arguments it needs)."""
    session = win.app.session
    if kind == "fight":
        if fight_session(win, rng) is not None:
            win.show_screen("fight")
        return
    if kind in ("board", "stalker", "base", "menu", "gameover") and session is None:
        session = new_session(win, rng.randrange(1, 50))
    args: dict[str, Any] = {}
    if kind in ("rules",):
        args = {
            "back": win.current_screen,
            "section": rng.choice(["FIGHT", "EQ-2", "BASE-1", "MAP", "X"]),
        }
    elif kind in ("stalker", "base", "settings", "menu"):
        args = {"back": win.current_screen}
    elif kind == "saves":
        args = {"back": win.current_screen, "mode": rng.choice(["save", "load"])}
    elif kind == "handover":
        args = {"player": 0, "then": "board"}
    elif kind == "error":
        args = {"error": RuntimeError("a test error"), "back": win.current_screen}
    try:
        win.show_screen(kind, **args)
    except TypeError:
        win.show_screen(kind)


@pytest.mark.slow
def test_client_ten_thousand_random_events(window: StalkerWindow, monkeypatch: Any) -> None:
    from stalkerzone.client.app.context import AppContext, Presets
    from stalkerzone.client.app.settings import Settings
    from stalkerzone.client.text import i18n
    from stalkerzone.client.widgets import theme

    win = window
    win.app = AppContext(presets=Presets(seed=5), settings=Settings())
    i18n.set_language("en")
    theme.set_scale(1.0)
    monkeypatch.setattr(win, "close", lambda: None)  # the title's "Quit" must not end the run
    rng = random.Random(8)
    kinds = [
        "title",
        "newgame",
        "board",
        "stalker",
        "base",
        "fight",
        "rules",
        "settings",
        "menu",
        "saves",
        "handover",
        "gameover",
        "error",
        "layout",
    ]
    seen: set[str] = set()
    sent = 0
    chunk = EVENTS // (len(kinds) * 2) + 1
    order = kinds * 2
    opened = -1
    while sent < EVENTS:
        kind = order[(sent // chunk) % len(order)]
        if sent // chunk != opened:
            opened = sent // chunk
            i18n.set_language(rng.choice(("en", "ru")))  # both languages, several UI scales
            theme.set_scale(rng.choice((0.85, 1.0, 1.15)))
            if kind == "layout":
                new_session(win, 3)  # a Zone laid out by hand below
                spec = replace(game(win).spec, zone_mode="hand")
                session = GameSession.start(win.app, spec)
                session.worker.synchronous = True
                session.autosave_enabled = False
                win.app.session = session
                session.show(win)
            else:
                open_screen(win, kind, rng)
            frame(win)
        screen = win.current_screen
        if screen is not None:
            seen.add(screen.kind)
        w, h = win.width, win.height
        roll = rng.random()
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        if roll < 0.30:
            button = rng.choice((1, 1, 1, 4))
            win.dispatch_event("on_mouse_motion", x, y, 0, 0)
            win.dispatch_event("on_mouse_press", x, y, button, 0)
            win.dispatch_event("on_mouse_release", x, y, button, 0)
            sent += 3
        elif roll < 0.40:
            win.dispatch_event("on_mouse_press", x, y, 1, 0)
            for _ in range(3):
                nx, ny = rng.uniform(0, w), rng.uniform(0, h)
                win.dispatch_event("on_mouse_drag", nx, ny, nx - x, ny - y, 1, 0)
                x, y = nx, ny
            win.dispatch_event("on_mouse_release", x, y, 1, 0)
            sent += 5
        elif roll < 0.65:
            symbol = rng.choice(KEYS)
            mods = arcade.key.MOD_CTRL if rng.random() < 0.05 else 0
            win.dispatch_event("on_key_press", symbol, mods)
            win.dispatch_event("on_key_release", symbol, mods)
            sent += 2
        elif roll < 0.73:
            win.dispatch_event("on_text", rng.choice(TEXT))
            sent += 1
        elif roll < 0.88:
            win.dispatch_event("on_mouse_scroll", x, y, 0, rng.choice((-1, 1)))
            sent += 1
        elif roll < 0.99:
            win.dispatch_event("on_mouse_motion", x, y, rng.randint(-5, 5), rng.randint(-5, 5))
            sent += 1
        else:
            win.on_resize(rng.randint(1024, 1600), rng.randint(640, 1000))
            sent += 1
        win.dispatch_events()
        if rng.random() < 0.03:
            frame(win, updates=rng.randint(1, 4), dt=rng.choice((1 / 60, 0.1, 0.5)))
    frame(win)
    win.on_resize(1280, 800)
    i18n.set_language("en")
    theme.set_scale(1.0)
    win.app.session = None
    for kind in ("stalker", "base", "fight", "rules", "settings"):
        assert kind in seen, f"{kind} never shown; seen {sorted(seen)}"
    assert sent >= EVENTS
