"""Fixtures for the content tests: small packs written into ``tmp_path``."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest

from tests.support.packs import MINI_BASE, PackWriter, manifest, write_files


@pytest.fixture
def write_pack(tmp_path: Path) -> PackWriter:
    """``write_pack(name, files, pack_id=name)``: a pack folder with a pack.toml (unless given)."""

    def write(name: str, files: Mapping[str, str | bytes], pack_id: str | None = None) -> Path:
        root = tmp_path / name
        root.mkdir(parents=True, exist_ok=True)
        full = dict(files)
        full.setdefault("pack.toml", manifest(pack_id or name))
        write_files(root, full)
        return root

    return write


@pytest.fixture
def mini_base(write_pack: PackWriter) -> Path:
    """A tiny base pack (monster gorynych, artifact syt-grass) so tests do not need cards/."""
    return write_pack("base", MINI_BASE, pack_id="base")
