"""The web page a browser plays a seat with, served by the game host on its own port.

A plain HTTP ``GET`` (no ``Upgrade: websocket``) to ``/`` is answered with ``index.html`` and
``/static/<name>`` with the other files of ``network/webpage/``; a WebSocket upgrade goes on to
the protocol (docs/protocol.md). Besides those files the page reads three generated ones: the
cards and sectors of the game being hosted (``/static/table.json``, the names and numbers a
view names only by id) and the rules reference in English and Russian
(``/static/rules-en.json``, ``/static/rules-ru.json``); and two asked of the game as it is now:
the stalkers a joining player may choose (``/static/free-stalkers.json``, ST-3) and a stalker
card's portrait (``/art/<stalker id>.png``, the stalker cards of the game only).

Nothing here trusts the request: only ``GET`` and ``HEAD``, only names known in advance (a
path is looked up, never joined to a folder), a bounded path, and every answer carries a strict
Content-Security-Policy (no inline script or style, nothing from another host).
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from email.utils import formatdate
from enum import Enum
from http import HTTPStatus
from pathlib import Path
from typing import Any

from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from stalkerzone.engine.core import AnyCard, CardSet, Text, Variant
from stalkerzone.engine.zone import Sector

PAGE_DIR = Path(__file__).resolve().parent / "webpage"
"""The page's own files (HTML, CSS, JavaScript modules, the licence of any third-party file)."""
MAX_PATH = 200
"""Longest request path answered (characters); longer ones get 414."""
MAX_FILE = 1024 * 1024
"""Largest page file read (bytes): a bigger one is left out and logged, never served."""
METHODS = ("GET", "HEAD")
TYPES: Mapping[str, str] = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".txt": "text/plain; charset=utf-8",
    ".ico": "image/x-icon",
}
_NAME = re.compile(r"^[a-z0-9][a-z0-9_.-]{0,63}$")
_HOST = re.compile(r"^[A-Za-z0-9.\-]{1,253}(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]{2,45}\](:[0-9]{1,5})?$")
GENERATED = ("table.json", "rules-en.json", "rules-ru.json")
FREE_STALKERS = "free-stalkers.json"


