"""This machine's address on the local network, for the join URL and the LAN announcement.

The address is the one of the interface holding the default route, found without sending a
packet: a UDP socket "connected" to an address that is never routed (TEST-NET-1) only asks the
system which interface it would use. With no route (no network) it is loopback, with a note
saying that only this computer can reach it. Never ``0.0.0.0``: that is where a host listens,
not an address another machine can open.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable
from dataclasses import dataclass

LOOPBACK = "127.0.0.1"
PROBE_TARGET = ("192.0.2.1", 9)
"""TEST-NET-1 (RFC 5737): never routed; a UDP ``connect`` to it sends nothing."""
WILDCARDS = ("", "0.0.0.0", "::")


@dataclass(frozen=True, slots=True)
class LanAddress:
    address: str
    note: str = ""
    """Why the address is loopback, when it had to be (else empty)."""


def _probe() -> str:
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(PROBE_TARGET)
        return str(probe.getsockname()[0])
    finally:
        probe.close()


def find_lan_address(probe: Callable[[], str] = _probe) -> LanAddress:
    """The address of the interface with the default route, else loopback with a note."""
    try:
        found = probe()
        usable = not ipaddress.ip_address(found).is_unspecified
    except (OSError, ValueError):
        found, usable = "", False
    if not usable:
        note = "no network found: the address is this computer's own, other devices cannot open it"
        return LanAddress(LOOPBACK, note)
    return LanAddress(found)


def shown_address(bind: str, probe: Callable[[], str] = _probe) -> LanAddress:
    """The address to give players for a host listening on ``bind``: the LAN address when it
    listens everywhere, else ``bind`` itself (loopback: with a note that only this computer
    can reach it)."""
    if bind in WILDCARDS:
        return find_lan_address(probe)
    try:
        local = ipaddress.ip_address(bind).is_loopback
    except ValueError:
        local = False
    if local:
        return LanAddress(bind, "listening on this computer only: other devices cannot open it")
    return LanAddress(bind)
