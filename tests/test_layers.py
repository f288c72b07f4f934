"""Layers (ARCHITECTURE.md): the engine and the content model never import arcade."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "stalkerzone"


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("layer", ["engine", "content"])
def test_layer_never_imports_arcade_or_client(layer: str) -> None:
    offenders = []
    for path in sorted((PACKAGE / layer).rglob("*.py")):
        for name in _imports(path):
            if name.split(".")[0] in {"arcade", "pyglet"} or name.startswith("stalkerzone.client"):
                offenders.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert offenders == []


def test_engine_never_imports_content() -> None:
    """content -> engine, never the other way round."""
    offenders = [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in sorted((PACKAGE / "engine").rglob("*.py"))
        for name in _imports(path)
        if name.startswith("stalkerzone.content")
    ]
    assert offenders == []
