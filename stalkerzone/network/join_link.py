"""The join URL of a one-time join code and its QR code (docs/protocol.md, "Join codes").

``http://<LAN address>:<port>/#code=<join code>``: the code is in the fragment, which a browser
never sends to a server, so it stays out of any log on the way. The QR code comes from the
``qrcode`` library as a matrix of booleans (dark modules true, with its quiet zone); the terminal
draws it with half blocks, two rows of modules a line, the client draws it to a texture.
"""

from __future__ import annotations

import ipaddress

import qrcode
from qrcode.constants import ERROR_CORRECT_M

QUIET_ZONE = 4
"""Light modules around the code (the QR standard's quiet zone)."""
BLOCKS = {(False, False): "█", (False, True): "▀", (True, False): "▄", (True, True): " "}
"""Half blocks for (top dark, bottom dark): the glyphs draw the LIGHT modules, which shows the
code the right way round in a terminal of light text on a dark background."""


def join_url(address: str, port: int, code: str) -> str:
    """The page's URL with ``code`` in its fragment (an IPv6 address in brackets)."""
    host = address
    try:
        if ipaddress.ip_address(address).version == 6:
            host = f"[{address}]"
    except ValueError:
        pass
    return f"http://{host}:{port}/#code={code}"


def qr_matrix(text: str) -> list[list[bool]]:
    """The QR code of ``text`` (error correction M, the smallest version it fits), rows of
    modules with the quiet zone, True where a module is dark."""
    code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=QUIET_ZONE)
    code.add_data(text)
    code.make(fit=True)
    return [[bool(module) for module in row] for row in code.get_matrix()]


def terminal_lines(matrix: list[list[bool]], *, unicode: bool = True) -> list[str]:
    """``matrix`` as lines of text: half blocks (two module rows a line), or without
    ``unicode`` two ``#`` a light module (one module row a line)."""
    if not unicode:
        return ["".join("  " if dark else "##" for dark in row) for row in matrix]
    lines = []
    for top in range(0, len(matrix), 2):
        upper = matrix[top]
        lower = matrix[top + 1] if top + 1 < len(matrix) else [False] * len(upper)
        lines.append("".join(BLOCKS[(a, b)] for a, b in zip(upper, lower, strict=True)))
    return lines
