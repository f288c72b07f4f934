"""Games on the local network, listed without typing an address (zeroconf / mDNS).

Discovery is optional: when ``zeroconf`` is missing or the network allows no multicast, hosting
and joining by address still work, and :func:`advertise` / :func:`browse` say why nothing is
listed (``problem``) instead of failing.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

SERVICE = "_stalkerzone._tcp.local."
NO_DISCOVERY = "games on the local network cannot be listed here ({why}); type the host's address"


@dataclass(frozen=True, slots=True)
class FoundGame:
    """A game a host announces: its name, where to join and its free remote seats."""

    name: str
    host: str
    port: int
    free_seats: int = 0

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"


@dataclass
class Advertisement:
    """A game announced on the local network until :meth:`close` (or ``problem`` if not)."""

    zeroconf: Any = None
    info: Any = None
    problem: str = ""
    free_seats: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def set_free_seats(self, free: int) -> None:
        """Announce ``free`` free seats from now on (the announcement is updated in a thread:
        zeroconf waits between its packets)."""
        with self.lock:
            if self.zeroconf is None or free == self.free_seats:
                return
            self.free_seats = free
        threading.Thread(target=self._update, name="stalkerzone-announce", daemon=True).start()

    def _update(self) -> None:
        with self.lock:
            if self.zeroconf is None:
                return
            try:
                from zeroconf import ServiceInfo

                info = self.info
                properties = {**_properties(info), "free": str(self.free_seats)}
                self.info = ServiceInfo(
                    info.type,
                    info.name,
                    addresses=info.addresses,
                    port=info.port,
                    properties=properties,
                )
                self.zeroconf.update_service(self.info)
            except Exception:  # an announcement is best effort: joining by address works
                return

    def close(self) -> None:
        with self.lock:
            if self.zeroconf is None:
                return
            try:
                self.zeroconf.unregister_service(self.info)
                self.zeroconf.close()
            except Exception:  # closing is best effort: the host is going anyway
                pass
            self.zeroconf = None


def announced(bind: str) -> bool:
    """Whether a host bound to ``bind`` is reachable from the network, so worth announcing
    (not when it listens on this machine only)."""
    return not (bind.startswith("127.") or bind in ("localhost", "::1"))


def lan_address() -> str:
    """This machine's address on the local network (``lan_address.find_lan_address``: the
    interface of the default route, found without sending a packet); 127.0.0.1 when none."""
    from stalkerzone.network.lan_address import find_lan_address

    return find_lan_address().address


def _zeroconf() -> Any:
    from zeroconf import Zeroconf

    return Zeroconf()


def advertise(
    name: str,
    port: int,
    *,
    free_seats: int = 0,
    host: str | None = None,
    make: Callable[[], Any] = _zeroconf,
) -> Advertisement:
    """Announce a game on ``host:port``; an :class:`Advertisement` with ``problem`` set when
    the network or the library does not allow it."""
    try:
        from zeroconf import ServiceInfo

        address = host or lan_address()
        info = ServiceInfo(
            SERVICE,
            f"{_label(name)}.{SERVICE}",
            addresses=[socket.inet_aton(address)],
            port=port,
            properties={"name": name[:60], "free": str(free_seats)},
        )
        zc = make()
        zc.register_service(info)
    except Exception as error:  # ImportError, OSError (no multicast), name conflicts
        return Advertisement(problem=NO_DISCOVERY.format(why=_why(error)))
    return Advertisement(zc, info, free_seats=free_seats)


def _properties(info: Any) -> dict[str, str]:
    """An announcement's text properties as strings."""
    return {
        (k.decode() if isinstance(k, bytes) else str(k)): (
            (v or b"").decode() if isinstance(v, bytes | None) else str(v)
        )
        for k, v in (info.properties or {}).items()
    }


@dataclass
class _Listener:
    """Collects the names of announced games (zeroconf's ``ServiceListener`` interface)."""

    names: set[str] = field(default_factory=set)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add_service(self, zc: Any, kind: str, name: str) -> None:
        with self.lock:
            self.names.add(name)

    def update_service(self, zc: Any, kind: str, name: str) -> None:
        self.add_service(zc, kind, name)

    def remove_service(self, zc: Any, kind: str, name: str) -> None:
        with self.lock:
            self.names.discard(name)


def browse(
    wait: float = 1.5, *, make: Callable[[], Any] = _zeroconf
) -> tuple[list[FoundGame], str]:
    """The games announced on the local network within ``wait`` seconds, and a problem text
    (``""`` when listing worked, even if nothing was found)."""
    try:
        from zeroconf import ServiceBrowser

        zc = make()
    except Exception as error:
        return [], NO_DISCOVERY.format(why=_why(error))
    found: list[FoundGame] = []
    try:
        listener = _Listener()
        browser = ServiceBrowser(zc, SERVICE, listener)  # type: ignore[arg-type]
        time.sleep(wait)
        browser.cancel()
        with listener.lock:
            names = sorted(listener.names)
        for name in names:
            info = zc.get_service_info(SERVICE, name, timeout=500)
            if info is None or not info.addresses:
                continue
            props = _properties(info)
            free = props.get("free", "0")
            found.append(
                FoundGame(
                    props.get("name", name.removesuffix(f".{SERVICE}")),
                    socket.inet_ntoa(info.addresses[0]),
                    int(info.port or 0),
                    int(free) if free.isdigit() else 0,
                )
            )
    except Exception as error:
        return found, NO_DISCOVERY.format(why=_why(error))
    finally:
        zc.close()
    return found, ""


def _label(name: str) -> str:
    """A DNS-SD instance label: printable, at most 60 characters, no dots."""
    text = "".join(c if c.isalnum() or c in " -_" else "-" for c in name).strip() or "game"
    return text[:60]


def _why(error: BaseException) -> str:
    if isinstance(error, ImportError):
        return "the zeroconf package is not installed"
    return f"{type(error).__name__}: {error}"[:120]
