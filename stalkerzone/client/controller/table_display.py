"""The hosting window as the table: its join card, and the public display (``stalkerzone host
--table``, the lobby's "This window: the table's display").

As the public display the window holds the host's key (``GameTable.public_display``): it shows
the public board, whose turn it is, every fight played out and the log, never a seat's hand,
held event, loot or backpack, because the host sends it the view of nobody (TURN-3). Seats
played on phones or other computers never get a hand-over page; a hot-seat seat at the window
gets one before its own turn shows anything private (TURN-3), even when it is the only one.

While a remote seat is free, a hosting window shows a join card in a corner: the QR code and URL
of a one-time join code, a fresh one once it is used (docs/protocol.md, "Join codes").
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from stalkerzone.client.controller.session import PUBLIC, ScreenHost
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import theme
from stalkerzone.client.widgets.join_qr import JoinCard

if TYPE_CHECKING:
    from stalkerzone.client.app.window import StalkerWindow
    from stalkerzone.client.controller.remote import RemoteSession
    from stalkerzone.network.discovery import Advertisement
    from stalkerzone.network.server import GameServer

QR_SIDE = 132
"""Pixels (at UI scale 1) of the QR code in the corner card."""


def handover_due(session: RemoteSession, window: ScreenHost) -> int | None:
    """As the public display: the hot-seat seat whose turn now calls for a hand-over page (the
    screen shows the public board until it is ready), else None."""
    want = session.default_viewer()
    if not session.display or window.watching or want == PUBLIC or want == session.viewer:
        return None
    if session.state.phase in ("over", "layout"):  # laying out hides nothing
        return None
    return want


class JoinCorner:
    """The join card beside the connection strip (under it where the screen keeps a corner
    free, the map's top right; else above it), while a remote seat is free."""

    def __init__(self) -> None:
        self.card = JoinCard()

    def code(self, session: RemoteSession) -> str | None:
        """The join code to show now, or None (not hosting, no remote seat free)."""
        hosting = session.hosting
        if hosting is None or not hosting.link_address or session.state.phase == "over":
            return None
        table = hosting.server.table
        try:  # read from the window's thread: a count caught mid-change is read next frame
            free = table.free_seats()
        except RuntimeError:
            return None
        return table.join_codes.shown() if free else None

    def draw(self, session: RemoteSession, window: StalkerWindow) -> None:
        code = self.code(session)
        hosting = session.hosting
        if code is None or hosting is None:
            return
        self.card.show(hosting.link_address, hosting.server.port, code, i18n.t("network.scan"))
        side = theme.px(QR_SIDE)
        width, height = self.card.size(side)
        _, right, bottom, top = session.strip.box
        gap = theme.px(6)
        hanging = session.strip.corner(window) is not None
        low = bottom - gap - height if hanging else top + gap
        self.card.draw(right - width, low, side)


def show_table_display(
    window: StalkerWindow, server: GameServer, lan: Advertisement | None = None
) -> RemoteSession:
    """Join ``server`` from ``window`` with the host's key as the table's public display and
    show it; the session owns the server (leaving the game stops it)."""
    from stalkerzone.client.controller.remote import HostedGame, RemoteSession
    from stalkerzone.network.client import open_game
    from stalkerzone.network.lan_address import LOOPBACK, WILDCARDS, shown_address

    app = window.app
    table = server.table
    table.public_display = True
    near = LOOPBACK if server.host in WILDCARDS else server.host
    game = open_game(
        f"{near}:{server.port}",
        (),
        token=table.host_key,
        loaded=app.cards(),
        card_dirs=tuple(Path(p) for p in app.presets.card_dirs),
    )
    session = RemoteSession.joined(game)
    session.display = True
    link = shown_address(server.host)
    session.hosting = HostedGame(server, lan, "" if link.note else link.address)
    app.session = session
    session.show(window)
    return session


def run_table_display(
    server: GameServer, lan: Advertisement | None, *, card_dirs: tuple[Path, ...] = ()
) -> int:
    """``stalkerzone host --table``: the game window as the table's public display
    (:func:`show_table_display`) until it closes, which stops the host."""
    import arcade

    from stalkerzone.client.app.context import Presets, make_context
    from stalkerzone.client.app.window import open_window

    window = open_window(make_context(Presets(card_dirs=card_dirs)))
    session = show_table_display(window, server, lan)
    try:
        arcade.run()
    finally:
        session.leave()
    return 0
