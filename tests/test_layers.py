"""Layers (docs/architecture.md): which package of ours may import which.

Every import counts, also those inside functions and under ``TYPE_CHECKING``. The top-level
modules ``errors`` (messages for the user), ``paths`` (where files live) and ``files``
(reading files safely) are leaves;
``__init__`` stands for the root package itself (it holds only ``__version__``).
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from stalkerzone.cli import COMMANDS, build_parser

PACKAGE = Path(__file__).resolve().parent.parent / "stalkerzone"
GUI = {"arcade", "pyglet"}

# package -> the packages and top-level modules of ours it may import (besides itself)
ALLOWED: dict[str, set[str]] = {
    "engine": set(),
    "odds": {"engine"},
    "bots": {"engine", "odds"},
    "persistence": {"engine", "content", "errors", "files", "paths", "__init__"},
    "content": {"engine", "errors", "files", "paths", "__init__"},
    "simulation": {"bots", "engine", "content", "odds", "persistence", "errors"},
    "story": {"engine", "odds", "persistence"},
    "printing": {"engine", "errors"},
    "network": {"engine", "persistence", "content", "bots", "errors", "files", "paths"},
    "errors": set(),
    "files": {"errors"},
    "paths": set(),
}
# Only these may import arcade or pyglet.
GUI_USERS = {"client", "commands", "cli"}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> set[str]:
    """Absolute names of every module ``path`` imports."""
    module = _module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    return _imported_names(path.read_text(encoding="utf-8"), package)


def _imported_names(source: str, package: str) -> set[str]:
    """Every imported name in ``source``, relative imports resolved against ``package``."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                anchor = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*anchor, base]) if base else ".".join(anchor)
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def _layer_of(name: str) -> str | None:
    """``stalkerzone.engine.fight.combat`` -> ``engine``; None for anything not ours.

    ``stalkerzone.__version__`` is the root package, ``__init__``; the bare ``stalkerzone`` (as
    in ``from stalkerzone import paths``) is not a layer: every import of ours runs it.
    """
    parts = name.split(".")
    if parts[0] != "stalkerzone" or len(parts) == 1:
        return None
    if parts[1].startswith("__"):
        return "__init__"
    return parts[1]


def _files(layer: str) -> list[Path]:
    folder = PACKAGE / layer
    return sorted(folder.rglob("*.py")) if folder.is_dir() else [PACKAGE / f"{layer}.py"]


def _own_layers() -> set[str]:
    folders = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    modules = {p.stem for p in PACKAGE.glob("*.py") if p.stem not in ("__init__", "__main__")}
    return folders | modules


def test_layers_cover_every_package() -> None:
    """A new package gets a rule here before it can grow imports."""
    assert set(ALLOWED) | GUI_USERS == _own_layers()


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layer_imports_only_what_it_may(layer: str) -> None:
    offenders = []
    for path in _files(layer):
        assert path.is_file(), path
        for name in sorted(_imports(path)):
            used = _layer_of(name)
            if used is not None and used != layer and used not in ALLOWED[layer]:
                offenders.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert offenders == []


@pytest.mark.parametrize("layer", sorted(_own_layers() - GUI_USERS))
def test_layer_never_imports_arcade_or_client(layer: str) -> None:
    offenders = []
    for path in _files(layer):
        for name in _imports(path):
            if name.split(".")[0] in GUI or _layer_of(name) == "client":
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


def test_client_never_imports_commands() -> None:
    offenders = [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in _files("client")
        for name in _imports(path)
        if _layer_of(name) in ("commands", "cli")
    ]
    assert offenders == []


def test_import_resolution_sees_relative_and_nested_imports() -> None:
    """The checker itself: relative imports resolve to absolute names, nested ones count."""
    source = "from ..odds import solve\nfrom . import policy\ndef f():\n    import arcade.gui\n"
    names = _imported_names(source, "stalkerzone.bots")
    assert {"stalkerzone.odds", "stalkerzone.odds.solve", "stalkerzone.bots.policy"} <= names
    assert "arcade.gui" in names
    probes = ("stalkerzone.odds.solve", "arcade.gui", "stalkerzone", "stalkerzone.__version__")
    assert [_layer_of(n) for n in probes] == ["odds", None, None, "__init__"]


def test_help_imports_no_command_module() -> None:
    """Start-up: ``stalkerzone --help`` lists the commands without importing their modules."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(PACKAGE.parent)
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "stalkerzone", "--help"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert all(name in result.stdout for name in COMMANDS)
    imported = {
        line.rpartition("|")[2].strip()
        for line in result.stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }
    assert "stalkerzone.cli" in imported, "-X importtime lists the modules imported"
    heavy = sorted(
        name
        for name in imported
        if name.split(".")[0] in {"pydantic", "numpy", *GUI}
        or name.startswith(("stalkerzone.commands.", "stalkerzone.content", "stalkerzone.engine"))
    )
    assert heavy == []


# The fewest arguments each command's full sub-parser accepts.
_MINIMAL_ARGS: dict[str, list[str]] = {
    "play": [],
    "cards": ["check"],
    "map": ["tiles"],
    "odds": ["--monster", "gorynych", "--colour", "red"],
    "simulate": [],
    "watch": [],
    "replay": ["save.json"],
    "print": ["--out", "cards.pdf"],
    "host": [],
    "join": ["127.0.0.1"],
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_help_summaries_agree_with_the_command_modules(command: str) -> None:
    """The summaries of cli.COMMANDS are the ``help=`` each command module gives itself."""
    assert build_parser(command).format_help() == build_parser().format_help()
    parsed = build_parser(command).parse_args([command, *_MINIMAL_ARGS[command]])
    assert parsed.command == command
