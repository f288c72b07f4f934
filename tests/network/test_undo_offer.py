"""Undo at a network table as at one screen (TURN-2): a refusal carries its parameters (the
player's name, a public fact), and a player back from a stand-in bot cannot take back what the
bot did for them."""

from __future__ import annotations

from stalkerzone.engine.game import legal_actions
from stalkerzone.engine.game import undo as undoing
from stalkerzone.persistence.serialize import JSON, action_to_json, state_to_json
from tests.network.test_table import join, send
from tests.support.network import table


def last_view(out: list[tuple[int, dict[str, JSON]]], conn: int) -> dict[str, JSON]:
    return [m for c, m in out if c == conn and m["type"] == "view"][-1]


def test_an_undo_refusal_names_the_player_whose_action_it_is() -> None:
    t = table(("remote", "remote"), seed=3)  # the layout: each seat places in turn
    first = t.state.current_player
    anna, _ = join(t, [first], name="Anna")
    boris, _ = join(t, [1 - first], name="Boris")
    place = action_to_json(legal_actions(t.state)[0])
    out = send(t, anna, {"type": "action", "id": 1, "action": place})
    said = last_view(out, boris)["undo"]
    assert isinstance(said, dict)
    assert said["key"] == "undo_not_yours" and said["params"] == {"player": "Anna"}
    assert said["allowed"] is False and "Anna" in str(said["message"])
    refused = send(t, boris, {"type": "action", "id": 2, "action": {"type": "Undo"}})
    assert refused[0][1]["type"] == "refused" and refused[0][1]["params"] == [["player", "Anna"]]
    assert "undo" not in last_view(out, anna)  # not its turn: nothing to say


def test_a_player_back_from_a_stand_in_cannot_take_back_the_bot_s_purchase() -> None:
    t = table(("remote", "remote"), seed=5, zone_mode="free")
    first = t.state.current_player
    t.stand_in(first)
    t.bot_step()  # the stand-in buys (a purchase the seat itself could take back)
    assert t.state.current_player == first and undoing.check(t.record, first).allowed
    before, version = state_to_json(t.state), t.version
    back, welcome = join(t, [first])
    assert not t.seats[first].stand_in
    said = welcome["undo"]
    assert isinstance(said, dict) and said["allowed"] is False and said["key"] == "undo_bot"
    assert {"type": "Undo"} not in t.legal_of((first,))
    out = send(t, back, {"type": "action", "id": 1, "action": {"type": "Undo"}})
    assert out[0][1]["type"] == "refused" and out[0][1]["key"] == "undo_bot"
    assert state_to_json(t.state) == before and t.version == version
    own = next(a for a in legal_actions(t.state) if type(a).__name__ == "Buy")
    send(t, back, {"type": "action", "id": 2, "action": action_to_json(own)})
    assert t.legal_of((first,))[-1] == {"type": "Undo"}, "its own purchase it may take back"
    out = send(t, back, {"type": "action", "id": 3, "action": {"type": "Undo"}})
    assert last_view(out, back)["version"] == version, "back to the stand-in's purchase only"
    assert last_view(out, back)["undo"]["key"] == "undo_bot"
