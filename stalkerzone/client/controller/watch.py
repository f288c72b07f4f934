"""``stalkerzone watch``: bots play a whole game in the real client.

In a window it plays at the animation speed. Headless (``ARCADE_HEADLESS``) it runs offscreen
as fast as it can and writes ``<kind>.png`` into the screenshot folder whenever the screen
changes kind (title, layout, board, fight, base, gameover), so every screen a player would see
is captured from a real game; also ``event.png`` (the first event card shown over the board,
EVENT-1) and ``stalker.png`` (the stalker card of the first seat holding a trophy and an order).
The engine worker runs inline here, so ``gameover.png`` shows the story's charts, never
"counting…" (WIN-1). With a :class:`~stalkerzone.client.controller.bot_driver.BotLog` every bot
choice is written down with its reason and the alternatives it weighed.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import arcade

from stalkerzone.client.app.context import Presets, make_context
from stalkerzone.client.app.window import StalkerWindow, open_window
from stalkerzone.client.controller.bot_driver import BotLog
from stalkerzone.client.controller.session import GameSession, GameSpec, SeatSpec
from stalkerzone.client.text import i18n

ROUND_CAP = 150  # without --turns a game that nobody wins stops after this many rounds


@dataclass
class WatchResult:
    turns: int
    winner: str | None
    over: bool
    screenshots: dict[str, Path] = field(default_factory=dict)
    kinds_seen: list[str] = field(default_factory=list)


def bot_spec(app: Any, bots: int, seed: int, variant: str, zone_mode: str) -> GameSpec:
    stalkers = [s.id for s in app.cards().cards.stalkers]
    seats = tuple(
        SeatSpec(i18n.default_bot_name(k + 1), stalkers[k % len(stalkers)], "normal")
        for k in range(bots)
    )
    dirs = tuple(str(p) for p in app.presets.card_dirs)
    return GameSpec(seed, seats, variant, zone_mode, dirs)


def draw_frame(window: StalkerWindow) -> None:
    window.dispatch_event("on_draw")
    window.dispatch_events()


def snapshot(window: StalkerWindow, folder: Path, kind: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{kind}.png"
    arcade.get_image(0, 0, window.width, window.height).convert("RGB").save(path)
    return path


def fight_shot(window: StalkerWindow, shots: Path, result: WatchResult) -> None:
    """The fight, once its first dice are on the table (FIGHT-2): a fight shot shows a roll."""
    screen = window.current_screen
    if getattr(screen, "result", None) is not None:
        return  # the result box would cover the dice: wait for the next fight
    draw_frame(window)
    dice = getattr(screen, "dice", None)
    if getattr(dice, "drawn", None) is not None:
        result.screenshots["fight"] = snapshot(window, shots, "fight")


def reveal_shots(
    window: StalkerWindow, session: GameSession, shots: Path, result: WatchResult
) -> None:
    """On the board: ``event.png`` while the first event card is shown (EVENT-1), and
    ``stalker.png``, the stalker card of the first seat with a trophy and an open order."""
    board = window.current_screen
    reveals = getattr(board, "reveals", None)
    shown = reveals.current if reveals is not None else None
    if "event" not in result.screenshots and shown is not None and shown.kind == "event":
        draw_frame(window)
        draw_frame(window)
        result.screenshots["event"] = snapshot(window, shots, "event")
    state = session.state
    if "stalker" in result.screenshots or state.phase != "turn" or board is None:
        return
    owner = next((k for k, p in enumerate(state.players) if p.trophies and p.open_orders), None)
    if owner is None:
        return
    window.show_screen("stalker", back=board, player=owner)
    draw_frame(window)
    draw_frame(window)
    result.screenshots["stalker"] = snapshot(window, shots, "stalker")
    window.show_again(board)


def drive_headless(
    window: StalkerWindow,
    spec: GameSpec,
    *,
    turns: int | None = None,
    shots: Path | None = None,
    max_steps: int = 200_000,
    log: BotLog | None = None,
) -> WatchResult:
    """Play ``spec`` to the end (or ``turns``, by default :data:`ROUND_CAP` rounds) as fast as
    possible, screenshotting each kind."""
    if turns is None:
        turns = ROUND_CAP * len(spec.seats)
    app = window.app
    result = WatchResult(turns=0, winner=None, over=False)
    window.show_screen("title")
    draw_frame(window)
    draw_frame(window)
    if shots is not None:
        result.screenshots["title"] = snapshot(window, shots, "title")
    result.kinds_seen.append("title")
    session = GameSession.start(app, spec)
    session.worker.synchronous = True
    session.autosave_enabled = False
    session.bot_log = log
    app.session = session
    session.show(window)
    last_kind = None
    for _step in range(max_steps):
        window.dispatch_event("on_update", 1 / 60)
        window.dispatch_events()
        screen = window.current_screen
        kind = screen.kind if screen is not None else "?"
        half_laid = kind == "layout" and len(session.state.zone.placements) >= 6
        if half_laid and "layout" not in result.screenshots and shots is not None:
            draw_frame(window)
            result.screenshots[kind] = snapshot(window, shots, kind)
        if kind != last_kind:
            last_kind = kind
            if kind not in result.kinds_seen:
                result.kinds_seen.append(kind)
            # One PNG per kind: the first time it shows (the board once the stalkers have
            # spread out), so a fast run spends its time playing, not drawing.
            wanted = (
                kind not in result.screenshots
                and kind not in ("layout", "fight")
                and not (kind == "board" and session.state.turn < 3 * len(spec.seats))
            )
            if shots is not None and wanted:
                draw_frame(window)
                draw_frame(window)
                result.screenshots[kind] = snapshot(window, shots, kind)
        if shots is not None and kind == "fight" and "fight" not in result.screenshots:
            fight_shot(window, shots, result)
        if shots is not None and kind == "board":
            reveal_shots(window, session, shots, result)
        state = session.state
        if state.phase == "over" and kind == "gameover":
            result.over = True
            break
        if turns is not None and state.turn > turns and state.phase != "layout":
            break
    state = session.state
    result.turns = state.turn
    if state.winner is not None:
        result.winner = state.players[state.winner].name
    if shots is not None and "board" not in result.screenshots:
        window.show_screen("board")
        draw_frame(window)
        draw_frame(window)
        result.screenshots["board"] = snapshot(window, shots, "board")
    return result


def run_watch(
    *,
    bots: int,
    seed: int,
    turns: int | None,
    shots: Path | None,
    lang: str | None,
    card_dirs: tuple[Path, ...],
    variant: str,
    zone_mode: str,
    log: BotLog | None = None,
) -> int:
    headless = "ARCADE_HEADLESS" in os.environ
    app = make_context(
        Presets(players=bots, bots=bots, seed=seed, variant=variant, card_dirs=card_dirs, lang=lang)
    )
    app.watching = True
    window = open_window(app, visible=not headless)
    spec = bot_spec(app, bots, seed, variant, zone_mode)
    if headless:
        window.headless_fast = True
        window.raise_errors = True
        result = drive_headless(window, spec, turns=turns, shots=shots, log=log)
        outcome = f"{result.winner} wins" if result.winner else "no winner yet"
        print(
            f"watch: {outcome} after {result.turns} turns; screens: {', '.join(result.kinds_seen)}"
        )
        for kind, path in result.screenshots.items():
            print(f"  {kind}: {path}")
        window.close()
        return 0

    def start(_dt: float) -> None:
        session = GameSession.start(app, spec)
        session.autosave_enabled = False
        session.bot_log = log
        app.session = session
        session.show(window)

    window.show_screen("title")
    arcade.schedule_once(start, 1.5)
    arcade.run()
    return 0
