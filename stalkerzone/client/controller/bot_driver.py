"""Bot seats in the client: the one place that decides when a bot acts and what it plays.

:class:`BotDriver` paces every bot seat (a pause between actions, none while skipping or in a
headless fast run, a wait while the screen animates) and asks ``stalkerzone.bots.players``
for the seat's action in the session's worker thread, never in a frame. The window calls
:meth:`BotDriver.update` every frame; a screen that shows a bot's decision itself (the fight
screen) asks :meth:`BotDriver.choice` for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, TextIO

if TYPE_CHECKING:  # the engine is imported with the first game, not with the window
    from stalkerzone.bots.memory import BotMemory
    from stalkerzone.client.controller.session import GameSession, ScreenHost
    from stalkerzone.engine.play import Action, GameState

GAME_SCREENS = frozenset({"layout", "board", "fight", "base", "stalker"})
PAUSE = 0.5  # seconds between two bot actions at animation speed 1


class PacedScreen(Protocol):
    """What the driver asks of the shown screen: its kind and whether it animates."""

    @property
    def kind(self) -> str: ...

    @property
    def busy(self) -> bool: ...


def choose(
    state: GameState,
    legal: tuple[Action, ...],
    strength: str | None,
    memory: BotMemory | None = None,
) -> Action:
    """The bot's action (one of ``legal``) at its strength (easy, normal, hard or expert);
    ``memory`` is the game's :class:`BotMemory` (what its bots worked out so far). The bots (and
    the odds solver under them) are imported at the first bot move, not when the window opens."""
    from stalkerzone.bots import players as bots

    return bots.choose(state, None, strength or "normal", legal, memory=memory)


@dataclass
class BotLog:
    """``watch --log``: one line per bot choice with its reason and the best alternatives it
    weighed (:func:`stalkerzone.bots.explain.explain`), in ``lang`` (en or ru)."""

    stream: TextIO
    lang: str = "en"

    def choose(
        self,
        state: GameState,
        strength: str | None,
        memory: BotMemory | None = None,
    ) -> Action:
        """The bot's action (what :func:`choose` would play), its line written first."""
        from stalkerzone.bots.explain import explain

        why = explain(state, None, strength or "normal", memory)
        seat = state.players[state.current_player]
        also = "; ".join(f"{alt.action!r} {alt.value:g}" for alt in why.alternatives)
        line = f"turn {state.turn} {seat.name} ({strength or 'normal'}): {why.choice!r}: "
        line += why.text(self.lang) + (f" [also: {also}]" if also else "")
        self.stream.write(line + "\n")
        self.stream.flush()
        return why.choice


class BotDriver:
    """Plays the bot seats of the window's game, one action at a time."""

    def __init__(self) -> None:
        self.timer = PAUSE
        self.skip = False  # "skip": bots play at once until a human's turn

    def reset(self) -> None:
        self.timer = PAUSE
        self.skip = False

    def choice(self, session: GameSession, key: str = "bot") -> Action | None:
        """The current bot seat's action, computed off the frame: ``None`` until it is ready
        (or when no bot is to act). ``key`` names the job (one job per key and state)."""
        state = session.state
        if state.phase == "over" or not session.is_bot() or not session.plays_bots:
            return None
        strength = session.spec.seats[state.current_player].bot
        job = (key, session.version)
        memory = session.bot_memory
        from stalkerzone.engine.game import legal_actions

        log = session.bot_log
        if log is None:
            session.worker.submit(
                job, lambda: choose(state, legal_actions(state), strength, memory)
            )
        else:
            session.worker.submit(job, lambda: log.choose(state, strength, memory))
        if not session.worker.ready(job):
            return None
        action: Action = session.worker.result(job)
        return action

    def update(
        self,
        session: GameSession | None,
        screen: PacedScreen | None,
        host: ScreenHost,
        delta_time: float,
        *,
        fast: bool = False,
        speed: float = 1.0,
    ) -> bool:
        """Play one bot action if a bot is to act, the screen is a game screen that is not busy
        and the pause is over; then show the screen the new state calls for. True if played."""
        if session is None or screen is None or screen.kind not in GAME_SCREENS:
            return False
        if not session.is_bot() or session.state.phase == "over":
            self.skip = False
            return False
        if screen.busy:
            return False
        self.timer -= delta_time
        if self.timer > 0 and not self.skip and not fast:
            return False
        action = self.choice(session)
        if action is None:
            return False
        session.act(action)
        session.show(host)
        self.timer = 0.0 if fast else PAUSE / speed
        return True