def security_headers(host: str | None) -> list[tuple[str, str]]:
    """The headers every answer carries: a Content-Security-Policy that allows only this host's
    own files and its WebSocket (``host`` from the request, used only if it is a plain
    host[:port]), no sniffing, no referrer, no framing."""
    socket = f" ws://{host}" if host is not None and _HOST.match(host) else ""
    policy = (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        f"connect-src 'self'{socket}; font-src 'self'; object-src 'none'; base-uri 'none'; "
        "form-action 'none'; frame-ancestors 'none'"
    )
    return [
        ("Content-Security-Policy", policy),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("X-Frame-Options", "DENY"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
        ("Cross-Origin-Resource-Policy", "same-origin"),
        ("Cache-Control", "no-cache"),
    ]


def read_page_files(folder: Path = PAGE_DIR) -> dict[str, bytes]:
    """Every file of ``folder`` (not its sub-folders) whose name is plain and type is known, by
    name; read once, when the host starts."""
    files: dict[str, bytes] = {}
    if not folder.is_dir():
        return files
    for path in sorted(folder.iterdir()):
        if not path.is_file() or not _NAME.match(path.name) or path.suffix not in TYPES:
            continue
        if path.stat().st_size > MAX_FILE:
            continue
        files[path.name] = path.read_bytes()
    return files


def read_bounded(path: Path) -> bytes | None:
    """The bytes of the file at ``path`` if it is a file of at most :data:`MAX_FILE` bytes."""
    try:
        if not path.is_file() or path.stat().st_size > MAX_FILE:
            return None
        return path.read_bytes()
    except OSError:
        return None


def plain(value: object) -> Any:
    """``value`` as JSON: dataclasses field by field, texts by language, enums by value."""
    if isinstance(value, Text):
        return dict(value.by_lang)
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: plain(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if not f.name.startswith("_")
        }
    if isinstance(value, tuple | list | frozenset | set):
        items = [plain(v) for v in value]
        return sorted(items) if isinstance(value, frozenset | set) else items
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def card_entry(card: AnyCard) -> dict[str, Any]:
    """What the page shows of a card: every field (names and texts per language, price, the
    numbers of its slot or colours) and its kind."""
    out: dict[str, Any] = plain(card)
    out["kind"] = type(card).__name__
    out.pop("art", None)  # a path on the host's disk: none of the page's business
    out.setdefault("text", {})
    if out["text"] is None:
        out["text"] = {}
    return out


def table_data(cards: CardSet, sectors: tuple[Sector, ...], variant: Variant) -> bytes:
    """``table.json``: every card by id, every sector's faces (hexes with terrain, site and
    roads, edges) and the variant's movement costs (§1 table: a road hex, each terrain; null
    is impassable), so that the page can draw and name what a view holds by id and tell what a
    move it is offered costs."""
    faces: dict[str, Any] = {}
    for sector in sectors:
        faces[sector.id] = {
            "name": dict(sector.name.by_lang),
            "faces": {
                key: {
                    "name": dict(face.name.by_lang),
                    "edges": list(face.edges),
                    "hexes": [
                        {
                            "at": [h.q, h.r],
                            "terrain": str(tile.terrain.value),
                            "site": None if tile.site is None else str(tile.site.value),
                            "roads": sorted(tile.roads),
                        }
                        for h, tile in face.hexes.items()
                    ],
                }
                for key, face in sector.faces.items()
            },
        }
    movement = {
        "road": variant.road_cost,
        "terrain": {str(t.value): cost for t, cost in variant.terrain_cost.items()},
    }
    body = {
        "cards": {card.id: card_entry(card) for card in cards},
        "sectors": faces,
        "movement": movement,
    }
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def rules_data(lang: str, variant: Variant | None = None) -> bytes:
    """``rules-<lang>.json``: the rules reference's sections (id, title, text, topic), the
    numbers of ``variant`` (the game's) in place of the placeholders."""
    from stalkerzone.content.rules_reference import load_rules_reference

    sections = [
        {
            "id": s.id,
            "title": s.title,
            "text": s.filled(variant) if variant is not None else s.text,
            "topic": s.topic,
        }
        for s in load_rules_reference(lang)
    ]
    return json.dumps(sections, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


@dataclass
class WebFiles:
    """The page's files for one host; ``game_data`` makes ``table.json`` and ``variant`` gives
    the numbers the rules reference fills in (each called once, on first use)."""

    game_data: Callable[[], bytes]
    files: dict[str, bytes]
    variant: Callable[[], Variant | None] = lambda: None
    packs: Callable[[str], bytes | None] = lambda path: None
    """The card pack archive served at a ``/packs/…`` path (``pack_offers``), or None."""
    free_stalkers: Callable[[], list[str]] = list
    """The stalker card ids a player joining now may choose (made at each request)."""
    portrait: Callable[[str], bytes | None] = lambda card: None
    """A stalker card's portrait (PNG) by card id, or None."""

    @classmethod
    def for_game(
        cls,
        game_data: Callable[[], bytes],
        variant: Callable[[], Variant | None] = lambda: None,
        folder: Path = PAGE_DIR,
        packs: Callable[[str], bytes | None] = lambda path: None,
        free_stalkers: Callable[[], list[str]] = list,
        portrait: Callable[[str], bytes | None] = lambda card: None,
    ) -> WebFiles:
        return cls(game_data, read_page_files(folder), variant, packs, free_stalkers, portrait)

    def body(self, name: str) -> bytes | None:
        """The bytes of the page file ``name`` (generated ones made on first use), or None."""
        found = self.files.get(name)
        if found is not None or name not in GENERATED:
            return found
        if name == "table.json":
            made = self.game_data()
        else:
            made = rules_data(name.removeprefix("rules-").removesuffix(".json"), self.variant())
        self.files[name] = made
        return made

    def respond(self, request: Request) -> Response:
        """The answer to a plain HTTP request (never a WebSocket upgrade)."""
        host = request.headers.get("Host")
        method = getattr(request, "method", "GET")
        if method not in METHODS:
            return answer(HTTPStatus.METHOD_NOT_ALLOWED, host, extra=[("Allow", "GET, HEAD")])
        path = request.path
        if len(path) > MAX_PATH:
            return answer(HTTPStatus.REQUEST_URI_TOO_LONG, host)
        path = path.split("?", 1)[0].split("#", 1)[0]
        if path.startswith("/packs/"):
            archive = self.packs(path)
            if archive is None:
                return answer(HTTPStatus.NOT_FOUND, host)
            return answer(HTTPStatus.OK, host, archive, "application/zip", head=method == "HEAD")
        if path.startswith("/art/") and path.endswith(".png"):
            card = path.removeprefix("/art/").removesuffix(".png")
            picture = self.portrait(card) if _NAME.match(card) else None
            if picture is None:
                return answer(HTTPStatus.NOT_FOUND, host)
            return answer(HTTPStatus.OK, host, picture, TYPES[".png"], head=method == "HEAD")
        if path == f"/static/{FREE_STALKERS}":
            listed = json.dumps({"stalkers": self.free_stalkers()}).encode("utf-8")
            return answer(HTTPStatus.OK, host, listed, TYPES[".json"], head=method == "HEAD")
        if path in ("/", "/index.html"):
            name = "index.html"
        elif path.startswith("/static/"):
            name = path.removeprefix("/static/")
        else:
            return answer(HTTPStatus.NOT_FOUND, host)
        if not _NAME.match(name) or ".." in name:
            return answer(HTTPStatus.NOT_FOUND, host)
        body = self.body(name)
        if body is None:
            return answer(HTTPStatus.NOT_FOUND, host)
        kind = TYPES.get(Path(name).suffix, "application/octet-stream")
        return answer(HTTPStatus.OK, host, body, kind, head=method == "HEAD")


def answer(
    status: HTTPStatus,
    host: str | None,
    body: bytes | None = None,
    kind: str = "text/plain; charset=utf-8",
    *,
    head: bool = False,
    extra: list[tuple[str, str]] | None = None,
) -> Response:
    """An HTTP response with the security headers; an error's body is its phrase."""
    if body is None:
        body = f"{status.value} {status.phrase}\n".encode()
    headers = Headers()
    headers["Date"] = formatdate(usegmt=True)
    headers["Connection"] = "close"
    headers["Content-Type"] = kind
    headers["Content-Length"] = str(len(body))
    for name, value in [*security_headers(host), *(extra or [])]:
        headers[name] = value
    return Response(status.value, status.phrase, headers, b"" if head else body)
