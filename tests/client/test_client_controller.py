"""The controller without a window: which screen a state calls for, and the one bot driver
that plays every bot seat (pacing, busy screens, the screen shown after a bot's action)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from stalkerzone.client.app.context import AppContext, Presets
from stalkerzone.client.app.settings import Settings
from stalkerzone.client.controller.bot_driver import PAUSE, BotDriver
from stalkerzone.client.controller.session import (
    PHASE_SCREENS,
    GameSession,
    GameSpec,
    SeatSpec,
    screen_for,
)


@dataclass
class FakeScreen:
    kind: str
    busy: bool = False


@dataclass
class FakeHost:
    """A ScreenHost that records what the session asked to show."""

    watching: bool = True
    opened: list[str] = field(default_factory=list)

    def show_screen(self, kind: str, **options: Any) -> object:
        self.opened.append(kind)
        return FakeScreen(kind)

    def refresh_screen(self, kind: str, session: GameSession) -> bool:
        return False

    def show_again(self, view: object) -> bool:
        return False


def bot_session(bots: int = 2, humans: int = 0) -> GameSession:
    # ST-3: one stalker per seat — humans from Gromoboy on, bots from Nosorog on
    box = ["gromoboy", "nosorog", "shustry", "mazhor", "sledopyt", "bugai"]
    human_order = box
    bot_order = ["nosorog"] + [s for s in box if s != "nosorog"]
    chosen = human_order[:humans]
    chosen += [s for s in bot_order if s not in chosen][:bots]
    seats = tuple(SeatSpec(f"Human {k}", chosen[k]) for k in range(humans)) + tuple(
        SeatSpec(f"Bot {k}", chosen[humans + k], "easy") for k in range(bots)
    )
    app = AppContext(presets=Presets(), settings=Settings())
    session = GameSession.start(app, GameSpec(seed=3, seats=seats, zone_mode="free"))
    session.worker.synchronous = True
    session.autosave_enabled = False
    return session


def test_screen_for_each_phase_and_a_bot_at_a_base() -> None:
    assert screen_for("layout", bot_at_base=False) == "layout"
    assert screen_for("fight", bot_at_base=True) == "fight"
    assert screen_for("over", bot_at_base=True) == "gameover"
    assert screen_for("turn", bot_at_base=False) == "board"
    assert screen_for("turn", bot_at_base=True) == "base"  # a bot trading is shown at the base
    assert set(PHASE_SCREENS.values()) == {"layout", "fight", "gameover"}


def test_the_bot_driver_plays_one_action_when_the_pause_is_over() -> None:
    session = bot_session()
    driver, host = BotDriver(), FakeHost()
    before = len(session.actions)
    assert not driver.update(session, FakeScreen("board"), host, PAUSE / 2)  # still pausing
    assert len(session.actions) == before
    assert driver.update(session, FakeScreen("board"), host, PAUSE)
    assert len(session.actions) == before + 1
    assert host.opened == [session.screen_kind()]  # the screen the new state calls for
    assert driver.timer == PAUSE  # paused again at animation speed 1
    assert driver.update(session, FakeScreen("board"), host, 0.0, fast=True)  # no pause
    assert len(session.actions) == before + 2 and driver.timer == 0.0


def test_the_bot_driver_waits_for_busy_and_non_game_screens_and_humans() -> None:
    session = bot_session()
    driver, host = BotDriver(), FakeHost()
    before = len(session.actions)
    assert not driver.update(session, FakeScreen("board", busy=True), host, 10.0, fast=True)
    assert not driver.update(session, FakeScreen("menu"), host, 10.0, fast=True)
    assert not driver.update(session, None, host, 10.0, fast=True)
    assert not driver.update(None, FakeScreen("board"), host, 10.0, fast=True)
    assert len(session.actions) == before and host.opened == []
    human = bot_session(bots=0, humans=2)
    driver.skip = True
    assert not human.is_bot()
    assert not driver.update(human, FakeScreen("board"), host, 10.0, fast=True)
    assert driver.skip is False  # "skip bots" ends at a human's turn


def test_the_bot_choice_is_one_of_the_legal_actions_and_none_for_a_human() -> None:
    session = bot_session()
    driver = BotDriver()
    action = driver.choice(session)
    assert action is not None and action in session.legal_now()
    assert driver.choice(bot_session(bots=0, humans=2)) is None
