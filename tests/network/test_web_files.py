"""The web page served by the host on its own port (127.0.0.1): the files, the security headers,
methods, bounded paths, no way out of the page's folder, and the WebSocket on the same port."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from dataclasses import replace

import pytest
from websockets.sync.client import connect

from stalkerzone.network import protocol
from stalkerzone.network.server import GameServer
from stalkerzone.network.web_files import MAX_FILE, PAGE_DIR, read_page_files
from tests.support.network import LOOPBACK, hosted, table

CODE = "K7MR2Q"


@pytest.fixture(scope="module")
def server() -> Iterator[GameServer]:
    game = table(("remote", "bot"))
    game.code = CODE
    with hosted(game) as running:
        yield running


def request(server: GameServer, raw: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send ``raw`` as it is; the status, headers (lower-case names) and body answered."""
    with socket.create_connection((LOOPBACK, server.port), timeout=5) as sock:
        sock.sendall(raw)
        data = b""
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1]) if lines[0] else 0
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers, body


def get(
    server: GameServer, path: str, method: str = "GET", host: str = ""
) -> tuple[int, dict[str, str], bytes]:
    where = host or f"{LOOPBACK}:{server.port}"
    return request(server, f"{method} {path} HTTP/1.1\r\nHost: {where}\r\n\r\n".encode())


def test_the_page_and_its_files_are_served_with_their_types(server: GameServer) -> None:
    status, headers, body = get(server, "/")
    assert status == 200
    assert headers["content-type"] == "text/html; charset=utf-8"
    assert b'<script type="module" src="/static/app.js">' in body
    assert int(headers["content-length"]) == len(body)
    for name in sorted(read_page_files()):
        status, headers, body = get(server, f"/static/{name}")
        assert status == 200, name
        assert body == (PAGE_DIR / name).read_bytes()
    status, headers, _ = get(server, "/static/app.js")
    assert headers["content-type"] == "text/javascript; charset=utf-8"


def test_every_answer_carries_a_strict_content_security_policy(server: GameServer) -> None:
    for path in ("/", "/static/style.css", "/nothing", "/static/../server.py"):
        _, headers, _ = get(server, path)
        policy = headers["content-security-policy"]
        assert "default-src 'self'" in policy
        assert "script-src 'self';" in policy and "unsafe-inline" not in policy
        assert f"connect-src 'self' ws://{LOOPBACK}:{server.port};" in policy
        assert "frame-ancestors 'none'" in policy
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"


def test_a_host_header_cannot_write_into_the_policy(server: GameServer) -> None:
    _, headers, _ = get(server, "/", host="evil; script-src *")
    policy = headers["content-security-policy"]
    assert "evil" not in policy and "*" not in policy
    assert "connect-src 'self';" in policy


@pytest.mark.parametrize(
    "path",
    [
        "/static/../server.py",
        "/static/..%2fserver.py",
        "/static/%2e%2e/server.py",
        "/static/../../../../etc/passwd",
        "/static//etc/passwd",
        "/static/",
        "/static/.hidden",
        "/static/webpage",
        "/static/app.js/..",
        "/../pyproject.toml",
        "/server.py",
        "/static/index.html%00.js",
        "/static/APP.JS",
    ],
)
def test_no_path_leads_out_of_the_page_s_own_files(server: GameServer, path: str) -> None:
    status, _, body = get(server, path)
    assert status == 404
    assert body == b"404 Not Found\n"


def test_only_get_and_head_are_answered(server: GameServer) -> None:
    status, headers, body = get(server, "/", method="HEAD")
    assert status == 200 and body == b""
    assert int(headers["content-length"]) == (PAGE_DIR / "index.html").stat().st_size
    for method in ("POST", "PUT", "DELETE", "OPTIONS", "TRACE"):
        status, headers, _ = get(server, "/", method=method)
        assert status == 405, method
        assert headers["allow"] == "GET, HEAD"


def test_a_request_with_a_body_or_a_long_path_is_refused(server: GameServer) -> None:
    status, _, _ = get(server, "/static/" + "a" * 300)
    assert status == 414
    raw = b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello"
    status, _, _ = request(server, raw)
    assert status == 0  # closed without an answer: websockets reads no request body
    huge = b"GET /" + b"a" * 20000 + b" HTTP/1.1\r\nHost: x\r\n\r\n"
    status, _, _ = request(server, huge)
    assert status == 414


