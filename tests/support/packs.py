"""Shared helpers of the content tests (imported by name; tests/ has no packages)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

PackWriter = Callable[..., Path]

MONSTER = """\
[[monster]]
id = "{id}"
name = {{ en = "Gorynych", ru = "Горыныч" }}
trophy = "Head"
green  = {{ health = 8,  attack = "1d6+1", defence = 0, trophy_price = 100 }}
yellow = {{ health = 12, attack = "2d6",   defence = 1, trophy_price = 200 }}
red    = {{ health = 16, attack = "2d6+2", defence = 2, trophy_price = 400 }}
"""

MINI_BASE = {
    "monsters.toml": MONSTER.format(id="gorynych"),
    "artifacts.toml": '[[artifact]]\nid = "syt-grass"\nprice = 400\n'
    'effects = [{ stat = "movement", amount = 1 }]\n',
}


def manifest(pack_id: str, version: str = "1.0.0") -> str:
    return f'format = 1\n[pack]\nid = "{pack_id}"\nname = "Pack {pack_id}"\nversion = "{version}"\n'


def write_files(root: Path, files: Mapping[str, str | bytes]) -> None:
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
