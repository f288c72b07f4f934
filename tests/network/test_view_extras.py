"""What a view carries besides the state (no sockets): the exact odds of the seat's own fight
decisions (FIGHT-2), undo as at one screen (TURN-2), a stalker chosen when joining (ST-3) and
the story at the end of the game (WIN-1)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from stalkerzone.bots import players as bots
from stalkerzone.bots.memory import BotMemory
from stalkerzone.engine.game import GameRecord, legal_actions
from stalkerzone.engine.game import record as records
from stalkerzone.engine.play import Buy, GameState
from stalkerzone.network import protocol
from stalkerzone.network.fight_odds import decision_of
from stalkerzone.network.limits import ConnectionBudget, Limits
from stalkerzone.network.stalker_choice import free_stalkers
from stalkerzone.network.table import GameTable
from stalkerzone.odds import OddsSolver
from stalkerzone.persistence.serialize import JSON, action_to_json, state_to_json
from stalkerzone.story import build_story
from tests.support.network import hosted, joined, table

MAX_ACTIONS = 1500


def send(t: GameTable, conn: int, message: dict[str, Any]) -> list[tuple[int, dict[str, JSON]]]:
    return t.receive(conn, protocol.line(message))


def join(t: GameTable, seats: list[int], **extra: Any) -> tuple[int, dict[str, JSON]]:
    conn = t.connect()
    out = send(t, conn, {"type": "join", "protocol": protocol.VERSION, "seats": seats, **extra})
    return conn, next(m for c, m in out if c == conn)


def last_view(out: list[tuple[int, dict[str, JSON]]], conn: int) -> dict[str, JSON]:
    return [m for c, m in out if c == conn and m["type"] == "view"][-1]


def play_until(
    t: GameTable, conn: int, done: Callable[[GameState], bool]
) -> list[tuple[int, dict[str, JSON]]]:
    """Seat 0 (held by ``conn``) played by a bot's choices through the table, the bots by the
    table, until ``done``; what the table sent meanwhile."""
    t.limits = Limits(actions_per_second=1000.0, action_burst=MAX_ACTIONS * 2)
    for c in t.connections.values():
        c.budget = ConnectionBudget.of(t.limits)  # this loop answers far faster than a person
    memory = BotMemory()
    sent: list[tuple[int, dict[str, JSON]]] = []
    for request in range(MAX_ACTIONS):
        if done(t.state):
            return sent
        if t.bot_to_act():
            sent += t.bot_step()
            continue
        choice = bots.choose(t.state, None, "normal", legal_actions(t.state), memory=memory)
        sent += send(t, conn, {"type": "action", "id": request, "action": action_to_json(choice)})
    raise AssertionError("not reached")


def deciding(state: GameState) -> bool:
    held = state.fight
    return held is not None and held.player == 0 and bool(held.fight.decisions())


def test_the_seat_s_fight_view_carries_the_exact_odds_of_each_decision() -> None:
    t = table(("remote", "bot"), seed=5, zone_mode="free")
    conn, _ = join(t, [0])
    watcher, _ = join(t, [])
    sent = play_until(t, conn, deciding)
    view = last_view(sent, conn)
    odds = view["odds"]
    assert isinstance(odds, dict)
    fight = t.state.fight
    assert fight is not None
    solver = OddsSolver(size=1)
    offered = [a for a in view["legal"] if a["type"] == "FightDecision"]
    assert [row["action"] for row in odds["decisions"]] == offered and offered
    for row in odds["decisions"]:
        decision = decision_of(row["action"])
        assert decision is not None
        truth = solver.decision_odds(fight.fight, decision)
        assert (row["win"], row["death"], row["escape"]) == (truth.win, truth.death, truth.escape)
    now = solver.odds(fight.fight, "best")
    assert odds["now"] == {"win": now.win, "death": now.death, "escape": now.escape}
    best = solver.best_decision(fight.fight)
    assert decision_of(odds["best"]) == best and odds["best"] in offered
    assert odds["can_escape"] is fight.fight.setup.can_escape  # the best is then the safest
    assert "odds" not in last_view(sent, watcher)  # only the fighting seat is told


def test_the_odds_are_worked_out_from_the_seat_s_own_view() -> None:
    t = table(("remote", "bot"), seed=5, zone_mode="free")
    conn, _ = join(t, [0])
    play_until(t, conn, deciding)
    mine = t.view_of((0,))
    assert mine.fight is not None
    legal = t.legal_of((0,))
    fields = t.extras.fields(t.record, mine, 0, (0,), legal)
    assert fields["odds"] == t.extras.odds.of(mine.fight.fight, legal)
    other = t.extras.fields(t.record, t.view_of((1,)), 1, (1,), [])
    assert "odds" not in other


def test_undo_is_offered_as_at_one_screen_and_takes_back_a_purchase() -> None:
    t = table(("remote", "remote"), seed=5, zone_mode="free")
    first = t.state.current_player
    conn, welcome = join(t, [first])
    other, _ = join(t, [1 - first])
    assert welcome["undo"] == {
        "allowed": False,
        "rule": "TURN-2",
        "message": "nothing has been done yet",
        "key": "undo_nothing",
        "params": {},
    }
    assert {"type": "Undo"} not in welcome["legal"]
    before = state_to_json(t.state)
    refused = send(t, conn, {"type": "action", "id": 1, "action": {"type": "Undo"}})
    assert refused[0][1]["type"] == "refused" and refused[0][1]["key"] == "undo_nothing"
    buy = next(a for a in legal_actions(t.state) if isinstance(a, Buy))
    out = send(t, conn, {"type": "action", "id": 2, "action": action_to_json(buy)})
    view = last_view(out, conn)
    assert view["undo"]["allowed"] is True and view["legal"][-1] == {"type": "Undo"}
    assert "undo" not in last_view(out, other)  # not its turn: nothing to say
    wrong = send(t, other, {"type": "action", "id": 1, "action": {"type": "Undo"}})
    assert wrong[0][1]["key"] == "not_your_turn"
    extra = send(t, conn, {"type": "action", "id": 3, "action": {"type": "Undo", "n": 2}})
    assert extra[0][1]["key"] == "protocol" and t.version == 1
    out = send(t, conn, {"type": "action", "id": 4, "action": {"type": "Undo"}})
    assert state_to_json(t.state) == before and t.version == 0
    events = [m for c, m in out if c == other and m["type"] == "event"]
    assert events == [
        {"type": "event", "kind": "undo", "version": 0, "seat": first, "name": t.seats[first].name}
    ]
    assert last_view(out, conn)["reply_to"] == 4 and last_view(out, other)["version"] == 0
    assert {"type": "Undo"} not in t.legal_of((first,))


def test_an_undo_after_dice_is_refused_with_the_reason() -> None:
    t = table(("remote", "bot"), seed=5, zone_mode="free")
    conn, _ = join(t, [0])
    sent = play_until(t, conn, deciding)  # a fight began: a card was drawn
    view = last_view(sent, conn)
    assert view["undo"]["allowed"] is False and view["undo"]["key"].startswith("undo_")
    version = t.version
    out = send(t, conn, {"type": "action", "id": 9000, "action": {"type": "Undo"}})
    assert out[0][1]["type"] == "refused" and out[0][1]["rule"] == "TURN-2"
    assert t.version == version


def test_a_joining_player_chooses_a_free_stalker_and_the_others_see_it() -> None:
    t = table(("remote", "remote", "bot"), seed=3)
    stalkers = [p.stalker for p in t.state.players]
    bots_own = stalkers[2]
    assert bots_own not in free_stalkers(t)
    _first, _ = join(t, [0], name="Anna")
    free = free_stalkers(t)
    assert stalkers[0] not in free and stalkers[1] in free
    chosen = next(s for s in free if s not in stalkers)
    _, view = join(t, [1], stalker=chosen)
    assert t.state.players[1].stalker == chosen
    assert view["state"]["players"][1]["stalker"] == chosen
    assert chosen not in free_stalkers(t)


def test_a_stalker_of_another_free_seat_swaps_and_a_taken_one_is_refused() -> None:
    t = table(("remote", "remote", "bot"), seed=3)
    stalkers = [p.stalker for p in t.state.players]
    conn = t.connect()
    for stalker in (stalkers[2], "no-such-stalker", "x" * 65):
        out = send(t, conn, {"type": "join", "protocol": 1, "seats": [0], "stalker": stalker})
        assert out[0][1]["type"] == "refused" and out[0][1]["key"] == "protocol", stalker
    assert t.seats[0].holder is None and [p.stalker for p in t.state.players] == stalkers
    spectator = send(t, conn, {"type": "join", "protocol": 1, "stalker": stalkers[1]})
    assert spectator[0][1]["type"] == "refused"
    _, view = join(t, [0], stalker=stalkers[1])
    assert [p.stalker for p in t.state.players] == [stalkers[1], stalkers[0], stalkers[2]]
    assert view["state"]["players"][0]["stalker"] == stalkers[1]


def test_the_stalkers_are_chosen_once_play_has_begun() -> None:
    t = table(("remote", "remote"), seed=5, zone_mode="free")
    assert t.state.phase != "layout" and free_stalkers(t) == []
    conn = t.connect()
    other = next(
        s for s in ("bugai", "mazhor", "sledopyt") if s not in [p.stalker for p in t.state.players]
    )
    out = send(t, conn, {"type": "join", "protocol": 1, "seats": [0], "stalker": other})
    assert out[0][1]["type"] == "refused" and "play has begun" in str(out[0][1]["message"])


def test_a_stalker_chosen_mid_layout_keeps_the_layout_played() -> None:
    t = table(("remote", "remote"), seed=3)
    first = t.state.current_player
    conn, _ = join(t, [first])
    place = legal_actions(t.state)[0]
    send(t, conn, {"type": "action", "id": 1, "action": action_to_json(place)})
    zone_before = state_to_json(t.state)["zone"]
    taken = {p.stalker for p in t.state.players}
    stalker = next(s for s in free_stalkers(t) if s not in taken)
    join(t, [1 - first], stalker=stalker)
    assert t.version == 1 and state_to_json(t.state)["zone"] == zone_before
    assert t.state.players[1 - first].stalker == stalker


@pytest.mark.slow
def test_the_story_is_sent_to_everyone_at_the_end() -> None:
    t = table(("remote", "bot"), seed=3, zone_mode="free", variant="express")
    conn, _ = join(t, [0])
    watcher, _ = join(t, [])
    sent = play_until(t, conn, lambda s: s.phase == "over")
    story = build_story(t.record).to_json()
    assert last_view(sent, conn)["story"] == story
    assert last_view(sent, watcher)["story"] == story
    assert all("story" not in m for _, m in sent[:-4] if m["type"] == "view")


def test_records_start_again_equal_for_a_kept_stalker() -> None:
    t = table(("remote", "remote"), seed=3)
    again = records.start(t.record.setup, t.state.ctx.cards, t.state.ctx.sectors)
    assert state_to_json(again.state) == state_to_json(t.state)


def test_a_desktop_client_joins_with_the_stalker_it_chose() -> None:
    t = table(("remote", "bot"), seed=3)
    chosen = next(s for s in free_stalkers(t) if s != t.state.players[0].stalker)
    with hosted(t) as server:
        game = joined(server, (0,), stalker=chosen)
        try:
            assert game.view is not None and game.view.players[0].stalker == chosen
            assert server.call(lambda: t.state.players[0].stalker) == chosen
        finally:
            game.leave()


def test_a_story_that_cannot_be_worked_out_is_left_out_and_the_game_goes_on(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    import stalkerzone.story

    def broken(record: object) -> None:
        raise ValueError("no story here")

    t = table(("remote", "bot"), seed=3, zone_mode="free", variant="express")
    t.extras.failed.clear()
    monkeypatch.setattr(stalkerzone.story, "build_story", broken)
    view = t.extras.fields(t.record, t.state, 0, (0,), [])
    assert "story" not in view  # not over yet: nothing asked
    t.record = GameRecord(
        t.record.setup, t.record.actions, (*t.record.states[:-1], _over(t.state)), t.record.base
    )
    for _ in range(2):
        assert "story" not in t.extras.fields(t.record, t.state, 0, (0,), [])
    assert [r.message for r in caplog.records].count(
        "the view's story could not be worked out: left out"
    ) == 1


def _over(state: GameState) -> GameState:
    return dataclasses.replace(state, phase="over", winner=0)
