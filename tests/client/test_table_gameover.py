"""The public display at the end of a game won in a fight (WIN-1): the fight is played out for
the table first, even when its last views arrived together, and the game-over screen comes when
its dice are done (or at once on Space)."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from contextlib import contextmanager

import arcade
import pytest

from stalkerzone.bots import players as bots
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.remote import RemoteSession
from stalkerzone.client.screens.fight.screen import FightView
from stalkerzone.client.text import i18n
from stalkerzone.engine.game import GameRecord, legal_actions
from stalkerzone.network.client import RemoteGame
from stalkerzone.network.server import GameServer
from stalkerzone.story import build_story
from tests.client.test_client_network import caught_up, wait
from tests.network.test_loopback import caught_up as game_caught_up
from tests.support.network import hosted, joined, table
from tests.support.window import current, frame

FRAMES = 400  # of a quarter second each: the dice of a fight and its result take far fewer


def played_out(phone: RemoteGame, server: GameServer) -> None:
    """``phone`` plays seat 1's fight to the end of the game (a bot's choices on its view)."""
    t = server.table
    while server.call(lambda: t.state.phase) != "over":
        wait(functools.partial(game_caught_up, phone, server.call(lambda: t.version)))
        view = phone.view
        assert view is not None
        phone.act(bots.choose(view, None, "easy", legal_actions(view)))


@contextmanager
def final_fight(win: StalkerWindow) -> Iterator[RemoteSession]:
    """A game whose last fight (seat 1's, played from a phone) ends it, played out while the
    public display does not look: its views wait for the display's next poll."""
    t = table(("bot", "bot"), seed=3, zone_mode="free")
    while t.state.phase != "fight" or len(t.record.actions) < 185:  # the final fight begins
        t.bot_step()
    t.public_display = True
    t.seats[1].kind = "remote"
    with hosted(t) as server:
        phone = joined(server, [1])
        display = RemoteSession.joined(joined(server, token=t.host_key))
        display.display = True
        win.app.session = display
        try:
            played_out(phone, server)
            final = server.call(lambda: t.version)
            wait(functools.partial(caught_up, display, final, win))  # the views read together
            yield display
        finally:
            phone.leave()
            display.leave()


def shown_until_over(win: StalkerWindow, display: RemoteSession) -> list[str]:
    """The screens the display shows, frame by frame, until the game-over screen."""
    kinds = []
    for _ in range(FRAMES):
        display.poll(win)
        frame(win, dt=0.25)
        kinds.append(current(win).kind)
        if kinds[-1] == "gameover":
            break
    return kinds


@pytest.mark.slow
def test_the_display_plays_out_the_fight_that_ended_the_game_then_shows_its_end(
    win: StalkerWindow,
) -> None:
    with final_fight(win) as display:
        assert display.state.phase == "over"
        fight = current(win)
        assert isinstance(fight, FightView) and fight.queue.busy, "the fight, from its start"
        frame(win)
        shown = {str(key) for key in fight.buttons}
        assert i18n.t("fight.attack") not in shown, "no decision button: it decides nothing"
        assert i18n.t("fight.skip") in shown
        kinds = shown_until_over(win, display)
        assert kinds[-1] == "gameover" and kinds.count("fight") > 2, kinds
        assert fight.result is not None and not fight.queue.busy, "its dice were all shown"
        # The story is the host's (the whole game's fights), not one of the few views it kept.
        told = display.host_story()
        assert told is not None and len(told.fights) > 3
        frame(win)
        assert getattr(current(win), "story", None) == told


@pytest.mark.slow
def test_space_goes_from_the_final_fight_to_the_end_of_the_game_at_once(
    win: StalkerWindow,
) -> None:
    with final_fight(win):
        frame(win)
        fight = current(win)
        assert isinstance(fight, FightView) and fight.queue.busy
        win.dispatch_event("on_key_press", arcade.key.SPACE, 0)
        frame(win)
        assert current(win).kind == "gameover"


def test_the_story_of_a_game_the_display_joined_at_its_end_is_told_from_what_it_kept() -> None:
    """The game-over screen tells the story of the record the client keeps (the last view,
    after rounds it never saw): the rounds it holds, never an error."""
    t = table(("bot", "bot"), seed=3, zone_mode="free")
    while t.state.phase != "over":
        t.bot_step()
    kept = GameRecord(t.record.setup, (), (t.state,))  # joined at the end: no action told
    story = build_story(kept)
    assert [s.name for s in story.stalkers] == [p.name for p in t.state.players]
    assert all(s.samples for s in story.stalkers)
