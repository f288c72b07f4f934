"""Layers (docs/architecture.md): which package of ours may import which.

Every import counts, also those inside functions and under ``TYPE_CHECKING``. The top-level
modules ``errors`` (messages for the user), ``paths`` (where files live) and ``files``
(reading files safely) are leaves;
``__init__`` stands for the root package itself (it holds only ``__version__``).
"""

from __future__ import annotations

import ast
import importlib
import os
import subprocess
import sys
from collections.abc import Iterable, Mapping
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
    "network": {
        "engine",
        "persistence",
        "content",
        "bots",
        "odds",
        "story",
        "errors",
        "files",
        "paths",
    },
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


# --- the engine's own packages ------------------------------------------------------------

ENGINE = PACKAGE / "engine"
# engine package -> the engine packages it may import (besides itself); a lower one never
# imports a higher: core < zone, fight < play < turn < game (docs/architecture.md).
ENGINE_ALLOWED: dict[str, set[str]] = {
    "core": set(),
    "zone": {"core"},
    "zone.foresight": {"core", "zone"},
    "fight": {"core"},
    "play": {"core", "zone", "fight"},
    "turn": {"core", "zone", "zone.foresight", "fight", "play"},
    "game": {"core", "zone", "zone.foresight", "fight", "play", "turn"},
}


def _engine_modules() -> dict[str, Path]:
    """Every engine module by name, packages as their ``__init__``."""
    return {_module_name(path): path for path in sorted(ENGINE.rglob("*.py"))}


def _engine_package(module: str) -> str | None:
    """``stalkerzone.engine.zone.foresight.search`` -> ``zone.foresight``; None for the engine
    root and anything else."""
    if not module.startswith("stalkerzone.engine."):
        return None
    packages = sorted(ENGINE_ALLOWED, key=len, reverse=True)
    rest = module.removeprefix("stalkerzone.engine.")
    return next((p for p in packages if rest == p or rest.startswith(f"{p}.")), None)


def _module_edges(path: Path, modules: Iterable[str]) -> set[str]:
    """The engine modules importing ``path`` runs: what it names (``from p import module``
    names a module), and the packages above each (their ``__init__`` runs first) but for
    the importer's own, already running."""
    known = set(modules)
    me = _module_name(path)
    running = {me.rsplit(".", n)[0] for n in range(me.count(".") + 1)}  # me and my packages
    out: set[str] = set()
    for name in _imports(path):
        target = name if name in known else name.rpartition(".")[0]
        while target in known and target not in running:
            out.add(target)
            target = target.rpartition(".")[0]
    return out


def _cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of ``graph`` with more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_engine_packages_cover_every_engine_folder() -> None:
    folders = {
        _module_name(p).removeprefix("stalkerzone.engine.")
        for p in ENGINE.rglob("__init__.py")
        if p.parent != ENGINE
    }
    assert folders == set(ENGINE_ALLOWED)
    loose = [p.name for p in ENGINE.glob("*.py") if p.name != "__init__.py"]
    assert loose == [], "every engine module belongs to a package"


@pytest.mark.parametrize("package", sorted(ENGINE_ALLOWED))
def test_engine_package_imports_only_lower_packages(package: str) -> None:
    modules = _engine_modules()
    offenders = []
    for module, path in modules.items():
        if _engine_package(module) != package:
            continue
        for target in sorted(_module_edges(path, modules)):
            used = _engine_package(target)
            if used is not None and used != package and used not in ENGINE_ALLOWED[package]:
                offenders.append(f"{module} imports {target}")
    assert offenders == []


