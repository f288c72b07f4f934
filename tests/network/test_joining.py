"""Joining a table: a name given when joining is the seat's name in the game itself, so the
public display's headings and log (they read the view's players and notes) name the seat as the
table's list of seats does."""

from __future__ import annotations

from stalkerzone.engine.game import GameRecord, legal_actions
from stalkerzone.network import joining, protocol
from stalkerzone.network.table import GameTable
from stalkerzone.persistence.serialize import action_to_json
from tests.network.test_table import join, send, view_state
from tests.support.network import table


def display(t: GameTable) -> int:
    """The host's own window joined as the public display (its key, no seat)."""
    t.public_display = True
    conn = t.connect()
    send(t, conn, {"type": "join", "protocol": protocol.VERSION, "seats": [], "token": t.host_key})
    return conn


def test_a_joined_name_names_the_player_in_every_view_and_in_the_notes() -> None:
    t = table()
    public = display(t)
    anna, first = join(t, [0], name="Anna")
    boris, _ = join(t, [1], name="Boris")
    assert [p.name for p in t.state.players] == ["Anna", "Boris"]
    assert view_state(t, first).players[0].name == "Anna"
    mover = anna if t.state.current_player == 0 else boris
    action = legal_actions(t.state)[0]
    out = send(t, mover, {"type": "action", "id": 1, "action": action_to_json(action)})
    shown = [m for c, m in out if c == public and m["type"] == "view"][-1]
    seen = view_state(t, shown)
    assert [p.name for p in seen.players] == ["Anna", "Boris"]
    names = {"Anna", "Boris"}
    assert any(name in line for line in seen.notes for name in names), seen.notes
    assert not any("Player" in line for line in seen.notes), seen.notes


def test_a_name_already_the_player_s_or_a_record_from_a_snapshot_keeps_the_record() -> None:
    t = table()
    record = t.record
    assert joining.named(record, 0, record.setup.players[0].name) is record
    resumed = GameRecord(record.setup, (), (record.state,), base=3)
    assert joining.named(resumed, 0, "Anna") is resumed
    renamed = joining.named(record, 1, "Boris")
    assert renamed.setup.players[1].name == "Boris" and renamed.state.players[1].name == "Boris"
    assert renamed.state.players[0] == record.state.players[0]
