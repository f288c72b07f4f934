"""The join URL and its QR code, the LAN address in it, and what `stalkerzone host` prints: a URL
on the machine's address (never 0.0.0.0) with a one-time join code, its QR code in half blocks
that reads back to the same modules, and a fresh URL after a code is used."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import qrcode

from stalkerzone.cli import main
from stalkerzone.commands.host import parse_seats, print_join_link, watch
from stalkerzone.errors import UserError
from stalkerzone.network import discovery, protocol
from stalkerzone.network.join_codes import JOIN_CODE_LENGTH
from stalkerzone.network.join_link import BLOCKS, QUIET_ZONE, join_url, qr_matrix, terminal_lines
from stalkerzone.network.lan_address import LOOPBACK, find_lan_address, shown_address
from stalkerzone.network.limits import CODE_ALPHABET
from stalkerzone.network.table import GameTable
from tests.support.network import table

URL = "http://192.168.1.23:41717/#code=ABCDEFGHJKMNPQRS"
LINK = re.compile(rf"http://([0-9.]+):(\d+)/#code=([{CODE_ALPHABET}]{{{JOIN_CODE_LENGTH}}})")


def unblock(lines: list[str]) -> list[list[bool]]:
    """The module rows half-block lines draw (dark True), the inverse of ``terminal_lines``."""
    pairs = {glyph: dark for dark, glyph in BLOCKS.items()}
    rows: list[list[bool]] = []
    for line in lines:
        both = [pairs[c] for c in line]
        rows += [[top for top, _ in both], [bottom for _, bottom in both]]
    return rows


def test_the_url_carries_the_code_in_its_fragment() -> None:
    assert join_url("192.168.1.23", 41717, "ABCDEFGHJKMNPQRS") == URL
    assert join_url("fe80::1", 80, "ABCD") == "http://[fe80::1]:80/#code=ABCD"


def test_the_qr_matrix_is_qrcodes_own_with_its_quiet_zone() -> None:
    matrix = qr_matrix(URL)
    reference = qrcode.QRCode(border=QUIET_ZONE)
    reference.add_data(URL)
    reference.make(fit=True)
    assert matrix == [[bool(m) for m in row] for row in reference.get_matrix()]
    side = len(matrix)
    assert all(len(row) == side for row in matrix)
    assert side == 17 + 4 * reference.version + 2 * QUIET_ZONE
    assert not any(matrix[0]) and not any(row[0] for row in matrix)  # the quiet zone is light
    assert b"".join(chunk.data for chunk in reference.data_list) == URL.encode()


def test_the_half_blocks_read_back_to_the_same_modules() -> None:
    matrix = qr_matrix(URL)
    lines = terminal_lines(matrix)
    assert len(lines) == (len(matrix) + 1) // 2
    assert unblock(lines)[: len(matrix)] == matrix
    assert unblock(lines)[len(matrix) :] in ([], [[False] * len(matrix)])
    plain = terminal_lines(matrix, unicode=False)
    assert [[c == " " for c in line[::2]] for line in plain] == matrix


@pytest.mark.skipif(shutil.which("zbarimg") is None, reason="apt-get install zbar-tools")
def test_a_rendered_qr_code_scans_to_the_url(tmp_path: Path) -> None:
    from stalkerzone.client.widgets.join_qr import qr_image

    image = qr_image(qr_matrix(URL))
    png = tmp_path / "join.png"
    image.resize((image.width * 8, image.height * 8), resample=0).save(png)
    read = subprocess.run(
        ["zbarimg", "--quiet", "--raw", str(png)], capture_output=True, text=True, timeout=30
    )
    assert read.stdout.strip() == URL


def test_the_lan_address_is_the_routes_or_loopback_with_a_note() -> None:
    assert find_lan_address(lambda: "192.168.1.23").address == "192.168.1.23"
    assert not find_lan_address(lambda: "192.168.1.23").note

    def unreachable() -> str:
        raise OSError("Network is unreachable")

    for probe in (unreachable, lambda: "0.0.0.0", lambda: "nonsense"):
        found = find_lan_address(probe)
        assert found.address == LOOPBACK and "other devices cannot" in found.note
    assert shown_address("0.0.0.0", lambda: "10.1.2.3").address == "10.1.2.3"
    assert shown_address("10.9.9.9", lambda: "10.1.2.3").address == "10.9.9.9"
    local = shown_address("127.0.0.1", lambda: "10.1.2.3")
    assert local.address == "127.0.0.1" and "this computer only" in local.note
    assert discovery.lan_address() != "0.0.0.0"


def test_the_host_prints_a_join_link_with_its_qr_code(capsys: pytest.CaptureFixture[str]) -> None:
    print_join_link("192.168.1.23", 41717, "ABCDEFGHJKMNPQRS")
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith(URL)
    assert unblock(out[1:])[: len(qr_matrix(URL))] == qr_matrix(URL)


def join_by(code: str) -> str:
    return protocol.line({"type": "join", "protocol": 1, "any_seat": True, "code": code})


class TickingServer:
    """A server of ``t`` (no sockets) that runs for ``ticks`` ticks of the watch loop; the
    ``joins`` (join codes) reach the table at its first tick."""

    def __init__(self, t: GameTable, ticks: int, *joins: str) -> None:
        self.table, self.ticks, self.port = t, ticks, 41717
        self.joins = list(joins)

    @property
    def running(self) -> bool:
        self.ticks -= 1
        return self.ticks >= 0

    def call(self, work: Any, timeout: float = 5.0) -> Any:
        for code in self.joins:
            self.table.receive(self.table.connect("10.0.0.5"), join_by(code))
        self.joins = []
        return work()


def test_watch_prints_a_fresh_link_after_a_code_is_used(
    capsys: pytest.CaptureFixture[str],
) -> None:
    t = table(("remote", "remote", "bot"))
    t.code = "K7MR2Q"
    code = t.join_codes.mint()
    server = TickingServer(t, 2, code)
    assert watch(server, tick=0.0, link_address="192.168.1.23") == 1
    links = LINK.findall(capsys.readouterr().out)
    assert len(links) == 1 and links[0][2] != code and links[0][:2] == ("192.168.1.23", "41717")
    assert t.join_codes.is_open(links[0][2]) and not t.join_codes.is_open(code)
    server.ticks, server.joins = 2, [links[0][2]]
    watch(server, tick=0.0, link_address="192.168.1.23")
    assert LINK.findall(capsys.readouterr().out) == [], "no seat is free: no fresh link"


def test_host_help_tells_the_table_display_and_the_join_link(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["host", "--help"])
    assert stop.value.code == 0
    words = " ".join(capsys.readouterr().out.split())
    assert "--table" in words and "public display" in words and "phones" in words


def test_hot_seat_seats_are_hosted_only_with_the_table_display(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert parse_seats("local,remote", 1, window=True) == ("local", "remote", "bot")
    with pytest.raises(UserError, match="local seats need the game window"):
        parse_seats("local,remote", 0)
    assert main(["host", "--seats", "local,remote"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--table" in err[0]