def test_no_import_cycle_among_engine_modules() -> None:
    """No engine module imports itself round a loop, counting imports inside functions and
    under ``TYPE_CHECKING``, and no engine package imports one that imports it."""
    modules = _engine_modules()
    graph = {module: _module_edges(path, modules) for module, path in modules.items()}
    assert _cycles(graph) == []
    packages: dict[str, set[str]] = {p: set() for p in ENGINE_ALLOWED}
    for module, targets in graph.items():
        mine = _engine_package(module)
        for target in targets:
            theirs = _engine_package(target)
            if mine is not None and theirs is not None and theirs != mine:
                packages[mine].add(theirs)
    assert _cycles(packages) == []
    for package, used in packages.items():
        assert package not in used


def test_cycle_finder_finds_a_loop() -> None:
    """The checker itself: a loop through three modules is found, a chain is not."""
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def _home(module: str, is_package: bool) -> str:
    """The package a module belongs to (a package's ``__init__`` belongs to itself)."""
    return module if is_package else module.rpartition(".")[0]


def test_no_private_name_crosses_an_engine_package_boundary() -> None:
    """A name with a leading underscore is imported only inside the package defining it."""
    modules = _engine_modules()
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        mine = _home(_module_name(path), path.name == "__init__.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom) or not node.module:
                continue
            if node.module not in modules:
                continue
            theirs = _home(node.module, modules[node.module].name == "__init__.py")
            for alias in node.names:
                private = alias.name.startswith("_") and not alias.name.startswith("__")
                if private and theirs != mine:
                    offenders.append(f"{_module_name(path)} imports {node.module}.{alias.name}")
    assert offenders == []


def _top_level_names(path: Path) -> set[str]:
    """Names a module defines at its top level (functions, classes, assignments)."""
    names: set[str] = set()

    def walk(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Assign):
                names.update(
                    n.id for t in node.targets for n in ast.walk(t) if isinstance(n, ast.Name)
                )
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names.add(node.target.id)
            elif isinstance(node, ast.If | ast.Try):
                walk(node.body)

    walk(ast.parse(path.read_text(encoding="utf-8")).body)
    return names


@pytest.mark.parametrize("package", sorted(ENGINE_ALLOWED))
def test_engine_package_all_is_what_its_modules_define(package: str) -> None:
    """``__all__`` of an engine package: each name once, reachable from the package and
    defined by one of its own modules (not re-exported from elsewhere)."""
    imported = importlib.import_module(f"stalkerzone.engine.{package}")
    exported = imported.__all__
    assert len(exported) == len(set(exported))
    folder = ENGINE.joinpath(*package.split("."))
    defined: set[str] = set()
    for path in folder.glob("*.py"):
        if path.name != "__init__.py":
            defined |= _top_level_names(path)
    assert [name for name in exported if not hasattr(imported, name)] == []
    assert [name for name in exported if name not in defined] == []


@pytest.fixture(scope="module")
def parsed_sources() -> dict[Path, ast.Module]:
    """Every module of the package, parsed once for the tests of this file that walk them all."""
    return {
        path: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(PACKAGE.rglob("*.py"))
    }


@pytest.mark.parametrize("package", sorted(ENGINE_ALLOWED))
def test_engine_package_is_reached_through_its_surface(
    package: str, parsed_sources: dict[Path, ast.Module]
) -> None:
    """Code of ours outside an engine package imports from the package itself (a name of its
    ``__all__``, or one of its modules as a whole), never a name from one of its modules: a
    public name left out of ``__all__`` is internal to the package."""
    modules = _engine_modules()
    imported = importlib.import_module(f"stalkerzone.engine.{package}")
    surface = set(imported.__all__)
    own = f"stalkerzone.engine.{package}"
    offenders = []
    for path, tree in parsed_sources.items():
        me = _module_name(path)
        if _engine_package(me) == package:
            continue
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom) or node.module not in modules:
                continue
            if _engine_package(node.module) != package:
                continue
            for alias in node.names:
                whole_module = f"{node.module}.{alias.name}" in modules
                if whole_module or (node.module == own and alias.name in surface):
                    continue
                offenders.append(f"{me} imports {node.module}.{alias.name}")
    assert offenders == []