def test_the_generated_files_name_cards_sectors_and_rules(server: GameServer) -> None:
    status, headers, body = get(server, "/static/table.json")
    assert status == 200 and headers["content-type"] == "application/json"
    data = json.loads(body)
    assert data["cards"]["ak-47"]["name"]["ru"] == "АК-47"
    assert data["cards"]["ak-47"]["kind"] == "Weapon"
    assert "art" not in data["cards"]["ak-47"]  # no path on the host's disk
    assert len(data["sectors"]["s01"]["faces"]["a"]["hexes"]) == 19
    variant = server.call(lambda: server.table.state.variant)
    assert data["movement"]["road"] == variant.road_cost
    assert data["movement"]["terrain"] == {t.value: c for t, c in variant.terrain_cost.items()}
    for lang in ("en", "ru"):
        status, _, body = get(server, f"/static/rules-{lang}.json")
        sections = json.loads(body)
        assert status == 200 and any(s["id"] == "FIGHT-2" for s in sections)
        assert not any("{" in s["text"] for s in sections)  # the game's numbers filled in
    status, _, _ = get(server, "/static/rules-de.json")
    assert status == 404


def test_the_websocket_is_on_the_same_port(server: GameServer) -> None:
    join = {"type": "join", "protocol": 1, "seats": [], "code": CODE}
    with connect(f"ws://{LOOPBACK}:{server.port}/", open_timeout=5) as ws:
        ws.send(protocol.line(join))
        first = json.loads(ws.recv(timeout=5))
    assert first["type"] == "view" and first["viewer"] == -1


def test_past_the_connection_cap_the_page_is_not_served() -> None:
    game = table(("remote", "bot"))
    game.limits = replace(game.limits, max_connections=1)
    with (
        hosted(game) as running,
        connect(f"ws://{LOOPBACK}:{running.port}/", open_timeout=5) as ws,
    ):
        ws.send(protocol.line({"type": "join", "protocol": 1, "seats": []}))
        ws.recv(timeout=5)
        status, headers, _ = get(running, "/")
    assert status == 503
    assert "content-security-policy" in headers


def test_every_page_file_is_small_and_plain() -> None:
    files = read_page_files()
    assert {"index.html", "app.js", "style.css"} <= set(files)
    for name, body in files.items():
        assert len(body) < MAX_FILE, name
        text = body.decode("utf-8")
        assert "http://" not in text.replace("http://www.w3.org/2000/svg", ""), name
        assert "https://" not in text, name  # nothing from another host
    html = files["index.html"].decode()
    assert "<script>" not in html and "style=" not in html and " on" + "click=" not in html


def test_a_burst_of_page_requests_leaves_the_table_serving(server: GameServer) -> None:
    for _ in range(100):
        status, _, _ = get(server, "/static/table.json")
        assert status == 200
    with socket.create_connection((LOOPBACK, server.port), timeout=5):
        pass  # one that never sends a request is closed by the host's handshake timeout
    join = {"type": "join", "protocol": 1, "seats": [], "code": CODE}
    with connect(f"ws://{LOOPBACK}:{server.port}/", open_timeout=5) as ws:
        ws.send(protocol.line(join))
        assert json.loads(ws.recv(timeout=5))["type"] == "view"


def test_the_free_stalkers_and_their_portraits_are_served(server: GameServer) -> None:
    status, headers, body = get(server, "/static/free-stalkers.json")
    assert status == 200 and headers["content-type"] == "application/json"
    free = json.loads(body)["stalkers"]
    played = server.call(lambda: server.table.state.players[1].stalker)  # the bot's
    assert played not in free and len(free) >= 2
    status, headers, body = get(server, f"/art/{free[0]}.png")
    assert status == 200 and headers["content-type"] == "image/png"
    assert body.startswith(b"\x89PNG") and len(body) <= MAX_FILE
    assert "default-src 'self'" in headers["content-security-policy"]
    for path in ("/art/ak-47.png", "/art/nothing.png", "/art/../cards.png", "/art/gromoboy.jpg"):
        assert get(server, path)[0] == 404, path
