"""The host's game table without sockets: private views (TURN-3, DEATH-2), refusals that change
nothing, seats and tokens, malformed messages."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from stalkerzone.client.text import engine_text, i18n
from stalkerzone.engine.core import IllegalAction, Note
from stalkerzone.engine.game import HIDDEN_CARD, GameRecord, apply, legal_actions
from stalkerzone.engine.play import Action, EndTurn, GameState, LootPile, Move
from stalkerzone.engine.zone import Hex
from stalkerzone.network import protocol
from stalkerzone.network.table import CLOSE, GameTable
from stalkerzone.persistence.serialize import JSON, action_to_json, state_digest, state_from_json
from tests.support.network import table


def send(t: GameTable, conn: int, message: dict[str, Any]) -> list[tuple[int, dict[str, JSON]]]:
    return t.receive(conn, protocol.line(message))


def join(t: GameTable, seats: list[int], **extra: Any) -> tuple[int, dict[str, JSON]]:
    """A new connection that joined ``seats``: its id and its first message."""
    conn = t.connect()
    out = send(t, conn, {"type": "join", "protocol": protocol.VERSION, "seats": seats, **extra})
    mine = [m for c, m in out if c == conn]
    return conn, mine[0]


def act(t: GameTable, conn: int, action: Action, request: int = 1) -> list[dict[str, JSON]]:
    out = send(t, conn, {"type": "action", "id": request, "action": action_to_json(action)})
    return [m for c, m in out if c == conn]


def view_state(t: GameTable, message: dict[str, JSON]) -> GameState:
    assert message["type"] == "view"
    return state_from_json(message["state"], t.state.ctx)


def with_secrets(t: GameTable) -> GameTable:
    """Seat 2 holds a fight event (EVENT-1) and owns a loot pile (DEATH-2)."""
    state = t.state
    decks = state.decks
    event, card = decks.events[0], decks.stock[0]
    second = replace(state.players[1], held_event=event)
    loot = (LootPile(Hex(0, 0), owner=1, cards=(card,), money=50),)
    decks = replace(decks, events=decks.events[1:], stock=decks.stock[1:])
    state = replace(state, players=(state.players[0], second), loot=loot, decks=decks)
    t.record = GameRecord(t.record.setup, (), (state,))
    return t


def test_the_first_message_is_the_seat_s_view_and_hides_the_others_secrets() -> None:
    t = with_secrets(table())
    _, first = join(t, [0])
    _, second_first = join(t, [1])
    _, watcher = join(t, [])
    mine = view_state(t, first)
    assert first["token"] and first["seats"] == [0] and first["game"]
    assert mine.players[1].held_event == HIDDEN_CARD and mine.loot == ()
    assert mine.rng == 0 and mine.decks.events == (HIDDEN_CARD,) * len(t.state.decks.events)
    theirs = view_state(t, second_first)
    assert theirs.players[1].held_event == t.state.players[1].held_event
    assert theirs.loot == t.state.loot
    public = view_state(t, watcher)
    assert public.players[1].held_event == HIDDEN_CARD and public.loot == ()
    assert watcher["seats"] == [] and watcher["viewer"] == -1


def test_an_out_of_turn_action_is_refused_and_changes_nothing() -> None:
    t = table()
    now = t.state.current_player
    other, _ = join(t, [1 - now])
    before, version = state_digest(t.state), t.version
    replies = act(t, other, legal_actions(t.state)[0], request=5)
    assert replies[0]["type"] == "refused" and replies[0]["id"] == 5
    assert replies[0]["rule"] == "TURN-2" and "turn" in str(replies[0]["message"])
    assert state_digest(t.state) == before and t.version == version


def test_the_not_your_turn_refusal_reads_in_either_language() -> None:
    """TURN-2: the refusal a client gets back renders from the strings, Russian included."""
    t = table()
    now = t.state.current_player
    other, _ = join(t, [1 - now])
    error = protocol.refused_error(act(t, other, legal_actions(t.state)[0])[0])
    name = t.state.players[now].name
    assert engine_text.words(error) == f"it is {name}'s turn, not yours"
    i18n.set_language("ru")
    try:  # a default seat name is shown in the reader's language too
        assert engine_text.words(error) == f"сейчас ходит {i18n.player_name(name)}, а не вы"
    finally:
        i18n.set_language("en")


def test_an_illegal_action_is_refused_with_the_engine_s_message() -> None:
    t = table()
    conn, _ = join(t, [t.state.current_player])
    before = state_digest(t.state)
    wrong = Move(Hex(5, 5))
    with pytest.raises(IllegalAction) as engine:
        apply(t.state, wrong)
    replies = act(t, conn, wrong)
    assert replies[0]["type"] == "refused"
    assert replies[0]["message"] == str(engine.value)
    assert replies[0]["rule"] == engine.value.rule and replies[0]["key"] == engine.value.key
    assert state_digest(t.state) == before and t.version == 0


def test_a_legal_action_reaches_everyone_as_an_event_and_a_new_view() -> None:
    t = table()
    now = t.state.current_player
    mover, _ = join(t, [now])
    other, _ = join(t, [1 - now])
    action = legal_actions(t.state)[0]
    out = send(t, mover, {"type": "action", "id": 9, "action": action_to_json(action)})
    kinds = {(c, m["type"]) for c, m in out}
    assert kinds == {(mover, "event"), (mover, "view"), (other, "event"), (other, "view")}
    views = {c: m for c, m in out if m["type"] == "view"}
    assert views[mover]["reply_to"] == 9 and views[other]["reply_to"] is None
    assert t.record.actions == (action,)


def test_malformed_and_early_messages_are_refused_and_the_table_goes_on() -> None:
    t = table()
    conn = t.connect()
    for raw in ("{", '{"type":"action","id":1,"action":{"type":"EndTurn"}}', "x" * 70_000):
        replies = t.receive(conn, raw)
        assert replies[0][1]["type"] == "refused" and replies[0][1]["rule"] == "NET-1"
    player, _ = join(t, [t.state.current_player])
    assert act(t, player, legal_actions(t.state)[0])[-1]["type"] == "view"


def test_seats_are_taken_once_and_given_back_by_token() -> None:
    t = table()
    first, message = join(t, [0])
    _, refused = join(t, [0])
    assert refused["type"] == "refused" and "taken" in str(refused["message"])
    token = message["token"]
    t.disconnect(first)
    assert not t.table_info()[0]["connected"]
    _, stranger = join(t, [0])
    assert stranger["type"] == "refused", "a dropped seat waits for its token"
    _, back = join(t, [], token=token)
    assert back["type"] == "view" and back["seats"] == [0] and t.table_info()[0]["connected"]
    _, unknown = join(t, [], token="nope")
    assert unknown["type"] == "refused" and "token" in str(unknown["message"])


def test_any_seat_takes_the_first_free_remote_seat_and_bots_are_not_taken() -> None:
    t = table(("bot", "remote"))
    _, bot = join(t, [0])
    assert bot["type"] == "refused" and "not a remote seat" in str(bot["message"])
    _, taken = join(t, [], any_seat=True)
    assert taken["seats"] == [1]
    _, full = join(t, [], any_seat=True)
    assert full["type"] == "refused"


def test_hot_seat_seats_need_the_host_s_key() -> None:
    t = table(("local", "local", "remote"))
    _, stranger = join(t, [0])
    assert stranger["type"] == "refused"
    _, host = join(t, [], token=t.host_key)
    assert host["seats"] == [0, 1]


def test_another_protocol_version_is_refused_and_closed() -> None:
    t = table()
    conn = t.connect()
    out = send(t, conn, {"type": "join", "protocol": 99, "seats": [0]})
    assert out[0][1]["type"] == "refused" and "protocol 99" in str(out[0][1]["message"])
    assert out[1] == (conn, CLOSE)


def test_bots_play_on_the_host_until_a_person_is_to_act() -> None:
    t = table(("bot", "bot"))
    steps = 0
    while t.bot_to_act() and steps < 30:
        t.bot_step()
        steps += 1
    assert t.version == steps == 30
    people = table(("remote", "remote"))
    assert not people.bot_to_act() and people.bot_step() == []


def test_an_end_turn_saves_the_game(tmp_path: Any) -> None:
    from stalkerzone.persistence.saves import load_game

    t = table(("remote", "remote"), seed=4)
    t.autosave, t.save_to = True, tmp_path / "net.json"
    while t.state.phase == "layout":
        t.play(legal_actions(t.state)[0])
    t.play(EndTurn())
    loaded = load_game(t.save_to, include_user=False)
    assert loaded.record.actions == t.record.actions


def test_the_shared_view_writer_writes_what_state_to_json_writes() -> None:
    from stalkerzone.network.view_writer import ViewWriter
    from stalkerzone.persistence.serialize import state_to_json

    t = with_secrets(table(("remote", "remote"), seed=8))
    writer = ViewWriter()
    for step in range(25):
        for seats in ([0], [1], []):
            view = t.view_of(seats)
            assert writer.write(view, t.version) == state_to_json(view), (step, seats)
        t.play(legal_actions(t.state)[-1])


def test_a_rejoining_player_gets_the_turn_log_as_its_seat_reads_it() -> None:
    """The first view carries the turn log (``[turn, line]``), so a rejoin does not start it
    empty; a fight event kept by another is not named in it (EVENT-1)."""
    t = table(("remote", "remote"))
    conn, first = join(t, [0])
    assert first["log"] == []
    for _ in range(12):
        t.play(legal_actions(t.state)[0])
    name = t.state.players[1].name
    kept = Note(
        "EVENT-1",
        "event_kept",
        f"{name} keeps monster-first for the next fight",
        player=name,
        card="monster-first",
    )
    last = replace(t.state, notes=(*t.state.notes, kept))
    t.record = replace(t.record, states=(*t.record.states[:-1], last))
    send(t, conn, {"type": "bye"})
    token = str(first["token"])
    _, again = join(t, [], token=token)
    lines = [line for _, line in again["log"]]
    expected = [str(n) for s in t.record.states[1:] for n in s.notes]
    assert len(lines) == len(expected) > 5 and lines[:-1] == expected[:-1]
    assert "monster-first" not in lines[-1] and "keeps a fight event" in lines[-1]
    assert all(isinstance(turn, int) for turn, _ in again["log"])
