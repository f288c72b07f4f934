"""The host's window as the table's public display (``GameTable.public_display``,
``stalkerzone host --table``): its connection sees the public board, nothing private, except on
the turns of its own hot-seat seats (TURN-3); its first view, naming the host's key, is never
shared with a spectator."""

from __future__ import annotations

from stalkerzone.bots import players as bots
from stalkerzone.engine.game import legal_actions, player_view
from stalkerzone.network import protocol
from stalkerzone.network.table import PUBLIC, GameTable
from stalkerzone.persistence.serialize import JSON, state_to_json
from tests.support.network import table

MAX_ACTIONS = 60


def join(t: GameTable, conn: int, **extra: JSON) -> list[dict[str, JSON]]:
    message: dict[str, JSON] = {"type": "join", "protocol": protocol.VERSION, **extra}
    return [m for c, m in t.receive(conn, protocol.line(message)) if c == conn]


def test_the_display_sees_the_public_board_but_on_its_own_seats_turns() -> None:
    t = table(("local", "remote", "bot"), seed=4, zone_mode="ring")
    t.public_display = True
    window = t.connect("127.0.0.1")
    first = join(t, window, token=t.host_key)[0]
    assert first["seats"] == [0] and t.connections[window].display
    phone = t.connect("10.0.0.5")
    join(t, phone, seats=[1])
    viewers: set[int] = set()
    for _ in range(MAX_ACTIONS):
        state = t.state
        if state.phase == "over":
            break
        message = t.view_message(t.connections[window])
        current = state.current_player
        expected = 0 if current == 0 else PUBLIC
        assert message["viewer"] == expected
        assert message["state"] == state_to_json(player_view(state, expected))
        assert (message["legal"] != []) == (current == 0 and bool(legal_actions(state)))
        viewers.add(expected)
        t.play(bots.choose(state, None, "easy", legal_actions(state)))
    assert viewers == {0, PUBLIC}, "both the public board and the hot seat's own turn were seen"


def test_without_the_display_the_host_sees_its_first_seat() -> None:
    t = table(("local", "remote"), seed=4, zone_mode="ring")
    window = t.connect("127.0.0.1")
    join(t, window, token=t.host_key)
    while t.state.current_player == 0:
        t.play(bots.choose(t.state, None, "easy", legal_actions(t.state)))
    assert t.view_message(t.connections[window])["viewer"] == 0


def test_the_hosts_first_view_is_never_a_spectators_welcome() -> None:
    t = table(("remote", "bot"), seed=4)
    t.code, t.public_display = "K7MR2Q", True
    t.limits = type(t.limits)(max_watchers=1)
    window = t.connect("127.0.0.1")
    mine = join(t, window, token=t.host_key)[0]
    assert mine["token"] == t.host_key and mine["seats"] == [] and mine["viewer"] == PUBLIC
    watcher = t.connect("10.0.0.5")
    theirs = join(t, watcher, code="K7MR2Q")[0]
    assert theirs["type"] == "view" and theirs["token"] == ""
    assert t.host_key not in protocol.line(theirs)
